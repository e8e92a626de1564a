"""Files in: paths to texts, and the one error for input that cannot be read.

Boundary: turns the paths a user names (files, directories searched for
records, ``-`` for standard input) into (name, text) pairs, decoding UTF-8
(a BOM allowed) and saying where a file is not. It parses nothing (that is
``reading``) and writes nothing (the CLI does).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

from .reading import SUFFIXES
from .streams import InputError, unpack_bytes

__all__ = ["InputError", "decode", "expand", "inputs", "read_input"]


def decode(data: bytes, name: str) -> str:
    """A file's bytes as text (UTF-8, a BOM allowed), or InputError with the
    line and column of the first byte that is not UTF-8."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        before = data[: e.start]
        line = before.count(b"\n") + 1
        col = len(before) - (before.rfind(b"\n") + 1) + 1
        raise InputError(f"{name}:{line}:{col}: not UTF-8 (byte 0x{data[e.start]:02x})") from None


def expand(paths: Sequence[str]) -> Iterator[str]:
    """The files the paths name: a directory stands for the records in it
    and below (``*.ftn``, ``*.json``, ``*.jsonl``, ``*.ndjson``), in order."""
    for p in paths:
        if p == "-":
            yield p
            continue
        path = Path(p)
        if path.is_dir():
            found = sorted(
                str(f) for f in path.rglob("*") if f.is_file() and f.suffix in SUFFIXES
            )
            if not found:
                raise InputError(f"{p}: no *.ftn, *.json, *.jsonl or *.ndjson files in this "
                                 "directory")
            yield from found
        else:
            yield p


def read_input(name: str) -> str:
    """The text of one file, or of standard input for ``-`` (unpacked when it
    is compressed: ``streams``)."""
    if name == "-":
        return decode(unpack_bytes(sys.stdin.buffer.read(), "<stdin>"), "<stdin>")
    try:
        data = Path(name).read_bytes()
    except OSError as e:
        raise InputError(f"{name}: cannot read: {e.strerror or e}") from None
    return decode(unpack_bytes(data, name), name)


def inputs(paths: Sequence[str]) -> list[tuple[str, str]]:
    """(name, text) for every file the paths name (``<stdin>`` for ``-``)."""
    return [("<stdin>" if n == "-" else n, read_input(n)) for n in expand(paths)]
