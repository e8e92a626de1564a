"""Build records from FTN line tokens: the inline transformer of the parser.

Boundary: turns the line tokens that ``parser`` feeds Lark (one per line,
one per run of event lines) into ``notation.model`` records with their
places. It matches no line (``parser`` does) and reports no error: a token
that reaches it has matched its terminal already.
"""

from __future__ import annotations

import json
import re
from typing import Any

from lark import Transformer

from .model import (
    Comments,
    Deal,
    EndTotalClaim,
    Event,
    Game,
    Knock,
    Placement,
    PointsClaim,
    Round,
    RoundResult,
    Tag,
    Tile,
    TotalsClaim,
    Winner,
)


class _Line:
    """A line token: what the LALR parser is fed (one per non-blank line,
    but one EVENTS token, whose value is the list of its lines, per run of
    event lines)."""

    __slots__ = ("col", "comments", "line", "type", "value")

    def __init__(self, type_: str, value: Any, line: int, col: int, comments: Comments) -> None:
        self.type = type_
        self.value = value
        self.line = line
        self.col = col
        self.comments = comments

    def __repr__(self) -> str:
        return f"{self.type}({self.value!r}) at {self.line}:{self.col}"



# --------------------------------------------------------------------------
# Turning line tokens into records (inline transformer).


_TILES: dict[str, Tile] = {f"{a}-{b}": (a, b) for a in range(13) for b in range(13)}


def _tile(text: str) -> Tile:
    t = _TILES.get(text)
    if t is None:
        a, _, b = text.partition("-")
        t = (int(a), int(b))
    return t


def _totals(text: str, col: int) -> TotalsClaim:
    return TotalsClaim(tuple(map(int, text[1:-1].split(","))), col)


# The fields of a line that matched PLACEMENT (so this needs no checks):
# seat, tile, end, end total, "over", points, bonus, totals.
_PLACEMENT_FIELDS = re.compile(
    r"(\S+)[ \t]+([0-9]+-[0-9]+)(?:[ \t]+([LR]))?(?:[ \t]+=([0-9]+))?"
    r"(?:[ \t]+(over)?\+([0-9]+)(?:\+([0-9]+))?)?(?:[ \t]+\(([0-9,]+)\))?"
)
_new = tuple.__new__  # builds a NamedTuple from a tuple without a Python call


def _placement(value: str, line: int, col: int, comments: Comments) -> Placement:
    m = _PLACEMENT_FIELDS.fullmatch(value)
    assert m is not None
    seat, tile, end, total, over, points, bonus, totals = m.groups()
    at = col - 1  # column of offset o is at + o + 1
    return _new(Placement, (
        seat,
        _TILES.get(tile) or _tile(tile),
        end,
        None if total is None else _new(EndTotalClaim, (int(total), at + m.start(4))),
        None if points is None else _new(PointsClaim, (
            int(points),
            None if bonus is None else int(bonus),
            over is not None,
            at + 1 + m.start(5) if over is not None else at + m.start(6),
        )),
        None if totals is None else _new(TotalsClaim, (
            tuple(map(int, totals.split(","))), at + m.start(8),
        )),
        line,
        col,
        comments,
        None,
    ))


def _knock(value: str, line: int, col: int, comments: Comments) -> Knock:
    fields = value.split()
    totals = None
    if len(fields) > 2:  # the totals claim after "knock"
        totals = _totals(fields[2], col + value.rfind(fields[2]))
    return Knock(fields[0], line, col, comments, None, totals)


_STRING_RE = re.compile(r'"(?:[^"\\]|\\.)*"')


def _tag(tok: _Line) -> Tag:
    inner = tok.value[1:-1]
    key = inner.split(None, 1)[0] if inner.strip() else ""
    values = tuple(json.loads(s) for s in _STRING_RE.findall(inner, len(key)))
    return Tag(key, values, tok.line, tok.col, tok.comments)


def _deal(tok: _Line) -> Deal:
    fields = tok.value.split()
    tiles = tuple(None if f == "?" else _tile(f) for f in fields[2:])
    return Deal(fields[1], tiles, tok.line, tok.col, tok.comments)


def _totals_after(tok: _Line, fields: list[str], index: int) -> TotalsClaim | None:
    if len(fields) > index:
        return _totals(fields[index], tok.col + tok.value.rfind(fields[index]))
    return None


def _result(tok: _Line) -> RoundResult:
    fields = tok.value.split()
    outcome = fields[1]
    seat = fields[2] if outcome == "domino" else None
    totals = _totals_after(tok, fields, 3 if seat else 2)
    return RoundResult(outcome, seat, totals, tok.line, tok.col, tok.comments)


def _winner(tok: _Line) -> Winner:
    fields = tok.value.split()
    return Winner(fields[1], _totals_after(tok, fields, 2), tok.line, tok.col, tok.comments)


class _Build(Transformer[Any, Any]):
    """Inline callbacks of the LALR parser: line tokens in, records out."""

    def round(self, children: list[_Line]) -> Round:
        head = children[0]
        fields = head.value.split()
        deals: list[Deal] = []
        events: list[Event] = []
        result = None
        for tok in children[1:]:
            t = tok.type
            if t == "EVENTS":
                for kind, value, line, col, cm in tok.value:
                    if kind == "PLACEMENT":
                        events.append(_placement(value, line, col, cm))
                    else:
                        events.append(_knock(value, line, col, cm))
            elif t == "DEAL":
                deals.append(_deal(tok))
            else:
                result = _result(tok)
        return Round(
            int(fields[1]), fields[3], tuple(deals), tuple(events), result,
            head.line, head.col, head.comments,
        )

    def game(self, children: list[Any]) -> Game:
        head = children[0]
        end = children[-1]
        tags = []
        rounds = []
        winner = None
        for c in children[1:-1]:
            if isinstance(c, Round):
                rounds.append(c)
            elif c.type == "TAG":
                tags.append(_tag(c))
            else:
                winner = _winner(c)
        return Game(
            tuple(tags), tuple(rounds), winner, head.line, head.col, end.line,
            head.comments, end.comments,
        )
