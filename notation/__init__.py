"""FTN, the Fives and Threes Notation: grammar, reader, records, printer.

Boundary: syntax and layout only. ``notation`` turns FTN text into typed,
immutable records that carry their source positions (``parser``,
``model``) and prints records back in one canonical form (``printer``). It
never imports ``verifier`` and knows no rule of the game.
"""

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

__all__ = [
    "NOBODY",
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
