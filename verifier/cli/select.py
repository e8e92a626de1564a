"""``ftn select``: the games that match, written as records.

Boundary: reads the options, runs the job (``api.select``), says what it
did; no filtering here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from verifier import FilterError
from verifier.api import data
from verifier.cli import common as c
from verifier.cli.console import EXIT_USAGE, err, fail, finish, said, show_piece
from verifier.files.formats import NOTATIONS

command = c.one_command()

if TYPE_CHECKING:
    To = c.Choice
else:
    To = c.choices("To", NOTATIONS)
Many = list[str] | None
ToOpt = Annotated[To | None, c.option("select-to", formats="|".join(NOTATIONS))]
TagOpt = Annotated[Many, c.option("tag")]
PlayerOpt = Annotated[Many, c.option("player")]
CountOpt = Annotated[int | None, c.option("player-count")]
RuleOpt = Annotated[Many, c.option("rule-match")]
WithOpt = Annotated[Many, c.option("with")]
WithoutOpt = Annotated[Many, c.option("without")]
CleanOpt = Annotated[bool, c.option("clean")]
FaultyOpt = Annotated[bool, c.option("faulty")]
UniqueOpt = Annotated[bool, c.option("unique")]
GamesOpt = Annotated[str | None, c.option("game-places")]
SplitOpt = Annotated[str | None, c.option("split-by")]


@command.command()
def select(invoked: typer.Context, paths: c.Paths, output: c.OutOpt = None, to: ToOpt = None,
           tag: TagOpt = None, player: PlayerOpt = None, players: CountOpt = None,
           rule: RuleOpt = None, with_: WithOpt = None, without: WithoutOpt = None,
           clean: CleanOpt = False, faulty: FaultyOpt = False, unique: UniqueOpt = False,
           games: GamesOpt = None, split_by: SplitOpt = None, exclude: c.ExcludeOpt = None,
           jobs: c.JobsOpt = 1, dask: c.DaskOpt = None, config: c.ConfigOpt = None,
           isolated: c.IsolatedOpt = False) -> None:
    """Write the games that match every filter given, in canonical form.

    OUT is written whole at the end (a temporary file and a rename; .gz,
    .bz2, .xz, .zst compress); with --split-by, OUT is a folder and each
    of its files is written so. A game that cannot be read is said and left
    out (exit 1). The findings filtered on are ftn check's, under the same
    settings (select, ignore, rules, noqa).
    """
    plan = c.settled(invoked, paths, exclude, config=config, isolated=isolated, jobs=jobs)
    try:
        with said():
            done, unreadable = data.select(
                paths, to.value if to is not None else None, output, exclude=exclude or (),
                tags=tag or (), player=player or (), players=players, rules=rule or (),
                with_codes=with_ or (), without=without or (), clean=clean, faulty=faulty,
                unique=unique, show=show_piece, warn=err, jobs=plan.run.jobs, dask=dask,
                games=games, split_by=split_by, plan=plan)
    except FilterError as bad:
        fail(f"ftn select: {bad}")
    if done is None:  # no input could be read
        raise SystemExit(EXIT_USAGE)
    finish(done.failed, unreadable, done.unreadable > 0, f"ftn select: {done.text()}")
