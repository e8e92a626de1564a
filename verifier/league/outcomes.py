"""The games of a league, read once: each counted game's facts, or why it
is left out.

Boundary: the work on one piece (``LeagueWork``: each game replayed once
by ``data.facts.played``, its findings ``ftn check``'s under its input's
settings and ``noqa``) and the in-order sink (``LeagueSink``) that keeps,
for each game without errors, a ``Result`` (its league tags, each side's
players, team and final total, the winner), and for each game with
errors a ``LeftOut`` with its first error. What the results say is the
reference replay's; nothing is computed again. Memory holds a few facts a
game, not the games.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from notation.model import Game
from verifier.data.facts import Played, played, players
from verifier.diagnostics import ERROR, Diagnostic
from verifier.files.pieces import Piece
from verifier.files.streams import InputError
from verifier.pipeline.driver import End, Start, Text, drive
from verifier.pipeline.plan import Plan
from verifier.pipeline.settings import Settings
from verifier.rules.start import seat_teams

#: The league tags a result keeps (notation/SPEC.md 3).
LEAGUE_TAGS = ("competition", "season", "date", "match")


@dataclass(frozen=True, slots=True)
class Side:
    """One side of a game: its players (in seat order), the team its first
    seat's ``[team]`` tag names (None: none), its final total."""

    players: tuple[str, ...]
    team: str | None
    total: int


@dataclass(frozen=True, slots=True)
class Result:
    """One counted game: where it is (``source``, its number there, its
    line), its league tags and the value of the ``--per`` tag (None: the
    game has none, or none was asked), its sides, and the winning side's
    index (None: the record stops before anyone won, FT401)."""

    source: str
    number: int
    line: int
    tags: Mapping[str, str]
    per: str | None
    sides: tuple[Side, ...]
    winner: int | None

    @property
    def date(self) -> str:
        return self.tags.get("date", "")


@dataclass(frozen=True, slots=True)
class LeftOut:
    """A game left out of the tables: where it is and its first error."""

    source: str
    number: int
    finding: Diagnostic

    def text(self) -> str:
        d = self.finding
        return (f"{d.source}:{d.line}:{d.col}: game {self.number}: {d.code} {d.name}: "
                f"{d.message}")


def _tag(game: Game, key: str | None) -> str | None:
    """The values of the first tag ``key`` of a game, joined by a space
    (one string for every game that has that value: ``sys.intern``)."""
    return next((sys.intern(" ".join(t.values)) for t in game.tags if t.key == key), None)


def result(p: Played, source: str, per: str | None) -> Result | None:
    """A game's facts, or None when nothing was played (a header that
    cannot be read: such a game has errors)."""
    setup = p.setup
    if setup is None:
        return None
    names = players(p.game, setup)
    teams = seat_teams(p.game, setup.names)
    side_of = setup.rules.side_of
    scores = p.report.scores
    sides = []
    for i, _ in enumerate(setup.side_names):
        seats = [s for s in range(len(names)) if side_of[s] == i]
        team = next((teams[s] for s in seats if teams[s] is not None), None)
        sides.append(Side(tuple(dict.fromkeys(sys.intern(names[s]) for s in seats)),
                          sys.intern(team) if team is not None else None,
                          scores[i] if i < len(scores) else 0))
    winner = p.report.winner
    tags = {k: v for k in LEAGUE_TAGS if (v := _tag(p.game, k)) is not None}
    return Result(source, p.number, p.game.line, tags, _tag(p.game, per) if per else None,
                  tuple(sides),
                  setup.side_names.index(winner) if winner in setup.side_names else None)


Outcome = Result | LeftOut


@dataclass(frozen=True)
class LeagueWork:
    """The work on one piece: each game's ``Result``, or ``LeftOut`` when
    ``ftn check`` finds an error in it (under the ``settings`` of its input,
    by label; none: the defaults)."""

    per: str | None = None
    settings: Mapping[str, Settings] = field(default_factory=dict)

    def __call__(self, piece: Piece) -> list[Outcome]:
        out: list[Outcome] = []
        for p in played(piece, settings=self.settings.get(piece.source)):
            found = p if isinstance(p, list) else p.findings
            first = next((d for d in found if d.severity == ERROR), None)
            r = None if isinstance(p, list) or first is not None else result(p, piece.source,
                                                                              self.per)
            if r is not None:
                out.append(r)
            elif first is not None:
                out.append(LeftOut(piece.source, first.game, first))
        return out


class LeagueSink:
    """Every piece's outcomes, in input order: the counted games
    (``results``), those left out (``left_out``), and the inputs unreadable
    partway (``failed``)."""

    def __init__(self) -> None:
        self.results: list[Result] = []
        self.left_out: list[LeftOut] = []
        self.failed: list[InputError] = []

    def start(self, s: Start) -> None:
        pass

    def add(self, piece: Piece, outcomes: list[Outcome]) -> None:
        for o in outcomes:
            if isinstance(o, Result):
                self.results.append(o)
            else:
                self.left_out.append(o)

    def end(self, e: End) -> None:
        if e.error is not None:
            self.failed.append(e.error)


def league_games(inputs: Iterable[str | Text], per: str | None = None, jobs: int = 1,
                 dask: str | None = None, plan: Plan | None = None) -> LeagueSink:
    """The games of every input, read once: counted, or left out with their
    first error, each judged by its settings in ``plan`` as ``ftn check``
    judges it (None: the defaults); ``per``: the tag whose value each
    result keeps."""
    sink = LeagueSink()
    drive(LeagueWork(per, plan.by_label if plan is not None else {}), sink, inputs, jobs, dask)
    return sink
