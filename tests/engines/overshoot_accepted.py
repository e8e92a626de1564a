"""A wrong engine: an event that takes its side past the target is credited,
and the side is taken to have won (R8.2)."""

from _base import fired, main

from verifier.rules.game import GameState
from verifier.rules.scoring import Placed, Scored


class OvershootAccepted(GameState):
    def score(self, placed: Placed) -> Scored:
        side = self.rules.side_of[placed.seat]
        amount = placed.points + placed.bonus
        total = self.scores[side] + amount
        if total <= self.rules.target:
            return super().score(placed)
        fired(self)  # the defect: past the target counts as reaching it
        self.scores[side] = total
        self.over, self.winner = True, side
        return Scored(side, amount, True, total, True)


if __name__ == "__main__":
    main(game_cls=OvershootAccepted)
