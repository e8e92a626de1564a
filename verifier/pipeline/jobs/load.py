"""The load job: every game of a text as records, or the diagnostics that
keep it from being read (syntax errors, schema violations).

Boundary: the reads of a piece (``read_piece``, each game as the registry's
reader gives it, with the preset of the plan) and of a whole text
(``read_any``, one piece): what ``api.games``, ``ftn perft``, ``ftn fill``
and the live audit's reference files read records with. It replays and
judges nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from notation.model import Game
from verifier.diagnostics import Diagnostic
from verifier.files.formats import Read
from verifier.files.pieces import Piece
from verifier.pipeline.driver import single
from verifier.pipeline.plan import reads_under

if TYPE_CHECKING:
    pass


def read_any(text: str, source: str = "<input>", kind: str | None = None
             ) -> tuple[list[Game], list[Diagnostic]]:
    """Every game of a text as records, or the diagnostics that keep it from
    being read (syntax errors, schema violations)."""
    from verifier.pipeline.driver import Text, collect

    games: list[Game] = []
    errors: list[Diagnostic] = []
    _, reads = single(collect(read_piece, Text(text, source, kind)))
    for r in reads:
        if r.game is None:
            errors.extend(r.problems)
        else:
            games.append(r.game)
    return games, errors


def read_piece(piece: Piece) -> list[Read]:
    """The reads of a piece (here: a read's locator cannot go to another
    process)."""
    return list(reads_under(piece))
