"""A broken engine: plays correctly, then exits with code 3 mid-game."""

import sys
from typing import Any

from _base import Engine, serve

from verifier.rules.game import GameState
from verifier.rules.round import RoundState


class Exits(Engine):
    events = 0

    def handle(self, msg: dict[str, Any]) -> dict[str, Any] | None:
        if msg.get("type") == "event":
            self.events += 1
            if self.events == 3:
                sys.stderr.write("engine: cannot go on\n")
                sys.exit(3)
        return super().handle(msg)


if __name__ == "__main__":
    serve(Exits(RoundState, GameState))
