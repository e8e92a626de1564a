"""Tests of verifier.render.summary: text with a caret, JSON, summaries."""

from __future__ import annotations

import json

from notation.json.encoding import indented_by_json
from verifier.diagnostics import Diagnostic
from verifier.pipeline.results import Summary
from verifier.render.summary import report_json
from verifier.render.text import render_diagnostic

D = Diagnostic(
    "FT304", "overshoot-accepted", "error", "credited +3, but 59 + 3 = 62 > 61", 12, 14, 1, 11,
    13, "R8.2", "+3", "over+2+1", "g.ftn",
)


def test_render_diagnostic_with_caret() -> None:
    text = render_diagnostic(D, "  S 3-4 L =6 +3 (60,62)")
    assert text == (
        "g.ftn:12:14: FT304 overshoot-accepted: credited +3, but 59 + 3 = 62 > 61\n"
        " 12 |   S 3-4 L =6 +3 (60,62)\n"
        "    |              ^\n"
        "    = claimed: +3, computed: over+2+1; rule R8.2; game 1, round 11, event 13"
    )


def test_render_without_source_line() -> None:
    assert render_diagnostic(D, None).count("\n") == 1


def test_summary_text_and_plurals() -> None:
    assert Summary(1, 2, 3, 1, 0).text() == "1 file, 2 games, 3 events: 1 error, 0 warnings"


def test_json_report() -> None:
    doc = json.loads(indented_by_json(report_json([D], Summary(1, 1, 5, 1, 0))))
    assert doc["version"] == 1
    assert doc["summary"] == {"files": 1, "games": 1, "events": 5, "errors": 1, "warnings": 0}
    assert doc["diagnostics"][0] == {
        "code": "FT304", "name": "overshoot-accepted", "severity": "error",
        "message": "credited +3, but 59 + 3 = 62 > 61", "file": "g.ftn", "line": 12,
        "col": 14, "pointer": None, "game": 1, "round": 11, "event": 13, "rule": "R8.2",
        "claimed": "+3", "computed": "over+2+1",
    }
