"""A wrong engine: a tile placed flipped (written high half first, after the
lead) stays in the hand (R4.5), once a round."""

from _base import fired, main

from verifier.rules.round import RoundState
from verifier.rules.scoring import Placed
from verifier.rules.tiles import tile_key


class TileStaysInHand(RoundState):
    kept = False

    def place(self, seat: int, a: int, b: int, end: str | None, play: object = None) -> Placed:
        lead = not self.ntiles
        placed = super().place(seat, a, b, end, play)
        if not lead and a > b and not self.kept and placed.outcome is None:
            self.kept = True  # the defect: the tile goes back into the hand
            fired(self)
            self.hands[seat].add(tile_key(a, b))
            self.counts[seat][a] += 1
            self.counts[seat][b] += 1
            self.held[seat] += 1
        return placed


if __name__ == "__main__":
    main(TileStaysInHand)
