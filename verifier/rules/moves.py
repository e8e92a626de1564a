"""A move of Fives and Threes as a value: a tile at an end, or a knock.

Boundary: the ``Move`` the engine lists (``rules.round.RoundState.legal_moves``)
and a ``Board`` plays, and ``KNOCK``. Whether a move is legal is the round's
to say (``rules.round``); what it is written as in FTN is ``Move.__str__``.
No I/O.
"""

from __future__ import annotations

from typing import NamedTuple


class Move(NamedTuple):
    """A legal move: a tile (as it would be written) at an end, or a knock.

    ``end`` is None for the lead; ``tile`` is None for a knock."""

    tile: tuple[int, int] | None
    end: str | None

    def __str__(self) -> str:
        """The move as FTN writes it: ``6-3 L``, ``6-3`` (the lead), ``knock``."""
        if self.tile is None:
            return "knock"
        return f"{self.tile[0]}-{self.tile[1]}" + (f" {self.end}" if self.end else "")


KNOCK = Move(None, None)
