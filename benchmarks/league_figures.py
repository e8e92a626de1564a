"""Figures for ftn standings and ftn ratings on a large league (a script,
not a test: it prints what it measured).

    python benchmarks/league_figures.py [GAMES] [--jobs N]   # default 100,000 games, 1 worker

Makes about GAMES games of made-up seasons (``tools/league_season.py``: 8
teams, 14 nights of 9 games, 504 games a season, a few faulty games
planted in each; games reused from a pool of 500 of each size so that
making them is quick), then runs ``ftn standings`` (by team and by
player) and ``ftn ratings`` on them, each under GNU time
(``/usr/bin/time -v``), and prints the wall time, the CPU time and the peak
resident memory of each, with the games counted and left out.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FTN = str(Path(sys.executable).parent / "ftn")
SEASON = 504


def measured(args: list[str]) -> tuple[float, float, int, str, str]:
    """Wall seconds, CPU seconds, peak memory (KiB), standard output and error."""
    run = subprocess.run(["/usr/bin/time", "-v", FTN, *args], capture_output=True, text=True,
                         check=False)
    if run.returncode != 0:
        raise SystemExit(f"ftn {' '.join(args)}: exit {run.returncode}\n{run.stderr[-2000:]}")
    err = run.stderr

    def field(name: str) -> str:
        m = re.search(rf"{re.escape(name)}: (.+)", err)
        assert m is not None, name
        return m[1].strip()

    wall = 0.0
    for part in field("Elapsed (wall clock) time (h:mm:ss or m:ss)").split(":"):
        wall = wall * 60 + float(part)
    cpu = float(field("User time (seconds)")) + float(field("System time (seconds)"))
    return wall, cpu, int(field("Maximum resident set size (kbytes)")), run.stdout, err


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else 100_000
    jobs = sys.argv[sys.argv.index("--jobs") + 1] if "--jobs" in sys.argv else "1"
    seasons = max(1, round(games / SEASON))
    with tempfile.TemporaryDirectory() as tmp:
        league = Path(tmp) / "league.ftn"
        subprocess.run([sys.executable, str(ROOT / "tools" / "league_season.py"), "-o",
                        str(league), "--seasons", str(seasons), "--pool", "500"], check=True)
        size = league.stat().st_size
        print(f"{seasons} seasons, {seasons * SEASON} games, {size / 1e6:.0f} MB; --jobs {jobs}")
        for label, args in (("standings --by team", ["standings", str(league)]),
                            ("standings --by player", ["standings", "--by", "player",
                                                       "--format", "csv", str(league)]),
                            ("ratings", ["ratings", "--format", "csv", str(league)])):
            wall, cpu, peak, out, _ = measured([*args, "--jobs", jobs])
            print(f"{label:<24} wall {wall:7.1f} s  cpu {cpu:7.1f} s  peak {peak / 1024:6.0f} MiB"
                  f"  ({len(out.splitlines())} lines out)")


if __name__ == "__main__":
    main()
