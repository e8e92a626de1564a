"""A fuzzer for what a scorer types into ``ftn record``: the file holds only
what the session validated, and loses nothing.

Boundary: test tooling, not part of the package. It plays generated games
(2 to 4 players, the main form; most cut after a round or two so that the
run stays quick) through the recording code in-process: the session
(``verifier.record.session.Session`` on ``journal.open_journal``'s file in a
temporary folder), its ``input`` answered from a script typed as a scorer
would type it, with slips: control characters in a comment (CR, LF, ESC,
NUL, DEL, C1, U+2028...), a paste of several lines given whole (readline's
bracketed paste) or a line at a time (the lines after the move are each an
answer, and each must be refused), comments that hold claims-like text
(``=10 (4,0)``, ``winner N (61,0)``), a player's name with a control
character, illegal moves and hands, an undo and the answer typed again, a
stop (``quit`` or end of input) and ``--resume``, and now and then a full
disk at a write (``os.write`` writes part, then fails with ENOSPC) or the
file saved anew by another program (by a rename, or written in place
shorter). After each session stop it checks that the file (or the
recovered file) is whole lines of the record, the file before a failed
write as it was, and no other file left; after the last, that the file is
exactly the record the script makes (the generated game's canonical lines,
the comments typed with their moves: nothing else, nothing lost) and that
``ftn check`` finds no error in it (closed with ``end`` when it stops
mid-game). Anything else is a failure, written to ``--failures``.

The long run (prints the count, the rate and the failures)::

    python tests/fuzz/fuzz_record.py --sessions 10000 --seed 1

The short run is ``test_fuzz_record.py``.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import io
import os
import random
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

from notation.ftn.printer import print_games  # noqa: E402
from notation.ftn.reader import parse_games  # noqa: E402
from notation.model import Game, Placement  # noqa: E402
from verifier.api import check_text  # noqa: E402
from verifier.record import session  # noqa: E402
from verifier.record.journal import open_journal  # noqa: E402
from verifier.rules.generate import generate_games  # noqa: E402

#: Characters a comment cannot hold, each refused.
CONTROLS = ("\r", "\n", "\x1b", "\x1b[2J", "\x00", "\x07", "\x0b", "\x0c", "\x7f", "\x85",
            "\x9b", "\u2028", "\u2029", "\u202e", "\u2066", "\udce9")
#: Comments that are one line of text, kept as typed.
COMMENTS = (" nice", " =10 (4,0)", " winner N (61,0)", " end", " round 2 opener S",
            " +4 (8,0) # a second hash", " noqa", " é 😀 ½", ' "quoted" \\ back', " a\ttab",
            " deal N 6-6 6-3", "#", " " + "x" * 300)
#: Lines of a paste after its first, each an answer of its own at the next
#: prompt (a move's, a hand's), each to be refused there.
PASTED = ("winner N (61,0)", "end", "=10 (4,0)", "round 2 opener S", "# a note",
          "result blocked (5,3)", "+4", "(4,0)", "  N 6-6 =12 +4 (4,0)", "game")


@dataclass
class Typed:
    """One answer: its text, and what happens as it is typed: "" (nothing),
    "eof" (end of input instead: Ctrl-D), "full" (the disk fills at the
    next write), "renamed" or "cut" (another program saves the file anew,
    or writes it shorter in place, just before)."""

    text: str
    event: str = ""


@dataclass
class Case:
    """A session to play: the answers, and the file they must leave."""

    answers: list[Typed]
    expected: str
    complete: bool  # the game is played to its end


@dataclass
class Tally:
    sessions: int = 0
    answers: int = 0
    stops: int = 0  # sessions stopped and resumed (quit, end of input, a stop of the journal)
    full: int = 0  # full disks
    changed: int = 0  # files changed by another program
    failures: list[tuple[int, str, Case]] = field(default_factory=list)


def pool() -> list[tuple[Game, str]]:
    """Games and their canonical text."""
    out = []
    for players in (2, 3, 4):
        for g in generate_games(players, 6, 300 + players):
            text = print_games([g])
            out.append((parse_games(text)[0], text))  # with the line of each element
    return out


def header(game: Game, rng: random.Random) -> list[Typed]:
    """The answers to the header's questions; now and then first with a
    name holding a control character (refused when the header is made:
    every question asked again)."""
    seats = [t.values for t in game.tags if t.key == "seat"]
    first = next(t.values[0] for t in game.tags if t.key == "first")
    names = [v[1] for v in seats]
    answers = [str(len(seats)), "", *names, "", "", first]
    if rng.random() < 0.05:
        bad = list(names)
        k = rng.randrange(len(bad))
        bad[k] = bad[k][:3] + rng.choice(CONTROLS[:-1]) + bad[k][3:]  # (a byte not UTF-8: ask)
        return [Typed(a) for a in [str(len(seats)), "", *bad, "", "", first, *answers]]
    return [Typed(a) for a in answers]


def move_text(ev: Placement, rng: random.Random) -> str:
    """A move as a scorer types it: ``6-4 L``, ``64 l``, ``N 6-4 left``..."""
    a, b = ev.tile
    tile = f"{a}{b}" if rng.random() < 0.2 else f"{a}-{b}"
    end = "" if ev.end is None else rng.choice((ev.end, ev.end, ev.end.lower(),
                                                 {"L": "left", "R": "right"}[ev.end]))
    seat = f"{ev.seat} " if rng.random() < 0.1 else ""
    return f"{seat}{tile}" + (f" {end}" if end else "")


def slips(rng: random.Random, typed: str, others: list[str]) -> list[Typed]:
    """Answers to be refused before ``typed``: a comment with a control
    character, a paste of several lines given whole, a knock while able,
    a tile of another hand."""
    out = []
    r = rng.random()
    if r < 0.08:
        ch = rng.choice(CONTROLS)
        out.append(Typed(f"{typed} # nice{ch}shot"))
    elif r < 0.12:
        out.append(Typed(f"{typed} # nice\n" + "\n".join(rng.sample(PASTED, 2))))
    elif r < 0.15:
        out.append(Typed("knock"))
    elif r < 0.18 and others:
        out.append(Typed(rng.choice(others) + rng.choice(("", " L", " R"))))
    return out


def hand_slips(rng: random.Random, tiles: list[str], before: list[str]) -> list[Typed]:
    """Hands to be refused: too few tiles, a control character, a tile of a
    hand dealt before it."""
    r = rng.random()
    if r < 0.04:
        return [Typed(" ".join(tiles[:-1]))]
    if r < 0.07:
        return [Typed(" ".join(tiles[:2]) + rng.choice(CONTROLS[2:]) + " " + " ".join(tiles[2:]))]
    if r < 0.1 and before:
        return [Typed(" ".join([rng.choice(before), *tiles[1:]]))]
    return []


def round_answers(rnd: Any, rng: random.Random, last: bool, comments: dict[int, str]
                  ) -> list[Typed]:
    """What is typed for one round: its hands, then its placements (every
    hand is known: each knock is forced, written by the session), with
    slips, comments (``comments``: by the move's line, 1-based), undos and
    stops; a paste's later lines after a move (not after the last of a
    game, whose next prompt ends the session)."""
    out: list[Typed] = []
    dealt: list[str] = []
    hands = {d.seat: [f"{a}-{b}" for a, b in d.tiles] for d in rnd.deals}
    for d in rnd.deals:
        tiles = hands[d.seat]
        out += hand_slips(rng, tiles, dealt)
        out += answered(" ".join(tiles), rng)
        dealt += tiles
    moves = [ev for ev in rnd.events if isinstance(ev, Placement)]
    for i, ev in enumerate(moves):
        typed = move_text(ev, rng)
        others = [t for s, h in hands.items() if s != ev.seat for t in h]
        out += slips(rng, typed, others)
        comment = rng.choice(COMMENTS) if rng.random() < 0.15 else ""
        if comment.strip():
            comments[ev.line] = comment.rstrip()
        out += answered(typed + (f" #{comment}" if comment else ""), rng)
        if rng.random() < 0.05 and not (last and i == len(moves) - 1):
            out += [Typed(p) for p in rng.sample(PASTED, rng.randint(1, 3))]
    return out


def answered(text: str, rng: random.Random) -> list[Typed]:
    """A right answer; now and then a stop before it (``quit``, end of
    input), the file changed by another program or the disk full as it is
    typed, or an undo after it and the answer typed again."""
    out = []
    r = rng.random()
    if r < 0.03:
        out.append(Typed("quit"))
    elif r < 0.05:
        out.append(Typed("", "eof"))
    event = ""
    r = rng.random()
    if r < 0.01:
        event = "full"
    elif r < 0.015:
        event = rng.choice(("renamed", "cut"))
    out.append(Typed(text, event))
    if rng.random() < 0.05:
        out += [Typed("undo"), Typed(text)]
    return out


def make(rng: random.Random, games: list[tuple[Game, str]]) -> Case:
    """One session: a game, whole (one in five) or cut after a round or
    more; the scorer stops at the cut (at the next round's first hand)."""
    game, text = rng.choice(games)
    rounds = len(game.rounds)
    k = rounds if rng.random() < 0.2 else min(rounds, rng.choice((1, 1, 1, 2, 2, 3)))
    answers = header(game, rng)
    comments: dict[int, str] = {}
    for i, rnd in enumerate(game.rounds[:k]):
        answers += round_answers(rnd, rng, i == rounds - 1, comments)
    lines = [x + (f"  #{comments[n]}" if n in comments else "")
             for n, x in enumerate(text.split("\n"), 1)]
    lines = [x for x in lines if not x.startswith("[event ")]
    if k < rounds:
        answers.append(Typed("quit") if rng.random() < 0.5 else Typed("", "eof"))
        cut = next(i for i, x in enumerate(lines) if x.startswith(f"round {k + 1} opener "))
        lines = [*lines[:cut + 1], ""]
    else:
        answers.append(Typed(""))  # "Enter to finish"
    return Case(answers, "\n".join(lines), k == rounds)


class Typist:
    """The session's ``input``: the answers in order, what each brings
    about done as it is typed; ``before``: the file as it was just before
    the last answer."""

    def __init__(self, case: Case, path: Path, disk: Disk) -> None:
        self.left = list(case.answers)
        self.path, self.disk = path, disk
        self.last: Typed | None = None
        self.before = b""

    def __call__(self, prompt: str = "") -> str:
        if not self.left:
            raise EOFError
        a = self.left.pop(0)
        self.last = a
        self.before = self.path.read_bytes() if self.path.exists() else b""
        if a.event == "eof":
            raise EOFError
        if a.event == "full":
            self.disk.fills = True
        elif a.event == "renamed":
            tmp = self.path.with_name("editor.tmp")
            tmp.write_bytes(self.before[: len(self.before) // 2])
            os.replace(tmp, self.path)
        elif a.event == "cut":
            with open(self.path, "r+b") as f:
                f.truncate(len(self.before) // 3)
        return a.text


class Disk:
    """``os.write`` that, once it ``fills``, writes half of what it is
    given and then fails with ENOSPC at its next call, as a disk that
    fills does."""

    def __init__(self) -> None:
        self.real = os.write
        self.fills = False
        self.full = False

    def write(self, fd: int, data: bytes | memoryview) -> int:
        if self.full:
            self.full = False
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        if self.fills:
            self.fills, self.full = False, True
            return self.real(fd, bytes(data)[: max(1, len(data) // 2)])
        return self.real(fd, data)


@contextlib.contextmanager
def typed_in(typist: Typist, disk: Disk) -> Iterator[io.StringIO]:
    """The session's input from ``typist``, its disk ``disk``, what it says kept."""
    said = io.StringIO()
    old_write, old_stdin = os.write, sys.stdin
    session.input = typist  # type: ignore[attr-defined]
    setattr(os, "write", disk.write)  # noqa: B010 (a function of another type)
    sys.stdin = io.StringIO()  # never a terminal: no readline
    try:
        with contextlib.redirect_stdout(said), contextlib.redirect_stderr(said):
            yield said
    finally:
        del session.input  # type: ignore[attr-defined]
        setattr(os, "write", old_write)  # noqa: B010
        sys.stdin = old_stdin


def play(case: Case, folder: Path, tally: Tally) -> str | None:
    """The answers typed into a session, resumed after each stop until all
    are typed; why it failed (None: it did not)."""
    path = folder / "g.ftn"
    disk = Disk()
    typist = Typist(case, path, disk)
    resume = False
    while True:
        left = len(typist.left)
        with typed_in(typist, disk) as said:
            code = session.Session(open_journal(path, resume), str(path)).record(resume)
        if len(typist.left) == left:
            return f"a session took no answer (exit status {code}): {said.getvalue()[-300:]}"
        why = stopped(case, path, typist, code, said.getvalue(), tally)
        if why is not None:
            return why
        if not typist.left:
            return finished(case, path, folder)
        resume = True
        tally.stops += 1


def stopped(case: Case, path: Path, typist: Typist, code: int, said: str, tally: Tally
            ) -> str | None:
    """Why the file a session stopped on is wrong (None: it is whole lines
    of the record; after a failed write, as it was before; after another
    program's change, that file left as it was and the record, the last
    line typed included, beside it, which the scorer then puts back)."""
    event = typist.last.event if typist.last is not None else ""
    if code == 2 and event == "full":
        tally.full += 1
        assert typist.last is not None
        typist.left.insert(0, replace(typist.last, event=""))  # typed again
        if path.read_bytes() != typist.before:
            return "a failed write changed the file"
        return None
    if code == 2 and event in ("renamed", "cut"):
        tally.changed += 1
        return recovered(case, path, typist)
    if code != 0:
        return f"exit status {code}: {said[-600:]}"
    if not whole_lines(path.read_bytes(), case):
        return "the file is not whole lines of the record"
    return None


def whole_lines(data: bytes, case: Case) -> bool:
    """Whether ``data`` is the first lines of the record, each whole."""
    return (case.expected.encode().startswith(data) and data.endswith(b"\n")) or not data


def recovered(case: Case, path: Path, typist: Typist) -> str | None:
    assert typist.last is not None
    share = 2 if typist.last.event == "renamed" else 3
    if path.read_bytes() != typist.before[: len(typist.before) // share]:
        return "the file another program saved was changed"
    found = sorted(path.parent.glob("g.ftn.recovered-*.ftn"))
    if len(found) != 1:
        return f"{len(found)} recovered files"
    rec = found[0].read_bytes()
    if not (whole_lines(rec, case) and len(rec) > len(typist.before)):
        return "the recovered file is not the record up to the line just typed"
    os.replace(found[0], path)  # the scorer puts it back, and resumes
    return None


def finished(case: Case, path: Path, folder: Path) -> str | None:
    """Why the file every answer leaves is wrong (None: it is the record)."""
    text = path.read_text(encoding="utf-8")
    if text != case.expected:
        return "the file is not the record typed"
    report = check_text(text if case.complete else text + "end\n", "g.ftn")
    if report.errors:
        return f"ftn check finds {report.errors} errors"
    left = sorted(p.name for p in folder.iterdir() if p.name != "g.ftn")
    return f"files left: {left}" if left else None


def cases(seed: int, count: int) -> Iterator[Case]:
    rng = random.Random(seed)
    games = pool()
    for _ in range(count):
        yield make(rng, games)


def _said(tally: Tally, took: float) -> str:
    return (f"fuzz_record: {tally.sessions} sessions in {took:.1f} s "
            f"({tally.sessions / max(took, 1e-9):.1f}/s), {tally.answers} answers, "
            f"{tally.stops} stops resumed, {tally.full} full disks, {tally.changed} files "
            f"changed by another program: {len(tally.failures)} failures")


def run(sessions: int, seed: int, out: Any = None, folder: Path | None = None,
        progress: Any = None) -> Tally:
    """``sessions`` sessions played; the tally (printed to ``out``; to
    ``progress`` every 500 sessions, when given)."""
    out = out or sys.stdout
    tally = Tally()
    start = time.monotonic()
    base = Path("/dev/shm") if Path("/dev/shm").is_dir() else None  # fsync costs nothing there
    with tempfile.TemporaryDirectory(dir=folder or base) as tmp:
        for n, case in enumerate(cases(seed, sessions)):
            place = Path(tmp) / str(n)
            place.mkdir()
            try:
                why = play(case, place, tally)
            except Exception as e:  # a crash is a failure too
                why = f"{type(e).__name__}: {e}"
            tally.sessions += 1
            tally.answers += len(case.answers)
            if why is not None:
                tally.failures.append((n, why, case))
            for p in place.iterdir():
                p.unlink()
            place.rmdir()
            if progress is not None and tally.sessions % 500 == 0:
                print(_said(tally, time.monotonic() - start), file=progress, flush=True)
    print(_said(tally, time.monotonic() - start), file=out)
    return tally


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sessions", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--failures", type=Path, default=None,
                    help="a folder for the answers and the record of each failed session")
    ap.add_argument("--progress", action="store_true", help="the tally every 500 sessions")
    args = ap.parse_args(argv)
    tally = run(args.sessions, args.seed, progress=sys.stderr if args.progress else None)
    for n, why, _ in tally.failures[:20]:
        print(f"  session {n}: {why}")
    if args.failures is not None:
        args.failures.mkdir(parents=True, exist_ok=True)
        for n, why, case in tally.failures:
            typed = "".join(f"{a.event or '-'}\t{a.text!r}\n" for a in case.answers)
            (args.failures / f"session-{n}.answers").write_text(typed, encoding="utf-8")
            (args.failures / f"session-{n}.ftn").write_text(case.expected, encoding="utf-8")
            (args.failures / f"session-{n}.why").write_text(why + "\n", encoding="utf-8")
    return 1 if tally.failures else 0


if __name__ == "__main__":
    sys.stdout = io.TextIOWrapper(sys.stdout.buffer, encoding="utf-8", line_buffering=True)
    raise SystemExit(main())
