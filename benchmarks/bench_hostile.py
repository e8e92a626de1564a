"""Figures for hostile input: the time to check a JSON array of N games with a
finding in each, next to the same games as JSON Lines, for growing N (linear:
the time per game stays flat), and a finding on a long line.

Boundary: a benchmark script, not a test (it asserts nothing about time;
it prints figures). Run::

    python benchmarks/bench_hostile.py            # 250, 500, 1000 games
    python benchmarks/bench_hostile.py 1000 4000
"""

from __future__ import annotations

import io
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from notation.ftn.printer import print_games  # noqa: E402
from verifier.pipeline.jobs.check import check_text  # noqa: E402
from verifier.pipeline.jobs.rewrite import convert_text  # noqa: E402
from verifier.pipeline.results import Context  # noqa: E402
from verifier.render.text import TextRenderer  # noqa: E402
from verifier.rules.generate import generate_games  # noqa: E402


def texts(n: int) -> tuple[str, str]:
    """N two-player games as a JSON array and as JSON Lines, each with one
    wrong end total (its first placement after the lead claims one more)."""
    ftn = print_games(list(generate_games(2, n, 1)))
    lines, errors = convert_text(ftn, "jsonl")
    assert lines is not None and not errors
    bad = []
    for line in lines.splitlines():
        at = line.index('"endTotal":', line.index('"endTotal":') + 1) + len('"endTotal":')
        end = at
        while line[end].isdigit():
            end += 1
        bad.append(line[:at] + str(int(line[at:end]) + 1) + line[end:])
    return "[\n" + ",\n".join(bad) + "\n]\n", "".join(b + "\n" for b in bad)


def timed(text: str, name: str) -> tuple[float, int]:
    """Seconds to check a text and render its findings as ``--format text``."""
    start = time.perf_counter()
    rep = check_text(text, name)
    lines = text.split("\n")
    out = TextRenderer(io.StringIO(), Context(line_of=lambda s, n: lines[n - 1]))
    for d in rep.diagnostics:
        out.finding(d)
    return time.perf_counter() - start, rep.errors


def main(argv: list[str]) -> None:
    sizes = [int(a) for a in argv] or [250, 500, 1000]
    check_text(texts(2)[0], "warm.json")  # load the validator once
    print(f"{'games':>6} {'array s':>8} {'ms/game':>8} {'lines s':>8} {'ms/game':>8} "
          f"{'findings':>8}")
    for n in sizes:
        array, jsonl = texts(n)
        ta, ea = timed(array, "games.json")
        tl, el = timed(jsonl, "games.jsonl")
        assert ea == el == n, (ea, el)
        print(f"{n:>6} {ta:>8.2f} {1000 * ta / n:>8.2f} {tl:>8.2f} {1000 * tl / n:>8.2f} "
              f"{ea:>8}")
    line = '{"format": "ftn-json-1", "tags": [], "x": "' + "y" * 10_000_000 + '"}\n'
    out = io.StringIO()
    rep = check_text(line, "long.jsonl")
    TextRenderer(out, Context(line_of=lambda s, n: line.rstrip("\n"))).finding(
        rep.diagnostics[0])
    print(f"a finding on a {len(line):,}-character line prints {len(out.getvalue())} "
          "characters")


if __name__ == "__main__":
    main(sys.argv[1:])
