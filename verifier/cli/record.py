"""``ftn record``: a scorer's session in the terminal, written to an FTN
file line by line.

Boundary: the terminal and the file. It asks (the standard library's
``input``, with ``readline``'s line editing and completion where there is
a terminal) and prints; every line goes to the file as it is entered,
flushed and synced to the disk (``journal.Journal``), so that a crash or a killed
terminal loses nothing already entered; an undo truncates the file. What to
ask, what to refuse and what to write is ``verifier.recording``'s. The
header is written once its questions are answered (its tags have a fixed
order that the answers come in otherwise); under V5 (the highest double
leads) a round's hands are held until its opener is known, then written with
its ``round`` line.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

from .common import EXIT_ERRORS, EXIT_USAGE, app, err, fail

FileArg = Annotated[Path, typer.Argument(metavar="FILE", help="The FTN file to write.")]
ResumeOpt = Annotated[
    bool, typer.Option("--resume", help="Go on with the game FILE holds, from where it stops.")
]


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
    from ..journal import Busy, Journal
    from ..recorder import Session, Stop

    name = str(file)
    if name.endswith((".gz", ".bz2", ".xz", ".zst", ".json", ".jsonl", ".ndjson")):
        fail(f"ftn record: {name}: records are written as plain FTN: name a .ftn file")
    if resume and not file.exists():
        fail(f"ftn record: {name}: no such file (without --resume, ftn record starts it)")
    if not resume and (file.exists() or file.is_symlink()):
        fail(f"ftn record: {name} exists: ftn record --resume {name} goes on with it, or "
             "name a new file")
    if resume and not file.is_file():
        fail(f"ftn record: {name}: not a regular file")
    try:
        journal = Journal(file, create=not resume)
    except UnicodeDecodeError as e:
        line = bytes(e.object[: e.start]).count(b"\n") + 1
        fail(f"ftn record: {name}:{line}: not UTF-8 text (byte {e.start + 1} of the file)")
    except Busy as e:
        fail(f"ftn record: {name}: {e}")
    except OSError as e:
        fail(f"ftn record: {name}: cannot open: {e.strerror or e}")
    session = Session(journal, name)
    try:
        code = session.run(resume)
    except Stop as stop:
        print()
        err(f"ftn record: stopped; every line entered is in {name}: ftn record --resume "
            f"{name} goes on")
        code = 130 if stop.interrupted else 0
    except OSError as e:  # a full disk, a file taken away
        err(f"ftn record: {name}: cannot write: {e.strerror or e}; the lines before it are "
            "in the file")
        code = EXIT_USAGE
    finally:
        os.close(journal.fd)
    if code not in (0, 130):
        raise typer.Exit(EXIT_ERRORS if code == 1 else EXIT_USAGE)
    raise typer.Exit(code)

