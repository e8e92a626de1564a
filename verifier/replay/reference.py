"""The reference trace as typed values: what ``api.replay`` returns.

Boundary: frozen, slotted dataclasses for one game of the 'replay' schema
(``schemas/replay.schema.json``) and its rounds and events; ``Trace``, the
observer that makes them as the one replay of a game steps (from the values
the engine made: ``Placed``, ``Scored``, the totals), and the traced replay
(``trace_game``: the check's replay with its trace; ``replayed_game``: the
game's typed trace whole). ``to_dict`` gives the JSON-ready document (the
keys in the schema's order, so that ``json.dumps`` of it is the text ``ftn
replay --format json`` writes); the table of ``ftn replay``, the pages, the
data tables and the hovers read the values. No rule and no I/O; a check,
which asks for no trace, does not load it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from notation.model import Game, Knock, Placement, Round
from verifier.diagnostics import Diagnostic
from verifier.replay.game import check_game
from verifier.replay.inputs import Locate
from verifier.replay.judge import outcome_text
from verifier.replay.observers import Observer
from verifier.replay.results import GameReport
from verifier.rules.game import Stepper
from verifier.rules.scoring import Placed, Scored
from verifier.rules.start import Setup, judged_setup

__all__ = ["OpenEnd", "ReplayedEvent", "ReplayedGame", "ReplayedOutcome", "ReplayedRound",
           "Trace", "replayed_game", "trace_game"]


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


# --------------------------------------------------------------------------
# The trace made as the replay steps, and the traced replay.


class Trace(Observer):
    """The reference trace: every round the replay plays, as typed values
    (``replay.reference``: the events the engine made, placed and scored,
    and how the round ended), in order."""

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.rounds: list[ReplayedRound] = []
        self.playing: tuple[int, str] | None = None  # the round in play: its index, its opener
        self.events: list[ReplayedEvent] = []

    def traced(self) -> tuple[ReplayedRound, ...]:
        """The rounds traced."""
        return tuple(self.rounds)

    def round_started(self, index: int, rnd: Round, step: Stepper) -> None:
        self.playing, self.events = (index, rnd.opener), []

    def knocked(self, n: int, ev: Knock, seat: int, step: Stepper) -> None:
        s = self.setup
        self.events.append(ReplayedEvent(n, "knock", s.names[seat], s.side_of_seat(seat),
                                         tuple(step.game.scores)))

    def placed(self, n: int, ev: Placement, placed: Placed, scored: Scored,
               step: Stepper) -> None:
        s = self.setup
        self.events.append(ReplayedEvent(
            n, "place", s.names[placed.seat], s.side_names[scored.side],
            tuple(step.game.scores), placed.tile, placed.end,
            (OpenEnd(placed.left, placed.left_double), OpenEnd(placed.right, placed.right_double)),
            placed.end_total, placed.points, placed.bonus, scored.amount, scored.credited,
        ))

    def round_ended(self, index: int, rnd: Round, step: Stepper | None,
                    completed: bool) -> None:
        if self.playing is None:  # stopped before it started
            return
        result = None
        if completed and step is not None and step.over:
            outcome = outcome_text(step, self.setup.names).split()
            result = ReplayedOutcome(outcome[0], outcome[1] if len(outcome) > 1 else None,
                                     tuple(step.game.scores))
        (number, opener), self.playing = self.playing, None
        self.rounds.append(ReplayedRound(number, opener, tuple(self.events), result))


def trace_game(game: Game, number: int = 1, source: str = "<input>",
               locate: Locate | None = None, lost: Sequence[int] = (),
               observers: Sequence[Observer] = ()
               ) -> tuple[GameReport, tuple[ReplayedRound, ...]]:
    """Replay one game as a check replays it (each round after an illegal
    move from the totals its record implies; a header whose problems are
    tag names misspelt, with the names meant), with its reference trace:
    the report and the rounds as traced (none when the header cannot be
    read)."""
    setup = judged_setup(game)
    if setup is None:
        return check_game(game, number, source, locate, observers, lost), ()
    trace = Trace(setup)
    rep = check_game(game, number, source, locate, [trace, *observers], lost)
    return rep, trace.traced()


def replayed_game(game: Game, number: int = 1, source: str = "<input>",
                  locate: Locate | None = None) -> ReplayedGame:
    """The reference replay of one record as typed values (``trace_game``'s
    report and trace): what ``ftn replay`` writes, as a table or as JSON."""
    rep, rounds = trace_game(game, number, source, locate)
    return ReplayedGame(source, number, rep.seats, rep.sides, rep.target, rounds, rep.winner,
                        rep.scores, rep.complete, rep.stopped)
