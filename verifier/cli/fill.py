"""``ftn fill``: the claims a record leaves out, filled in from the replay.

Boundary: command-line plumbing only: the options and the exit status.
The run is ``api.fill_files``'s (``ftn fmt``'s job, with the replay's
work, ``--diff`` and a note for each game whose replay stopped).
"""

from __future__ import annotations

from typing import Annotated

import typer

from verifier.api.inputs import Mode
from verifier.api.rewrite import fill_files
from verifier.cli import common as c
from verifier.cli.console import err, out, show_piece

command = c.one_command()

DiffOpt = Annotated[bool, c.option("fill-diff")]
CheckOpt = Annotated[bool, c.option("fill-check")]
WriteOpt = Annotated[bool, c.option("fill-write")]
TagOpt = Annotated[list[str] | None, c.option("fill-tag")]
TeamOpt = Annotated[list[str] | None, c.option("fill-team")]


@command.command()
def fill(paths: c.Paths, diff: DiffOpt = False, check_only: CheckOpt = False,
         write: WriteOpt = False, exclude: c.ExcludeOpt = None, jobs: c.JobsOpt = 1,
         tag: TagOpt = None, team: TeamOpt = None) -> None:
    """Write in every claim the replay decides: end totals, points, totals, results, winner.

    Claims already written are kept as written (a wrong one too: ftn check
    still reports it); the output is in the canonical form, in the input's
    own kind (FTN, JSON, JSON Lines). A partial record gets what its known
    facts decide; after an illegal move nothing more is filled (said on
    standard error; exit 1). --diff shows the change, --check only names
    the files that would change (each exit 1 when a file would change),
    --write fills them in place as ftn fmt --write rewrites (never a file
    that does not parse). --tag KEY=VALUE and --team SEAT=TEAM add header
    tags (the league's: competition, season, date, match, team) to each
    game that has none of that key (of that seat), never changing one
    written.
    """
    mode = c.one_mode("fill", paths, {Mode.DIFF: diff, Mode.CHECK: check_only,
                                       Mode.WRITE: write})
    raise typer.Exit(fill_files(paths, mode, out, err, show_piece, jobs, exclude or (),
                                    tag or (), team or ()))
