"""A live engine's answers written as its record: what ``ftn audit --engine``
classifies.

Boundary: turns the views an engine answered (``PROTOCOL.md``) into the
claims of an FTN record (``notation.model``): each event's end total,
points (the bonus apart where the engine gives one, ``over`` where it
discards the event) and totals; the round's end where the engine ends it
(a ``result`` line); the engine's own move where its legal moves depart
from the rules' (a knock where it would knock, a tile it offers that the
rules do not); the winner. The live audit then judges that record with the
record audit (``audit.defects.audit_game``), so that a live divergence gets the
classes, texts and JSON of the same game given as a record. It checks the
shape of a view (``Malformed``) but talks to no process (``protocol``
does) and judges nothing itself.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from notation.model import (
    NOBODY,
    EndTotalClaim,
    Game,
    Knock,
    Placement,
    PointsClaim,
    Round,
    RoundResult,
    TotalsClaim,
    Winner,
)
from verifier.rules.start import Setup
from verifier.rules.tiles import tile_key

ROUND_STATES = ("on", "domino", "blocked", "target")


class Malformed(Exception):
    """A view that is not in the protocol's shape."""


@dataclass(frozen=True, slots=True)
class View:
    """One view of an engine, checked: what the record is written from."""

    to_play: str | None
    legal: frozenset[tuple[tuple[int, int], str | None]]
    last: tuple[int, int, int, bool] | None  # end total, points, bonus, credited
    totals: tuple[int, ...]
    round: str
    winner: str | None


def _int(x: Any) -> int:
    if isinstance(x, bool) or not isinstance(x, int):
        raise Malformed(f"{x!r} is not a whole number")
    return x


def read_view(got: dict[str, Any], setup: Setup) -> View:
    """The view ``got`` checked against the protocol's shape (``Malformed``)."""
    try:
        last = got.get("last")
        claims = None
        if last is not None:
            credited = last["credited"]
            if not isinstance(credited, bool):
                raise Malformed("'credited' is not true or false")
            claims = (_int(last["endTotal"]), _int(last["points"]), _int(last.get("bonus", 0)),
                      credited)
        totals = tuple(_int(t) for t in got["totals"])
        if len(totals) != setup.rules.side_count:
            raise Malformed(f"{len(totals)} totals for {setup.rules.side_count} sides")
        legal = set()
        for m in got.get("legal") or []:
            (a, b), end = m
            if end not in (None, "L", "R"):
                raise Malformed(f"{end!r} is not an end")
            legal.add(((min(_int(a), _int(b)), max(a, b)), end))
        state = got.get("round")
        if state not in ROUND_STATES:
            raise Malformed(f"'round' is {state!r}")
        to_play, winner = got.get("toPlay"), got.get("winner")
        if to_play is not None and to_play not in setup.names:
            raise Malformed(f"'toPlay' is {to_play!r}, not a seat")
        if winner is not None and not isinstance(winner, str):
            raise Malformed(f"'winner' is {winner!r}")
    except (TypeError, KeyError, ValueError, AttributeError) as e:
        raise Malformed(f"malformed view ({type(e).__name__}: {e})") from None
    return View(to_play, frozenset(legal), claims, totals, state, winner)


def with_claims(ev: Placement | Knock, v: View) -> Placement | Knock:
    """The event as the engine would record it: its claims from the view after it."""
    totals = TotalsClaim(v.totals, 0)
    if isinstance(ev, Knock):
        return ev._replace(totals=totals)
    if v.last is None:
        return ev._replace(end_total=None, points=None, totals=totals)
    end_total, points, bonus, credited = v.last
    return ev._replace(end_total=EndTotalClaim(end_total, 0),
                       points=PointsClaim(points, bonus or None, not credited, 0),
                       totals=totals)


def engines_move(v: View, rules_legal: frozenset[tuple[tuple[int, int], str | None]],
                 placed: set[int], seat: str) -> Placement | Knock | None:
    """The move the engine's view shows it would make where the rules
    differ: a move it offers that the rules do not (a tile placed already
    first), else a knock where it offers none; None when its moves are the
    rules' or a subset the record cannot show."""
    extra = sorted(v.legal - rules_legal, key=lambda m: (tile_key(*m[0]) not in placed, m[0],
                                                          m[1] or ""))
    if extra:
        (a, b), end = extra[0]
        return Placement(seat, (a, b), end, None, None, None, 0, 0)
    if not v.legal and rules_legal:
        return Knock(seat, 0, 0)
    return None


def result_of(v: View, events: list[Placement | Knock]) -> RoundResult | None:
    """The ``result`` line of a round the engine says is over."""
    if v.round == "on":
        return None
    seat = None
    if v.round == "domino" and events and isinstance(events[-1], Placement):
        seat = events[-1].seat
    return RoundResult(v.round, seat, TotalsClaim(v.totals, 0))


def record(game: Game, rounds: list[Round], winner: str | None,
           totals: tuple[int, ...], ended: bool = False) -> Game:
    """The engine's record: the reference game's header with the rounds as
    the engine played them; its winner, or ``winner none`` (a part of a
    game) where the engine names none; no winner line where the game ended
    at a round's end (``ended``: V4, where no view names the winner)."""
    if winner is None and ended:
        return replace(game, rounds=tuple(rounds), winner=None)
    return replace(game, rounds=tuple(rounds),
                   winner=Winner(winner or NOBODY, TotalsClaim(totals, 0) if winner else None))
