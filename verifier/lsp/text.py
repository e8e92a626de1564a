"""An open text in the protocol's line model, and the places of the reader's
line model in it.

Boundary: plain strings. The protocol ends a line at "\\n", "\\r\\n" or a
lone "\\r" (``Text`` keeps an open text so, a line a string with its end,
and applies the editor's changes to it without rebuilding the whole text);
the reader (``ftn check``) ends a line at "\\n" only, a "\\r" before it part
of that end. ``LineMap`` converts between the two: a reader line that holds
a lone "\\r" is two or more lines of the protocol. Columns here are
characters (0-based); the client's units (UTF-16 code units) are the
server's to count.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable

_END = re.compile(r"\r\n|\r|\n")


def split_ends(text: str) -> list[str]:
    """A text's lines in the protocol's model, each with its end; the last
    one (possibly "") has none."""
    if "\r" not in text:
        lines = text.split("\n")
        return [s + "\n" for s in lines[:-1]] + [lines[-1]]
    out: list[str] = []
    start = 0
    for m in _END.finditer(text):
        out.append(text[start:m.end()])
        start = m.end()
    out.append(text[start:])
    return out


def content(line: str) -> str:
    """A line of ``Text`` without its end."""
    if line.endswith("\n"):
        return line[:-2] if line.endswith("\r\n") else line[:-1]
    return line[:-1] if line.endswith("\r") else line


class Text:
    """An open text, a line a string (see the module doc)."""

    def __init__(self, text: str = "") -> None:
        self.lines = split_ends(text)
        self.size = len(text)  # in characters
        self._joined: str | None = text

    def text(self) -> str:
        if self._joined is None:
            self._joined = "".join(self.lines)
        return self._joined

    def replace(self, start: tuple[int, int], end: tuple[int, int], new: str,
                chars: Callable[[str, int], int]) -> None:
        """Replace the text from ``start`` to ``end`` (0-based line and
        client units; ``chars(line, units)`` gives the characters of a line
        that many units hold) by ``new``. A place past the end of its line
        is the line's end (as the protocol says); a line past the last is
        the end of the text; an end before the start is the start."""
        sl, sc = self._clamp(start, chars)
        el, ec = self._clamp(end, chars)
        if (el, ec) < (sl, sc):
            el, ec = sl, sc
        lines = self.lines
        piece = lines[sl][:sc] + new + lines[el][ec:]
        lo = sl
        if lo > 0 and piece.startswith("\n") and lines[lo - 1].endswith("\r"):
            lo -= 1  # the lone "\r" above and this "\n" are one end now
            piece = lines[lo] + piece
        old = sum(len(lines[i]) for i in range(lo, el + 1))
        fresh = split_ends(piece)
        if el < len(lines) - 1:
            fresh.pop()  # the piece ends with line el's end: no line after it
        lines[lo:el + 1] = fresh
        self.size += len(piece) - old
        self._joined = None

    def _clamp(self, at: tuple[int, int], chars: Callable[[str, int], int]) -> tuple[int, int]:
        line, units = at
        if line >= len(self.lines):
            return len(self.lines) - 1, len(content(self.lines[-1]))
        text = content(self.lines[line])
        return line, min(max(chars(text, units), 0), len(text))


class LineMap:
    """The reader's lines (a text split at "\\n") and the protocol's: which
    protocol line and column a reader place is, and back."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.rows: list[int] = []  # reader lines (0-based) that hold a lone "\r"
        self.starts: list[list[int]] = []  # for each: the columns its protocol lines start at
        self.first: list[int] = []  # for each: the protocol line its start is
        self.last: list[int] = []  # for each: the protocol line its end is
        extra = 0
        final = len(lines) - 1
        for i, s in enumerate(lines):
            if "\r" not in s:
                continue
            cols = [0] + [m.end() for m in re.finditer("\r", s)
                          if m.end() < len(s) or i == final]
            if len(cols) == 1:
                continue
            self.rows.append(i)
            self.starts.append(cols)
            self.first.append(i + extra)
            extra += len(cols) - 1
            self.last.append(i + extra)
        self.count = len(lines) + extra  # the protocol's lines

    @property
    def lone_cr(self) -> bool:
        return bool(self.rows)

    def to_client(self, line: int, col: int) -> tuple[int, str]:
        """Reader line ``line`` (0-based), column ``col`` (0-based): the
        protocol's line and the text of that line before the column."""
        s = self.lines[line] if 0 <= line < len(self.lines) else ""
        col = min(max(col, 0), len(s))
        k = bisect_left(self.rows, line)
        if k < len(self.rows) and self.rows[k] == line:
            cols = self.starts[k]
            j = bisect_right(cols, col) - 1
            return self.first[k] + j, s[cols[j]:col]
        before = self.last[k - 1] - self.rows[k - 1] if k else 0
        return line + before, s[:col]

    def to_reader(self, line: int) -> tuple[int, int, str]:
        """The protocol's line ``line`` (0-based, less than ``count``): the
        reader line, the column its text starts at, and its text (no end)."""
        k = bisect_left(self.last, line)
        if k < len(self.rows) and self.first[k] <= line:
            row, cols = self.rows[k], self.starts[k]
            j = line - self.first[k]
            s = self.lines[row]
            stop = cols[j + 1] - 1 if j + 1 < len(cols) else len(s)
            return row, cols[j], s[cols[j]:stop].removesuffix("\r")
        before = self.last[k - 1] - self.rows[k - 1] if k else 0
        row = line - before
        return row, 0, self.lines[row].removesuffix("\r")
