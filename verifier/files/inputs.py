"""Files in: paths to texts, and the one error for input that cannot be read.

Boundary: turns the paths a user names (files, directories searched for
records, ``-`` for standard input) into (name, text) pairs, decoding UTF-8
(a BOM allowed) and saying where a file is not. It reads regular files only:
a FIFO or a device (which could wait or grow for ever) is refused unless it
comes as ``-``. Directory walks (without recursion: a folder of any depth)
skip hidden folders and what ``--exclude`` names; an explicit file is
always read; the symbolic links to files a walk found are named
(``walked_links``), for the commands that write back what they read. It
parses nothing (that is ``formats``') and writes nothing (the CLI does).
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Iterable, Iterator, Sequence
from fnmatch import fnmatch
from pathlib import Path

from verifier.files.formats import SUFFIXES, globs
from verifier.files.streams import InputError, not_utf8, plain_name, unpack_bytes

__all__ = ["check_input", "decode", "expand", "expand_each", "inputs",
           "read_each", "read_text", "walked_links"]


def decode(data: bytes, name: str) -> str:
    """A file's bytes as text (UTF-8, a BOM allowed), or InputError with the
    line and column of the first byte that is not UTF-8."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise not_utf8(name, data, e, 1) from None


def excluded(path: str, exclude: Sequence[str]) -> bool:
    """Whether a path found in a walk matches an ``--exclude`` glob: by its
    name, or by its whole path as printed."""
    name = os.path.basename(path)
    return any(fnmatch(name, g) or fnmatch(path, g) for g in exclude)


def walk(root: str, exclude: Sequence[str] = ()) -> Iterator[str | InputError]:
    """The record files under a directory (also compressed: ``*.ftn.gz``,
    ``*.jsonl.zst``...), in order: a folder's files sorted, then each of
    its folders sorted, walked in turn (as ``os.walk`` from the top down,
    symbolic links to folders not followed, but without recursion: a
    folder thousands deep is walked too); an InputError for each folder
    that cannot be read. Hidden folders (``.git``, ``.venv``) and excluded
    paths are skipped."""
    stack = [root]
    while stack:
        folder = stack.pop()
        try:
            dirs, files = _listed(folder)
        except OSError as e:
            yield _dir_error(e)
            continue
        dirs = sorted(d for d in dirs if not d.startswith(".")
                      and not excluded(os.path.join(folder, d), exclude))
        for f in sorted(files):
            path = os.path.join(folder, f)
            if Path(plain_name(f)).suffix in SUFFIXES and not excluded(path, exclude):
                yield path
        below = [os.path.join(folder, d) for d in dirs]
        stack += [d for d in reversed(below) if not os.path.islink(d)]


def walked_links(paths: Sequence[str], names: Iterable[str]) -> frozenset[str]:
    """The names among ``names`` that a directory walk found (not one of
    ``paths``, as named on the command line) and that are symbolic links to
    a file: read like the others, never written through (their target may
    stand outside the tree). A file named itself is written through to its
    target."""
    named = set(paths)
    return frozenset(n for n in names if n not in named and os.path.islink(n))


def _listed(folder: str) -> tuple[list[str], list[str]]:
    """The names of a folder's folders (symbolic links to folders among
    them) and of its other entries; OSError when it cannot be listed."""
    dirs: list[str] = []
    files: list[str] = []
    with os.scandir(folder) as entries:
        for entry in entries:
            try:
                is_dir = entry.is_dir()
            except OSError:
                is_dir = False
            (dirs if is_dir else files).append(entry.name)
    return dirs, files


def _dir_error(e: OSError) -> InputError:
    name = str(e.filename)
    return InputError(f"{name}: cannot read this directory: {e.strerror or e}", name)


def expand_each(paths: Sequence[str], exclude: Sequence[str] = ()) -> Iterator[str | InputError]:
    """The files the paths name, or an InputError for each that cannot be
    walked: a directory stands for the records in it and below (``*.ftn``,
    ``*.json``, ``*.jsonl``, ``*.ndjson``, and those compressed: ``.gz``,
    ``.bz2``, ``.xz``, ``.zst``), in order."""
    for p in paths:
        if p != "-" and os.path.isdir(p):
            seen = False
            for f in walk(p, exclude):
                seen = True
                yield f
            if not seen:
                yield InputError(f"{p}: no {globs('or')} files in this directory", p)
        else:
            yield p


def expand(paths: Sequence[str], exclude: Sequence[str] = ()) -> Iterator[str]:
    """The files the paths name; InputError at the first that cannot be walked."""
    for f in expand_each(paths, exclude):
        if isinstance(f, InputError):
            raise f
        yield f


def _open_regular(name: str) -> int:
    """A descriptor of ``name`` opened for reading, or InputError when it is
    not a regular file (a directory, a FIFO, a socket, a device: opened
    without blocking, so that a FIFO cannot hang) or cannot be opened."""
    try:
        fd = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as e:
        raise InputError(f"{name}: cannot read: {e.strerror or e}", name) from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise InputError(f"{name}: cannot read: it is a directory", name)
        if not stat.S_ISREG(mode):
            raise InputError(f"{name}: cannot read: not a regular file (a FIFO, socket or "
                             "device); to read it, give - and redirect it to standard input",
                             name)
    except OSError as e:
        os.close(fd)
        raise InputError(f"{name}: cannot read: {e.strerror or e}", name) from None
    except InputError:
        os.close(fd)
        raise
    return fd


def _stdin_open() -> None:
    if sys.stdin is None or sys.stdin.closed:
        raise InputError("<stdin>: cannot read: standard input is closed", "<stdin>")


def check_input(name: str) -> None:
    """InputError unless ``name`` can be read: ``-`` with standard input
    open, or a regular file that opens (nothing is read)."""
    if name == "-":
        _stdin_open()
    else:
        os.close(_open_regular(name))


def read_text(path: str | os.PathLike[str]) -> str:
    """The text of a record file: one regular file, or standard input for
    ``-`` (unpacked when it is compressed: ``streams``); InputError when it
    cannot be read or is not UTF-8."""
    name = os.fspath(path)
    if name == "-":
        _stdin_open()
        stdin = sys.stdin
        try:
            data = stdin.buffer.read() if hasattr(stdin, "buffer") else stdin.read().encode()
        except (OSError, ValueError) as e:
            raise InputError(f"<stdin>: cannot read: {e}") from None
        return decode(unpack_bytes(data, "<stdin>"), "<stdin>")
    fd = _open_regular(name)
    try:
        with os.fdopen(fd, "rb", closefd=False) as f:
            data = f.read()
    except OSError as e:
        raise InputError(f"{name}: cannot read: {e.strerror or e}", name) from None
    finally:
        os.close(fd)
    return decode(unpack_bytes(data, name), name)


def read_each(paths: Sequence[str], exclude: Sequence[str] = ()
              ) -> Iterator[tuple[str, str | InputError]]:
    """(name, text) for every file the paths name, or (name, InputError) for
    one that cannot be read: one bad file does not stop the others."""
    for n in expand_each(paths, exclude):
        if isinstance(n, InputError):
            yield n.name, n
            continue
        name = "<stdin>" if n == "-" else n
        try:
            yield name, read_text(n)
        except InputError as e:
            yield name, e


def inputs(paths: Sequence[str], exclude: Sequence[str] = ()) -> list[tuple[str, str]]:
    """(name, text) for every file the paths name (``<stdin>`` for ``-``);
    InputError at the first that cannot be read."""
    out = []
    for name, text in read_each(paths, exclude):
        if isinstance(text, InputError):
            raise text
        out.append((name, text))
    return out
