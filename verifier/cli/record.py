"""``ftn record``: a scorer's session in the terminal, written to an FTN
file line by line.

Boundary: the command only; the session is ``api.record``'s (the file
refused when it cannot be recorded into, every line on the disk as it is
entered; what to ask, refuse and write is ``verifier.record``'s).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from verifier import CannotRecord
from verifier.api import records
from verifier.cli import common as c
from verifier.cli.console import fail

command = c.one_command()

FileArg = Annotated[Path, c.option("file")]
ResumeOpt = Annotated[bool, c.option("resume")]


@command.command()
def record(file: FileArg, resume: ResumeOpt = False) -> None:
    """Record a game as it is played, line by line, into an FTN file.

    It asks for the players, seats and rule options, then each round's
    hands (or "unknown"), then each move: it shows whose turn it is, the
    ends, the totals and, when the hand is known, the tiles that fit; it
    refuses an illegal move with the rule it breaks, and counts each
    event's score. Every line is on the disk as soon as it is entered;
    --resume goes on with a file from where it stops.
    """
    try:
        status = records.record(file, resume)
    except CannotRecord as e:
        fail(f"ftn record: {e}")
    raise typer.Exit(status)
