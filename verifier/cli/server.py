"""``ftn server``: the language server for editors (LSP over stdio).

Boundary: the command only; the server is ``verifier.lsp.server`` (pygls,
the optional extra ``lsp``), a program over the library that sits above
``api`` like this command line: the one module of another package that a
command starts (``tests/e2e/test_cli_layout.py`` allows it by name).
"""

from __future__ import annotations

from verifier.cli import common as c
from verifier.cli.console import fail

command = c.one_command()


@command.command()
def server() -> None:
    """Serve the Language Server Protocol over stdin/stdout for editors.

    Findings as you type (those of 'ftn check'), formatting ('ftn fmt'),
    hovers, fixes of wrong claims and completion of placement lines. The
    server ends when the editor closes its input.
    """
    try:
        import lsprotocol  # noqa: F401
        import pygls  # noqa: F401
    except ImportError:
        fail("ftn server: the language server needs pygls: pip install 'ftn-tools[lsp]'")
    from verifier.lsp.server import run

    run()
