"""Read FTN text into typed game records (``notation.model``).

Boundary: syntax only. This module turns lines into ``Game`` records that carry
their source positions, or into ``ParseError`` s that say where the text breaks
the grammar (``ftn.lark``) and what was expected there. It does not judge
whether a game is legal or its claims right, and it never imports the
verifier.

How: reading is line-based (see the header of ``ftn.lark``). Each line is
matched against one regular expression built from the grammar's line
terminals; the resulting line tokens are fed to Lark's LALR parser, one game
at a time, with an inline transformer that builds the records (no parse tree
is built). Because games are parsed one by one, a syntax error costs only its
own game: reading goes on at the next ``game`` line. The compiled grammar is
cached on disk by Lark and built lazily, on the first read.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from importlib import resources
from typing import Any

from lark import Lark, Transformer
from lark.exceptions import UnexpectedToken

from .model import (
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
    Tile,
    TotalsClaim,
    Winner,
)

# The line terminals, most frequent first (they exclude each other, so the
# order only saves time).
LINE_TERMINALS = (
    "PLACEMENT", "KNOCK", "DEAL", "ROUND", "RESULT", "TAG", "GAME", "END", "WINNER",
)

#: What each token kind is called in messages.
KIND_NAMES = {
    "GAME": "a 'game' line",
    "END": "an 'end' line",
    "TAG": "a header tag",
    "ROUND": "a 'round' line",
    "DEAL": "a 'deal' line",
    "PLACEMENT": "a placement",
    "KNOCK": "a knock",
    "RESULT": "a 'result' line",
    "WINNER": "a 'winner' line",
    "EVENTS": "an event (a placement or a knock)",
    "$END": "the end of the file",
}


@dataclass(frozen=True, slots=True)
class ParseError:
    """A place where the text breaks the grammar.

    ``game`` is the number (1-based) of the game it belongs to, or 0 for text
    outside any game. ``expected`` names what could stand at that place.
    """

    message: str
    line: int
    col: int
    expected: tuple[str, ...] = ()
    game: int = 0
    source: str = "<input>"


Item = Game | ParseError


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
                        events.append(Knock(value.split()[0], line, col, cm))
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


# --------------------------------------------------------------------------
# The compiled grammar.


def grammar_text() -> str:
    """The text of ``ftn.lark``, the grammar of FTN."""
    return resources.files(__package__).joinpath("ftn.lark").read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def _lark() -> Lark:
    return Lark(
        grammar_text(),
        parser="lalr",
        lexer="basic",
        start=["start", "game", "field"],
        transformer=_Build(),
        cache=True,
    )


@lru_cache(maxsize=1)
def _line_regex() -> re.Pattern[str]:
    lark = _lark()
    alts = "|".join(
        f"(?P<{name}>{lark.get_terminal(name).pattern.to_regexp()})" for name in LINE_TERMINALS
    )
    return re.compile(rf"[ \t]*(?:{alts}|(?P<COMMENT>#.*))[ \t]*(?:#(?P<TRAIL>.*))?")


@cache
def field_regex(name: str) -> re.Pattern[str]:
    """The compiled regular expression of one field terminal of the grammar."""
    return re.compile(_lark().get_terminal(name).pattern.to_regexp())


# --------------------------------------------------------------------------
# Pointing at the first wrong character of a line that matches no terminal.

_FIELD_NAMES = {
    "SEAT": "a seat name",
    "SIDE": "a side (seats joined by '+')",
    "NUMBER": "a number",
    "TILE": "a tile (like 6-3)",
    "UNKNOWN": "'?'",
    "END_SIDE": "an end (L or R)",
    "END_TOTAL": "an end total (=N)",
    "POINTS": "points (+N, +N+B, over+N)",
    "TOTALS": "totals (like (12,30))",
    "KEY": "a tag name (lower case)",
    "STRING": 'a quoted string (like "Alice")',
}

# A line shape: steps of (alternatives, how many: "1", "?" or "+").
# An alternative is a field terminal's name or a literal word in quotes.
_SHAPES: dict[str, list[tuple[tuple[str, ...], str]]] = {
    "game": [(("'game'",), "1")],
    "end": [(("'end'",), "1")],
    "round": [
        (("'round'",), "1"), (("NUMBER",), "1"), (("'opener'",), "1"), (("SEAT",), "1"),
    ],
    "deal": [(("'deal'",), "1"), (("SEAT",), "1"), (("TILE", "UNKNOWN"), "+")],
    "result": [
        (("'result'",), "1"),
        (("'domino'", "'blocked'", "'target'"), "1"),
        (("SEAT",), "domino"),
        (("TOTALS",), "?"),
    ],
    "winner": [(("'winner'",), "1"), (("SIDE",), "1"), (("TOTALS",), "?")],
    "event": [
        (("SEAT",), "1"),
        (("TILE", "'knock'"), "1"),
        (("END_SIDE",), "?"),
        (("END_TOTAL",), "?"),
        (("POINTS",), "?"),
        (("TOTALS",), "?"),
    ],
}


def _describe(alt: str) -> str:
    return alt if alt.startswith("'") else _FIELD_NAMES[alt]


def _prefix_len(alt: str, text: str) -> int:
    """How many leading characters of ``text`` can begin an ``alt``."""
    if alt.startswith("'"):
        word = alt[1:-1]
        n = 0
        while n < min(len(word), len(text)) and word[n] == text[n]:
            n += 1
        return n
    regex = field_regex(alt)
    for k in range(len(text), 0, -1):
        if regex.fullmatch(text, 0, k):
            return k
    return 0


def _full(alt: str, text: str) -> bool:
    if alt.startswith("'"):
        return text == alt[1:-1]
    return field_regex(alt).fullmatch(text) is not None


# A string's escapes (as in the grammar's STRING): a surrogate only as a pair.
_ESCAPE = re.compile(
    r'\\(?:["\\/bfnrt]|u(?![dD][89a-fA-F])[0-9a-fA-F]{4}'
    r"|u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2})"
)
_SURROGATE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def _diagnose_tag(text: str, start: int) -> tuple[int, str, tuple[str, ...]]:
    pos = start + 1
    m = field_regex("KEY").match(text, pos)
    if not m:
        return pos, "a header tag starts with its name", (_FIELD_NAMES["KEY"],)
    pos = m.end()
    string = field_regex("STRING")
    while True:
        ws = re.compile(r"[ \t]*").match(text, pos)
        assert ws is not None
        q = ws.end()
        if q < len(text) and text[q] == "]":
            q += 1
            rest = text[q:].strip()
            if rest and not rest.startswith("#"):
                return q + (len(text[q:]) - len(text[q:].lstrip())), "unexpected text", (
                    "the end of the line",
                )
            return -1, "", ()
        if q < len(text) and text[q] == '"':
            sm = string.match(text, q)
            if not sm:
                # Find the first bad character inside the string.
                bad = q + 1
                while bad < len(text):
                    ch = text[bad]
                    if ch == '"':
                        break
                    if ch == "\\":
                        esc = _ESCAPE.match(text, bad)
                        if not esc:
                            if _SURROGATE.match(text, bad):
                                return bad, "a lone surrogate escape in a string", (
                                    "a pair: \\uD800-\\uDBFF, then \\uDC00-\\uDFFF",
                                )
                            return bad, "bad escape in a string", ('an escape like \\" or \\u00e9',)
                        bad = esc.end()
                        continue
                    if ord(ch) < 0x20:
                        return bad, "control character in a string", ("a printable character",)
                    bad += 1
                return len(text), "unterminated string", ('a closing "',)
            if ws.end() == pos and pos != m.end():
                return q, "values are separated by blanks", ("a blank",)
            pos = sm.end()
            continue
        return q, "unexpected text in a header tag", (_FIELD_NAMES["STRING"], "']'")


def diagnose_line(text: str) -> tuple[int, str, tuple[str, ...]]:
    """Find the first wrong character of a line that matches no line terminal.

    Returns the 0-based offset in ``text``, a message, and what was expected
    there. Used only for error messages; the grammar decides what is valid.
    """
    stripped = text.lstrip(" \t")
    start = len(text) - len(stripped)
    if stripped.startswith("["):
        off, msg, exp = _diagnose_tag(text, start)
        if off >= 0:
            return off, msg, exp
        return start, "this line matches no FTN line", ()
    # Cut a trailing comment (there are no quoted strings outside tags).
    body = text.split("#", 1)[0]
    fields = [(m.start(), m.group()) for m in re.finditer(r"\S+", body)]
    first = fields[0][1] if fields else ""
    steps = _SHAPES.get(first, _SHAPES["event"])
    si = 0  # the next step
    count = 0  # fields matched by step si so far (for "+")
    chosen = ""
    for off, f in fields:
        acceptable: list[tuple[str, int]] = []
        j = si
        while j < len(steps):
            alts, how = steps[j]
            if how == "domino" and chosen != "'domino'":
                j += 1
                continue
            acceptable += [(a, j) for a in alts]
            if how in ("1", "domino") or (how == "+" and (j != si or count == 0)):
                break
            j += 1
        hit = next(((a, k) for a, k in acceptable if _full(a, f)), None)
        if hit is None:
            names = tuple(dict.fromkeys(_describe(a) for a, _ in acceptable))
            if j >= len(steps):
                names += ("the end of the line",)
            best = max((_prefix_len(a, f) for a, _ in acceptable), default=0)
            return off + best, _unexpected(f, best), names
        chosen, k = hit
        if k != si:
            si, count = k, 0
        count += 1
        if steps[k][1] != "+":
            si, count = k + 1, 0
        if chosen == "'knock'":
            si = len(steps) + 1  # nothing may follow a knock
            steps = [*steps, ((), "1")]
    for j in range(si, len(steps)):
        alts, how = steps[j]
        if (how == "1" and alts) or (how == "+" and j == si and count == 0) or (
            how == "domino" and chosen == "'domino'"
        ):
            return len(body.rstrip()), "the line ends too soon", tuple(
                _describe(a) for a in alts
            )
    return start, "this line matches no FTN line", ()


def _unexpected(field: str, at: int) -> str:
    if at >= len(field):
        return f"unexpected text after {field!r}"
    return f"unexpected {field[at]!r} in {field!r}" if at else f"unexpected {field!r}"


# --------------------------------------------------------------------------
# Reading.


def _expected_names(expected: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(KIND_NAMES.get(e, e) for e in expected if e in KIND_NAMES))


def read_games(lines: Iterable[str], source: str = "<input>") -> Iterator[Item]:
    """Read games one at a time from an iterable of lines.

    Yields each ``Game`` as soon as it is complete (the last one at the end
    of the input, so that closing comments can be attached to it), and a
    ``ParseError`` for each game that breaks the grammar, and for any text
    outside a game. Lines may keep their line ends. A BOM on the first line is
    skipped.
    """
    lark = _lark()
    fullmatch = _line_regex().fullmatch
    comments: list[str] = []  # comment lines waiting for their element
    parser: Any = None  # the interactive parser, while inside a game
    feed: Any = None  # its parser state's feed_token
    # The current run of event lines: (kind, text, line, col, comments) each.
    run: list[tuple[str, str, int, int, Comments]] | None = None
    held: Game | None = None  # last complete game, held for closing comments
    game_no = 0
    skipping = False  # after an error: skip to the next 'game' line
    stray = False  # text outside games already reported
    lineno = 0

    def error(message: str, line: int, col: int, expected: tuple[str, ...]) -> ParseError:
        return ParseError(message, line, col, expected, game_no if parser else 0, source)

    for raw in lines:
        lineno += 1
        raw = raw.rstrip("\r\n")
        m = fullmatch(raw)
        if m is not None:
            kind = m.lastgroup
            if kind == "PLACEMENT" and run is not None and not comments:
                # The hot path: one more placement in a run of events.
                run.append((kind, m.group(kind), lineno, m.start(kind) + 1, NO_COMMENTS))
                continue
        else:
            kind = None
        if lineno == 1 and raw.startswith("\ufeff"):
            raw = raw[1:]
            m = fullmatch(raw)
            kind = m.lastgroup if m is not None else None
        if not raw or raw.isspace():
            continue
        trail: str | None = None
        if kind == "TRAIL":
            assert m is not None
            kind = next(k for k in LINE_TERMINALS if m.group(k) is not None)
            trail = m.group("TRAIL").rstrip(" \t")
        if kind == "COMMENT":
            if not skipping:
                comments.append(raw.lstrip(" \t")[1:].rstrip(" \t"))
            continue
        if kind != "GAME" and (skipping or (parser is None and stray)):
            continue
        if m is None:
            off, msg, exp = diagnose_line(raw)
            yield error(msg, lineno, off + 1, exp)
            if parser is None:
                stray = True
            else:
                parser = feed = run = None
                skipping = True
            comments.clear()
            continue
        assert kind is not None
        col = m.start(kind) + 1
        if comments or trail is not None:
            cm = Comments(tuple(comments), trail)
            comments.clear()
        else:
            cm = NO_COMMENTS
        is_event = kind == "PLACEMENT" or kind == "KNOCK"
        if is_event and run is not None:  # the hot path: one more event line
            run.append((kind, m.group(kind), lineno, col, cm))
            continue
        tok = _Line(kind, m.group(kind), lineno, col, cm)
        if is_event:
            if parser is not None:
                run = [(kind, tok.value, lineno, col, cm)]
                tokens = [_Line("EVENTS", run, lineno, col, NO_COMMENTS)]
            else:
                tokens = [tok]
        else:
            tokens = [tok]
            if run is not None and parser is not None:
                run = None
        if kind == "GAME":
            if parser is not None:
                yield error(
                    "a new game starts before this one has its 'end' line",
                    lineno, col, ("an 'end' line",),
                )
            if held is not None:
                yield held
                held = None
            game_no += 1
            skipping = stray = False
            run = None
            parser = lark.parse_interactive(start="game")
            feed = parser.parser_state.feed_token
        elif parser is None:
            stray = True
            yield error(f"{KIND_NAMES[kind]} outside a game", lineno, col, ("a 'game' line",))
            continue
        try:
            for t in tokens:
                feed(t)
            if kind == "END":
                held = parser.feed_eof()
                parser = feed = run = None
        except UnexpectedToken as e:
            bad = e.token if isinstance(e.token, _Line) else tok
            yield error(
                f"{KIND_NAMES[bad.type]} cannot stand here", bad.line, bad.col,
                _expected_names(e.expected),
            )
            parser = feed = run = None
            skipping = True
    if parser is not None:
        yield error("the file ends inside a game", lineno + 1, 1, ("an 'end' line",))
        comments.clear()
    if held is not None:
        if comments:
            held = replace(held, closing=tuple(comments))
        yield held


def parse(text: str, source: str = "<input>") -> list[Item]:
    """Read a whole text; see ``read_games``."""
    return list(read_games(text.split("\n"), source))


def parse_games(text: str, source: str = "<input>") -> list[Game]:
    """Read a text that must be valid; raise ``FtnSyntaxError`` at the first error."""
    games = []
    for item in read_games(text.split("\n"), source):
        if isinstance(item, ParseError):
            raise FtnSyntaxError(item)
        games.append(item)
    return games


class FtnSyntaxError(ValueError):
    """Raised by ``parse_games`` for text that breaks the grammar."""

    def __init__(self, error: ParseError) -> None:
        super().__init__(f"{error.source}:{error.line}:{error.col}: {error.message}")
        self.error = error
