"""A play engine that peeks at nothing it was not told but hangs once in 200
turns (engine-failure: no answer within --timeout)."""

from __future__ import annotations

import time
from typing import Any

from _play_defects import Counted, serve


class Hangs(Counted):
    def answer(self, msg: dict[str, Any]) -> dict[str, Any] | None:
        reply = super().answer(msg)
        if msg.get("type") == "go" and self.turns % 200 == 0:
            time.sleep(3600)
        return reply


if __name__ == "__main__":
    serve(Hangs())
