"""The Fives and Threes rules engine, the record verifier, and the ``ftn`` CLI.

The house, from the bottom up (each package's docstring says what it holds
and what it may import; ``lint-imports`` checks the layers, as
``pyproject.toml`` states them):

* ``diagnostics`` and ``rulebook``: the registry of diagnostics (stable
  codes, names, rules, examples) and the rule book shipped in the package.
* ``files``: records in and out: inputs, streams, pieces of whole games,
  the registry of record notations with their readers and writers, the
  published schemas, files written whole, processes.
* ``rules``: the rules engine (pure), ``Board`` to play a game move by
  move, a game's set-up, generated games.
* ``replay``: a record replayed through the rules and its claims judged.
* ``audit``: other implementations' records held against the reference
  replay, each divergence named by its defect class.
* ``render``: findings and audits for people and machines (``--format``).
* ``pipeline``: the one driver of every command that reads records, and its
  jobs (check, audit, rewrite, fill, load).
* ``api``: the Python API over all of them.
* ``lsp``, ``data``, ``show``, ``record``, ``live``: the language server,
  records as data, a game as a page, a game recorded as it is played, and
  a live engine audited.
* ``cli``: the thin command line.

``api`` and the names of the rules library (``Board``, ``Move``,
``ScoredEvent``, ``IllegalMoveError`` and its subclasses) are imported when
first used, so that a command loads only what it needs:

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
    from verifier.rules.illegal import (
        AmbiguousPlacementError,
        GameOverError,
        IllegalMoveError,
        KnockWhileAbleError,
        NotYourTurnError,
        RoundOverError,
        TileDoesNotFitError,
        TileNotInHandError,
        WrongOpenerError,
    )
    from verifier.rules.moves import KNOCK, Move
    from verifier.rules.plays import GameResult, RoundOutcome, ScoredEvent, parse_move

_LAZY = {
    "Board": "rules.board",
    "GameResult": "rules.plays", "RoundOutcome": "rules.plays", "ScoredEvent": "rules.plays",
    "parse_move": "rules.plays",
    "KNOCK": "rules.moves", "Move": "rules.moves",
    **{name: "rules.illegal" for name in (
        "IllegalMoveError", "NotYourTurnError", "TileNotInHandError",
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
