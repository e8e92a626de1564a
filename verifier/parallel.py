"""Inputs in pieces: cut a stream of lines at game boundaries, and the
work of the check and the audit on one piece.

Boundary: between reading a file (``streams``) and the driver
(``pipeline``), which runs the work here, in local worker processes or on
a Dask cluster. A piece holds whole games, cut
where the reader's state is the same as at the start of a file (before a
'game' line that follows an accepted 'end' line, with no comment between
them; any JSON Lines line), and carries the number of its first line and
game, so that a piece read alone gives exactly the records and
diagnostics that reading the whole input gives. It judges nothing itself
(``check``, ``replay`` do) and prints nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeAlias

from notation.grammar import line_regex

from .batches import Batch, check_reads
from .diagnostics import Diagnostic
from .formats import NOTATIONS
from .reading import Read, read_lines, sniff

if TYPE_CHECKING:  # the audit is imported by the workers that audit: a check needs none
    from .audit import GameAudit
    from .replay import GameReport

#: Characters in a piece (at least; a piece ends at a game boundary): a
#: JSON Lines game is one line of some 20,000 characters, an FTN game about
#: 200 lines, so pieces are measured in characters, not lines.
PIECE_CHARS = 1 << 18


class DaskMissing(Exception):
    """``--dask``: Dask is not installed, or the cluster cannot be reached."""


@dataclass
class Piece:
    """Whole games of one input: their lines, and the numbers of the first
    line and game; ``how`` is "ftn", "jsonl" or "json" (``reading.sniff``)."""

    source: str
    how: str
    lines: list[str]
    first_line: int = 1
    first_game: int = 1

    def line(self, number: int) -> str | None:
        """Line ``number`` of the input (1-based) when this piece holds it,
        without its line end."""
        i = number - self.first_line
        return self.lines[i].rstrip("\r") if 0 <= i < len(self.lines) else None


def pieces(lines: Iterable[str], source: str, kind: str | None = None,
           size: int = PIECE_CHARS) -> Iterator[Piece]:
    """An input's lines in pieces of whole games, in order (one piece for a
    JSON text that is not JSON Lines)."""
    how, it = sniff(lines, source, kind)
    cut = NOTATIONS[how].cut(it, source, size)
    if cut is None:  # read whole: one piece
        yield Piece(source, how, list(it))
        return
    yield from cut


def jsonl_pieces(it: Iterator[str], source: str, size: int) -> Iterator[Piece]:
    first_line = first_game = 1
    buf: list[str] = []
    games = chars = 0
    for line in it:
        buf.append(line)
        chars += len(line)
        if line.strip():
            games += 1
        if chars >= size:
            yield Piece(source, "jsonl", buf, first_line, first_game)
            first_line += len(buf)
            first_game += games
            buf, games, chars = [], 0, 0
    if buf or first_line == 1:
        yield Piece(source, "jsonl", buf, first_line, first_game)


def ftn_pieces(it: Iterator[str], source: str, size: int) -> Iterator[Piece]:
    fullmatch = line_regex().fullmatch
    first_line = first_game = 1
    buf: list[str] = []
    games = chars = 0  # 'game' lines and characters in buf
    after_end = False  # the last line that is not blank was an 'end' line
    for line in it:
        chars += len(line)
        s = line.lstrip(" \t\ufeff")
        if not s or s[0] in "\r":
            buf.append(line)
            continue
        c = s[0]
        if c == "#":
            after_end = False  # a comment between games: no cut before the next
            buf.append(line)
            continue
        if c == "g" and s.startswith("game"):
            m = fullmatch(line.rstrip("\r").lstrip("\ufeff"))
            if m is not None and m.group("GAME") is not None:
                if after_end and chars - len(line) >= size:
                    yield Piece(source, "ftn", buf, first_line, first_game)
                    first_line += len(buf)
                    first_game += games
                    buf, games, chars = [], 0, len(line)
                games += 1
            after_end = False
        elif c == "e" and s.startswith("end"):
            m = fullmatch(line.rstrip("\r"))
            after_end = m is not None and m.group("END") is not None
        else:
            after_end = False
        buf.append(line)
    yield Piece(source, "ftn", buf, first_line, first_game)


def _reads(piece: Piece, preset: str | None = None) -> Iterator[Read]:
    """The reads of a piece; with ``preset``, its records without a
    ``[rules]`` tag as under that preset (``settings.with_preset``)."""
    reads = read_lines(piece.lines, piece.source, piece.how, piece.first_line,
                       piece.first_game)
    if preset is None:
        return reads
    from .settings import with_preset

    def preset_reads() -> Iterator[Read]:
        for r in reads:
            if r.game is not None:
                r.game = with_preset(r.game, preset)
            yield r

    return preset_reads()


def check_piece(piece: Piece, preset: str | None = None) -> list[Batch]:
    """Check the games of a piece (in a worker); ``preset``: that of the
    records without a ``[rules]`` tag (None: pagat, R9)."""
    return list(check_reads(_reads(piece, preset), piece.source))


AuditItem: TypeAlias = "GameAudit | Diagnostic"


def read_piece(piece: Piece) -> list[Read]:
    """The reads of a piece (here: a read's locator cannot go to another
    process)."""
    return list(_reads(piece))


def audit_reports(piece: Piece, resync: str = "claimed", preset: str | None = None
                  ) -> list[GameReport | Diagnostic]:
    """Each game's audit report, or the diagnostics of a game that cannot
    be read (``preset``: as for ``check_piece``)."""
    from .audit import audit_game

    out: list[GameReport | Diagnostic] = []
    for r in _reads(piece, preset):
        if r.game is None:
            out.extend(r.problems)
        else:
            out.append(audit_game(r.game, r.number, piece.source, resync, r.locate))
    return out


def audit_piece(piece: Piece, resync: str = "claimed", preset: str | None = None
                ) -> list[AuditItem]:
    """Audit the games of a piece (in a worker): each game's audit, or the
    diagnostics of a game that cannot be read."""
    from .audit import AuditSummary

    sink = AuditSummary()
    out: list[AuditItem] = [item if isinstance(item, Diagnostic) else sink.add(piece.source, item)
                            for item in audit_reports(piece, resync, preset)]
    sink.games.clear()
    return out


def _audit_claimed(piece: Piece) -> list[AuditItem]:
    return audit_piece(piece, "claimed")


def _audit_computed(piece: Piece) -> list[AuditItem]:
    return audit_piece(piece, "computed")


def auditor(resync: str) -> Callable[[Piece], list[AuditItem]]:
    """The worker function that audits a piece with ``resync`` (a function
    of the module, so that it can be sent to another process)."""
    return _audit_computed if resync == "computed" else _audit_claimed
