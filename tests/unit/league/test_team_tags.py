"""The league tags of a record: a [team] tag that names no seat (FT404)."""

from __future__ import annotations

from pathlib import Path

from support.corpora import BASE
from support.ftn import Ftn

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


def test_a_json_record_with_a_team_that_names_no_seat_gets_the_same_warning() -> None:
    from verifier import api

    json_text = api.convert(_with('[team "N" "Red Lion"]', '[team "X" "Crown"]'), "json")
    rep = check_text(json_text, "t.json", kind="json")
    assert [d.code for d in rep.diagnostics if d.code != "FT401"] == ["FT404"]


def test_fill_adds_the_league_tags_a_game_lacks_and_keeps_those_written(
        ftn: Ftn, tmp_path: Path) -> None:
    path = tmp_path / "night.ftn"
    path.write_text(_with('[season "2025"]', '[team "N" "Crown"]'), encoding="utf-8")
    code, out, err = ftn(["fill", "--tag", "season=2026", "--tag", "date=2026-01-14",
                          "--team", "N=Red Lion", "--team", "S=Crown", str(path)])
    assert code == 0, err
    header = out.split("\nround 1", 1)[0].split("\n")
    assert header[-6:] == ['[first "N"]', '[season "2025"]', '[team "N" "Crown"]',
                           '[date "2026-01-14"]', '[team "S" "Crown"]', ""]
    code, out, err = ftn(["fill", "--write", "--jobs", "2", "--tag", "match=M1", str(path)])
    assert code == 0, err
    assert '[match "M1"]\n' in path.read_text(encoding="utf-8")


def test_fill_refuses_a_tag_it_does_not_add(ftn: Ftn, tmp_path: Path) -> None:
    path = tmp_path / "night.ftn"
    path.write_text(BASE, encoding="utf-8")
    for args, said in ((["--tag", "first=S"], "--tag first=S: [first] is not added by ftn fill"),
                       (["--tag", "Season=2026"], "--tag Season=2026: write KEY=VALUE"),
                       (["--team", "Red Lion"], "--team Red Lion: write SEAT=TEAM")):
        code, out, err = ftn(["fill", *args, str(path)])
        assert code == 2 and out == "" and err.startswith(f"ftn fill: {said}")
    assert path.read_text(encoding="utf-8") == BASE
