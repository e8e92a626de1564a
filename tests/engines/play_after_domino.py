"""A wrong engine: the round goes on after a player has dominoed (R7.1)."""

from _base import fired, main

from verifier.rules.round import RoundState
from verifier.rules.scoring import Placed


class PlayAfterDomino(RoundState):
    went_on = False

    def place(self, seat: int, a: int, b: int, end: str | None, play: object = None) -> Placed:
        placed = super().place(seat, a, b, end, play)
        if placed.outcome == "domino" and not self.went_on and any(self.held):
            self.went_on = True  # the defect: the first domino does not end the round
            fired(self)
            self.outcome = None
            self.turn = self.next_seat(seat)
            if not any(self.can_place(s) for s in range(self.rules.players)):
                self.outcome = "blocked"
        return placed


if __name__ == "__main__":
    main(PlayAfterDomino)
