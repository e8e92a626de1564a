"""The record notations, FTN, a JSON document or array and JSON Lines: each
one's reader and writer, the registry that holds them, and what dispatches
on it.

Boundary: one line of the registry per notation says everything the tools
switch on: the file endings that name its family (directory walks,
``kind_by_name``), how the first non-blank line of a text claims it within
its family (``sniff``), the function that reads a stream of its lines into
games (``Read``: the record with real places, or the diagnostics that kept
it from being read, ``syntax-error`` or ``schema-violation``, and for JSON
the locator of a JSON Pointer) and the one that cuts it into pieces of
whole games (``pieces``'s cutters), the function that writes one game in
it, how games join into a file (``Layout``), and which notation ``ftn fmt``
writes it back in. Around the registry, the functions that dispatch on it:
an input told apart (``sniff``), read (``read``, ``read_lines``), cut
(``pieces``, ``piece_reads``) and written (``game_text``). The writers
import the printers, and the readers of JSON the JSON modules, when first
called, so that a check of FTN loads neither. Adding a notation is its
reader and writer here, its cutter if it has one (``pieces``), and one
line of the registry. It opens no file and replays nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from itertools import chain
from typing import TYPE_CHECKING, Any, TextIO

from notation.ftn.reader import Damaged, ParseError, read_items
from notation.model import Game
from verifier.diagnostics import BY_NAME, Diagnostic, DiagnosticName, Name
from verifier.files.pieces import PIECE_CHARS, Piece, ftn_pieces, jsonl_pieces
from verifier.files.streams import Chunked

if TYPE_CHECKING:
    from notation.json.text import JsonItem, Trust, Typed

Locate = Callable[[str], tuple[int, int]]


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


def read_jsonl(lines: Iterable[str], name: str = "<input>", first_line: int = 1,
               first_game: int = 1) -> Iterator[Read]:
    """The games of a stream of JSON Lines, a line at a time."""
    from notation.json.text import iter_json_lines

    rest = iter(lines)
    if first_line == 1:
        rest = chain([next(rest, "").lstrip("\ufeff")], rest)
    yield from _read_items(iter_json_lines(rest, first_line, _trust(), _typed()), name,
                           first_game)


def read_json_lines(lines: Iterable[str], name: str = "<input>", first_line: int = 1,
                    first_game: int = 1) -> Iterator[Read]:
    """The games of a JSON text given as lines (one document over several
    lines, or an array): read whole."""
    yield from read_json("\n".join(lines), name)


def read_json(text: str, source: str = "<input>") -> Iterator[Read]:
    """The games of a JSON text (one document, an array, or JSON Lines), each
    validated against the record schema and read into a record."""
    from notation.json.text import iter_json

    yield from _read_items(iter_json(text, _trust(), _typed()), source)


def _trust() -> Trust:
    """The record schema's fast test, refusing as well every number beyond
    the reader's limit: a document it passes is valid, and is read without
    the text's scan for long numbers."""
    from verifier.files.validation import bounded  # imported when JSON is read: it is slow to load

    return bounded("record")


def _typed() -> Typed | None:
    """The reader of a game's line straight into its record, or None
    without msgspec (then every line is read the slow way)."""
    try:
        from notation.json.structs import Typed as Reader
    except ImportError:  # pragma: no cover - msgspec is installed with the tools
        return None
    from notation.json.form import game_from_structs
    from notation.json.text import float_hook
    from verifier.files.validation import tags_test

    return Reader(tags_test(), float_hook, game_from_structs)


def _read_items(items: Iterable[JsonItem], source: str, first_game: int = 1) -> Iterator[Read]:
    """Each JSON game document validated against the record schema (unless
    the reader's trust test passed it already) and read into a record,
    located within its own text (linear over a file)."""
    from notation.json.form import game_from_json
    from notation.json.text import too_deep
    from verifier.files.validation import fast, violations

    for number, item in enumerate(items, first_game):
        where = item.locate  # within the game's own text: linear over a file
        if item.record is not None:
            yield Read(number, item.record, [], where)
            continue
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


def one_json_document(first: str) -> bool:
    """Whether a first non-blank line is a whole JSON object: JSON Lines (a
    line nested too deep is not: read whole, it is refused)."""
    import json

    from notation.json.text import too_deep_text

    if not first.startswith("{") or too_deep_text(first):
        return False  # (Python 3.12 and later decode 1,000 levels: the depth is scanned)
    try:
        json.loads(first)
    except (ValueError, RecursionError):
        return False
    return True


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


def first_lines(lines: Iterable[str]) -> tuple[list[str], Iterable[str]]:
    """The lines up to the first that is not blank (at least two when there
    are two), and all the lines again: enough to tell how the input is
    read (``sniff``), its line end and whether it is an array."""
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
    """Whether a text's line ends are "\\r\\n": its first line ends so.
    ``head`` is its first lines without their "\\n" (``first_lines``), or
    ``text.split("\\n", 1)``: the one test of a text's line ends."""
    return len(head) > 1 and head[0].endswith("\r")


#: A reader: lines (without their ends), the input's name, the numbers of
#: the first line and game, to the games read.
Reader = Callable[[Iterable[str], str, int, int], Iterator[Read]]


#: A cutter: lines, the input's name, the least size of a piece.
Cutter = Callable[[Iterable[str], str, int], Iterator[Piece]]


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


@dataclass(frozen=True)
class Notation:
    """One notation. ``family`` is what a file ending says ("ftn", "json");
    ``claims`` (a test of the first non-blank line, or None: the family's
    default) tells a notation from the others of its family; ``read``
    reads lines (name, first line, first game) into ``Read``s, ``cut``
    cuts lines into ``Piece``s (name, size; None: one piece), ``write``
    writes one game (positions: with its FTN places); ``fmt_as`` is what
    ``ftn fmt`` writes it back in ("array?" for JSON: an array when the
    text starts with '[', else JSON Lines)."""

    name: str
    family: str
    suffixes: tuple[str, ...]
    read: Reader
    write: Callable[[Game, bool], str]
    layout: Layout
    cut: Cutter | None = None
    claims: Callable[[str], bool] | None = None
    fmt_as: str | None = None


#: Every notation, by the name ``--to`` and ``sniff`` give it. FTN: one
#: blank line between games; a JSON array, one game per line; JSON Lines, a
#: game a line (each game's text ends in its line end).
NOTATIONS: dict[str, Notation] = {n.name: n for n in (
    Notation("ftn", "ftn", (".ftn",), read_ftn, write_ftn,
             Layout("", "\n", "", ""), cut=ftn_pieces),
    Notation("json", "json", (".json",), read_json_lines, write_json,
             Layout("[\n", ",\n", "\n]\n", "[\n\n]\n"), fmt_as="array?"),
    Notation("jsonl", "json", (".jsonl", ".ndjson"), read_jsonl, write_jsonl,
             Layout("", "", "", ""), cut=jsonl_pieces,
             claims=one_json_document, fmt_as="array?"),
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
        if n.claims is not None and n.claims(first):
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


#: The file patterns of records, as help texts name them.
RECORD_FILES = globs()


def game_text(game: Any, to: str, positions: bool = False) -> str:
    """One record as FTN (ending in a newline), as a JSON document (one line,
    without its end), or as a JSON Lines line (with it): the writer of
    notation ``to``."""
    return NOTATIONS[to].write(game, positions)


def pieces(lines: Iterable[str], source: str, kind: str | None = None,
           size: int = PIECE_CHARS) -> Iterator[Piece]:
    """An input's lines in pieces of whole games, in order (one piece for a
    JSON text that is not JSON Lines)."""
    how, it = sniff(lines, source, kind)
    cut = NOTATIONS[how].cut
    if cut is None:  # read whole: one piece
        yield Piece(source, how, list(it))
        return
    yield from cut(it, source, size)


def piece_reads(piece: Piece) -> Iterator[Read]:
    """The reads of a piece, by its notation's reader (its lines have no
    line ends, and how it is read is known: no sniffing again)."""
    reader: Iterator[Read] = NOTATIONS[piece.how].read(piece.lines, piece.source,
                                                        piece.first_line, piece.first_game)
    return reader


def kind_of(text: str, name: str = "") -> str:
    """"json" or "ftn": by the file's extension (a compression ending such
    as ``.gz`` left aside), else by its first character."""
    from notation.json.text import looks_like_json

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
    family = kind or kind_by_name(name)
    if family is None:  # (a name that says neither: standard input)
        from notation.json.text import looks_like_json

        family = "json" if looks_like_json("\n".join(head)) else "ftn"
    first = head[-1].lstrip("\ufeff \t") if head else ""
    return in_family(family, first), rest


def read_lines(lines: Iterable[str], name: str = "<input>", kind: str | None = None,
               first_line: int = 1, first_game: int = 1) -> Iterator[Read]:
    """The games of a stream of lines (with their "\\n" or without), read
    as they come: FTN, and JSON Lines, a game at a time; a JSON text that is
    not JSON Lines (one document over several lines, or an array) whole (see
    ``sniff``). ``first_line`` and ``first_game`` number the first line and
    game (a piece of a longer input cut at a game's start)."""
    how, rest = sniff(lines, name, kind)
    yield from NOTATIONS[how].read(rest, name, first_line, first_game)
