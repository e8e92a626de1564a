"""The text of ``ftn explain CODE``: one diagnostic in full.

Boundary: joins what the library keeps about a diagnostic (the registry,
``diagnostics``; the rule book, ``rulebook``) with what ``ftn check`` says of
its example (``check.check_text``, rendered by ``render.text``). It returns
text and prints nothing; an unknown code gives None.
"""

from __future__ import annotations

from . import diagnostics as registry


def explain_text(code: str) -> str | None:
    """What ``ftn explain`` prints for a code (FT304) or a name
    (overshoot-accepted): meaning, why it matters, the rules it cites, an
    example and what ``ftn check`` says of it; None for an unknown code."""
    from . import rulebook
    from .check import check_text
    from .render.text import render_diagnostic, source_line

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
