"""The registry of record notations: FTN, a JSON document or array, JSON Lines.

Boundary: one line per notation says everything the tools switch on: the
file endings that name its family (directory walks, ``reading.kind_by_name``),
how the first non-blank line of a text claims it within its family
(``reading.sniff``), the functions that read a stream of its lines into
games and cut it into pieces of whole games (``parallel.pieces``), the
function that writes one game in it, how games join into a file
(``Layout``), and which notation ``ftn fmt`` writes it back in. Functions
are named "module:function" within ``verifier`` and imported when first
used, so that a check of FTN loads no JSON or printer code. Adding a
notation is its reader (and writer) module and one line here.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Layout:
    """How the texts of games join into a file: ``head`` before the first,
    ``sep`` between two, ``tail`` after the last; ``empty`` when there is
    none."""

    head: str
    sep: str
    tail: str
    empty: str

    def join(self, texts: list[str]) -> str:
        return self.head + self.sep.join(texts) + self.tail if texts else self.empty

    def crlf(self) -> Layout:
        """The same with "\\r\\n" line ends."""
        return Layout(*(s.replace("\n", "\r\n") for s in (self.head, self.sep, self.tail,
                                                         self.empty)))


def _function(where: str) -> Callable[..., Any]:
    module, name = where.split(":")
    found: Callable[..., Any] = getattr(importlib.import_module(f"verifier.{module}"), name)
    return found


@dataclass(frozen=True)
class Notation:
    """One notation. ``family`` is what a file ending says ("ftn", "json");
    ``claims`` (a "module:function" of the first non-blank line, or None: the
    family's default) tells a notation from the others of its family;
    ``reader`` reads lines (name, first line, first game) into ``Read``s,
    ``cutter`` cuts lines into ``Piece``s (name, size; None: one piece),
    ``writer`` writes one game (positions: with its FTN places); ``fmt_as``
    is what ``ftn fmt`` writes it back in ("array?" for JSON: an array when
    the text starts with '[', else JSON Lines)."""

    name: str
    family: str
    suffixes: tuple[str, ...]
    reader: str
    writer: str
    layout: Layout
    cutter: str | None = None
    claims: str | None = None
    fmt_as: str | None = None

    def read(self, lines: Iterable[str], source: str, first_line: int = 1,
             first_game: int = 1) -> Any:
        return _function(self.reader)(lines, source, first_line, first_game)

    def cut(self, lines: Iterable[str], source: str, size: int) -> Any:
        return _function(self.cutter)(lines, source, size) if self.cutter else None

    def claimed(self, first: str) -> bool:
        return self.claims is not None and bool(_function(self.claims)(first))

    def write(self, game: Any, positions: bool = False) -> str:
        text: str = _function(self.writer)(game, positions)
        return text


#: Every notation, by the name ``--to`` and ``reading.sniff`` give it. FTN:
#: one blank line between games; a JSON array, one game per line; JSON
#: Lines, a game a line (each game's text ends in its line end).
NOTATIONS: dict[str, Notation] = {n.name: n for n in (
    Notation("ftn", "ftn", (".ftn",), "reading:read_ftn", "reading:write_ftn",
             Layout("", "\n", "", ""), cutter="parallel:ftn_pieces"),
    Notation("json", "json", (".json",), "reading:read_json_lines", "reading:write_json",
             Layout("[\n", ",\n", "\n]\n", "[\n\n]\n"), fmt_as="array?"),
    Notation("jsonl", "json", (".jsonl", ".ndjson"), "reading:read_jsonl", "reading:write_jsonl",
             Layout("", "", "", ""), cutter="parallel:jsonl_pieces",
             claims="reading:one_json_document", fmt_as="array?"),
)}

#: File name endings of records, and the family each names.
SUFFIXES = {s: n.family for n in NOTATIONS.values() for s in n.suffixes}
#: The families, in the order of the registry.
FAMILIES = tuple(dict.fromkeys(n.family for n in NOTATIONS.values()))


def in_family(family: str, first: str) -> str:
    """The notation of a text of ``family`` whose first non-blank line is
    ``first``: the one that claims it, else the family's first without a
    claim."""
    members = [n for n in NOTATIONS.values() if n.family == family]
    for n in members:
        if n.claimed(first):
            return n.name
    return next(n.name for n in members if n.claims is None)


def fmt_target(how: str, lines: Iterable[str]) -> str:
    """The notation ``ftn fmt`` writes a text of notation ``how`` back in;
    ``lines`` start at the text's start."""
    if NOTATIONS[how].fmt_as != "array?":
        return NOTATIONS[how].fmt_as or how
    for line in lines:
        if line.strip(" \t\r\n\ufeff"):
            return "json" if line.lstrip("\ufeff \t\r").startswith("[") else "jsonl"
    return "jsonl"


def globs(conjunction: str = "and") -> str:
    """The file patterns of records, for messages: "*.ftn, *.json, *.jsonl
    and *.ndjson"."""
    names = [f"*{s}" for s in SUFFIXES]
    return ", ".join(names[:-1]) + f" {conjunction} {names[-1]}" if len(names) > 1 else names[0]


#: The notations records are written in (``ftn convert --to``).
FORMATS = tuple(NOTATIONS)
#: How games join into a file, by notation.
LAYOUTS = {name: n.layout for name, n in NOTATIONS.items()}


def game_text(game: Any, to: str, positions: bool = False) -> str:
    """One record as FTN (ending in a newline), as a JSON document (one line,
    without its end), or as a JSON Lines line (with it): the writer of
    notation ``to``."""
    return NOTATIONS[to].write(game, positions)
