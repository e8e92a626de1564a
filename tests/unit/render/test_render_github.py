"""Tests of verifier.render.github: workflow commands, escaped."""

from __future__ import annotations

from verifier.diagnostics import Diagnostic
from verifier.render.github import annotation, escape_data, escape_property


def test_escapes() -> None:
    assert escape_data("100% a\r\nb: c, d") == "100%25 a%0D%0Ab: c, d"
    assert escape_property("C:\\x,y%\n") == "C%3A\\x%2Cy%25%0A"


def test_annotation() -> None:
    d = Diagnostic("FT304", "overshoot-accepted", "error", "59 + 3 = 62 > 61", 183, 14, 1,
                   rule="R8.2", source="a,b:c.ftn")
    assert annotation(d) == (
        "::error file=a%2Cb%3Ac.ftn,line=183,col=14,title=FT304 overshoot-accepted::"
        "59 + 3 = 62 > 61 (rule R8.2)"
    )
    w = Diagnostic("FT401", "game-unfinished", "warning", "50%\ndone", 9, 1, 1, source="g.ftn")
    assert annotation(w) == (
        "::warning file=g.ftn,line=9,col=1,title=FT401 game-unfinished::50%25%0Adone"
    )
    failure = Diagnostic("engine-failure", "engine-failure", "error", "hung", 0, 0, 1,
                         source="<engine>")
    assert annotation(failure) == "::error file=<engine>,title=engine-failure engine-failure::hung"
