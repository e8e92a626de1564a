"""Shared machinery of the test engines: the audit protocol (PROTOCOL.md in
``verifier/``) and a record writer, over the reference engine with, for the
wrong engines, one defect patched in.

Each engine script calls ``main(round_cls, game_cls)``. With no arguments it
speaks the protocol on stdin/stdout; with ``--records N`` it writes N games
(FTN) with its own claims, as another implementation's export would.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

import verifier.engine as engine_module
import verifier.generate as generate_module
from notation.printer import print_games
from verifier.engine import GameState, Placed, RoundState, Scored
from verifier.options import resolve
from verifier.protocol import view


class Engine:
    """An engine speaking the protocol, built on (possibly patched) classes."""

    def __init__(self, round_cls: type[RoundState], game_cls: type[GameState]) -> None:
        self.round_cls = round_cls
        self.game_cls = game_cls
        self.names: tuple[str, ...] = ()
        self.sides: tuple[str, ...] = ()
        self.gs: GameState | None = None
        self.rs: RoundState | None = None
        self.last: tuple[Placed, Scored] | None = None
        self.by_target = False

    def view(self) -> dict[str, Any]:
        assert self.rs is not None and self.gs is not None
        return view(self.rs, self.gs, self.names, self.sides, self.last, self.by_target)

    def handle(self, msg: dict[str, Any]) -> dict[str, Any] | None:
        kind = msg.get("type")
        if kind == "new-game":
            self.names = tuple(msg["seats"])
            rules, problems = resolve(len(self.names), None, list(msg["rules"].items()))
            assert rules is not None, problems
            self.sides = tuple("+".join(self.names[s] for s in rules.seats_of_side(i))
                               for i in range(rules.side_count))
            self.gs = self.game_cls(rules, self.names.index(msg["first"]))
            return {"type": "ready"}
        assert self.gs is not None
        if kind == "new-round":
            self.gs.scores = list(msg["totals"])
            hands = [[tuple(t) for t in msg["hands"][s]] for s in self.names]
            self.rs = self.round_cls(self.gs.rules, hands, self.names.index(msg["opener"]),
                                     self.names)
            self.last, self.by_target = None, False
            return self.view()
        if kind == "event":
            assert self.rs is not None
            seat = self.names.index(msg["seat"])
            if msg.get("knock"):
                self.rs.knock(seat)
                self.last = None
            else:
                placed = self.rs.place(seat, msg["tile"][0], msg["tile"][1], msg["end"])
                scored = self.gs.score(placed)
                self.by_target = self.by_target or (scored.won and placed.outcome != "domino")
                self.last = (placed, scored)
            return self.view()
        return None


def serve(eng: Engine) -> None:
    for line in sys.stdin:
        msg = json.loads(line)
        if msg.get("type") == "quit":
            return
        reply = eng.handle(msg)
        if reply is not None:
            sys.stdout.write(json.dumps(reply) + "\n")
            sys.stdout.flush()


def main(round_cls: type[RoundState] = RoundState, game_cls: type[GameState] = GameState) -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--records", type=int, default=0)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if args.records:
        # Write games as this engine plays and scores them.
        setattr(engine_module, "RoundState", round_cls)  # noqa: B010 - the patch
        setattr(generate_module, "GameState", game_cls)  # noqa: B010
        sys.stdout.write(print_games(
            generate_module.generate_games(args.players, args.records, args.seed)
        ))
        return
    serve(Engine(round_cls, game_cls))
