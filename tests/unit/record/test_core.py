"""Tests of the recorder's pure core (``verifier.record.core``): one typed
line in, the answer out (the lines to append, the words, the refusal with
its rule, the next question), the position as a screen needs it (the
tiles to tap, the ends each fits), and a set-up's header. No I/O: these
also run inside Pyodide (tests/e2e/test_scorer_pyodide.py)."""

from __future__ import annotations

from verifier import api
from verifier.record.core import Recorder, new_header, parse_options

HEADER = ['game', '[ftn "1"]', '[seat "N"]', '[seat "S"]', '[first "N"]']
KNOWN = ["6-6 6-3 5-5 4-1 2-0 3-3 1-1", "6-4 3-1 5-0 2-2 4-4 6-2 0-0"]


def unknown_hands() -> Recorder:
    rec = Recorder(HEADER, "g.ftn")
    first = rec.begin()
    assert first.asks.kind == "deal" and first.asks.seat == "N"
    assert [s.lines for s in first.steps] == [["", "round 1 opener N"]]
    assert first.said() == ["Round 1: N opens (R3)"]
    rec.type("")
    return rec


def test_a_move_answered_with_its_line_its_words_and_the_next_question() -> None:
    rec = unknown_hands()
    answer = rec.type("")  # S's hand, unknown
    assert answer.steps[0].lines == ["  deal S ? ? ? ? ? ? ?"]
    assert answer.asks.kind == "play" and answer.asks.seat == "N"
    assert answer.asks.position[0] == "Round 1, event 1: N to play; the lead"
    answer = rec.type("5-5")
    assert [s.lines for s in answer.steps] == [["  N 5-5 =10 +2 (2,0)"]]
    assert answer.said() == ["N 5-5 =10 +2 (2,0): ten for 2; N pegs 2: 0 to 2"]
    assert answer.asks.prompt == "S> " and answer.kept is None and answer.refused is None
    data = answer.data()
    assert data["said"] == answer.said() and data["asks"]["seat"] == "S"
    assert rec.lines[-1] == "  N 5-5 =10 +2 (2,0)"


def test_a_refusal_gives_its_rule_writes_nothing_and_asks_again() -> None:
    rec = unknown_hands()
    rec.type("")
    rec.type("6-6")
    lines = list(rec.lines)
    answer = rec.type("1-2")
    assert answer.steps[0].lines == [] and rec.lines == lines
    assert answer.refused is not None and answer.refused.rule == "R4.1"
    assert answer.said()[0].startswith("refused: 1-2 fits neither end of the lead 6-6\n  R4.1: ")
    assert answer.asks.seat == "S" and answer.asks.position == []  # not shown again
    refused = answer.data()["refused"]
    assert refused["rule"] == "R4.1" and refused["rules"][0]["id"] == "R4.1"


def test_the_tiles_to_tap_and_the_ends_each_fits() -> None:
    rec = unknown_hands()
    rec.type("")
    for line in ("3-3", "3-5 L", "5-2 L", "2-3 L"):
        assert rec.type(line).refused is None
    p = rec.position()
    assert p["turn"] == "N" and p["ends_text"] == "3 | 3-3" and p["end_total"] == 3 + 6
    assert p["event"] == 5 and p["unknown"] == 7 - 2 and p["totals"] == [2, 3]
    tiles = {t["tile"]: (t["fits"], t["ends"]) for t in p["tiles"]}
    # 28 tiles, less the four placed; N's hand is not known: any of them.
    assert len(tiles) == 24 and not {"3-3", "3-5", "2-5", "2-3"} & set(tiles)
    fits = {t: e for t, (f, e) in tiles.items() if f}
    # R4.2: on the plain 3 or on the double 3-3, two different lines.
    assert fits == {"0-3": ["L", "R"], "1-3": ["L", "R"], "3-4": ["L", "R"],
                    "3-6": ["L", "R"]}
    assert rec.type("3-6").refused is not None  # the engine wants the end too (R4.2)
    # 3-3 led (6: N 2), 3-5 (5 + 6), 5-2 (2 + 6), 2-3 (3 + 6 = 9: S 3); then 3 + 6 = 9.
    assert rec.type("3-6 R").said() == ["N 3-6 R =9 +3 (5,3): nine for 3; N pegs 3: 2 to 5"]


def test_a_known_hand_is_the_tiles_to_tap_and_a_tile_on_equal_ends_needs_no_end() -> None:
    rec = Recorder(HEADER, "g.ftn")
    rec.begin()
    rec.type(KNOWN[0])
    rec.type(KNOWN[1])
    rec.type("3-3")
    p = rec.position()
    tiles = {t["tile"]: (t["fits"], t["ends"]) for t in p["tiles"]}
    assert set(tiles) == {"4-6", "1-3", "0-5", "2-2", "4-4", "2-6", "0-0"}  # S's hand
    assert tiles["1-3"] == (True, []) and tiles["4-6"] == (False, [])


def test_undo_quit_and_the_end_of_the_game() -> None:
    rec = unknown_hands()
    rec.type("")
    rec.type("6-6")
    answer = rec.type("undo")
    assert answer.kept == 9 and answer.said() == ["undone: N 6-6 =12 +4 (4,0)"]
    assert rec.lines[-1] == "  deal S ? ? ? ? ? ? ?"
    assert rec.type("quit").stop
    answer = rec.type("close")
    assert answer.asks.kind == "done" and rec.lines[-2:] == ["winner none (0,0)", "end"]
    assert rec.type("").finished


def test_a_header_from_a_set_up() -> None:
    assert new_header(["N", "S"], ["Ann", ""], "pagat", [("target", "31")], "S") == [
        "game", '[ftn "1"]', '[seat "N" "Ann"]', '[seat "S"]', '[first "S"]',
        '[rule "target" "31"]']
    assert new_header(["N", "S"], ["", ""], "online", [], "S")[-1] == '[rules "online"]'
    assert new_header(["N", "S"], ["", ""], "pagat", [], None) == (
        "who opens round 1 (drawn by lot, R3.1)? one of: N S")
    assert "bad value 'x' for target" in str(new_header(["N", "S"], ["", ""], "pagat",
                                                         [("target", "x")], "N"))
    assert "cannot name a seat" in str(new_header(["N", "end"], ["", ""], "pagat", [], "N"))
    assert parse_options("target=31, hand=5") == [("target", "31"), ("hand", "5")]
    assert parse_options("target").startswith("type NAME=VALUE pairs")  # type: ignore[union-attr]
    assert api.record_header(["N", "S"], ["", ""], "pagat", "target", "N") == (
        "type NAME=VALUE pairs, like target=100 opener=highest-double")
