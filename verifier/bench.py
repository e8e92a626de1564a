"""Benchmark: ``python -m verifier.bench`` prints events per second.

Boundary: measurement only, never a test. It generates a corpus of complete
games (2, 3 and 4 players), writes it to a temporary file, and times, on one
core (this process):

* parsing alone (text to records),
* ``ftn check`` end to end in-process (read the file, parse, replay, judge
  every claim, render the summary),
* the ``ftn check`` command as a user runs it (a new process, start-up
  included);
* the same corpus as JSON Lines: decoding alone (each document decoded and
  dropped, as the checker does), and ``ftn check`` end to end (schema
  validation, then the same replay), in games per second;
* ``ftn check --jobs 2`` on both files (wall clock: it needs two free cores);
* the start-up of ``ftn check`` on one small game (median CPU and wall
  time, and how many of the project's modules it loads), and the peak
  memory (maximum resident set) of the ``ftn check`` commands.

Each figure is the best of ``--repeat`` runs, as events per second of CPU
time (what one core does, whatever else the machine runs) and of wall-clock
time. The command runs with byte-code caching on (``PYTHONDONTWRITEBYTECODE``
unset), as Python runs on a user's machine.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path

from notation.ftn.printer import print_games
from notation.ftn.reader import read_games
from verifier.pipeline.jobs.check import check_text
from verifier.pipeline.jobs.rewrite import convert_text
from verifier.rules.generate import generate_games


def _children_cpu() -> float:
    """CPU seconds of the finished child processes; 0 where the platform has no
    ``resource`` module (Windows), so that importing this module never fails."""
    try:
        import resource  # POSIX only: imported here, not at import time
    except ImportError:  # pragma: no cover - Windows
        return 0.0
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


# Runs a command and prints the peak resident set of it alone. A process
# forked from this one would count this process's own memory in its peak (the
# high-water mark survives fork and exec on Linux), so the command is started
# from this small launcher instead.
_LAUNCH = (
    "import resource, subprocess, sys\n"
    "subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL)\n"
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
)


def _peak_mb(cmd: list[str], env: dict[str, str]) -> float:
    """The peak memory (maximum resident set) of a command, in MB; 0 where
    the platform has no ``resource`` module."""
    try:
        import resource  # noqa: F401  # POSIX only
    except ImportError:  # pragma: no cover - Windows
        return 0.0
    out = subprocess.run([sys.executable, "-c", _LAUNCH, *cmd], check=True,
                         capture_output=True, text=True, env=env).stdout
    kb = int(out.split()[-1])
    return kb / 1024 if sys.platform != "darwin" else kb / 1024 / 1024


# Runs ``ftn ARGS`` in this process and prints how many modules of the
# project (``notation``, ``verifier``) it loaded.
_MODULES = (
    "import sys\n"
    "sys.argv = ['ftn', *sys.argv[1:]]\n"
    "from verifier.cli.app import main\n"
    "try:\n"
    "    main()\n"
    "except SystemExit:\n"
    "    pass\n"
    "print(sum(m.split('.')[0] in ('notation', 'verifier') for m in sys.modules),\n"
    "      file=sys.stderr)\n"
)


def _modules(args: list[str], env: dict[str, str]) -> int:
    """How many modules of the project ``ftn ARGS`` loads."""
    done = subprocess.run([sys.executable, "-c", _MODULES, *args], capture_output=True,
                          text=True, env=env, check=True)
    return int(done.stderr.split()[-1])


def _start_up(cmd: list[str], env: dict[str, str], runs: int) -> tuple[float, float]:
    """The median CPU seconds (user and system, of the command alone) and
    the median wall seconds of ``runs`` runs of a command."""
    cpu, wall = [], []
    for _ in range(runs):
        k, t = _children_cpu(), time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True, env=env)
        wall.append(time.perf_counter() - t)
        cpu.append(_children_cpu() - k)
    return statistics.median(cpu), statistics.median(wall)


def _decode_each(path: Path) -> None:
    """Decode every JSON Lines document and drop it (the checker keeps one
    at a time)."""
    loads = json.loads
    with path.open(encoding="utf-8") as f:
        for line in f:
            if line.strip():
                loads(line)


def _best(fn: Callable[[], object], repeat: int) -> tuple[float, float]:
    """Best CPU seconds (this process and its children) and best wall seconds."""
    cpu = wall = float("inf")
    for _ in range(repeat):
        c, k, t = time.process_time(), _children_cpu(), time.perf_counter()
        fn()
        wall = min(wall, time.perf_counter() - t)
        cpu = min(cpu, time.process_time() - c + _children_cpu() - k)
    return cpu, wall


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

        parse_s = _best(
            lambda: deque(read_games(path.read_text("utf-8").split("\n")), maxlen=0), args.repeat
        )

        def end_to_end() -> None:
            r = check_text(path.read_bytes().decode("utf-8-sig"), str(path))
            assert r.errors == 0

        check_s = _best(end_to_end, args.repeat)

        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        cmd = [sys.executable, "-m", "verifier", "check", str(path)]
        cli_s = _best(
            lambda: subprocess.run(cmd, check=True, capture_output=True, env=env), args.repeat
        )

        jsonl, _ = convert_text(text, "jsonl")
        assert jsonl is not None
        jpath = Path(tmp) / "corpus.jsonl"
        jpath.write_text(jsonl, encoding="utf-8")

        def json_check() -> None:
            r = check_text(jpath.read_bytes().decode("utf-8-sig"), str(jpath))
            assert r.errors == 0 and r.games == games

        decode_s = _best(lambda: _decode_each(jpath), args.repeat)
        jcheck_s = _best(json_check, args.repeat)
        jcmd = [sys.executable, "-m", "verifier", "check", str(jpath)]
        jcli_s = _best(
            lambda: subprocess.run(jcmd, check=True, capture_output=True, env=env), args.repeat
        )
        peak_mb = (_peak_mb(cmd, env), _peak_mb(jcmd, env))
        jobs_s = _best(lambda: subprocess.run(
            [*cmd, "--jobs", "2"], check=True, capture_output=True, env=env), args.repeat)
        jjobs_s = _best(lambda: subprocess.run(
            [*jcmd, "--jobs", "2"], check=True, capture_output=True, env=env), args.repeat)

        one = Path(tmp) / "one.ftn"
        one.write_text(print_games(generate_games(2, 1, args.seed)), encoding="utf-8")
        start_cpu, start_s = _start_up([sys.executable, "-m", "verifier", "check", str(one)],
                                       env, max(10, args.repeat))
        start_modules = _modules(["check", str(one)], env)

    print(f"corpus: {games} games, {events} events, {size / 1e6:.1f} MB "
          f"(generated in {gen_s:.2f} s, {events / gen_s:,.0f} events/s)")
    print(f"{'':26}{'events/s (CPU)':>16}{'events/s (wall)':>17}")
    for label, (cpu, wall) in (
        ("parse only", parse_s),
        ("check end to end", check_s),
        ("'ftn check' command", cli_s),
    ):
        print(f"{label + ':':26}{events / cpu:>16,.0f}{events / wall:>17,.0f}")
    print("(the command's figures include its start-up; games/s for checking: "
          f"{games / check_s[0]:,.0f})")
    print(f"JSON Lines: {len(jsonl) / 1e6:.1f} MB, {events / games:.0f} events per game")
    print(f"{'':26}{'games/s (CPU)':>16}{'games/s (wall)':>17}")
    for label, (cpu, wall) in (
        ("JSON decoding alone", decode_s),
        ("check JSONL end to end", jcheck_s),
        ("'ftn check' on JSONL", jcli_s),
    ):
        print(f"{label + ':':26}{games / cpu:>16,.0f}{games / wall:>17,.0f}")
    print(f"'ftn check --jobs 2' (wall): {events / jobs_s[1]:,.0f} events/s on FTN "
          f"({cli_s[1] / jobs_s[1]:.2f}x one process), {games / jjobs_s[1]:,.0f} games/s "
          f"on JSONL ({jcli_s[1] / jjobs_s[1]:.2f}x)")
    print(f"start-up: 'ftn check' on one game, median {start_cpu * 1000:.0f} ms CPU "
          f"({start_s * 1000:.0f} ms wall), {start_modules} modules of the project loaded")
    print(f"peak memory of 'ftn check': {peak_mb[0]:.0f} MB on FTN, {peak_mb[1]:.0f} MB on "
          "JSON Lines")


if __name__ == "__main__":
    main()
