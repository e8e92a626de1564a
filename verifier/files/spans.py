"""Pieces of a plain file read again where they are: by their bytes.

Boundary: what lets a worker that sees the files the driver reads (a Dask
worker on the same machine) read a piece itself instead of being sent its
lines: where a plain file's chunks of text are (``Origin``, ``Place``:
``streams`` gives them), where a piece's bytes are (``Span``: the cutters of
``pieces`` make them, a character offset turned into a byte offset by
``Offsets``), and those bytes read again (``read_span``), refused (None)
when the file cannot be read there or is no longer as it was. It cuts
nothing, and reads no file whole.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from typing import Any, TypeAlias


@dataclass(frozen=True)
class Origin:
    """A plain file (a regular file, not compressed) as it was when it was
    opened: its absolute path, size and time of last change, so that its
    bytes can be read again and known to be the same file's."""

    path: str
    size: int
    mtime_ns: int


#: Where a chunk of text starts: its file and the offset of its first byte
#: (None: the text is not a plain file's, and cannot be read again).
Place: TypeAlias = "tuple[Origin, int] | None"


def origin_of(name: str, raw: Any) -> Origin | None:
    """The ``Origin`` of the file ``name`` opened as ``raw`` (None when it
    is not a regular file)."""
    try:
        st = os.fstat(raw.fileno())
    except (OSError, AttributeError, ValueError):
        return None
    if not stat.S_ISREG(st.st_mode):
        return None
    return Origin(os.path.abspath(name), st.st_size, st.st_mtime_ns)


@dataclass(frozen=True)
class Span:
    """Where a piece's text is: ``size`` bytes of a plain file from byte
    ``start``, ``lines`` lines once split at "\\n"."""

    origin: Origin
    start: int
    size: int
    lines: int


def read_span(span: Span) -> list[str] | None:
    """The lines of a span, read again from its file (as the piece holds
    them: split at "\\n", a "\\r" kept), or None when they cannot be read
    here: no such file, or not as it was (its size or time of last change
    differ: written since, or another file of the same name)."""
    o = span.origin
    try:
        with open(o.path, "rb") as f:
            st = os.fstat(f.fileno())
            if (st.st_size, st.st_mtime_ns) != (o.size, o.mtime_ns):
                return None
            f.seek(span.start)
            data = f.read(span.size)
    except OSError:
        return None
    try:
        lines = data.decode("utf-8").split("\n")
    except UnicodeDecodeError:
        return None
    return lines if len(data) == span.size and len(lines) == span.lines else None


class Offsets:
    """The byte offsets in its file of the characters of one chunk of text
    (its ``Place``), asked for in increasing order (a cutter's cuts): an
    ASCII chunk's are its characters' offsets; another's are counted from
    the last asked for (each character encoded once)."""

    def __init__(self, text: str, place: Place) -> None:
        self.text, self.place = text, place
        self.ascii = text.isascii()
        self._char = self._byte = 0  # the last asked for, and its offset in the chunk

    def at(self, i: int) -> int | None:
        """The offset of the ``i``-th character (past the end: the line
        ends that follow it, one byte each), or None without a place."""
        if self.place is None:
            return None
        past = max(0, i - len(self.text))
        i -= past
        if self.ascii:
            return self.place[1] + i + past
        if i < self._char:
            self._char = self._byte = 0
        self._byte += len(self.text[self._char:i].encode("utf-8"))
        self._char = i
        return self.place[1] + self._byte + past
