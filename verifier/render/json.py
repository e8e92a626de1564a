"""``--format json``: one JSON document (``schemas/report.schema.json`` for
``ftn check``; the audit's own document for ``ftn audit``).

Boundary: ``summary.report_json`` written by ``notation.json.encoding.indented``
for a check (with ``unknowns`` when asked), and
``AuditSummary.to_dict`` for an audit. Never coloured.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from notation.json.encoding import indented
from verifier.pipeline.results import Summary
from verifier.render.base import Renderer
from verifier.render.summary import report_json

if TYPE_CHECKING:  # imported by the audit that calls it
    from verifier.audit.defects import AuditSummary


class JsonRenderer(Renderer):
    """Keeps the findings; writes the document at the end."""

    def finish(self, summary: Summary) -> None:
        doc = report_json(self.findings, summary)
        if self.ctx.unknowns is not None:
            doc["unknowns"] = [u.to_dict() for u in self.ctx.unknowns]
        self.out.write(indented(doc) + "\n")

    def audit(self, summary: AuditSummary) -> None:
        self.out.write(indented(summary.to_dict()) + "\n")
