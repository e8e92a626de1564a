"""A wrong engine (four players, partners): the domino bonus goes to the
first partner to empty its hand, and the side's domino earns none (R7.2).
Write its records with --players 4."""

from _base import fired, main

from verifier.rules.round import RoundState
from verifier.rules.scoring import Placed


class BonusToFirstOut(RoundState):
    def place(self, seat: int, a: int, b: int, end: str | None, play: object = None) -> Placed:
        placed = super().place(seat, a, b, end, play)
        if not self.rules.partnerships or not placed.emptied:
            return placed
        fired(self)
        # The defect: the first partner out takes the bonus, the domino none.
        return placed._replace(bonus=0 if placed.outcome == "domino" else self.rules.bonus)


if __name__ == "__main__":
    main(BonusToFirstOut)
