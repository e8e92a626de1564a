"""A broken engine: plays correctly, then stops answering mid-game (hangs)."""

import time
from typing import Any

from _base import Engine, serve

from verifier.rules.game import GameState
from verifier.rules.round import RoundState


class Hangs(Engine):
    events = 0

    def handle(self, msg: dict[str, Any]) -> dict[str, Any] | None:
        if msg.get("type") == "event":
            self.events += 1
            if self.events == 5:
                time.sleep(3600)
        return super().handle(msg)


if __name__ == "__main__":
    serve(Hangs(RoundState, GameState))
