"""The built-in players: ``random``, ``greedy`` (the most points now) and
``lookahead`` (each move tried on hands sampled for the unknown seats, the
next turn of the table played greedily), each a play-protocol engine.

Boundary: a ``Player`` answers the play protocol's messages (``messages``;
``verifier/PROTOCOL.md``) from what they tell it alone: it keeps its own
``rules.board.Board`` of the round, built from a position string whose
other hands are not known (``?N``), and plays the events on it. The
referee asks it in-process (``InProcess``); ``python -m
verifier.match.builtin NAME`` runs it as an engine on standard input and
output, an example of the protocol. Chooses moves; judges nothing.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from typing import Any

from verifier.rules.board import Board
from verifier.rules.moves import KNOCK, Move
from verifier.rules.plays import ScoredEvent
from verifier.rules.tiles import full_set

Tile = tuple[int, int]


def _tiles(tiles: list[Tile] | tuple[Tile, ...]) -> str:
    return ",".join(f"{a}-{b}" for a, b in sorted((min(t), max(t)) for t in tiles)) or "-"


class Player:
    """A player of the play protocol: its seat, the rules, the round as it
    sees it (``board``: its own hand known, the others' counted) and the
    ends each other seat knocked on (it holds no tile of them, R4.4)."""

    name = "player"

    def __init__(self) -> None:
        self.seat = ""
        self.seats: list[str] = []
        self.rules: dict[str, str] = {}
        self.board: Board | None = None
        self.rng = random.Random(0)
        self.void: dict[str, set[int]] = {}

    def answer(self, msg: dict[str, Any]) -> dict[str, Any] | None:
        """The answer to one message (None for ``quit``)."""
        kind = msg.get("type")
        if kind == "quit":
            return None
        if kind == "new-game":
            self.seat, self.seats, self.rules = msg["seat"], msg["seats"], msg["rules"]
            self.rng = random.Random(f"{self.name}/{msg['game']}/{self.seat}")
            return {"type": "ready"}
        if kind == "new-round":
            self._new_round(msg)
        elif kind == "event":
            self._seen(msg)
        elif kind == "go":
            return _move(self.choose())
        return {"type": "ok"}

    def _new_round(self, msg: dict[str, Any]) -> None:
        size = int(self.rules["hand"])
        hands = "/".join(_tiles([tuple(t) for t in msg["hand"]]) if s == self.seat
                         else f"?{size}" for s in self.seats)
        options = ";".join(f"{k}={v}" for k, v in self.rules.items())
        text = (f"{','.join(self.seats)} {hands} - {msg['opener']} - "
                f"{','.join(map(str, msg['totals']))} {msg['round']} {msg['opener']} {options}")
        self.board = Board.from_position(text, auto_deal=False)
        self.void = {s: set() for s in self.seats}

    def _seen(self, msg: dict[str, Any]) -> ScoredEvent:
        board = self.board
        assert board is not None
        if msg.get("knock"):
            if board.ends is not None:
                self.void[msg["seat"]].update(board.ends)
            return board.play(KNOCK, msg["seat"])
        a, b = msg["tile"]
        return board.play(Move((a, b), msg["end"]), msg["seat"])

    def choose(self) -> Move:
        """The move to make now (the board's seat to play is this one)."""
        raise NotImplementedError


def _move(move: Move) -> dict[str, Any]:
    if move.tile is None:
        return {"type": "move", "knock": True}
    return {"type": "move", "tile": list(move.tile), "end": move.end}


def gain(board: Board, move: Move) -> int:
    """The points ``move`` scores now (placement and bonus; 0 when the
    event is discarded, R8.2)."""
    ev = board.copy().play(move)
    return 0 if ev.discarded else ev.points + ev.bonus


def greedy_move(board: Board, rng: random.Random) -> Move:
    """A move that scores the most now; among equals, one at random."""
    moves = board.legal_moves()
    if len(moves) == 1:
        return moves[0]
    scored = [(gain(board, mv), mv) for mv in moves]
    best = max(s for s, _ in scored)
    return rng.choice([mv for s, mv in scored if s == best])


class RandomPlayer(Player):
    """Any legal move, at random."""

    name = "random"

    def choose(self) -> Move:
        assert self.board is not None
        return self.rng.choice(self.board.legal_moves())


class GreedyPlayer(Player):
    """The move that scores the most now (R6, R7.1, R8.2)."""

    name = "greedy"

    def choose(self) -> Move:
        assert self.board is not None
        return greedy_move(self.board, self.rng)


class LookaheadPlayer(Player):
    """Each legal move tried on ``samples`` deals of the unknown tiles (each
    consistent with the knocks seen), then played on greedily by every seat
    for ``horizon`` moves (None: once round the table, this seat's next move
    included, or to the round's end): the move whose side gains most over
    the others, on average, every move played out with the same chances."""

    name = "lookahead"
    samples = 8
    horizon: int | None = None

    def choose(self) -> Move:
        board = self.board
        assert board is not None
        moves = board.legal_moves()
        if len(moves) == 1:
            return moves[0]
        value = dict.fromkeys(moves, 0.0)
        for _ in range(self.samples):
            full = self._sampled()
            seed = self.rng.random()  # each move played out with the same chances
            for mv in moves:
                value[mv] += self._rollout(full, mv, random.Random(seed))
        best = max(value.values())
        return self.rng.choice([mv for mv in moves if value[mv] == best])

    def _sampled(self) -> Board:
        """The board with the unknown hands dealt at random from the tiles
        not seen, each seat given none of the numbers it knocked on."""
        board = self.board
        assert board is not None
        seen = set(board.hand(self.seat)) | {(min(t), max(t)) for t in board.line}
        pool = [t for t in full_set(_max_pip(self.rules["set"])) if t not in seen]
        others = [s for s in self.seats if s != self.seat]
        hands = _deal_constrained(self.rng, pool, {s: board.held[s] for s in others}, self.void)
        hands[self.seat] = list(board.hand(self.seat))
        fields = board.position().split(" ")
        fields[1] = "/".join(_tiles(hands[s]) for s in self.seats)
        fields[4] = "-"
        return Board.from_position(" ".join(fields), auto_deal=False)

    def _rollout(self, full: Board, move: Move, rng: random.Random) -> float:
        """My side's gain minus the others' mean gain: ``move``, then the
        next moves played greedily."""
        b = full.copy()
        before = b.totals
        me = b.sides.index(b.setup.side_of_seat(b.seats.index(self.seat)))
        b.play(move)
        left = len(self.seats) if self.horizon is None else self.horizon
        while not b.is_round_over() and left > 0:
            b.play(greedy_move(b, rng))
            left -= 1
        gains = [a - s for a, s in zip(b.totals, before, strict=True)]
        others = [g for i, g in enumerate(gains) if i != me]
        return gains[me] - sum(others) / len(others)


def _max_pip(word: str) -> int:
    return {"double-six": 6, "double-nine": 9, "double-twelve": 12}[word]


def _deal_constrained(rng: random.Random, pool: list[Tile], counts: dict[str, int],
                      void: dict[str, set[int]], tries: int = 20) -> dict[str, list[Tile]]:
    """``counts[seat]`` tiles of ``pool`` for each seat, none showing a number
    of ``void[seat]`` (the most constrained seat first; after ``tries``
    failures, without the constraints)."""
    order = sorted(counts, key=lambda s: -len(void[s]))
    for attempt in range(tries + 1):
        left, out = pool[:], {}
        for s in order:
            allowed = [t for t in left if attempt == tries or not (set(t) & void[s])]
            if len(allowed) < counts[s]:
                break
            out[s] = rng.sample(allowed, counts[s])
            taken = set(out[s])
            left = [t for t in left if t not in taken]
        else:
            return out
    raise AssertionError("unreachable: the last try has no constraint")


#: The built-in players by name.
PLAYERS: dict[str, Callable[[], Player]] = {
    "random": RandomPlayer, "greedy": GreedyPlayer, "lookahead": LookaheadPlayer}


class InProcess:
    """A built-in player asked in this process, as the referee asks an engine
    (the messages and answers are the protocol's, as JSON would carry them)."""

    def __init__(self, player: Player) -> None:
        self.player = player

    def ask(self, msg: dict[str, Any], expect: str | tuple[str, ...]) -> dict[str, Any]:
        reply = self.player.answer(msg)
        assert reply is not None and reply["type"] in ((expect,) if isinstance(expect, str)
                                                       else expect)
        return reply

    def close(self, graceful: bool = True) -> None:
        """Nothing to stop."""


def main(argv: list[str]) -> int:
    """``python -m verifier.match.builtin NAME``: the player on standard
    input and output, a JSON line at a time."""
    if len(argv) != 1 or argv[0] not in PLAYERS:
        print(f"usage: python -m verifier.match.builtin {{{','.join(PLAYERS)}}}",
              file=sys.stderr)
        return 2
    player = PLAYERS[argv[0]]()
    for line in sys.stdin:
        reply = player.answer(json.loads(line))
        if reply is None:
            break
        print(json.dumps(reply), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
