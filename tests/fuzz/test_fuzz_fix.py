"""The short run of the fuzzer of ``ftn check --fix`` (``fuzz_fix.py``; the
long run is ``python tests/fuzz/fuzz_fix.py --cases 100000``), and what its
judge would catch: a fix that edits a comment, a line end or a move, or
leaves a fixable finding."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import fuzz_fix
from fuzz_fix import Case, cases_of, judge, run, skeleton


def test_a_short_run_finds_no_failure() -> None:
    tally = run(60, seed=5)
    assert tally.failures == 0, "\n=====\n".join(tally.shown)
    assert tally.cases == 60 and tally.changed > 40 and tally.fixed > 100


@pytest.mark.slow
def test_a_longer_run_finds_no_failure() -> None:
    tally = run(600, seed=9)
    assert tally.failures == 0, "\n=====\n".join(tally.shown)
    assert tally.slips_fixed > 100  # the slips whose message says what to write, fixed


def test_the_cases_are_reproducible_and_write_claims_in_every_form() -> None:
    texts = [c.text for c in cases_of(3, 400)]
    assert texts == [c.text for c in cases_of(3, 400)]
    joined = "\n".join(texts)
    for form in ("=0", "+0", "(0", "over+", "# noqa: FT3", "\r\n", "\ufeff", "  # =",
                 "  S pass", "= ", "reslt"):
        assert form in joined, form
    assert any("+1+" in t or "+2+1" in t or "+0+1" in t for t in texts)  # a bonus apart


def test_the_skeleton_keeps_all_but_the_claims() -> None:
    assert skeleton("  N 6-3 R =07 +2 (4,0)  # =7 +2\r") == "  N 6-3 R § § §  # =7 +2\r"
    assert skeleton("  result  domino N (5,3)") == "  result  § §"
    assert skeleton("winner E+W (61,40)  # E+W") == "winner § §  # E+W"
    assert skeleton("  deal N 6-6 3-3") == "  deal N 6-6 3-3"


TEXT = """\
game
[ftn "1"]
[seat "N"]
[seat "S"]
[first "N"]
round 1 opener N
  deal N 6-6 6-3 5-5 4-1 2-0 3-3 1-1
  deal S 6-4 3-1 5-0 2-2 4-4 6-2 0-0
  N 6-6 =12 +4 (4,0)
  S 6-4 L =15 +0 (4,0)  # 15
end
"""


@pytest.mark.parametrize(("made", "said"), [
    (TEXT.replace("=15 +0 (4,0)  # 15", "=15 +0 (4,0)  # 16"), "changed outside its claims"),
    (TEXT.replace("(4,0)  # 15", "(4,0)  # 15\r"), "changed outside its claims"),
    (TEXT.replace("  S 6-4 L", "  S 6-4 R"), "changed outside its claims"),
    (TEXT, "a fixable finding left: FT301"),
])
def test_the_judge_catches_a_bad_fix(monkeypatch: pytest.MonkeyPatch, made: str,
                                     said: str) -> None:
    from verifier.api import check_text

    def bad_fix(text: str, source: str) -> tuple[str, list[object], list[object]]:
        return made, [], check_text(made, source).diagnostics  # type: ignore[return-value]

    monkeypatch.setattr(fuzz_fix, "fix_text", bad_fix)
    assert any(said in p for p in judge(Case(TEXT))), said
    monkeypatch.undo()
    assert judge(Case(TEXT)) == []  # the real fix


def test_a_slip_case_knows_its_line_before_the_slip() -> None:
    rng = random.Random(2)
    base = TEXT.replace("=15", "=16")
    slipped = [c for c in (fuzz_fix.make_case(rng, base) for _ in range(200)) if c.before_slip]
    assert slipped and all(judge(c) == [] for c in slipped)
