"""``ftn convert``: records between FTN, JSON and JSON Lines.

Boundary: the command only: its options, the messages and the exit
status; the conversion is ``api.convert_file``'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from verifier.api.rewrite import convert_file
from verifier.cli import common as c
from verifier.cli.console import EXIT_ERRORS, err, fail, said, show_piece
from verifier.files.formats import NOTATIONS

command = c.one_command()

if TYPE_CHECKING:
    To = c.Choice
else:
    To = c.choices("To", NOTATIONS)
ToOpt = Annotated[To | None, c.option("convert-to", formats="|".join(NOTATIONS))]
PositionsOpt = Annotated[bool, c.option("positions")]


@command.command()
def convert(
    source: c.InArg, output: c.OutOpt = None, to: ToOpt = None, positions: PositionsOpt = False,
    jobs: c.JobsOpt = 1,
) -> None:
    """Convert records between FTN, JSON and JSON Lines (canonical form).

    The input is read a game at a time and the output written as it comes.
    At a game that cannot be read, nothing more is written (on standard
    output, the games before it have been; OUT is not written at all), every
    problem of the input is said, and the exit status is 1.
    """
    source = c.one_file(source, "convert")
    try:
        with said():
            ok = convert_file(source, output, to.value if to is not None else None,
                                  positions, jobs, show_piece, err)
    except ValueError:
        if not positions:
            raise
        fail("ftn convert: --positions needs FTN input (they are FTN lines and columns)")
    if not ok:
        fail(f"ftn convert: {'<stdin>' if source == '-' else source}: not converted: "
             "it cannot be read", EXIT_ERRORS)
