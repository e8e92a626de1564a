"""Ratings of players from counted games: openskill's, in date order.

Boundary: rates the players of ``outcomes.Result`` s with openskill (the
extra ``league``; ``model`` says what to install when it is missing): the
games in date order (``[date]``; a game without one before the dated
ones, each in input order), each side a team of its players (partners in
a 4-player game rated as a team; 3 players a free-for-all), ranked by the
replay's result (the winner first, the others by their final totals).
Keeps each player's mu, sigma and ordinal (mu - 3 sigma, to sort by)
and their history; predicts the win probability of a pairing. Renders
nothing (``page`` draws the history).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from notation.hints import aside
from verifier.league.outcomes import Result

#: What to install when openskill is missing.
INSTALL = ("ftn ratings needs openskill, the extra 'league': pip install 'ftn-tools[league]' "
           "(or pip install 'openskill>=6,<7')")


class LeagueError(ValueError):
    """What cannot be done, said for people (what to install or to type)."""


def model() -> Any:
    """openskill's Plackett-Luce model, with its defaults; LeagueError
    saying what to install when openskill is missing."""
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        raise LeagueError(INSTALL) from None
    return PlackettLuce()


def ranks(r: Result) -> list[int]:
    """Each side's place in a game (1 first; equal totals share a place):
    the winner first, then the others by their final totals."""
    key = [(r.winner != i, -s.total) for i, s in enumerate(r.sides)]
    return [1 + sum(k < mine for k in key) for mine in key]


def in_date_order(results: Sequence[Result]) -> list[Result]:
    """The games by date (text order of ``YYYY-MM-DD``), each day's in input
    order; a game without a date first."""
    return sorted(results, key=lambda r: r.date)


@dataclass
class Rated:
    """One player's rating: mu, sigma, ordinal, and games rated and won."""

    name: str
    mu: float
    sigma: float
    ordinal: float
    games: int
    won: int


@dataclass
class Ratings:
    """Every player's rating after the games (``current``: openskill's
    rating objects), each one's history (the game's index among the rated,
    its date, the ordinal after it), the games rated and those not (no
    winner: the record stops before the target)."""

    model: str
    engine: Any
    current: dict[str, Any] = field(default_factory=dict)
    history: dict[str, list[tuple[int, str, float]]] = field(default_factory=dict)
    played: dict[str, list[int]] = field(default_factory=dict)  # [games, won]
    games: int = 0
    unrated: int = 0

    def table(self) -> list[Rated]:
        """Every player, the highest ordinal first."""
        out = [Rated(n, r.mu, r.sigma, r.ordinal(), *self.played[n])
               for n, r in self.current.items()]
        return sorted(out, key=lambda x: (-x.ordinal, x.name))

    def rate(self, r: Result) -> None:
        """One game's result."""
        if r.winner is None:
            self.unrated += 1
            return
        teams = [[self.current.setdefault(p, self.engine.rating(name=p)) for p in s.players]
                 for s in r.sides]
        new = self.engine.rate(teams, ranks=ranks(r))
        for i, (side, rated) in enumerate(zip(r.sides, new, strict=True)):
            for p, rating in zip(side.players, rated, strict=True):
                self.current[p] = rating
                self.history.setdefault(p, []).append((self.games, r.date, rating.ordinal()))
                count = self.played.setdefault(p, [0, 0])
                count[0] += 1
                count[1] += r.winner == i
        self.games += 1

    def known(self, name: str) -> Any:
        """A player's rating; LeagueError with the close match when no game
        rated has them."""
        if name not in self.current:
            raise LeagueError(f"--predict: no player {name!r} in the games rated"
                              f"{aside(name, self.current, n=1)}")
        return self.current[name]

    def predict(self, teams: Sequence[Sequence[str]]) -> list[float]:
        """The probability that each team wins (names of its players)."""
        if len(teams) < 2 or any(not t for t in teams):
            raise LeagueError('--predict takes two teams or more, each of one or more '
                              'players, such as --predict "Ann,Bob" "Cy,Di"')
        return [float(p) for p in self.engine.predict_win(
            [[self.known(n) for n in t] for t in teams])]


def rate_all(results: Sequence[Result]) -> Ratings:
    """The ratings after every game, in date order."""
    engine = model()
    out = Ratings(type(engine).__name__, engine)
    for r in in_date_order(results):
        out.rate(r)
    return out
