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
syntax error costs only its own game. Because FTN is line-based, reading
recovers at the next line: a line that matches no terminal, or stands out of
place, is reported and left out (a line whose first word names its kind, a
'round' line say, is replaced by a stand-in of that kind, so that the lines
after it stay in place), so that every error of a game is reported, up to
``MAX_ERRORS``; the game itself is not yielded (``read_items`` yields it as
``Damaged``, for its header to be checked). The grammar is compiled once,
lazily (``grammar``); the records are built by ``build``; a line that
matches no terminal is explained by ``diagnose``.

The direct path (``DIRECT``): inside a run of events, a line that matches
the placement or the knock terminal with its fields as groups
(``grammar.event_regexes``), without a comment, becomes its record at once.
Whatever path a line takes, the records and errors are the same
(``tests/test_parser.py`` compares both paths over generated and mutated
texts).

Limits (``SPEC.md``): a line of more than ``MAX_LINE`` characters, a number
of more than ``MAX_DIGITS`` digits (the line is left out) and a game of more
than ``MAX_ROUNDS`` rounds (the rest of the game is skipped) are syntax
errors, so that any text is read in
time linear in its size and memory bounded by its largest game.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from notation.ftn.build import GameLines, _Line, event_line, knock, placement
from notation.ftn.diagnose import LONE_CR, diagnose_line, guess_kind, without_line_end
from notation.ftn.grammar import (
    LINE_TERMINALS,
    _lark,
    event_regexes,
    field_regex,
    grammar_text,
    line_regex,
    unexpected_token,
)
from notation.ftn.scanner import COMPILED, scan_event, scan_line
from notation.json.text import MAX_DIGITS, MAX_ROUNDS  # the same limits as the JSON reader's
from notation.model import NO_COMMENTS, Comments, Game, Knock, Placement

__all__ = [
    "KIND_NAMES", "MAX_ERRORS", "Damaged", "FtnSyntaxError", "Item", "ParseError",
    "diagnose_line", "field_regex", "grammar_text", "parse", "parse_games", "read_games",
    "read_items",
]

#: The longest line read (in characters, without its line end).
MAX_LINE = 10_000
#: The most syntax errors reported for one game (the rest of it is skipped).
MAX_ERRORS = 20
#: Whether event lines in a run take the direct path (``read_games``); off,
#: every line goes through the line regex (the tests compare the two).
DIRECT = True
#: Whether the direct path reads event lines a character at a time
#: (``scan.scan_event``) rather than by the event regexes: when that module
#: is compiled (the tests compare the two).
SCAN = COMPILED
_LONG_NUMBER = re.compile(rf"[0-9]{{{MAX_DIGITS + 1}}}")
#: Event lines shorter than this hold no run of digits beyond the limit (the
#: shortest that may: a seat of a letter and such a run, then " 1-1").
_SHORT = MAX_DIGITS + 6

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


@dataclass(frozen=True, slots=True)
class Damaged:
    """A game read in spite of syntax errors (each yielded as a
    ``ParseError`` before it), its bad lines left out or replaced by
    stand-ins: good enough to check its header, never to replay or print.
    ``number`` is its number in the input."""

    game: Game
    number: int


# --------------------------------------------------------------------------
# Reading.


def _expected_names(expected: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(KIND_NAMES.get(e, e) for e in expected if e in KIND_NAMES))


def read_games(lines: Iterable[str], source: str = "<input>", first_line: int = 1,
               first_game: int = 1) -> Iterator[Item]:
    """Read games one at a time from an iterable of lines.

    Yields each ``Game`` as soon as it is complete (the last one at the end
    of the input, so that closing comments can be attached to it), and a
    ``ParseError`` for every line of a game that breaks the grammar (up to
    ``MAX_ERRORS`` a game), and for any text outside a game; a game with an
    error yields no ``Game``. Lines may keep their line ends. A BOM on the
    first line is skipped. ``first_line`` and ``first_game`` number the
    first line and game (for a piece of a longer input that starts at a
    'game' line).
    """
    for item in read_items(lines, source, first_line, first_game):
        if not isinstance(item, Damaged):
            yield item


def read_items(lines: Iterable[str], source: str = "<input>", first_line: int = 1,
               first_game: int = 1) -> Iterator[Item | Damaged]:
    """``read_games``, and after the errors of a game that has some, the
    game as read without its bad lines (``Damaged``), when its header tags
    could all be read: so that its header can be checked too."""

    def start() -> Any:  # Lark: loaded on the first game with a line out of place
        return _lark().parse_interactive(start="game")

    fullmatch = line_regex().fullmatch
    long_number = _LONG_NUMBER.search
    comments: list[str] = []  # comment lines waiting for their element
    parser: GameLines | None = None  # the game being read
    regexes = event_regexes()
    fast_placement, fast_knock = (r.fullmatch for r in regexes)
    direct = DIRECT
    scan = scan_event if SCAN else None
    # The records of the current run of event lines.
    run: list[Placement | Knock] | None = None
    held: Game | None = None  # last complete game, held for closing comments
    game_no = first_game - 1
    skipping = False  # after too many errors: skip to the next 'game' line
    stray = False  # text outside games already reported
    lineno = first_line - 1
    rounds = 0  # rounds of the current game
    errors = 0  # syntax errors of the current game
    tags_lost = False  # a header tag of the current game could not be read
    misplaced: str | None = None  # the kind of the last line out of place
    errors_before = 0  # errors of a game met before its (mistyped) 'game' line

    def error(message: str, line: int, col: int, expected: tuple[str, ...]) -> ParseError:
        return ParseError(message, line, col, expected, game_no if parser else 0, source)

    for raw in lines:
        lineno += 1
        cr = -1  # the offset of a lone carriage return in the line
        if "\r" in raw:
            raw, cr = without_line_end(raw, lineno)
        else:
            raw = raw.rstrip("\n")
        if direct and run is not None and not comments and cr < 0:
            # The hot path: one more event line in a run, without a comment,
            # and (for a long line) no number beyond the limit.
            direct_event = scan(raw, lineno) if scan is not None else event_line(
                raw, lineno, regexes)
            if direct_event is not None:
                run.append(direct_event)
                continue
        if direct and parser is not None and not comments and cr < 0:
            # The first event of a run, and (compiled) a 'deal', 'round' or
            # 'result' line, where the game's order of lines allows it: read
            # without the line regex, as it would read them.
            if run is None and parser.allows("EVENTS"):
                first = scan(raw, lineno) if scan is not None else event_line(
                    raw, lineno, regexes)
                if first is not None:
                    run = [first]
                    parser.feed(_Line("EVENTS", run, lineno, first.col, NO_COMMENTS))
                    misplaced = None
                    continue
            if scan is not None:
                found = scan_line(raw)
                if found is not None and parser.allows(found[0]) and (
                        found[0] != "ROUND" or rounds < MAX_ROUNDS):
                    line_kind, at, upto = found
                    rounds += line_kind == "ROUND"
                    run = None
                    parser.feed(_Line(line_kind, raw[at:upto], lineno, at + 1, NO_COMMENTS))
                    misplaced = None
                    continue
        if cr >= 0 or len(raw) > MAX_LINE:
            m = None
            limit = (LONE_CR, cr) if cr >= 0 else (
                f"a line of {len(raw)} characters: longer than the limit of {MAX_LINE}", MAX_LINE)
            kind = None
        else:
            m = fullmatch(raw)
            limit = None
        kind = m.lastgroup if m is not None else None
        if lineno == 1 and raw.startswith("\ufeff") and limit is None:
            raw = raw[1:]
            m = fullmatch(raw)
            kind = m.lastgroup if m is not None else None
        if (not raw or raw.isspace()) and cr < 0:
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
                yield error(f"a game of more than {MAX_ROUNDS} rounds", lineno,
                            m_col(raw) + 1, ())
                parser = run = None
                skipping = True
                comments.clear()
                continue
        if (kind != "GAME" or limit is not None) and (skipping or (parser is None and stray)):
            continue
        stand_in = False  # the line is a stand-in for a line that could not be read
        value: Any
        if m is None:
            # A line that matches no line of FTN: reported, and reading goes
            # on at the next line, the line replaced by a stand-in of the
            # kind its first word names (so that the lines after it stay in
            # their places), or left out.
            exp: tuple[str, ...] = ()
            if limit is not None:
                off, msg = limit[1], limit[0]
            else:
                off, msg, exp = diagnose_line(raw)
            guess = guess_kind(raw if cr < 0 else raw[:cr])
            comments.clear()
            if parser is None:
                if guess != "GAME" or cr >= 0:  # a lone CR outside a game starts none
                    yield error(msg, lineno, off + 1, exp)
                    stray = True
                    continue
                # A mistyped 'game' line: the game starts all the same.
                yield ParseError(msg, lineno, off + 1, exp, game_no + 1, source)
                value = "game"
                errors_before = 1
            else:
                errors += 1
                if errors >= MAX_ERRORS:
                    msg += (f" ({MAX_ERRORS} errors in this game: the rest of it is not "
                            "read)")
                yield error(msg, lineno, off + 1, exp)
                if errors >= MAX_ERRORS:
                    parser = run = None
                    skipping = True
                    continue
                if guess == "TAG":
                    fixed = fullmatch(raw.translate(_CURLY))
                    if fixed is not None and fixed.group("TAG") is not None:
                        value = fixed.group("TAG")
                    else:
                        tags_lost = True
                        continue
                elif guess in _STAND_IN:
                    value = _STAND_IN[guess]
                else:
                    continue  # an event, or a line of no kind: left out
            assert guess is not None
            kind, col, cm, stand_in = guess, m_col(raw) + 1, NO_COMMENTS, True
        else:
            assert kind is not None
            value = m.group(kind)
            col = m.start(kind) + 1
            if comments or trail is not None:
                cm = Comments(tuple(comments), trail)
                comments.clear()
            else:
                cm = NO_COMMENTS
        is_event = kind == "PLACEMENT" or kind == "KNOCK"
        if is_event:
            f = (fast_placement if kind == "PLACEMENT" else fast_knock)(value)
            assert f is not None  # the same terminal, with its fields as groups
            ev = (placement if kind == "PLACEMENT" else knock)(f, col - 1, lineno, cm)
            if run is not None:  # one more event line
                run.append(ev)
                continue
        tok = _Line(kind, value, lineno, col, cm)
        if is_event:
            if parser is not None:
                run = [ev]
                tok = _Line("EVENTS", run, lineno, col, NO_COMMENTS)
        elif run is not None and parser is not None:
            run = None
        if kind == "GAME":
            if stand_in and parser is not None:
                continue  # a mistyped 'game' line inside a game: left out
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
            errors = errors_before if stand_in else 0
            tags_lost = skipping = stray = False
            misplaced = None
            run = None
            parser = GameLines(start)
        elif parser is None:
            stray = True
            yield error(f"{KIND_NAMES[kind]} outside a game", lineno, col, ("a 'game' line",))
            continue
        if misplaced == tok.type and parser.allows(tok.type) is False:
            run = None  # one more line out of place in a run of them: left out
            continue
        try:
            parser.feed(tok)
            misplaced = None
            if kind == "END":
                game = parser.finish()
                parser = run = None
                if not errors:
                    held = game
                elif not tags_lost:
                    yield Damaged(game, game_no)
        except unexpected_token() as e:  # evaluated only when something is raised
            # A line out of place: reported (once for a run of lines of the
            # same kind), and left out.
            bad = e.token if isinstance(e.token, _Line) else tok
            if not stand_in and misplaced != bad.type:
                errors += 1
                msg = f"{KIND_NAMES[bad.type]} cannot stand here"
                if errors >= MAX_ERRORS:
                    msg += f" ({MAX_ERRORS} errors in this game: the rest of it is not read)"
                yield error(msg, bad.line, bad.col, _expected_names(e.expected))
                if errors >= MAX_ERRORS:
                    parser = run = None
                    skipping = True
                    continue
            misplaced = bad.type
            assert parser is not None
            parser = parser.rebuilt()
            run = None
    if parser is not None:
        yield error("the file ends inside a game", lineno + 1, 1, ("an 'end' line",))
        comments.clear()
    if held is not None:
        if comments:
            held = replace(held, closing=tuple(comments))
        yield held


#: What stands in a game for a line of that kind that cannot be read.
_STAND_IN = {"ROUND": "round 0 opener ?", "DEAL": "deal ?", "RESULT": "result blocked",
             "WINNER": "winner none", "END": "end"}
#: Curly quotes, read as straight ones in a tag line that cannot be read
#: (so that its values still count in the header's checks).
_CURLY = str.maketrans(dict.fromkeys("\u201c\u201d\u201e\u201f\u2033", '"'))


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

