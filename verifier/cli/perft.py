"""``ftn perft``: the legal continuations of a record's last position,
counted.

Boundary: the command only: its options, the input and the exit status;
the count is ``api.perft``'s.
"""

from __future__ import annotations

from typing import Annotated

import typer

from verifier import api
from verifier.cli import common as c
from verifier.cli.console import EXIT_ERRORS, fail, show_piece

command = c.one_command()

RecordArg = Annotated[str, c.option("record")]
DepthOpt = Annotated[int, c.option("depth")]
DivideOpt = Annotated[bool, c.option("divide")]


@command.command()
def perft(source: RecordArg, depth: DepthOpt = 3, divide: DivideOpt = False) -> None:
    """Count the legal continuations of a record's last position (perft)."""
    from verifier import NoStart

    name, text = c.read_one(source, "perft")
    try:
        lines = api.perft(text, name, depth, divide)
    except NoStart as e:
        show_piece(e.problems, text)
        fail(f"ftn perft: {e.message}", EXIT_ERRORS)
    typer.echo("\n".join(lines))
