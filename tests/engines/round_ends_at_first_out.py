"""A wrong engine (four players, partners): the round ends, as a domino with
its bonus, as soon as the first partner of a side empties its hand (R7.2).
Write its records with --players 4."""

from _base import fired, main

from verifier.rules.round import RoundState
from verifier.rules.scoring import Placed


class RoundEndsAtFirstOut(RoundState):
    def place(self, seat: int, a: int, b: int, end: str | None, play: object = None) -> Placed:
        placed = super().place(seat, a, b, end, play)
        if not self.rules.partnerships or not placed.emptied or placed.outcome == "domino":
            return placed
        fired(self)  # the defect: one partner out ends the round
        self.outcome = "domino"
        self.winner_side = self.rules.side_of[seat]
        self._reveal = []
        return placed._replace(outcome="domino", bonus=self.rules.bonus)


if __name__ == "__main__":
    main(RoundEndsAtFirstOut)
