"""``ftn stats``: counts over many games (``verifier.data.stats``).

Boundary: reads the options, runs the job, prints its report; no counting here.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated

import verifier.cli.common as c  # the module alone (importing the package would cycle)
from verifier.data.report import STATS_FORMATS

if TYPE_CHECKING:
    StatsFormat = c.Choice
else:
    StatsFormat = c.choices("StatsFormat", STATS_FORMATS)
TEXT = StatsFormat("text")

FormatOpt = Annotated[StatsFormat, c.option("stats-format", formats="|".join(STATS_FORMATS))]
ByOpt = Annotated[str | None, c.option("by")]


@c.app.command()
def stats(paths: c.Paths, format: FormatOpt = TEXT, by: ByOpt = None,
          exclude: c.ExcludeOpt = None, jobs: c.JobsOpt = 1, dask: c.DaskOpt = None) -> None:
    """Counts over many games: results, findings per code, points per side, seat and player.

    Every game is replayed once (the reference replay, as ftn replay; the
    findings are ftn check's). Exit 1 when there are errors, as ftn check.
    """
    from verifier.data.report import render
    from verifier.data.stats import stats_all

    names, unreadable = c.names_of(paths, exclude)
    with c.said():
        done = stats_all(names, by, jobs, dask)
    sys.stdout.write(render(done.groups, by, format.value))
    c.finish(done.failed, unreadable, done.total().errors > 0)
