"""Records written again a piece at a time: the work of ``ftn convert``,
``ftn fmt`` and ``ftn replay``, for inputs of any size.

Boundary: the work on one piece of whole games (``parallel.Piece``), here or
in a worker process: its games in the canonical form of FTN, JSON or JSON
Lines, or their reference replay, up to the first game that cannot be read,
with the problems of the piece; and, for the process that writes (the sinks
of ``pipeline.rewriting``), the joining of those texts in input order and
the comparison of a text with its canonical form a chunk at a time (``fmt
--check``). A whole text is one piece, so the whole-text functions
(``check.convert_text``...) are the same work. It opens no file and prints
nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from itertools import chain
from typing import Any

from notation.model import Game

from .diagnostics import Diagnostic
from .formats import LAYOUTS, Layout, fmt_target, game_text
from .jsonwrite import dumps
from .parallel import Piece, piece_reads
from .reading import Locate
from .replay import canonical_game, trace_game
from .report import trace_lines
from .streams import Chunked

#: ``ftn replay --format json``: the games of one document, each indented
#: as ``json.dumps(doc, indent=2)`` indents them.
REPLAY_JSON = Layout('{\n  "version": 1,\n  "games": [\n', ",\n", "\n  ]\n}\n",
                     '{\n  "version": 1,\n  "games": []\n}\n')
#: ``ftn replay``: the table, game after game.
REPLAY_TEXT = Layout("", "", "", "\n")


@dataclass
class Part:
    """What one piece gives: the texts of its games joined by the layout's
    separator (up to the first game that cannot be read), how many games
    that is, the problems that keep the others from being read, and (for a
    replay) whether a replay stopped at an illegal move."""

    text: str = ""
    games: int = 0
    problems: list[Diagnostic] = field(default_factory=list)
    stopped: bool = False


def first_lines(lines: Iterable[str]) -> tuple[list[str], Iterable[str]]:
    """The lines up to the first that is not blank (at least two when there
    are two), and all the lines again: enough to tell how the input is
    read (``reading.sniff``), its line end and whether it is an array."""
    if isinstance(lines, Chunked):  # looked at, not taken
        return lines.head(2), lines
    it = iter(lines)
    head: list[str] = []
    seen = False  # a line that is not blank
    for line in it:
        head.append(line)
        seen = seen or bool(line.strip(" \t\r\n\ufeff"))
        if seen and len(head) >= 2:
            break
    return head, chain(head, it)


def crlf(head: list[str]) -> bool:
    """Whether a text's line ends are "\\r\\n": its first line ends so
    (``check.newline_of``)."""
    return len(head) > 1 and head[0].endswith("\r")


def format_target(how: str, lines: Iterable[str]) -> str:
    """The notation ``ftn fmt`` writes an input back in (``formats.fmt_target``):
    FTN; a JSON array when the JSON text starts with '['; else JSON Lines.
    ``how`` is ``reading.sniff``'s; ``lines`` start at the text's start."""
    return fmt_target(how, lines)


def _reads(piece: Piece) -> Iterator[Any]:
    return piece_reads(piece)


def _games(piece: Piece, part: Part) -> Iterator[Any]:
    """The reads of a piece that hold a game, up to its first problem; every
    problem of the piece goes into ``part``."""
    for r in _reads(piece):
        if r.game is None:
            part.problems.extend(r.problems)
        elif not part.problems:
            yield r


def convert_piece(piece: Piece, to: str, positions: bool = False) -> Part:
    """The games of a piece in the canonical form of ``to`` ("ftn", "json",
    "jsonl"), with each element's FTN place when ``positions``."""
    texts: list[str] = []
    part = Part()
    for r in _games(piece, part):
        texts.append(game_text(canonical_game(r.game, r.number, piece.source), to, positions))
    part.text, part.games = LAYOUTS[to].sep.join(texts), len(texts)
    return part


def format_piece(piece: Piece) -> Part:
    """``ftn fmt``: the games of a piece in the canonical form of its own kind."""
    return convert_piece(piece, format_target(piece.how, piece.lines))


def replay_doc(game: Game, number: int, name: str, locate: Locate | None) -> dict[str, Any]:
    """The reference replay of one record, in the shape of one game of the
    'replay' schema."""
    rep = trace_game(canonical_game(game, number, name), number, name, locate)
    stop = rep.stopped
    return {
        "file": name, "game": number, "seats": list(rep.seats), "sides": list(rep.sides),
        "target": rep.target, "rounds": rep.trace or [], "winner": rep.winner,
        "totals": list(rep.scores), "complete": rep.complete,
        "stopped": None if stop is None else stop.to_dict(),
    }


def replay_docs(piece: Piece) -> tuple[list[dict[str, Any]], list[Diagnostic]]:
    """The reference replay of every game of a piece (JSON-ready), and the
    problems of the games that cannot be read."""
    docs: list[dict[str, Any]] = []
    problems: list[Diagnostic] = []
    for r in _reads(piece):
        if r.game is None:
            problems.extend(r.problems)
        else:
            docs.append(replay_doc(r.game, r.number, piece.source, r.locate))
    return docs, problems


def replay_piece(piece: Piece, as_json: bool = False) -> Part:
    """The reference replay of the games of a piece: as the table, or as the
    games of the JSON document (``--format json``)."""
    texts: list[str] = []
    part = Part()
    for r in _games(piece, part):
        doc = replay_doc(r.game, r.number, piece.source, r.locate)
        part.stopped |= doc["stopped"] is not None
        if as_json:
            body = dumps(doc)
            texts.append("\n".join("    " + line for line in body.split("\n")))
        else:
            texts.append("\n".join(trace_lines(doc)) + "\n")
    layout = REPLAY_JSON if as_json else REPLAY_TEXT
    part.text, part.games = layout.sep.join(texts), len(texts)
    return part


class Joiner:
    """Parts to the text of the whole, in order, a part at a time: nothing
    more once a part has problems (the games before them are written)."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.games = 0
        self.ok = True

    def add(self, part: Part) -> str:
        """The text to write after the part's (nothing when it has none)."""
        if not self.ok:
            return ""
        text = ""
        if part.games:
            text = (self.layout.sep if self.games else self.layout.head) + part.text
            self.games += part.games
        if part.problems:
            self.ok = False
        return text

    def end(self) -> str:
        """The text that ends the whole (nothing after problems)."""
        if not self.ok:
            return ""
        return self.layout.tail if self.games else self.layout.empty


class Same:
    """Whether two texts given a chunk at a time (an input and its canonical
    form) are the same, holding only what one has given beyond the other.
    ``matched`` characters are known to be the same; from the first
    difference on, ``rest`` is what the second text had given beyond them."""

    def __init__(self) -> None:
        self.matched = 0
        self.differs = False
        self._a = self._b = ""

    def add(self, a: str = "", b: str = "") -> bool:
        """More of either text; whether they now differ."""
        if self.differs:
            return True
        self._a += a
        self._b += b
        n = min(len(self._a), len(self._b))
        if n:
            if self._a[:n] != self._b[:n]:
                self.differs = True
                return True
            self.matched += n
            self._a, self._b = self._a[n:], self._b[n:]
        return False

    def end(self) -> bool:
        """Both texts are complete: whether they differ."""
        self.differs = self.differs or self._a != self._b
        return self.differs

    @property
    def rest(self) -> str:
        return self._b
