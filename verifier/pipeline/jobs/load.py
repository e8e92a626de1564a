"""The load job: every game of a text as records, or the diagnostics that
keep it from being read (syntax errors, schema violations).

Boundary: the reads of a whole text (``read_any``: one piece, each game as
the registry's reader gives it, ``files.formats.piece_reads``): what
``api.games``, ``ftn perft`` and the live audit's reference files read
records with. It replays and judges nothing.
"""

from __future__ import annotations

from notation.model import Game
from verifier.diagnostics import Diagnostic
from verifier.files.formats import piece_reads
from verifier.pipeline.driver import Text, collect, single


def read_any(text: str, source: str = "<input>", kind: str | None = None
             ) -> tuple[list[Game], list[Diagnostic]]:
    """Every game of a text as records, or the diagnostics that keep it from
    being read (syntax errors, schema violations). The text is read here (a
    read's locator cannot go to another process)."""
    games: list[Game] = []
    errors: list[Diagnostic] = []
    _, reads = single(collect(piece_reads, Text(text, source, kind)))
    for r in reads:
        if r.game is None:
            errors.extend(r.problems)
        else:
            games.append(r.game)
    return games, errors
