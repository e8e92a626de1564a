"""``ftn stats``: counts over many games.

Boundary: reads the options, runs the job (``api.stats``), prints its
report; no counting here.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated

from verifier import STATS_FORMATS, api
from verifier.cli import common as c
from verifier.cli.console import err, finish, said

command = c.one_command()

if TYPE_CHECKING:
    StatsFormat = c.Choice
else:
    StatsFormat = c.choices("StatsFormat", STATS_FORMATS)
TEXT = StatsFormat("text")

FormatOpt = Annotated[StatsFormat, c.option("stats-format", formats="|".join(STATS_FORMATS))]
ByOpt = Annotated[str | None, c.option("by")]


@command.command()
def stats(paths: c.Paths, format: FormatOpt = TEXT, by: ByOpt = None,
          exclude: c.ExcludeOpt = None, jobs: c.JobsOpt = 1, dask: c.DaskOpt = None) -> None:
    """Counts over many games: results, findings per code, points per side, seat and player.

    Every game is replayed once (the reference replay, as ftn replay; the
    findings are ftn check's). Exit 1 when there are errors, as ftn check.
    """
    names, unreadable = c.names_of(paths, exclude)
    with said():
        report, done = api.stats(names, by, format.value, jobs, dask)
    sys.stdout.write(report)
    warning = done.unknown_by()
    if warning is not None:
        err(f"ftn stats: warning: {warning}")
    finish(done.failed, unreadable, done.total().errors > 0)
