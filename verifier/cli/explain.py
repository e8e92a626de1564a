"""``ftn explain``: one diagnostic, what it means, why it matters, and an
example.

Boundary: the command only; the text is ``api.explain``'s.
"""

from __future__ import annotations

import sys
from typing import Annotated

from notation.hints import aside
from verifier.api import reference
from verifier.cli import common as c
from verifier.cli.console import fail
from verifier.diagnostics import BY_CODE, BY_NAME

command = c.one_command()

CodeArg = Annotated[str, c.option("code")]


@command.command()
def explain(code: CodeArg) -> None:
    """Show one diagnostic: what it means, why it matters, and an example."""
    text = reference.explain(code)
    if text is None:
        hint = aside(code, [*BY_CODE, *BY_NAME], n=1)
        fail(f"ftn explain: unknown code {code!r}{hint}; 'ftn codes' lists them")
    sys.stdout.write(text)
