"""``ftn schema``: one of the published JSON Schemas printed.

Boundary: the command only; the text is ``api.schema``'s.
"""

from __future__ import annotations

import sys
from typing import Annotated

from verifier.api import reference
from verifier.cli import common as c
from verifier.cli.console import fail
from verifier.files.published import SCHEMAS

command = c.one_command()

NameArg = Annotated[str, c.option("schema", names=", ".join(SCHEMAS))]


@command.command()
def schema(name: NameArg) -> None:
    """Print one of the published JSON Schemas: record, replay or report."""
    text = reference.schema(name)
    if text is None:
        fail(f"ftn schema: unknown schema {name!r}; one of: {', '.join(SCHEMAS)}")
    sys.stdout.write(text)
