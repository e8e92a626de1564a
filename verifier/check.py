"""Check and convert whole texts, FTN or JSON: read every game, replay it,
collect the diagnostics.

Boundary: joins the readers (``notation.parser``, ``notation.jsonform``),
schema validation (``validate``) and ``replay`` for one text; turns syntax
errors and schema violations into diagnostics, and locates findings in JSON
texts by JSON Pointer and line:col. It opens no file and prints nothing (the
CLI does both).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from notation.jsonform import dumps_game, game_from_json, iter_json, locate, looks_like_json
from notation.model import Game
from notation.parser import ParseError, read_games
from notation.printer import print_games

from .diagnostics import BY_NAME, Counted, Diagnostic
from .replay import GameReport, Unknown, check_game, resolve_ends

FORMATS = ("ftn", "json", "jsonl")


@dataclass
class FileReport(Counted):
    """What checking one text found."""

    source: str
    games: int = 0
    events: int = 0
    diagnostics: list[Diagnostic] = field(default_factory=list)
    # What partial records leave undecided (not errors).
    unknowns: list[Unknown] = field(default_factory=list)


def _diag(name: str, message: str, line: int, col: int, game: int, source: str,
          pointer: str | None = None) -> Diagnostic:
    entry = BY_NAME[name]
    return Diagnostic(
        entry.code, entry.name, entry.severity, message, line, col, game, rule=entry.rule,
        source=source, pointer=pointer,
    )


def syntax_diagnostic(err: ParseError) -> Diagnostic:
    """A ``syntax-error`` diagnostic for an FTN parse error."""
    message = err.message
    if err.expected:
        message += "; expected " + " or ".join(err.expected)
    return _diag("syntax-error", message, err.line, err.col, err.game, err.source)


def kind_of(text: str, name: str = "") -> str:
    """"json" or "ftn": by the file's extension, else by its first character."""
    low = name.lower()
    if low.endswith((".json", ".jsonl", ".ndjson")):
        return "json"
    if low.endswith(".ftn"):
        return "ftn"
    return "json" if looks_like_json(text) else "ftn"


# --------------------------------------------------------------------------
# FTN.


def iter_checked(
    lines: Iterable[str], source: str = "<input>"
) -> Iterator[tuple[Game | ParseError, GameReport | None]]:
    """Read and replay FTN games one at a time: each item with its report
    (None for a parse error)."""
    number = 0
    for item in read_games(lines, source):
        if isinstance(item, ParseError):
            number = max(number, item.game)
            yield item, None
            continue
        number += 1
        yield item, check_game(item, number, source)


def check_lines(lines: Iterable[str], source: str = "<input>") -> FileReport:
    """Check every game of a stream of FTN lines."""
    rep = FileReport(source)
    for item, game_rep in iter_checked(lines, source):
        if game_rep is None:
            assert isinstance(item, ParseError)
            rep.diagnostics.append(syntax_diagnostic(item))
            rep.games = max(rep.games, item.game)
            continue
        rep.games = max(rep.games, game_rep.game)
        rep.events += game_rep.events
        rep.diagnostics.extend(game_rep.diagnostics)
        rep.unknowns.extend(game_rep.unknowns)
    rep.diagnostics.sort(key=lambda d: (d.line, d.col))
    return rep


# --------------------------------------------------------------------------
# JSON.


@dataclass
class JsonGame:
    """One game document of a JSON text, read and validated: the record, or
    the diagnostics that kept it from being read."""

    number: int
    game: Game | None
    problems: list[Diagnostic]
    locate: Any  # (pointer) -> (line, col) in the text
    pointer_of: Any  # (line, col) of the record -> JSON Pointer


def iter_json_games(text: str, source: str = "<input>", locate_: bool = True) -> Iterator[JsonGame]:
    """The games of a JSON text (one document, an array, or JSON Lines), each
    validated against the record schema and read into a record."""
    from .validate import fast, violations  # imported when JSON is read: it is slow to load

    valid = fast("record")
    for number, item in enumerate(iter_json(text), 1):

        def where(pointer: str, item: Any = item) -> tuple[int, int]:
            line, col = locate(item.text, pointer)
            return line + item.text_line - 1, col

        if item.error is not None:
            d = _diag("syntax-error", item.error, item.line, item.col, number, source)
            yield JsonGame(number, None, [d], where, None)
            continue
        if not valid(item.value):
            problems = []
            for v in violations("record", item.value):
                pointer = item.base + v.pointer
                line, col = where(pointer)
                expected = f"; expected: {v.expected}" if v.expected else ""
                message = f"{pointer or '/'}: {v.message} (keyword {v.keyword}){expected}"
                problems.append(
                    _diag("schema-violation", message, line, col, number, source, pointer)
                )
            yield JsonGame(number, None, problems, where, None)
            continue
        game, pm = game_from_json(item.value, locate=locate_, base=item.base)
        yield JsonGame(number, game, [], where, pm.pointer)


def check_json(text: str, source: str = "<input>") -> FileReport:
    """Check every game of a JSON text: schema violations first, then the
    same replay as for FTN, every finding located by JSON Pointer."""
    rep = FileReport(source)
    for jg in iter_json_games(text, source):
        rep.games = jg.number
        if jg.game is None:
            rep.diagnostics.extend(jg.problems)
            continue
        game_rep = check_game(jg.game, jg.number, source)
        rep.events += game_rep.events
        for d in game_rep.diagnostics:
            pointer = jg.pointer_of(d.line, d.col)
            line, col = jg.locate(pointer)
            rep.diagnostics.append(replace(d, line=line, col=col, pointer=pointer))
        for u in game_rep.unknowns:
            pointer = jg.pointer_of(u.line, u.col)
            line, col = jg.locate(pointer)
            rep.unknowns.append(replace(u, line=line, col=col, pointer=pointer))
    rep.diagnostics.sort(key=lambda d: (d.line, d.col))
    return rep


# --------------------------------------------------------------------------
# Either.


def check_text(text: str, source: str = "<input>", kind: str | None = None) -> FileReport:
    """Check every game of a text, FTN or JSON (``kind``, else guessed)."""
    if (kind or kind_of(text, source)) == "json":
        return check_json(text, source)
    return check_lines(text.split("\n"), source)


def audit_text(text: str, source: str, resync: str = "claimed") -> tuple[
        list[GameReport], list[Diagnostic]]:
    """Audit every game of a text (FTN or JSON): the audit-mode reports, with
    findings in JSON texts located by JSON Pointer; and what cannot be read."""
    from .replay import audit_game

    reports: list[GameReport] = []
    if kind_of(text, source) == "json":
        unreadable: list[Diagnostic] = []
        for jg in iter_json_games(text, source):
            if jg.game is None:
                unreadable.extend(jg.problems)
                continue
            rep = audit_game(jg.game, jg.number, source, resync)
            for i, div in enumerate(rep.divergences):
                d = div.diagnostic
                pointer = jg.pointer_of(d.line, d.col)
                line, col = jg.locate(pointer)
                rep.divergences[i] = replace(
                    div, diagnostic=replace(d, line=line, col=col, pointer=pointer)
                )
            reports.append(rep)
        return reports, unreadable
    number = 0
    errors = []
    for item in read_games(text.split("\n"), source):
        if isinstance(item, ParseError):
            number = max(number, item.game)
            errors.append(syntax_diagnostic(item))
            continue
        number += 1
        reports.append(audit_game(item, number, source, resync))
    return reports, errors


def read_any(text: str, source: str = "<input>", kind: str | None = None
             ) -> tuple[list[Game], list[Diagnostic]]:
    """Every game of a text as records, or the diagnostics that keep it from
    being read (syntax errors, schema violations)."""
    games: list[Game] = []
    errors: list[Diagnostic] = []
    if (kind or kind_of(text, source)) == "json":
        for jg in iter_json_games(text, source, locate_=False):
            if jg.game is None:
                errors.extend(jg.problems)
            else:
                games.append(jg.game)
    else:
        for item in read_games(text.split("\n"), source):
            if isinstance(item, ParseError):
                errors.append(syntax_diagnostic(item))
            else:
                games.append(item)
    return games, errors


def canonical(games: list[Game], source: str = "<input>") -> list[Game]:
    """The records in canonical form: every reached placement's end written
    as the engine resolves it (R4.2), none on a lead."""
    return [
        resolve_ends(g, check_game(g, n, source, want_ends=True)) for n, g in enumerate(games, 1)
    ]


def render(games: list[Game], to: str, positions: bool = False) -> str:
    """Records as FTN, a JSON array, or JSON Lines (with their FTN places,
    when asked for)."""
    if to == "ftn":
        return print_games(games)
    lines = [dumps_game(g, positions) for g in games]
    if to == "json":  # an array, one game per line
        return "[\n" + ",\n".join(lines) + "\n]\n"
    return "".join(line + "\n" for line in lines)


def format_text(text: str, source: str = "<input>") -> tuple[str | None, list[Diagnostic]]:
    """The canonical form of a text in its own kind (FTN; a JSON array; JSON
    Lines), or None and the errors that keep it from being read."""
    if kind_of(text, source) == "json":
        to = "json" if text.lstrip("\ufeff \t\r\n").startswith("[") else "jsonl"
        return convert_text(text, to, source, "json")
    return convert_text(text, "ftn", source, "ftn")


def convert_text(
    text: str, to: str, source: str = "<input>", kind: str | None = None,
    positions: bool = False,
) -> tuple[str | None, list[Diagnostic]]:
    """A text (FTN or JSON) in the canonical form of format ``to``, or None
    and the diagnostics that keep it from being read. ``positions`` writes
    each element's FTN line and column into JSON output."""
    games, errors = read_any(text, source, kind)
    if errors:
        return None, errors
    return render(canonical(games, source), to, positions), []
