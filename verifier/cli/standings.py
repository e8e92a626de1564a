"""``ftn standings``: league tables from checked records.

Boundary: reads the options, runs the job (``api.standings``), writes its
report; nothing is counted here.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from verifier.api import league
from verifier.cli import common as c
from verifier.cli.console import err, finish, said
from verifier.league.report import STANDINGS_FORMATS
from verifier.league.standings import KINDS

command = c.one_command()

if TYPE_CHECKING:
    LeagueFormat = c.Choice
    Kind = c.Choice
else:
    LeagueFormat = c.choices("LeagueFormat", STANDINGS_FORMATS)
    Kind = c.choices("Kind", KINDS)
TEXT, TEAM = LeagueFormat("text"), Kind("team")  # the defaults

FormatOpt = Annotated[LeagueFormat, c.option("league-format",
                                             formats="|".join(STANDINGS_FORMATS))]
ByOpt = Annotated[Kind, c.option("league-by", kinds="|".join(KINDS))]
PerOpt = Annotated[str | None, c.option("per")]
HeadOpt = Annotated[bool, c.option("head-to-head")]
StrictOpt = Annotated[bool, c.option("league-strict")]
TitleOpt = Annotated[str, c.option("title")]
OutputOpt = Annotated[Path | None, c.option("output-file")]


def left_out(texts: Sequence[str], failed: Sequence[Exception], strict: bool, who: str,
             listed: bool) -> None:
    """The games left out (``texts``: each with its first error) on
    standard error when the report does not list them (``listed``: CSV
    does not) or with ``strict``; with ``strict`` and some, exit 1 (no
    report; ``failed``: the inputs unreadable partway, said too)."""
    if strict or not listed:
        for text in texts:
            err(f"{who}: left out: {text}")
    if strict and texts:
        n = len(texts)
        finish(failed, [], True, f"{who}: {n} game{'s' * (n != 1)} with errors (--strict)")


@command.command()
def standings(invoked: typer.Context, paths: c.Paths, by: ByOpt = TEAM,
              per: PerOpt = None, format: FormatOpt = TEXT,
              head_to_head: HeadOpt = False, strict: StrictOpt = False,
              title: TitleOpt = "Standings", output: OutputOpt = None,
              exclude: c.ExcludeOpt = None, jobs: c.JobsOpt = 1, dask: c.DaskOpt = None,
              config: c.ConfigOpt = None, isolated: c.IsolatedOpt = False) -> None:
    """League tables from checked records: by player, pair or team, with match points.

    Every game is replayed once and judged as ftn check judges it (settings:
    select, ignore, rules, noqa); a game with errors is left out of the
    table and listed with its first error (--strict: exit 1 instead). A
    team's matches are the games of one \\[match] tag; its match points
    follow \\[tool.ftn.league] (win, draw, loss-by-one, loss, games). Exit 2
    when an input cannot be read.
    """
    plan = c.settled(invoked, paths, exclude, config=config, isolated=isolated, jobs=jobs)
    with said():
        report, done = league.standings(plan.names, by.value, per, format.value, head_to_head,
                                     plan.run.jobs, dask, plan, title)
    left_out([x.text() for x in done.left_out], done.failed, strict, "ftn standings",
             format.value != "csv")
    if per is not None and done.results and all(r.per is None for r in done.results):
        err(f"ftn standings: warning: --per {per}: no game has the tag [{per}]; every game "
            "is in '(none)'")
    c.write_out(report, output)
    none = not done.results and not done.left_out
    finish(done.failed, plan.unreadable, False,
           "ftn standings: warning: no game read" if none else None)
