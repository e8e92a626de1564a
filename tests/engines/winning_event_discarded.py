"""A wrong engine: an event that reaches the target exactly in mid-round is
discarded as if it passed it (R8.2, R8.4): the engine ends a game only with
a round."""

from _base import fired, main

from verifier.rules.game import GameState
from verifier.rules.scoring import Placed, Scored


class WinningEventDiscarded(GameState):
    def score(self, placed: Placed) -> Scored:
        side = self.rules.side_of[placed.seat]
        amount = placed.points + placed.bonus
        if amount and placed.outcome is None and self.scores[side] + amount == self.rules.target:
            fired(self)  # the defect: >= where the rules say >
            return Scored(side, amount, False, self.scores[side], False)
        return super().score(placed)


if __name__ == "__main__":
    main(game_cls=WinningEventDiscarded)
