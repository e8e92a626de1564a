"""``ftn audit --engine``'s run: the reference games (generated ones, then
those of record files) played to a live engine.

Boundary: makes the games (``rules.generate``: each as the engine is about to
play it, so that memory does not grow with ``--generate``), reads the files
(``files.inputs``, ``pipeline.jobs.load.read_any``) and plays them to the engine
(``protocol.audit_engine``, the engine's processes killed first on
SIGTERM). It says nothing: what stops it is raised for the caller to say,
before the engine starts (``ValueError`` for rules that cannot be played or
no game at all, ``InputError`` for a file that cannot be read,
``Unreadable`` for records that cannot), or, for a generated game that
does not finish, as it is made (``ValueError``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import chain

from notation.model import Game
from verifier.audit.defects import AuditSummary
from verifier.diagnostics import Diagnostic
from verifier.files.inputs import inputs
from verifier.files.streams import InputError
from verifier.pipeline.jobs.load import read_any


class Unreadable(Exception):
    """A reference file whose records cannot be read: its problems and its text."""

    def __init__(self, errors: list[Diagnostic], text: str) -> None:
        super().__init__(f"{len(errors)} problem(s) in the reference records")
        self.errors, self.text = errors, text


def reference_games(players: int, count: int, seed: int, preset: str | None,
                    declared: Sequence[tuple[str, str]], names: Sequence[str],
                    unreadable: Sequence[InputError] = ()) -> Iterator[Game]:
    """``count`` generated games (``rules.generate.generate_games``, each made as
    it is taken), then every game of the files ``names``. The rules, the
    first of ``unreadable`` (inputs that could not be listed) and the files
    are checked now, before the first game is taken."""
    from verifier.rules.generate import generate_games, seat_names
    from verifier.rules.start import Setup

    if count > 0:
        Setup.declared(seat_names(players), 0, preset, declared)  # ValueError: impossible
    if unreadable:
        raise unreadable[0]
    filed: list[Game] = []
    for name, text in inputs(names):
        read, errors = read_any(text, name)
        if errors:
            raise Unreadable(errors, text)
        filed += read
    if count <= 0 and not filed:
        raise ValueError("--engine needs reference games: --generate N, or files")
    return chain(generate_games(players, count, seed, preset, declared), filed)


def audit_live(engine: str, games: Iterable[Game], timeout: float) -> AuditSummary:
    """Every game played to the engine that the command ``engine`` starts."""
    from verifier.files.processes import terminate_as_exit
    from verifier.live.protocol import audit_engine

    with terminate_as_exit():  # SIGTERM: the engine's processes are killed first
        return AuditSummary(list(audit_engine(engine, games, timeout)))
