"""``ftn stats``: counts over many games, a job of the pipeline.

Boundary: the work on one piece (``StatsWork``: each game replayed once,
``facts.played``, and counted into a ``Stats`` per group) and the in-order
sink that merges them (``StatsSink``); what is counted comes from the
reference replay's trace and the check's findings, never computed again
here. Memory holds the counts (a row per side, seat and player name), not
the games. It renders nothing (``report`` does).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from notation.hints import aside
from verifier.data.facts import (
    BY_KEYS,
    Played,
    group_values,
    options,
    played,
    players,
    rules_text,
)
from verifier.diagnostics import ERROR, Diagnostic
from verifier.files.pieces import Piece
from verifier.files.streams import InputError
from verifier.pipeline.driver import End, Start, Text, drive
from verifier.pipeline.jobs.check import no_games
from verifier.pipeline.plan import Plan
from verifier.pipeline.settings import Settings


@dataclass
class Row:
    """One side, seat or player name, over the games it played: games
    played and won, points credited, rounds played, rounds it went out
    (domino), and placements whose points were discarded as overshoots
    (R8.2)."""

    games: int = 0
    won: int = 0
    points: int = 0
    rounds: int = 0
    dominoes: int = 0
    overshoots: int = 0

    @property
    def per_round(self) -> float:
        return round(self.points / self.rounds, 2) if self.rounds else 0.0

    def merge(self, o: Row) -> None:
        for f in fields(self):
            setattr(self, f.name, getattr(self, f.name) + getattr(o, f.name))

    def to_dict(self) -> dict[str, Any]:
        return {"games": self.games, "won": self.won, "points": self.points,
                "rounds": self.rounds, "pointsPerRound": self.per_round,
                "dominoes": self.dominoes, "overshoots": self.overshoots}


def _rows() -> dict[str, Row]:
    return {}


@dataclass
class Stats:
    """The counts of some games (mergeable): games (read; ``unreadable``:
    not read; ``complete``: a side reached the target), rounds and events
    replayed, round results by outcome, findings by code (``names``: each
    code's name; ``events`` the records' own, every event line, and
    ``replayed`` those the replay played), a ``Row`` per side, seat and player name, the
    distributions of end totals and placement points (R5, R6), and the
    games seen with each rule option value and each set of rules."""

    games: int = 0
    unreadable: int = 0
    complete: int = 0
    rounds: int = 0
    events: int = 0
    replayed: int = 0
    placements: int = 0
    knocks: int = 0
    results: Counter[str] = field(default_factory=Counter)
    findings: Counter[str] = field(default_factory=Counter)
    names: dict[str, str] = field(default_factory=dict)
    errors: int = 0
    sides: dict[str, Row] = field(default_factory=_rows)
    seats: dict[str, Row] = field(default_factory=_rows)
    players: dict[str, Row] = field(default_factory=_rows)
    end_totals: Counter[int] = field(default_factory=Counter)
    points: Counter[int] = field(default_factory=Counter)
    options: Counter[str] = field(default_factory=Counter)
    rules: Counter[str] = field(default_factory=Counter)
    tags: Counter[str] = field(default_factory=Counter)

    def found(self, ds: Iterable[Diagnostic]) -> None:
        for d in ds:
            self.findings[d.code] += 1
            self.names[d.code] = d.name
            self.errors += d.severity == ERROR

    def add(self, p: Played) -> None:
        """One game replayed."""
        self.games += 1
        rep, setup = p.report, p.setup
        self.events += rep.events
        self.complete += rep.complete
        self.found(p.findings)
        self.tags.update({t.key for t in p.game.tags})
        if setup is None:  # a header that cannot be read: nothing was played
            return
        for k, v in options(setup.rules).items():
            self.options[f"{k}={v}"] += 1
        self.rules[rules_text(setup.rules)] += 1
        names, sides, side_of = setup.names, setup.side_names, setup.rules.side_of
        trace = p.trace
        rows = {s: (self.seats.setdefault(n, Row()), self.players.setdefault(pl, Row()))
                for s, (n, pl) in enumerate(zip(names, players(p.game, setup), strict=True))}
        side_rows = {n: self.sides.setdefault(n, Row()) for n in sides}
        seat_no = {n: s for s, n in enumerate(names)}
        every = [*{id(r): r for pair in rows.values() for r in pair}.values(),
                 *side_rows.values()]
        winners = {id(r) for s, pair in rows.items() if rep.winner == sides[side_of[s]]
                   for r in pair}
        winners.update(id(r) for n, r in side_rows.items() if rep.winner == n)
        for row in every:  # a player at two seats plays the game once
            row.games += 1
            row.rounds += len(trace)
            row.won += id(row) in winners
        self.rounds += len(trace)
        for rnd in trace:
            res = rnd.result
            if res is not None:
                self.results[res.outcome] += 1
                if res.outcome == "domino" and res.seat in seat_no:
                    s = seat_no[res.seat]
                    for row in (*rows[s], side_rows[sides[side_of[s]]]):
                        row.dominoes += 1
            for ev in rnd.events:
                self.replayed += 1
                if ev.end_total is None or ev.placement_points is None:  # a knock
                    self.knocks += 1
                    continue
                self.placements += 1
                self.end_totals[ev.end_total] += 1
                self.points[ev.placement_points] += 1
                s = seat_no[ev.seat]
                for row in (*rows[s], side_rows[ev.side]):
                    if ev.credited:
                        row.points += ev.event_points or 0
                    else:
                        row.overshoots += 1

    def merge(self, o: Stats) -> None:
        for f in fields(self):
            mine, theirs = getattr(self, f.name), getattr(o, f.name)
            if isinstance(mine, int):
                setattr(self, f.name, mine + theirs)
            elif isinstance(mine, Counter) or f.name == "names":
                mine.update(theirs)
            else:
                for k, row in theirs.items():
                    mine.setdefault(k, Row()).merge(row)


#: The group of the games when there is no ``--by``, and of what belongs
#: to no game (a game that cannot be read, an input with none).
ALL, NONE = "", "(none)"


@dataclass(frozen=True)
class StatsWork:
    """The work on one piece: its counts, per group of ``--by`` (``by``
    None: one group, ``ALL``), its games judged by the ``settings`` of its
    input (by label; none: the defaults), as ``ftn check`` judges them."""

    by: str | None = None
    settings: Mapping[str, Settings] = field(default_factory=dict)

    def __call__(self, piece: Piece) -> dict[str, Stats]:
        out: dict[str, Stats] = {}
        for p in played(piece, damaged=True, settings=self.settings.get(piece.source)):
            if isinstance(p, list):
                s = out.setdefault(ALL if self.by is None else NONE, Stats())
                s.unreadable += 1
                s.found(p)
                continue
            for g in [ALL] if self.by is None else group_values(p, self.by):
                out.setdefault(g, Stats()).add(p)
        return out


class StatsSink:
    """The counts of every piece merged, by group (``groups``), in input
    order; the no-games warning (FT402) for an input with no game and no
    finding, as ``ftn check`` gives it; ``failed``: the inputs unreadable
    partway."""

    def __init__(self, by: str | None = None,
                 keep: Callable[[Diagnostic], bool] | None = None) -> None:
        self.by, self.keep = by, keep
        self.groups: dict[str, Stats] = {}
        self.failed: list[InputError] = []
        self._seen = 0  # games and findings in the input being read

    def start(self, s: Start) -> None:
        self._seen = 0

    def add(self, piece: Piece, result: dict[str, Stats]) -> None:
        for g, st in result.items():
            self.groups.setdefault(g, Stats()).merge(st)
            self._seen += st.games + st.unreadable + sum(st.findings.values())

    def end(self, e: End) -> None:
        found = no_games(e.label)
        if e.started and not self._seen and (self.keep is None or self.keep(found)):
            g = ALL if self.by is None else NONE
            self.groups.setdefault(g, Stats()).found([found])
        if e.error is not None:
            self.failed.append(e.error)

    def unknown_by(self) -> str | None:
        """The warning for a ``--by`` key that is no tag of any game read
        (nor player, seat, side, rules, players), with the close match; None
        when some game has it (or none was read)."""
        total = self.total()
        if self.by is None or self.by in BY_KEYS or total.tags[self.by] or not total.games:
            return None
        hint = aside(self.by, [*BY_KEYS, *total.tags], n=1)
        return (f"--by {self.by}: no game has the tag {self.by!r}{hint}; every game is "
                f"counted under '{self.by} {NONE}'")

    def total(self) -> Stats:
        """Every group together (with ``--by``, a game of two groups counts twice)."""
        out = Stats()
        for st in self.groups.values():
            out.merge(st)
        return out


def stats_all(inputs: Iterable[str | Text], by: str | None = None, jobs: int = 1,
              dask: str | None = None, plan: Plan | None = None) -> StatsSink:
    """``ftn stats``: the counts of every input, by group, each judged by
    its settings in ``plan`` as ``ftn check`` judges it (None: the
    defaults)."""
    sink = StatsSink(by, plan.filter() if plan is not None else None)
    drive(StatsWork(by, plan.by_label if plan is not None else {}), sink, inputs, jobs, dask)
    return sink
