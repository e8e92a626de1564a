"""A play engine that claims every event, and claims an overshoot as
credited (R8.2): its totals then go past the target."""

from __future__ import annotations

from typing import Any

from _play_defects import Counted, serve


class OvershootClaims(Counted):
    def __init__(self) -> None:
        super().__init__()
        self.mine: list[int] = []

    def answer(self, msg: dict[str, Any]) -> dict[str, Any] | None:
        if msg.get("type") == "new-round":
            self.mine = list(msg["totals"])
        if msg.get("type") != "event" or self.board is None:
            return super().answer(msg)
        ev = self._seen(msg)
        if ev.is_knock:
            return {"type": "ok", "claim": {"endTotal": None, "totals": self.mine}}
        side = self.board.sides.index(ev.side)
        self.mine[side] += ev.points + ev.bonus  # the defect: credited even when discarded
        return {"type": "ok", "claim": {"endTotal": ev.end_total, "points": ev.points,
                                        "bonus": ev.bonus, "credited": True,
                                        "totals": list(self.mine)}}


if __name__ == "__main__":
    serve(OvershootClaims())
