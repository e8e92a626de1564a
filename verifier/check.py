"""Check, audit and convert: the work on one piece of whole games, and the
whole-text functions.

Boundary: ``check_reads`` checks games as the one reader (``reading``) gives
them, a ``Batch`` a game (the check job's work, ``parallel.check_piece``);
``no_games`` is FT402. The whole-text functions (``check_text``,
``audit_text``, ``read_any``, ``convert_text``, ``format_text``) run the jobs
of ``pipeline`` on a text as one piece: there is no second way of doing
them. It opens no file and prints nothing (the CLI and ``api`` do both).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar

from notation.model import Game

from .batches import Batch, check_reads, no_games
from .diagnostics import Counted, Diagnostic
from .formats import FORMATS, LAYOUTS, Layout, game_text
from .reading import kind_of, syntax_diagnostic
from .replay import GameReport, Unknown, canonical_game

if TYPE_CHECKING:
    from .settings import Settings

T = TypeVar("T")


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
    "no_games",
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


def check_text(text: str | Iterable[str], source: str = "<input>",
               kind: str | None = None, settings: Settings | None = None) -> FileReport:
    """Check every game of a text (or a stream of lines), FTN or JSON
    (``kind``, else guessed): reading problems first found, then the replay's
    findings, all in order of place; ``settings`` (``settings.settings_for``):
    the findings reported and the preset of records without ``[rules]``. The
    check job of the driver on one piece (``pipeline.check_all``)."""
    from .pipeline import Text, check_all
    from .pipeline.plan import Plan

    plan = Plan(run=settings) if settings is not None else None
    got, _ = check_all([Text(text, source, kind)], plan=plan)
    rep = FileReport(source, got.games, got.events, got.diagnostics, got.unknowns)
    rep.diagnostics.sort(key=lambda d: (d.line, d.col))
    return rep


def check_lines(lines: Iterable[str], source: str = "<input>") -> FileReport:
    """Check every game of a stream of FTN lines."""
    return check_text(lines, source, "ftn")


def audit_text(text: str, source: str, resync: str = "claimed"
               ) -> tuple[list[GameReport], list[Diagnostic]]:
    """Audit every game of a text (FTN or JSON): the audit reports, and what
    cannot be read."""
    from .parallel import audit_reports
    from .pipeline import Text, collect

    reports: list[GameReport] = []
    unreadable: list[Diagnostic] = []
    _, items = _one(collect(partial(audit_reports, resync=resync), Text(text, source)))
    for item in items:
        if isinstance(item, Diagnostic):
            unreadable.append(item)
        else:
            reports.append(item)
    return reports, unreadable


def _one(results: list[T]) -> T:
    """The result of the one piece of a whole text."""
    (result,) = results
    return result


def read_any(text: str, source: str = "<input>", kind: str | None = None
             ) -> tuple[list[Game], list[Diagnostic]]:
    """Every game of a text as records, or the diagnostics that keep it from
    being read (syntax errors, schema violations)."""
    from .parallel import read_piece
    from .pipeline import Text, collect

    games: list[Game] = []
    errors: list[Diagnostic] = []
    _, reads = _one(collect(read_piece, Text(text, source, kind)))
    for r in reads:
        if r.game is None:
            errors.extend(r.problems)
        else:
            games.append(r.game)
    return games, errors


def canonical(games: list[Game], source: str = "<input>") -> list[Game]:
    """The records in canonical form: every reached placement's end written
    as the engine resolves it (R4.2), none on a lead."""
    return [canonical_game(g, n, source) for n, g in enumerate(games, 1)]


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
    so), or None and the errors that keep it from being read: ``fmt``'s work
    on one piece. A text of no game (comments and blank lines only) is given
    back as it is, as ``fmt --write`` leaves such a file."""
    from .rewrite import format_piece

    out, errors = _rewritten(format_piece, text, source, None, keep_empty=True)
    if out is text:
        return out, errors
    if out is not None and newline_of(text) == "\r\n":
        out = out.replace("\n", "\r\n")
    return out, errors


def convert_text(
    text: str, to: str, source: str = "<input>", kind: str | None = None,
    positions: bool = False,
) -> tuple[str | None, list[Diagnostic]]:
    """A text (FTN or JSON) in the canonical form of format ``to``, or None
    and the diagnostics that keep it from being read. ``positions`` writes
    each element's FTN line and column into JSON output: ``convert``'s work
    on one piece."""
    from .rewrite import convert_piece

    return _rewritten(partial(convert_piece, to=to, positions=positions), text, source, kind,
                      LAYOUTS[to])


def _rewritten(work: Callable[[Any], Any], text: str, source: str, kind: str | None,
               layout: Layout | None = None, keep_empty: bool = False
               ) -> tuple[str | None, list[Diagnostic]]:
    """A rewriting job's text for a whole text (``layout``: by default the
    layout of the kind the text is written back in; ``keep_empty``: a text
    of no game is given back itself), or None and the problems."""
    from .pipeline import Text, collect
    from .rewrite import Joiner, format_target

    piece, part = _one(collect(work, Text(text, source, kind)))
    if part.problems:
        return None, part.problems
    if keep_empty and not part.games:
        return text, []
    joiner = Joiner(layout or LAYOUTS[format_target(piece.how, piece.lines)])
    return joiner.add(part) + joiner.end(), []
