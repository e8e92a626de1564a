"""A fuzzer for ``fmt --write`` and ``fill --write``: no record is ever lost.

Boundary: test tooling, not part of the package. It writes files of every
shape a user's record comes in (generated games laid out loosely, with
comments everywhere; line ends LF, CR LF, mixed, a lone CR here and there
or everywhere, as classic Mac OS wrote them; a BOM or not; files of
comments only, blank or empty; games broken by the plain mutator of
``fuzz.py``), runs the library function that ``--write`` runs
(``pipeline.rewriting.fmt_all``, then ``pipeline.filling.fill_all`` on what
it left) over them a batch at a time, and reads every file back. A file
keeps its record when it is byte for byte as it was, or it reads without an
error as the same games (tags, rounds, deals, the seat and tile of every
event, in their order but for what the canonical form orders: tags and
deals) with every comment, and with the BOM it had. Anything
else is a loss, written to ``--losses`` with the text it came from.

The long run (prints the count, the rate and the losses)::

    python tests/fuzz/fuzz_writes.py --files 100000 --seed 1

The short run is ``test_fuzz_writes.py``.
"""

from __future__ import annotations

import argparse
import io
import random
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
for p in (ROOT, HERE):  # run as a script from anywhere
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

from fuzz import mutate, seeds  # noqa: E402

from notation.ftn.printer import print_games  # noqa: E402
from notation.ftn.reader import ParseError, read_games  # noqa: E402
from notation.model import Comments, Game, Knock  # noqa: E402
from verifier.pipeline.jobs.fill import fill_all  # noqa: E402
from verifier.pipeline.jobs.rewrite import fmt_all  # noqa: E402
from verifier.pipeline.modes import Mode  # noqa: E402
from verifier.rules.generate import generate_games  # noqa: E402

BOM = "\ufeff"
#: Files written and rewritten at a time.
BATCH = 500


def pool() -> list[str]:
    """Canonical texts of one game each (2 to 4 players), most cut after a
    round or two so that the run stays quick."""
    out = []
    for players in (2, 3, 4):
        for g in generate_games(players, 8, 100 + players):
            out.append(print_games([g]))
            for k in (1, 1, 2, 2, 3):
                out.append(print_games([replace(g, rounds=g.rounds[:k], winner=None)]))
    return out


def loosen(text: str, rng: random.Random) -> str:
    """The same games laid out loosely, with comments here and there."""
    out = []
    for line in text.split("\n"):
        r = rng.random()
        if r < 0.08:
            out.append(rng.choice(("", "  ", "\t")) + "# note " + str(rng.randrange(99)))
        elif r < 0.12:
            out.append(rng.choice(("", "   ", "\t")))
        if line and rng.random() < 0.2:
            line = rng.choice(("", " ", "    ", "\t")) + line.lstrip(" ") + rng.choice(
                ("", " ", "\t"))
        if line.strip() and rng.random() < 0.05:
            line += rng.choice(("  # trailing", " #x", "\t#  spaced  "))
        out.append(line)
    if rng.random() < 0.3:
        out.append("# a comment after the last game")
    return "\n".join(out)


def line_ends(text: str, rng: random.Random) -> str:
    """LF, CR LF, a mix of both, a lone CR now and then, or CR alone."""
    r = rng.random()
    if r < 0.4:
        return text
    if r < 0.65:
        return text.replace("\n", "\r\n")
    lines = text.split("\n")
    if r < 0.8:
        return "".join(line + rng.choice(("\n", "\r\n")) for line in lines)[:-1]
    if r < 0.9:
        return "\r".join(lines)  # classic Mac OS
    k = rng.randrange(len(lines))
    lines[k] += "\r" + rng.choice(("", "x", "# c", " "))
    return "\n".join(lines)


def make(rng: random.Random, games: list[str], broken: list[str]) -> str:
    """One file's text."""
    r = rng.random()
    if r < 0.1:
        text = "\n".join(rng.choice(("# only a comment", "#", "", "  # indented", " "))
                         for _ in range(rng.randrange(5)))
    elif r < 0.25:
        text = mutate(rng.choice(games), rng, broken)
    else:
        text = "\n".join(rng.choice(games) for _ in range(rng.randint(1, 3)))
        if rng.random() < 0.7:
            text = loosen(text, rng)
    text = line_ends(text, rng)
    return (BOM if rng.random() < 0.3 else "") + text


def comments_of(game: Game) -> list[str]:
    """Every comment of a game, in order."""
    out: list[str] = []

    def add(c: Comments) -> None:
        out.extend(c.before)
        if c.after is not None:
            out.append(c.after)

    add(game.comments)
    for t in game.tags:
        add(t.comments)
    for r in game.rounds:
        add(r.comments)
        for d in r.deals:
            add(d.comments)
        for ev in r.events:
            add(ev.comments)
        if r.result is not None:
            add(r.result.comments)
    if game.winner is not None:
        add(game.winner.comments)
    add(game.end_comments)
    out.extend(game.closing)
    return out


def record_of(text: str) -> tuple[Any, ...] | None:
    """What a file must keep: its games' tags, rounds, deals and moves, its
    comments; None when it does not read."""
    games = []
    for item in read_games(text.split("\n")):
        if isinstance(item, ParseError):
            return None
        games.append(item)
    # The canonical form puts tags in their order and deals in seat order
    # (their comments with them): those are compared as sets.
    return tuple(
        (tuple(sorted((t.key, t.values) for t in g.tags)),
         tuple((r.number, r.opener, tuple(sorted((d.seat, d.tiles) for d in r.deals)),
                tuple(ev.seat if isinstance(ev, Knock) else (ev.seat, ev.tile)
                      for ev in r.events)) for r in g.rounds),
         tuple(sorted(comments_of(g))))
        for g in games)


@dataclass
class Tally:
    files: int = 0
    same: int = 0  # left byte for byte
    rewritten: int = 0  # rewritten, every record kept
    losses: list[tuple[str, str, str]] = field(default_factory=list)  # (file, why, text)


def judge(before: bytes, after: bytes) -> str | None:
    """Why ``after`` loses something of ``before`` (None: nothing lost)."""
    if after == before:
        return None
    try:
        old, new = before.decode("utf-8"), after.decode("utf-8")
    except UnicodeDecodeError:
        return "not UTF-8 any more"
    if old.startswith(BOM) != new.startswith(BOM):
        return "the BOM was not kept"
    old_record = record_of(old.removeprefix(BOM))
    if old_record is None:
        return "a file that does not read was rewritten"
    if not old_record:
        return "a file of no game was rewritten"
    new_record = record_of(new.removeprefix(BOM))
    if new_record is None:
        return "rewritten as a file that does not read"
    if new_record != old_record:
        return "rewritten as other games or comments"
    return None


def _quiet(*args: Any) -> None:
    pass


def run_batch(folder: Path, texts: list[str], tally: Tally) -> None:
    """Write the files, ``fmt --write`` then ``fill --write`` them, judge each."""
    paths = []
    for i, text in enumerate(texts):
        p = folder / f"f{i}.ftn"
        p.write_bytes(text.encode("utf-8"))
        paths.append(p)
    names = [str(p) for p in paths]
    fmt_all(names, Mode.WRITE, _quiet, _quiet, _quiet)
    fill_all(names, Mode.WRITE, _quiet, _quiet, _quiet)
    for p, text in zip(paths, texts, strict=True):
        before, after = text.encode("utf-8"), p.read_bytes()
        tally.files += 1
        why = judge(before, after)
        if why is not None:
            tally.losses.append((p.name, why, text))
        elif after == before:
            tally.same += 1
        else:
            tally.rewritten += 1
        p.unlink()
    left = list(folder.iterdir())
    if left:
        tally.losses.append(("", f"files left behind: {sorted(q.name for q in left)}", ""))
        for q in left:
            q.unlink()


def cases(seed: int, count: int) -> Iterator[str]:
    rng = random.Random(seed)
    games, broken = pool(), seeds()["ftn"]
    for _ in range(count):
        yield make(rng, games, broken)


def _said(tally: Tally, took: float) -> str:
    return (f"fuzz_writes: {tally.files} files in {took:.1f} s ({tally.files / took:.0f}/s): "
            f"{tally.same} left as they were, {tally.rewritten} rewritten, "
            f"{len(tally.losses)} lost")


def run(files: int, seed: int, out: Any = None, folder: Path | None = None,
        progress: Any = None) -> Tally:
    """``files`` files through both rewrites; the tally (printed to ``out``;
    to ``progress`` after each batch, when given)."""
    out = out or sys.stdout
    tally = Tally()
    start = time.monotonic()
    base = Path("/dev/shm") if Path("/dev/shm").is_dir() else None  # fsync costs nothing there
    with tempfile.TemporaryDirectory(dir=folder or base) as tmp:
        batch: list[str] = []
        for text in cases(seed, files):
            batch.append(text)
            if len(batch) == BATCH:
                run_batch(Path(tmp), batch, tally)
                batch = []
                if progress is not None:
                    print(_said(tally, time.monotonic() - start), file=progress, flush=True)
        if batch:
            run_batch(Path(tmp), batch, tally)
    print(_said(tally, time.monotonic() - start), file=out)
    return tally


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--files", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--losses", type=Path, default=None,
                    help="a folder for the text of each file that lost something")
    ap.add_argument("--progress", action="store_true", help="the tally after each batch")
    args = ap.parse_args(argv)
    tally = run(args.files, args.seed, progress=sys.stderr if args.progress else None)
    for name, why, _ in tally.losses[:20]:
        print(f"  {name}: {why}")
    if args.losses is not None:
        args.losses.mkdir(parents=True, exist_ok=True)
        for k, (_, why, text) in enumerate(tally.losses):
            (args.losses / f"loss-{k}.ftn").write_bytes(text.encode("utf-8"))
            (args.losses / f"loss-{k}.why").write_text(why + "\n", encoding="utf-8")
    return 1 if tally.losses else 0


if __name__ == "__main__":
    sys.stdout = io.TextIOWrapper(sys.stdout.buffer, encoding="utf-8", line_buffering=True)
    raise SystemExit(main())
