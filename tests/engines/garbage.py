"""A broken engine: plays correctly, then answers with something that is not
JSON mid-game."""

import sys
from typing import Any

from _base import Engine, serve

from verifier.rules.game import GameState
from verifier.rules.round import RoundState


class Garbage(Engine):
    events = 0

    def handle(self, msg: dict[str, Any]) -> dict[str, Any] | None:
        if msg.get("type") == "event":
            self.events += 1
            if self.events == 4:
                sys.stdout.write("<<< not json >>>\n")
                sys.stdout.flush()
                return None
        return super().handle(msg)


if __name__ == "__main__":
    serve(Garbage(RoundState, GameState))
