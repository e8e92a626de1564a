"""Reference texts: a diagnostic explained with the rules it cites, and the
published JSON Schemas.

Boundary: part of ``verifier.api``; imports ``rulebook``, ``diagnostics``,
the check job (for a code's example) and ``files.published``.
"""

from __future__ import annotations

from verifier.diagnostics import lookup
from verifier.files.published import SCHEMAS, schema_text
from verifier.pipeline.jobs.check import check_text
from verifier.render.text import render_diagnostic, source_line
from verifier.rulebook import cited_text

__all__ = ["explain", "schema"]


def explain(code: str) -> str | None:
    """What ``ftn explain`` prints for a code (FT304) or a name
    (overshoot-accepted): meaning, why it matters, the rules it cites, an
    example and what ``ftn check`` says of it; None for an unknown code."""
    entry = lookup(code)
    if entry is None:
        return None
    out = [f"{entry.code} {entry.name} ({entry.severity}, rule {entry.rule})\n",
           f"{entry.summary}\n{entry.why}\n"]
    if entry.fix_note is not None:
        out.append(f"{entry.fix_note}\n")
    cited = cited_text(entry.rule)
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


def schema(name: str) -> str | None:
    """The text of the published JSON Schema ``name`` ("record", "replay" or
    "report"), as ``ftn schema`` prints it; None for another name."""
    return schema_text(name) if name in SCHEMAS else None

