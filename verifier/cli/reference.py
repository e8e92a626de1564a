"""The reference commands: ``codes``, ``explain``, ``rules``, ``schema``.

Boundary: each prints what the library keeps (the registry of diagnostics,
the rule book, the published schemas); ``explain_text`` joins what the
library keeps about one diagnostic with what ``ftn check`` says of its
example (``pipeline.jobs.check.check_text``, rendered by ``render.text``).
No judgement here.
"""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from verifier import diagnostics as registry
from verifier.cli.common import Color, ColorOpt, app, option
from verifier.plain import fail
from verifier.render import stream_context
from verifier.render.base import table

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
    from verifier import rulebook

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

    text = explain_text(code)
    if text is None:
        fail(f"ftn explain: unknown code {code!r}; see 'ftn codes'")
    sys.stdout.write(text)


@app.command()
def schema(name: NameArg) -> None:
    """Print one of the published JSON Schemas: record, replay or report."""
    from verifier.files.published import SCHEMAS, schema_text

    if name not in SCHEMAS:
        fail(f"ftn schema: unknown schema {name!r}; one of: {', '.join(SCHEMAS)}")
    sys.stdout.write(schema_text(name))


def explain_text(code: str) -> str | None:
    """What ``ftn explain`` prints for a code (FT304) or a name
    (overshoot-accepted): meaning, why it matters, the rules it cites, an
    example and what ``ftn check`` says of it; None for an unknown code."""
    from verifier import rulebook
    from verifier.pipeline.jobs.check import check_text
    from verifier.render.text import render_diagnostic, source_line

    entry = registry.lookup(code)
    if entry is None:
        return None
    out = [f"{entry.code} {entry.name} ({entry.severity}, rule {entry.rule})\n",
           f"{entry.summary}\n{entry.why}\n"]
    cited = rulebook.cited_text(entry.rule)
    if cited:
        out.append(f"The rules it cites ({entry.rule}; 'ftn rules RULE' prints one):\n")
        out.append("\n".join(f"  {line}" if line else "" for line in cited.split("\n")) + "\n")
    out.append("Example:\n")
    out += [f"  {i:>3}  {line}" for i, line in
            enumerate(entry.example.rstrip("\n").split("\n"), 1)]
    out.append("\nWhat 'ftn check' says of it:\n")
    out += [render_diagnostic(d, source_line(entry.example, d.line))
            for d in check_text(entry.example, "example").diagnostics if d.name == entry.name]
    return "\n".join(out) + "\n"
