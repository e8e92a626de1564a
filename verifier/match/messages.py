"""The play protocol's messages (``verifier/PROTOCOL.md``, "The play
protocol"): what the referee tells an engine, and the engine's answers read.

Boundary: builds the referee's messages from public facts only (a seat's
own hand, the moves made, the totals, the rounds' ends: nothing of another
seat's hand) and reads an engine's move and optional claim, checking their
shape (``BadAnswer``). Plays nothing and judges nothing: the referee does.
No I/O.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from verifier.rules.moves import KNOCK, Move
from verifier.rules.plays import ScoredEvent

#: The play protocol's version, sent in ``new-game``.
PLAY_PROTOCOL = 1

Tile = tuple[int, int]


class BadAnswer(Exception):
    """An answer that is not in the protocol's shape (garbage)."""


def new_game(number: int, seat: str, seats: Sequence[str], first: str,
             rules: dict[str, str]) -> dict[str, Any]:
    """A game starts; the engine plays ``seat``."""
    return {"type": "new-game", "protocol": PLAY_PROTOCOL, "mode": "play", "game": number,
            "seat": seat, "seats": list(seats), "first": first, "rules": rules}


def new_round(number: int, opener: str, totals: Sequence[int],
              hand: Sequence[Tile]) -> dict[str, Any]:
    """A round starts: the engine's own hand, nobody else's (R2.3)."""
    return {"type": "new-round", "round": number, "opener": opener, "totals": list(totals),
            "hand": [list(t) for t in hand]}


def go(seat: str) -> dict[str, Any]:
    """The engine's turn: its move is due."""
    return {"type": "go", "seat": seat}


def event(ev: ScoredEvent, tile: Tile | None) -> dict[str, Any]:
    """A move made at the table, as every seat sees it: ``tile`` its joining
    half first (the lead as it lies), None for a knock."""
    if tile is None:
        return {"type": "event", "seat": ev.seat, "knock": True}
    return {"type": "event", "seat": ev.seat, "tile": list(tile), "end": ev.move.end}


def round_end(number: int, outcome: str, seat: str | None,
              totals: Sequence[int]) -> dict[str, Any]:
    """A round is over: how (``domino`` by ``seat``, ``blocked``, ``target``)
    and the totals."""
    return {"type": "round-end", "round": number, "result": outcome, "seat": seat,
            "totals": list(totals)}


def game_end(winner: str | None, totals: Sequence[int]) -> dict[str, Any]:
    """The game is over: the winning side (None: abandoned) and the totals."""
    return {"type": "game-end", "winner": winner, "totals": list(totals)}


def _whole(x: Any, what: str) -> int:
    if isinstance(x, bool) or not isinstance(x, int):
        raise BadAnswer(f"{what} is {x!r}, not a whole number")
    return x


def read_move(reply: dict[str, Any]) -> Move:
    """A ``move`` answer as a ``Move``: a knock, or a tile and its end
    (``None`` for the lead). Whether it is legal is the rules' to say."""
    if reply.get("knock") is True:
        return KNOCK
    tile = reply.get("tile")
    if not isinstance(tile, list) or len(tile) != 2:
        raise BadAnswer(f"'tile' is {tile!r}, not [a, b] (or give \"knock\": true)")
    a, b = _whole(tile[0], "a half"), _whole(tile[1], "a half")
    end = reply.get("end")
    if end not in (None, "L", "R"):
        raise BadAnswer(f"'end' is {end!r}, not \"L\", \"R\" or null")
    return Move((a, b), end)


Claim = tuple[tuple[int, int, int, bool] | None, tuple[int, ...]]


def read_claim(reply: dict[str, Any], sides: int) -> Claim | None:
    """The claim an ``ok`` answer to an event may carry: the placement's end
    total, points, bonus and whether it was credited (None after a knock),
    and every side's total; None when it claims nothing."""
    claim = reply.get("claim")
    if claim is None:
        return None
    if not isinstance(claim, dict):
        raise BadAnswer(f"'claim' is {claim!r}, not an object")
    totals = claim.get("totals")
    if not isinstance(totals, list) or len(totals) != sides:
        raise BadAnswer(f"'totals' is {totals!r}, not {sides} whole numbers")
    got = tuple(_whole(t, "a total") for t in totals)
    if claim.get("endTotal") is None:
        return None, got
    credited = claim.get("credited", True)
    if not isinstance(credited, bool):
        raise BadAnswer(f"'credited' is {credited!r}, not true or false")
    return (_whole(claim["endTotal"], "'endTotal'"), _whole(claim.get("points"), "'points'"),
            _whole(claim.get("bonus", 0), "'bonus'"), credited), got
