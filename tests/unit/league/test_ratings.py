"""``ftn ratings``: openskill's ratings of checked records, in date order."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest
from support.ftn import Ftn
from support.league import free_for_all, game, totals

from verifier import api
from verifier.league.ratings import INSTALL, LeagueError
from verifier.league.season import plant

openskill = pytest.importorskip("openskill.models")


def _write(tmp_path: Path, games: list[str]) -> str:
    path = tmp_path / "games.ftn"
    path.write_text("\n".join(games), encoding="utf-8")
    return str(path)


def _players(ftn: Ftn, path: str, *more: str) -> dict[str, dict[str, float]]:
    code, out, err = ftn(["ratings", "--format", "json", path, *more])
    assert code == 0, err
    return {p["name"]: p for p in json.loads(out)["players"]}


def test_the_same_ratings_as_openskill_called_on_the_results(ftn: Ftn, tmp_path: Path) -> None:
    rng = random.Random(11)
    # Written out of date order: rated by date (the undated game first).
    games = [game(rng, ["Ann"], ["Bob"], date="2026-02-01"),
             game(rng, ["Cy", "Di"], ["Ann", "Bob"], date="2026-01-15"),
             free_for_all(rng, ["Ann", "Cy", "Ed"], date="2026-01-20"),
             game(rng, ["Ed"], ["Di"])]
    got = _players(ftn, _write(tmp_path, games))
    model = openskill.PlackettLuce()
    r = {n: model.rating(name=n) for n in ("Ann", "Bob", "Cy", "Di", "Ed")}

    def rate(teams: list[list[str]], ranks: list[int]) -> None:
        new = model.rate([[r[n] for n in t] for t in teams], ranks=ranks)
        for t, rated in zip(teams, new, strict=True):
            r.update(zip(t, rated, strict=True))

    rate([["Ed"], ["Di"]], [1, 2])  # no date
    rate([["Cy", "Di"], ["Ann", "Bob"]], [1, 2])  # 2026-01-15: partners as a team
    ffa = totals(games[2])  # 2026-01-20: N E W free for all, the winner then by totals
    order = sorted(range(3), key=lambda i: -ffa[i])
    rate([["Ann"], ["Cy"], ["Ed"]], [1 + order.index(i) for i in range(3)])
    rate([["Ann"], ["Bob"]], [1, 2])  # 2026-02-01
    for name, rating in r.items():
        assert got[name]["mu"] == pytest.approx(rating.mu, abs=1e-9)
        assert got[name]["sigma"] == pytest.approx(rating.sigma, abs=1e-9)
        assert got[name]["ordinal"] == pytest.approx(rating.ordinal(), abs=1e-9)
    assert len(set(ffa)) == 3  # (the free-for-all's totals decide its ranks)


def test_who_wins_every_game_rises_and_who_loses_every_game_falls(ftn: Ftn,
                                                                  tmp_path: Path) -> None:
    rng = random.Random(4)
    games = []
    for k, other in enumerate(["Bob", "Cy", "Di", "Ed", "Flo", "Gil"]):
        day = f"2026-03-{k + 1:02d}"
        games += [game(rng, ["Ann"], [other], date=day), game(rng, [other], ["Zed"], date=day)]
    code, out, err = ftn(["ratings", "--format", "json", "--history", "Ann", "--history", "Zed",
                          _write(tmp_path, games)])
    assert code == 0, err
    doc = json.loads(out)
    ann = [h["ordinal"] for h in doc["history"]["Ann"]]
    zed = [h["ordinal"] for h in doc["history"]["Zed"]]
    assert len(ann) == len(zed) == 6
    start = 25 - 3 * 25 / 3  # openskill's first rating: mu 25, sigma 25/3: ordinal 0
    assert all(b > a for a, b in zip([start, *ann], ann, strict=False))
    assert all(b < a for a, b in zip([start, *zed], zed, strict=False))
    players = {p["name"]: p for p in doc["players"]}
    assert players["Ann"]["mu"] > 25 > players["Zed"]["mu"]
    order = [p["name"] for p in doc["players"]]
    assert (order[0], order[-1]) == ("Ann", "Zed")


def test_faulty_games_are_left_out_of_the_ratings(ftn: Ftn, tmp_path: Path) -> None:
    rng = random.Random(2)
    games = [game(rng, ["Ann"], ["Bob"]), plant(game(rng, ["Cy"], ["Di"]), 1)]
    code, out, _ = ftn(["ratings", _write(tmp_path, games)])
    assert code == 0
    assert "Ratings: 1 games in date order" in out and "Cy" not in out.split("Left out")[0]
    assert "Left out: 1 game with errors" in out and "FT309 winner-mismatch" in out


def test_predict_a_pairing_and_a_name_not_rated(ftn: Ftn, tmp_path: Path) -> None:
    rng = random.Random(6)
    games = [game(rng, ["Ann", "Bob"], ["Cy", "Di"]) for _ in range(3)]
    path = _write(tmp_path, games)
    code, out, err = ftn(["ratings", path, "--predict", "Ann,Bob", "Cy,Di"])
    assert code == 0, err
    model = openskill.PlackettLuce()
    r = {n: model.rating(name=n) for n in ("Ann", "Bob", "Cy", "Di")}
    for _ in range(3):
        [[r["Ann"], r["Bob"]], [r["Cy"], r["Di"]]] = model.rate(
            [[r["Ann"], r["Bob"]], [r["Cy"], r["Di"]]], ranks=[1, 2])
    p = model.predict_win([[r["Ann"], r["Bob"]], [r["Cy"], r["Di"]]])
    assert out.endswith(f"Ann & Bob: {p[0]:.1%} to win\nCy & Di: {p[1]:.1%} to win\n")
    assert p[0] > 0.5
    code, out, err = ftn(["ratings", path, "--predict", "Ann,Bobb", "Cy,Di"])
    assert code == 2 and out == ""
    assert err == ("ftn ratings: --predict: no player 'Bobb' in the games rated "
                   "(did you mean 'Bob'?)\n")


def test_the_page_draws_a_players_history(ftn: Ftn, tmp_path: Path) -> None:
    rng = random.Random(8)
    games = [game(rng, ["Ann"], ["Bob"], date=f"2026-01-0{d}") for d in range(1, 4)]
    code, page, _ = ftn(["ratings", "--format", "html", "--history", "Ann",
                         _write(tmp_path, games)])
    assert code == 0 and page.startswith("<!DOCTYPE html>")
    svg = page.split('<svg class="history"', 1)[1].split("</svg>", 1)[0]
    line = svg.split("<polyline points=\"", 1)[1].split('"', 1)[0].split()
    assert len(line) == 3  # a point for each of Ann's games
    ys = [float(p.split(",")[1]) for p in line]
    assert ys[0] > ys[1] > ys[2]  # rising (y grows downwards)
    assert 'class="sortable"' in page and "https://" not in page


def test_without_openskill_the_message_says_what_to_install(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "openskill.models", None)
    with pytest.raises(LeagueError) as e:
        api.ratings([_write(tmp_path, [game(random.Random(1), ["Ann"], ["Bob"])])])
    assert str(e.value) == INSTALL
    assert "pip install 'ftn-tools[league]'" in INSTALL
