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

import itertools
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import TextIO

from notation.jsonform import game_from_json
from notation.jsontext import iter_json, looks_like_json, too_deep
from notation.model import Game
from notation.parser import ParseError, read_games

from .diagnostics import BY_NAME, Diagnostic

Locate = Callable[[str], tuple[int, int]]
KINDS = ("ftn", "json")
#: File name endings of records, by kind (directory walks read these).
SUFFIXES = {".ftn": "ftn", ".json": "json", ".jsonl": "json", ".ndjson": "json"}


@dataclass
class Read:
    """One game of an input: its number in the input, the record (None when
    it cannot be read) and why not, and for JSON the locator of pointers."""

    number: int
    game: Game | None
    problems: list[Diagnostic] = field(default_factory=list)
    locate: Locate | None = None


def diagnostic(name: str, message: str, line: int, col: int, game: int, source: str,
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
    return diagnostic("syntax-error", message, err.line, err.col, err.game, err.source)


def kind_of(text: str, name: str = "") -> str:
    """"json" or "ftn": by the file's extension, else by its first character."""
    low = name.lower()
    for suffix, kind in SUFFIXES.items():
        if low.endswith(suffix):
            return kind
    return "json" if looks_like_json(text) else "ftn"


def read(source: str | TextIO | Iterable[str], name: str = "<input>",
         kind: str | None = None) -> Iterator[Read]:
    """The games of an input, one at a time: a whole text, or a stream of
    lines (FTN is read line by line; JSON is read whole). ``kind`` is "ftn"
    or "json"; by default it follows ``name``'s extension, else the text."""
    if isinstance(source, str):
        text = source
    else:
        lines = iter(source)
        head: list[str] = []
        if kind is None and not any(name.lower().endswith(s) for s in SUFFIXES):
            for line in lines:  # the first line that is not blank tells the kind
                head.append(line)
                if line.strip():
                    break
            kind = "json" if looks_like_json("".join(head)) else "ftn"
        stream = itertools.chain(head, lines)
        if (kind or kind_of("", name)) == "ftn":
            yield from read_ftn(stream, name)
            return
        text = "".join(stream)
    if (kind or kind_of(text, name)) == "json":
        yield from read_json(text, name)
    else:
        yield from read_ftn(text.split("\n"), name)


def read_ftn(lines: Iterable[str], source: str = "<input>") -> Iterator[Read]:
    """The games of a stream of FTN lines."""
    number = 0
    for item in read_games(lines, source):
        if isinstance(item, ParseError):
            number = max(number, item.game)
            yield Read(item.game, None, [syntax_diagnostic(item)])
            continue
        number += 1
        yield Read(number, item)


def read_json(text: str, source: str = "<input>") -> Iterator[Read]:
    """The games of a JSON text (one document, an array, or JSON Lines), each
    validated against the record schema and read into a record."""
    from .validate import fast, violations  # imported when JSON is read: it is slow to load

    valid = fast("record")
    for number, item in enumerate(iter_json(text), 1):
        where = item.locate  # within the game's own text: linear over a file
        ok = item.error is None and valid(item.value)
        if not ok:
            item = too_deep(item)  # a deep document is never walked
        if item.error is not None:
            yield Read(number, None, [diagnostic(
                "syntax-error", item.error, item.line, item.col, number, source)], where)
            continue
        if not ok:
            problems = []
            for v in violations("record", item.value):
                pointer = item.base + v.pointer
                line, col = where(pointer)
                expected = f"; expected: {v.expected}" if v.expected else ""
                message = f"{pointer or '/'}: {v.message} (keyword {v.keyword}){expected}"
                problems.append(diagnostic(
                    "schema-violation", message, line, col, number, source, pointer))
            yield Read(number, None, problems, where)
            continue
        yield Read(number, game_from_json(item.value, item.base), [], where)
