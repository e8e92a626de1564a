"""The ``ftn`` command line (Typer).

Boundary: thin. Each command reads its arguments, calls the library (the
driver of ``pipeline`` for the commands that read records, ``api`` and the
modules it names) and renders with the ``render`` family; all judgement and
every loop over inputs live in the library. The commands live in
``records`` (check, fmt, convert, replay, show), ``engines`` (audit, perft,
generate), ``reference`` (codes, explain, rules, schema) and a module each
(export, fill, record, select, server, stats), each registering its commands
with the app as it is imported: every module of this package but ``common``
is a command module, imported here (``records`` first, the others in the
order of their names: the order of ``--help``), so that a new command is
its module and no line here. ``common`` holds the app, the shared options
and the input/output helpers. A command imports the library modules that it
alone uses in its own body, so that each command loads only what it uses
(start-up; a test keeps a check of FTN so). Exit codes: 0 no errors, 1
errors found (or, for ``fmt --check``, files that would change), 2 usage
errors or unreadable input. No traceback reaches the user.

May import: any package of ``verifier``; nothing imports it.
"""

from __future__ import annotations

import importlib
import pkgutil

from verifier.cli.common import Color, app
from verifier.plain import guarded

#: The command modules, in the order of ``--help``.
COMMANDS = ["records", *sorted(m.name for m in pkgutil.iter_modules(__path__)
                               if m.name not in ("common", "records"))]
for _name in COMMANDS:
    importlib.import_module(f"{__name__}.{_name}")

__all__ = ["COMMANDS", "Color", "app", "main"]


def main() -> None:
    """The Typer app, as the ``ftn`` console script runs it (``launch.main``
    reads a plain ``ftn check`` without it)."""
    guarded(app)
