"""``ftn fmt``: records printed in the canonical form.

Boundary: the command only: its options, the settings (``api.plan``) and
the exit status; the formatting is ``api.format_files``'s.
"""

from __future__ import annotations

from typing import Annotated

import typer

from verifier.api.inputs import Mode
from verifier.api.rewrite import format_files
from verifier.cli import common as c
from verifier.cli.console import err, out, show_piece

command = c.one_command()

CheckOpt = Annotated[bool, c.option("fmt-check")]
DiffOpt = Annotated[bool, c.option("fmt-diff")]
WriteOpt = Annotated[bool, c.option("fmt-write")]


@command.command()
def fmt(invoked: typer.Context, paths: c.Paths, check_only: CheckOpt = False,
        diff: DiffOpt = False, write: WriteOpt = False, exclude: c.ExcludeOpt = None,
        jobs: c.JobsOpt = 1, config: c.ConfigOpt = None, isolated: c.IsolatedOpt = False) -> None:
    """Print records in the canonical form; JSON stays JSON.

    Every end is written and the layout is fixed; an array stays an array,
    and a file's line ends (LF or CRLF) stay as they are. Files are read a
    game at a time and written as they are done: printing stops at a file's
    first game that cannot be read (the games before it are printed; exit
    1); --write never rewrites a file that does not parse. --check only
    names the files that would change, --diff shows the change (each exit 1
    when a file would change). The settings' extend-exclude and jobs apply
    (the manual: Settings).
    """
    mode = c.one_mode("fmt", paths, {Mode.CHECK: check_only, Mode.DIFF: diff,
                                      Mode.WRITE: write})
    plan = c.settled(invoked, paths, exclude, config=config, isolated=isolated, jobs=jobs)
    raise typer.Exit(format_files(plan, mode, out, err, show_piece))
