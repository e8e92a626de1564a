"""``ftn fill``: the claims a record leaves out, filled in from the replay.

Boundary: command-line plumbing only: the options and the exit status.
The run is ``pipeline.jobs.fill.fill_all``'s (``ftn fmt``'s job, with
``verifier.replay.fill``'s work, ``--diff`` and a note for each game whose replay
stopped), loaded only by this command.
"""

from __future__ import annotations

from typing import Annotated

import typer

import verifier.cli.common as c  # the module alone (importing the package would cycle)

DiffOpt = Annotated[bool, c.option("fill-diff")]
CheckOpt = Annotated[bool, c.option("fill-check")]
WriteOpt = Annotated[bool, c.option("fill-write")]


@c.app.command()
def fill(paths: c.Paths, diff: DiffOpt = False, check_only: CheckOpt = False,
         write: WriteOpt = False, exclude: c.ExcludeOpt = None, jobs: c.JobsOpt = 1) -> None:
    """Write in every claim the replay decides: end totals, points, totals,
    results, the winner.

    Claims already written are kept as written (a wrong one too: ftn check
    still reports it); the output is in the canonical form, in the input's
    own kind (FTN, JSON, JSON Lines). A partial record gets what its known
    facts decide; after an illegal move nothing more is filled (said on
    standard error; exit 1). --diff shows the change, --check only names
    the files that would change (exit 1), --write fills them in place as ftn
    fmt --write rewrites (never a file that does not parse).
    """
    from verifier.pipeline.jobs.fill import fill_all

    mode = c.one_mode("fill", paths, diff=diff, check=check_only, write=write)
    names, unreadable = c.names_of(paths, exclude)
    raise typer.Exit(fill_all(names, mode, c.out, c.err, c.show_piece, jobs,
                              bool(unreadable)))
