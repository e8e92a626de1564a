"""``ftn show``: a self-contained HTML page that replays the games.

Boundary: the command only: its options, the input, the output and the
exit status; the page is ``api.page``'s.
"""

from __future__ import annotations

from typing import Annotated

from verifier import api
from verifier.cli import common as c
from verifier.cli.console import fail

command = c.one_command()

GameOpt = Annotated[int, c.option("game")]
AtOpt = Annotated[str | None, c.option("at")]
SvgOpt = Annotated[bool, c.option("svg")]


@command.command()
def show(source: c.InArg, output: c.OutOpt = None, game: GameOpt = 1, at: AtOpt = None,
         svg: SvgOpt = False) -> None:
    """A self-contained HTML page that replays the games (or, with --svg, one position)."""
    from verifier import ShowError

    name, text = c.read_one(source, "show")
    try:
        page = api.page(text, name, game, at, svg)
    except ShowError as e:
        fail(e.message, e.code)
    c.write_out(page, output)
