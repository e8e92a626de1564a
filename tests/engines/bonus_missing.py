"""A wrong engine: the round ends on a domino, but without its bonus (R7.1,
R7.2)."""

from _base import fired, main

from verifier.rules.round import RoundState
from verifier.rules.scoring import Placed


class BonusMissing(RoundState):
    def place(self, seat: int, a: int, b: int, end: str | None, play: object = None) -> Placed:
        placed = super().place(seat, a, b, end, play)
        if placed.bonus:
            fired(self)
            return placed._replace(bonus=0)  # the defect: no bonus
        return placed


if __name__ == "__main__":
    main(BonusMissing)
