"""A fuzzer for every way a record comes in: a plain mutator over the samples
and generated games, as FTN, a JSON array and JSON Lines, through every
command's code path.

Boundary: test tooling, not part of the package. It makes inputs (``cases``),
runs each through one path (the library in-process: check, audit, fmt,
convert, replay, show, perft and every output format; the Typer app with
CliRunner; now and then ``ftn`` as a subprocess) and counts what escapes: any
exception but the documented ones is a crash, any case over ``--hang``
seconds a hang. Crashing inputs are written to ``--crashes`` with their
traceback; each one found became a test or a sample (``test_fuzz.py``).

The long run (one process; prints the count and the rate)::

    python tests/fuzz/fuzz.py --cases 1000000 --seed 1

The short run is ``tests/fuzz/test_fuzz.py`` in the normal test suite.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

from notation.ftn.printer import print_games  # noqa: E402
from verifier import api  # noqa: E402
from verifier.api import check_text  # noqa: E402
from verifier.pipeline.driver import Text, collect  # noqa: E402
from verifier.pipeline.jobs.audit import audit_text  # noqa: E402
from verifier.pipeline.jobs.load import read_any  # noqa: E402
from verifier.pipeline.jobs.rewrite import (  # noqa: E402
    convert_text,
    format_text,
    replayed_games,
)
from verifier.pipeline.results import Context, Summary  # noqa: E402
from verifier.render import FORMATS  # noqa: E402
from verifier.render.trace import table  # noqa: E402
from verifier.replay.game import final_position  # noqa: E402
from verifier.rules.generate import generate_games  # noqa: E402
from verifier.rules.perft import perft_divide  # noqa: E402
from verifier.show.page import ShowError  # noqa: E402

KINDS = ("ftn", "json", "jsonl")

# Pieces that hostile and broken inputs are made of.
TOKENS = (
    "9" * 19, "9" * 4301, "1" * 50, "-1", "0", "00", "1e999", "-0.0", "4.0", "NaN", "Infinity",
    "-Infinity", "[" * 70, "{" * 70, "]" * 5, "}" * 5, '"\\ud800"', '"\\udfff"', "\\ud800",
    '"\\u0000"', "\ufeff", "\r\n", "\r", "\t", "\x00", "\x0c", "²", "١٢", "é", "😀", "\u2028",
    "game\n", "end\n", "round 1 opener N\n", "round 99999 opener Z\n", "  N knock\n",
    "  deal N 6-6 6-5\n", "  N 6-6 =12 +4 (4,0)\n", "  S 13-13 L\n", "winner N (61,0)\n",
    "result domino N (1,2)\n", "result blocked\n", '[rule "target" "²"]\n',
    '[rule "target" "30000"]\n', '[rule "target" "1"]\n', '[rule "set" "double-twelve"]\n',
    '[rule "hand" "0"]\n', '[seat "N" "\\ud800"]\n', '[first "Q"]\n', '[ftn "2"]\n', "#" * 3,
    '"rounds":', '"events":[', '{"type":"knock","seat":"N"}', '"tile":[6,6]', '"tile":[99,-1]',
    '"format":"ftn-json-1"', ",", ":", "null", "true", '""', "x" * 200, " " * 30,
)
#: The longest seed text (characters).
MAX_SEED = 6_000
# Long lines and deep nesting, made now and then (they cost time to read).
BIG = ("#" + "x" * 12_000 + "\n", "[" * 1_200 + "]" * 1_200, "9" * 5_000, "  N 6-6\n" * 300)


def seeds() -> dict[str, list[str]]:
    """Seed texts by kind: the samples, and generated games (2 to 6 players,
    some cut after a round or two, so that cases stay quick)."""
    out: dict[str, list[str]] = {k: [] for k in KINDS}
    for path in sorted((ROOT / "samples").rglob("*")):
        if path.suffix in (".ftn", ".json", ".jsonl") and path.stat().st_size < 40_000:
            text = path.read_text(encoding="utf-8")
            out["ftn" if path.suffix == ".ftn" else "jsonl" if path.suffix == ".jsonl"
                else "json"].append(text)
    made = []
    for players in (2, 3, 4):
        for g in generate_games(players, 3, players):
            made.append(g)
            made.append(replace(g, rounds=g.rounds[:1], winner=None))
    for g in made:
        text = print_games([g])
        out["ftn"].append(text)
        for to in ("json", "jsonl"):
            converted, _ = convert_text(text, to)
            if converted is not None:
                out[to].append(converted)
    # Small seeds keep the rate high; the big inputs come from ``BIG``.
    return {k: [t for t in ts if len(t) <= MAX_SEED] for k, ts in out.items()}


def mutate(text: str, rng: random.Random, pool: list[str]) -> str:
    """A text changed by one to four random edits."""
    for _ in range(rng.randint(1, 4)):
        n = len(text)
        i, j = sorted((rng.randint(0, n), rng.randint(0, n)))
        if j - i > 200:
            j = i + rng.randint(0, 200)
        op = rng.randrange(10)
        if op == 0:  # a character replaced
            text = text[:i] + rng.choice(TOKENS)[:1] + text[i + 1:]
        elif op == 1:  # a span deleted
            text = text[:i] + text[j:]
        elif op == 2:  # a span repeated
            text = text[:j] + text[i:j] * rng.randint(1, 3) + text[j:]
        elif op in (3, 4):  # a token put in
            text = text[:i] + rng.choice(TOKENS) + text[i:]
        elif op == 5:  # a token in place of a span
            text = text[:i] + rng.choice(TOKENS) + text[j:]
        elif op == 6:  # lines swapped or dropped
            lines = text.split("\n")
            a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[a], lines[b] = lines[b], lines[a]
            if rng.random() < 0.3:
                del lines[a]
            text = "\n".join(lines)
        elif op == 7:  # spliced with another seed
            other = rng.choice(pool)
            k = rng.randint(0, len(other))
            text = text[:i] + other[k:k + rng.randint(0, 400)] + text[j:]
        elif op == 8:  # a number changed
            digits = [k for k, c in enumerate(text) if c.isdigit()][:2000]
            if digits:
                k = rng.choice(digits)
                text = text[:k] + str(rng.choice((0, 1, 7, 13, 61, 99, 10**6, 10**20))) \
                    + text[k + 1:]
        else:  # cut short
            text = text[:i]
    if rng.random() < 0.002:
        k = rng.randint(0, len(text))
        text = text[:k] + rng.choice(BIG) + text[k:]
    return text


# --------------------------------------------------------------------------
# The paths: each takes (text, name, rng) and must return without raising
# anything but what it documents.


def _render_all(text: str, name: str, rng: random.Random) -> None:
    rep = check_text(text, name)
    lines = text.split("\n")
    ctx = Context(line_of=lambda s, n: lines[n - 1] if 0 < n <= len(lines) else None,
                  sources=[name], unknowns=rep.unknowns, color=rng.random() < 0.5)
    fmt = rng.choice(sorted(FORMATS))
    out = FORMATS[fmt].renderer(io.StringIO(), ctx)
    for d in rep.diagnostics:
        out.finding(d)
    out.finish(Summary(files=1, games=rep.games, events=rep.events, errors=rep.errors,
                       warnings=rep.warnings))


def _audit(text: str, name: str, rng: random.Random) -> None:
    audit_text(text, name, rng.choice(("claimed", "computed")))


def _convert(text: str, name: str, rng: random.Random) -> None:
    convert_text(text, rng.choice(KINDS), name, positions=rng.random() < 0.2
                 and not name.endswith("json"))


def _replay(text: str, name: str, rng: random.Random) -> None:
    ((_, (games, errors)),) = collect(replayed_games, Text(text, name))
    if not errors:
        "".join(map(table, games))


def _show(text: str, name: str, rng: random.Random) -> None:
    with contextlib.suppress(ShowError):
        api.page(text, name, rng.randint(1, 2), rng.choice((None, "1:1", "0:0", "9:99")),
               rng.random() < 0.3)


def _perft(text: str, name: str, rng: random.Random) -> None:
    games, errors = read_any(text, name)
    if errors or not games:
        return
    _, final = final_position(games[0], name)
    if final is not None and not final[0].partial:
        perft_divide(*final, 1)


PATHS: dict[str, Callable[[str, str, random.Random], Any]] = {
    "check": lambda t, n, r: check_text(t, n),
    "render": _render_all,
    "audit": _audit,
    "fmt": lambda t, n, r: format_text(t, n),
    "convert": _convert,
    "replay": _replay,
    "show": _show,
    "perft": _perft,
}

CLI_COMMANDS = (
    ["check"], ["check", "--format", "json"], ["check", "--format", "sarif"],
    ["check", "--strict", "--explain-unknowns"], ["fmt"], ["fmt", "--check"], ["convert"],
    ["convert", "--to", "jsonl"], ["replay"], ["replay", "--format", "json"], ["perft", "-d", "1"],
    ["show"], ["audit"], ["audit", "--format", "junit"],
)


class Hang(Exception):
    """A case ran longer than the limit."""


@dataclass
class Tally:
    cases: int = 0
    crashes: int = 0
    hangs: int = 0
    by_path: dict[str, int] = field(default_factory=dict)
    slowest: float = 0.0


def _alarm(signum: int, frame: Any) -> None:
    raise Hang()


def run(cases: int, seed: int, hang: float = 10.0, crashes: Path | None = None,
        cli_every: int = 40, subprocess_every: int = 25_000, report_every: float = 30.0,
        out: Any = sys.stdout) -> Tally:
    """Run ``cases`` cases; print progress and the final count and rate."""
    from typer.testing import CliRunner

    from verifier.cli.app import app

    rng = random.Random(seed)
    by_kind = seeds()
    pool = [t for ts in by_kind.values() for t in ts]
    tally = Tally()
    runner = CliRunner()
    tmp = Path(tempfile.mkdtemp(prefix="ftn-fuzz-"))
    names = list(PATHS)
    old = signal.signal(signal.SIGALRM, _alarm)
    start = last = time.perf_counter()
    try:
        for n in range(cases):
            kind = rng.choice(KINDS)
            text = mutate(rng.choice(by_kind[kind]), rng, pool)
            ext = kind if rng.random() < 0.9 else rng.choice(("ftn", "json", "txt"))
            name = f"case.{ext}"
            if subprocess_every and n % subprocess_every == subprocess_every - 1:
                path = "subprocess"
            elif cli_every and n % cli_every == cli_every - 1:
                path = "cli"
            else:
                path = names[n % len(names)]
            tally.by_path[path] = tally.by_path.get(path, 0) + 1
            t0 = time.perf_counter()
            signal.setitimer(signal.ITIMER_REAL, hang)
            try:
                if path == "cli" or path == "subprocess":
                    file = tmp / name
                    file.write_text(text, encoding="utf-8", errors="surrogatepass")
                    args = [*rng.choice(CLI_COMMANDS), str(file)]
                    if path == "cli":
                        res = runner.invoke(app, args)
                        if res.exit_code not in (0, 1, 2) or (
                                res.exception is not None and not isinstance(
                                    res.exception, SystemExit)):
                            raise AssertionError(f"ftn {' '.join(args)}: exit {res.exit_code}: "
                                                 f"{res.exception!r}")
                    else:
                        p = subprocess.run([sys.executable, "-m", "verifier", *args],
                                           capture_output=True, text=True, timeout=hang * 3,
                                           cwd=ROOT)
                        if p.returncode not in (0, 1, 2) or "Traceback" in p.stderr:
                            raise AssertionError(f"ftn {' '.join(args)}: exit {p.returncode}: "
                                                 f"{p.stderr[-2000:]}")
                else:
                    PATHS[path](text, name, rng)
            except Hang:
                tally.hangs += 1
                _save(crashes, n, path, name, text, "hang", out)
            except Exception:
                tally.crashes += 1
                _save(crashes, n, path, name, text, traceback.format_exc(), out)
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
            tally.slowest = max(tally.slowest, time.perf_counter() - t0)
            tally.cases += 1
            now = time.perf_counter()
            if now - last >= report_every:
                last = now
                print(f"{tally.cases} cases, {tally.cases / (now - start):.0f}/s, "
                      f"{tally.crashes} crashes, {tally.hangs} hangs", file=out, flush=True)
    finally:
        signal.signal(signal.SIGALRM, old)
        shutil.rmtree(tmp, ignore_errors=True)
    took = time.perf_counter() - start
    print(f"fuzz: {tally.cases} cases in {took:.1f} s ({tally.cases / took:.0f} cases/s), "
          f"seed {seed}: {tally.crashes} uncaught exceptions, {tally.hangs} hangs "
          f"(limit {hang:g} s; slowest case {tally.slowest:.2f} s); by path: "
          + ", ".join(f"{k} {v}" for k, v in sorted(tally.by_path.items())), file=out, flush=True)
    return tally


def _save(folder: Path | None, n: int, path: str, name: str, text: str, why: str,
          out: Any) -> None:
    print(f"case {n} ({path}, {name}): {why.strip().splitlines()[-1]}", file=out, flush=True)
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"case-{n}-{path}-{name}").write_text(text, encoding="utf-8",
                                                        errors="surrogatepass")
        (folder / f"case-{n}-{path}-{name}.why").write_text(why, encoding="utf-8")


def cases_of(seed: int, count: int) -> Iterator[tuple[str, str]]:
    """(kind, text) of ``count`` mutated inputs (for tests)."""
    rng = random.Random(seed)
    by_kind = seeds()
    pool = [t for ts in by_kind.values() for t in ts]
    for _ in range(count):
        kind = rng.choice(KINDS)
        yield kind, mutate(rng.choice(by_kind[kind]), rng, pool)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hang", type=float, default=10.0, help="seconds a case may take")
    parser.add_argument("--crashes", type=Path, default=Path("fuzz-crashes"),
                        help="where crashing inputs are written")
    parser.add_argument("--report-every", type=float, default=60.0, help="seconds")
    parser.add_argument("--subprocess-every", type=int, default=25_000,
                        help="run ftn as a subprocess every N cases")
    args = parser.parse_args(argv)
    tally = run(args.cases, args.seed, args.hang, args.crashes,
                subprocess_every=args.subprocess_every, report_every=args.report_every)
    return 1 if tally.crashes or tally.hangs else 0


if __name__ == "__main__":
    sys.exit(main())
