"""The counts the data tests and ``benchmarks/data_figures.py`` compare:
``ftn stats`` as JSON, the same counts taken independently from ``ftn
replay`` and ``ftn check`` (not from ``verifier.data``), their comparison,
and the DuckDB SQL that finds sides whose points are not their credited
points. It computes and compares; it generates no games."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

from support.ftn import run_ftn


def stats_json(*paths: Path, by: str | None = None) -> dict[str, Any]:
    code, out, err = run_ftn(["stats", "--format", "json", *map(str, paths),
                              *(["--by", by] if by else [])])
    assert code in (0, 1), err
    doc: dict[str, Any] = json.loads(out)
    return doc


def independent(path: Path) -> dict[str, Any]:
    """The counts from ftn replay --format json and ftn check --format json
    (and, for player names, the seat tags), not from verifier.data; and
    ``codes``: ftn check's codes of each game with findings, by its number.
    ``events`` are the records' own (check's summary), ``replayed`` those
    the replay played (after an illegal move, the rest of its round is
    not)."""
    code, out, err = run_ftn(["replay", "--format", "json", str(path)])
    assert code in (0, 1) and err == "", err  # 1: a replay stopped at an illegal move
    games = json.loads(out)["games"]
    _, out, _ = run_ftn(["check", "--format", "json", str(path)])
    checked = json.loads(out)
    diagnostics, summary = checked["diagnostics"], checked["summary"]
    findings = Counter(x["code"] for x in diagnostics)
    by_game: dict[int, list[str]] = {}
    for x in diagnostics:
        by_game.setdefault(x["game"], []).append(x["code"])
    names = [dict(re.findall(r'\[seat "(\w+)" "([^"]+)"\]', g))
             for g in path.read_text(encoding="utf-8").split("\nend\n") if "[seat" in g]
    assert len(names) == len(games)
    sides: Counter[str] = Counter()
    seats: Counter[str] = Counter()
    players: Counter[str] = Counter()
    won: Counter[str] = Counter()
    dominoes: Counter[str] = Counter()
    over: Counter[str] = Counter()
    results: Counter[str] = Counter()
    ends: Counter[str] = Counter()
    points: Counter[str] = Counter()
    rounds = replayed = 0
    for g, who in zip(games, names, strict=True):
        won[g["winner"]] += 1
        rounds += len(g["rounds"])
        for r in g["rounds"]:
            if r["result"]:
                results[r["result"]["outcome"]] += 1
                if r["result"]["outcome"] == "domino":
                    dominoes[r["result"]["seat"]] += 1
            for e in r["events"]:
                replayed += 1
                if e["type"] == "place":
                    ends[str(e["endTotal"])] += 1
                    points[str(e["placementPoints"])] += 1
                    if e["credited"]:
                        sides[e["side"]] += e["eventPoints"]
                        seats[e["seat"]] += e["eventPoints"]
                        players[who[e["seat"]]] += e["eventPoints"]
                    else:
                        over[e["seat"]] += 1
    return {"games": len(games), "rounds": rounds, "events": summary["events"],
            "replayed": summary.get("replayed", summary["events"]), "results": results,
            "findings": findings, "sides": sides, "seats": seats, "players": players,
            "won": won, "dominoes": dominoes, "over": over, "ends": ends, "points": points,
            "codes": by_game}


def same_counts(d: dict[str, Any], want: dict[str, Any]) -> None:
    assert (d["games"], d["rounds"], d["events"]) == (want["games"], want["rounds"],
                                                      want["events"])
    assert d.get("replayed", d["events"]) == want["replayed"]
    assert {k: v for k, v in d["results"].items() if v} == dict(want["results"])
    assert {f["code"]: f["count"] for f in d["findings"]} == dict(want["findings"])
    for table in ("sides", "seats", "players"):
        assert {k: v["points"] for k, v in d[table].items() if v["points"]} == dict(
            want[table])
    assert {k: v["won"] for k, v in d["sides"].items() if v["won"]} == {
        k: n for k, n in want["won"].items() if k is not None}
    assert {k: v["dominoes"] for k, v in d["seats"].items() if v["dominoes"]} == dict(
        want["dominoes"])
    assert {k: v["overshoots"] for k, v in d["seats"].items() if v["overshoots"]} == dict(
        want["over"])
    assert d["endTotals"] == dict(want["ends"]) and d["placementPoints"] == dict(
        want["points"])


def per_side(t: dict[str, str]) -> str:
    """Each round of each side that replayed an event: its totals at start
    and end, the last known totals before it (the game's start totals
    before the first; a round whose replay ended before its first event
    has none), the outcome of the round before, and
    the points credited to the side in it (DuckDB SQL over the tables ``t``
    names)."""
    return f"""
        WITH a AS (SELECT r.*, s.side AS i, s.name AS side_name,
                          string_split(r.start_totals, ',')[s.side]::INT AS at_start,
                          string_split(r.totals, ',')[s.side]::INT AS at_end,
                          coalesce(last_value(string_split(r.totals, ',')[s.side]::INT
                                                  IGNORE NULLS)
                            OVER (PARTITION BY r.game_id, s.side ORDER BY r.round
                                  ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING),
                            s.start) AS before,
                          lag(r.outcome) OVER (PARTITION BY r.game_id, s.side ORDER BY r.round)
                            AS outcome_before
                   FROM {t['rounds']} r JOIN {t['sides']} s USING (game_id)),
             r AS (SELECT * FROM a WHERE start_totals IS NOT NULL),
             c AS (SELECT game_id, round, side, sum(event_points) AS p FROM {t['events']}
                   WHERE credited GROUP BY ALL)
        SELECT r.*, coalesce(c.p, 0) AS credited FROM r LEFT JOIN c
          ON c.game_id = r.game_id AND c.round = r.round AND c.side = r.side_name"""


def sides_off(t: dict[str, str]) -> str:
    """The sides whose points are not their credited points and the steps to
    the claimed totals after rounds cut short (R8.5): a count (DuckDB SQL)."""
    return f"""
        WITH p AS (SELECT game_id, side_name, sum(credited) AS credited,
                          sum(CASE WHEN at_start <> before THEN at_start - before ELSE 0 END)
                            AS stepped
                   FROM ({per_side(t)}) GROUP BY ALL)
        SELECT count(*) FROM {t['sides']} s LEFT JOIN p
          ON p.game_id = s.game_id AND p.side_name = s.name
        WHERE coalesce(p.credited, 0) + coalesce(p.stepped, 0) <> s.points"""
