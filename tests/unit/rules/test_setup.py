"""Tests of verifier.rules.start: the [start] tag (a record that starts mid-game),
and what it changes in the replay."""

from __future__ import annotations

import pytest
from support.paths import read_sample

from notation.ftn.reader import parse_games
from notation.json.form import dumps_game
from verifier.api import check_text
from verifier.pipeline.jobs.rewrite import convert_text
from verifier.rules.start import Setup, read_header

SAMPLE = read_sample("valid", "start-mid-game.ftn")


def test_start_tag_sets_the_first_round_and_the_totals() -> None:
    setup = read_header(parse_games(SAMPLE)[0])
    assert isinstance(setup, Setup)
    assert (setup.start_round, setup.start_totals) == (4, (40, 58))
    state = setup.new_game()
    assert state.scores == [40, 58] and state.round_number == 3
    assert check_text(SAMPLE).diagnostics == []


def test_first_follows_from_the_opener_of_the_first_round() -> None:
    text = SAMPLE.replace('[first "N"]\n', "")
    setup = read_header(parse_games(text)[0])
    assert isinstance(setup, Setup) and setup.names[setup.first] == "N"
    assert check_text(text).diagnostics == []
    wrong = SAMPLE.replace('[first "N"]', '[first "S"]')
    assert [d.name for d in check_text(wrong).diagnostics] == ["wrong-opener"]


@pytest.mark.parametrize(("tag", "says"), [
    ('[start "4" "40"]', "1 totals for 2 sides"),
    ('[start "4" "40,58,1"]', "3 totals for 2 sides"),
    ('[start "0" "40,58"]', "[start] takes"),
    ('[start "4" "40;58"]', "[start] takes"),
    ('[start "4"]', "[start] takes"),
    ('[start "4" "40,61"]', "has already won"),
])
def test_a_bad_start_tag_is_a_bad_header(tag: str, says: str) -> None:
    text = SAMPLE.replace('[start "4" "40,58"]', tag)
    (d,) = check_text(text).diagnostics
    assert d.name == "bad-header" and says in d.message


def test_start_given_twice_and_rounds_numbered_from_it() -> None:
    twice = SAMPLE.replace('[start "4" "40,58"]', '[start "4" "40,58"]\n[start "4" "40,58"]')
    assert [d.name for d in check_text(twice).diagnostics] == ["bad-header"]
    renumbered = SAMPLE.replace("round 4 opener S", "round 1 opener S")
    (d,) = check_text(renumbered).diagnostics
    assert d.name == "bad-header" and d.message == "round 4 is numbered 1"


def test_start_round_trips_through_json() -> None:
    out, errors = convert_text(SAMPLE, "jsonl")
    assert errors == [] and out is not None
    assert '{"key":"start","values":["4","40,58"]}' in out
    back, errors = convert_text(out, "ftn", kind="json")
    assert errors == [] and back is not None
    assert '[start "4" "40,58"]' in back and "S knock (44,58)" in back
    assert "winner none (48,58)" in back
    assert dumps_game(parse_games(back)[0]) == out.strip()
