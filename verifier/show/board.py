"""``ftn show --svg --position``: one position string drawn as a standalone
SVG picture: the line as its tiles lie, its ends and end total, every
seat's hand (the tiles not known face down), the seat to play, the totals
and the target, and the rules.

Boundary: reads the string with ``rules.board.Board.from_position`` (a
``PositionError`` goes to the caller, with its column) and draws with
``svg``'s tiles and style; it judges nothing, opens no file and prints
nothing (the CLI does both).
"""

from __future__ import annotations

from verifier.rules.board import Board
from verifier.rules.position import rule_options
from verifier.show.svg import STYLE, defs, escape, tile

_S, _GAP, _PAD, _WIDTH = 0.3, 4, 16, 760


def _tiles(tiles: list[tuple[int, int]], down: int, y: float) -> tuple[list[str], float]:
    """Tiles in rows from ``y`` (doubles upright), then ``down`` tiles face
    down; the drawings and the y under the last row."""
    out: list[str] = []
    x, row = float(_PAD), 200 * _S
    for a, b in [*tiles, *[(0, 1)] * down]:
        back = len(out) >= len(tiles)
        w = (100 if a == b and not back else 200) * _S
        if x + w > _WIDTH - _PAD:
            x, y = _PAD, y + row + 10
        dy = 0 if a == b and not back else 50 * _S
        out.append(_back(x, y + dy) if back else tile(a, b, x, y + dy, _S))
        x += w + _GAP
    return out, y + row + 10


def _back(x: float, y: float) -> str:
    """A tile face down: one that is not known."""
    return (f'<g transform="translate({x:g} {y:g}) scale({_S:g})"><title>not known</title>'
            '<rect x="1" y="1" width="198" height="98" rx="12" class="back"/></g>')


def _text(x: float, y: float, words: str, cls: str = "") -> str:
    return f'<text x="{x:g}" y="{y:g}" class="{cls}">{escape(words)}</text>'


def _hands(board: Board, y: float) -> tuple[list[str], float]:
    """Each seat's hand under its name (a mark at the seat to play)."""
    out: list[str] = []
    for seat in board.seats:
        known = list(board.hand(seat))
        down = board.held[seat] - len(known)
        mark = "  ← to play" if seat == board.turn else ""
        out.append(_text(_PAD, y + 16, f"{seat}: {board.held[seat]} tiles"
                         + (f", {down} not known" if down else "") + mark))
        drawn, y = _tiles(known, down, y + 26)
        out += drawn
    return out, y


def _rows(position: str, width: int = 100) -> list[str]:
    """The position string in rows of at most ``width`` characters, each
    cut after a space, a slash or a comma where it can be."""
    rows = []
    while len(position) > width:
        cut = max(position.rfind(c, 0, width) for c in " /,") + 1 or width
        rows.append(position[:cut].rstrip(" "))
        position = position[cut:]
    return [*rows, position]


def _ends(board: Board) -> str:
    """The open ends in words, a double across an end counting both its
    halves (R5.2; the lead alone counts its pips, R5.3)."""
    line = board.line
    if len(line) == 1:
        return f"the lead {line[0][0]}-{line[0][1]}"
    words = []
    for side, (a, b) in (("left", line[0]), ("right", line[-1])):
        v = a if side == "left" else b
        words.append(f"{side} {v} (double: {2 * v})" if a == b else f"{side} {v}")
    return ", ".join(words)


def board_svg(position: str) -> str:
    """The SVG picture of a position string."""
    board = Board.from_position(position, auto_deal=False)
    ends = board.ends
    state = (f"{board.winner} won" if board.is_game_over() else "the round is over"
             if board.turn is None else f"{board.turn} to play")
    head = [_text(_PAD, 28, f"Round {board.round_number} (opened by {board.opener}): {state}",
                  "big")]
    line, y = _tiles(list(board.line), 0, 48) if board.line else ([], 40.0)
    y += 14
    head.append(_text(_PAD, y, "No tile on the table" if ends is None else
                      f"Open ends: {_ends(board)}; end total {board.end_total}"))
    hands, y = _hands(board, y + 10)
    score = " · ".join(f"{side} {t}" for side, t in zip(board.sides, board.totals,
                                                         strict=True))
    options = "; ".join(f"{k} {v}" for k, v in rule_options(board.rules)) or "the default rules"
    tail = [_text(_PAD, y + 18, f"Totals: {score} (target {board.rules.target})", "big"),
            _text(_PAD, y + 40, f"Rules: {options}", "small")]
    for row in _rows(position):
        y += 18
        tail.append(_text(_PAD, y + 40, row, "small"))
    height = y + 40 + _PAD
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        f'width="{_WIDTH}" height="{height:g}" viewBox="0 0 {_WIDTH} {height:g}" role="img">'
        f"<title>{escape(position)}</title>{STYLE}{defs(board.rules.max_pip)}"
        '<rect width="100%" height="100%" fill="#f5f1e6"/>'
        + "".join(head + line + hands + tail) + "</svg>\n"
    )
