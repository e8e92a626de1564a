"""A league: the standings of its teams or players and their ratings.

Boundary: part of ``verifier.api``; imports ``league``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from verifier.league.outcomes import league_games
from verifier.league.page import ratings_page, standings_page
from verifier.league.ratings import model, rate_all
from verifier.league.report import render, render_ratings
from verifier.league.standings import Scheme, tables
from verifier.pipeline.plan import Plan

if TYPE_CHECKING:
    from verifier.league.outcomes import LeagueSink

__all__ = ["ratings", "standings"]


def standings(names: Sequence[str], by: str = "team", per: str | None = None,
              format: str = "text", head_to_head: bool = False, jobs: int = 1,
              dask: str | None = None, plan: Plan | None = None, title: str = "Standings"
              ) -> tuple[str, LeagueSink]:
    """League tables of the games of ``names`` without errors (``by``:
    player, pair or team; apart for each value of the tag ``per``), match
    points under the scheme of the first input's settings (``league``),
    head to head when asked: the report in ``format`` (text, csv, json,
    html), and the games read (``.results``, ``.left_out``: each game with
    errors and its first, ``.failed``). ``plan`` (``api.plan``): each input
    judged by its settings, as ``ftn check`` judges it (None: the defaults)."""

    done = league_games(names, per, jobs, dask, plan)
    scheme = Scheme.of(plan.run.league if plan is not None else {})
    made = tables(done.results, by, scheme, per)
    if format == "html":
        return standings_page(made, done.left_out, scheme, head_to_head, title), done
    return render(made, done.left_out, scheme, format, head_to_head), done


def ratings(names: Sequence[str], format: str = "text", predict: Sequence[Sequence[str]] = (),
            history: Sequence[str] = (), jobs: int = 1, dask: str | None = None,
            plan: Plan | None = None, title: str = "Ratings"
            ) -> tuple[str, list[float], LeagueSink]:
    """openskill ratings of the players of the games of ``names`` without
    errors, in date order: the report in ``format`` (text, csv, json, html;
    ``history``: the players whose history it holds, default the five
    rated highest), the win probability of each team of ``predict`` (none
    asked: empty), and the games read. ``verifier.league.ratings.LeagueError``
    when openskill is missing (the message says what to install) or a
    player to predict was not rated."""
    model()  # (said before any record is read when openskill is missing)
    done = league_games(names, None, jobs, dask, plan)
    rated = rate_all(done.results)
    odds = rated.predict(predict) if predict else []
    shown = list(history) or [x.name for x in rated.table()[:5]]
    for name in history:
        rated.known(name)
    if format == "html":
        return ratings_page(rated, shown, done.left_out, title), odds, done
    return render_ratings(rated, done.left_out, format, shown), odds, done

