"""League tables from counted games: by player, by pair, by team.

Boundary: computes from ``outcomes.Result`` s alone (what the replay found:
each side's players, team and final total, the winner): for players and
pairs (the partners of a side of two) the games played, won and lost and
the points for and against; for teams the matches (the games of one
``[match]``, within its competition and season) played, won, drawn and
lost, the games and points for and against, and the match points under a
``Scheme`` (the settings' ``league`` table); head to head between each
two that met; apart for each value of a ``--per`` tag. Renders nothing
(``report`` and ``page`` do).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from verifier.league.outcomes import Result
from verifier.pipeline.settings import LEAGUE

#: What a table is of (``--by``).
KINDS = ("player", "pair", "team")
#: The group of every game when there is no ``--per``, and of a game
#: without the ``--per`` tag.
ALL, NONE = "", "(none)"


@dataclass(frozen=True)
class Scheme:
    """Match points: for a win, a draw, a loss by one game and a bigger
    loss; ``games``: the games a match has (a match with fewer counted is
    noted)."""

    win: int = LEAGUE["win"]
    draw: int = LEAGUE["draw"]
    loss_by_one: int = LEAGUE["loss-by-one"]
    loss: int = LEAGUE["loss"]
    games: int = LEAGUE["games"]

    @classmethod
    def of(cls, values: Mapping[str, int]) -> Scheme:
        """A scheme from the settings' ``league`` table (its keys)."""
        v = {**LEAGUE, **values}
        return cls(v["win"], v["draw"], v["loss-by-one"], v["loss"], v["games"])

    def points(self, won: int, lost: int) -> int:
        """The match points of a team that won ``won`` games of a match and
        lost ``lost``."""
        if won > lost:
            return self.win
        if won == lost:
            return self.draw
        return self.loss_by_one if lost - won == 1 else self.loss


@dataclass
class Row:
    """One player, pair or team: played, won, drawn, lost (games; for a
    team, matches), points for and against (a side's final total; against:
    the other sides' together), and for a team the games for and against
    and its match points."""

    name: str
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    points_for: int = 0
    points_against: int = 0
    games_for: int = 0
    games_against: int = 0
    match_points: int = 0

    def sort_key(self, kind: str) -> tuple[int, int, int, str]:
        if kind == "team":
            return (-self.match_points, self.games_against - self.games_for, -self.games_for,
                    self.name)
        return (-self.won, self.lost, self.points_against - self.points_for, self.name)


@dataclass
class Meeting:
    """Head to head: what ``name`` did against ``other`` (games; for teams,
    matches and their games); each two once, ``name`` the first in
    alphabetical order."""

    name: str
    other: str
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    games_for: int = 0
    games_against: int = 0


@dataclass
class Match:
    """One match: its key (competition, season, match tags), its teams in
    order of first appearance, the games each won, and the games counted
    (a game without a winner counts for neither), of which ``teamless``
    have a side of no team."""

    key: tuple[str, str, str]
    date: str
    teams: list[str] = field(default_factory=list)
    won: dict[str, int] = field(default_factory=dict)
    points: dict[str, int] = field(default_factory=dict)
    games: int = 0
    #: The games of it with a side of no team (its [team] tags missing, or
    #: naming no seat, FT404): that side's games and points count for none.
    teamless: int = 0


@dataclass
class Table:
    """The table of one group: its rows in order, head to head, and notes
    (matches with other than two teams, or other than the scheme's games)."""

    group: str
    kind: str
    rows: list[Row]
    meetings: list[Meeting]
    notes: list[str]
    matches: list[Match] = field(default_factory=list)


def _entities(r: Result, kind: str) -> list[str | None]:
    """What each side of a game is under ``kind`` (None: nothing: a side of
    one player for pairs, a side without a team for teams)."""
    if kind == "pair":
        return [" & ".join(sorted(s.players)) if len(s.players) == 2 else None for s in r.sides]
    if kind == "team":
        return [s.team for s in r.sides]
    return [None] * len(r.sides)


def _game_rows(results: Iterable[Result], kind: str,
               rows: dict[str, Row], meet: dict[tuple[str, str], Meeting]) -> None:
    """Players' or pairs' games: played, won, lost, points for and against,
    and each pair of opponents' meetings."""
    for r in results:
        whole = sum(s.total for s in r.sides)
        names = ([list(s.players) for s in r.sides] if kind == "player"
                 else [[e] if e is not None else [] for e in _entities(r, kind)])
        for i, side in enumerate(r.sides):
            for name in names[i]:
                row = rows.setdefault(name, Row(name))
                row.played += 1
                row.won += r.winner == i
                row.lost += r.winner is not None and r.winner != i
                row.points_for += side.total
                row.points_against += whole - side.total
                for j, others in enumerate(names):
                    for other in others if j != i else []:
                        m = meet.setdefault((name, other), Meeting(name, other))
                        m.played += 1
                        m.won += r.winner == i
                        m.lost += r.winner == j


def matches(results: Iterable[Result]) -> list[Match]:
    """The matches of the games that name one (``[match]``), in order of
    their first game; a game's side without a team counts for none."""
    found: dict[tuple[str, str, str], Match] = {}
    for r in results:
        tag = r.tags.get("match")
        if tag is None:
            continue
        key = (r.tags.get("competition", ""), r.tags.get("season", ""), tag)
        m = found.setdefault(key, Match(key, r.date))
        m.games += 1
        m.teamless += any(side.team is None for side in r.sides)
        for i, side in enumerate(r.sides):
            if side.team is None:
                continue
            if side.team not in m.teams:
                m.teams.append(side.team)
                m.won[side.team] = m.points[side.team] = 0
            m.won[side.team] += r.winner == i
            m.points[side.team] += side.total
    return list(found.values())


def _team_rows(found: list[Match], scheme: Scheme, rows: dict[str, Row],
               meet: dict[tuple[str, str], Meeting], notes: list[str]) -> None:
    """Teams' matches: played, won, drawn, lost, games and points for and
    against, match points; meetings; a note for a match that is not
    between two teams, or holds other than the scheme's games."""
    for m in found:
        if len(m.teams) != 2:
            notes.append(f"match {m.key[2]!r}: {len(m.teams)} teams named "
                         f"({', '.join(m.teams) or 'no [team] tags'}): not in the table")
            continue
        if m.games != scheme.games:
            notes.append(f"match {m.key[2]!r}: {m.games} games counted, not {scheme.games}")
        if m.teamless:
            notes.append(f"match {m.key[2]!r}: {m.teamless} game{'s' * (m.teamless != 1)} "
                         "with a side of no team ([team] tags missing or naming no seat): "
                         "its games and points count for no team")
        for a, b in (m.teams, m.teams[::-1]):
            row = rows.setdefault(a, Row(a))
            mine, theirs = m.won[a], m.won[b]
            row.played += 1
            row.won += mine > theirs
            row.drawn += mine == theirs
            row.lost += mine < theirs
            row.games_for += mine
            row.games_against += theirs
            row.points_for += m.points[a]
            row.points_against += m.points[b]
            row.match_points += scheme.points(mine, theirs)
            h = meet.setdefault((a, b), Meeting(a, b))
            h.played += 1
            h.won += mine > theirs
            h.drawn += mine == theirs
            h.lost += mine < theirs
            h.games_for += mine
            h.games_against += theirs


def table(results: list[Result], kind: str, scheme: Scheme, group: str = ALL) -> Table:
    """The table of some games under ``kind`` (``KINDS``)."""
    rows: dict[str, Row] = {}
    meet: dict[tuple[str, str], Meeting] = {}
    notes: list[str] = []
    found: list[Match] = []
    if kind == "team":
        found = matches(results)
        _team_rows(found, scheme, rows, meet, notes)
        if results and not found:
            notes.append("no game names its match ([match] tag): a team's table counts "
                         "matches; --by player counts games")
    else:
        _game_rows(results, kind, rows, meet)
    ordered = sorted(rows.values(), key=lambda r: r.sort_key(kind))
    meetings = sorted((m for m in meet.values() if m.name < m.other),
                      key=lambda m: (m.name, m.other))  # each two once
    return Table(group, kind, ordered, meetings, notes, found)


def tables(results: list[Result], kind: str, scheme: Scheme, per: str | None = None
           ) -> list[Table]:
    """One table, or with ``per`` one for each value of that tag (in
    order; the games without it last, as ``(none)``)."""
    if per is None:
        return [table(results, kind, scheme)]
    groups: dict[str, list[Result]] = {}
    for r in results:
        groups.setdefault(r.per if r.per is not None else NONE, []).append(r)
    keys = sorted(k for k in groups if k != NONE) + ([NONE] if NONE in groups else [])
    return [table(groups[k], kind, scheme, k) for k in keys]
