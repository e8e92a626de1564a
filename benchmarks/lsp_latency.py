"""The latency of ``ftn server`` for an edit: a script, not a test.

Starts ``ftn server`` as a subprocess, opens a record of about 1,000 lines
(generated games, two players), then makes 100 edits, one at a time, and
times each from the moment the change is sent to the moment its
diagnostics arrive (the client's clock: the whole trip through the pipe,
the server and back). The edits are of three kinds, in turn: a points claim
of a random game made wrong (a new finding each time), a comment line
inserted at the top (every game moves down a line), and a comment typed at
the end of a random event line; every edit makes a text not seen before. Prints the median and the
maximum, by kind and overall; then the same edits made to the server's
``Document`` in this process, the CPU time of each (what the server itself
spends, whatever else the machine is running).

    python benchmarks/lsp_latency.py [--lines 1000] [--edits 100] [--seed 1]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # lsp_session
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from support.lsp_session import Session

from notation.ftn.printer import print_game
from verifier.lsp.document import Document
from verifier.rules.generate import generate_games


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
    """``n`` texts in turn, each an edit of the one before and none seen
    before (the server keeps the pieces of earlier texts, so an edit that
    goes back would be answered from them), with its kind."""
    out: list[tuple[str, str]] = []
    lines = text.split("\n")
    top = 0  # notes inserted at the top so far
    turn = 0
    while len(out) < n:
        kind = ("claim", "shift", "typing")[turn % 3]
        turn += 1
        events = [i for i, ln in enumerate(lines) if " +" in ln and ln.startswith("  ")]
        i = rng.choice(events)
        if kind == "claim":  # a points claim made wrong: a new finding
            head, _, rest = lines[i].partition(" +")
            lines[i] = f"{head} +{turn + 100}{rest[rest.index(' '):] if ' ' in rest else ''}"
        elif kind == "shift":  # a note at the top: every game moves down a line
            top += 1
            lines.insert(0, f"# note {top}")
        else:  # a trailing comment typed on an event line
            lines[i] += f" # {turn}"
        out.append((kind, "\n".join(lines)))
    return out


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
