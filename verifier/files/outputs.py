"""Files out: written whole or not at all, and never cut halfway by a signal.

Boundary: the one way the tools write a user's file (``AtomicFile``,
``write_atomic``; a new file only where none is, ``write_new``): through a
temporary file next to it and a rename, keeping its mode, its compression
(``streams.pack_output``) and its hard links, never replacing a file other
than the one that was read (a set of files that go into one folder together
is ``folder``'s); and the signal handling that keeps a write whole
(``interruptible``). Text made a piece at a time goes out as it comes
(``write_chunks``). It decides nothing about what is written.
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

from verifier.files.streams import identity_of, pack_output

__all__ = ["AtomicFile", "CutInPlace", "FileChanged", "WriteError", "interruptible",
           "write_atomic", "write_chunks", "write_new"]


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


class FileChanged(OSError):
    """The file to be replaced is no longer the one that was read (another
    file was put at its name, or it was written since): it is left as it is."""


class CutInPlace(OSError):
    """A file with hard links could be written in place only in part; its
    new content is complete in ``kept`` (``filename``), synced to disk.
    ``strerror`` says so, and what to do (``why``: what stopped the copy)."""

    def __init__(self, errno_: int | None, why: str, kept: Path, shown: str) -> None:
        super().__init__(errno_, f"{why}; its new content is complete in {kept}: copy it over "
                                 f"the file (cat it > {shown} keeps the hard links), then "
                                 "remove it", str(kept))
        self.kept, self.why = kept, why


class AtomicFile:
    """A file written whole or not at all (its line ends as given): through
    a temporary file next to it (``.NAME.XXXXXXXX.tmp``) and a rename,
    keeping the mode of the file it replaces, whose new content is synced
    to disk before the rename; a new file gets the user's normal permissions
    (the umask). A symlink is written through to its target; a read-only
    file is refused (OSError, on opening). A file with hard links is
    rewritten in place, so that the links stay one file: its new content is
    first written whole, synced and renamed ``.NAME.XXXXXXXX.new`` beside
    it (in the temporary folder if its folder cannot be written), and only
    then copied over the old, which is left untouched when the free space
    is short; should the copy stop partway (a full disk, a kill), that
    ``.new`` file holds the new content, complete (``CutInPlace`` says so).
    ``packing`` compresses what is written ("gzip", "bzip2", "xz", "zstd":
    ``streams.pack_output``). ``commit`` puts it in place, interrupts
    (SIGINT, SIGTERM) waiting until that is done, after checking, when
    ``same_as`` is given, that the file there is still that one
    (``streams.identity_of``; else ``FileChanged``), or with ``new`` puts
    a new file where no file is (synced first; ``FileExistsError`` when the
    name is taken); ``abort`` leaves everything as it was."""

    def __init__(self, path: Path, packing: str | None = None) -> None:
        self.shown = str(path)  # as given, for messages
        self.target = target = Path(os.path.realpath(path))
        try:  # by the name given: a link to a descriptor (/dev/stdout) leads to what it is
            st: os.stat_result | None = os.stat(path)
        except FileNotFoundError:
            st = None
        if st is not None:
            if not stat.S_ISREG(st.st_mode):
                raise OSError(errno.EINVAL, "not a regular file")
            if not st.st_mode & 0o222:
                raise PermissionError(errno.EACCES, "the file is read-only")
        self.mode = None if st is None else st.st_mode & 0o7777
        self.replaces = st is not None  # an existing file: synced before it is replaced
        self.links = st is not None and st.st_nlink > 1  # written in place at the end
        self.tmp: Path | None
        try:
            self.tmp, fd = _temporary(target)
        except OSError:
            if not self.links:
                raise
            self.tmp, fd = _temporary(target, Path(tempfile.gettempdir()))
        self.raw: IO[bytes] = os.fdopen(fd, "wb")
        self.file: IO[bytes] = self.raw  # the compressor over it, when there is one
        try:
            self.file = pack_output(self.raw, packing, target.name)
        except BaseException:
            self.abort()
            raise

    def write(self, text: str) -> None:
        self.file.write(text.encode("utf-8"))

    def commit(self, same_as: tuple[int, int, int, int] | None = None, new: bool = False
               ) -> None:
        with signals_held():
            try:
                if self.file is not self.raw:
                    self.file.close()
                self.raw.flush()
                if self.replaces or new:
                    os.fsync(self.raw.fileno())
                self.raw.close()
                if same_as is not None:
                    _still(self.target, same_as)
                assert self.tmp is not None
                if new:
                    self._put_new(self.tmp)
                    return
                if self.links:
                    self._in_place(self.tmp)
                    return
                if self.mode is not None:
                    with contextlib.suppress(OSError):
                        os.chmod(self.tmp, self.mode)
                os.replace(self.tmp, self.target)
                self.tmp = None
                if self.replaces:
                    sync_folder(self.target.parent)
            except BaseException:
                self.abort()
                raise

    def _put_new(self, tmp: Path) -> None:
        """The temporary file put at the name where no file is (a hard link,
        which never replaces one: ``FileExistsError`` when the name is taken)."""
        os.link(tmp, self.target)
        self.tmp = None
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        sync_folder(self.target.parent)

    def _in_place(self, tmp: Path) -> None:
        """The new content, written and synced, made the ``.new`` file, then
        copied over the old file (every hard link sees it)."""
        kept = tmp.with_suffix(".new")
        os.replace(tmp, kept)
        self.tmp = kept  # removed on abort while nothing of the old is touched
        sync_folder(kept.parent)
        size = kept.stat().st_size
        with open(self.target, "r+b") as f:
            _room_for(f, size)
            self.tmp = None  # from here on, the only complete copy may be ``kept``
            try:
                with open(kept, "rb") as src:
                    copy_into(src, f)
                f.truncate()
                f.flush()
                os.fsync(f.fileno())
            except OSError as e:
                raise CutInPlace(e.errno, e.strerror or str(e), kept, self.shown) from None
        os.unlink(kept)

    def abort(self) -> None:
        if self.file is not self.raw:  # the compressor first: closed later, it
            with contextlib.suppress(Exception):  # would write to a closed file
                self.file.close()
        with contextlib.suppress(Exception):
            self.raw.close()
        if self.tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(self.tmp)
            self.tmp = None


def copy_into(src: IO[bytes], dst: IO[bytes]) -> None:
    """The bytes of ``src`` written over ``dst`` from its start."""
    shutil.copyfileobj(src, dst)


def _room_for(f: IO[bytes], size: int) -> None:
    """OSError (ENOSPC) when the file system of ``f`` has too little free
    space for it to grow to ``size`` bytes: checked before it is touched."""
    grow = size - os.fstat(f.fileno()).st_size
    if grow <= 0:
        return
    try:
        vfs = os.fstatvfs(f.fileno())
    except OSError:
        return
    if vfs.f_bavail * vfs.f_frsize < grow + (1 << 20):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def _still(target: Path, same_as: tuple[int, int, int, int]) -> None:
    """``FileChanged`` unless the file at ``target`` is the one that was read."""
    try:
        now: tuple[int, int, int, int] | None = identity_of(os.stat(target))
    except FileNotFoundError:
        now = None
    if now != same_as:
        raise FileChanged(errno.ESTALE, "it changed since it was read")


def sync_folder(folder: Path) -> None:
    """A rename in ``folder`` made durable (where the system allows it)."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _temporary(target: Path, folder: Path | None = None) -> tuple[Path, int]:
    """A new file next to ``target`` (or in ``folder``), named after it: its
    path and descriptor."""
    for _ in range(100):
        name = (folder or target.parent) / f".{target.name}.{secrets.token_hex(4)}.tmp"
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


def write_new(path: Path, text: str) -> None:
    """A new file written whole or not at all, synced, and put at its name
    only where no file is (``AtomicFile.commit`` with ``new``):
    ``FileExistsError`` when one is, which is left as it is."""
    with signals_held():
        f = AtomicFile(path)
        try:
            f.write(text)
        except BaseException:
            f.abort()
            raise
        f.commit(new=True)


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
