"""Shared machinery of the planted-defect play engines: the built-in greedy
player (``verifier.match.builtin``) with one defect patched in, run on the
play protocol (stdin/stdout). Each defect fires on a fixed count of turns,
so that a match of a few games meets it, the same way every run."""

from __future__ import annotations

import json
import sys
from typing import Any

from verifier.match.builtin import GreedyPlayer


def serve(player: GreedyPlayer) -> None:
    """The player on standard input and output, a JSON line at a time."""
    for line in sys.stdin:
        reply = player.answer(json.loads(line))
        if reply is None:
            break
        print(json.dumps(reply), flush=True)


class Counted(GreedyPlayer):
    """A greedy player that counts its turns (``turns``) across the match."""

    def __init__(self) -> None:
        super().__init__()
        self.turns = 0

    def answer(self, msg: dict[str, Any]) -> dict[str, Any] | None:
        if msg.get("type") == "go":
            self.turns += 1
        return super().answer(msg)
