"""``ftn show``: a self-contained HTML page that replays the games.

Boundary: the command only: its options, the input, the output and the
exit status; the page is ``api.page``'s.
"""

from __future__ import annotations

from typing import Annotated

from verifier import PositionError, ShowError
from verifier.api.show import page as show_page
from verifier.api.show import position_svg
from verifier.cli import common as c
from verifier.cli.console import fail
from verifier.files.escaping import escape_controls

command = c.one_command()

GameOpt = Annotated[int, c.option("game")]
AtOpt = Annotated[str | None, c.option("at")]
SvgOpt = Annotated[bool, c.option("svg")]
InOpt = Annotated[str | None, c.option("in-or-position")]
PositionOpt = Annotated[str | None, c.option("position")]


@command.command()
def show(source: InOpt = None, output: c.OutOpt = None, game: GameOpt = 1, at: AtOpt = None,
         svg: SvgOpt = False, position: PositionOpt = None) -> None:
    """A self-contained HTML page that replays the games (or, with --svg, one position)."""
    if position is not None or source is None:
        c.write_out(_position(source, position, svg, at), output)
        return
    name, text = c.read_one(source, "show")
    try:
        page = show_page(text, name, game, at, svg)
    except ShowError as e:
        fail(e.message, e.code)
    c.write_out(page, output)


def _position(source: str | None, position: str | None, svg: bool, at: str | None) -> str:
    """The picture of a position string (``--svg --position``); a usage
    error exits 2, a string that is not a position too, with its column."""
    if position is None:
        fail("ftn show: give a record (a file, or - for stdin), or --svg --position POSITION")
    if source is not None or at is not None or not svg:
        fail("ftn show: --position draws one picture: give it with --svg, without a record "
             "or --at")
    try:
        return position_svg(position)
    except PositionError as e:
        fail(f"position:1:{e.column}: {escape_controls(e.message)}")
