"""The fix job (``pipeline.jobs.fixes``): a text fixed to the point where
its check finds nothing more to fix (the fixed text checked again gives the
findings said to remain), the totals that followed a wrong claim fixed with
it up to an illegal move, and what is never fixed (the totals after a round
cut short, what the settings leave out, JSON records); the same over the
protocol-free ``api.fix_text`` and ``api.fix_piece``, and with ``--jobs``."""

from __future__ import annotations

import re
from pathlib import Path

from support.corpora import FOUR
from support.ftn import Ftn
from support.paths import SAMPLES

from verifier import Piece, api
from verifier.api import check_text
from verifier.diagnostics import Diagnostic
from verifier.pipeline.jobs.fixes import fix_piece

# FOUR, the registry's example record: a wrong end total (line 10: 16, not
# 15), a wrong points claim (line 14: 9 scores 3, not 2), a wrong total (line
# 15: (4,3), nothing scored since), and an illegal move (line 19, after the
# block); support/corpora.py has its arithmetic.


def _codes(found: list[Diagnostic]) -> list[tuple[str, int]]:
    return [(d.code, d.line) for d in found]


def test_a_text_fixed_is_checked_again_and_gives_what_remains() -> None:
    text, fixed, left = api.fix_text(FOUR, "four.ftn")
    assert _codes(fixed) == [("FT301", 10), ("FT302", 14), ("FT303", 15)]
    assert _codes(left) == [("FT206", 19), ("FT501", 20)]
    assert text.split("\n")[9] == "  S 6-4 L =16 +0 (4,0)"
    assert text.split("\n")[13:15] == ["  S 3-1 R =9 +3 (4,3)", "  N 4-1 L =2 +0 (4,3)"]
    assert check_text(text, "four.ftn").diagnostics == left
    assert api.fix_text(FOUR, "four.ftn") == (text, fixed, left)
    assert api.fix_text("\ufeff" + FOUR, "four.ftn") == ("\ufeff" + text, fixed, left)
    # the lines of a piece, at its place in a file
    piece = Piece("four.ftn", "ftn", FOUR.split("\n"), first_line=31, first_game=3)
    assert api.fix_piece(piece) == text.split("\n")
    assert fix_piece(piece).fixed[0].line == 40


# S's totals from line 14 on are one too many (S scores 3 there); the knock
# at line 16 keeps them; N's 5-5 at line 17 does not fit (the left end is 1):
# the replay stops there, and what follows is not judged from it.
DRIFT = """\
game
[ftn "1"]
[seat "N"]
[seat "S"]
[first "N"]
round 1 opener N
  deal N 6-6 6-3 5-5 4-1 2-0 3-3 1-1
  deal S 6-4 3-1 5-0 2-2 4-4 6-2 0-0
  N 6-6 =12 +4 (4,0)
  S 6-4 L =16 +0 (4,0)
  N 6-3 R =7 +0 (4,0)
  S 4-4 L =11 +0 (4,0)
  N 3-3 R =14 +0 (4,0)
  S 3-1 R =9 +3 (4,4)
  N 4-1 L =2 +0 (4,4)
  S knock (4,4)
  N 5-5 L =3 +1 (5,4)
  S knock
  N knock
  result blocked (5,3)
end
"""


def test_the_totals_that_followed_a_wrong_one_are_fixed_up_to_an_illegal_move() -> None:
    text, fixed, left = api.fix_text(DRIFT, "drift.ftn")
    assert _codes(fixed) == [("FT303", 14)]
    assert ("FT203", 17) in _codes(left) and not any(d.code.startswith("FT3") for d in left)
    was, now = DRIFT.split("\n"), text.split("\n")
    assert [(n, b) for n, (a, b) in enumerate(zip(was, now, strict=True), 1) if a != b] == [
        (14, "  S 3-1 R =9 +3 (4,3)"), (15, "  N 4-1 L =2 +0 (4,3)"), (16, "  S knock (4,3)")]


def test_the_totals_after_a_round_cut_short_are_not_fixed() -> None:
    # round-unfinished.ftn's round 1 is cut short; its round 2 claims N 3
    # more (the points round 1 lost, for all the check knows): adopted, with
    # no finding of its own (R8.5), and never "fixed" to the computed totals.
    text = (SAMPLES / "invalid" / "round-unfinished.ftn").read_text(encoding="utf-8")
    head = text.split("round 3 opener S")[0].split("\n")
    lines = [re.sub(r"\((\d+),(\d+)\)", lambda m: f"({int(m[1]) + 3},{m[2]})", line)
             if n >= 18 else line for n, line in enumerate(head, 1)]
    cut = "\n".join(lines).rstrip("\n") + "\nend\n"
    fixed_text, fixed, left = api.fix_text(cut, "cut.ftn")
    assert (fixed_text, fixed) == (cut, [])
    assert [d.code for d in left] == ["FT208", "FT401"]  # (and the record stops at round 2)


def test_what_the_settings_leave_out_is_not_fixed(tmp_path: Path) -> None:
    only = api.settings_for(tmp_path, select=["FT301", "FT2"])
    text, fixed, left = api.fix_text(FOUR, "four.ftn", only)
    assert _codes(fixed) == [("FT301", 10)] and _codes(left) == [("FT206", 19)]
    assert "=9 +2 (4,3)" in text and "=2 +0 (4,4)" in text


def test_a_json_text_is_given_back_as_it_is(ftn: Ftn) -> None:
    jsonl = ftn(["convert", "--to", "jsonl", "-"], stdin=FOUR).stdout
    text, fixed, left = api.fix_text(jsonl, "four.jsonl")
    assert (text, fixed) == (jsonl, []) and len(left) == 5  # (the last, FT501, a note)


def test_fixes_with_workers_are_those_of_one_process(tmp_path: Path, ftn: Ftn) -> None:
    # 120 games of some 4,000 characters: two pieces at least
    game = (SAMPLES / "invalid" / "points-mismatch.ftn").read_text(encoding="utf-8")
    one, two = tmp_path / "one.ftn", tmp_path / "two.ftn"
    for f in (one, two):
        f.write_text("\n".join([game] * 120), encoding="utf-8")
    a = ftn(["check", "--fix", "--format", "concise", str(one)])
    b = ftn(["check", "--fix", "--format", "concise", "--jobs", "2", str(two)], process=True,
            timeout=300)
    assert a.returncode == b.returncode == 0
    assert a.stdout.endswith("Found 120 findings (120 fixed, 0 remaining); 1080 claims "
                             "written in 1 file.\n")
    assert b.stdout == a.stdout.replace(str(one), str(two))
    assert one.read_text(encoding="utf-8") == two.read_text(encoding="utf-8") != "\n".join(
        [game] * 120)
