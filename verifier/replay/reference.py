"""The reference trace as typed values: what ``api.replay`` returns.

Boundary: frozen, slotted dataclasses for one game of the 'replay' schema
(``schemas/replay.schema.json``) and its rounds and events, made as the
replay steps (``replay.observers.Trace``: the values the engine made) and
turned into the JSON-ready document (``to_dict``: the keys in the schema's
order, so that ``json.dumps`` of it is the text ``ftn replay --format
json`` writes). The table of ``ftn replay``, the pages and the data tables
read these values. No rule and no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from verifier.diagnostics import Diagnostic

__all__ = ["OpenEnd", "ReplayedEvent", "ReplayedGame", "ReplayedOutcome", "ReplayedRound"]


@dataclass(frozen=True, slots=True)
class OpenEnd:
    """An open end of the line: its number, and whether a double lies there
    (it then counts both halves, R5.2)."""

    value: int
    double: bool


@dataclass(frozen=True, slots=True)
class ReplayedEvent:
    """One event as the rules make it: ``type`` ``"place"`` or ``"knock"``,
    the seat and its side, and the totals after it; for a placement, the
    tile and its end (None for the lead), the open ends after it, the end
    total (R6.1), the placement's points (R6.2), the bonus (R7.1, R7.2), the
    whole event's points (R8.1) and whether they were credited (False: the
    event was discarded as an overshoot, R8.2)."""

    event: int
    type: str
    seat: str
    side: str
    totals: tuple[int, ...]
    tile: tuple[int, int] | None = None
    end: str | None = None
    ends: tuple[OpenEnd, OpenEnd] | None = None
    end_total: int | None = None
    placement_points: int | None = None
    bonus: int | None = None
    event_points: int | None = None
    credited: bool | None = None

    def to_dict(self) -> dict[str, Any]:
        """The event as the replay document writes it."""
        if self.type == "knock":
            return {"event": self.event, "type": "knock", "seat": self.seat,
                    "side": self.side, "totals": list(self.totals)}
        assert self.tile is not None and self.ends is not None
        return {
            "event": self.event, "type": self.type, "seat": self.seat, "side": self.side,
            "tile": list(self.tile), "end": self.end,
            "ends": [{"value": e.value, "double": e.double} for e in self.ends],
            "endTotal": self.end_total, "placementPoints": self.placement_points,
            "bonus": self.bonus, "eventPoints": self.event_points, "credited": self.credited,
            "totals": list(self.totals),
        }


@dataclass(frozen=True, slots=True)
class ReplayedOutcome:
    """How a round ended: ``"domino"`` (with the seat), ``"blocked"`` or
    ``"target"``, and the totals then."""

    outcome: str
    seat: str | None
    totals: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        """The result as the replay document writes it."""
        return {"outcome": self.outcome, "seat": self.seat, "totals": list(self.totals)}


@dataclass(frozen=True, slots=True)
class ReplayedRound:
    """One round: its number, its opener, its events, and how it ended (None
    when the record stops before its end, or at an illegal move)."""

    round: int
    opener: str
    events: tuple[ReplayedEvent, ...]
    result: ReplayedOutcome | None

    def to_dict(self) -> dict[str, Any]:
        """The round as the replay document writes it."""
        return {"round": self.round, "opener": self.opener,
                "events": [e.to_dict() for e in self.events],
                "result": None if self.result is None else self.result.to_dict()}


@dataclass(frozen=True, slots=True)
class ReplayedGame:
    """The reference replay of one record: where it is (``file``, ``game``),
    its seats and sides, the target, every round replayed, the winner (None
    when no side reached the target), the final totals, whether the game is
    complete, and the finding that stopped the replay (an illegal move), if
    any."""

    file: str
    game: int
    seats: tuple[str, ...]
    sides: tuple[str, ...]
    target: int
    rounds: tuple[ReplayedRound, ...]
    winner: str | None
    totals: tuple[int, ...]
    complete: bool
    stopped: Diagnostic | None

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready document of one game of the 'replay' schema, as
        ``ftn replay --format json`` writes it."""
        return {
            "file": self.file, "game": self.game, "seats": list(self.seats),
            "sides": list(self.sides), "target": self.target,
            "rounds": [r.to_dict() for r in self.rounds], "winner": self.winner,
            "totals": list(self.totals), "complete": self.complete,
            "stopped": None if self.stopped is None else self.stopped.to_dict(),
        }

    @property
    def events(self) -> tuple[ReplayedEvent, ...]:
        """Every event of every round, in order."""
        return tuple(e for r in self.rounds for e in r.events)
