"""``ftn perft``: the legal continuations of a record's last position,
counted.

Boundary: the command only: its options, the input and the exit status;
the count is ``api.perft``'s.
"""

from __future__ import annotations

from typing import Annotated

import typer

from verifier import NoStart, PositionError
from verifier.api import moves
from verifier.api.moves import perft_position
from verifier.cli import common as c
from verifier.cli.console import EXIT_ERRORS, EXIT_USAGE, fail, show_piece
from verifier.files.escaping import escape_controls

command = c.one_command()

RecordArg = Annotated[str | None, c.option("record")]
PositionOpt = Annotated[str | None, c.option("position")]
DepthOpt = Annotated[int, c.option("depth")]
DivideOpt = Annotated[bool, c.option("divide")]


@command.command()
def perft(source: RecordArg = None, depth: DepthOpt = 3, divide: DivideOpt = False,
          position: PositionOpt = None) -> None:
    """Count the legal continuations of a record's last position, or of a
    position string (perft)."""
    if (source is None) == (position is None):
        fail("ftn perft: give a record (a file, or - for stdin) or --position POSITION, "
             "not both" if source is not None else "ftn perft: give a record (a file, or - "
             "for stdin) or --position POSITION", EXIT_USAGE)
    if position is not None:
        typer.echo("\n".join(_from_position(position, depth, divide)))
        return
    assert source is not None
    name, text = c.read_one(source, "perft")
    try:
        lines = moves.perft(text, name, depth, divide)
    except NoStart as e:
        show_piece(e.problems, text)
        fail(f"ftn perft: {e.message}", EXIT_ERRORS)
    typer.echo("\n".join(lines))


def _from_position(position: str, depth: int, divide: bool) -> list[str]:
    """The count from a position string; a string that is not one exits 2
    with its column (``position:1:COL: ...``), a hand not known exits 1."""
    try:
        return perft_position(position, depth, divide)
    except PositionError as e:
        fail(f"position:1:{e.column}: {escape_controls(e.message)}", EXIT_USAGE)
    except NoStart as e:
        fail(f"ftn perft: {e.message}", EXIT_ERRORS)
