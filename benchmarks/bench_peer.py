"""Peer benchmark: ``ftn check`` against python-chess's PGN reader, in one run.

    pip install '.[bench]'
    python benchmarks/bench_peer.py [--games N] [--repeat R] [--python PY ...]

Builds an FTN corpus (generated legal games of 2, 3 and 4 players) and a PGN
corpus of about as many plies (random legal chess games, made with
python-chess), then times, as whole processes and interleaved (A B A B, so
that a change of the machine's load falls on both):

* ``ftn check CORPUS.ftn`` and ``ftn check CORPUS.jsonl`` with each Python
  given by ``--python`` (a venv's interpreter: the pure build, the compiled
  one; default: this one), each labelled pure or compiled by what it imports;
* a process that reads the PGN corpus with ``chess.pgn.read_game`` (which
  parses and plays every move on a board, as ``ftn check`` replays every
  event) with this Python.

It prints, per command, the best of ``--repeat`` runs in CPU time (user +
system of the process: what one core does, whatever else the machine runs)
as events/s or plies/s, each ``ftn check``'s ratio to ``read_game`` per
event and per ply (above 1: faster than python-chess), and its speed
against the first ``--python``'s on the same notation ("vs first": give
the build to compare with first, say the main before a change).

Boundary: measurement only, never a test; it writes its corpora to a
temporary folder and changes nothing else. python-chess is in the ``bench``
extra; the FTN tools must be installed in every ``--python`` given.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

import chess
import chess.pgn

from notation.ftn.printer import print_games
from verifier.pipeline.jobs.check import check_text
from verifier.pipeline.jobs.rewrite import convert_text
from verifier.rules.generate import generate_games

# A process that reads a PGN file with python-chess and prints the plies.
_READ_PGN = """
import sys, chess.pgn
plies = games = 0
with open(sys.argv[1], encoding="utf-8") as f:
    while (game := chess.pgn.read_game(f)) is not None:
        games += 1
        plies += sum(1 for _ in game.mainline_moves())
print(games, plies)
"""

# What a Python's FTN tools are: compiled when the engine is a C extension.
_KIND = ("import verifier.rules.round as e\n"
         "print('compiled' if e.__file__.endswith(('.so', '.pyd')) else 'pure')")


def pgn_corpus(plies: int, seed: int) -> tuple[str, int, int]:
    """Random legal chess games of about ``plies`` plies in all (each ends at
    mate, a draw by the rules, or 160 plies), as PGN; with the games and plies."""
    rng = random.Random(seed)
    out: list[str] = []
    total = games = 0
    while total < plies:
        board = chess.Board()
        while not board.is_game_over(claim_draw=False) and board.ply() < 160:
            board.push(rng.choice(list(board.legal_moves)))
        game = chess.pgn.Game.from_board(board)
        game.headers["Event"] = f"random game {games + 1}"
        out.append(str(game))
        total += board.ply()
        games += 1
    return "\n\n".join(out) + "\n", games, total


def _cpu(cmd: list[str], cwd: str) -> tuple[float, str]:
    """CPU seconds (user + system) of a command run to its end, and its output.
    It runs in ``cwd`` (not the checkout, whose sources would shadow an
    installed compiled build: ``python -m`` puts the current folder first)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(cmd, capture_output=True, text=True, env=_ENV, cwd=cwd)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        sys.exit(f"bench_peer: {' '.join(cmd)} exited with {done.returncode}:\n{done.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, done.stdout


# Byte-code caching on, as Python runs on a user's machine.
_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python benchmarks/bench_peer.py", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200, help="FTN games per player count")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--python", action="append", default=[],
                    help="an interpreter with the FTN tools (repeat it: pure and compiled)")
    args = ap.parse_args(argv)
    pythons = args.python or [sys.executable]

    text = "\n".join(
        print_games(generate_games(p, args.games, args.seed + p)) for p in (2, 3, 4))
    report = check_text(text, "corpus.ftn")
    events, ftn_games = report.events, report.games
    if report.errors:
        sys.exit("bench_peer: the generated FTN corpus does not check clean")
    pgn, pgn_games, plies = pgn_corpus(events, args.seed)
    jsonl, _ = convert_text(text, "jsonl")
    assert jsonl is not None

    with tempfile.TemporaryDirectory() as tmp:
        ftn_path, jsonl_path, pgn_path = (Path(tmp) / n for n in
                                          ("corpus.ftn", "corpus.jsonl", "corpus.pgn"))
        ftn_path.write_text(text, encoding="utf-8")
        jsonl_path.write_text(jsonl, encoding="utf-8")
        pgn_path.write_text(pgn, encoding="utf-8")
        print(f"FTN: {ftn_games} games, {events} events, {len(text) / 1e6:.1f} MB "
              f"(JSON Lines {len(jsonl) / 1e6:.1f} MB); PGN: {pgn_games} games, {plies} plies, "
              f"{len(pgn) / 1e6:.1f} MB; python-chess {chess.__version__}")

        runs: dict[str, list[str]] = {"python-chess read_game": [
            sys.executable, "-c", _READ_PGN, str(pgn_path)]}
        kinds: list[str] = []
        for py in pythons:
            kind = subprocess.run([py, "-c", _KIND], capture_output=True, text=True,
                                  check=True, env=_ENV, cwd=tmp).stdout.strip()
            kinds.append(kind)
            for label, path in (("FTN", ftn_path), ("JSONL", jsonl_path)):
                runs[f"ftn check {label} ({kind}, {py})"] = [
                    py, "-m", "verifier", "check", str(path)]
        best = dict.fromkeys(runs, float("inf"))
        for cmd in runs.values():  # a first run of each: byte-code caches written
            _cpu(cmd, tmp)
        for _ in range(args.repeat):  # interleaved: A B C A B C ...
            for name, cmd in runs.items():
                best[name] = min(best[name], _cpu(cmd, tmp)[0])

    chess_rate = plies / best["python-chess read_game"]
    base = {label: best[f"ftn check {label} ({kinds[0]}, {pythons[0]})"]
            for label in ("FTN", "JSONL")}
    print(f"{'command':<64}{'CPU s':>8}{'per s':>12}{'vs chess':>10}{'vs first':>10}")
    for name, cpu in best.items():
        if name.startswith("python-chess"):
            print(f"{name:<64}{cpu:>8.2f}{chess_rate:>12,.0f}{'1.00x':>10}{'':>10}  (plies)")
        else:
            rate = events / cpu
            first = base[name.split()[2]] / cpu
            print(f"{name:<64}{cpu:>8.2f}{rate:>12,.0f}{rate / chess_rate:>9.2f}x"
                  f"{first:>9.2f}x  (events)")


if __name__ == "__main__":
    main()
