"""``--format concise``: one line a finding, ``file:line:col: CODE name: message``,
as compilers and linters print them (editors jump to the place).

Boundary: the first line of ``text`` without the source line and caret; then
the summary line. Colour as ``text``.
"""

from __future__ import annotations

from verifier.diagnostics import Diagnostic
from verifier.files.escaping import escape_controls as esc
from verifier.pipeline.results import Summary
from verifier.render.base import Renderer, paint, severity_style


class ConciseRenderer(Renderer):
    """Writes each finding as it comes."""

    def finding(self, d: Diagnostic) -> None:
        color = self.ctx.color
        self.out.write(
            paint(f"{esc(d.source)}:{d.line}:{d.col}:" if d.line else f"{esc(d.source)}:",
                  "bold", color)
            + " "
            # (an audit's own class is its code: named once)
            + paint(d.name if d.code == d.name else f"{d.code} {d.name}",
                    severity_style(d.severity), color)
            + f": {esc(d.message)}\n"
        )

    def finish(self, summary: Summary) -> None:
        if self.ctx.unknowns is not None:
            for u in self.ctx.unknowns:
                self.out.write(f"{esc(u.source)}:{u.line}:{u.col}: not verifiable: "
                               f"{esc(u.message)}\n")
        self.out.write(summary.text() + "\n")
