"""``ftn stats``: counts over many games.

Boundary: reads the options, runs the job (``api.stats``), prints its
report; no counting here.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated

import typer

from verifier.api import data
from verifier.cli import common as c
from verifier.cli.console import err, finish, said
from verifier.data.report import STATS_FORMATS

command = c.one_command()

if TYPE_CHECKING:
    StatsFormat = c.Choice
else:
    StatsFormat = c.choices("StatsFormat", STATS_FORMATS)
TEXT = StatsFormat("text")

FormatOpt = Annotated[StatsFormat, c.option("stats-format", formats="|".join(STATS_FORMATS))]
ByOpt = Annotated[str | None, c.option("by")]


@command.command()
def stats(invoked: typer.Context, paths: c.Paths, format: FormatOpt = TEXT, by: ByOpt = None,
          exclude: c.ExcludeOpt = None, jobs: c.JobsOpt = 1, dask: c.DaskOpt = None,
          config: c.ConfigOpt = None, isolated: c.IsolatedOpt = False) -> None:
    """Counts over many games: results, findings per code, points per side, seat and player.

    Every game is replayed once (the reference replay, as ftn replay; the
    findings are ftn check's, under the same settings: select, ignore,
    rules, noqa). Exit 1 when there are errors, as ftn check.
    """
    plan = c.settled(invoked, paths, exclude, config=config, isolated=isolated, jobs=jobs)
    with said():
        report, done = data.stats(plan.names, by, format.value, plan.run.jobs, dask, plan)
    sys.stdout.write(report)
    warning = done.unknown_by()
    if warning is not None:
        err(f"ftn stats: warning: {warning}")
    finish(done.failed, plan.unreadable, done.total().errors > 0)
