"""A settings file read: its bytes, its TOML document, and the places of
its keys and values.

Boundary: reads one settings file, a regular file of at most ``MAX_BYTES``
(opened without blocking, so that a FIFO cannot hang the run; a device, a
folder or a larger file is refused), parses its TOML (``tomllib``; a
document nested too deeply for it, or a number too long for Python, is an
error at its place, not a traceback), and finds the line and column of a
key or value in its text (``place``). Every problem is a ``SettingsError``
that says file:line:col. What the keys mean is ``pipeline.settings``'s.
"""

from __future__ import annotations

import os
import re
import stat
import sys
from pathlib import Path
from typing import Any


class SettingsError(Exception):
    """A settings file (or option) that cannot be used: where, and why."""

    def __init__(self, path: str, line: int, col: int, message: str) -> None:
        super().__init__(f"{path}:{line}:{col}: {message}")
        self.path, self.line, self.col, self.message = path, line, col, message


def _toml() -> Any:
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - the backport (a dependency on 3.10 only)
        import tomli as tomllib  # type: ignore[import-not-found,no-redef,unused-ignore]
    return tomllib


_AT = re.compile(r"\s*\(at (?:line (\d+), column (\d+)|end of document)\)$")
#: The largest settings file read (bytes): a settings file is a few lines.
MAX_BYTES = 1 << 20


def read_bytes(path: Path, name: str) -> bytes:
    """The bytes of a settings file: a regular file of at most ``MAX_BYTES``
    (opened without blocking, so that a FIFO cannot hang the run; a device
    is not read); SettingsError else."""
    def bad(why: str) -> SettingsError:
        return SettingsError(name, 1, 1, f"cannot read this settings file: {why}")

    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as e:
        raise bad(e.strerror or str(e)) from None
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise bad("it is a directory")
        if not stat.S_ISREG(st.st_mode):
            raise bad("not a regular file (a FIFO, socket or device)")
        if st.st_size > MAX_BYTES:
            raise bad(f"{st.st_size:,} bytes, more than a settings file may hold "
                      f"({MAX_BYTES:,} bytes)")
        with os.fdopen(fd, "rb", closefd=False) as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as e:
        raise bad(e.strerror or str(e)) from None
    finally:
        os.close(fd)
    if len(data) > MAX_BYTES:  # (it grew since)
        raise bad(f"more than a settings file may hold ({MAX_BYTES:,} bytes)")
    return data


#: A run of digits longer than Python reads as a number (4,300 digits).
_LONG_NUMBER = re.compile(r"\d{4301,}")


def parsed(text: str, name: str) -> dict[str, Any]:
    """A settings file's TOML document; SettingsError (file:line:col) when
    it is not valid TOML, nests too deeply for the reader, or holds a
    number too long to read."""
    toml = _toml()
    try:
        doc: dict[str, Any] = toml.loads(text)
    except toml.TOMLDecodeError as e:
        msg = str(e)
        m = _AT.search(msg)
        lines = text.split("\n")  # else at the end of the text
        line, col = (int(m[1]), int(m[2])) if m and m[1] else (len(lines), len(lines[-1]) + 1)
        raise SettingsError(name, line, col, f"not valid TOML: {_AT.sub('', msg)}") from None
    except RecursionError:
        raise SettingsError(name, *_deepest(text), "cannot be read: arrays or tables "
                                                    "nested too deeply") from None
    except ValueError:  # a number of more than 4,300 digits
        m = _LONG_NUMBER.search(text)
        at = m.start() if m else 0
        line, col = text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)
        raise SettingsError(name, line, col, "cannot be read: a number of more than 4,300 "
                                             "digits") from None
    return doc


def _deepest(text: str) -> tuple[int, int]:
    """The line and column of the first ``[`` or ``{`` of the line that
    holds the most of them (where a document nests deepest)."""
    lines = text.split("\n")
    row = max(range(len(lines)), key=lambda i: lines[i].count("[") + lines[i].count("{"))
    line = lines[row]
    found = [i for i in (line.find("["), line.find("{")) if i >= 0]
    return row + 1, (min(found) if found else 0) + 1


_HEADER = re.compile(r"\s*\[\s*([^\[\]]+?)\s*\]\s*(?:#.*)?$")
_KEY = re.compile(r"(\s*)([A-Za-z0-9_\-.\"' ]+?)\s*=")


def _parts(dotted: str) -> tuple[str, ...]:
    return tuple(p.strip().strip("\"'") for p in dotted.split("."))


def place(text: str, table: tuple[str, ...], key: str, needle: str | None = None
          ) -> tuple[int, int]:
    """The line and column of ``key`` of ``table`` in a TOML text (with
    ``needle``: of the quoted string ``needle`` after it, or for ``=`` of the
    value); the table's header, or 1:1, when it cannot be found."""
    current: tuple[str, ...] | None = ()
    lines = text.split("\n")
    found: tuple[int, int] | None = None
    header = (1, 1)
    for i, line in enumerate(lines):
        h = _HEADER.match(line)
        if h is not None:
            current = None if line.lstrip().startswith("[[") else _parts(h[1])
            if current == table:
                header = (i + 1, len(line) - len(line.lstrip()) + 1)
            continue
        k = _KEY.match(line)
        if k is not None and current is not None and current + _parts(k[2]) == (*table, key):
            found = (i + 1, len(k[1]) + 1)
            break
    if found is None:
        return header
    if needle is None:
        return found
    row, col = found
    if needle == "=":
        line = lines[row - 1]
        after = line.index("=", col - 1) + 1
        return row, after + len(line[after:]) - len(line[after:].lstrip()) + 1
    for j in range(row - 1, len(lines)):
        for q in ('"', "'"):
            at = lines[j].find(q + needle + q, col - 1 if j == row - 1 else 0)
            if at >= 0:
                return j + 1, at + 1
    return found
