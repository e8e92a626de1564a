"""The file of ``ftn record``: every line on the disk as soon as it is
entered, and only whole lines.

Boundary: one open FTN file, its lines as they stand, and the two changes
a session makes (opening writes nothing): lines appended (written, then
``fsync``: a crash or a killed terminal loses nothing already written;
Ctrl-C is held back while a line is written; a last line left without its
line end gets it then) and an undo (the file cut back to a line, ``ftruncate``,
then ``fsync``). One session at a time: the file is locked (``flock``).
A new file is created exclusively (never over another) and its folder synced;
``open_journal`` refuses what ``ftn record`` cannot write into (a compressed
or JSON name, a file there without ``--resume`` or not there with it, a file
that is not UTF-8).

The file is kept by its descriptor. Before each append and each undo, and
when the session ends, the file at its name must still be the one this
session writes, as it left it (device, inode, size, time of last change: a
file saved anew by another program, or written or cut in place, is not):
otherwise the session stops (``Stopped``) without touching that file, and
the record as the session has it is written whole to a new file beside it,
``NAME.recovered-YYYYmmdd-HHMMSS.ftn`` (``outputs.write_new``; the lines
are in the message when even that cannot be written). A write that fails
(a full disk, an I/O error) is cut back to the line before it, so that the
file never ends in part of a line, and the session stops saying which line
was not saved. It knows nothing of FTN beyond lines.
"""

from __future__ import annotations

import errno
import os
import time
from pathlib import Path

from verifier.files.outputs import signals_held, write_new
from verifier.files.streams import identity_of


class Stopped(Exception):
    """The session cannot go on with its file; the message says why, and
    where every line of the record is."""


class Journal:
    """The record file: its lines, each appended as it comes and synced to
    the disk; an undo cuts the file back to a line."""

    def __init__(self, path: Path, create: bool) -> None:
        self.path = path
        flags = os.O_RDWR | (os.O_CREAT | os.O_EXCL if create else 0)
        self.fd = os.open(path, flags, 0o644)
        try:
            _lock(self.fd)
            if create:
                _sync_dir(path)
            data = b""
            while chunk := os.read(self.fd, 1 << 20):
                data += chunk
            text = data.decode("utf-8")  # UnicodeDecodeError: said by the caller
            # The file as this session left it: compared before each change.
            self.seen = identity_of(os.fstat(self.fd))
        except BaseException:
            os.close(self.fd)
            raise
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
        # A last line without its line end gets one with the first lines
        # appended: nothing is written to a file that is only read (one
        # that cannot be resumed is left as it was).
        self.unended = bool(data) and not data.endswith(b"\n")
        self.wrote = False  # this session changed the file
        self.stopped = False  # the file is no longer this session's

    def append(self, lines: list[str]) -> None:
        """Lines at the end of the file, on the disk when this returns;
        Stopped, with the file as it was, when it cannot be."""
        for line in lines:
            if "\n" in line or "\r" in line:
                raise ValueError(f"a line holds a line end: {line!r}")
        self._check(lines, "the line just entered included")
        raw = self.nl if self.unended else b""
        offsets = []
        for line in lines:
            offsets.append(self.size + len(raw))
            raw += line.encode("utf-8") + self.nl
        self._write(raw, lines)
        self.unended = False
        self.offsets += offsets
        self.lines += lines

    def keep(self, n: int) -> list[str]:
        """Cut the file after its first ``n`` lines; the lines cut."""
        if n >= len(self.lines):
            return []
        self._check([], "before the undo asked for, which is not done")
        gone = self.lines[n:]
        with signals_held():
            os.ftruncate(self.fd, self.offsets[n])
            os.fsync(self.fd)
            self._wrote(self.offsets[n])
        self.unended = False  # cut at the start of a line
        del self.lines[n:], self.offsets[n:]
        return gone

    def close(self) -> None:
        """The file closed; Stopped (once its lines are put beside it) when
        the file this session wrote is no longer the one at its name."""
        try:
            if self.wrote and not self.stopped:
                self._check([], "every line entered")
        finally:
            os.close(self.fd)

    def _wrote(self, size: int) -> None:
        self.size, self.wrote = size, True
        self.seen = identity_of(os.fstat(self.fd))

    def _write(self, raw: bytes, lines: list[str]) -> None:
        """``raw`` at the end of the file, synced; after a failure the file
        is cut back to its size before (no part of a line left), and Stopped
        says which lines were not saved."""
        with signals_held():  # Ctrl-C never cuts a line halfway
            try:
                os.lseek(self.fd, self.size, os.SEEK_SET)
                view = memoryview(raw)
                while view:
                    n = os.write(self.fd, view)
                    view = view[n:]
                os.fsync(self.fd)
            except OSError as e:
                raise self._failed(e, lines) from None
            self._wrote(self.size + len(raw))

    def _failed(self, e: OSError, lines: list[str]) -> Stopped:
        """What a failed write leaves: the file cut back to the line before
        it (or, when even that fails, the record put beside it)."""
        self.stopped = True
        why = e.strerror or str(e)
        shown = [x.strip() for x in lines if x.strip()]
        lost = shown[-1] if shown else "a blank line"
        if len(shown) > 1:
            lost = f"{shown[0]} ... {lost} ({len(shown)} lines)"
        try:
            os.ftruncate(self.fd, self.size)
            os.fsync(self.fd)
        except OSError:
            return Stopped(f"{self.path}: cannot write ({why}), and the part written cannot be "
                           "taken back: " + self._rescue(lines, "the line just entered included"))
        return Stopped(f"{self.path}: cannot write ({why}): not saved: {lost}. The file ends "
                       f"with the line before it, whole: ftn record --resume {self.path} goes "
                       "on (once the disk has room, if it is full)")

    def _check(self, lines: list[str], what: str) -> None:
        """Stopped, the record put beside the file, unless the file at its
        name is the one this session writes, as it left it."""
        why = self._changed()
        if why is None:
            return
        self.stopped = True
        raise Stopped(f"{self.path} {why}: this session stops and leaves it as it is. "
                      + self._rescue(lines, what))

    def _changed(self) -> str | None:
        """Why the file at the name is no longer the one this session
        writes, as it left it; None when it is."""
        mine = os.fstat(self.fd)
        try:
            there: os.stat_result | None = os.stat(self.path)
        except FileNotFoundError:
            there = None
        if there is None or (there.st_dev, there.st_ino) != (mine.st_dev, mine.st_ino):
            return ("was replaced or taken away by another program (saved anew, renamed or "
                    "removed) since this session last wrote to it")
        if mine.st_size != self.size:
            return (f"was written by another program since this session last wrote to it (it "
                    f"is {mine.st_size} bytes; this session left {self.size})")
        if identity_of(mine) != self.seen:
            return "was written by another program since this session last wrote to it"
        return None

    def _rescue(self, lines: list[str], what: str) -> str:
        """The record as this session has it (its lines, then ``lines``)
        written to a new file beside the file; where it is, said."""
        text = "".join(line + self.nl.decode() for line in [*self.lines, *lines])
        try:
            name = _recovered(self.path, text)
        except OSError as e:
            return (f"A file beside it cannot be written either ({e.strerror or e}): the record "
                    f"as this session has it ({what}) follows; save it in a file:\n"
                    + text.rstrip("\n"))
        return (f"The record as this session has it ({what}) is in {name}: ftn record --resume "
                f"{name} goes on with it")


def _recovered(path: Path, text: str) -> Path:
    """A new file beside ``path`` holding ``text``, named for it and the
    time (``game.ftn.recovered-20260101-120000.ftn``; ``-2``... when taken)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for k in range(1, 100):
        name = path.with_name(f"{path.name}.recovered-{stamp}{f'-{k}' if k > 1 else ''}.ftn")
        if os.path.lexists(name):
            continue
        try:
            write_new(name, text)
        except FileExistsError:
            continue
        return name
    raise OSError(errno.EEXIST, "every name for it is taken")


class CannotRecord(Exception):
    """A file that ``ftn record`` cannot write into; the message says which and why."""


def open_journal(file: Path, resume: bool) -> Journal:
    """The file to record into: a new plain FTN file, or with ``resume`` the
    regular file a session left; CannotRecord for any other."""
    name = str(file)
    if name.endswith((".gz", ".bz2", ".xz", ".zst", ".json", ".jsonl", ".ndjson")):
        raise CannotRecord(f"{name}: records are written as plain FTN: name a .ftn file")
    if file.is_symlink() and not file.exists():  # neither a file to go on with nor a new one
        raise CannotRecord(f"{name}: a symbolic link to {os.readlink(file)}, which does not "
                           "exist: name a new file")
    if resume and not file.exists():
        raise CannotRecord(f"{name}: no such file (without --resume, ftn record starts it)")
    if not resume and (file.exists() or file.is_symlink()):
        raise CannotRecord(f"{name} exists: ftn record --resume {name} goes on with it, or "
                           "name a new file")
    if resume and not file.is_file():
        raise CannotRecord(f"{name}: not a regular file")
    try:
        return Journal(file, create=not resume)
    except UnicodeDecodeError as e:
        line = bytes(e.object[: e.start]).count(b"\n") + 1
        raise CannotRecord(f"{name}:{line}: not UTF-8 text (byte {e.start + 1} of the "
                           "file)") from None
    except Busy as e:
        raise CannotRecord(f"{name}: {e}") from None
    except OSError as e:
        raise CannotRecord(f"{name}: cannot open: {e.strerror or e}") from None


class Busy(OSError):
    """Another session is recording into the file."""


def _lock(fd: int) -> None:
    """One session a file: an exclusive lock, released when the file closes."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        raise Busy("another ftn record session is writing to it") from None


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
