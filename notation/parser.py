"""Read FTN text into typed game records (``notation.model``).

Boundary: syntax only. This module turns lines into ``Game`` records that carry
their source positions, or into ``ParseError`` s that say where the text breaks
the grammar (``ftn.lark``) and what was expected there. It does not judge
whether a game is legal or its claims right, and it never imports the
verifier.

How: reading is line-based (see the header of ``ftn.lark``). Each line is
matched against one regular expression built from the grammar's line
terminals, and becomes a line token (a run of event lines, one EVENTS
token). The grammar's game rule orders the tokens of one game at a time
(``build.GameLines``: the rule as a table, checked without Lark; a token
out of place is handed, after the game's tokens so far, to Lark's LALR
parser, which names what it expected). Because games are read one by one, a
syntax error costs only its own game: reading goes on at the next ``game``
line. The grammar is compiled once, lazily (``grammar``); the records are
built by ``build``; a line that matches no terminal is explained by
``diagnose``.

The direct path (``DIRECT``): inside a run of events, a line that matches
the placement or the knock terminal with its fields as groups
(``grammar.event_regexes``), without a comment, becomes its record at once.
Whatever path a line takes, the records and errors are the same
(``tests/test_parser.py`` compares both paths over generated and mutated
texts).

Limits (``SPEC.md``): a line of more than ``MAX_LINE`` characters, a number
of more than ``MAX_DIGITS`` digits and a game of more than ``MAX_ROUNDS``
rounds are syntax errors (the game is skipped), so that any text is read in
time linear in its size and memory bounded by its largest game.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from .build import GameLines, _Line, knock, placement
from .diagnose import diagnose_line
from .grammar import (
    LINE_TERMINALS,
    _lark,
    _line_regex,
    event_regexes,
    field_regex,
    grammar_text,
    unexpected_token,
)
from .model import NO_COMMENTS, Comments, Game, Knock, Placement

__all__ = [
    "KIND_NAMES", "FtnSyntaxError", "Item", "ParseError", "diagnose_line", "field_regex",
    "grammar_text", "parse", "parse_games", "read_games",
]

#: The longest line read (in characters, without its line end).
MAX_LINE = 10_000
#: The most digits of a number (Python refuses to read 4,300).
MAX_DIGITS = 18
#: The most rounds of a game.
MAX_ROUNDS = 10_000
#: Whether event lines in a run take the direct path (``read_games``); off,
#: every line goes through the line regex (the tests compare the two).
DIRECT = True
_LONG_NUMBER = re.compile(rf"[0-9]{{{MAX_DIGITS + 1}}}")
#: Placement lines shorter than this hold no number beyond the limit.
_SHORT = MAX_DIGITS + 8

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


# --------------------------------------------------------------------------
# Reading.


def _expected_names(expected: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(KIND_NAMES.get(e, e) for e in expected if e in KIND_NAMES))


def read_games(lines: Iterable[str], source: str = "<input>", first_line: int = 1,
               first_game: int = 1) -> Iterator[Item]:
    """Read games one at a time from an iterable of lines.

    Yields each ``Game`` as soon as it is complete (the last one at the end
    of the input, so that closing comments can be attached to it), and a
    ``ParseError`` for each game that breaks the grammar, and for any text
    outside a game. Lines may keep their line ends. A BOM on the first line is
    skipped. ``first_line`` and ``first_game`` number the first line and
    game (for a piece of a longer input that starts at a 'game' line).
    """
    def start() -> Any:  # Lark: loaded on the first game with a line out of place
        return _lark().parse_interactive(start="game")

    fullmatch = _line_regex().fullmatch
    long_number = _LONG_NUMBER.search
    comments: list[str] = []  # comment lines waiting for their element
    parser: GameLines | None = None  # the game being read
    fast_placement, fast_knock = (r.fullmatch for r in event_regexes())
    direct = DIRECT
    # The records of the current run of event lines.
    run: list[Placement | Knock] | None = None
    held: Game | None = None  # last complete game, held for closing comments
    game_no = first_game - 1
    skipping = False  # after an error: skip to the next 'game' line
    stray = False  # text outside games already reported
    lineno = first_line - 1
    rounds = 0  # rounds of the current game

    def error(message: str, line: int, col: int, expected: tuple[str, ...]) -> ParseError:
        return ParseError(message, line, col, expected, game_no if parser else 0, source)

    for raw in lines:
        lineno += 1
        raw = raw.rstrip("\r\n")
        if direct and run is not None and not comments:
            # The hot path: one more event line in a run, without a comment,
            # and (for a long line) no number beyond the limit.
            f = fast_placement(raw)
            if f is not None:
                if len(raw) < _SHORT or (len(raw) <= MAX_LINE and long_number(raw) is None):
                    run.append(placement(f, 0, lineno, NO_COMMENTS))
                    continue
            else:
                f = fast_knock(raw)
                if f is not None and (
                        len(raw) < _SHORT or (len(raw) <= MAX_LINE and long_number(raw) is None)):
                    run.append(knock(f, 0, lineno, NO_COMMENTS))
                    continue
        if len(raw) > MAX_LINE:
            m = None
            limit = (f"a line of {len(raw)} characters: longer than the limit of "
                     f"{MAX_LINE}", MAX_LINE)
            kind = None
        else:
            m = fullmatch(raw)
            limit = None
        kind = m.lastgroup if m is not None else None
        if lineno == 1 and raw.startswith("\ufeff") and limit is None:
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
        if m is not None and kind is not None and kind != "TAG":  # a tag holds strings
            long = long_number(raw, 0, m.end(kind))
            if long is not None:
                m = None
                limit = (f"a number of more than {MAX_DIGITS} digits", long.start())
        if kind == "ROUND" and m is not None and parser is not None:
            rounds += 1
            if rounds > MAX_ROUNDS:
                m = None
                limit = (f"a game of more than {MAX_ROUNDS} rounds", m_col(raw))
        if (kind != "GAME" or limit is not None) and (skipping or (parser is None and stray)):
            continue
        if m is None:
            exp: tuple[str, ...] = ()
            if limit is not None:
                off, msg = limit[1], limit[0]
            else:
                off, msg, exp = diagnose_line(raw)
            yield error(msg, lineno, off + 1, exp)
            if parser is None:
                stray = True
            else:
                parser = run = None
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
        if is_event:
            value = m.group(kind)
            f = (fast_placement if kind == "PLACEMENT" else fast_knock)(value)
            assert f is not None  # the same terminal, with its fields as groups
            ev = (placement if kind == "PLACEMENT" else knock)(f, col - 1, lineno, cm)
            if run is not None:  # one more event line
                run.append(ev)
                continue
        tok = _Line(kind, m.group(kind), lineno, col, cm)
        if is_event:
            if parser is not None:
                run = [ev]
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
            rounds = 0
            skipping = stray = False
            run = None
            parser = GameLines(start)
        elif parser is None:
            stray = True
            yield error(f"{KIND_NAMES[kind]} outside a game", lineno, col, ("a 'game' line",))
            continue
        try:
            for t in tokens:
                parser.feed(t)
            if kind == "END":
                held = parser.finish()
                parser = run = None
        except unexpected_token() as e:  # evaluated only when something is raised
            bad = e.token if isinstance(e.token, _Line) else tok
            yield error(
                f"{KIND_NAMES[bad.type]} cannot stand here", bad.line, bad.col,
                _expected_names(e.expected),
            )
            parser = run = None
            skipping = True
    if parser is not None:
        yield error("the file ends inside a game", lineno + 1, 1, ("an 'end' line",))
        comments.clear()
    if held is not None:
        if comments:
            held = replace(held, closing=tuple(comments))
        yield held


def m_col(raw: str) -> int:
    """The offset of the first character of a line that is not a blank."""
    return len(raw) - len(raw.lstrip(" \t"))


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

