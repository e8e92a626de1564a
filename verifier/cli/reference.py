"""The reference commands: ``codes``, ``explain``, ``rules``, ``schema``.

Boundary: each prints what the library keeps (the registry of diagnostics,
the rule book, the published schemas); no judgement here.
"""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from .. import diagnostics as registry
from ..render import stream_context
from ..render.base import table
from .common import Color, ColorOpt, app, fail, option

#: The names of ``schemas.SCHEMAS`` (a test keeps the two the same), written
#: here so that the command line loads the schemas only for ``ftn schema``.
SCHEMA_NAMES = ("record", "replay", "report")

MarkdownOpt = Annotated[bool, option("markdown")]
CodeArg = Annotated[str, option("code")]
NameArg = Annotated[str, option("schema", names=", ".join(SCHEMA_NAMES))]
RuleArg = Annotated[str | None, option("rule-id")]


@app.command()
def codes(markdown: MarkdownOpt = False, color: ColorOpt = Color.auto) -> None:
    """List the registry of diagnostics: code, name, severity, rule, summary."""
    if markdown:
        typer.echo(registry.table_markdown(), nl=False)
        return
    rows = [[c.code, c.name, c.severity, c.rule, c.summary] for c in registry.REGISTRY]
    sys.stdout.write(table(None, rows, stream_context(color.value, sys.stdout),
                           styles=["bold", "cyan", None, "green", None]))


@app.command()
def rules(rule: RuleArg = None, color: ColorOpt = Color.auto) -> None:
    """List the rule book's rules, or print one rule or section of it."""
    from .. import rulebook

    if rule is None:
        rows = [[r.id, r.title] for r in rulebook.rules()]
        ctx = stream_context(color.value, sys.stdout)
        sys.stdout.write(table(None, rows, ctx, styles=["bold"]))
        return
    found = rulebook.get(rule)
    if found is None:
        fail(f"ftn rules: no rule {rule!r} in the rule book; 'ftn rules' lists them "
             "(R1.1 to R8.5, sections R1 to R9, variants V1 to V7)")
    typer.echo(found.text)


@app.command()
def explain(code: CodeArg) -> None:
    """Show one diagnostic: what it means, why it matters, and an example."""
    from ..explain import explain_text

    text = explain_text(code)
    if text is None:
        fail(f"ftn explain: unknown code {code!r}; see 'ftn codes'")
    sys.stdout.write(text)


@app.command()
def schema(name: NameArg) -> None:
    """Print one of the published JSON Schemas: record, replay or report."""
    from ..schemas import SCHEMAS, schema_text

    if name not in SCHEMAS:
        fail(f"ftn schema: unknown schema {name!r}; one of: {', '.join(SCHEMAS)}")
    sys.stdout.write(schema_text(name))
