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
(``ftn.build.GameLines``: the rule as a table that ``ftn.grammar`` derives
from the grammar, checked without Lark; a token
out of place is handed, after the game's tokens so far, to Lark's LALR
parser, which names what it expected). Because games are read one by one, a
syntax error costs only its own game. Because FTN is line-based, reading
recovers at the next line: a line that matches no terminal, or stands out of
place, is reported and left out (a line whose first word names its kind, a
'round' line say, is replaced by a stand-in of that kind, so that the lines
after it stay in place; the stand-in is dropped when the next line cannot
follow it but can follow without it, and a stand-in 'round' line among a
round's events when the next 'round' line's number shows that it split no
round: SPEC.md §10), so that every error of a game is reported, up to
``MAX_ERRORS``; the game itself is not yielded (``read_items`` yields it as
``Damaged``, for its header to be checked). The grammar is compiled once,
lazily (``ftn.grammar``); the records are built by ``ftn.build``; a line that
matches no terminal is explained by ``ftn.diagnose``.

The direct path (``DIRECT``): inside a run of events, an event line
without a comment becomes its record at once, by the build's fast reader:
interpreted, ``ftn.build.event_line`` (the record of the line's head, all
but its totals, made once where it matches the grammar's terminals, and
kept); compiled (``SCAN``), ``ftn.scanner.scan_event``, a character at a
time, and so are 'deal', 'round' and 'result' lines (``ftn.scanner.scan_line``,
before the line regex). Every other line is matched against the line regex.
A reading is a ``_Reader``: one method for each step of a line (the direct
path, matching, a line that cannot be read, a line into its game, the end).
Whatever path a line takes, the records and errors are the same
(``tests/unit/notation/test_parser.py`` compares both paths over generated and mutated
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

from notation.ftn.build import GameLines, _Line, event_line
from notation.ftn.build import event as build_event
from notation.ftn.diagnose import LONE_CR, diagnose_line, guess_kind, without_line_end
from notation.ftn.grammar import (
    LINE_TERMINALS,
    _lark,
    event_regexes,
    field_regex,
    grammar_text,
    line_order,
    line_regex,
    unexpected_token,
)
from notation.ftn.scanner import COMPILED, scan_event, scan_line
from notation.model import MAX_DIGITS, MAX_ROUNDS, NO_COMMENTS, Comments, Game, Knock, Placement

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
#: (``ftn.scanner.scan_event``) rather than by their heads
#: (``ftn.build.event_line``): when that module is compiled (the tests compare
#: the two), and 'deal', 'round' and 'result' lines too (``scan_line``). Each
#: build has the one it needs (callgrind, ``ftn check`` of 300 games):
#: interpreted, the scanner takes 81.4% more instructions than the heads;
#: compiled, the heads take 23.3% more than the scanner.
SCAN = COMPILED
_LONG_NUMBER = re.compile(rf"[0-9]{{{MAX_DIGITS + 1}}}")

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
    stand-ins: good enough to check and to replay up to its first bad line
    of a round, never to print. ``number`` is its number in the input;
    ``lost`` the lines of the game that could not be read (a game without
    its 'end' line: the line where it would be), in order; ``lost_keys``
    the names of the tags among them, as far as they can be told ("" where
    not)."""

    game: Game
    number: int
    lost: tuple[int, ...] = ()
    lost_keys: tuple[str, ...] = ()


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
    game as read without its bad lines (``Damaged``): so that it can be
    judged from the lines that could be read (a tag that cannot be read is
    absent). A game without its 'end' line is closed where the next game
    starts, or at the end of the input."""
    yield from _Reader(source, first_game).items(lines, first_line - 1)


def _start_game() -> Any:
    """Lark's parser for one game: loaded on the first game with a line out
    of place."""
    return _lark().parse_interactive(start="game")


class _Reader:
    """One reading of FTN lines: what a line leaves for the lines after it
    (the game being read, its run of events, the comments waiting for their
    element, the counts of its rounds and errors), and a method for each
    step of a line. ``items`` reads the lines; the items a line gives (its
    errors, a game finished before it) wait in ``out`` until ``items``
    yields them, before it reads the next line."""

    def __init__(self, source: str, first_game: int) -> None:
        self.source = source
        self.out: list[Item | Damaged] = []
        self.match = line_regex().fullmatch
        self.regexes = event_regexes()
        self.order = line_order()
        self.direct = DIRECT
        self.scan = SCAN
        self.comments: list[str] = []  # comment lines waiting for their element
        self.parser: GameLines | None = None  # the game being read
        # The records of the current run of event lines (only in a game).
        self.run: list[Placement | Knock] | None = None
        self.held: Game | None = None  # last complete game, held for closing comments
        self.game_no = first_game - 1
        self.skipping = False  # after too many errors: skip to the next 'game' line
        self.stray = False  # text outside games already reported
        self.rounds = 0  # rounds of the current game
        self.errors = 0  # syntax errors of the current game
        self.lost: list[int] = []  # the lines of the current game that could not be read
        self.lost_keys: list[str] = []  # the names of its tags that could not be read
        self.misplaced: str | None = None  # the kind of the last line out of place
        # The stand-in last fed, while no line has followed it: dropped when
        # the next line cannot stand after it but can without it.
        self.stood_in: _Line | None = None
        # A stand-in for a 'round' line among a round's events (no result
        # before it): one round split in two, when the next 'round' line's
        # number follows the round's before it.
        self.split: _Line | None = None

    def items(self, lines: Iterable[str], lineno: int) -> Iterator[Item | Damaged]:
        """The items of ``lines``, the first of them line ``lineno + 1``."""
        out = self.out
        direct = self.direct
        scan = self.scan
        regexes = self.regexes
        comments = self.comments  # (the one list, emptied as its comments are taken)
        # The game being read and its run of events, as the methods leave them.
        parser = self.parser
        run = self.run
        raw = ""
        for raw in lines:
            lineno += 1
            cr = -1  # the offset of a lone carriage return in the line
            if "\r" in raw:
                raw, cr = without_line_end(raw, lineno)
            else:
                raw = raw.rstrip("\n")
            if direct and parser is not None and not comments and cr < 0:
                # The direct path: a line of a game without a comment (and,
                # for a long line, no number beyond the limit). Interpreted,
                # the first event of a run is left to the line regex: trying
                # the heads on each line where a run may start costs more
                # (on the 'deal' lines) than it saves.
                if run is not None or (scan and parser.allows("EVENTS")):
                    event = scan_event(raw, lineno) if scan else event_line(raw, lineno, regexes)
                    if event is not None:
                        if run is not None:
                            run.append(event)  # the hot path: one more event of a run
                        else:
                            run = self._first_event(parser, event, lineno)
                        continue
                if scan and self._scanned(parser, raw, lineno):
                    run = None
                    continue
            self._line(raw, cr, lineno)
            parser = self.parser
            run = self.run
            if out:
                yield from out
                out.clear()
        self._end(lineno, len(raw) + 1)
        yield from out

    def _first_event(self, parser: GameLines, event: Placement | Knock, lineno: int
                     ) -> list[Placement | Knock]:
        """The first event line of a run, read by the direct path where the
        game's order of lines allows a run: the run it starts."""
        run: list[Placement | Knock] = [event]
        self.run = run
        parser.feed(_Line("EVENTS", run, lineno, event.col, NO_COMMENTS))
        self.misplaced = None
        return run

    def _scanned(self, parser: GameLines, raw: str, lineno: int) -> bool:
        """A 'deal', 'round' or 'result' line read by the scanner (compiled),
        where the game's order of lines allows it, as the line regex would
        read it. Whether the line was read so."""
        found = scan_line(raw)
        if found is None or not parser.allows(found[0]) or (
                found[0] == "ROUND" and (self.rounds >= MAX_ROUNDS or self.split is not None)):
            return False
        line_kind, at, upto = found
        self.rounds += line_kind == "ROUND"
        self.run = None
        parser.feed(_Line(line_kind, raw[at:upto], lineno, at + 1, NO_COMMENTS))
        self.misplaced = None
        return True

    def _line(self, raw: str, cr: int, lineno: int) -> None:
        """A line the direct path did not read, matched against the line
        regex (unless it holds a lone carriage return or is too long) and
        taken as what it is: a blank line passed over, a comment kept for
        the next element, a line of FTN taken (``_take``), and any other
        line reported (``_unreadable``)."""
        m: re.Match[str] | None = None
        limit: tuple[str, int] | None = None  # the message and offset of a limit broken
        if cr >= 0:
            limit = (LONE_CR, cr)
        elif len(raw) > MAX_LINE:
            limit = (f"a line of {len(raw)} characters: longer than the limit of {MAX_LINE}",
                     MAX_LINE)
        else:
            m = self.match(raw)
            if lineno == 1 and raw.startswith("\ufeff"):
                raw = raw[1:]
                m = self.match(raw)
        if (not raw or raw.isspace()) and cr < 0:
            return
        if m is None:
            self._unreadable(raw, cr, lineno, limit)
            return
        kind = m.lastgroup
        trail: str | None = None
        if kind == "TRAIL":
            kind = next(k for k in LINE_TERMINALS if m.group(k) is not None)
            trail = m.group("TRAIL").rstrip(" \t")
        if kind == "COMMENT":
            if not self.skipping:
                self.comments.append(raw.lstrip(" \t")[1:].rstrip(" \t"))
            return
        assert kind is not None
        if kind != "TAG":  # a tag holds strings
            long = _LONG_NUMBER.search(raw, 0, m.end(kind))
            if long is not None:
                limit = (f"a number of more than {MAX_DIGITS} digits", long.start())
                self._unreadable(raw, -1, lineno, limit)
                return
        if kind == "ROUND" and self.parser is not None and not self._count_round(raw, lineno):
            return
        if kind != "GAME" and (self.skipping or (self.parser is None and self.stray)):
            return
        comments = self.comments
        if comments or trail is not None:
            cm = Comments(tuple(comments), trail)
            comments.clear()
        else:
            cm = NO_COMMENTS
        self._take(kind, m.group(kind), lineno, m.start(kind) + 1, cm, False)

    def _count_round(self, raw: str, lineno: int) -> bool:
        """One more round in the game; past ``MAX_ROUNDS``, the rest of the
        game is skipped. Whether the game goes on."""
        self.rounds += 1
        if self.rounds <= MAX_ROUNDS:
            return True
        self._error(f"a game of more than {MAX_ROUNDS} rounds", lineno, m_col(raw) + 1, ())
        self._abandon()
        self.comments.clear()
        return False

    def _unreadable(self, raw: str, cr: int, lineno: int, limit: tuple[str, int] | None
                    ) -> None:
        """A line that matches no line of FTN (or breaks a limit): reported,
        and reading goes on at the next line, the line replaced by a
        stand-in of the kind its first word names (so that the lines after
        it stay in their places), or left out."""
        if self.skipping or (self.parser is None and self.stray):
            return
        exp: tuple[str, ...] = ()
        if limit is not None:
            msg, off = limit
        else:
            off, msg, exp = diagnose_line(raw)
        guess = guess_kind(raw if cr < 0 else raw[:cr])
        self.comments.clear()
        value: str | None
        if self.parser is None:
            if guess != "GAME" or cr >= 0:  # a lone CR outside a game starts none
                self._error(msg, lineno, off + 1, exp)
                self.stray = True
                return
            # A mistyped 'game' line: the game starts all the same.
            self.out.append(ParseError(msg, lineno, off + 1, exp, self.game_no + 1, self.source))
            value = "game"
        else:
            value = self._stand_in(raw, guess, (msg, lineno, off + 1, exp))
        if value is not None:
            assert guess is not None
            self._take(guess, value, lineno, m_col(raw) + 1, NO_COMMENTS, True)

    def _stand_in(self, raw: str, guess: str | None,
                  error: tuple[str, int, int, tuple[str, ...]]) -> str | None:
        """The ``error`` of a line of the game that cannot be read, counted;
        and what stands in for the line, or None when it is left out."""
        if not self._count_error(*error):
            return None
        if guess == "TAG":
            fixed = self.match(raw.translate(_CURLY))
            if fixed is not None and fixed.group("TAG") is not None:
                self.lost.remove(error[1])  # read all the same
                return fixed.group("TAG")
            key = _TAG_KEY.match(raw)
            self.lost_keys.append(key.group(1).lower() if key is not None else "")
            return None
        # An event, a line of no kind and a 'game' line are left out.
        return None if guess is None else _STAND_IN.get(guess)

    def _take(self, kind: str, value: str, lineno: int, col: int, cm: Comments,
              stand_in: bool) -> None:
        """A line read, or a stand-in, into the game: an event joins the run
        of events (or starts one), a 'game' line starts a game, and a line
        of a game is fed to it, or reported when there is none. A line out
        of place is reported (once for a run of lines of the same kind), and
        left out."""
        if kind == "PLACEMENT" or kind == "KNOCK":
            self._event(kind, value, lineno, col, cm)
            return
        self.run = None
        if kind == "GAME":
            self._start(lineno, col, stand_in)
        elif self.parser is None:
            self._outside(kind, lineno, col)
            return
        elif kind == "ROUND" and not stand_in and self.split is not None:
            self._unsplit(value)
        self._feed(_Line(kind, value, lineno, col, cm), stand_in)

    def _event(self, kind: str, value: str, lineno: int, col: int, cm: Comments) -> None:
        """An event line that the direct path did not read (it has a comment,
        or starts a run the game's order of lines does not allow)."""
        event = build_event(value, col - 1, lineno, cm, self.regexes)
        if self.run is not None:  # one more event line
            self.run.append(event)
        elif self.parser is None:
            self._outside(kind, lineno, col)
        else:
            run: list[Placement | Knock] = [event]
            self.run = run
            self._feed(_Line("EVENTS", run, lineno, col, NO_COMMENTS), False)

    def _outside(self, kind: str, lineno: int, col: int) -> None:
        """A line of a game outside any game."""
        self.stray = True
        self._error(f"{KIND_NAMES[kind]} outside a game", lineno, col, ("a 'game' line",))

    def _start(self, lineno: int, col: int, stand_in: bool) -> None:
        """A 'game' line: a new game starts (the game being read, if any, is
        reported as unfinished and dropped; the game held is given)."""
        if self.held is not None:
            self.out.append(self.held)
            self.held = None
        if self.parser is not None and not self._ended():
            self._error("a new game starts before this one has its 'end' line",
                        lineno, col, ("an 'end' line",))
            self._close(lineno)
        self.game_no += 1
        self.rounds = 0
        self.errors = 1 if stand_in else 0  # a mistyped 'game' line is its first error
        self.lost = []
        self.lost_keys = []
        self.skipping = self.stray = False
        self.misplaced = None
        self.stood_in = self.split = None
        self.parser = GameLines(_start_game, self.order)

    def _feed(self, tok: _Line, stand_in: bool) -> None:
        """A line token fed to the game, and the game finished at its 'end'
        line; a line out of place is reported (once for a run of lines of
        the same kind), and left out."""
        parser = self.parser
        assert parser is not None
        if self.misplaced == tok.type and parser.allows(tok.type) is False:
            self.run = None  # one more line out of place in a run of them: left out
            return
        try:
            parser.feed(tok)
            self.misplaced = None
            if stand_in:
                self._stood_in(parser, tok)
            elif tok.type == "END":
                self._finish(parser)
        except unexpected_token() as e:  # evaluated only when something is raised
            if not self._retracted(tok):
                self._refused(e, tok, stand_in)

    def _stood_in(self, parser: GameLines, tok: _Line) -> None:
        """A stand-in fed: provisional until the next line (``_retracted``;
        one for an 'end' line ends the game at the next 'game' line or the
        end of the input, ``_ended``); one for a 'round' line right after a
        run of events may split a round in two (``_unsplit``)."""
        self.stood_in = tok
        tokens = parser.tokens
        if tok.type == "ROUND":
            self.split = tok if len(tokens) > 1 and tokens[-2].type == "EVENTS" else None

    def _retracted(self, tok: _Line) -> bool:
        """A line refused right after a stand-in: the reading resumes at
        this line when it can stand there without the stand-in, which is
        then dropped (the line that could not be read costs only itself).
        Whether it was."""
        parser, stood_in = self.parser, self.stood_in
        assert parser is not None
        if stood_in is None or not parser.tokens or parser.tokens[-1] is not stood_in:
            return False
        again = parser.dropped(len(parser.tokens) - 1)
        last = again.tokens[-1] if again.tokens else None
        if tok.type == "EVENTS" and last is not None and last.type == "EVENTS":
            last.value.extend(tok.value)  # the run the stand-in broke goes on
            self.run = last.value
        else:
            try:
                again.feed(tok)
            except unexpected_token():
                return False
            self.run = tok.value if tok.type == "EVENTS" else None
        self.parser, self.stood_in, self.misplaced = again, None, None
        if self.split is stood_in:
            self.split = None
        if tok.type == "END":
            self._finish(again)
        return True

    def _ended(self) -> bool:
        """The game, when its last line is a stand-in for an 'end' line
        that no line has followed: finished there. Whether it was."""
        parser = self.parser
        if parser is None or not parser.tokens or parser.tokens[-1] is not self.stood_in or (
                parser.tokens[-1].type != "END"):
            return False
        self._finish(parser)
        return True

    def _unsplit(self, value: str) -> None:
        """A 'round' line (``value``) after a stand-in that split a round:
        when its number follows that of the round before the stand-in, and
        only events (and a result) stand between, the stand-in stood in for
        no round: it is dropped, the two runs of events joined, and the line
        it stood in for is no line lost to the replay (no event is missing)."""
        split, parser = self.split, self.parser
        self.split = None
        assert split is not None and parser is not None
        tokens = parser.tokens
        at = next((i for i, t in enumerate(tokens) if t is split), 0)
        before = next((t for t in reversed(tokens[:at]) if t.type == "ROUND"), None)
        if before is None or before.value == _STAND_IN["ROUND"] or any(
                t.type not in ("EVENTS", "RESULT") for t in tokens[at + 1:]):
            return
        if int(before.value.split()[1]) + 1 != int(value.split()[1]):
            return
        self.parser = parser.dropped(at)
        if split.line in self.lost:
            self.lost.remove(split.line)

    def _finish(self, parser: GameLines) -> None:
        """The game after its 'end' line: held (for closing comments) when
        it has no error, else given as ``Damaged`` when its tags were read."""
        game = parser.finish()
        self.parser = None
        self.run = None
        if not self.errors:
            self.held = game
        else:
            self.out.append(Damaged(game, self.game_no, tuple(self.lost),
                                    tuple(self.lost_keys)))

    def _close(self, lineno: int) -> None:
        """A game without its 'end' line, closed by a stand-in at line
        ``lineno`` (where the next game starts, or past the input's end)
        and given as ``Damaged``; a game the grammar cannot close there
        (no round yet) is dropped."""
        parser = self.parser
        assert parser is not None
        self.lost.append(lineno)
        self.errors += 1
        try:
            parser.feed(_Line("END", "end", lineno, 1, NO_COMMENTS))
        except unexpected_token():
            self.parser = None
            self.run = None
            return
        self._finish(parser)

    def _refused(self, e: Any, tok: _Line, stand_in: bool) -> None:
        """A line token the grammar refused (Lark's ``UnexpectedToken``
        ``e``): reported, unless it is a stand-in or one more of a run of
        lines out of place, and the game goes on without it."""
        bad = e.token if isinstance(e.token, _Line) else tok
        if not stand_in and self.misplaced != bad.type and not self._count_error(
                f"{KIND_NAMES[bad.type]} cannot stand here", bad.line, bad.col,
                _expected_names(e.expected)):
            return
        self.misplaced = bad.type
        assert self.parser is not None
        self.parser = self.parser.rebuilt()
        self.run = None

    def _count_error(self, message: str, line: int, col: int, expected: tuple[str, ...]
                     ) -> bool:
        """One more error of the game, reported; at ``MAX_ERRORS``, the rest
        of the game is skipped. Whether the game goes on."""
        self.errors += 1
        if self.errors >= MAX_ERRORS:
            message += f" ({MAX_ERRORS} errors in this game: the rest of it is not read)"
        self._error(message, line, col, expected)
        if self.errors < MAX_ERRORS:
            return True
        self._abandon()
        return False

    def _abandon(self) -> None:
        """The rest of the game is skipped, up to the next 'game' line."""
        self.parser = None
        self.run = None
        self.skipping = True

    def _error(self, message: str, line: int, col: int, expected: tuple[str, ...]) -> None:
        if self.parser is not None:
            self.lost.append(line)
        self.out.append(ParseError(message, line, col, expected,
                                   self.game_no if self.parser is not None else 0, self.source))

    def _end(self, lineno: int, col: int) -> None:
        """The end of the input, at line ``lineno``, column ``col`` (the end
        of the last line; the file's last line, or the empty one after its
        last line end): a game left open is reported there, and the game
        held is given, with the comments after it."""
        self._ended()
        if self.parser is not None:
            self.comments.clear()  # (the open game's)
        held = self.held
        if held is not None:
            if self.comments:
                held = replace(held, closing=tuple(self.comments))
            self.out.append(held)
        if self.parser is not None:
            self._error("the file ends inside a game", lineno, col, ("an 'end' line",))
            self._close(lineno + 1)


#: What stands in a game for a line of that kind that cannot be read.
_STAND_IN = {"ROUND": "round 0 opener ?", "DEAL": "deal ?", "RESULT": "result blocked",
             "WINNER": "winner none", "END": "end"}
#: The name of a tag in a tag line that cannot be read.
_TAG_KEY = re.compile(r"\s*\[\s*([A-Za-z0-9_-]+)")
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

