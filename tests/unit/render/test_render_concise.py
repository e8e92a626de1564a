"""Tests of verifier.render.concise: one line a finding."""

from __future__ import annotations

import io

from verifier.diagnostics import Diagnostic
from verifier.pipeline.results import Context, Summary
from verifier.render.concise import ConciseRenderer


def test_one_line_a_finding_then_the_summary() -> None:
    out = io.StringIO()
    r = ConciseRenderer(out, Context())
    r.finding(Diagnostic("FT303", "total-mismatch", "error", "totals claimed (1,4)", 25, 17, 1,
                         source="a.ftn"))
    r.finding(Diagnostic("FT401", "game-unfinished", "warning", "stops early", 30, 1, 1,
                         source="a.ftn"))
    r.finish(Summary(1, 1, 9, 1, 1))
    assert out.getvalue() == (
        "a.ftn:25:17: FT303 total-mismatch: totals claimed (1,4)\n"
        "a.ftn:30:1: FT401 game-unfinished: stops early\n"
        "1 file, 1 game, 9 events: 1 error, 1 warning\n"
    )
