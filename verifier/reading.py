"""One way in: a text or a stream, FTN or JSON, to games and reading
diagnostics.

Boundary: whatever the input kind (FTN; one JSON document, an array of
games, or JSON Lines), ``read`` yields one ``Read`` per game: the record
(``notation.model``) with real places, or the diagnostics that kept it from
being read (``syntax-error`` for FTN or JSON that does not parse,
``schema-violation`` for JSON that breaks the record schema), and, for JSON,
the locator that turns an element's JSON Pointer into its line and column.
Every command reads through here. It opens no file (the CLI and ``api`` do)
and replays nothing.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from itertools import chain
from typing import TextIO

from notation.jsonform import game_from_json
from notation.jsontext import (
    JsonItem,
    Trust,
    iter_json,
    iter_json_lines,
    looks_like_json,
    too_deep,
    too_deep_text,
)
from notation.model import Game
from notation.parser import Damaged, ParseError, read_items

from .diagnostics import BY_NAME, Diagnostic, DiagnosticName, Name
from .formats import FAMILIES, NOTATIONS, SUFFIXES, in_family
from .streams import Chunked

Locate = Callable[[str], tuple[int, int]]
KINDS = FAMILIES
__all__ = ["KINDS", "SUFFIXES", "Read", "diagnostic", "kind_by_name", "kind_of", "read",
           "read_ftn", "read_json", "read_lines", "sniff", "syntax_diagnostic"]


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


def kind_of(text: str, name: str = "") -> str:
    """"json" or "ftn": by the file's extension (a compression ending such
    as ``.gz`` left aside), else by its first character."""
    return kind_by_name(name) or ("json" if looks_like_json(text) else "ftn")


def kind_by_name(name: str) -> str | None:
    """"json" or "ftn" by a file's extension (``.jsonl.gz`` is JSON), or None."""
    low = name.lower()
    for suffix in (".gz", ".bz2", ".xz", ".zst"):
        if low.endswith(suffix):
            low = low[: -len(suffix)]
            break
    for suffix, kind in SUFFIXES.items():
        if low.endswith(suffix):
            return kind
    return None


def read(source: str | TextIO | Iterable[str], name: str = "<input>",
         kind: str | None = None) -> Iterator[Read]:
    """The games of an input, one at a time: a whole text, or a stream of
    lines (FTN and JSON Lines are read a line at a time; one JSON document
    or an array is read whole). ``kind`` is "ftn" or "json"; by default it
    follows ``name``'s extension, else the text."""
    if isinstance(source, str):
        text = source
        if (kind or kind_of(text, name)) == "json":
            yield from read_json(text, name)
        else:
            yield from read_ftn(text.split("\n"), name)
        return
    yield from read_lines(source, name, kind)


def _blank(line: str) -> bool:
    return not line.strip(" \t\r\n\ufeff")


def sniff(lines: Iterable[str], name: str = "<input>", kind: str | None = None
          ) -> tuple[str, Iterable[str]]:
    """How a stream of lines is read, and the same lines again: "ftn", "jsonl"
    (a whole JSON document on its first non-blank line: JSON Lines, read a
    line at a time) or "json" (one document over several lines, or an
    array: read whole). ``kind`` ("ftn", "json", "jsonl") overrides the
    file's extension and the text."""
    rest: Iterable[str]
    if isinstance(lines, Chunked):  # looked at, not taken; no line ends
        head = lines.head()
        rest = lines
    else:
        it = iter(lines)
        head = []
        for line in it:
            head.append(line.rstrip("\n"))
            if not _blank(line):
                break
        rest = chain(head, (ln.rstrip("\n") for ln in it))
    if kind is not None and kind not in FAMILIES:  # a notation named: "jsonl"
        return kind, rest
    family = kind or kind_by_name(name) or (
        "json" if looks_like_json("\n".join(head)) else "ftn")
    first = head[-1].lstrip("\ufeff \t") if head else ""
    return in_family(family, first), rest


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


def read_lines(lines: Iterable[str], name: str = "<input>", kind: str | None = None,
               first_line: int = 1, first_game: int = 1) -> Iterator[Read]:
    """The games of a stream of lines (with their "\\n" or without), read
    as they come: FTN, and JSON Lines, a game at a time; a JSON text that is
    not JSON Lines (one document over several lines, or an array) whole (see
    ``sniff``). ``first_line`` and ``first_game`` number the first line and
    game (a piece of a longer input cut at a game's start)."""
    how, rest = sniff(lines, name, kind)
    yield from NOTATIONS[how].read(rest, name, first_line, first_game)


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
    from notation.printer import print_game  # not loaded by a check

    return print_game(game)


def write_json(game: Game, positions: bool = False) -> str:
    """One record as a JSON document on one line, without its end."""
    from notation.jsonform import dumps_game

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
    from .validate import bounded  # imported when JSON is read: it is slow to load

    return bounded("record")


def _read_items(items: Iterable[JsonItem], source: str, first_game: int = 1) -> Iterator[Read]:
    """Each JSON game document validated against the record schema (unless
    the reader's trust test passed it already) and read into a record,
    located within its own text (linear over a file)."""
    from .validate import fast, violations  # imported when JSON is read: it is slow to load

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
