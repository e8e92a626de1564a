"""Check whole texts: read every game, replay it, collect the diagnostics.

Boundary: joins ``notation.parser`` and ``replay`` for one text or stream of
lines, and turns syntax errors into ``syntax-error`` diagnostics. It opens no
file and prints nothing (the CLI does both).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from notation.model import Game
from notation.parser import ParseError, read_games
from notation.printer import print_games

from .diagnostics import BY_NAME, Counted, Diagnostic
from .replay import GameReport, check_game, resolve_ends


@dataclass
class FileReport(Counted):
    """What checking one text found."""

    source: str
    games: int = 0
    events: int = 0
    diagnostics: list[Diagnostic] = field(default_factory=list)


def syntax_diagnostic(err: ParseError) -> Diagnostic:
    """A ``syntax-error`` diagnostic for a parse error."""
    entry = BY_NAME["syntax-error"]
    message = err.message
    if err.expected:
        message += "; expected " + " or ".join(err.expected)
    return Diagnostic(
        entry.code, entry.name, entry.severity, message, err.line, err.col, err.game,
        rule=entry.rule, source=err.source,
    )


def iter_checked(
    lines: Iterable[str], source: str = "<input>"
) -> Iterator[tuple[Game | ParseError, GameReport | None]]:
    """Read and replay games one at a time: each item with its report
    (None for a parse error)."""
    number = 0
    for item in read_games(lines, source):
        if isinstance(item, ParseError):
            if item.game > number:
                number = item.game
            yield item, None
            continue
        number += 1
        yield item, check_game(item, number, source)


def check_lines(lines: Iterable[str], source: str = "<input>") -> FileReport:
    """Check every game of a stream of lines."""
    rep = FileReport(source)
    for item, game_rep in iter_checked(lines, source):
        if game_rep is None:
            assert isinstance(item, ParseError)
            rep.diagnostics.append(syntax_diagnostic(item))
            if item.game:
                rep.games = max(rep.games, item.game)
            continue
        rep.games = max(rep.games, game_rep.game)
        rep.events += game_rep.events
        rep.diagnostics.extend(game_rep.diagnostics)
    rep.diagnostics.sort(key=lambda d: (d.line, d.col))
    return rep


def check_text(text: str, source: str = "<input>") -> FileReport:
    """Check every game of a text."""
    return check_lines(text.split("\n"), source)


def format_text(text: str, source: str = "<input>") -> tuple[str | None, list[Diagnostic]]:
    """The canonical form of a text (ends resolved by the engine), or None
    and the syntax errors when it does not parse."""
    games: list[Game] = []
    errors: list[Diagnostic] = []
    for item in read_games(text.split("\n"), source):
        if isinstance(item, ParseError):
            errors.append(syntax_diagnostic(item))
            continue
        games.append(item)
    if errors:
        return None, errors
    out = []
    for n, g in enumerate(games, 1):
        rep = check_game(g, n, source, want_ends=True)
        out.append(resolve_ends(g, rep))
    return print_games(out), []
