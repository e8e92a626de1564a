"""The league tags of a record: a [team] tag that names no seat (FT404)."""

from __future__ import annotations

from support.corpora import BASE

from verifier.pipeline.jobs.check import check_text

HEADER = '[first "N"]\n'


def _with(*tags: str) -> str:
    return BASE.replace(HEADER, HEADER + "".join(t + "\n" for t in tags), 1)


def _found(text: str) -> list[tuple[str, int, str]]:
    return [(d.code, d.line, d.message) for d in check_text(text, "t.ftn").diagnostics
            if d.code != "FT401"]


def test_a_team_for_each_seat_and_the_league_tags_are_clean() -> None:
    text = _with('[competition "Solihull & Warwickshire"]', '[season "2026"]',
                 '[date "2026-01-14"]', '[match "Red Lion v Crown"]',
                 '[team "N" "Red Lion"]', '[team "S" "Crown"]')
    assert _found(text) == []


def test_a_team_tag_of_a_seat_not_the_games_is_a_warning_with_the_close_match() -> None:
    # [first "N"] is line 5 of BASE: the two tags are lines 6 and 7.
    found = _found(_with('[team "N" "Red Lion"]', '[team "SS" "Crown"]'))
    assert found == [("FT404", 7, "[team] names 'SS', not a seat of this game; "
                      "did you mean 'S'? (seats: N, S)")]


def test_a_team_tag_without_its_seat_is_a_warning_that_says_what_to_write() -> None:
    found = _found(_with('[team "Crown"]'))
    assert found == [("FT404", 6, '[team] takes a seat, then its team: [team "N" "Red Lion"] '
                      "(seats: N, S)")]


def test_the_warning_is_silenced_by_noqa_and_leaves_the_game_checked() -> None:
    rep = check_text(_with('[team "X" "Crown"]  # noqa: FT404'), "t.ftn")
    assert [d.code for d in rep.diagnostics] == ["FT401"]
