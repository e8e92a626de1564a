"""Tests of verifier.render.text: the text format, plain (as before) and painted."""

from __future__ import annotations

import io

from verifier.diagnostics import Diagnostic
from verifier.pipeline.results import Context, Summary
from verifier.render.text import TextRenderer, diagnostic_text, source_line

D = Diagnostic(
    "FT304", "overshoot-accepted", "error", "credited +3, but 59 + 3 = 62 > 61", 12, 14, 1, 11,
    13, "R8.2", "+3", "over+2+1", "g.ftn",
)
LINE = "  S 3-4 L =6 +3 (60,62)"


def test_plain_is_the_text_of_before() -> None:
    assert diagnostic_text(D, LINE, False) == (
        "g.ftn:12:14: FT304 overshoot-accepted: credited +3, but 59 + 3 = 62 > 61\n"
        " 12 |   S 3-4 L =6 +3 (60,62)\n"
        "    |              ^\n"
        "    = claimed: +3, computed: over+2+1; rule R8.2; game 1, round 11, event 13"
    )


def test_painted() -> None:
    text = diagnostic_text(D, LINE, True)
    assert text.split("\n")[0] == (
        "\x1b[1mg.ftn:12:14:\x1b[0m \x1b[1;31mFT304 overshoot-accepted\x1b[0m: credited +3, but "
        "59 + 3 = 62 > 61"
    )
    assert text.split("\n")[2] == "\x1b[34m    |\x1b[0m              \x1b[1;31m^\x1b[0m"
    # without the styles, the same text
    import re

    assert re.sub(r"\x1b\[[0-9;]*m", "", text) == diagnostic_text(D, LINE, False)


def test_renderer_writes_findings_then_the_summary() -> None:
    out = io.StringIO()
    r = TextRenderer(out, Context(line_of=lambda s, n: LINE if n == 12 else None))
    r.finding(D)
    assert out.getvalue().endswith("event 13\n")  # written at once
    r.finish(Summary(1, 1, 5, 1, 0))
    assert out.getvalue().endswith("\n1 file, 1 game, 5 events: 1 error, 0 warnings\n")
    painted = io.StringIO()
    p = TextRenderer(painted, Context(color=True))
    p.finish(Summary(1, 1, 5, 0, 0))
    assert painted.getvalue() == "\x1b[1;32m1 file, 1 game, 5 events: 0 errors, 0 warnings\x1b[0m\n"


def test_a_long_line_is_shown_as_a_window_around_the_column() -> None:
    """A finding on a 13,000-character line shows 100 characters around the
    column, never all of it and a caret line of as many spaces."""
    line = "a" * 6000 + "X" + "b" * 7000
    d = Diagnostic("FT001", "syntax-error", "error", "bad", 3, 6001, 1, source="g.jsonl")
    shown = diagnostic_text(d, line, False).split("\n")
    assert shown[1] == " 3 | ..." + "a" * 50 + "X" + "b" * 49 + "..."
    assert shown[2] == "   | " + " " * 53 + "^ column 6001 of 13001"
    assert shown[1][shown[2].index("^")] == "X"
    # Near the start and the end: cut on one side only.
    d1 = Diagnostic("FT001", "syntax-error", "error", "bad", 3, 2, 1, source="g.jsonl")
    assert diagnostic_text(d1, line, False).split("\n")[1] == " 3 | " + "a" * 100 + "..."
    d2 = Diagnostic("FT001", "syntax-error", "error", "bad", 3, 13001, 1, source="g.jsonl")
    out = diagnostic_text(d2, line, False).split("\n")
    assert out[1] == " 3 | ..." + "b" * 100 and out[2].endswith("^ column 13001 of 13001")
    # A line of 100 characters is shown whole, as before.
    d3 = Diagnostic("FT001", "syntax-error", "error", "bad", 3, 5, 1, source="g.jsonl")
    assert diagnostic_text(d3, "c" * 100, False).split("\n")[2] == "   |     ^"


def test_source_line() -> None:
    text = "a\r\nb\nc"
    assert [source_line(text, n) for n in (0, 1, 2, 3, 4)] == [None, "a", "b", "c", None]
