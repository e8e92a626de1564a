"""``ftn export``: flat tables for DuckDB, pandas or a spreadsheet.

Boundary: reads the options, runs the job (``api.export``), says what it
wrote; no rows here.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from verifier.api import data
from verifier.cli import common as c
from verifier.cli.console import fail, finish, said
from verifier.data.export import TABLE_FORMATS

command = c.one_command()

if TYPE_CHECKING:
    To = c.Choice
else:
    To = c.choices("ExportTo", TABLE_FORMATS)
ToOpt = Annotated[To, c.option("export-to", formats="|".join(TABLE_FORMATS))]
DirOpt = Annotated[Path, c.option("output-dir")]


@command.command()
def export(invoked: typer.Context, paths: c.Paths, output: DirOpt, to: ToOpt,
           exclude: c.ExcludeOpt = None, jobs: c.JobsOpt = 1, dask: c.DaskOpt = None,
           config: c.ConfigOpt = None, isolated: c.IsolatedOpt = False) -> None:
    """Flat tables: games, sides, tags, rounds, events (one row each) and findings.

    Every value is the reference replay's (as ftn replay), every finding
    ftn check's, under the same settings (select, ignore, rules, noqa). The
    six are written aside and put in place together at the end: a reader
    sees the old set or the new, a failure leaves the old.
    Exit 1 when a game cannot be read (its row says so).
    """
    if output.exists() and not output.is_dir():
        fail(f"ftn export: {output}: not a folder (-o names the folder of the tables)")
    plan = c.settled(invoked, paths, exclude, config=config, isolated=isolated, jobs=jobs)
    unreadable = plan.unreadable
    with said():
        done = data.export(plan.names, output, to.value, plan.run.jobs, dask, plan)
    n = done.games
    written = (f"ftn export: {n} game{'s' if n != 1 else ''} to {output}/ "
               f"({', '.join(done.tables)}.{to.value})")
    finish(done.failed, unreadable, done.unreadable > 0,
           None if unreadable or done.failed else written)
