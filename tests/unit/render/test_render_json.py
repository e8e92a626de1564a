"""Tests of verifier.render.json: the same document as report.report_json."""

from __future__ import annotations

import io

from notation.json.encoding import indented_by_json
from verifier.audit.defects import AuditSummary
from verifier.diagnostics import Diagnostic
from verifier.pipeline.results import Context, Summary
from verifier.render.json import JsonRenderer
from verifier.render.summary import report_json

D = Diagnostic("FT302", "points-mismatch", "error", "claimed +2", 3, 4, 1, 1, 2, "R6.2", "+2",
               "+3", "x.ftn")


def test_check_document_byte_for_byte() -> None:
    out = io.StringIO()
    r = JsonRenderer(out, Context())
    r.finding(D)
    r.finish(Summary(1, 1, 2, 1, 0))
    assert out.getvalue() == indented_by_json(report_json([D], Summary(1, 1, 2, 1, 0))) + "\n"
    assert out.getvalue().startswith('{\n  "version": 1,\n  "diagnostics": [\n')


def test_audit_document() -> None:
    out = io.StringIO()
    JsonRenderer(out).audit(AuditSummary())
    assert out.getvalue() == (
        '{\n  "version": 2,\n  "games": 0,\n  "cleanGames": 0,\n  "rounds": 0,\n'
        '  "cleanRounds": 0,\n  "unreadable": [],\n  "classes": [],\n  "failing": []\n}\n'
    )
