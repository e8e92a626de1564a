"""The latency of ``ftn server`` for an edit: a script, not a test.

Starts ``ftn server`` as a subprocess, opens a record of about 1,000 lines
(generated games, two players), then makes 100 edits, one at a time, and
times each from the moment the change is sent to the moment its
diagnostics arrive (the client's clock: the whole trip through the pipe,
the server and back). The edits are of three kinds, in turn: a claim of a
random game made wrong and right again, a comment line inserted or removed
at the top (every game moves down or up a line), and a character typed into
a placement line (a syntax error, then its fix). Prints the median and the
maximum, by kind and overall; then the same edits made to the server's
``Document`` in this process, the CPU time of each (what the server itself
spends, whatever else the machine is running).

    python tests/lsp_latency.py [--lines 1000] [--edits 100] [--seed 1]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lsp_session import Session

from notation.printer import print_game
from verifier.generate import generate_games
from verifier.lsp.document import Document


def record(lines: int, seed: int) -> str:
    """Whole games, two players, until the text has about ``lines`` lines."""
    texts: list[str] = []
    count = 0
    for game in generate_games(2, 1000, seed):
        text = print_game(game)
        texts.append(text)
        count += text.count("\n") + 1
        if count >= lines:
            break
    return "\n".join(texts)


def edits(text: str, n: int, rng: random.Random) -> list[tuple[str, str]]:
    """``n`` texts in turn, each an edit of the one before, with its kind."""
    out: list[tuple[str, str]] = []
    lines = text.split("\n")
    claims = [i for i, ln in enumerate(lines) if " +" in ln and ln.startswith("  ")]
    comment = False
    turn = 0
    while len(out) < n:
        kind = ("claim", "shift", "typing")[turn % 3]
        turn += 1
        if kind == "claim":
            i = rng.choice(claims) + (1 if comment else 0)  # the lines below a note moved
            old = lines[i]
            lines[i] = old.replace(" +", " +1", 1)  # a wrong claim
            out.append((kind, "\n".join(lines)))
            lines[i] = old
            if len(out) < n:
                out.append((kind, "\n".join(lines)))
        elif kind == "shift":
            if comment:
                lines.pop(0)
            else:
                lines.insert(0, "# a note at the top")
            comment = not comment
            out.append((kind, "\n".join(lines)))
        else:
            i = rng.choice(claims) + (1 if comment else 0)
            old = lines[i]
            lines[i] = old + "x"
            out.append((kind, "\n".join(lines)))
            lines[i] = old
            if len(out) < n:
                out.append((kind, "\n".join(lines)))
    return out[:n]


async def measure(text: str, steps: list[tuple[str, str]]) -> dict[str, list[float]]:
    uri = Path("latency.ftn").resolve().as_uri()
    times: dict[str, list[float]] = {}
    async with Session() as s:
        t0 = time.perf_counter()
        found = await s.open(uri, text)
        print(f"open: {1000 * (time.perf_counter() - t0):.1f} ms, {len(found)} findings")
        for kind, new in steps:
            t0 = time.perf_counter()
            await s.change(uri, new)
            times.setdefault(kind, []).append(1000 * (time.perf_counter() - t0))
    return times


def in_process(text: str, steps: list[tuple[str, str]]) -> dict[str, list[float]]:
    doc = Document("latency.ftn")
    doc.update(text)
    times: dict[str, list[float]] = {}
    for kind, new in steps:
        t0 = time.process_time()
        doc.update(new)
        times.setdefault(kind, []).append(1000 * (time.process_time() - t0))
    return times


def show(times: dict[str, list[float]]) -> None:
    every = [x for v in times.values() for x in v]
    for kind, v in [*times.items(), ("all", every)]:
        print(f"{kind:>7}: {len(v):3} edits, median {statistics.median(v):6.1f} ms, "
              f"max {max(v):6.1f} ms")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--lines", type=int, default=1000)
    ap.add_argument("--edits", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    text = record(a.lines, a.seed)
    steps = edits(text, a.edits, random.Random(a.seed))
    print(f"record: {text.count(chr(10)) + 1} lines, {text.count('game' + chr(10))} games; "
          f"{len(steps)} edits")
    print("edit to diagnostics, through ftn server (wall clock):")
    times = asyncio.run(measure(text, steps))
    show(times)
    slowest = sorted(((x, k, i) for k, v in times.items() for i, x in enumerate(v)),
                     reverse=True)[:5]
    print("slowest: " + ", ".join(f"{x:.1f} ms ({k} #{i + 1})" for x, k, i in slowest))
    print("the same edits, the server's Document in this process (CPU time):")
    show(in_process(text, steps))


if __name__ == "__main__":
    main()
