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
* ``data``, ``show``, ``record``, ``live``: records as data, a game as a
  page, a game recorded as it is played, and a live engine audited.
* ``api``: the public library over all of them (what ``docs/build_api.py``
  documents, with the names of this package and ``notation``'s).
* ``lsp``: the language server.
* ``cli``: the thin command line, over ``api``.

The public names of this package, ``api``, the rules library (``Board``,
``Move``, ``ScoredEvent``, ``IllegalMoveError`` and its subclasses,
``PositionError`` for a position string that ``Board.from_position``
cannot read), the
typed errors of the library's jobs (``InputError``, ``SettingsError``,
``WriteError``...), the types that ``api``'s functions for an editor's
text take and give (``Piece``: whole games of a text with the numbers of
their first line and game; ``Settings``: what a record is judged by;
``Edit``: a fix, the text that replaces a span), are imported when first
used, so that a command loads only what it needs. The registries a
command line offers as choices (``files.formats.NOTATIONS``,
``files.published.SCHEMAS``...) and how it shows text
(``files.escaping``) are imported from the modules that hold them. For
example:

    from verifier import Board
    board = Board(4, seed=7)
    board.play(board.legal_moves()[0])
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from verifier.data.select import FilterError
    from verifier.files.outputs import WriteError
    from verifier.files.pieces import Piece
    from verifier.files.streams import InputError
    from verifier.files.tomlfile import SettingsError
    from verifier.league.ratings import LeagueError
    from verifier.live.run import Unreadable
    from verifier.pipeline.settings import Settings
    from verifier.pipeline.tasks import DaskMissing
    from verifier.pipeline.workers import WorkerDied
    from verifier.record.journal import CannotRecord
    from verifier.replay.fixes import Edit
    from verifier.replay.perft import NoStart
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
    from verifier.rules.position import PositionError
    from verifier.scorer.build import BuildError
    from verifier.show.page import ShowError

_LAZY = {
    "Board": "rules.board",
    "GameResult": "rules.plays", "RoundOutcome": "rules.plays", "ScoredEvent": "rules.plays",
    "parse_move": "rules.plays",
    "KNOCK": "rules.moves", "Move": "rules.moves", "PositionError": "rules.position",
    **{name: "rules.illegal" for name in (
        "IllegalMoveError", "NotYourTurnError", "TileNotInHandError",
        "TileDoesNotFitError", "AmbiguousPlacementError", "KnockWhileAbleError",
        "WrongOpenerError", "RoundOverError", "GameOverError",
    )},
    # The typed errors of the library's jobs.
    "InputError": "files.streams", "SettingsError": "files.tomlfile",
    "WriteError": "files.outputs",
    # The types of an editor's text (``api.pieces``, ``api.settings_for``)
    # and of its fixes (``api.claim_edit``).
    "Piece": "files.pieces", "Settings": "pipeline.settings", "Edit": "replay.fixes",
    "DaskMissing": "pipeline.tasks", "WorkerDied": "pipeline.workers",
    "NoStart": "replay.perft", "FilterError": "data.select", "ShowError": "show.page",
    "CannotRecord": "record.journal", "Unreadable": "live.run",
    "BuildError": "scorer.build",
    "LeagueError": "league.ratings",
}

__all__ = [
    "KNOCK",
    "AmbiguousPlacementError",
    "Board",
    "BuildError",
    "CannotRecord",
    "DaskMissing",
    "Edit",
    "FilterError",
    "GameOverError",
    "GameResult",
    "IllegalMoveError",
    "InputError",
    "KnockWhileAbleError",
    "LeagueError",
    "Move",
    "NoStart",
    "NotYourTurnError",
    "Piece",
    "PositionError",
    "RoundOutcome",
    "RoundOverError",
    "ScoredEvent",
    "Settings",
    "SettingsError",
    "ShowError",
    "TileDoesNotFitError",
    "TileNotInHandError",
    "Unreadable",
    "WorkerDied",
    "WriteError",
    "WrongOpenerError",
    "api",
    "parse_move",
]


def __dir__() -> list[str]:
    """The public names only (``dir(verifier)``), as ``__all__`` lists them."""
    return sorted(__all__)


def __getattr__(name: str) -> Any:
    if name == "api":
        return importlib.import_module(f"{__name__}.api")
    if name in _LAZY:
        return getattr(importlib.import_module(f"{__name__}.{_LAZY[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
