"""What a replay is given besides the game: values, never flags.

Boundary: ``Reading`` (how the record was read: its source's name, the
reader's ``locate`` of a JSON Pointer, the lines that could not be read and
the tag names among them) and ``Audit`` (a replay as an audit: the totals
the next round starts from after a diverging round, ``Resync``, and the
engine that plays it, the rules' or a wrong one for the audit's
classifier). ``replay.game.replay`` takes them with the game and the
set-up; a check is a replay with no ``Audit``. Plain data, read-only
(their fields ``Final``), in plain classes: a check imports this module,
and a plain class is made at a small part of a named tuple's cost (whose
methods are compiled from source when it is made); it imports the
engine's ``GameState`` class as a value and nothing that runs.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Final

from verifier.rules.game import GameState

Locate = Callable[[str], tuple[int, int]]
"""The reader's place (line, column) of a JSON Pointer of the text."""

__all__ = ["CHECK_READING", "Audit", "Locate", "Reading", "Resync"]


class Resync(Enum):
    """Where an audit goes on after a diverging round: from the totals the
    record claims, or from those the rules computed."""

    CLAIMED = "claimed"
    COMPUTED = "computed"


class Audit:
    """A replay as an audit: every round judged, the next round after a
    diverging one started from ``resync``'s totals, the game played by
    ``engine`` (the rules' ``GameState``, or a wrong engine's subclass)."""

    __slots__ = ("engine", "resync")

    def __init__(self, resync: Resync = Resync.CLAIMED,
                 engine: type[GameState] = GameState) -> None:
        self.resync: Final = resync
        self.engine: Final = engine


class Reading:
    """How a record was read: ``source`` (its name in findings), ``locate``
    (the place of a JSON Pointer; None for FTN, whose elements carry their
    places), ``lost`` (the lines a record read in spite of syntax errors
    could not read), ``lost_keys`` (the names of the tags among them,
    "" where not known) and ``preset`` (the rules preset of a record
    without a ``[rules]`` tag, the settings'; None: pagat, R9)."""

    __slots__ = ("locate", "lost", "lost_keys", "preset", "source")

    def __init__(self, source: str = "<input>", locate: Locate | None = None,
                 lost: tuple[int, ...] = (), lost_keys: tuple[str, ...] = (),
                 preset: str | None = None) -> None:
        self.source: Final = source
        self.locate: Final = locate
        self.lost: Final = lost
        self.lost_keys: Final = lost_keys
        self.preset: Final = preset


#: A record read whole from an unnamed text.
CHECK_READING = Reading()
