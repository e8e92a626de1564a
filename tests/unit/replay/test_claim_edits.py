"""``replay.fixes``: which findings are fixed (the registry's fixable codes,
in FTN text, a computed value in the form of its claim), the edit of one
claim at its place, the edits that do not overlap, the lines with the edits
made, and the totals after a wrong one that are off by as much
(``drift_edits`` with the ``Totals`` observer)."""

from __future__ import annotations

from dataclasses import replace

from verifier import api
from verifier.diagnostics import FIXABLE, FIXABLE_SLIPS, REGISTRY, Diagnostic, lookup
from verifier.replay.fixes import (
    ADOPTED,
    Edit,
    Totals,
    apply,
    claim_edit,
    claim_edits,
    disjoint,
    drift_edits,
    fixable,
)
from verifier.replay.game import check_game


def _finding(code: str, line: int, col: int, claimed: str | None, computed: str | None,
             message: str = "") -> Diagnostic:
    entry = lookup(code)
    assert entry is not None
    return Diagnostic(code, entry.name, entry.severity, message, line, col, 1,
                      claimed=claimed, computed=computed)


def test_the_fixable_codes_are_the_claims_and_the_slips() -> None:
    assert {c.code for c in REGISTRY if c.code.startswith("FT3")} == FIXABLE
    # the syntax and header slips whose message says what to write
    assert [c.code for c in REGISTRY if c.fixable] == sorted(FIXABLE | FIXABLE_SLIPS)
    assert {"FT001", "FT002"} == FIXABLE_SLIPS


def test_what_is_fixable() -> None:
    points = _finding("FT302", 14, 14, "+2", "+3")
    assert fixable(points)
    assert not fixable(replace(points, pointer="/rounds/0/events/5/points"))  # JSON
    assert not fixable(replace(points, computed=None))
    # a wrong opener decides who moves: no claim
    assert not fixable(_finding("FT102", 32, 1, "W", "N"))
    # a result the replay cannot give in a result line's words
    assert fixable(_finding("FT308", 20, 3, "domino N", "blocked"))
    assert not fixable(_finding("FT308", 20, 3, "blocked", "not over (N to play)"))
    assert fixable(_finding("FT309", 22, 1, "S", "none"))
    # the totals after a round cut short are adopted: the computed ones are no fix
    assert not fixable(_finding("FT303", 21, 15, "(4,3)", "(0,3)", f"... {ADOPTED}, ..."))


def test_the_edit_of_one_claim_at_its_place() -> None:
    lines = ["  S 6-4 L =15 +0 (4,0)", "  S 3-1 R =9 +2 (4,3)", "winner E+W (61,40)",
             "  result domino W (39,33)"]
    # the end total: the finding's column is the '=', the edit is the number
    assert claim_edit(lines, _finding("FT301", 1, 11, "15", "16")) == Edit(1, 12, 1, 14, "16")
    assert claim_edit(lines, _finding("FT302", 2, 14, "+2", "+3")) == Edit(2, 14, 2, 16, "+3")
    assert claim_edit(lines, _finding("FT303", 2, 17, "(4,3)", "(4,4)")) == Edit(
        2, 17, 2, 22, "(4,4)")
    # the winner and a result: the claimed words found after the finding's column
    assert claim_edit(lines, _finding("FT309", 3, 1, "E+W", "N+S")) == Edit(3, 8, 3, 11, "N+S")
    assert claim_edit(lines, _finding("FT308", 4, 3, "domino W", "domino E")) == Edit(
        4, 10, 4, 18, "domino E")
    # the claimed text is not there: no edit; nor outside the lines
    assert claim_edit(lines, _finding("FT302", 2, 14, "+7", "+3")) is None
    assert claim_edit(lines, _finding("FT302", 9, 14, "+2", "+3")) is None
    # lines of a piece from line 41 on
    assert claim_edit(lines, _finding("FT302", 42, 14, "+2", "+3"), 41) == Edit(
        42, 14, 42, 16, "+3")


def test_one_edit_a_claim_and_none_that_overlap() -> None:
    lines = ["  E 6-6 L =14 +0 (39,32)"]
    # two findings of one claim (the points and the bonus): one edit, both fixed
    a = _finding("FT302", 1, 15, "+0", "+0+1")
    b = _finding("FT307", 1, 15, "+0", "+0+1")
    (only,) = claim_edits(lines, [a, b])
    assert only.edit == Edit(1, 15, 1, 17, "+0+1") and only.findings == (a, b)
    assert disjoint([Edit(1, 5, 1, 9, "x"), Edit(1, 3, 1, 6, "y"), Edit(1, 5, 1, 9, "x")]) == [
        Edit(1, 3, 1, 6, "y")]
    assert apply(["ab cd ef"], [Edit(1, 1, 1, 3, "xyz"), Edit(1, 7, 1, 9, "")]) == ["xyz cd "]


# S scores 3 at event 6 (line 14: 9/3, R6.2), and the totals claimed there
# give S 4, one too many: so do those that follow, (4,4) at lines 15 and 16
# (a knock) and (5,4) at line 17 (N's 1); the result's (5,3) is right again.
# The record stops before 61: the warning game-unfinished.
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
  N 1-1 L =3 +1 (5,4)
  S knock
  N knock
  result blocked (5,3)
end
"""


def test_the_totals_after_a_wrong_one_that_are_off_by_as_much() -> None:
    lines = DRIFT.split("\n")
    (game,) = api.games(DRIFT)
    report = check_game(game)
    d, unfinished = report.diagnostics  # the first (4,4) alone: the others follow from it
    assert (d.code, d.line, d.claimed, d.computed) == ("FT303", 14, "(4,4)", "(4,3)")
    assert unfinished.code == "FT401"
    seen = Totals(game)
    check_game(game, observers=[seen])
    # every totals claim in the order judged, with the totals computed there
    assert seen.seen == [(9, 16, (4, 0), (4, 0)), (10, 18, (4, 0), (4, 0)),
                         (11, 17, (4, 0), (4, 0)), (12, 18, (4, 0), (4, 0)),
                         (13, 18, (4, 0), (4, 0)), (14, 17, (4, 4), (4, 3)),
                         (15, 17, (4, 4), (4, 3)), (16, 11, (4, 4), (4, 3)),
                         (17, 17, (5, 4), (5, 3)), (20, 18, (5, 3), (5, 3))]
    assert drift_edits(lines, d, seen.seen) == [
        Edit(15, 17, 15, 22, "(4,3)"), Edit(16, 11, 16, 16, "(4,3)"),
        Edit(17, 17, 17, 22, "(5,3)")]
    fixed = apply(lines, [e for e in [claim_edit(lines, d)] if e is not None]
                  + drift_edits(lines, d, seen.seen))
    assert [x.code for x in check_game(api.games("\n".join(fixed))[0]).diagnostics] == [
        "FT401"]
