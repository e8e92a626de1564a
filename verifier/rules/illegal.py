"""The ways a move breaks the rules (``RULES.md`` R1-R8, V5), as typed errors.

Boundary: ``IllegalMoveError`` and one subclass per way a move can break a
rule, each with the name of the diagnostic the verifier reports for it
(``kind``), the rule it breaks and a message in words. The round raises them
(``rules.round.RoundState``); the replay turns them into findings. No rule
is decided here, no I/O.
"""

from __future__ import annotations

from typing import ClassVar


class IllegalMoveError(Exception):
    """An illegal move (R1-R8), the base of one class per way a move can
    break the rules, as python-chess's ``IllegalMoveError``.

    ``kind`` (a class attribute) is the name of the diagnostic the verifier
    reports for it; ``rule`` cites RULES.md (``"R4.1"``); ``message`` says
    what is wrong, in words; ``token`` is the caller's token of an earlier
    move the finding is about (a knock proven illegal later), else None."""

    # Each subclass names its diagnostic (the engine imports no module of
    # its own: the replay looks the name up in ``diagnostics.BY_NAME``).
    kind: ClassVar[str]

    def __init__(self, message: str, rule: str, token: object = None) -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule
        self.token = token


class NotYourTurnError(IllegalMoveError):
    """A seat moves out of turn (R1.2), an emptied partner included (R7.2)."""

    kind = "not-your-turn"


class TileNotInHandError(IllegalMoveError):
    """A seat places a tile it does not hold (R2.2, R4.5)."""

    kind = "tile-not-in-hand"


class TileDoesNotFitError(IllegalMoveError):
    """The tile does not match the open end it is placed at (R4.1)."""

    kind = "tile-does-not-fit"


class AmbiguousPlacementError(IllegalMoveError):
    """No end is given and the tile fits both with different results (R4.2)."""

    kind = "ambiguous-placement"


class KnockWhileAbleError(IllegalMoveError):
    """A seat knocks while it holds a tile that fits (R4.3, R4.4)."""

    kind = "knock-while-able"


class WrongOpenerError(IllegalMoveError):
    """The wrong seat opens a round (R3.2), or under V5 the lead is not the
    highest double (or, with none dealt, the heaviest tile)."""

    kind = "wrong-opener"


class RoundOverError(IllegalMoveError):
    """A move after the round was won or blocked (R7.5)."""

    kind = "event-after-round-end"


class GameOverError(IllegalMoveError):
    """A move after a side reached the target (R8.4)."""

    kind = "event-after-game-end"
