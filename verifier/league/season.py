"""A league season of records, made up: for the tests, the manual and the
benchmarks.

Boundary: makes records (text) with the rules' generator
(``rules.generate.generate_game``: random legal complete games with every
claim right), named and tagged for league play (notation/SPEC.md 3): teams
that meet home and away on a circle fixture list, each night the
Solihull & Warwickshire match of 9 games (6 singles, then 3 pairs), and a
few games made faulty on purpose (``PLANTED``: a wrong claim of points, a
wrong winner, a line that does not parse) and one with a warning (a
``[team]`` tag naming no seat). Reproducible from its seed. No I/O.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from datetime import date, timedelta

from notation.ftn.printer import print_game
from notation.model import Game, Tag
from verifier.rules.generate import generate_game, seat_names
from verifier.rules.start import Setup

TEAMS = ("Red Lion", "Crown", "White Hart", "Plough", "Bell", "Swan", "Royal Oak", "George",
         "Anchor", "Star", "Fox", "Greyhound")
_FIRST = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")
_LAST = ("Archer", "Baker", "Carter", "Dyer", "Fisher", "Glover", "Hunter", "Mason",
         "Potter", "Sawyer", "Thatcher", "Webb")
#: What each planted fault is: the finding ``ftn check`` gives for it.
PLANTED = ("FT302 points-mismatch", "FT309 winner-mismatch", "FT001 syntax-error")


@dataclass(frozen=True)
class Plan:
    """What a season holds: ``teams`` teams (at most 12), ``nights`` nights
    (each team plays once a night; home and away in turn), from ``start``
    a week apart; ``faulty`` games with a fault planted (``PLANTED`` in
    turn), and a warning planted when ``warning``; ``pool``: when given,
    each game is one of so many made for each number of players, its seats
    and tags the night's (fast, for large benchmarks)."""

    seed: int = 1
    teams: int = 8
    nights: int = 14
    faulty: int = 3
    warning: bool = True
    season: str = "2026"
    competition: str = "Solihull & Warwickshire (sample)"
    start: date = date(2026, 1, 7)
    pool: int | None = None


def squad(team: int) -> tuple[str, ...]:
    """The six players of a team."""
    return tuple(f"{f} {_LAST[team]}" for f in _FIRST)


def fixtures(teams: int, nights: int) -> list[list[tuple[int, int]]]:
    """Each night's matches (home, away): the circle method, every team
    meeting every other once in ``teams - 1`` nights, then again with home
    and away changed, and so on."""
    order = list(range(teams))
    rounds: list[list[tuple[int, int]]] = []
    for _ in range(teams - 1):
        rounds.append([(order[i], order[teams - 1 - i]) for i in range(teams // 2)])
        order = [order[0], order[-1], *order[1:-1]]
    out = []
    for n in range(nights):
        cycle, r = divmod(n, teams - 1)
        out.append([(a, b) if cycle % 2 == 0 else (b, a) for a, b in rounds[r]])
    return out


Sides = tuple[tuple[str, ...], tuple[str, ...]]


def night(home: int, away: int) -> list[Sides]:
    """The 9 games of a match: the players of each side, home first: 6
    singles, then 3 pairs."""
    h, a = squad(home), squad(away)
    singles: list[Sides] = [((h[i],), (a[i],)) for i in range(6)]
    pairs: list[Sides] = [((h[i], h[i + 1]), (a[i], a[i + 1])) for i in (0, 2, 4)]
    return singles + pairs


class _Games:
    """The games a season is made of: each newly made, or from a pool."""

    def __init__(self, rng: random.Random, pool: int | None) -> None:
        self.rng, self.pool = rng, pool
        self.made: dict[int, list[Game]] = {}

    def game(self, players: int) -> Game:
        setup = Setup.declared(seat_names(players))
        if self.pool is None:
            return generate_game(self.rng, setup)
        games = self.made.setdefault(players, [])
        if len(games) < self.pool:
            games.append(generate_game(self.rng, setup))
            return games[-1]
        return games[self.rng.randrange(self.pool)]


def _tagged(game: Game, sides: Sides,
            teams: tuple[str, str], league: dict[str, str]) -> Game:
    """A generated game with the night's players at its seats, its league
    tags and a team for each seat (home: N and S; away: the others)."""
    seats = [t.values[0] for t in game.tags if t.key == "seat"]
    if len(seats) == 2:
        people, team_of = [sides[0][0], sides[1][0]], [teams[0], teams[1]]
    else:  # N E S W: N and S partners (home), E and W (away)
        people = [sides[0][0], sides[1][0], sides[0][1], sides[1][1]]
        team_of = [teams[0], teams[1], teams[0], teams[1]]
    tags = [t for t in game.tags if t.key not in ("seat", "event")]
    named = [Tag("seat", (s, p)) for s, p in zip(seats, people, strict=True)]
    extra = [Tag(k, (v,)) for k, v in league.items()]
    extra += [Tag("team", (s, t)) for s, t in zip(seats, team_of, strict=True)]
    return replace(game, tags=(tags[0], *named, *tags[1:], *extra))


_POINTS = re.compile(r"^(  \S+ \d-\d (?:[LR] )?=\d+ \+)([1-9]\d*)( )", re.M)
_WINNER = re.compile(r"^winner (\S+)", re.M)
_END = re.compile(r"^(  \S+ \d-\d )([LR])( )", re.M)


def plant(text: str, kind: int) -> str:
    """A game's text with fault ``kind`` of ``PLANTED`` (in turn) planted:
    a placement's points one more than they are (the totals claimed after
    it left as they are: they agree with the replay's), the winner's seat
    changed to the other side's, or a placement's end written ``X``."""
    if kind % 3 == 0:
        return _POINTS.sub(lambda m: f"{m[1]}{int(m[2]) + 1}{m[3]}", text, count=1)
    if kind % 3 == 1:
        seats = re.findall(r'^\[seat "(\S+)"', text, re.M)
        sides = seats if len(seats) != 4 else [f"{seats[0]}+{seats[2]}", f"{seats[1]}+{seats[3]}"]
        won = _WINNER.search(text)
        assert won is not None
        other = next(s for s in sides if s != won[1])
        return _WINNER.sub(f"winner {other}", text, count=1)
    return _END.sub(lambda m: f"{m[1]}X{m[3]}", text, count=1)


def season_texts(plan: Plan | None = None) -> Iterator[str]:
    """The season's games as FTN, in order of the nights (a blank line
    between games); the planted faults at places drawn from the seed."""
    p = plan or Plan()
    rng = random.Random(p.seed)
    games = _Games(rng, p.pool)
    total = p.nights * (p.teams // 2) * 9
    faulty = dict(zip(rng.sample(range(total), min(p.faulty, total)), range(p.faulty),
                      strict=True))
    warned = rng.randrange(total) if p.warning else -1
    n = 0
    for k, matches in enumerate(fixtures(p.teams, p.nights)):
        day = (p.start + timedelta(weeks=k)).isoformat()
        for home, away in matches:
            teams = (TEAMS[home], TEAMS[away])
            league = {"competition": p.competition, "season": p.season, "date": day,
                      "match": f"{day} {teams[0]} v {teams[1]}"}
            for sides in night(home, away):
                game = _tagged(games.game(2 * len(sides[0])), sides, teams, league)
                text = print_game(game)
                if n in faulty:
                    text = plant(text, faulty[n])
                if n == warned:
                    text = text.replace('[team "S"', '[team "SS"', 1)
                yield ("\n" if n else "") + text
                n += 1
