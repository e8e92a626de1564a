"""``--format jsonl``: JSON Lines, one finding a line, written as each is found
(a consumer can act before the check ends), then one summary line.

Boundary: each line is a diagnostic's ``to_dict()`` (the objects of the
``json`` format's ``diagnostics``) with ``"type": "diagnostic"`` first; the
last line is ``{"type": "summary", ...}`` with the counts. An audit's lines are
its divergences and failures (``audit_findings``).
"""

from __future__ import annotations

from notation.json.encoding import compact
from verifier.diagnostics import Diagnostic
from verifier.pipeline.results import Summary
from verifier.render.base import Renderer


def _line(doc: dict[str, object]) -> str:
    return compact(doc) + "\n"


class JsonlRenderer(Renderer):
    """Streams: writes and flushes each finding as it comes."""

    def finding(self, d: Diagnostic) -> None:
        self.findings.append(d)
        self.out.write(_line({"type": "diagnostic", **d.to_dict()}))
        self.out.flush()

    def finish(self, summary: Summary) -> None:
        if self.ctx.unknowns is not None:
            for u in self.ctx.unknowns:
                self.out.write(_line({"type": "unknown", **u.to_dict()}))
        self.out.write(_line({"type": "summary", **summary.to_dict()}))
