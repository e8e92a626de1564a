"""``ftn standings``: tables from checked records, by hand.

Each record is a real game (the rules' generator, every claim right) with
its winner placed by the test (``support.league``): what a table should
say is counted here from who the test made win."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from support.ftn import Ftn
from support.league import game, totals

from verifier.league.season import plant

RED, CROWN = "Red Lion", "Crown"


def _match(rng: random.Random, name: str, home: str, away: str, home_wins: int) -> list[str]:
    """A match of 9 singles, the home team winning the first ``home_wins``."""
    out = []
    for i in range(9):
        h, a = f"{home[0]}{i + 1}", f"{away[0]}{i + 1}"
        if i < home_wins:
            out.append(game(rng, [h], [a], (home, away), match=name, season="2026"))
        else:
            out.append(game(rng, [a], [h], (away, home), match=name, season="2026"))
    return out


@pytest.fixture(scope="module")
def two_matches() -> list[str]:
    """M1: Red Lion beat Crown 5-4; M2: Crown beat Red Lion 7-2."""
    rng = random.Random(5)
    return _match(rng, "M1", RED, CROWN, 5) + _match(rng, "M2", CROWN, RED, 7)


def _write(tmp_path: Path, games: list[str], name: str = "season.ftn") -> Path:
    path = tmp_path / name
    path.write_text("\n".join(games), encoding="utf-8")
    return path


def _rows(ftn: Ftn, *args: str) -> dict[str, dict[str, int]]:
    code, out, err = ftn(["standings", "--format", "json", *args])
    assert code == 0, err
    rows = json.loads(out)["tables"][0]["rows"]
    return {r.pop("name"): r for r in rows}


def test_match_points_of_two_teams_by_hand(ftn: Ftn, tmp_path: Path,
                                           two_matches: list[str]) -> None:
    # M1 5-4: Red Lion 3 (a win), Crown 1 (a loss by one game);
    # M2 2-7: Crown 3, Red Lion 0. Crown 1+3 = 4, Red Lion 3+0 = 3.
    rows = _rows(ftn, str(_write(tmp_path, two_matches)))
    assert list(rows) == [CROWN, RED]
    crown = {"rank": 1, "played": 2, "won": 1, "drawn": 0, "lost": 1, "games_for": 11,
             "games_against": 7, "match_points": 4}
    red = {"rank": 2, "played": 2, "won": 1, "drawn": 0, "lost": 1, "games_for": 7,
           "games_against": 11, "match_points": 3}
    assert {k: rows[CROWN][k] for k in crown} == crown
    assert {k: rows[RED][k] for k in red} == red
    # points for and against: every game's final totals, the team's side and the other's
    red_games = [g for g in two_matches if RED in g]
    assert rows[RED]["points_for"] == sum(
        totals(g)[0 if f'[team "N" "{RED}"]' in g else 1] for g in red_games)
    assert rows[RED]["points_against"] == rows[CROWN]["points_for"]


def test_the_scheme_comes_from_the_settings(ftn: Ftn, tmp_path: Path,
                                            two_matches: list[str]) -> None:
    # win 2, a loss by one game 0: Crown 0+2, Red Lion 2+0, level on points;
    # Crown first on games (11-7 against 7-11).
    _write(tmp_path, two_matches)
    (tmp_path / "pyproject.toml").write_text(
        '[tool.ftn.league]\nwin = 2\nloss-by-one = 0\n', encoding="utf-8")
    rows = _rows(ftn, str(tmp_path / "season.ftn"))
    assert [(n, r["match_points"]) for n, r in rows.items()] == [(CROWN, 2), (RED, 2)]


def test_a_bad_scheme_is_refused_at_its_place(ftn: Ftn, tmp_path: Path,
                                              two_matches: list[str]) -> None:
    _write(tmp_path, two_matches[:1])
    (tmp_path / "ftn.toml").write_text('[league]\nwin = 3\nlost = 1\n', encoding="utf-8")
    code, out, err = ftn(["standings", str(tmp_path / "season.ftn")])
    assert code == 2 and out == ""
    assert err.strip().endswith("ftn.toml:3:1: unknown key 'lost' in [league]; did you mean "
                                "'loss'? (known keys: win, draw, loss-by-one, loss, games)")


def test_a_faulty_game_is_left_out_and_listed_with_its_first_finding(
        ftn: Ftn, tmp_path: Path, two_matches: list[str]) -> None:
    # Red Lion's first win of M1 made faulty (a wrong claim of points): M1 is
    # then 4-4 in 8 games, a draw (2 each); Crown 2+3 = 5, Red Lion 2+0 = 2.
    games = list(two_matches)
    games[0] = plant(games[0], 0)
    path = _write(tmp_path, games)
    code, out, err = ftn(["standings", "--format", "json", str(path)])
    assert code == 0
    doc = json.loads(out)
    rows = {r["name"]: r for r in doc["tables"][0]["rows"]}
    assert (rows[CROWN]["match_points"], rows[RED]["match_points"]) == (5, 2)
    assert (rows[RED]["drawn"], rows[RED]["games_for"], rows[RED]["games_against"]) == (1, 6, 11)
    assert doc["tables"][0]["notes"] == ["match 'M1': 8 games counted, not 9"]
    [left] = doc["leftOut"]
    assert (left["game"], left["code"], left["name"]) == (1, "FT302", "points-mismatch")
    line = next(i for i, t in enumerate(games[0].split("\n"), 1) if t != two_matches[0]
                .split("\n")[i - 1])
    assert left["line"] == line
    # as text, the game is listed after the table, with its place and finding
    code, out, _ = ftn(["standings", str(path)])
    assert code == 0
    assert f"Left out: 1 game with errors\n  {path}:{line}:" in out
    assert "game 1: FT302 points-mismatch: points claimed" in out
    # --strict fails instead, with no table
    code, out, err = ftn(["standings", "--strict", str(path)])
    assert code == 1 and out == ""
    assert "ftn standings: 1 game with errors (--strict)" in err


def test_a_finding_silenced_by_noqa_leaves_the_game_counted(
        ftn: Ftn, tmp_path: Path, two_matches: list[str]) -> None:
    games = list(two_matches)
    bad = plant(games[0], 0).split("\n")
    line = next(i for i, t in enumerate(bad) if t != games[0].split("\n")[i])
    bad[line] += "  # noqa: FT302"
    games[0] = "\n".join(bad)
    rows = _rows(ftn, str(_write(tmp_path, games)))
    assert (rows[CROWN]["match_points"], rows[RED]["match_points"]) == (4, 3)


def test_players_pairs_and_head_to_head_by_hand(ftn: Ftn, tmp_path: Path) -> None:
    rng = random.Random(9)
    games = [game(rng, ["Ann"], ["Bob"]), game(rng, ["Ann"], ["Bob"]),
             game(rng, ["Bob"], ["Cy"]), game(rng, ["Ann", "Bob"], ["Cy", "Di"])]
    path = str(_write(tmp_path, games))
    # Ann: 3 played, 3 won; Bob: 4 played, 2 won (Cy, and with Ann), 2 lost;
    # Cy: 2 played, 0 won; Di: 1 played, 0 won (most won first, then fewest lost).
    rows = _rows(ftn, "--by", "player", path)
    assert [(n, r["played"], r["won"], r["lost"]) for n, r in rows.items()] == [
        ("Ann", 3, 3, 0), ("Bob", 4, 2, 2), ("Di", 1, 0, 1), ("Cy", 2, 0, 2)]
    ann = [t for t in games if '"Ann"' in t]
    assert rows["Ann"]["points_for"] == sum(max(totals(t)) for t in ann)
    assert rows["Ann"]["points_against"] == sum(min(totals(t)) for t in ann)
    rows = _rows(ftn, "--by", "pair", path)
    assert [(n, r["played"], r["won"]) for n, r in rows.items()] == [
        ("Ann & Bob", 1, 1), ("Cy & Di", 1, 0)]
    code, out, _ = ftn(["standings", "--by", "player", "--head-to-head", path])
    assert code == 0
    assert out.split("Head to head\n", 1)[1] == (
        "  Ann v Bob: 2 games, 2 won, 0 lost\n  Ann v Cy: 1 games, 1 won, 0 lost\n"
        "  Ann v Di: 1 games, 1 won, 0 lost\n  Bob v Cy: 2 games, 2 won, 0 lost\n"
        "  Bob v Di: 1 games, 1 won, 0 lost\n")


def test_a_table_per_tag_value(ftn: Ftn, tmp_path: Path) -> None:
    rng = random.Random(3)
    games = [game(rng, ["Ann"], ["Bob"], season="2025"), game(rng, ["Bob"], ["Ann"],
                                                               season="2026"),
             game(rng, ["Bob"], ["Ann"], season="2026"), game(rng, ["Ann"], ["Bob"])]
    code, out, _ = ftn(["standings", "--by", "player", "--per", "season", "--format", "json",
                        str(_write(tmp_path, games))])
    assert code == 0
    got = [(t["group"], [(r["name"], r["won"]) for r in t["rows"]])
           for t in json.loads(out)["tables"]]
    assert got == [("2025", [("Ann", 1), ("Bob", 0)]), ("2026", [("Bob", 2), ("Ann", 0)]),
                   ("(none)", [("Ann", 1), ("Bob", 0)])]


def test_csv_and_the_page_to_publish(ftn: Ftn, tmp_path: Path, two_matches: list[str]) -> None:
    games = list(two_matches)
    games[3] = plant(games[3], 1)  # a wrong winner: left out
    path = str(_write(tmp_path, games))
    code, out, err = ftn(["standings", "--format", "csv", path])
    assert code == 0
    assert out.split("\n")[0] == (
        "group,by,rank,name,played,won,drawn,lost,games_for,games_against,points_for,"
        "points_against,match_points")
    assert ",team,1,Crown," in out and ",team,2,Red Lion," in out
    assert "ftn standings: left out: " in err and "FT309 winner-mismatch" in err
    code, page, _ = ftn(["standings", "--format", "html", "--title", "Division <1>", path])
    assert code == 0 and page.startswith("<!DOCTYPE html>")
    assert "<title>Division &lt;1&gt;</title>" in page
    assert 'class="sortable"' in page and "addEventListener" in page
    assert "http://" not in page.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "https://" not in page and "<link" not in page and " src=" not in page
    assert "FT309 winner-mismatch" in page


def test_workers_give_the_same_tables(ftn: Ftn, tmp_path: Path, two_matches: list[str]) -> None:
    games = list(two_matches)
    games[5] = plant(games[5], 2)  # a line that does not parse
    first, second = _write(tmp_path, games[:9], "m1.ftn"), _write(tmp_path, games[9:], "m2.ftn")
    one = ftn(["standings", "--head-to-head", str(first), str(second)])
    two = ftn(["standings", "--head-to-head", "--jobs", "2", str(first), str(second)])
    assert one == two and one[0] == 0
    assert "FT001 syntax-error" in one[1] and "M1': 8 games counted" in one[1]


def test_games_without_matches_or_the_per_tag_are_said(ftn: Ftn, tmp_path: Path) -> None:
    path = str(_write(tmp_path, [game(random.Random(1), ["Ann"], ["Bob"], season="2026")]))
    code, out, err = ftn(["standings", path])
    assert code == 0 and err == ""
    assert out.startswith("Standings by team\n  (no games)\n")
    assert "note: no game names its match ([match] tag)" in out
    code, out, err = ftn(["standings", "--by", "player", "--per", "sesaon", path])
    assert code == 0 and out.startswith("Standings by player, (none)\n")
    assert err == ("ftn standings: warning: --per sesaon: no game has the tag [sesaon]; "
                   "every game is in '(none)'\n")


def test_a_side_whose_team_tag_names_no_seat_counts_for_no_team(
        ftn: Ftn, tmp_path: Path, two_matches: list[str]) -> None:
    # Crown's first win of M1 (game 6: Crown at N) with its team tag misspelt
    # (FT404, a warning: the game is counted): M1 is 5-3 for Red Lion, a win
    # by more than one game, so Crown gets 0 for it, and the match is noted.
    games = list(two_matches)
    assert '[team "N" "Crown"]' in games[5]
    games[5] = games[5].replace('[team "N" "Crown"]', '[team "NN" "Crown"]')
    code, out, err = ftn(["standings", "--format", "json", str(_write(tmp_path, games))])
    assert code == 0, err
    doc = json.loads(out)
    rows = {r["name"]: r for r in doc["tables"][0]["rows"]}
    assert (rows[CROWN]["games_for"], rows[CROWN]["match_points"]) == (10, 3)
    assert doc["leftOut"] == []
    assert doc["tables"][0]["notes"] == [
        "match 'M1': 1 game with a side of no team ([team] tags missing or naming no seat): "
        "its games and points count for no team"]
