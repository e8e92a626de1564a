"""FTN, the Fives and Threes Notation: grammar, reader, records, printer.

Boundary: syntax and layout only. ``notation`` turns FTN text into typed,
immutable records that carry their source positions (``ftn.reader``,
``model``) and prints records back in one canonical form (``ftn.printer``);
``json`` reads and writes the same records as JSON. It never imports
``verifier`` and knows no rule of the game (``options`` holds the names and
values of the rule options that records declare, and their presets).

The public names below are imported when first used (a check of FTN loads
neither the printer nor the JSON modules):

    from notation import parse_games, print_games
    games = parse_games(text)
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from notation.ftn.printer import print_game, print_games
    from notation.ftn.reader import FtnSyntaxError, ParseError, parse, parse_games, read_games
    from notation.model import (
        NOBODY,
        Comments,
        Deal,
        EndTotalClaim,
        Event,
        Game,
        Knock,
        Placement,
        PointsClaim,
        Round,
        RoundResult,
        Tag,
        Tile,
        TotalsClaim,
        Winner,
    )
    from notation.options import OPTIONS, PRESETS

_LAZY = {
    **{name: "ftn.printer" for name in ("print_game", "print_games")},
    **{name: "ftn.reader" for name in (
        "FtnSyntaxError", "ParseError", "parse", "parse_games", "read_games")},
    **{name: "model" for name in (
        "NOBODY", "Comments", "Deal", "EndTotalClaim", "Event", "Game", "Knock", "Placement",
        "PointsClaim", "Round", "RoundResult", "Tag", "Tile", "TotalsClaim", "Winner")},
    **{name: "options" for name in ("OPTIONS", "PRESETS")},
}

__all__ = [
    "NOBODY",
    "OPTIONS",
    "PRESETS",
    "Comments",
    "Deal",
    "EndTotalClaim",
    "Event",
    "FtnSyntaxError",
    "Game",
    "Knock",
    "ParseError",
    "Placement",
    "PointsClaim",
    "Round",
    "RoundResult",
    "Tag",
    "Tile",
    "TotalsClaim",
    "Winner",
    "parse",
    "parse_games",
    "print_game",
    "print_games",
    "read_games",
]


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(importlib.import_module(f"{__name__}.{_LAZY[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
