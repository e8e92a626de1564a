"""``ftn record``: a scorer's session in the terminal, written to an FTN
file line by line.

Boundary: the terminal and the file. It asks (the standard library's
``input``, with ``readline``'s line editing and completion where there is
a terminal) and prints; every line goes to the file as it is entered,
flushed and synced to the disk (``Journal``), so that a crash or a killed
terminal loses nothing already entered; an undo truncates the file. What to
ask, what to refuse and what to write is ``verifier.recording``'s. The
header is written once its questions are answered (its tags have a fixed
order that the answers come in otherwise); under V5 (the highest double
leads) a round's hands are held until its opener is known, then written with
its ``round`` line.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

from .common import EXIT_ERRORS, EXIT_USAGE, app, err, fail


class Stop(Exception):
    """The scorer stops: ``quit``, end of input (Ctrl-D) or Ctrl-C."""

    def __init__(self, interrupted: bool = False) -> None:
        super().__init__("stop")
        self.interrupted = interrupted


class Journal:
    """The record file: its lines, each appended as it comes and synced to
    the disk; an undo cuts the file back to a line."""

    def __init__(self, path: Path, create: bool) -> None:
        flags = os.O_RDWR | (os.O_CREAT | os.O_EXCL if create else 0)
        self.fd = os.open(path, flags, 0o644)
        if create:
            _sync_dir(path)
        data = b""
        while chunk := os.read(self.fd, 1 << 20):
            data += chunk
        text = data.decode("utf-8")  # UnicodeDecodeError: said by the caller
        self.nl = b"\r\n" if b"\r\n" in data.split(b"\n", 1)[0] + b"\n" else b"\n"
        self.lines: list[str] = []
        self.offsets: list[int] = []
        parts = text.split("\n") if text else []
        if parts and parts[-1] == "":
            parts.pop()  # the line end of the last line
        at = 0
        for raw in parts:
            self.offsets.append(at)
            self.lines.append(raw.rstrip("\r"))
            at += len(raw.encode("utf-8")) + 1
        self.size = len(data)
        if data and not data.endswith(b"\n"):
            self._write(self.nl)

    def _write(self, raw: bytes) -> None:
        os.lseek(self.fd, self.size, os.SEEK_SET)
        view = memoryview(raw)
        while view:
            n = os.write(self.fd, view)
            view = view[n:]
        self.size += len(raw)
        os.fsync(self.fd)

    def append(self, lines: list[str]) -> None:
        """Lines at the end of the file, on the disk when this returns."""
        raw = b""
        for line in lines:
            self.offsets.append(self.size + len(raw))
            self.lines.append(line)
            raw += line.encode("utf-8") + self.nl
        self._write(raw)

    def keep(self, n: int) -> list[str]:
        """Cut the file after its first ``n`` lines; the lines cut."""
        if n >= len(self.lines):
            return []
        gone = self.lines[n:]
        self.size = self.offsets[n]
        os.ftruncate(self.fd, self.size)
        os.fsync(self.fd)
        del self.lines[n:], self.offsets[n:]
        return gone


def _sync_dir(path: Path) -> None:
    try:
        fd = os.open(path.parent if str(path.parent) else ".", os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


FileArg = Annotated[Path, typer.Argument(metavar="FILE", help="The FTN file to write.")]
ResumeOpt = Annotated[
    bool, typer.Option("--resume", help="Go on with the game FILE holds, from where it stops.")
]


@app.command()
def record(file: FileArg, resume: ResumeOpt = False) -> None:
    """Record a game as it is played, line by line, into an FTN file.

    It asks for the players, seats and rule options, then each round's
    hands (or "unknown"), then each move: it shows whose turn it is, the
    ends, the totals and, when the hand is known, the tiles that fit; it
    refuses an illegal move with the rule it breaks, and counts each
    event's score. Every line is on the disk as soon as it is entered;
    --resume goes on with a file from where it stops.
    """
    from .recorder import Session

    name = str(file)
    if name.endswith((".gz", ".bz2", ".xz", ".zst", ".json", ".jsonl", ".ndjson")):
        fail(f"ftn record: {name}: records are written as plain FTN: name a .ftn file")
    if resume and not file.exists():
        fail(f"ftn record: {name}: no such file (without --resume, ftn record starts it)")
    if not resume and (file.exists() or file.is_symlink()):
        fail(f"ftn record: {name} exists: ftn record --resume {name} goes on with it, or "
             "name a new file")
    if resume and not file.is_file():
        fail(f"ftn record: {name}: not a regular file")
    try:
        journal = Journal(file, create=not resume)
    except UnicodeDecodeError as e:
        fail(f"ftn record: {name}: not UTF-8 text (byte {e.start + 1})")
    except OSError as e:
        fail(f"ftn record: {name}: cannot open: {e.strerror or e}")
    session = Session(journal, name)
    try:
        code = session.run(resume)
    except Stop as stop:
        print()
        err(f"ftn record: stopped; every line entered is in {name}: ftn record --resume "
            f"{name} goes on")
        code = 130 if stop.interrupted else 0
    finally:
        os.close(journal.fd)
    if code not in (0, 130):
        raise typer.Exit(EXIT_ERRORS if code == 1 else EXIT_USAGE)
    raise typer.Exit(code)

