"""One meaning of "events": the check summary (text and JSON), ``ftn
stats`` (text and JSON) and the ``games`` table count the records' own
events, every event line of the games read (a game with a line that cannot
be read: the lines that could be); where fewer were replayed, that count is
given apart (``replayed``); the ``events`` table has a row for each."""

from __future__ import annotations

import csv
import json
from collections.abc import Callable
from pathlib import Path

from support.ftn import Ran
from support.paths import SAMPLES

# A clean game, a game with an illegal move and a file of two games, the
# first with a line that cannot be read.
INPUTS = [SAMPLES / "valid" / "two-players-r8-3.ftn",
          SAMPLES / "invalid" / "tile-does-not-fit.ftn",
          SAMPLES / "invalid" / "syntax-error.ftn"]
# By hand: two-players-r8-3 has 122 event lines, all replayed;
# tile-does-not-fit has 122, and its round 1 stops at event 2 of 6 (2-2
# fits no end): 5 not replayed, the 11 later rounds replayed whole (117);
# syntax-error's game 1 has 122 event lines, one of which (line 17, its
# totals unclosed) cannot be read: 121 events, and round 1's replay ends
# there, so the 4 read after it in round 1 are not replayed (117); its
# game 2 has 128, all replayed.
EVENTS = 122 + 122 + 121 + 128
REPLAYED = 122 + (122 - 5) + (121 - 4) + 128


def test_check_stats_and_tables_count_the_same_events(
        ftn: Callable[..., Ran[str]], tmp_path: Path) -> None:
    paths = [str(p) for p in INPUTS]
    r = ftn(["check", *paths])
    assert r.stdout.endswith(
        f"3 files, 4 games, {EVENTS} events ({REPLAYED} replayed): 2 errors, 0 warnings\n")
    r = ftn(["check", "--format", "json", *paths])
    summary = json.loads(r.stdout)["summary"]
    assert (summary["events"], summary["replayed"]) == (EVENTS, REPLAYED)
    r = ftn(["stats", *paths])
    assert f"events {EVENTS} ({REPLAYED} replayed: " in r.stdout.split("\n")[0]
    r = ftn(["stats", "--format", "json", *paths])
    st = json.loads(r.stdout)
    assert (st["events"], st["replayed"]) == (EVENTS, REPLAYED)
    assert st["placements"] + st["knocks"] == REPLAYED
    out = tmp_path / "tables"
    ftn(["export", *paths, "-o", str(out), "--to", "csv"])
    with (out / "games.csv").open(encoding="utf-8") as f:
        games = list(csv.DictReader(f))
    assert sum(int(g["events"] or 0) for g in games) == EVENTS
    assert sum(int(g["replayed"] or 0) for g in games) == REPLAYED
    with (out / "events.csv").open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == EVENTS
    assert sum(row["replayed"] == "true" for row in rows) == REPLAYED


def test_a_clean_input_says_no_replayed_count(ftn: Callable[..., Ran[str]]) -> None:
    r = ftn(["check", str(INPUTS[0])])
    assert r.stdout == "1 file, 1 game, 122 events: 0 errors, 0 warnings\n"
    r = ftn(["check", "--format", "json", str(INPUTS[0])])
    assert "replayed" not in json.loads(r.stdout)["summary"]
