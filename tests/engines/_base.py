"""Shared machinery of the test engines: the audit protocol (PROTOCOL.md in
``verifier/``) and a record writer, over the reference engine with, for the
wrong engines, one defect patched in.

Each engine script calls ``main(round_cls, game_cls)``. With no arguments it
speaks the protocol on stdin/stdout; with ``--records N`` it writes N games
(FTN) with its own claims, as another implementation's export would:
``--form full`` every claim, ``--form totals`` only the running totals after
each event, ``--form points`` only each placement's points (real engines log
little more). A defect calls ``fired(self)`` whenever it makes the engine
compute something the rules would not: ``generate`` hands back, with each
game, the rounds where it did (what ``tools/audit_table.py`` measures the
audit against).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import Any

from notation.ftn.printer import print_games
from notation.model import Game, Knock, Placement
from verifier.live.protocol import view
from verifier.rules.game import GameState, Stepper
from verifier.rules.generate import generate_games
from verifier.rules.round import RoundState
from verifier.rules.start import Setup

FORMS = ("full", "totals", "points")
#: The rounds (numbers) of the game being played where the defect fired.
FIRED: set[int] = set()


def fired(state: RoundState | GameState) -> None:
    """Note that the defect changed what the engine computes in this round."""
    FIRED.add(getattr(state, "round_number", 0))


def engine_class(round_cls: type[RoundState], game_cls: type[GameState]) -> type[GameState]:
    """The game class of an engine: ``game_cls`` starting rounds of ``round_cls``
    (each round knows its number, for ``fired``)."""

    def new_round(self: GameState, *args: Any, **kwargs: Any) -> RoundState:
        rs = game_cls.new_round(self, *args, **kwargs)
        rs.round_number = self.round_number  # type: ignore[attr-defined]
        return rs

    if "__dict__" not in dir(round_cls) and round_cls.__dictoffset__ == 0:
        round_cls = type(round_cls.__name__, (round_cls,), {})  # room for round_number
    return type(f"{game_cls.__name__}With{round_cls.__name__}", (game_cls,),
                {"round_class": round_cls, "new_round": new_round})


def strip(game: Game, form: str) -> Game:
    """A record with only the claims of ``form``: ``full`` keeps all;
    ``totals`` the running totals of the events; ``points`` the points of
    the placements (no result or winner lines in either)."""
    if form == "full":
        return game
    rounds = []
    for rnd in game.rounds:
        events: list[Placement | Knock] = []
        for ev in rnd.events:
            if isinstance(ev, Placement):
                ev = ev._replace(end_total=None, points=None if form == "totals" else ev.points,
                                 totals=ev.totals if form == "totals" else None)
            events.append(ev)
        rounds.append(replace(rnd, events=tuple(events), result=None))
    return replace(game, rounds=tuple(rounds), winner=None)


def generate(round_cls: type[RoundState], game_cls: type[GameState], players: int, count: int,
             seed: int, form: str = "full", rules: Sequence[tuple[str, str]] = ()
             ) -> Iterator[tuple[Game, set[int]]]:
    """``count`` games this engine plays and records (under the rule
    options ``rules``), each with the rounds where its defect fired. An
    engine whose round class says ``writes_result = False`` writes no
    result lines."""
    games = generate_games(players, count, seed, declared=rules,
                           game_class=engine_class(round_cls, game_cls))
    while True:
        FIRED.clear()
        game = next(games, None)
        if game is None:
            return
        if not getattr(round_cls, "writes_result", True):
            game = replace(game, rounds=tuple(replace(r, result=None) for r in game.rounds))
        yield strip(game, form), set(FIRED)


class Engine:
    """An engine speaking the protocol, built on (possibly patched) classes,
    with the game set up and its rounds started and stepped as the reference
    engine does (so that it follows every rule option)."""

    def __init__(self, round_cls: type[RoundState], game_cls: type[GameState]) -> None:
        self.game_cls = engine_class(round_cls, game_cls)
        self.setup: Setup | None = None
        self.gs: GameState | None = None
        self.step: Stepper | None = None

    def view(self) -> dict[str, Any]:
        assert self.step is not None and self.setup is not None
        return view(self.step, self.setup)

    def handle(self, msg: dict[str, Any]) -> dict[str, Any] | None:
        kind = msg.get("type")
        if kind == "new-game":
            self.setup = Setup.declared(msg["seats"], msg["first"], None,
                                        list(msg["rules"].items()))
            self.gs = self.game_cls(self.setup.rules, self.setup.first)
            return {"type": "ready"}
        assert self.gs is not None and self.setup is not None
        names = self.setup.names
        if kind == "new-round":
            self.gs.scores = list(msg["totals"])
            hands = [[(t[0], t[1]) for t in msg["hands"][s]] for s in names]
            self.step = Stepper(self.gs, self.gs.new_round(
                hands, names.index(msg["opener"]), names))
            return self.view()
        if kind == "event":
            assert self.step is not None
            seat = names.index(msg["seat"])
            if msg.get("knock"):
                self.step.knock(seat)
            else:
                self.step.place(seat, msg["tile"][0], msg["tile"][1], msg["end"])
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


def main(round_cls: type[RoundState] = RoundState, game_cls: type[GameState] = GameState,
         rules: Sequence[tuple[str, str]] = ()) -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--records", type=int, default=0)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--form", choices=FORMS, default="full",
                    help="the claims written: all, running totals only, or points only")
    args = ap.parse_args()
    if args.records:
        # Write games as this engine plays and scores them.
        sys.stdout.write(print_games(g for g, _ in generate(
            round_cls, game_cls, args.players, args.records, args.seed, args.form, rules)))
        return
    serve(Engine(round_cls, game_cls))
