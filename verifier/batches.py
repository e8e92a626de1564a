"""The check's work on games as the one reader gives them: a ``Batch`` of
findings a game, in order of place; and FT402, the input with no game.

Boundary: the work of the check job on one piece (``parallel.check_piece``,
``pipeline``); it reads through ``reading`` and replays through
``replay``, opens no file and prints nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace

from notation.model import Game

from .diagnostics import Diagnostic, Name
from .reading import Read, diagnostic
from .replay import Unknown, check_game
from .setup import Setup, read_header

__all__ = ["Batch", "check_reads", "no_games"]


def no_games(source: str) -> Diagnostic:
    """FT402: an input with no game at all is not a silent pass."""
    return diagnostic(Name.NO_GAMES, "no game in this input: it is empty, or holds only comments "
                      "and blank lines", 1, 1, 0, source)


@dataclass
class Batch:
    """What checking found in one game, with the reading problems met just
    before it (in order of place): a piece of a report that can be written
    at once. ``number`` is the highest game number so far."""

    number: int = 0
    events: int = 0
    diagnostics: list[Diagnostic] = field(default_factory=list)
    unknowns: list[Unknown] = field(default_factory=list)


def header_diagnostics(game: Game, number: int, source: str) -> list[Diagnostic]:
    """The ``bad-header`` findings of an FTN game's header alone (for a game
    with syntax errors, which is not replayed)."""
    found = read_header(game)
    if isinstance(found, Setup):
        return []
    return [replace(diagnostic(Name.BAD_HEADER, p.message, p.at.line, p.at.col, number, source),
                    claimed=p.claimed)
            for p in (found if isinstance(found, list) else [found])]


def _place(d: Diagnostic) -> tuple[int, int]:
    return d.line, d.col


def check_reads(reads: Iterable[Read], source: str = "<input>") -> Iterator[Batch]:
    """Check games as they are read, a ``Batch`` a game. The FTN reader
    reports a problem it meets between two games (a game without its 'end'
    line, text outside a game) before the game it holds back for closing
    comments, so reading problems wait for the next game and are sorted
    with its findings: the batches come in order of place, as a whole
    file's sorted findings would. A game with syntax errors is not
    replayed, but its header is checked (``bad-header``)."""
    pending: list[Diagnostic] = []
    number = 0
    for r in reads:
        number = max(number, r.number)
        if r.game is None:
            pending.extend(r.problems)
            if r.damaged is not None:  # a game with syntax errors: its header too
                pending.extend(header_diagnostics(r.damaged, r.number, source))
            continue
        rep = check_game(r.game, r.number, source, r.locate)
        found = rep.diagnostics
        if pending:
            found = pending + found
            pending = []
        if len(found) > 1:
            found.sort(key=_place)
        yield Batch(number, rep.events, found, rep.unknowns)
    if pending:
        pending.sort(key=_place)
        yield Batch(number, 0, pending, [])
