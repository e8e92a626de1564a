"""ftn stats, select and export (verifier.data): hand-computed counts and
rows of one round, and, over generated games and mutated copies, the same
counts as an independent script over ``ftn replay --format json`` and
``ftn check --format json``."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from golden import mutate
from support.corpora import ROUND, WRONG, generated
from support.counts import independent, same_counts, stats_json
from support.ftn import Ftn, run_ftn


@pytest.fixture
def one(tmp_path: Path) -> Path:
    p = tmp_path / "round.ftn"
    p.write_text(ROUND, encoding="utf-8")
    return p


# -- stats: hand-computed -------------------------------------------------------


def test_stats_of_one_round(one: Path) -> None:
    d = stats_json(one)
    assert (d["games"], d["rounds"], d["events"], d["placements"], d["knocks"]) == (
        1, 1, 23, 14, 9)
    assert d["results"] == {"domino": 0, "blocked": 1, "target": 0}
    assert d["findings"] == [] and d["complete"] == 0
    assert d["sides"]["N+S"]["points"] == 14 and d["sides"]["E+W"]["points"] == 7
    assert {k: v["points"] for k, v in d["seats"].items()} == {"N": 6, "E": 0, "S": 8, "W": 7}
    assert d["players"]["Cy"] == {"games": 1, "won": 0, "points": 8, "rounds": 1,
                                  "pointsPerRound": 8.0, "dominoes": 0, "overshoots": 0}
    # End totals 1 4 5 7 8 9 12 7 5 9 11 10 12 9; their points (R6.2) 0 x6,
    # 1 x2 (5), 2 x1 (10), 3 x3 (9), 4 x2 (12).
    assert d["endTotals"] == {"1": 1, "4": 1, "5": 2, "7": 2, "8": 1, "9": 3, "10": 1,
                              "11": 1, "12": 2}
    assert d["placementPoints"] == {"0": 6, "1": 2, "2": 1, "3": 3, "4": 2}
    assert d["rules"] == {"4 players, main form": 1}
    assert d["options"]["partnerships=on"] == 1


def test_stats_findings_text_and_exit(tmp_path: Path, ftn: Ftn) -> None:
    p = tmp_path / "wrong.ftn"
    p.write_text(WRONG, encoding="utf-8")
    code, out, _ = ftn(["stats", str(p)])
    assert code == 1  # errors, as ftn check
    assert "findings: 1" in out and re.search(r"^\s+1\s+FT302\s+points-mismatch$", out, re.M)
    assert re.search(r"^  N\+S +1 +0 +14 +1 +14\.00 +0 +0$", out, re.M)


def test_stats_by_tag_and_csv(one: Path, tmp_path: Path, ftn: Ftn) -> None:
    other = tmp_path / "other.ftn"
    other.write_text(ROUND.replace("Spring 2025", "Autumn 2025").replace('"Ann"', '"Al"'),
                     encoding="utf-8")
    d = stats_json(one, other, by="event")
    assert d["by"] == "event" and sorted(d["groups"]) == ["Autumn 2025", "Spring 2025"]
    assert d["groups"]["Autumn 2025"]["players"]["Al"]["points"] == 6
    by_player = stats_json(one, other, by="player")["groups"]
    assert by_player["Cy"]["games"] == 2 and by_player["Ann"]["games"] == 1
    code, out, _ = ftn(["stats", "--format", "csv", str(one)])
    assert code == 0 and out.startswith("group,section,key,measure,value\n")
    assert ",sides,N+S,points,14\n" in out and ",findings," not in out


def test_stats_empty_and_unreadable(tmp_path: Path, ftn: Ftn) -> None:
    empty = tmp_path / "empty.ftn"
    empty.write_text("# nothing\n", encoding="utf-8")
    d = stats_json(empty)
    assert d["games"] == 0 and d["findings"] == [
        {"code": "FT402", "name": "no-games", "count": 1}]
    code, _, err = ftn(["stats", str(tmp_path / "missing.ftn")])
    assert code == 2 and "missing.ftn" in err and "Traceback" not in err


# -- stats: against an independent count ----------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4])
def test_stats_equal_an_independent_count(tmp_path: Path, players: int, ftn: Ftn) -> None:
    good = generated(tmp_path, 150, players)
    bad = tmp_path / "mutated.ftn"
    bad.write_text(mutate(good.read_text(encoding="utf-8"), 5), encoding="utf-8")
    for p in (good, bad):
        want = independent(p)
        same_counts(stats_json(p), want)
    assert independent(bad)["findings"]  # the mutated copy has findings to count
    _, out, _ = ftn(["stats", "--format", "json", "--jobs", "2", str(bad)])
    assert json.loads(out) == stats_json(bad)


# -- select ------------------------------------------------------------------------


def check_codes(path: Path) -> tuple[int, Counter[str]]:
    _, out, _ = run_ftn(["check", "--format", "json", str(path)])
    d = json.loads(out)
    return d["summary"]["games"], Counter(x["code"] for x in d["diagnostics"])


def test_select_filters(one: Path, tmp_path: Path, ftn: Ftn) -> None:
    wrong = tmp_path / "wrong.ftn"
    wrong.write_text(WRONG.replace("Spring", "Summer"), encoding="utf-8")
    both = [str(one), str(wrong)]

    def kept(*args: str) -> int:
        code, out, err = ftn(["select", *both, *args])
        assert code == 0, err
        return out.count("\nend\n")

    assert kept() == 2
    assert kept("--tag", "event=Spring*") == 1 and kept("--tag", "event=*2025") == 2
    assert kept("--tag", "season=2024") == 0 and kept("--tag", "seat=N Ann") == 2
    assert kept("--player", "Cy", "--player", "A*") == 2 and kept("--player", "Zed") == 0
    assert kept("--players", "4") == 2 and kept("--players", "2") == 0
    assert kept("--rule", "target=61") == 2 and kept("--rule", "partnerships=off") == 0
    assert kept("--with", "FT302") == 1 and kept("--with", "FT3") == 1
    assert kept("--with", "points-mismatch") == 1 and kept("--without", "FT302") == 1
    assert kept("--clean") == 1 and kept("--faulty") == 1
    _, out, _ = ftn(["select", *both, "--faulty"])
    assert "=12 +5" in out  # the claims go through as written


@pytest.mark.parametrize("args, message", [
    (["--clean", "--faulty"], "--clean and --faulty exclude each other"),
    (["--with", "FT99"], "'FT99' is not a code"),
    (["--with", "points"], "did you mean points-mismatch"),
    (["--rule", "targte=61"], "did you mean target?"),
    (["--tag", "event"], "--tag takes KEY=GLOB"),
])
def test_select_bad_filters(one: Path, args: list[str], message: str, ftn: Ftn) -> None:
    code, out, err = ftn(["select", str(one), *args])
    assert code == 2 and message in err and out == ""


def test_select_writes_any_format(one: Path, tmp_path: Path, ftn: Ftn) -> None:
    for name in ("out.jsonl.gz", "out.json", "out.ftn"):
        code, _, err = ftn(["select", str(one), "-o", str(tmp_path / name)])
        assert code == 0 and "1 of 1 games" in err
        assert check_codes(tmp_path / name) == (1, Counter())
    code, out, _ = ftn(["fmt", str(one)])
    assert (tmp_path / "out.ftn").read_text(encoding="utf-8") == out  # canonical form


def test_select_unreadable_game(one: Path, tmp_path: Path, ftn: Ftn) -> None:
    bad = tmp_path / "bad.ftn"
    bad.write_text(ROUND + "\ngame\n[ftn \"1\"]\nround x\nend\n", encoding="utf-8")
    out = tmp_path / "o.ftn"
    code, _, err = ftn(["select", str(bad), "-o", str(out)])
    assert code == 1 and "FT001" in err and "1 of 1 games (1 unreadable)" in err
    assert check_codes(out) == (1, Counter())


@pytest.mark.slow
def test_select_splits_clean_and_faulty(tmp_path: Path, ftn: Ftn) -> None:
    good = generated(tmp_path, 200, 4)
    bad = tmp_path / "mutated.ftn"
    bad.write_text(mutate(good.read_text(encoding="utf-8"), 3), encoding="utf-8")
    games, codes = check_codes(bad)
    ftn(["select", str(bad), "--clean", "-o", str(tmp_path / "clean.ftn")])
    ftn(["select", str(bad), "--faulty", "-j", "2", "-o", str(tmp_path / "faulty.jsonl")])
    n_clean, c_clean = check_codes(tmp_path / "clean.ftn")
    n_faulty, c_faulty = check_codes(tmp_path / "faulty.jsonl")
    assert n_clean + n_faulty == games and n_clean and n_faulty
    assert c_clean == Counter() and c_faulty == codes


@pytest.mark.slow
def test_select_unique(tmp_path: Path, ftn: Ftn) -> None:
    good = generated(tmp_path, 60, 2)
    text = good.read_text(encoding="utf-8")
    # The same games again: other tags, and every totals claim left out.
    again = tmp_path / "again.ftn"
    again.write_text(re.sub(r" \(\d+,\d+\)", "", text.replace("generated", "copied")),
                     encoding="utf-8")
    out = tmp_path / "u.ftn"
    code, _, err = ftn(["select", "--unique", str(good), str(again), "-o", str(out)])
    assert code == 0 and "60 of 120 games" in err
    assert out.read_text(encoding="utf-8") == ftn(["fmt", str(good)])[1]


def test_stats_by_rules_players_and_seat(one: Path, tmp_path: Path, ftn: Ftn) -> None:
    two = tmp_path / "two.ftn"
    code, _, _ = ftn(["generate", "-p", "2", "-n", "2", "-s", "4", "--rule", "target=31",
                      "-o", str(two)])
    assert code == 0
    by_rules = stats_json(one, two, by="rules")["groups"]
    assert {k: v["games"] for k, v in by_rules.items()} == {
        "4 players, main form": 1, "2 players, target=31": 2}
    assert sorted(stats_json(one, two, by="players")["groups"]) == ["2", "4"]
    by_seat = stats_json(one, two, by="seat")["groups"]
    assert by_seat["N"]["games"] == 3 and by_seat["W"]["games"] == 1
    assert stats_json(one, by="date")["groups"] == {"(none)": stats_json(one, by="x")[
        "groups"]["(none)"]}
