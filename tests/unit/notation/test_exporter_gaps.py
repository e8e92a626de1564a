"""Two things an exporter may know only in part: a round's closing totals
without its outcome (``result (T1,T2)``), and a record that starts from totals
not known (``[start "K" "?"]``)."""

from __future__ import annotations

import json
from typing import Any

from support.paths import SAMPLES

from notation.ftn.printer import print_game
from notation.ftn.reader import parse_games
from notation.json.form import dumps_game, game_from_json
from verifier.api import check_text
from verifier.files.validation import violations
from verifier.pipeline.jobs.rewrite import convert_text

HEAD = 'game\n[ftn "1"]\n[seat "N"]\n[seat "S"]\n[first "N"]\n'
# N leads 6-6 (12: +4); the hands are not known, so the two knocks show a
# block (R7.5).
BLOCKED = "round 1 opener N\n  N 6-6 =12 +4 (4,0)\n  S knock\n  N knock\n"


def _names(text: str) -> list[tuple[str, int]]:
    return [(d.name, d.line) for d in check_text(text, "x.ftn").diagnostics]


# -- result (T1,T2): the outcome left out ---------------------------------


def test_a_result_without_its_outcome_reads_and_prints_back() -> None:
    text = (HEAD + "\n" + BLOCKED
            + "  result (4,0)  # the log gives the totals\n\nwinner none\nend\n")
    (game,) = parse_games(text)
    res = game.rounds[0].result
    assert res is not None and (res.outcome, res.seat, res.totals and res.totals.values) == (
        None, None, (4, 0))
    assert print_game(game) == text
    assert _names(text) == []


def test_the_totals_of_a_result_without_outcome_are_judged() -> None:
    text = HEAD + BLOCKED + "  result (4,1)\nwinner none\nend\n"
    assert _names(text) == [("total-mismatch", 10)]


def test_a_result_without_outcome_claims_no_outcome() -> None:
    # The round is not over (S to play) at its result line, with or without
    # an outcome: its events stop before it ended, one finding there (the
    # outcome and totals it claims are not judged), none at the next round.
    text = (HEAD + "round 1 opener N\n  N 6-6 (4,0)\n  result (4,0)\n"
            "round 2 opener S\n  S 5-5\nwinner none\nend\n")
    assert _names(text) == [("round-unfinished", 8)]
    assert _names(text.replace("result (4,0)", "result blocked")) == [("round-unfinished", 8)]


def test_a_result_without_outcome_in_json() -> None:
    text = HEAD + BLOCKED + "  result (4,0)\nwinner none\nend\n"
    (game,) = parse_games(text)
    doc = json.loads(dumps_game(game))
    assert doc["rounds"][0]["result"] == {"totals": [4, 0]}
    assert list(violations("record", doc)) == []
    assert game_from_json(doc).without_positions() == game.without_positions()
    # A seat still needs the outcome domino.
    doc["rounds"][0]["result"] = {"seat": "N", "totals": [4, 0]}
    assert [v.keyword for v in violations("record", doc)] == ["not"]
    out, errors = convert_text(text, "json", "x.ftn")
    assert errors == [] and out is not None
    back, errors = convert_text(out, "ftn", "x.json")
    assert errors == [] and back == convert_text(text, "ftn", "x.ftn")[0]


# -- [start "K" "?"]: the totals not known ----------------------------------


SAMPLE = SAMPLES / "valid" / "start-unknown-totals.ftn"


def test_the_sample_checks_clean_and_says_what_it_leaves_open() -> None:
    rep = check_text(SAMPLE.read_text(encoding="utf-8"), str(SAMPLE))
    assert rep.diagnostics == []
    assert [(u.line, u.message.split(":")[0]) for u in rep.unknowns] == [
        (18, "the running totals cannot be checked"),
        (30, "whether the event was discarded (over) cannot be checked"),
        (38, "a round won at the target cannot be checked"),
        (40, "the winner cannot be checked"),
    ]


def test_what_does_not_rest_on_the_totals_is_still_judged() -> None:
    text = SAMPLE.read_text(encoding="utf-8")
    wrong = text.replace("S 0-4 R =6 +2 (58,56)", "S 0-4 R =7 +3 (58,56)")
    assert [d.name for d in check_text(wrong).diagnostics] == [
        "end-total-mismatch", "points-mismatch"]
    # the amounts of a discarded event too: 2 points and the bonus 1.
    wrong = text.replace("over+2+1", "over+3+1")
    assert [d.name for d in check_text(wrong).diagnostics] == ["points-mismatch"]


def test_a_record_from_unknown_totals_that_stops_is_not_unfinished() -> None:
    text = (HEAD.replace('[first "N"]', '[start "4" "?"]')
            + "round 4 opener S\n  S 6-6 (50,12)\nend\n")
    rep = check_text(text)
    assert rep.diagnostics == []
    assert [u.message.split(":")[0] for u in rep.unknowns if "cannot" in u.message] == [
        "the running totals cannot be checked",
        "whether a side reached the target cannot be checked",
    ]


def test_start_totals_are_a_list_or_a_question_mark() -> None:
    for bad in ("?,3", "??", ""):
        text = HEAD.replace('[first "N"]', f'[start "4" "{bad}"]') + "end\n"
        assert [n for n, _ in _names(text)] == ["bad-header"], bad
    doc: dict[str, Any] = {"format": "ftn-json-1", "tags": [
        {"key": "ftn", "values": ["1"]}, {"key": "seat", "values": ["N"]},
        {"key": "seat", "values": ["S"]}, {"key": "start", "values": ["4", "?"]}],
        "rounds": []}
    assert list(violations("record", doc)) == []
    doc["tags"][3]["values"] = ["4", "?,1"]
    assert list(violations("record", doc)) != []


def test_unknown_start_round_trips_through_json() -> None:
    text = SAMPLE.read_text(encoding="utf-8")
    out, errors = convert_text(text, "jsonl", str(SAMPLE))
    assert errors == [] and out is not None
    back, errors = convert_text(out, "ftn", "x.jsonl")
    canon, _ = convert_text(text, "ftn", str(SAMPLE))
    assert errors == [] and back == canon


def test_plus_zero_from_unknown_totals_is_left_open() -> None:
    # +0 says the event was discarded (R8.2): only the totals could tell.
    text = SAMPLE.read_text(encoding="utf-8").replace("over+2+1", "+0")
    rep = check_text(text)
    assert rep.diagnostics == []
    assert any(u.message.startswith("whether the event was discarded (+0) cannot be checked")
               and u.line == 30 for u in rep.unknowns)
