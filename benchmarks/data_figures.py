"""Figures for ftn stats, select and export on large inputs (a script, not
a test: it prints what it measured).

    python benchmarks/data_figures.py compare N     # N generated games and a mutated copy:
                                               # stats = an independent count, select
                                               # splits, export's tables in DuckDB
    python benchmarks/data_figures.py memory FILE   # peak memory and time of each command

``compare`` counts independently over ``ftn replay --format json`` and
``ftn check --format json`` run on chunks of 500 games (the JSON of 10,000
games is too big to hold at once), and ``ftn stats`` once on the whole file.
``memory`` runs each command under GNU time (``/usr/bin/time -v``) with
one worker, and prints its peak resident memory and wall time.

It counts with the data tests' own helpers (``tests/unit/data/test_data.py``,
``tests/unit/data/test_export.py``) and mutates with the golden tool's ``mutate``
(``tools/golden.py``); ``tests/unit/data/test_data_scale.py`` runs ``compare``.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

#: The golden tool's ``mutate`` and the data tests' independent count.
ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tools"), str(ROOT / "tests")]

from golden import mutate  # noqa: E402
from support.counts import independent, same_counts, stats_json  # noqa: E402
from support.ftn import run_ftn  # noqa: E402

FTN = str(Path(sys.executable).parent / "ftn")


def chunks(path: Path, size: int, work: Path) -> list[Path]:
    games = path.read_text(encoding="utf-8").split("\nend\n")
    out = []
    for i in range(0, len(games), size):
        part = [g for g in games[i:i + size] if g.strip()]
        if part:
            p = work / f"{path.stem}.{i // size:03d}.ftn"
            p.write_text("\nend\n".join(part) + "\nend\n", encoding="utf-8")
            out.append(p)
    return out


def counted(path: Path, work: Path) -> dict[str, Any]:
    """``independent`` over the chunks of ``path``, added up; ``codes``: ftn
    check's codes of each game with findings, by its number in ``path``."""
    total: dict[str, Any] = {}
    codes: dict[int, list[str]] = {}
    first = 0  # games in the chunks before this one
    for part in chunks(path, 500, work):
        got = independent(part)
        codes.update((first + g, c) for g, c in got.pop("codes").items())
        first += got["games"]
        for k, v in got.items():
            total[k] = total.get(k, Counter() if isinstance(v, Counter) else 0) + v
    total["codes"] = codes
    return total


def corpora(n: int, work: Path) -> tuple[Path, Path]:
    """``n`` generated games of four players (``good.ftn``) and a mutated
    copy (``mutated.ftn``), in ``work``."""
    good = work / "good.ftn"
    subprocess.run([FTN, "generate", "-p", "4", "-n", str(n), "-s", "22", "-o", str(good)],
                   check=True)
    bad = work / "mutated.ftn"
    bad.write_text(mutate(good.read_text(encoding="utf-8"), 22), encoding="utf-8")
    return good, bad


def stats_counted(path: Path, work: Path) -> dict[str, Any]:
    """``ftn stats`` of ``path`` equals the independent count; that count."""
    t = time.perf_counter()
    d = stats_json(path)
    found = counted(path, work)
    same_counts(d, found)
    print(f"stats {path.name}: {d['games']} games, {d['events']} events, "
          f"{sum(f['count'] for f in d['findings'])} findings = the independent "
          f"count ({time.perf_counter() - t:.0f} s)")
    return found


def compare(n: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        good, bad = corpora(n, work)
        found = {p: stats_counted(p, work) for p in (good, bad)}
        # ftn check of each file ran once, in the chunks: its codes serve below.
        split(bad, work, found[bad]["games"], found[bad]["findings"])
        tables([good, bad], work, {(str(p), g): c for p in (good, bad)
                                   for g, c in found[p]["codes"].items()})


def check_codes(path: Path) -> tuple[int, Counter[str]]:
    import json

    _, out, _ = run_ftn(["check", "--format", "json", str(path)])
    d = json.loads(out)
    return d["summary"]["games"], Counter(x["code"] for x in d["diagnostics"])


def split(bad: Path, work: Path, games: int, codes: Counter[str]) -> None:
    """``select --clean`` and ``--faulty`` of ``bad`` (whose ``games`` and
    check ``codes`` are given) add up to it."""
    run_ftn(["select", str(bad), "--clean", "-o", str(work / "clean.ftn")])
    run_ftn(["select", str(bad), "--faulty", "-o", str(work / "faulty.jsonl.gz")])
    nc, cc = check_codes(work / "clean.ftn")
    nf, cf = check_codes(work / "faulty.jsonl.gz")
    assert nc + nf == games and not cc and cf == codes
    print(f"select: {nc} clean + {nf} faulty = {games} games; the faulty ones' findings are "
          f"the input's ({sum(codes.values())})")


def tables(paths: list[Path], work: Path, want: dict[tuple[str, int], list[str]]) -> None:
    """``export --to parquet`` of ``paths`` in one set of tables, read in
    DuckDB; ``want``: ftn check's codes of each game with findings, by file
    and number."""
    import duckdb
    from support.counts import sides_off

    out = work / "tables"
    code, _, err = run_ftn(["export", *map(str, paths), "--to", "parquet", "-o", str(out)])
    assert code == 0, err
    t = {n: f"'{out / n}.parquet'" for n in ("games", "sides", "rounds", "events")}
    con = duckdb.connect()
    off = con.sql(sides_off(t)).fetchall()
    # ... and from a side's points to the game's final totals.
    totals_off = con.sql(f"""
        WITH s AS (SELECT game_id, bool_and(coalesce(start, 0) + points = total) AS adds_up,
                          string_agg(total::VARCHAR, ',' ORDER BY side) AS totals
                   FROM {t['sides']} GROUP BY ALL)
        SELECT count(*) FROM {t['games']} g JOIN s USING (game_id)
        WHERE NOT s.adds_up OR g.totals IS DISTINCT FROM s.totals""").fetchall()
    games = con.sql(f"SELECT count(*) FROM {t['games']}").fetchall()[0][0]
    got = {(f, g): c.split(",") for f, g, c in con.sql(
        f"SELECT file, game, codes FROM {t['games']} WHERE codes IS NOT NULL").fetchall()}
    assert off == [(0,)] and totals_off == [(0,)] and got == want
    print(f"export: {games} games; every side's points = its credited points (and the steps "
          f"to the claimed totals after rounds cut short, R8.5), its start + points = its "
          f"total, the sides' totals = the game's final totals; the codes of "
          f"{len(got)} games with findings = ftn check's")


def memory(path: Path) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        runs = {
            "stats": ["stats", str(path)],
            "select": ["select", "--faulty", str(path), "-o", f"{tmp}/faulty.ftn"],
            "export": ["export", str(path), "--to", "parquet", "-o", f"{tmp}/tables"],
        }
        for name, args in runs.items():
            r = subprocess.run(["/usr/bin/time", "-v", FTN, *args], capture_output=True,
                               text=True)
            rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", r.stderr)
            wall = re.search(r"Elapsed \(wall clock\) time.*: (\S+)", r.stderr)
            assert rss and wall, r.stderr
            print(f"{name:7} {path.name}: peak {int(rss.group(1)) / 1024:.0f} MB, "
                  f"{wall.group(1)} wall (exit {r.returncode})", flush=True)


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "compare":
        compare(int(sys.argv[2]))
    elif len(sys.argv) == 3 and sys.argv[1] == "memory":
        memory(Path(sys.argv[2]))
    else:
        sys.exit(__doc__)
