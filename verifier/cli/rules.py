"""``ftn rules``: the rule book's rules listed, or one printed.

Boundary: prints what ``verifier.rulebook`` holds; no judgement here.
"""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from notation.hints import aside
from verifier import rulebook
from verifier.cli import common as c
from verifier.cli.console import fail
from verifier.render import stream_context
from verifier.render.base import table

command = c.one_command()

RuleArg = Annotated[str | None, c.option("rule-id")]


@command.command()
def rules(rule: RuleArg = None, color: c.ColorOpt = c.Color.auto) -> None:
    """List the rule book's rules, or print one rule or section of it."""
    if rule is None:
        rows = [[r.id, r.title] for r in rulebook.rules()]
        ctx = stream_context(color.value, sys.stdout)
        sys.stdout.write(table(None, rows, ctx, styles=["bold"]))
        return
    found = rulebook.get(rule)
    if found is None:
        hint = aside(rule, rulebook.book())
        fail(f"ftn rules: no rule {rule!r} in the rule book{hint}; 'ftn rules' lists them "
             "(R1.1 to R8.5, sections R1 to R9, variants V1 to V7)")
    typer.echo(found.text)
