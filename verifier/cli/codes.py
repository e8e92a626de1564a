"""``ftn codes``: the registry of diagnostics, as a table.

Boundary: prints what ``verifier.diagnostics`` holds; no judgement here.
"""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from verifier import diagnostics as registry
from verifier.cli import common as c
from verifier.render import stream_context
from verifier.render.base import table

command = c.one_command()

MarkdownOpt = Annotated[bool, c.option("markdown")]


@command.command()
def codes(markdown: MarkdownOpt = False, color: c.ColorOpt = c.Color.auto) -> None:
    """List the registry of diagnostics: code, name, severity, rule, fix, summary.

    fix marks the codes whose claims ftn check --fix writes anew.
    """
    if markdown:
        typer.echo(registry.table_markdown(), nl=False)
        return
    rows = [[d.code, d.name, d.severity, d.rule, "fix" if d.fixable else "", d.summary]
            for d in registry.REGISTRY]
    sys.stdout.write(table(None, rows, stream_context(color.value, sys.stdout),
                           styles=["bold", "cyan", None, "green", "magenta", None]))
