"""A made-up league season as FTN records (``verifier.league.season``).

    python tools/league_season.py -o season.ftn                    # 8 teams, 14 nights
    python tools/league_season.py -o big.ftn --seasons 199 --pool 500   # ~100,000 games

Each night every team plays one match of 9 games (6 singles, then 3
pairs), home and away in turn; a few games are made faulty on purpose
(``--faulty``: a wrong claim of points, a wrong winner, a line that does
not parse, in turn) and one has a warning (a [team] tag that names no
seat). ``--seasons`` N writes N seasons (2026, 2027...), each from its own
seed; ``--pool`` reuses that many games of each size, with the night's
players and tags (fast, for benchmarks). The output is written whole or
not at all.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

from verifier.files.outputs import write_chunks
from verifier.league.season import Plan, season_texts


def texts(plan: Plan, seasons: int) -> Iterator[str]:
    for k in range(seasons):
        first = True
        for text in season_texts(replace(plan, seed=plan.seed + k,
                                         season=str(int(plan.season) + k))):
            yield "\n" + text.lstrip("\n") if k and first else text
            first = False


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("-o", "--output", type=Path, help="the file (default: standard output)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--teams", type=int, default=8)
    p.add_argument("--nights", type=int, default=14)
    p.add_argument("--faulty", type=int, default=3, help="faulty games planted per season")
    p.add_argument("--seasons", type=int, default=1)
    p.add_argument("--pool", type=int, default=None)
    a = p.parse_args(argv)
    if not 2 <= a.teams <= 12 or a.teams % 2:
        p.error("--teams: an even number from 2 to 12")
    plan = Plan(a.seed, a.teams, a.nights, a.faulty, pool=a.pool)
    write_chunks(texts(plan, a.seasons), a.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
