"""A wrong engine: a lead double stops counting once the lead is continued on
one side, though it is still terminal on the other (R5.2)."""

from _base import fired, main

from verifier.rules.round import RoundState
from verifier.rules.scoring import Placed


class DoubleStopsCounting(RoundState):
    lead_double: int | None = None

    def place(self, seat: int, a: int, b: int, end: str | None, play: object = None) -> Placed:
        if not self.ntiles:
            self.lead_double = a if a == b else None
        return super().place(seat, a, b, end, play)

    def end_total(self) -> int:
        v = self.lead_double
        if self.ntiles >= 2 and v is not None:
            left = self.left if (self.left_double and self.left == v) else (
                2 * self.left if self.left_double else self.left)
            right = self.right if (self.right_double and self.right == v) else (
                2 * self.right if self.right_double else self.right)
            if v and left + right != super().end_total():
                fired(self)
            return left + right  # the defect: the lead double counts once
        return super().end_total()


if __name__ == "__main__":
    main(DoubleStopsCounting)
