"""ftn export (verifier.data.export, tables): the rows of one round by hand,
and over generated games and a mutated copy, in DuckDB: the credited
points add up to the final totals, the finding codes are ftn check's; the
README's DuckDB (and pandas) example runs."""

from __future__ import annotations

import csv
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
from golden import mutate
from support.corpora import ROUND, WRONG, generated
from support.counts import per_side, sides_off
from support.docs import blocks, page
from support.ftn import Ftn, run_ftn

from verifier.data.tables import TABLES


def export(tmp_path: Path, to: str, *inputs: Path, name: str = "tables") -> Path:
    out = tmp_path / name
    code, _, err = run_ftn(["export", *map(str, inputs), "--to", to, "-o", str(out)])
    assert code == 0, err
    return out


def rows(folder: Path, table: str) -> list[dict[str, str]]:
    with open(folder / f"{table}.csv", encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def test_rows_of_one_round(tmp_path: Path) -> None:
    (tmp_path / "w.ftn").write_text(WRONG, encoding="utf-8")
    out = export(tmp_path, "csv", tmp_path / "w.ftn")
    events = rows(out, "events")
    assert len(events) == 23 and [e["event"] for e in events[:3]] == ["1", "2", "3"]
    e = events[7]  # N 3-6 R =12 +5 (7,1): worth 4 (R6.2), the claim says 5
    assert (e["seat"], e["side"], e["player"], e["kind"], e["tile"], e["end"]) == (
        "N", "N+S", "Ann", "place", "3-6", "R")
    assert (e["left"], e["right"], e["end_total"], e["placement_points"], e["bonus"]) == (
        "6", "6", "12", "4", "0")
    assert (e["event_points"], e["credited"], e["totals"], e["side_total"]) == (
        "4", "true", "7,1", "7")
    assert (e["claimed_end_total"], e["claimed_points"], e["claimed_bonus"],
            e["claimed_over"], e["claimed_totals"], e["finding"]) == (
        "12", "5", "", "false", "7,1", "FT302")
    knock = events[6]
    assert (knock["kind"], knock["seat"], knock["tile"], knock["credited"]) == (
        "knock", "W", "", "")
    (g,) = rows(out, "games")
    assert (g["game_id"], g["players"], g["names"], g["winner"], g["totals"], g["codes"],
            g["claimed_winner"]) == ("1", "4", "Ann,Bob,Cy,Di", "", "14,7", "FT302", "none")
    assert [(s["name"], s["players"], s["points"], s["won"]) for s in rows(out, "sides")] == [
        ("N+S", "Ann+Cy", "14", "false"), ("E+W", "Bob+Di", "7", "false")]
    (r,) = rows(out, "rounds")
    assert (r["outcome"], r["totals"], r["claimed_outcome"], r["events"]) == (
        "blocked", "14,7", "blocked", "23")
    (f,) = rows(out, "findings")
    assert (f["code"], f["round"], f["event"], f["claimed"], f["computed"]) == (
        "FT302", "1", "8", "+5", "+4")
    assert [t["key"] for t in rows(out, "tags")][-2:] == ["event", "season"]


def test_events_after_an_illegal_move(tmp_path: Path) -> None:
    bad = ROUND.replace("  N 3-6 R =12 +4 (7,1)\n", "  N 5-5 R =12 +4 (7,1)\n")
    (tmp_path / "b.ftn").write_text(bad, encoding="utf-8")
    events = rows(export(tmp_path, "csv", tmp_path / "b.ftn"), "events")
    assert len(events) == 23  # every event of the record, replayed or not
    e = events[7]
    assert e["replayed"] == "false" and e["finding"] == "FT203" and e["end_total"] == ""
    assert e["claimed_points"] == "4" and events[8]["replayed"] == "false"


@pytest.mark.parametrize("header", [
    ('[seat "W" "Di"]', '[seat "W" "Di"]\n[seat "W" "Dot"]'),  # a seat given twice
    ('[first "E"]', '[first "E"]\n[rule "target" "sixty"]'),  # a rule option unread
])
def test_a_game_whose_header_cannot_be_set_up_has_its_rounds_and_events_rows(
        tmp_path: Path, header: tuple[str, str]) -> None:
    """Nothing is replayed (FT002), but the record's round and its 23 events
    are rows, of what the record says: the games row's counts are theirs."""
    (tmp_path / "h.ftn").write_text(ROUND.replace(*header), encoding="utf-8")
    out = export(tmp_path, "csv", tmp_path / "h.ftn")
    (g,) = rows(out, "games")
    assert (g["codes"], g["rounds"], g["events"], g["replayed"], g["totals"]) == (
        "FT002", "1", "23", "0", "")
    (r,) = rows(out, "rounds")
    assert (r["round"], r["opener"], r["events"], r["replayed"], r["outcome"],
            r["claimed_outcome"], r["claimed_totals"]) == (
        "1", "E", "23", "false", "", "blocked", "14,7")
    events = rows(out, "events")
    assert len(events) == 23 and {e["replayed"] for e in events} == {"false"}
    e = events[7]  # N 3-6 R =12 +4 (7,1), as written; no value of the replay
    assert (e["round"], e["event"], e["seat"], e["kind"], e["tile"], e["end"]) == (
        "1", "8", "N", "place", "3-6", "R")
    assert (e["claimed_end_total"], e["claimed_points"], e["claimed_totals"], e["end_total"],
            e["side"], e["player"]) == ("12", "4", "7,1", "", "", "Ann")
    assert [(x["seat"], x["kind"]) for x in events[5:7]] == [("S", "place"), ("W", "knock")]
    assert rows(out, "sides") == []  # the sides are not known


def test_export_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ftn: Ftn) -> None:
    (tmp_path / "r.ftn").write_text(ROUND, encoding="utf-8")
    (tmp_path / "file").write_text("", encoding="utf-8")
    code, _, err = ftn(["export", str(tmp_path / "r.ftn"), "--to", "csv", "-o",
                        str(tmp_path / "file")])
    assert code == 2 and "not a folder" in err
    for name in ("pyarrow", "pyarrow.parquet"):  # Parquet needs no pyarrow
        monkeypatch.setitem(sys.modules, name, None)
    code, _, err = ftn(["export", str(tmp_path / "r.ftn"), "--to", "parquet", "-o",
                        str(tmp_path / "t")])
    assert code == 0, err
    assert sorted(p.name for p in (tmp_path / "t").iterdir()) == [
        f"{t}.parquet" for t in sorted(TABLES)]


def check_codes_by_game(path: Path) -> dict[tuple[str, int], list[str]]:
    _, out, _ = run_ftn(["check", "--format", "json", str(path)])
    found: dict[tuple[str, int], list[str]] = defaultdict(list)
    for d in json.loads(out)["diagnostics"]:
        found[(d["file"], d["game"])].append(d["code"])
    return found


@pytest.mark.slow
def test_parquet_in_duckdb(tmp_path: Path) -> None:
    duckdb = pytest.importorskip("duckdb")
    good = generated(tmp_path, 150, 4)
    bad = tmp_path / "mutated.ftn"
    bad.write_text(mutate(good.read_text(encoding="utf-8"), 9), encoding="utf-8")
    out = export(tmp_path, "parquet", good, bad)
    t = {name: f"'{out / name}.parquet'"
         for name in ("games", "sides", "rounds", "events", "findings")}
    con = duckdb.connect()

    def one(sql: str) -> Any:
        return con.sql(sql).fetchall()

    # The credited points of each round's events take it from its start
    # totals to its totals; over a game they add up to its sides' points,
    # but for the steps to the claimed totals after a round cut short (R8.5:
    # a round whose outcome is unknown), which the mutated file has.
    assert one(f"SELECT count(*) FROM {t['games']}") == [(300,)]
    rounds = per_side(t)
    assert one(f"SELECT count(*) FROM ({rounds}) WHERE at_end - at_start <> credited"
               ) == [(0,)]
    steps = one(f"""SELECT count(*) FILTER (WHERE at_start <> before),
                           count(*) FILTER (WHERE at_start <> before AND outcome_before IS NOT NULL)
                    FROM ({rounds})""")
    assert steps[0][0] > 0 and steps[0][1] == 0
    assert one(sides_off(t)) == [(0,)]
    assert one(f"""
        WITH t AS (SELECT game_id, string_agg(total::VARCHAR, ',' ORDER BY side) AS totals
                   FROM {t['sides']} GROUP BY ALL)
        SELECT count(*) FROM {t['games']} g JOIN t USING (game_id)
        WHERE g.totals <> t.totals""") == [(0,)]
    # The finding codes are ftn check's, game by game.
    want = check_codes_by_game(good) | check_codes_by_game(bad)
    got = {(f, g): c.split(",") for f, g, c in one(
        f"SELECT file, game, codes FROM {t['games']} WHERE codes IS NOT NULL")}
    assert got == dict(want) and sum(map(len, got.values())) > 20
    listed = one(f"SELECT file, game, code FROM {t['findings']} ORDER BY game_id, line, col")
    assert [c for _, _, c in listed] == [c for k in sorted(want) for c in want[k]]
    ev = one(f"""SELECT count(*) FILTER (WHERE finding IS NOT NULL) FROM {t['events']}""")
    assert ev[0][0] > 0


def readme_block(lang: str) -> str:
    """The first ``lang`` block of the page "Records as data"."""
    return blocks(page("data.md"), lang)[0]


@pytest.mark.slow
def test_readme_duckdb_and_pandas_example(tmp_path: Path, ftn: Ftn) -> None:
    duckdb = pytest.importorskip("duckdb")
    files = []
    for i, season in enumerate(("2024", "2025")):
        p = generated(tmp_path, 20, 2, seed=30 + i)
        text = p.read_text(encoding="utf-8").replace('[ftn "1"]\n',
                                                     f'[ftn "1"]\n[season "{season}"]\n')
        files.append(tmp_path / f"s{season}.ftn")
        files[-1].write_text(text, encoding="utf-8")
    out = export(tmp_path, "parquet", *files)
    sql = readme_block("sql").replace("'tables/", f"'{out}/")
    got = duckdb.connect().sql(sql).fetchall()
    assert {s for s, _, _ in got} == {"2024", "2025"} and len(got) == 4
    stats = {}
    for f in files:
        _, doc, _ = ftn(["stats", "--format", "json", str(f)])
        stats[f.stem[1:]] = json.loads(doc)["players"]
    assert {(s, p): n for s, p, n in got} == {
        (s, p): row["points"] for s, rows_ in stats.items() for p, row in rows_.items()}
    pytest.importorskip("pyarrow")  # pandas reads Parquet with it
    pd = pytest.importorskip("pandas")
    scope: dict[str, Any] = {}
    exec(readme_block("python").replace('"tables/', f'"{out}/'), scope)
    assert scope["pd"] is pd
    assert {k: int(v) for k, v in scope["points"].items()} == {
        (s, p): n for s, p, n in got}


def test_a_game_with_several_syntax_errors_is_one_game(tmp_path: Path, ftn: Ftn) -> None:
    # The FTN reader gives each syntax error of a game apart, then the game
    # read without its bad lines (judged from them, its header too): one game
    # for the data commands, as for ftn check, with every finding of it, not
    # read whole (readable false) and its rows those of the lines read.
    bad = ('game\n[ftn "1"]\n[seat "N" "A"]\n[seta "S" "B"]\n[first "N"]\n\n'
           "round 1 opener N\n  N 6-6 =12 +4 (4, 0)\n  S 6-4 r =16 +0 (4,0)\nend\n")
    (tmp_path / "r.ftn").write_text(ROUND + "\n" + bad, encoding="utf-8")
    want = check_codes_by_game(tmp_path / "r.ftn")
    assert want[(str(tmp_path / "r.ftn"), 2)] == ["FT002", "FT001", "FT001"]
    out = tmp_path / "t"
    code, _, err = ftn(["export", str(tmp_path / "r.ftn"), "--to", "csv", "-o", str(out)])
    assert code == 1 and err.endswith("ftn export: 2 games to " + f"{out}/ (games, sides, "
                                      "tags, rounds, events, findings.csv)\n"), err
    games = rows(out, "games")
    assert [(g["game"], g["readable"], g["codes"]) for g in games] == [
        ("1", "true", ""), ("2", "false", "FT002,FT001,FT001")]
    _, text, _ = ftn(["stats", str(tmp_path / "r.ftn")])
    # Game 2's two event lines are its syntax errors: its round is not
    # replayed and it has no events; game 1's round has 23.
    assert text.startswith("games 2 (0 complete, 0 unreadable), rounds 1, events 23 "), text
