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


#: The characters of a block of ``Text`` (it ends at a line end after that many).
BLOCK = 1 << 16


def _ends(text: str) -> int:
    """The line ends in a text."""
    return text.count("\n") + text.count("\r") - text.count("\r\n")


def _blocks(text: str) -> list[str]:
    """A text in blocks of about ``BLOCK`` characters, each but the last
    ending at a line end (a "\r\n" never cut)."""
    out: list[str] = []
    start = 0
    while len(text) - start > BLOCK:
        m = _END.search(text, start + BLOCK)
        if m is None or m.end() == len(text):
            break
        out.append(text[start:m.end()])
        start = m.end()
    out.append(text[start:])
    return out


class Text:
    """An open text (see the module doc), kept in blocks of whole lines: a
    change splits and joins only the blocks it touches, and the memory is
    about the text's own."""

    def __init__(self, text: str = "") -> None:
        self.blocks = _blocks(text)
        self.ends = [_ends(b) for b in self.blocks]
        self.size = len(text)  # in characters
        self._joined: str | None = text

    def text(self) -> str:
        if self._joined is None:
            self._joined = "".join(self.blocks)
        return self._joined

    @property
    def line_count(self) -> int:
        return sum(self.ends) + 1

    def replace(self, start: tuple[int, int], end: tuple[int, int], new: str,
                chars: Callable[[str, int], int]) -> None:
        """Replace the text from ``start`` to ``end`` (0-based line and
        client units; ``chars(line, units)`` gives the characters of a line
        that many units hold) by ``new``. A place past the end of its line
        is the line's end (as the protocol says); a line past the last is
        the end of the text; an end before the start is the start."""
        last = self.line_count - 1
        if start[0] > last:
            start = (last, 1 << 62)
        if end[0] > last:
            end = (last, 1 << 62)
        if end < start:
            end = start
        first, base = self._block_of(start[0])
        first, base = (first - 1, base - self.ends[first - 1]) if first else (first, base)
        stop, _ = self._block_of(end[0])
        more = stop < len(self.blocks) - 1  # blocks after those touched
        lines = split_ends("".join(self.blocks[first:stop + 1]))
        if more:
            lines.pop()  # the touched blocks end at a line end: no line after it
        old = sum(len(s) for s in lines)
        _replace(lines, (start[0] - base, start[1]), (end[0] - base, end[1]), new, chars)
        text = "".join(lines)
        fresh = _blocks(text)
        if more and fresh[-1] == "" and len(fresh) > 1:
            fresh.pop()
        self.blocks[first:stop + 1] = fresh
        self.ends[first:stop + 1] = [_ends(b) for b in fresh]
        self.size += len(text) - old
        self._joined = None

    def _block_of(self, line: int) -> tuple[int, int]:
        """The block that holds line ``line`` and the line its first is."""
        base = 0
        for i, n in enumerate(self.ends):
            if line < base + n or i == len(self.ends) - 1:
                return i, base
            base += n
        raise AssertionError("unreachable: the last block holds every line after")


def _replace(lines: list[str], start: tuple[int, int], end: tuple[int, int], new: str,
             chars: Callable[[str, int], int]) -> None:
    """``Text.replace`` on a list of lines (each with its end), the lines
    it touches made one string (its caller splits the text again: a lone
    "\r" above and a "\n" below become one end there)."""
    (sl, su), (el, eu) = start, end
    sc = min(max(chars(content(lines[sl]), su), 0), len(content(lines[sl])))
    ec = min(max(chars(content(lines[el]), eu), 0), len(content(lines[el])))
    if (el, ec) < (sl, sc):
        el, ec = sl, sc
    lines[sl:el + 1] = [lines[sl][:sc] + new + lines[el][ec:]]  # split again by the caller


class LineMap:
    """The reader's lines (a text split at "\\n") and the protocol's: which
    protocol line and column a reader place is, and back."""

    def __init__(self, lines: list[str], cr: bool = True) -> None:
        """``cr`` False: the lines hold no "\r" (none is looked for)."""
        self.lines = lines
        self.rows: list[int] = []  # reader lines (0-based) that hold a lone "\r"
        self.starts: list[list[int]] = []  # for each: the columns its protocol lines start at
        self.first: list[int] = []  # for each: the protocol line its start is
        self.last: list[int] = []  # for each: the protocol line its end is
        extra = 0
        final = len(lines) - 1
        for i, s in enumerate(lines if cr else ()):
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
