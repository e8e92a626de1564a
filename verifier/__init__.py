"""The Fives and Threes rules engine, the record verifier, and the ``ftn`` CLI.

Boundary: ``engine`` is the pure rules model (no I/O, no notation, no Lark,
no Typer). Around it: ``board`` is the public model of a game to play move
by move (``Board``, with ``plays`` for the values it gives), ``setup`` reads
a header into a game's set-up, ``reading`` is the one way in for FTN and
JSON texts, ``replay`` steps a game and has ``judge`` compare its claims
(``observers`` record what a tool wants besides the findings),
``diagnostics`` is the registry of codes, ``formats`` is the registry of
record notations, ``pipeline`` runs every command that reads records as a
job over its inputs (``check``, ``audit``, ``rewrite``, ``fill`` and
``parallel`` hold the jobs' work on one piece of games; a whole text is one
piece), ``protocol`` audits live engines, ``generate`` writes random legal
games, ``render`` and ``report`` format findings, ``show`` draws a game,
``lsp`` is the language server, and ``cli`` is the thin command line.
``api`` is the Python API over all of them (``verifier.api``). Both ``api``
and the names of the rules library (``Board``, ``Move``, ``ScoredEvent``,
``IllegalMoveError`` and its subclasses) are imported when first used, so
that a command loads only what it needs:

    from verifier import Board
    board = Board(4, seed=7)
    board.play(board.legal_moves()[0])
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from verifier import api
    from verifier.rules.board import Board
    from verifier.rules.engine import (
        KNOCK,
        AmbiguousPlacementError,
        GameOverError,
        IllegalMoveError,
        KnockWhileAbleError,
        Move,
        NotYourTurnError,
        RoundOverError,
        TileDoesNotFitError,
        TileNotInHandError,
        WrongOpenerError,
    )
    from verifier.rules.plays import GameResult, RoundOutcome, ScoredEvent, parse_move

_LAZY = {
    "Board": "rules.board",
    "GameResult": "rules.plays", "RoundOutcome": "rules.plays", "ScoredEvent": "rules.plays",
    "parse_move": "rules.plays",
    **{name: "rules.engine" for name in (
        "KNOCK", "Move", "IllegalMoveError", "NotYourTurnError", "TileNotInHandError",
        "TileDoesNotFitError", "AmbiguousPlacementError", "KnockWhileAbleError",
        "WrongOpenerError", "RoundOverError", "GameOverError",
    )},
}

__all__ = [
    "KNOCK", "AmbiguousPlacementError", "Board", "GameOverError", "GameResult",
    "IllegalMoveError", "KnockWhileAbleError", "Move", "NotYourTurnError", "RoundOutcome",
    "RoundOverError", "ScoredEvent", "TileDoesNotFitError", "TileNotInHandError",
    "WrongOpenerError", "api", "parse_move",
]


def __getattr__(name: str) -> Any:
    if name == "api":
        return importlib.import_module(f"{__name__}.api")
    if name in _LAZY:
        return getattr(importlib.import_module(f"{__name__}.{_LAZY[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
