"""A game as a page, and a position drawn.

Boundary: part of ``verifier.api``; imports ``show``.
"""

from __future__ import annotations

from verifier.show import page as pages
from verifier.show.board import board_svg
from verifier.show.svg import position_svg as drawn

__all__ = ["page", "position_svg"]


def page(text: str, name: str = "<input>", game: int = 1, at: str | None = None,
         svg: bool = False) -> str:
    """A self-contained HTML page that replays the games of a text (opening
    at ``game``, at ``at``: "ROUND:EVENT"; else at its first finding, else
    at its end), or with ``svg`` one SVG picture of that position.
    ``verifier.ShowError`` for a text or a place it cannot show
    (``.code``: 1 unreadable, 2 a bad place)."""
    if svg:
        data = pages.build(text, name, game)
        start = pages.parse_at(at, data) if at is not None else data["start"]
        return drawn(data, start[0], start[1])
    doc = pages.build_page(text, name, game)
    if at is not None:
        first = pages.opened(doc)
        first["start"] = pages.parse_at(at, first)
    return pages.page(doc)


def position_svg(position: str) -> str:
    """``ftn show --svg --position``: one SVG picture of a position string
    (``Board.position()``'s, notation/SPEC.md 13). ``verifier.PositionError``
    (with its column) for a string that is not a position."""
    return board_svg(position)

