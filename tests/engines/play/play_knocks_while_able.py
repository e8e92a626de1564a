"""A play engine that knocks while it could place once in 50 turns
(knock-while-able, R4.4)."""

from __future__ import annotations

from typing import Any

from _play_defects import Counted, serve

from verifier.rules.moves import KNOCK


class KnocksWhileAble(Counted):
    def answer(self, msg: dict[str, Any]) -> dict[str, Any] | None:
        reply = super().answer(msg)
        if msg.get("type") == "go" and self.turns % 50 == 0 and \
                self.board is not None and self.board.legal_moves() != [KNOCK]:
            return {"type": "move", "knock": True}
        return reply


if __name__ == "__main__":
    serve(KnocksWhileAble())
