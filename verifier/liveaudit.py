"""``ftn audit --engine``'s run: the reference games (generated ones, then
those of record files) played to a live engine.

Boundary: makes the games (``generate``), reads the files (``inputs``,
``check.read_any``) and plays them to the engine (``protocol.audit_engine``,
the engine's processes killed first on SIGTERM). It says nothing: what
stops it is raised for the caller to say (``ValueError`` for rules that
cannot be played or no game at all, ``InputError`` for a file that cannot
be read, ``Unreadable`` for records that cannot).
"""

from __future__ import annotations

from collections.abc import Sequence

from notation.model import Game

from .audit import AuditSummary
from .check import read_any
from .diagnostics import Diagnostic
from .inputs import InputError, inputs


class Unreadable(Exception):
    """A reference file whose records cannot be read: its problems and its text."""

    def __init__(self, errors: list[Diagnostic], text: str) -> None:
        super().__init__(f"{len(errors)} problem(s) in the reference records")
        self.errors, self.text = errors, text


def reference_games(players: int, count: int, seed: int, preset: str | None,
                    declared: Sequence[tuple[str, str]], names: Sequence[str],
                    unreadable: Sequence[InputError] = ()) -> list[Game]:
    """``count`` generated games (``generate.generate_games``), then every
    game of the files ``names``; once the games are made, the first of
    ``unreadable`` (inputs that could not be listed) is raised."""
    from .generate import generate_games

    games = list(generate_games(players, count, seed, preset, declared))
    if unreadable:
        raise unreadable[0]
    for name, text in inputs(names):
        read, errors = read_any(text, name)
        if errors:
            raise Unreadable(errors, text)
        games += read
    if not games:
        raise ValueError("--engine needs reference games: --generate N, or files")
    return games


def audit_live(engine: str, games: list[Game], timeout: float) -> AuditSummary:
    """Every game played to the engine that the command ``engine`` starts."""
    from .processes import terminate_as_exit
    from .protocol import audit_engine

    with terminate_as_exit():  # SIGTERM: the engine's processes are killed first
        return AuditSummary(list(audit_engine(engine, games, timeout)))
