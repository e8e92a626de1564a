"""TODO: docstring of verifier.files.reading."""


from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from itertools import chain

from notation.ftn.reader import Damaged, ParseError, read_items
from notation.json.form import game_from_json
from notation.json.text import (
    JsonItem,
    Trust,
    iter_json,
    iter_json_lines,
    too_deep,
    too_deep_text,
)
from notation.model import Game
from verifier.diagnostics import BY_NAME, Diagnostic, DiagnosticName, Name
from verifier.files.streams import Chunked

Locate = Callable[[str], tuple[int, int]]


__all__ = ["Read", "diagnostic", "read_ftn", "read_json", "syntax_diagnostic"]


@dataclass
class Read:
    """One game of an input: its number in the input, the record (None when
    it cannot be read) and why not, and for JSON the locator of pointers.
    ``damaged`` is, after the syntax errors of an FTN game, the game read
    without its bad lines: only its header may be checked."""

    number: int
    game: Game | None
    problems: list[Diagnostic] = field(default_factory=list)
    locate: Locate | None = None
    damaged: Game | None = None


def diagnostic(name: DiagnosticName, message: str, line: int, col: int, game: int, source: str,
               pointer: str | None = None) -> Diagnostic:
    """A registry diagnostic about reading (no round, no event)."""
    entry = BY_NAME[name]
    return Diagnostic(entry.code, entry.name, entry.severity, message, line, col, game,
                      rule=entry.rule, source=source, pointer=pointer)


def syntax_diagnostic(err: ParseError) -> Diagnostic:
    """A ``syntax-error`` diagnostic for an FTN parse error."""
    message = err.message
    if err.expected:
        message += "; expected " + " or ".join(err.expected)
    return diagnostic(Name.SYNTAX_ERROR, message, err.line, err.col, err.game, err.source)


def one_json_document(first: str) -> bool:
    """Whether a first non-blank line is a whole JSON object: JSON Lines (a
    line nested too deep is not: read whole, it is refused)."""
    if not first.startswith("{") or too_deep_text(first):
        return False  # (Python 3.12 and later decode 1,000 levels: the depth is scanned)
    try:
        json.loads(first)
    except (ValueError, RecursionError):
        return False
    return True


def read_jsonl(lines: Iterable[str], name: str = "<input>", first_line: int = 1,
               first_game: int = 1) -> Iterator[Read]:
    """The games of a stream of JSON Lines, a line at a time."""
    rest = iter(lines)
    if first_line == 1:
        rest = chain([next(rest, "").lstrip("\ufeff")], rest)
    yield from _read_items(iter_json_lines(rest, first_line, _trust()), name, first_game)


def read_json_lines(lines: Iterable[str], name: str = "<input>", first_line: int = 1,
                    first_game: int = 1) -> Iterator[Read]:
    """The games of a JSON text given as lines (one document over several
    lines, or an array): read whole."""
    yield from read_json("\n".join(lines), name)


def write_ftn(game: Game, positions: bool = False) -> str:
    """One record as FTN, ending in a newline."""
    from notation.ftn.printer import print_game  # not loaded by a check

    return print_game(game)


def write_json(game: Game, positions: bool = False) -> str:
    """One record as a JSON document on one line, without its end."""
    from notation.json.form import dumps_game

    return dumps_game(game, positions)


def write_jsonl(game: Game, positions: bool = False) -> str:
    """One record as a JSON Lines line, with its end."""
    return write_json(game, positions) + "\n"


def read_ftn(lines: Iterable[str], source: str = "<input>", first_line: int = 1,
             first_game: int = 1) -> Iterator[Read]:
    """The games of a stream of FTN lines."""
    number = first_game - 1
    for item in read_items(lines, source, first_line, first_game):
        if isinstance(item, ParseError):
            number = max(number, item.game)
            yield Read(item.game, None, [syntax_diagnostic(item)])
            continue
        if isinstance(item, Damaged):
            yield Read(item.number, None, damaged=item.game)
            continue
        number += 1
        yield Read(number, item)


def read_json(text: str, source: str = "<input>") -> Iterator[Read]:
    """The games of a JSON text (one document, an array, or JSON Lines), each
    validated against the record schema and read into a record."""
    yield from _read_items(iter_json(text, _trust()), source)


def _trust() -> Trust:
    """The record schema's fast test, refusing as well every number beyond
    the reader's limit: a document it passes is valid, and is read without
    the text's scan for long numbers."""
    from verifier.files.validation import bounded  # imported when JSON is read: it is slow to load

    return bounded("record")


def _read_items(items: Iterable[JsonItem], source: str, first_game: int = 1) -> Iterator[Read]:
    """Each JSON game document validated against the record schema (unless
    the reader's trust test passed it already) and read into a record,
    located within its own text (linear over a file)."""
    from verifier.files.validation import (  # imported when JSON is read: it is slow to load
        fast,
        violations,
    )

    for number, item in enumerate(items, first_game):
        where = item.locate  # within the game's own text: linear over a file
        ok = item.error is None and (item.trusted or fast("record")(item.value))
        if not ok:
            item = too_deep(item)  # a deep document is never walked
        if item.error is not None:
            yield Read(number, None, [diagnostic(
                Name.SYNTAX_ERROR, item.error, item.line, item.col, number, source)], where)
            continue
        if not ok:
            problems = []
            for v in violations("record", item.value):
                pointer = item.base + v.pointer
                line, col = where(pointer)
                expected = f"; expected: {v.expected}" if v.expected else ""
                message = f"{pointer or '/'}: {v.message} (keyword {v.keyword}){expected}"
                problems.append(diagnostic(
                    Name.SCHEMA_VIOLATION, message, line, col, number, source, pointer))
            yield Read(number, None, problems, where)
            continue
        yield Read(number, game_from_json(item.value, item.base), [], where)


def first_lines(lines: Iterable[str]) -> tuple[list[str], Iterable[str]]:
    """The lines up to the first that is not blank (at least two when there
    are two), and all the lines again: enough to tell how the input is
    read (``reading.sniff``), its line end and whether it is an array."""
    if isinstance(lines, Chunked):  # looked at, not taken
        return lines.head(2), lines
    it = iter(lines)
    head: list[str] = []
    seen = False  # a line that is not blank
    for line in it:
        head.append(line)
        seen = seen or bool(line.strip(" \t\r\n\ufeff"))
        if seen and len(head) >= 2:
            break
    return head, chain(head, it)


def crlf(head: list[str]) -> bool:
    """Whether a text's line ends are "\\r\\n": its first line ends so
    (``check.newline_of``)."""
    return len(head) > 1 and head[0].endswith("\r")
