"""Files that go into one folder together: all of them or none.

Boundary: ``FileSet``, the files of one set (``ftn export``'s tables)
written in a staging folder and put in place at once (the folders swapped
in one step where the system can, ``RENAME_EXCHANGE``), so that a reader
sees the old set or the new; a failure leaves the folder as it was, and
a user's file in it is never moved. Single files are ``outputs``'s. It
decides nothing about what is written.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import os
import secrets
import stat
import sys
from collections.abc import Collection
from pathlib import Path
from typing import IO

from verifier.files.outputs import signals_held, sync_folder

__all__ = ["FileSet"]


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths in one step (Linux's ``renameat2`` with
    ``RENAME_EXCHANGE``); False where the system cannot (then nothing moved)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        fn = ctypes.CDLL(None, use_errno=True).renameat2
    except (AttributeError, OSError):  # a C library without it
        return False
    fn.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    at_fdcwd, rename_exchange = -100, 2
    if fn(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), rename_exchange) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.ENOSYS, errno.EINVAL, errno.EXDEV, errno.EOPNOTSUPP):
        return False
    raise OSError(code, os.strerror(code), str(b))


class FileSet:
    """Files that go into one folder together, all of them or none: each is
    written in a staging folder (``open``, or by the caller at ``place``),
    and ``commit`` puts the whole
    set in place; ``abort`` (or a failure) leaves the folder as it was.

    The staging folder is made next to the folder (``.NAME.XXXXXXXX.tmp``),
    or inside it when its parent cannot be written or is on another disk. ``commit``: a folder not
    there yet is the staging folder renamed; a folder that holds nothing but
    files ``owned`` names (what any such set may hold) is swapped with the
    staging folder in one step (``RENAME_EXCHANGE``: a reader sees the old
    set or the new), the owned files of other sets linked over first
    (unless ``keep`` is False: then the new set alone) and the old set
    removed after; a folder that holds anything else (a user's
    file is never moved), or where the swap cannot be made, gets each file
    renamed into it, once every one is written. An ``OSError`` names the
    file's place in the folder."""

    def __init__(self, folder: Path, owned: Collection[str], keep: bool = True) -> None:
        self.shown = folder  # as given, for messages
        self.folder = Path(os.path.realpath(folder))
        self.owned = set(owned)
        self.keep = keep  # the owned files of other sets kept (False: the new set alone)
        self.names: list[str] = []
        self.files: list[IO[bytes] | None] = []  # None: written by the caller (``place``)
        self.folder.parent.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(FileNotFoundError):
            if not os.stat(self.folder).st_mode & 0o222 or not os.access(self.folder, os.W_OK):
                raise PermissionError(errno.EACCES, "the folder cannot be written",
                                      str(folder))
        self.inside = self.folder.is_dir() and (
            os.stat(self.folder).st_dev != os.stat(self.folder.parent).st_dev)  # a mount point
        if not self.inside:
            try:
                self.staging = _staging(self.folder.parent, self.folder.name)
            except PermissionError:
                if not self.folder.is_dir():
                    raise
                self.inside = True
        if self.inside:
            self.staging = _staging(self.folder, "")

    def open(self, name: str) -> IO[bytes]:
        """A new file of the set, to be written (refused, OSError, where the
        folder holds a read-only file of that name)."""
        self._writable(name)
        f = open(self.staging / name, "xb")  # noqa: SIM115 - closed by commit or abort
        self.names.append(name)
        self.files.append(f)
        return f

    def place(self, name: str) -> Path:
        """Where a new file of the set is, for the caller to write itself
        (made empty here; opened only while written to, closed before
        ``commit``: any number of files, few descriptors); refused as
        ``open`` refuses."""
        self._writable(name)
        path = self.staging / name
        with open(path, "xb"):
            pass
        self.names.append(name)
        self.files.append(None)
        return path

    def _writable(self, name: str) -> None:
        with contextlib.suppress(FileNotFoundError):
            if not os.stat(self.folder / name).st_mode & 0o222:
                raise PermissionError(errno.EACCES, "the file is read-only",
                                      str(self.shown / name))

    def commit(self) -> None:
        """Every file closed and on the disk, then the set put in place."""
        for name, f in zip(self.names, self.files, strict=True):
            try:
                if f is None:
                    _sync(self.staging / name)
                    continue
                f.flush()
                os.fsync(f.fileno())
                f.close()
            except OSError as e:
                self.abort()
                raise OSError(e.errno, e.strerror, str(self.shown / name)) from None
        with signals_held():
            try:
                self._put()
            except OSError as e:
                self.abort()
                raise OSError(e.errno, e.strerror, str(self.shown)) from None
            except BaseException:
                self.abort()
                raise
        sync_folder(self.folder.parent)

    def _put(self) -> None:
        if not self.inside and not self.folder.exists():
            with contextlib.suppress(OSError):  # made meanwhile: as an existing folder
                self.staging.rename(self.folder)
                return
        held = None if self.inside else self._held()
        if held is not None and self._swap(held):
            return
        for name in self.names:  # a folder in a table's place: refused before any is moved
            if os.path.isdir(self.folder / name) and not os.path.islink(self.folder / name):
                raise OSError(errno.EISDIR, f"{name} in it is a folder, not a table: move "
                                            "it away")
        for name in self.names:  # one at a time: all written, each rename needs no space
            _keep_mode(self.staging / name, self.folder / name)
            os.replace(self.staging / name, self.folder / name)
        self.staging.rmdir()

    def _held(self) -> list[str] | None:
        """The folder's other sets' files, when it holds nothing else."""
        try:
            there = os.listdir(self.folder)
        except OSError:
            return None
        if any(n not in self.owned or not os.path.isfile(self.folder / n) for n in there):
            return None
        return [n for n in there if n not in self.names] if self.keep else []

    def _swap(self, held: list[str]) -> bool:
        """The staging folder and the folder swapped (the files ``held``
        linked into the new one first); False when it cannot be done."""
        try:
            for n in held:
                os.link(self.folder / n, self.staging / n, follow_symlinks=False)
            for n in self.names:
                _keep_mode(self.staging / n, self.folder / n)
            os.chmod(self.staging, stat.S_IMODE(os.stat(self.folder).st_mode))
            if not _exchange(self.staging, self.folder):
                raise OSError(errno.ENOSYS, "no exchange")
        except OSError:
            for n in held:
                with contextlib.suppress(OSError):
                    os.unlink(self.staging / n)
            return False
        self._drop_old()
        return True

    def _drop_old(self) -> None:
        """The old set (now in the staging folder) removed; anything else
        that came into the folder meanwhile put back."""
        for n in os.listdir(self.staging):
            path = self.staging / n
            if n in self.owned and not path.is_dir():
                with contextlib.suppress(OSError):
                    os.unlink(path)
            elif not os.path.lexists(self.folder / n):
                with contextlib.suppress(OSError):
                    os.rename(path, self.folder / n)
        with contextlib.suppress(OSError):  # left, with what came, if not empty
            self.staging.rmdir()

    def abort(self) -> None:
        for f in self.files:
            with contextlib.suppress(Exception):
                if f is not None:
                    f.close()
        for name in self.names:
            with contextlib.suppress(OSError):
                os.unlink(self.staging / name)
        with contextlib.suppress(OSError):
            self.staging.rmdir()


def _staging(parent: Path, name: str) -> Path:
    """A new, empty folder in ``parent``, named after ``name``."""
    for _ in range(100):
        path = parent / f".{name}.{secrets.token_hex(4)}.tmp"
        try:
            os.mkdir(path, 0o777)  # the umask's permissions, as a new folder gets
            return path
        except FileExistsError:
            continue
    raise OSError(errno.EEXIST, "no free temporary folder name")


def _sync(path: Path) -> None:
    """A file written and closed, put on the disk."""
    with open(path, "rb") as f:
        os.fsync(f.fileno())


def _keep_mode(new: Path, old: Path) -> None:
    """``new`` given the permissions of the file it replaces, if any."""
    with contextlib.suppress(OSError):
        os.chmod(new, stat.S_IMODE(os.stat(old).st_mode))
