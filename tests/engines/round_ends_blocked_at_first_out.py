"""A wrong engine (four players, partners): as ``round_ends_at_first_out``,
the round ends with the domino bonus as soon as the first partner of a side
empties its hand while play would go on (R7.2), but the engine calls that
end a block: its result line says ``result blocked``, its view
``"round": "blocked"``. (Where the rules' round is blocked there too, the
engine follows the rules.) Write its records with --players 4."""

from _base import fired, main

from verifier.rules.round import RoundState
from verifier.rules.scoring import Placed


class RoundEndsBlockedAtFirstOut(RoundState):
    def place(self, seat: int, a: int, b: int, end: str | None, play: object = None) -> Placed:
        placed = super().place(seat, a, b, end, play)
        if not self.rules.partnerships or not placed.emptied or placed.outcome is not None:
            return placed
        fired(self)  # the defect: one partner out ends the round, "blocked", with the bonus
        self.outcome = "blocked"
        self._reveal = []
        return placed._replace(outcome="blocked", bonus=self.rules.bonus)


if __name__ == "__main__":
    main(RoundEndsBlockedAtFirstOut)
