"""A wrong engine: once a round, from the third tile on, a tile whose halves
add up to an odd number is joined by its wrong half: the end it leaves shows
the number it was joined to, and the engine plays on from there (R4.1)."""

from _base import fired, main

from verifier.rules.round import RoundState
from verifier.rules.scoring import Placed


class TileFlipped(RoundState):
    flipped = False

    def place(self, seat: int, a: int, b: int, end: str | None, play: object = None) -> Placed:
        old = (self.left, self.right)
        placed = super().place(seat, a, b, end, play)
        if (self.flipped or self.ntiles < 3 or (a + b) % 2 == 0 or placed.outcome is not None
                or placed.end is None):
            return placed
        self.flipped = True
        fired(self)
        if placed.end == "L":  # the defect: the joined number stays open
            self.left, self.left_double = old[0], False
        else:
            self.right, self.right_double = old[1], False
        total = self.end_total()
        placed = placed._replace(left=self.left, left_double=self.left_double, right=self.right,
                                 right_double=self.right_double, end_total=total,
                                 points=self.rules.points_table[total])
        if not any(self.can_place(s) for s in range(self.rules.players)):
            self.outcome = "blocked"
            self._reveal = [s for s in range(self.rules.players) if self.held[s]]
            placed = placed._replace(outcome="blocked")
        return placed


if __name__ == "__main__":
    main(TileFlipped)
