"""``ftn record``: a scorer's session in the terminal, written to an FTN
file line by line.

Boundary: the command only. The file is ``journal``'s (``open_journal``
refuses one that cannot be recorded into; every line is on the disk as it
is entered), the session ``recorder``'s (``Session.record``: it asks,
prints and says why it stopped), what to ask, refuse and write
``verifier.record.game``'s.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from verifier.cli.common import app, option
from verifier.plain import fail

FileArg = Annotated[Path, option("file")]
ResumeOpt = Annotated[bool, option("resume")]


@app.command()
def record(file: FileArg, resume: ResumeOpt = False) -> None:
    """Record a game as it is played, line by line, into an FTN file.

    It asks for the players, seats and rule options, then each round's
    hands (or "unknown"), then each move: it shows whose turn it is, the
    ends, the totals and, when the hand is known, the tiles that fit; it
    refuses an illegal move with the rule it breaks, and counts each
    event's score. Every line is on the disk as soon as it is entered;
    --resume goes on with a file from where it stops.
    """
    from verifier.record.journal import CannotRecord, open_journal
    from verifier.record.session import Session

    try:
        journal = open_journal(file, resume)
    except CannotRecord as e:
        fail(f"ftn record: {e}")
    raise typer.Exit(Session(journal, str(file)).record(resume))
