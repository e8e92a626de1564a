"""Check, audit and convert whole texts, FTN or JSON.

Boundary: joins the one reader (``reading``) and the replay for one text:
every game read, replayed, and its findings collected in input order of
place; or the records converted to the canonical form of FTN, a JSON array
or JSON Lines. It opens no file and prints nothing (the CLI and ``api``
do both).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace

from notation.jsonform import dumps_game
from notation.model import Game

from .diagnostics import Counted, Diagnostic, Name
from .reading import Read, diagnostic, kind_of, read, syntax_diagnostic
from .replay import GameReport, Unknown, canonical_game, check_game
from .setup import Setup, read_header

FORMATS = ("ftn", "json", "jsonl")


def no_games(source: str) -> Diagnostic:
    """FT402: an input with no game at all is not a silent pass."""
    return diagnostic(Name.NO_GAMES, "no game in this input: it is empty, or holds only comments "
                      "and blank lines", 1, 1, 0, source)

__all__ = [
    "FORMATS",
    "LAYOUTS",
    "Batch",
    "FileReport",
    "Layout",
    "audit_text",
    "canonical",
    "check_lines",
    "check_reads",
    "check_text",
    "convert_text",
    "format_text",
    "game_text",
    "kind_of",
    "read_any",
    "render",
    "syntax_diagnostic",
]


@dataclass
class FileReport(Counted):
    """What checking one text found."""

    source: str
    games: int = 0
    events: int = 0
    diagnostics: list[Diagnostic] = field(default_factory=list)
    # What partial records leave undecided (not errors).
    unknowns: list[Unknown] = field(default_factory=list)


@dataclass
class Batch:
    """What checking found in one game, with the reading problems met just
    before it (in order of place): a piece of a report that can be written
    at once. ``number`` is the highest game number so far."""

    number: int = 0
    events: int = 0
    diagnostics: list[Diagnostic] = field(default_factory=list)
    unknowns: list[Unknown] = field(default_factory=list)


def header_diagnostics(game: Game, number: int, source: str) -> list[Diagnostic]:
    """The ``bad-header`` findings of an FTN game's header alone (for a game
    with syntax errors, which is not replayed)."""
    found = read_header(game)
    if isinstance(found, Setup):
        return []
    return [replace(diagnostic(Name.BAD_HEADER, p.message, p.at.line, p.at.col, number, source),
                    claimed=p.claimed)
            for p in (found if isinstance(found, list) else [found])]


def _place(d: Diagnostic) -> tuple[int, int]:
    return d.line, d.col


def check_reads(reads: Iterable[Read], source: str = "<input>") -> Iterator[Batch]:
    """Check games as they are read, a ``Batch`` a game. The FTN reader
    reports a problem it meets between two games (a game without its 'end'
    line, text outside a game) before the game it holds back for closing
    comments, so reading problems wait for the next game and are sorted
    with its findings: the batches come in order of place, as a whole
    file's sorted findings would. A game with syntax errors is not
    replayed, but its header is checked (``bad-header``)."""
    pending: list[Diagnostic] = []
    number = 0
    for r in reads:
        number = max(number, r.number)
        if r.game is None:
            pending.extend(r.problems)
            if r.damaged is not None:  # a game with syntax errors: its header too
                pending.extend(header_diagnostics(r.damaged, r.number, source))
            continue
        rep = check_game(r.game, r.number, source, r.locate)
        found = rep.diagnostics
        if pending:
            found = pending + found
            pending = []
        if len(found) > 1:
            found.sort(key=_place)
        yield Batch(number, rep.events, found, rep.unknowns)
    if pending:
        pending.sort(key=_place)
        yield Batch(number, 0, pending, [])


def check_text(text: str | Iterable[str], source: str = "<input>",
               kind: str | None = None) -> FileReport:
    """Check every game of a text (or a stream of lines), FTN or JSON
    (``kind``, else guessed): reading problems first found, then the replay's
    findings, all in order of place."""
    rep = FileReport(source)
    for b in check_reads(read(text, source, kind), source):
        rep.games = b.number
        rep.events += b.events
        rep.diagnostics.extend(b.diagnostics)
        rep.unknowns.extend(b.unknowns)
    if rep.games == 0 and not rep.diagnostics:
        rep.diagnostics.append(no_games(source))
    rep.diagnostics.sort(key=_place)
    return rep


def check_lines(lines: Iterable[str], source: str = "<input>") -> FileReport:
    """Check every game of a stream of FTN lines."""
    return check_text(lines, source, "ftn")


def audit_text(text: str, source: str, resync: str = "claimed"
               ) -> tuple[list[GameReport], list[Diagnostic]]:
    """Audit every game of a text (FTN or JSON): the audit reports, and what
    cannot be read."""
    from .audit import audit_game  # not loaded by a check

    reports: list[GameReport] = []
    unreadable: list[Diagnostic] = []
    for r in read(text, source):
        if r.game is None:
            unreadable.extend(r.problems)
        else:
            reports.append(audit_game(r.game, r.number, source, resync, r.locate))
    return reports, unreadable


def read_any(text: str, source: str = "<input>", kind: str | None = None
             ) -> tuple[list[Game], list[Diagnostic]]:
    """Every game of a text as records, or the diagnostics that keep it from
    being read (syntax errors, schema violations)."""
    games: list[Game] = []
    errors: list[Diagnostic] = []
    for r in read(text, source, kind):
        if r.game is None:
            errors.extend(r.problems)
        else:
            games.append(r.game)
    return games, errors


def canonical(games: list[Game], source: str = "<input>") -> list[Game]:
    """The records in canonical form: every reached placement's end written
    as the engine resolves it (R4.2), none on a lead."""
    return [canonical_game(g, n, source) for n, g in enumerate(games, 1)]


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


#: FTN: one blank line between games; a JSON array, one game per line; JSON
#: Lines, a game a line (each game's text ends in its line end).
LAYOUTS = {
    "ftn": Layout("", "\n", "", ""),
    "json": Layout("[\n", ",\n", "\n]\n", "[\n\n]\n"),
    "jsonl": Layout("", "", "", ""),
}


def game_text(game: Game, to: str, positions: bool = False) -> str:
    """One record as FTN (ending in a newline), as a JSON document (one line,
    without its end), or as a JSON Lines line (with it)."""
    if to == "ftn":
        from notation.printer import print_game  # not loaded by a check

        return print_game(game)
    line = dumps_game(game, positions)
    return line + "\n" if to == "jsonl" else line


def render(games: list[Game], to: str, positions: bool = False) -> str:
    """Records as FTN, a JSON array, or JSON Lines (with their FTN places,
    when asked for)."""
    return LAYOUTS[to].join([game_text(g, to, positions) for g in games])


def newline_of(text: str) -> str:
    """The line end a text uses: "\\r\\n" when its first line ends so, else "\\n"."""
    first = text.find("\n")
    return "\r\n" if first > 0 and text[first - 1] == "\r" else "\n"


def format_text(text: str, source: str = "<input>") -> tuple[str | None, list[Diagnostic]]:
    """The canonical form of a text in its own kind (FTN; a JSON array; JSON
    Lines) and with its own line ends (LF, or CRLF when its first line ends
    so), or None and the errors that keep it from being read."""
    if kind_of(text, source) == "json":
        to = "json" if text.lstrip("\ufeff \t\r\n").startswith("[") else "jsonl"
        out, errors = convert_text(text, to, source, "json")
    else:
        out, errors = convert_text(text, "ftn", source, "ftn")
    if out is not None and newline_of(text) == "\r\n":
        out = out.replace("\n", "\r\n")
    return out, errors


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
