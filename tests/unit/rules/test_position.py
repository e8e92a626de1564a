"""Positions as one line of text: ``Board.position()`` and
``Board.from_position()`` (notation/SPEC.md 13), against positions written
here by hand, the published perft counts, generated games, and strings that
are not positions (each refused at its column)."""

from __future__ import annotations

import contextlib
import io
import itertools
import re

import pytest
from position_roundtrip import run
from support.docs import page
from support.paths import PERFT, ROOT

from verifier import Board, KnockWhileAbleError, PositionError, api
from verifier.api import check_text

# The last positions of samples/perft/, written by hand from the records:
# the hands left (low half first, in order), the line as it lies, the totals.
BY_HAND = {
    "lead-2p": "N,S 0-2,1-1,1-4,3-3,3-6,5-5,6-6/0-0,0-5,1-3,2-2,2-6,4-4,4-6 - N - 0,0 1 N -",
    "lead-4p": "N,E,S,W 0-4,2-4,3-3,4-5,5-5/0-6,1-1,1-2,3-6,4-6/0-5,1-4,2-6,3-5,4-4/"
               "0-0,0-1,0-3,2-2,2-3 - N - 0,0 1 N -",
    # Round 2: E leads 1-0; W 1-2 L; N knocks; E 2-2 L; W 2-6 L; N 6-3 L; E 0-2 R.
    "midround-3p": "N,E,W 3-3,4-4,4-5,6-6/0-5,5-5/1-4,2-4,4-6 "
                   "3-6,6-2,2-2,2-1,1-0,0-2 W - 14,3,4 2 E -",
    # Round 4, S out of tiles after 6-2 R (its partner N to hold on).
    "partner-out-4p": "N,E,S,W 0-0,4-5/4-4,6-6/-/4-6 "
                      "5-5,5-6,6-0,0-3,3-3,3-2,2-2,2-1,1-4,4-0,0-1,1-1,1-3,3-6,6-2 "
                      "W - 37,30 4 W -",
}
COUNTS = re.compile(r"^# perft: (.*)$", re.M)


@pytest.mark.parametrize("name", sorted(BY_HAND))
def test_the_position_of_a_record_is_the_one_written_by_hand(name: str) -> None:
    game = api.load(PERFT / f"{name}.ftn")[0]
    assert Board.from_game(game, auto_deal=False).position() == BY_HAND[name]


@pytest.mark.parametrize("name", sorted(BY_HAND))
def test_perft_of_the_string_is_perft_of_the_record(name: str) -> None:
    text = (PERFT / f"{name}.ftn").read_text(encoding="utf-8")
    m = COUNTS.search(text)
    assert m is not None
    counts = {int(d): int(n) for d, n in (item.split("=") for item in m[1].split())}
    depths = sorted(counts)[:5]  # the deepest are the slowest; the file's test has them
    got = {d: int(api.perft_position(BY_HAND[name], d)[0]) for d in depths}
    assert got == {d: counts[d] for d in depths}
    assert [api.perft_position(BY_HAND[name], 3, divide=True)] == [
        api.perft(text, name, 3, divide=True)]


def test_positions_of_generated_games_read_back_alike() -> None:
    checked, diffs = run(1200, 7)
    assert checked >= 1200 and diffs == []


def test_the_examples_of_the_spec_read_back() -> None:
    spec = (ROOT / "notation" / "SPEC.md").read_text(encoding="utf-8")
    section = spec[spec.index("\n## 13. "):]
    examples = re.findall(r"```\n(N,[^`]*?)```", section)
    lines = [line for block in examples for line in block.splitlines()]
    assert len(lines) == 2 and lines[0] == BY_HAND["midround-3p"]
    for line in lines:
        assert Board.from_position(line).position() == line


def test_a_knock_with_tiles_not_known_is_kept_and_proven_later() -> None:
    # N, its tiles not known, knocked with the ends at 0 | 1 (0-1 led, 1-1 R).
    text = "N,S ?6/0-4,1-3,2-2,2-6,3-5,6-6 0-1,1-1 S N@0|1,N 0,0 1 N -"
    board = Board.from_position(text)
    assert board.position() == text
    assert board.held == {"N": 6, "S": 6} and board.hand("N") == ()
    board.play("1-3 R")
    again = Board.from_position(board.position())
    assert again.position() == board.position() == \
        "N,S ?6/0-4,2-2,2-6,3-5,6-6 0-1,1-1,1-3 N N@0|1 0,1 1 N -"  # 0 + 3: +1
    for b in (board, again):  # 0-5 fitted the 0 when N knocked (R4.4)
        with pytest.raises(KnockWhileAbleError):
            b.play("0-5 L")


def test_a_hand_partly_known_keeps_its_known_tiles() -> None:
    # S led 1-1, N played 1-6 R; N still holds 0-1 and 5-5 and four tiles not known.
    text = "N,S 0-1,5-5,?4/0-4,1-3,2-2,2-6,3-5,6-6 1-1,1-6 S - 0,0 1 S -"
    board = Board.from_position(text)
    assert board.position() == text and board.hand("N") == ((0, 1), (5, 5))
    board.play("6-6 R")
    assert [str(m) for m in board.legal_moves()] == ["1-0 L"]  # its known tile that fits
    board.play("6-4 R")  # one of its tiles not known
    assert board.position() == "N,S 0-1,5-5,?3/0-4,1-3,2-2,2-6,3-5 1-1,1-6,6-6,6-4 S - " \
        "2,0 1 S -"  # the ends 1-1 and 4: 6, 2 points (R5.2)


def test_a_block_with_tiles_not_known_waits_for_the_knocks() -> None:
    # Both ends 0; S's 2-2 does not fit, N's one tile is not known.
    line = "0-1,1-2,2-3,3-4,4-5,5-6,6-6,6-4,4-4,4-1,1-3,3-0"
    board = Board.from_position(f"N,S ?1/2-2 {line} N - 0,0 1 S -")
    board.play("knock")
    assert board.position() == f"N,S ?1/2-2 {line} S N@0|0,N 0,0 1 S -"
    assert not board.is_round_over()
    board = Board.from_position(board.position(), auto_deal=False)
    board.play("knock")
    assert board.is_round_over() and board.position().split(" ")[3] == "-"


def test_a_board_from_a_lead_position_writes_its_record_from_there() -> None:
    board = Board.from_position(BY_HAND["midround-3p"].replace(
        "3-3,4-4,4-5,6-6/0-5,5-5/1-4,2-4,4-6 3-6,6-2,2-2,2-1,1-0,0-2 W",
        "3-3,3-6,4-4,4-5,6-6/0-1,0-2,0-5,2-2,5-5/1-2,1-4,2-4,2-6,4-6 - E"))
    board.play("1-0")
    record = board.ftn()
    assert '[start "2" "14,3,4"]' in record and "E 1-0 =1 +0 (14,3,4)" in record
    assert [d.name for d in check_text(record).diagnostics] == ["game-unfinished"]
    with pytest.raises(ValueError, match="mid-round"):
        Board.from_position(BY_HAND["midround-3p"]).ftn()


def test_the_rules_are_written_as_the_options_that_differ() -> None:
    board = Board(4, preset="online", options={"target": "100"}, seed=3)
    rules = board.position().rsplit(" ", 1)[1]
    assert rules == "hand=7;target=100;opener=highest-double;partnerships=off"
    assert Board.from_position(board.position()).rules == board.rules
    assert Board(2, seed=1).position().endswith(" 1 N -") or \
        Board(2, seed=1).position().endswith(" 1 S -")


M3 = BY_HAND["midround-3p"]


@pytest.mark.parametrize(("text", "column", "says"), [
    (M3.rsplit(" ", 1)[0], 81, "expected the rules field (9 fields"),
    (M3 + " x", 84, "expected the end of the position"),
    (" " + M3, 1, "no space before the first field"),
    ("", 1, "expected a position (9 fields: seats hands line turn knocks totals round"),
    (M3.replace(" W - ", " W  - "), 69, "expected one space between two fields"),
    (M3.replace("N,E,W", "N,E,N"), 5, "seat N is given twice"),
    (M3.replace("N,E,W", "N,E,end"), 5, "expected a seat name"),
    (M3.replace("3-3,4-4", "3-3,4x4"), 11, "expected a tile (6-3), found '4x4'"),
    (M3.replace("3-3,4-4", "3-3,4-7"), 11, "4-7 is not in the set (pips 0 to 6"),
    (M3.replace("0-5,5-5", "0-5,6-6"), 27, "6-6 is given twice"),
    (M3.replace("/1-4,2-4,4-6", ""), 7, "expected 3 hands separated by /"),
    (M3.replace("/1-4,2-4,4-6", "/1-4,?1,4-6"), 35, "expected ?N"),
    (M3.replace("/1-4,2-4,4-6", "/1-4,?1"), 7, "the hands hold 8 tiles and the line 6"),
    (M3.replace("2-1,1-0", "1-2,1-0"), 55, "whose left half is 2"),
    (M3.replace(" W - 14", " w - 14"), 67, "did you mean 'W'"),
    (M3.replace(" - 14,", " W 14,"), 69, "knocks are written only while a hand is not known"),
    (M3.replace("14,3,4", "14,3"), 71, "expected 3 totals"),
    (M3.replace("14,3,4", "14,3,62"), 71, "past the target 61"),
    (M3.replace(" 2 E ", " 0 E "), 78, "from 1"),
    (M3[:-1] + "targt=100", 82, "unknown rule option 'targt' (did you mean 'target'?)"),
    (M3[:-1] + "target", 82, "expected a rule option NAME=VALUE"),
    (M3.replace(",4-6 ", ",4-6,?1 "), 7, "the hands hold 10 tiles and the line 6"),
])
def test_a_string_that_is_not_a_position_is_refused_at_its_column(
        text: str, column: int, says: str) -> None:
    with pytest.raises(PositionError) as e:
        Board.from_position(text)
    assert (e.value.column, says in e.value.message) == (column, True), e.value.message
    assert isinstance(e.value, ValueError) and str(e.value).startswith(f"column {column}: ")


@pytest.mark.parametrize(("text", "column", "says"), [
    ("N,S 0-1/0-2 - - - 0,0 1 N -", 5, "a deal is 2 hands of 7"),
    ("N,S ?7/?7 - S - 0,0 1 N -", 13, "expected N: before the lead the opener plays"),
    ("N,S ?7/?7 - - - 0,0 1 N -", 13, "the round is not over"),
    ("N,S ?7/?7 - N N 0,0 1 N -", 15, "nobody knocks before the lead"),
    ("N,S -/?7 6-6,6-5,5-4,4-3,3-2,2-1,1-0 S - 0,0 1 N -", 38,
     "expected - : the round is over (domino)"),
    ("N,S ?7/?7 - N - 61,0 1 N -", 13, "expected - : the round is over (target)"),
    ("N,S 0-2,0-4,0-6,1-2,1-3,1-4,1-6/0-0,0-1,0-3,0-5,1-1,1-5,6-6 - N - 0,0 1 N "
     "opener=highest-double", 73, "the lead must be 6-6 (S holds it) (V5)"),
])
def test_a_position_the_rules_cannot_reach_is_refused(text: str, column: int,
                                                      says: str) -> None:
    with pytest.raises(PositionError) as e:
        Board.from_position(text)
    assert (e.value.column, says in e.value.message) == (column, True), e.value.message


def test_the_readme_position_example_prints_what_the_readme_says() -> None:
    section = page("library/rules.md")
    blocks = re.findall(r"```(?:python)?\n(.*?)```", section, re.S)
    code, printed = next((c, p) for c, p in itertools.pairwise(blocks)
                         if "Board.from_position(" in c)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "docs/library/rules.md", "exec"), {"__name__": "__docs__"})
    assert out.getvalue() == printed
