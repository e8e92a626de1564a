"""A wrong engine: the domino bonus is tested against the target apart from
its placement (R8.1): at 59, 2 + 1 credits the 2 and drops the 1."""

from _base import fired, main

from verifier.rules.game import GameState
from verifier.rules.scoring import Placed, Scored


class BonusSplit(GameState):
    def score(self, placed: Placed) -> Scored:
        if not placed.bonus:
            return super().score(placed)
        rules = self.rules
        side = rules.side_of[placed.seat]
        before = self.scores[side]
        credited = False
        for part in (placed.points, placed.bonus):  # the defect: two tests
            if self.scores[side] + part <= rules.target:
                self.scores[side] += part
                credited = True
        if before + placed.points + placed.bonus > rules.target and credited:
            fired(self)  # the rules discard the event whole
        won = self.scores[side] == rules.target
        if won:
            self.over, self.winner = True, side
        # What it credited: a part of the event, or the whole if it credits none.
        amount = self.scores[side] - before if credited else placed.points + placed.bonus
        return Scored(side, amount, credited, self.scores[side], won)


if __name__ == "__main__":
    main(game_cls=BonusSplit)
