"""The values a ``Board`` gives and takes: moves as text, the scored event
of a move, how a round and a game ended, the rounds played, and their FTN
record.

Boundary: plain typed values and the writing of a ``notation.model.Game``
from them; no rule (the engine decides every value here) and no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from notation.model import (
    Deal,
    EndTotalClaim,
    Game,
    Knock,
    Placement,
    PointsClaim,
    Round,
    RoundResult,
    Tag,
    Tile,
    TotalsClaim,
    Winner,
)
from verifier.rules.moves import KNOCK, Move

__all__ = ["GameResult", "PlayedRound", "RoundOutcome", "ScoredEvent", "line_of", "parse_move",
           "record_hands", "write_record"]

_MOVE_RE = re.compile(r"\s*(\d+)-(\d+)(?:\s+([LR]))?\s*\Z")


def parse_move(text: str) -> Move:
    """A move as FTN writes it: ``"6-3 L"``, ``"6-3"`` (the lead, or a tile
    that fits one end only) or ``"knock"``; ValueError otherwise."""
    if text.strip() == "knock":
        return KNOCK
    m = _MOVE_RE.match(text)
    if m is None:
        raise ValueError(f"not a move: {text!r}; write a tile and an end (6-3 L), a tile "
                         "alone (6-3) or knock")
    return Move((int(m[1]), int(m[2])), m[3])


@dataclass(frozen=True, slots=True)
class ScoredEvent:
    """What one move did, as ``Board.play`` returns it.

    ``round`` and ``event`` number it (events from 1 within their round);
    ``seat`` and ``side`` are names; ``move`` is the move with its end as
    the engine resolved it (None for the lead and a knock). For a placement:
    ``end_total`` is the count of the open ends after it (R5, R6.1),
    ``points`` its points (R6.2), ``bonus`` the domino bonus when it ends
    the round (R7.1, R7.2), ``discarded`` True when the whole event
    (points and bonus) was thrown away for passing the target (R8.2).
    ``totals`` are every side's totals after it; ``outcome`` is how the round
    ended at this move (``"domino"``, ``"blocked"`` or ``"target"``) or None."""

    round: int
    event: int
    seat: str
    side: str
    move: Move
    end_total: int | None
    points: int
    bonus: int
    discarded: bool
    totals: tuple[int, ...]
    outcome: str | None

    @property
    def is_knock(self) -> bool:
        """Whether the move was a knock (R4.4)."""
        return self.move.tile is None

    @property
    def amount(self) -> int:
        """The whole event: the placement's points and the bonus (R8.1)."""
        return self.points + self.bonus

    @property
    def credited(self) -> bool:
        """Whether the move was a placement whose event was accepted (not
        discarded as an overshoot, R8.2), whatever its points."""
        return not self.is_knock and not self.discarded


class RoundOutcome(NamedTuple):
    """How a round ended: ``outcome`` (``"domino"``, ``"blocked"`` or
    ``"target"``), the seat that dominoed (else None), the totals then."""

    outcome: str
    seat: str | None
    totals: tuple[int, ...]


class GameResult(NamedTuple):
    """How a game ended: the winning side and every side's final total."""

    winner: str
    totals: tuple[int, ...]


@dataclass(slots=True)
class PlayedRound:
    """One round of a board: its number, its opener's seat (a number), the
    hands dealt (seat order; from a position, the tiles known then) and the
    moves played in it so far."""

    number: int
    opener: int
    hands: tuple[tuple[Tile, ...], ...]
    events: list[ScoredEvent] = field(default_factory=list)
    #: The line already laid when the board was set up from a position.
    line: tuple[Tile, ...] = ()

    def outcome(self) -> RoundOutcome | None:
        """How the round ended, or None while it goes on."""
        last = self.events[-1] if self.events else None
        if last is None or last.outcome is None:
            return None
        return RoundOutcome(last.outcome, last.seat if last.outcome == "domino" else None,
                            last.totals)


def write_record(tags: Sequence[Tag], seats: Sequence[str], rounds: Sequence[PlayedRound],
                 result: GameResult | None) -> Game:
    """The FTN record of rounds played, every claim written (``Board.game_record``)."""
    out = []
    for rnd in rounds:
        events: list[Placement | Knock] = []
        for ev in rnd.events:
            if ev.move.tile is None:
                events.append(Knock(ev.seat, 0, 0))
                continue
            events.append(Placement(
                ev.seat, ev.move.tile, ev.move.end, EndTotalClaim(ev.end_total or 0, 0),
                PointsClaim(ev.points, ev.bonus or None, ev.discarded, 0),
                TotalsClaim(ev.totals, 0), 0, 0))
        end = rnd.outcome()
        res = None if end is None else RoundResult(end.outcome, end.seat,
                                                   TotalsClaim(end.totals, 0))
        deals = tuple(Deal(n, h) for n, h in zip(seats, rnd.hands, strict=True))
        out.append(Round(rnd.number, seats[rnd.opener], deals, tuple(events), res))
    winner = None if result is None else Winner(result.winner, TotalsClaim(result.totals, 0))
    return Game(tuple(tags), tuple(out), winner)




def line_of(events: Sequence[ScoredEvent], start: Sequence[Tile] = ()) -> tuple[Tile, ...]:
    """The line a round's moves laid (on ``start``, the line already laid),
    from the left end to the right, each tile written as it lies (its left
    half first)."""
    out: list[Tile] = list(start)
    for ev in events:
        tile = ev.move.tile
        if tile is None:
            continue
        a, b = tile
        if not out:
            out.append((a, b))
        elif ev.move.end == "L":
            out.insert(0, (b, a) if a == out[0][0] else (a, b))
        else:
            out.append((a, b) if a == out[-1][1] else (b, a))
    return tuple(out)


def record_hands(rnd: Round, seats: Sequence[str]) -> list[tuple[Tile, ...]]:
    """Every seat's hand as a record's round deals it (seat order);
    ValueError when one is not known (left out, or with '?' tiles)."""
    hands = []
    for name in seats:
        deal = next((d for d in rnd.deals if d.seat == name), None)
        if deal is None or None in deal.tiles:
            raise ValueError(f"round {rnd.number}: the hand of {name} is not known")
        hands.append(tuple(t for t in deal.tiles if t is not None))
    return hands
