"""``ftn stats``: counts over many games (``verifier.data.stats``).

Boundary: reads the options, runs the job, prints its report; no counting here.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated

import typer

import verifier.cli.common as c  # the module alone (importing the package would cycle)

from ..data.statsout import FORMATS
from .records import DaskOpt, JobsOpt

if TYPE_CHECKING:
    StatsFormat = c.Choice
else:
    StatsFormat = c.choices("StatsFormat", FORMATS)
TEXT = StatsFormat("text")

FormatOpt = Annotated[
    StatsFormat,
    typer.Option("--format", "-f", metavar="|".join(FORMATS),
                 help="text for people, json, or csv (one value a row: group, section, "
                 "key, measure, value)."),
]
ByOpt = Annotated[
    str | None,
    typer.Option("--by", metavar="KEY", help="Count apart the games of each player, seat, "
                 "side, rules, players (their number), or value of the tag KEY (event, "
                 "date, season...)."),
]


@c.app.command()
def stats(paths: c.Paths, format: FormatOpt = TEXT, by: ByOpt = None,
          exclude: c.ExcludeOpt = None, jobs: JobsOpt = 1, dask: DaskOpt = None) -> None:
    """Counts over many games: results, findings per code, points per side, seat and player.

    Every game is replayed once (the reference replay, as ftn replay; the
    findings are ftn check's). Exit 1 when there are errors, as ftn check.
    """
    from ..data.stats import stats_all
    from ..data.statsout import render

    names, unreadable = c.names_of(paths, exclude)
    with c.said():
        done = stats_all(names, by, jobs, dask)
    sys.stdout.write(render(done.groups, by, format.value))
    c.finish(done.failed, unreadable, done.total().errors > 0)
