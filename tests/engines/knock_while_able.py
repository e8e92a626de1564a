"""A wrong engine: once a round, a seat that can place only at the left end
knocks (the engine looks at the right end only, R4.4)."""

from _base import fired, main

from verifier.rules.moves import KNOCK, Move
from verifier.rules.round import RoundState


class KnockWhileAble(RoundState):
    knocked_once = False

    def legal_moves(self) -> list[Move]:
        moves = super().legal_moves()
        if (self.ntiles and not self.knocked_once and moves and moves[0] is not KNOCK
                and all(m.end == "L" for m in moves)):
            fired(self)  # the defect shows in the moves offered (a live engine's view)
            return [KNOCK]
        return moves

    def knock(self, seat: int, token: object = None) -> None:
        if self.outcome is None and self.ntiles and self.can_place(seat) and not self.knocked_once:
            self.knocked_once = True  # the defect: the left end was not looked at
            fired(self)
            self.knocked.add(seat)
            self.turn = self.next_seat(seat)
            return
        super().knock(seat, token)


if __name__ == "__main__":
    main(KnockWhileAble)
