"""A wrong engine: a lead double counts as two doubled ends (6-6 scores 24)."""

from _base import fired, main

from verifier.rules.round import RoundState


class LeadDoubleDoubled(RoundState):
    def end_total(self) -> int:
        if self.ntiles == 1 and self.left_double:
            if self.left:
                fired(self)
            return 4 * self.left  # the defect: R5.3 says 2 * left
        return super().end_total()


if __name__ == "__main__":
    main(LeadDoubleDoubled)
