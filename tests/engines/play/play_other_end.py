"""A play engine that names the wrong end: where a tile of its hand fits one
end only, every third such turn it places it at the other end
(tile-does-not-fit, R4.1)."""

from __future__ import annotations

from typing import Any

from _play_defects import Counted, serve

from verifier.rules.moves import Move


class OtherEnd(Counted):
    chances = 0

    def answer(self, msg: dict[str, Any]) -> dict[str, Any] | None:
        if msg.get("type") == "go" and self.board is not None:
            ends = self.board.ends
            for mv in self.board.legal_moves():
                if ends is None or mv.tile is None or ends[0] == ends[1]:
                    continue
                other = "R" if mv.end == "L" else "L"
                if not self.board.is_legal(Move(mv.tile, other)):
                    self.chances += 1
                    if self.chances % 3 == 0:
                        return {"type": "move", "tile": list(mv.tile), "end": other}
        return super().answer(msg)


if __name__ == "__main__":
    serve(OtherEnd())
