"""The file of ``ftn record``: every line on the disk as soon as it is
entered.

Boundary: one open FTN file, its lines as they stand, and the two changes
a session makes (opening writes nothing): lines appended (written, then
``fsync``: a crash or a killed terminal loses nothing already written;
Ctrl-C is held back while a line is written; a last line left without its
line end gets it then) and an undo (the file cut back to a line, ``ftruncate``,
then ``fsync``). One session at a time: the file is locked (``flock``).
A new file is created exclusively (never over another) and its folder synced;
``open_journal`` refuses what ``ftn record`` cannot write into (a compressed
or JSON name, a file there without ``--resume`` or not there with it, a file
that is not UTF-8). It knows nothing of FTN beyond lines.
"""

from __future__ import annotations

import os
from pathlib import Path

from verifier.files.outputs import signals_held


class Journal:
    """The record file: its lines, each appended as it comes and synced to
    the disk; an undo cuts the file back to a line."""

    def __init__(self, path: Path, create: bool) -> None:
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

    def _write(self, raw: bytes) -> None:
        with signals_held():  # Ctrl-C never cuts a line halfway
            os.lseek(self.fd, self.size, os.SEEK_SET)
            view = memoryview(raw)
            while view:
                n = os.write(self.fd, view)
                view = view[n:]
            self.size += len(raw)
            os.fsync(self.fd)

    def append(self, lines: list[str]) -> None:
        """Lines at the end of the file, on the disk when this returns."""
        raw = self.nl if self.unended else b""
        self.unended = False
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
        self.unended = False  # cut at the start of a line
        with signals_held():
            os.ftruncate(self.fd, self.size)
            os.fsync(self.fd)
        del self.lines[n:], self.offsets[n:]
        return gone


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
