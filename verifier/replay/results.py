"""What replaying a game returns: its findings.

Boundary: plain data (``GameReport``, ``Unknown``), filled by ``replay.game``
as it replays (what a tool wants besides the findings, its observers keep);
no logic beyond counting and naming.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from verifier.diagnostics import Counted, Diagnostic
from verifier.rules.start import Setup


@dataclass(frozen=True, slots=True)
class Unknown:
    """Something a partial record leaves undecided: not an error; listed by
    ``ftn check --explain-unknowns``."""

    message: str
    line: int
    col: int
    game: int
    round: int | None = None
    event: int | None = None
    source: str = "<input>"
    pointer: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """A plain dict (JSON-ready)."""
        return {
            "message": self.message, "file": self.source, "line": self.line, "col": self.col,
            "pointer": self.pointer, "game": self.game, "round": self.round,
            "event": self.event,
        }


@dataclass
class GameReport(Counted):
    """What replaying one game found, and what its observers recorded."""

    game: int
    diagnostics: list[Diagnostic] = field(default_factory=list)
    # The record's own events (every event line), and how many of them the
    # replay played (fewer after an illegal move, or a line not read).
    events: int = 0
    replayed: int = 0
    rounds: int = 0
    complete: bool = False
    winner: str | None = None
    scores: tuple[int, ...] = ()
    # The finding that stopped the replay (an illegal move, a bad header or
    # deal), if one did.
    stopped: Diagnostic | None = None
    # Where the replay of a round (or of the game) first ended, if it did:
    # the finding just before (``first_stop``) and how many findings came
    # up to it (``before_stop``). What a replay that ended there says, for
    # what follows the computed values alone (a fill, the canonical form,
    # the last position): ``until_stop``.
    first_stop: Diagnostic | None = None
    before_stop: int | None = None
    # What a partial record leaves undecided.
    unknowns: list[Unknown] = field(default_factory=list)
    setup: Setup | None = None

    def until_stop(self) -> list[Diagnostic]:
        """The findings up to where the replay first ended (all of them when
        it did not): those of a replay that stops there."""
        return self.diagnostics[:self.before_stop]

    @property
    def seats(self) -> tuple[str, ...]:
        return self.setup.names if self.setup else ()

    @property
    def sides(self) -> tuple[str, ...]:
        return self.setup.side_names if self.setup else ()

    @property
    def target(self) -> int:
        return self.setup.rules.target if self.setup else 61
