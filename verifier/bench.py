"""Benchmark: ``python -m verifier.bench`` prints events per second.

Boundary: measurement only, never a test. It generates a corpus of complete
games (2, 3 and 4 players), writes it to a temporary file, and times, on one
core (this process):

* parsing alone (text to records),
* ``ftn check`` end to end in-process (read the file, parse, replay, judge
  every claim, render the summary),
* the ``ftn check`` command as a user runs it (a new process, start-up
  included).

Each figure is the best of ``--repeat`` runs.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from notation.parser import read_games
from notation.printer import print_games

from .check import check_text
from .generate import generate_games


def _best(fn: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m verifier.bench", description=__doc__)
    ap.add_argument("--games", type=int, default=400, help="games per player count")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)

    t = time.perf_counter()
    text = "\n".join(
        print_games(generate_games(p, args.games, args.seed + p)) for p in (2, 3, 4)
    )
    gen_s = time.perf_counter() - t
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "corpus.ftn"
        path.write_text(text, encoding="utf-8")
        size = path.stat().st_size
        rep = check_text(text, str(path))
        events, games = rep.events, rep.games
        assert rep.errors == 0, "the generated corpus must check clean"

        parse_s = _best(lambda: list(read_games(path.read_text("utf-8").split("\n"))), args.repeat)

        def end_to_end() -> None:
            r = check_text(path.read_bytes().decode("utf-8-sig"), str(path))
            assert r.errors == 0

        check_s = _best(end_to_end, args.repeat)

        env = dict(os.environ, PYTHONHASHSEED="0")
        cmd = [sys.executable, "-m", "verifier", "check", str(path)]
        cli_s = _best(
            lambda: subprocess.run(cmd, check=True, capture_output=True, env=env), args.repeat
        )

    print(f"corpus: {games} games, {events} events, {size / 1e6:.1f} MB "
          f"(generated in {gen_s:.2f} s, {events / gen_s:,.0f} events/s)")
    print(f"parse only:              {events / parse_s:>10,.0f} events/s  ({parse_s:.3f} s)")
    print(f"check end to end:        {events / check_s:>10,.0f} events/s  ({check_s:.3f} s)")
    print(f"'ftn check' command:     {events / cli_s:>10,.0f} events/s  ({cli_s:.3f} s, "
          "start-up included)")
    print(f"games/s (check):         {games / check_s:>10,.0f}")


if __name__ == "__main__":
    main()
