"""Build records from FTN line tokens: the inline transformer of the parser.

Boundary: turns the line tokens that ``ftn.reader`` feeds Lark (one per line,
one per run of event lines) into ``notation.model`` records with their
places. It matches no line (``ftn.reader`` does) and reports no error: a token
that reaches it has matched its terminal already.
"""

from __future__ import annotations

import json
import re
from dataclasses import fields
from typing import Any, Final, TypeVar

from notation.model import (
    NO_COMMENTS,
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


# Tiles as written, made once. (Typed as objects: once compiled, a value
# typed as a pair of numbers would be unpacked and built again at each use.)
_TILES: dict[str, Any] = {f"{a}-{b}": (a, b) for a in range(13) for b in range(13)}


def _tile(text: str) -> Any:
    t = _TILES.get(text)
    if t is None:
        a, _, b = text.partition("-")
        t = (int(a), int(b))
    return t


_new: Final = tuple.__new__  # builds a NamedTuple from a tuple without a Python call

# Claims are immutable values, and few differ (an end total, the points, and
# the totals, each at its column): each is built once and shared, from a
# cache that is emptied when it grows past ``_CACHED`` (so that memory stays
# bounded, whatever the input).
_CACHED = 1 << 16
_END_TOTALS: dict[tuple[str, int], EndTotalClaim] = {}
_POINTS: dict[tuple[str, int], PointsClaim] = {}
_TOTALS: dict[tuple[str, int], TotalsClaim] = {}


def _end_total(text: str, col: int) -> EndTotalClaim:
    """The claim of an end total written ``text`` (with its "=") at ``col``."""
    key = (text, col)
    claim = _END_TOTALS.get(key)
    if claim is None:
        if len(_END_TOTALS) >= _CACHED:
            _END_TOTALS.clear()
        claim = _END_TOTALS[key] = _new(EndTotalClaim, (int(text[1:]), col))
    return claim


def _points(text: str, col: int) -> PointsClaim:
    """The claim of points written ``text`` ("+P", "+P+B", "over+P" or
    "over+P+B", as the grammar's POINTS terminal matched it) at ``col``."""
    key = (text, col)
    claim = _POINTS.get(key)
    if claim is None:
        if len(_POINTS) >= _CACHED:
            _POINTS.clear()
        over = text.startswith("over")
        numbers = text[4 if over else 0:].split("+")  # "", P and B
        claim = _POINTS[key] = _new(PointsClaim, (
            int(numbers[1]), int(numbers[2]) if len(numbers) > 2 else None, over, col))
    return claim


def _totals_claim(text: str, col: int) -> TotalsClaim:
    """The claim of totals written ``text`` (with its parentheses) at ``col``."""
    key = (text, col)
    claim = _TOTALS.get(key)
    if claim is None:
        if len(_TOTALS) >= _CACHED:
            _TOTALS.clear()
        claim = _TOTALS[key] = _new(TotalsClaim, (tuple(map(int, text[1:-1].split(","))), col))
    return claim


#: The field terminals of the grammar's PLACEMENT and KNOCK terminals that
#: the event regexes hold as named groups, in the order they stand in the
#: terminal (``ftn.grammar.event_regexes`` makes the groups of the
#: terminals' own text): ``placement`` and ``knock`` take a match's groups in
#: this order.
PLACEMENT_GROUPS: Final = ("SEAT", "TILE", "END_SIDE", "END_TOTAL", "POINTS", "TOTALS")
KNOCK_GROUPS: Final = ("SEAT", "TOTALS")
# The numbers of a placement's claims' groups (a number is cheaper than a name).
_END_TOTAL, _POINTS_AT, _TOTALS_AT = (PLACEMENT_GROUPS.index(g) + 1
                                      for g in ("END_TOTAL", "POINTS", "TOTALS"))

#: The event regexes (``ftn.grammar.event_regexes``): a placement line and a
#: knock line, blanks around them, their fields as named groups; and the
#: totals at the end of an event line, as a group.
EventRegexes = tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]


def placement(m: re.Match[str], at: int, line: int, comments: Comments) -> Placement:
    """The record of a placement line matched by the placement regex (its
    groups: ``PLACEMENT_GROUPS``); ``at`` is the column of offset 0 of the
    matched text, less one."""
    seat, tile, end, total, points, totals = m.groups()
    return _new(Placement, (
        seat,
        _TILES.get(tile) or _tile(tile),
        end,
        None if total is None else _end_total(total, at + 1 + m.start(_END_TOTAL)),
        None if points is None else _points(points, at + 1 + m.start(_POINTS_AT)),
        None if totals is None else _totals_claim(totals, at + 1 + m.start(_TOTALS_AT)),
        line,
        at + 1 + m.start(1),
        comments,
        None,
    ))


def knock(m: re.Match[str], at: int, line: int, comments: Comments) -> Knock:
    """The record of a knock line matched by the knock regex (its groups:
    ``KNOCK_GROUPS``; see ``placement``)."""
    seat, totals = m.groups()
    return _new(Knock, (
        seat, line, at + 1 + m.start(1), comments, None,
        None if totals is None else _totals_claim(totals, at + 1 + m.start(2)),
    ))


def event(text: str, at: int, line: int, comments: Comments, regexes: EventRegexes
          ) -> Placement | Knock:
    """The record of an event line's ``text``, which matched the grammar's
    PLACEMENT or KNOCK terminal, taken apart by the event regexes
    (``regexes``); ``at`` is the column of offset 0 of the text, less one."""
    m = regexes[0].fullmatch(text)
    if m is not None:
        return placement(m, at, line, comments)
    m = regexes[1].fullmatch(text)
    if m is None:
        raise ValueError(f"not an event line: {text!r}")
    return knock(m, at, line, comments)


# An event line is mostly its head: all but its totals, which change from
# line to line while the heads repeat (a few thousand in a thousand games).
# The record of a head is made once, from the event regexes, and kept; a
# line is then its head looked up and its totals matched alone.
_HEADS: dict[str, tuple[Any, ...]] = {}
_HEADS_CACHED = 1 << 15
_LONG_DIGITS = re.compile(r"[0-9]{19}")


def event_line(raw: str, line: int, regexes: EventRegexes) -> Placement | Knock | None:
    """The record of a placement or knock line without a comment, as
    ``event`` makes it at offset 0; None for any other line, and for one
    with a number of more than 18 digits or of more than 10,000 characters
    (the parser refuses those). ``regexes``: the event regexes."""
    if len(raw) > 10_000:
        return None
    j = raw.rfind("(")
    if j < 0:
        head, tail = raw, None
    else:
        head = raw[:j].rstrip(" \t")
        tail = regexes[2].fullmatch(raw, len(head))
        if tail is None:
            return None
    found = _HEADS.get(head)
    if found is None:
        found = _head(head, regexes)
        if not found:  # (not kept: the lines of no event, deals say, rarely repeat)
            return None
        if len(_HEADS) >= _HEADS_CACHED:
            _HEADS.clear()
        _HEADS[head] = found
    totals = None if tail is None else _totals_claim(tail.group(1), j + 1)
    if len(found) == 2:  # a knock: its seat and column
        return _new(Knock, (found[0], line, found[1], NO_COMMENTS, None, totals))
    seat, tile, end, total, points, col = found
    return _new(Placement, (seat, tile, end, total, points, totals, line, col, NO_COMMENTS,
                            None))


def _head(head: str, regexes: EventRegexes) -> tuple[Any, ...]:
    """What an event line's head (the line without its totals) says: a
    placement's fields but its totals, or a knock's seat and column; ()
    when it is neither, or holds a number of more than 18 digits."""
    if "(" in head or _LONG_DIGITS.search(head):
        return ()
    m = regexes[0].fullmatch(head)
    if m is not None:
        p = placement(m, 0, 0, NO_COMMENTS)
        return (p.seat, p.tile, p.end, p.end_total, p.points, p.col)
    m = regexes[1].fullmatch(head)
    if m is not None:
        return (m.group(1), 1 + m.start(1))
    return ()


_obj_new: Final = object.__new__
_T = TypeVar("_T")


def slot_setters(cls: type) -> tuple[Any, ...]:
    """The setters of a frozen dataclass's fields (its slots), in order."""
    return tuple(cls.__dict__[f.name].__set__ for f in fields(cls))


def make(cls: type[_T], setters: tuple[Any, ...], values: tuple[Any, ...]) -> _T:
    """An instance of the frozen dataclass ``cls`` (``setters``: its own)
    with ``values`` for all its fields in order: what ``cls(*values)``
    makes, without its ``__init__``, which sets each field through
    ``object.__setattr__`` (two to three times slower)."""
    obj: _T = _obj_new(cls)
    for i in range(len(setters)):
        setters[i](obj, values[i])
    return obj


TAG_SLOTS: Final = slot_setters(Tag)
DEAL_SLOTS: Final = slot_setters(Deal)
RESULT_SLOTS: Final = slot_setters(RoundResult)
ROUND_SLOTS: Final = slot_setters(Round)
WINNER_SLOTS: Final = slot_setters(Winner)
GAME_SLOTS: Final = slot_setters(Game)


_STRING_RE = re.compile(r'"(?:[^"\\]|\\.)*"')


def _tag(tok: _Line) -> Tag:
    inner = tok.value[1:-1]
    key = inner.split(None, 1)[0] if inner.strip() else ""
    values = tuple(json.loads(s) for s in _STRING_RE.findall(inner, len(key)))
    return make(Tag, TAG_SLOTS, (key, values, tok.line, tok.col, tok.comments, None))


def _deal(tok: _Line) -> Deal:
    text: str = tok.value
    fields = text.split()
    tiles: list[Any] = []
    for f in fields[2:]:
        tiles.append(None if f == "?" else _TILES.get(f) or _tile(f))
    return make(Deal, DEAL_SLOTS, (fields[1], tuple(tiles), tok.line, tok.col, tok.comments,
                               None))


def _totals_after(tok: _Line, fields: list[str], index: int) -> TotalsClaim | None:
    if len(fields) > index:
        return _totals_claim(fields[index], tok.col + tok.value.rfind(fields[index]))
    return None


def _result(tok: _Line) -> RoundResult:
    text: str = tok.value
    fields = text.split()
    outcome = fields[1] if len(fields) > 1 and not fields[1].startswith("(") else None
    seat = fields[2] if outcome == "domino" else None
    totals = _totals_after(tok, fields, 1 + (outcome is not None) + (seat is not None))
    return make(RoundResult, RESULT_SLOTS, (outcome, seat, totals, tok.line, tok.col,
                                        tok.comments, None))


def _winner(tok: _Line) -> Winner:
    text: str = tok.value
    fields = text.split()
    return make(Winner, WINNER_SLOTS, (fields[1], _totals_after(tok, fields, 2), tok.line, tok.col,
                                   tok.comments, None))


class _Build:
    """Inline callbacks of the LALR parser: line tokens in, records out (a
    plain class, not Lark's ``Transformer``: Lark looks the callbacks up by
    rule name, and reading a valid record imports no Lark)."""

    def round(self, children: list[_Line]) -> Round:
        head = children[0]
        text: str = head.value
        fields = text.split()
        deals: list[Deal] = []
        events: list[Event] = []
        result = None
        for tok in children[1:]:
            t = tok.type
            if t == "EVENTS":  # its records are built as its lines are read
                events.extend(tok.value)
            elif t == "DEAL":
                deals.append(_deal(tok))
            else:
                result = _result(tok)
        return make(Round, ROUND_SLOTS, (
            int(fields[1]), fields[3], tuple(deals), tuple(events), result,
            head.line, head.col, head.comments, None,
        ))

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
        return make(Game, GAME_SLOTS, (
            tuple(tags), tuple(rounds), winner, head.line, head.col, end.line,
            head.comments, end.comments, (), None,
        ))


# --------------------------------------------------------------------------
# The order of a game's lines, without Lark on the common path.

class GameLines:
    """The line tokens of the game being read, in an order the grammar
    allows, built into its ``Game`` record at its 'end' line by the same
    callbacks the parser calls (``_Build``).

    The order is checked without Lark, by ``order``: the grammar's game
    rule as the table of its line orders (state 0 before the 'game' line),
    which ``ftn.grammar.line_order`` derives from the grammar. The grammar
    stays the judge: a token the table does not allow is fed, after the
    game's tokens so far, to Lark's parser (``start``: a new interactive
    parser for the game rule), which then raises the ``UnexpectedToken``
    that names what it expected; should it accept the token, it takes over
    the game."""

    __slots__ = ("lark", "order", "start", "state", "tokens")

    def __init__(self, start: Any, order: tuple[dict[str, int], ...]) -> None:
        self.start = start
        self.order = order
        self.tokens: list[_Line] = []
        self.state = 0
        self.lark: Any = None  # Lark's interactive parser, once it has taken over

    def feed(self, tok: _Line) -> None:
        """One more line token; raises Lark's ``UnexpectedToken`` where the
        grammar does not allow it."""
        if self.lark is None:
            nxt = self.order[self.state].get(tok.type)
            if nxt is not None:
                self.state = nxt
                self.tokens.append(tok)
                return
            parser = self.start()
            for t in self.tokens:
                parser.parser_state.feed_token(t)
            # Raises where the grammar refuses the token too: the table's
            # state is then as it was (``allows``, no ``rebuilt`` needed).
            parser.parser_state.feed_token(tok)
            self.lark = parser
        else:
            self.lark.parser_state.feed_token(tok)
        self.tokens.append(tok)

    def allows(self, kind: str) -> bool | None:
        """Whether a line of this kind may come next (None: only Lark can
        tell). Costs nothing, unlike a refused ``feed``."""
        if self.lark is not None or not self.tokens:
            return None
        return kind in self.order[self.state]

    def rebuilt(self) -> GameLines:
        """The game's lines so far, ready for the next: after a line the
        grammar refused, the game goes on without it (the same object when
        the refusal left it as it was, else the lines fed again)."""
        if self.lark is None:
            return self
        again = GameLines(self.start, self.order)
        for tok in self.tokens:
            again.feed(tok)
        return again

    def dropped(self, at: int) -> GameLines:
        """The game's lines without the one at ``at`` (a stand-in for a line
        that could not be read), fed again: two runs of events it stood
        between become one, the first."""
        tokens = self.tokens
        rest = tokens[at + 1:]
        if at > 0 and rest and tokens[at - 1].type == "EVENTS" and rest[0].type == "EVENTS":
            tokens[at - 1].value.extend(rest.pop(0).value)
        again = GameLines(self.start, self.order)
        for tok in tokens[:at] + rest:
            again.feed(tok)
        return again

    def finish(self) -> Game:
        """The record of the game, after its 'end' line."""
        if self.lark is not None:
            game: Game = self.lark.feed_eof()
            return game
        build = _BUILD
        children: list[Any] = []
        rnd: list[_Line] | None = None
        for tok in self.tokens:
            t = tok.type
            if t == "ROUND":
                if rnd is not None:
                    children.append(build.round(rnd))
                rnd = [tok]
            elif rnd is not None and t in _IN_ROUND:
                rnd.append(tok)
            else:
                if rnd is not None:
                    children.append(build.round(rnd))
                    rnd = None
                children.append(tok)
        return build.game(children)


_IN_ROUND = frozenset(("DEAL", "EVENTS", "RESULT"))
_BUILD = _Build()
