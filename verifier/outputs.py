"""Files out: written whole or not at all, and never cut halfway by a signal.

Boundary: the one way the tools write a user's file (``AtomicFile``,
``write_atomic``): through a temporary file next to it and a rename,
keeping its mode, its compression (``streams.pack_output``) and its hard
links; and the signal handling that keeps a write whole (``interruptible``).
Text made a piece at a time goes out as it comes (``write_chunks``).
It decides nothing about what is written.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import shutil
import signal
import stat
import sys
import tempfile
import threading
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO

from .streams import pack_output

__all__ = ["AtomicFile", "WriteError", "interruptible", "write_atomic", "write_chunks"]


class WriteError(Exception):
    """An output file that cannot be written; the message says which and why."""


@contextlib.contextmanager
def signals_held() -> Iterator[None]:
    """SIGINT and SIGTERM held back (delivered on leaving), so that a write
    is never cut halfway: no temporary file left, no file half written.

    Held by Python's handlers, not by the thread's signal mask: in a process
    with other threads (a library caller's, a pool's) the kernel gives a
    signal to a thread that does not block it, and Python runs the handler
    in the main thread all the same. Outside the main thread, where no
    handler can be set, nothing is held."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    came: list[int] = []
    olds = {s: signal.signal(s, lambda signum, frame: came.append(signum))
            for s in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for s, old in olds.items():  # None: a handler not set from Python
            signal.signal(s, old if old is not None else signal.SIG_DFL)
        for signum in dict.fromkeys(came):  # each once, in the order they came
            signal.raise_signal(signum)


@contextlib.contextmanager
def interruptible(writing: bool = True) -> Iterator[None]:
    """SIGTERM raises SystemExit, as SIGINT raises KeyboardInterrupt, while a
    long run is ``writing`` a file: its temporary file is removed on the way
    out."""
    if not writing or threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, frame: object) -> None:
        raise SystemExit(128 + signum)

    old = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, old)


class AtomicFile:
    """A file written whole or not at all (its line ends as given): through
    a temporary file and a rename, keeping the mode of the file it replaces;
    a new file gets the user's normal permissions (the umask). A symlink is
    written through to its target; a file with hard links is rewritten in
    place when it is committed (the links stay one file); a read-only file
    is refused (OSError, on opening). ``packing`` compresses what is written
    ("gzip", "bzip2", "xz", "zstd": ``streams.pack_output``). ``commit``
    puts it in place, interrupts (SIGINT, SIGTERM) waiting until that is
    done; ``abort`` leaves everything as it was."""

    def __init__(self, path: Path, packing: str | None = None) -> None:
        self.target = target = Path(os.path.realpath(path))
        try:
            st: os.stat_result | None = os.stat(target)
        except FileNotFoundError:
            st = None
        if st is not None:
            if not stat.S_ISREG(st.st_mode):
                raise OSError(errno.EINVAL, "not a regular file")
            if not st.st_mode & 0o222:
                raise PermissionError(errno.EACCES, "the file is read-only")
        self.mode = None if st is None else st.st_mode & 0o7777
        self.tmp: Path | None = None
        self.raw: IO[bytes]
        if st is not None and st.st_nlink > 1:  # written in place at the end
            try:
                self.raw = tempfile.TemporaryFile(dir=target.parent)  # noqa: SIM115
            except OSError:
                self.raw = tempfile.TemporaryFile()  # noqa: SIM115
        else:
            self.tmp, fd = _temporary(target)
            self.raw = os.fdopen(fd, "wb")
        self.file: IO[bytes] = self.raw  # the compressor over it, when there is one
        try:
            self.file = pack_output(self.raw, packing, target.name)
        except BaseException:
            self.abort()
            raise

    def write(self, text: str) -> None:
        self.file.write(text.encode("utf-8"))

    def commit(self) -> None:
        with signals_held():
            try:
                if self.file is not self.raw:
                    self.file.close()
                if self.tmp is None:
                    self.raw.seek(0)
                    with open(self.target, "r+b") as f:  # in place: every hard link sees it
                        shutil.copyfileobj(self.raw, f)
                        f.truncate()
                    self.raw.close()
                    return
                self.raw.close()
                if self.mode is not None:
                    with contextlib.suppress(OSError):
                        os.chmod(self.tmp, self.mode)
                os.replace(self.tmp, self.target)
            except BaseException:
                self.abort()
                raise

    def abort(self) -> None:
        if self.file is not self.raw:  # the compressor first: closed later, it
            with contextlib.suppress(Exception):  # would write to a closed file
                self.file.close()
        with contextlib.suppress(Exception):
            self.raw.close()
        if self.tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(self.tmp)


def _temporary(target: Path) -> tuple[Path, int]:
    """A new file next to ``target``, named after it: its path and descriptor."""
    for _ in range(100):
        name = target.parent / f".{target.name}.{secrets.token_hex(4)}.tmp"
        try:
            return name, os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        except FileExistsError:
            continue
    raise OSError(errno.EEXIST, "no free temporary file name")


def write_atomic(path: Path, text: str) -> None:
    """Write a file whole or not at all (``AtomicFile``); interrupts (SIGINT,
    SIGTERM) wait until it is in place."""
    with signals_held():
        write_chunks((text,), path)


def write_chunks(chunks: Iterable[str], output: Path | None) -> None:
    """Text made a piece at a time to standard output, or to a file through a
    temporary file (``AtomicFile``): the old file stays until the last piece
    is written. An ``OSError`` is the caller's to report."""
    if output is None:
        for chunk in chunks:
            sys.stdout.write(chunk)
        return
    f = AtomicFile(output)
    try:
        for chunk in chunks:
            f.write(chunk)
    except BaseException:
        f.abort()
        raise
    f.commit()
