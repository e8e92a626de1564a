"""Golden reports: what the tools say about a fixed corpus, as digests.

Run before and after a restructuring: the reports must stay byte-identical
except where a change of output is meant.

    python tools/golden.py write DIR     # build the corpus, write every report into DIR
    python tools/golden.py digest        # print one sha256 per report (stdout)
    python tools/golden.py compare FILE  # compare with digests saved by 'digest'

Each part of the corpus (``PARTS``: the samples, each set of generated
games) is built and reported on its own, so that the test can check the
parts apart.

The corpus: every file under ``samples/``; 3,000 generated games of 2, 3 and
4 players (full and partial records, several rule options); and mutated
copies of some (numbers in claims changed, lines dropped), also as JSON
Lines, so that the reports hold findings of most kinds. The reports: ``ftn
check --format json`` on every file, ``ftn audit --format json`` on the
generated and mutated ones, ``ftn replay --format json`` on the samples.
``GOLDEN_SCALE=N`` in the environment multiplies the generated games by N
(the same seeds: the first games stay the same), for a one-off proof over
more games; the saved digests are of scale 1.

Boundary: a tool for people, CI (``.ci/run``) and ``tests/e2e/test_golden.py``,
which also imports ``mutate``; it drives the CLI in-process and changes nothing.
"""

from __future__ import annotations

import hashlib
import os
import random
import re
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

from typer.testing import CliRunner

from verifier.cli.app import app

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"

# (players, games, seed, extra args): 3,000 games in all.
GENERATED: list[tuple[int, int, int, list[str]]] = [
    (2, 400, 11, []),
    (3, 300, 12, []),
    (4, 300, 13, []),
    (2, 250, 14, ["--hide", "all"]),
    (3, 250, 15, ["--hide", "first"]),
    (4, 250, 16, ["--hide", "some"]),
    (2, 250, 17, ["--rules", "online"]),
    (3, 250, 18, ["--rule", "target=100", "--rule", "divisors=3,5,7,11,13"]),
    (4, 250, 19, ["--rule", "partnerships=off", "--rule", "bonus=0"]),
    (2, 150, 20, ["--rule", "immediate-end=off", "--hide", "some"]),
    (4, 150, 21, ["--rule", "opener=highest-double"]),
]

_NUMBER = re.compile(r"(?<=[=+(,])\d+")


def mutate(text: str, seed: int) -> str:
    """A copy of an FTN text with defects: in about one line in 40, a claimed
    number changed by 1-3 or the line dropped."""
    rng = random.Random(seed)
    out = []
    for line in text.split("\n"):
        s = line.strip()
        if s and not s.startswith(("[", "game", "end", "round", "deal")) and rng.random() < 0.025:
            if rng.random() < 0.2:
                continue  # drop the line
            nums = list(_NUMBER.finditer(line))
            if nums:
                m = rng.choice(nums)
                value = int(m.group()) + rng.choice((-3, -2, -1, 1, 2, 3))
                line = line[: m.start()] + str(abs(value)) + line[m.end():]
        out.append(line)
    return "\n".join(out)


def _run(runner: CliRunner, args: list[str]) -> bytes:
    r = runner.invoke(app, args)
    return r.stdout_bytes + f"\nexit {r.exit_code}\n".encode()


#: The parts of the corpus, each built and reported on its own: the samples,
#: and each set of generated games (with its mutated copies).
PARTS: list[str] = ["samples", *(f"gen{i:02d}" for i in range(len(GENERATED)))]


def part_of(label: str) -> str:
    """The part of the corpus a report's label (``check gen03.ftn``) is of."""
    name = label.split(" ", 1)[1]
    if name.startswith("samples/"):
        return "samples"
    m = re.fullmatch(r"(?:gen|mut)(\d\d)\.(?:ftn|jsonl)", name)
    if m is None:
        raise ValueError(f"no part of the corpus holds {name}")
    return f"gen{m.group(1)}"


def corpus(work: Path, parts: Iterable[str] = PARTS) -> Iterator[tuple[str, Path, bool]]:
    """(name, path, generated) of every file of the corpus's ``parts``,
    built in ``work``."""
    runner = CliRunner()
    wanted = set(parts)
    if "samples" in wanted:
        for p in sorted(SAMPLES.rglob("*")):
            if p.is_file() and p.suffix in (".ftn", ".jsonl", ".json"):
                yield str(p.relative_to(ROOT)), p, False
    scale = int(os.environ.get("GOLDEN_SCALE", "1"))
    for i, (players, games, seed, extra) in enumerate(GENERATED):
        if f"gen{i:02d}" not in wanted:
            continue
        games *= scale
        out = work / f"gen{i:02d}.ftn"
        r = runner.invoke(app, ["generate", "--players", str(players), "--games", str(games),
                                "--seed", str(seed), "-o", str(out), *extra])
        assert r.exit_code == 0, r.output
        yield out.name, out, True
        bad = work / f"mut{i:02d}.ftn"
        bad.write_text(mutate(out.read_text(encoding="utf-8"), seed), encoding="utf-8")
        yield bad.name, bad, True
        if i % 3 == 0:
            js = work / f"mut{i:02d}.jsonl"
            r = runner.invoke(app, ["convert", str(bad), "-o", str(js)])
            if r.exit_code == 0:
                yield js.name, js, True


def reports(work: Path, parts: Iterable[str] = PARTS) -> Iterator[tuple[str, bytes]]:
    """(label, bytes) of every report over the corpus's ``parts`` (files
    named relative to the checkout or to ``work``, so that reports do not
    depend on where they were made)."""
    runner = CliRunner()
    here = os.getcwd()
    try:
        for name, path, generated in corpus(work, parts):
            os.chdir(work if generated else ROOT)
            yield f"check {name}", _run(runner, ["check", "--format", "json", name])
            if generated:
                yield f"audit {name}", _run(runner, ["audit", "--format", "json", name])
                yield f"text {name}", path.read_bytes()
            else:
                yield f"replay {name}", _run(runner, ["replay", "--format", "json", name])
    finally:
        os.chdir(here)


def main(argv: list[str]) -> int:
    import tempfile

    if len(argv) < 1 or argv[0] not in ("write", "digest", "compare"):
        print(__doc__)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        if argv[0] == "write":
            dest = Path(argv[1])
            dest.mkdir(parents=True, exist_ok=True)
            for label, data in reports(work):
                (dest / label.replace(" ", "__").replace("/", "_")).write_bytes(data)
            return 0
        digests = digest(work)
    if argv[0] == "digest":
        for label, h in digests.items():
            print(h, label)
        return 0
    differ = compare(saved_digests(Path(argv[1])), digests)
    for k in differ:
        print("differs:", k)
    print(f"{len(digests)} reports, {len(differ)} differ")
    return 1 if differ else 0


def digest(work: Path, parts: Iterable[str] = PARTS) -> dict[str, str]:
    """The sha256 of every report over the corpus's ``parts``, by label."""
    return {label: hashlib.sha256(data).hexdigest() for label, data in reports(work, parts)}


def saved_digests(path: Path) -> dict[str, str]:
    """The digests a file written by ``digest`` holds, by label."""
    saved = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        h, label = line.split(" ", 1)
        saved[label] = h
    return saved


def compare(saved: dict[str, str], digests: dict[str, str]) -> list[str]:
    """The labels whose digests differ, or that one side lacks, sorted."""
    return sorted(k for k in saved.keys() | digests.keys() if saved.get(k) != digests.get(k))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
