"""Inputs in pieces: a stream of lines cut at game boundaries.

Boundary: between reading a file (``streams``) and the driver
(``pipeline.driver``), which hands the pieces to the work of a job, here,
in local worker processes or on a Dask cluster. A piece holds whole games,
cut where the reader's state is the same as at the start of a file (before
a 'game' line that follows an accepted 'end' line, with no comment between
them; any JSON Lines line), and carries the number of its first line and
game, so that a piece read alone gives exactly the records and diagnostics
that reading the whole input gives; a piece of a plain file knows where its
bytes are (``spans``), so that a worker can read it there. Each notation's
cutter is here (``ftn_pieces``, ``jsonl_pieces``); which one cuts an input
is the registry's (``formats.pieces``). It reads no game, judges nothing
and prints nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import TypeVar

from notation.ftn.grammar import line_regex
from verifier.files.spans import Offsets, Place, Span, read_span
from verifier.files.streams import Chunked

#: Characters in a piece (at least; a piece ends at a game boundary): a
#: JSON Lines game is one line of some 20,000 characters, an FTN game about
#: 200 lines, so pieces are measured in characters, not lines.
PIECE_CHARS = 1 << 18


R = TypeVar("R")


@dataclass
class Piece:
    """Whole games of one input: their lines, and the numbers of the first
    line and game; ``how`` is "ftn", "jsonl" or "json" (``formats.sniff``);
    ``span``, where its lines are in a plain file (None: not known)."""

    source: str
    how: str
    lines: list[str]
    first_line: int = 1
    first_game: int = 1
    span: Span | None = field(default=None, compare=False, repr=False)

    def hollow(self) -> Piece:
        """The piece without its lines, to be sent to a worker that reads
        them from the file (``filled``); a piece without a span as it is."""
        if self.span is None:
            return self
        return Piece(self.source, self.how, [], self.first_line, self.first_game, self.span)

    def filled(self) -> Piece | None:
        """The piece with its lines: a hollow piece's read from its file
        (None when they cannot be read here), another as it is."""
        if self.lines or self.span is None:
            return self
        lines = read_span(self.span)
        if lines is None:
            return None
        return Piece(self.source, self.how, lines, self.first_line, self.first_game, self.span)

    def line(self, number: int) -> str | None:
        """Line ``number`` of the input (1-based) when this piece holds it,
        without its line end."""
        i = number - self.first_line
        return self.lines[i].rstrip("\r") if 0 <= i < len(self.lines) else None


def _spans(lines: Iterable[str]) -> Iterator[tuple[str, Place]]:
    """A stream of lines as chunks of whole lines and their places
    (``streams.Chunked`` gives its own; other lines, without their line
    ends, are gathered, with no place)."""
    if isinstance(lines, Chunked):
        yield from lines.spans()
        return
    buf: list[str] = []
    chars = 0
    for line in lines:
        buf.append(line)
        chars += len(line)
        if chars >= _GATHER:
            yield "\n".join(buf), None
            buf, chars = [], 0
    if buf:
        yield "\n".join(buf), None


def _span(begin: int | None, end: int | None, lines: int, place: Place) -> Span | None:
    """The span of a piece from byte ``begin`` to ``end`` (None: either is
    not known), in the file of ``place``."""
    if begin is None or end is None or place is None:
        return None
    return Span(place[0], begin, end - begin, lines)


#: Characters gathered into one chunk from a stream of lines.
_GATHER = 1 << 20


def jsonl_pieces(it: Iterable[str], source: str, size: int) -> Iterator[Piece]:
    first_line = first_game = 1
    buf: list[str] = []
    games = chars = 0
    offsets: Offsets | None = None  # the chunk's
    begin: int | None = None  # the byte offset of the piece's first line
    place: Place = None
    for text, place in _spans(it):
        fresh = offsets is None
        offsets = Offsets(text, place)
        if fresh:
            begin = offsets.at(0)
        c = 0  # the offset in the chunk of the next line
        for line in text.split("\n"):
            buf.append(line)
            chars += len(line)
            c += len(line) + 1
            if line.strip():
                games += 1
            if chars >= size:
                end = offsets.at(c)  # (past the chunk: the next one's first line)
                span = _span(begin, None if end is None else end - 1, len(buf), place)
                yield Piece(source, "jsonl", buf, first_line, first_game, span)
                first_line += len(buf)
                first_game += games
                buf, games, chars, begin = [], 0, 0, end
    if buf or first_line == 1:
        end = None if offsets is None else offsets.at(len(offsets.text))
        span = _span(begin, end, len(buf), place)
        yield Piece(source, "jsonl", buf, first_line, first_game, span)


def _game_start(text: str, start: int) -> tuple[int, int]:
    """The first line at or after ``start`` that may be a 'game' line (its
    first word "game", blanks and a BOM before it): where it starts, and
    where its "game" ends; (-1, -1) when there is none. (A search for the
    word in C, then a look at its line: a regex tried at every character
    took a tenth of a second on 26 MB.)"""
    at = text.find("game", start)
    while at >= 0:
        begin = text.rfind("\n", 0, at) + 1
        if begin >= start and not text[begin:at].strip(" \t\ufeff"):
            return begin, at + 4
        # Not at this line's start: no later "game" of the line is either.
        nl = text.find("\n", at)
        if nl < 0:
            break
        at = text.find("game", nl + 1)
    return -1, -1


def ftn_pieces(it: Iterable[str], source: str, size: int) -> Iterator[Piece]:
    """FTN in pieces: a cut before a 'game' line whose last line before it
    that is not blank is an 'end' line (no comment between), once the piece
    holds ``size`` characters (line ends left out). The text is searched a
    chunk at a time for the lines that start with 'game' (no step a line):
    only those, and the line before a cut, are matched against the
    grammar's line terminals."""
    cuts = _FtnCuts(source, size)
    offsets: Offsets | None = None  # the chunk's
    for text, place in _spans(it):
        fresh = offsets is None
        offsets = Offsets(text, place)
        if fresh:
            cuts.begin = offsets.at(0)
        cuts.place = place
        pos = 0  # where the piece's lines start in text
        floor = 0  # the least start of a line to cut before
        while (at := cuts.next_cut(text, pos, floor)) >= 0:
            yield cuts.cut(text, pos, at, offsets)
            pos, floor = at, at + 1
        cuts.gather(text, pos)
    yield cuts.last(offsets)


def ftn_pieces_at_game_ends(lines: list[str], source: str) -> list[Piece]:
    """An FTN text's lines (without their line ends) cut before every
    'game' line whose last line before it, blank lines and comments aside,
    is an 'end' line: each piece, checked alone, gives the findings that
    checking the whole text gives (no comment makes a finding, so a cut may
    stand where ``ftn_pieces`` keeps comments with the game after them)."""
    fullmatch = line_regex().fullmatch
    out: list[Piece] = []
    start, first_game, games = 0, 1, 0  # the piece's first line and game; its games
    after_end = False  # the last line that is not blank or a comment was an 'end' line
    for i, line in enumerate(lines):
        s = line.lstrip(" \t\ufeff")
        if not s or s[0] in "\r#":
            continue
        if s.startswith("game"):
            m = fullmatch(line.rstrip("\r").lstrip("\ufeff"))
            if m is not None and m.group("GAME") is not None:
                if after_end:
                    out.append(Piece(source, "ftn", lines[start:i], start + 1, first_game))
                    start, first_game, games = i, first_game + games, 0
                games += 1
            after_end = False
        elif s.startswith("end"):
            m = fullmatch(line.rstrip("\r"))
            after_end = m is not None and m.group("END") is not None
        else:
            after_end = False
    out.append(Piece(source, "ftn", lines[start:], start + 1, first_game))
    return out


class _FtnCuts:
    """The FTN piece being gathered from chunks of whole lines, and where
    to cut it: one method a step (find the next cut in a chunk, cut there,
    gather the rest of the chunk, end the input); the line tests are the
    grammar's line terminals."""

    def __init__(self, source: str, size: int) -> None:
        self.source, self.size = source, size
        self.fullmatch = line_regex().fullmatch
        self.first_line = self.first_game = 1
        self.parts: list[str] = []  # the piece being gathered: chunks of whole lines
        self.chars = 0  # its characters, line ends left out
        self.carried = False  # whether its last line that is not blank is an 'end' line
        self.begin: int | None = None  # the byte offset of the piece's first line
        self.place: Place = None  # the chunk's

    def is_game(self, text: str, start: int) -> bool:
        """Whether the line at ``start`` is a 'game' line."""
        end = text.find("\n", start)
        line = text[start:] if end < 0 else text[start:end]
        m = self.fullmatch(line.rstrip("\r").lstrip("\ufeff"))
        return m is not None and m.group("GAME") is not None

    def after_end(self, text: str, start: int, carried: bool) -> bool:
        """Whether the last line before the line at ``start`` that is not
        blank is an 'end' line (``carried``: whether it was, before
        ``text``, when every line before ``start`` is blank)."""
        end = start - 1  # the line end before the line at start
        while end >= 0:
            begin = text.rfind("\n", 0, end) + 1
            line = text[begin:end]
            s = line.lstrip(" \t\ufeff")
            if s and s[0] != "\r":
                if s[0] == "e" and s.startswith("end"):
                    m = self.fullmatch(line.rstrip("\r"))
                    return m is not None and m.group("END") is not None
                return False
            end = begin - 1
        return carried

    def next_cut(self, text: str, pos: int, floor: int) -> int:
        """Where in ``text`` (the piece's lines from ``pos`` on) to cut next:
        the start of a 'game' line at ``floor`` or later once the piece
        holds ``size`` characters, after an 'end' line (-1: none)."""
        # Each character before a cut counts once at most: the first line
        # that may be cut before starts ``size - chars`` on.
        at, after = _game_start(text, max(floor, pos + self.size - self.chars))
        mark, ends = pos, 0  # the line ends counted from pos up to mark
        while at >= 0:
            if self.is_game(text, at):
                ends += text.count("\n", mark, at)
                mark = at
                if (self.chars + at - pos - ends >= self.size
                        and self.after_end(text, at, self.carried)):
                    return at
            at, after = _game_start(text, after)
        return -1

    def cut(self, text: str, pos: int, at: int, offsets: Offsets) -> Piece:
        """The piece up to ``at`` in ``text``; the next one starts there."""
        if at:  # (at 0, the piece's lines are all in the chunks before)
            self.parts.append(text[pos:at - 1])
        end = offsets.at(at)
        piece = self.piece(None if end is None else end - 1)
        self.parts, self.chars, self.begin = [], 0, end
        return piece

    def gather(self, text: str, pos: int) -> None:
        """The rest of a chunk, from ``pos`` on, into the piece."""
        self.parts.append(text[pos:] if pos else text)
        self.chars += len(text) - pos - text.count("\n", pos)
        self.carried = self.after_end(text, len(text) + 1, self.carried)

    def last(self, offsets: Offsets | None) -> Piece:
        """The piece that ends the input."""
        return self.piece(None if offsets is None else offsets.at(len(offsets.text)))

    def piece(self, end: int | None) -> Piece:
        """The piece gathered, its bytes up to ``end``; the numbers of the
        next one's first line and game."""
        lines = [line for part in self.parts for line in part.split("\n")]
        span = _span(self.begin, end, len(lines), self.place)
        piece = Piece(self.source, "ftn", lines, self.first_line, self.first_game, span)
        self.first_line += len(lines)
        self.first_game += self.games_in(self.parts)
        return piece

    def games_in(self, parts: list[str]) -> int:
        """The 'game' lines of ``parts``."""
        n = 0
        for part in parts:
            at, after = _game_start(part, 0)
            while at >= 0:
                n += self.is_game(part, at)
                at, after = _game_start(part, after)
        return n
