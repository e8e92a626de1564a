"""``ftn ratings``: openskill ratings of the players of checked records.

Boundary: reads the options, runs the job (``api.ratings``), writes its
report and the predictions; nothing is rated here.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from verifier import LeagueError
from verifier.api import league
from verifier.cli import common as c
from verifier.cli.console import fail, finish, said
from verifier.cli.standings import left_out
from verifier.league.report import STANDINGS_FORMATS

command = c.one_command()

if TYPE_CHECKING:
    LeagueFormat = c.Choice
else:
    LeagueFormat = c.choices("LeagueFormat", STANDINGS_FORMATS)
TEXT = LeagueFormat("text")  # the default

FormatOpt = Annotated[LeagueFormat, c.option("league-format",
                                             formats="|".join(STANDINGS_FORMATS))]
PredictOpt = Annotated[list[str] | None, c.option("predict")]
HistoryOpt = Annotated[list[str] | None, c.option("history")]
StrictOpt = Annotated[bool, c.option("league-strict")]
TitleOpt = Annotated[str, c.option("title")]
OutputOpt = Annotated[Path | None, c.option("output-file")]


def teams_and_paths(paths: list[str], predict: list[str]) -> tuple[list[str], list[list[str]]]:
    """``--predict "Ann,Bob" "Cy,Di"``: the arguments after the first team
    that name no file or folder are more teams."""
    if not predict:
        return paths, []
    files = [p for p in paths if p == "-" or os.path.exists(p)]
    more = [p for p in paths if p not in files]
    teams = [[n.strip() for n in t.split(",") if n.strip()] for t in [*predict, *more]]
    return files, teams


@command.command()
def ratings(invoked: typer.Context, paths: c.Paths, format: FormatOpt = TEXT,
            predict: PredictOpt = None, history: HistoryOpt = None, strict: StrictOpt = False,
            title: TitleOpt = "Ratings", output: OutputOpt = None,
            exclude: c.ExcludeOpt = None, jobs: c.JobsOpt = 1, dask: c.DaskOpt = None,
            config: c.ConfigOpt = None, isolated: c.IsolatedOpt = False) -> None:
    """Ratings of players from checked records (openskill, the extra 'league').

    The games without errors, in date order (\\[date] tags), each rated with
    openskill's Plackett-Luce model: partners as a team, three players as a
    free-for-all, the winner first and the others by their totals. Each
    player's mu, sigma and ordinal (mu - 3 sigma, to sort by); the HTML
    page draws their history. A game with errors is left out and listed
    with its first error (--strict: exit 1 instead).
    """
    files, teams = teams_and_paths(paths, predict or [])
    plan = c.settled(invoked, files, exclude, config=config, isolated=isolated, jobs=jobs)
    try:
        with said():
            report, odds, done = league.ratings(plan.names, format.value, teams, history or [],
                                             plan.run.jobs, dask, plan, title)
    except LeagueError as e:
        fail(f"ftn ratings: {e}")
    left_out([x.text() for x in done.left_out], done.failed, strict, "ftn ratings",
             format.value != "csv")
    c.write_out(report, output)
    if odds:
        c.write_out("".join(f"{' & '.join(t)}: {p:.1%} to win\n" for t, p in zip(teams, odds,
                                                                              strict=True)), None)
    finish(done.failed, plan.unreadable, False)
