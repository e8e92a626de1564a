"""The summary of a check (``Summary``: its counts, as a line for people
and as JSON-ready data) and the ``--format json`` document of a check
(``report_json``).

Boundary: formatting only: values to a string or to plain data. It reads
no file, decides nothing and writes nothing; a finding's lines for people
are ``text``'s, the JSON text ``notation.json.encoding``'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from verifier.diagnostics import Diagnostic

REPORT_VERSION = 1


@dataclass
class Summary:
    """Counts over everything checked: ``events`` the records' own (every
    event line of the games read), ``replayed`` those the replay played
    (said apart only where fewer; None: not counted, all of them)."""

    files: int = 0
    games: int = 0
    events: int = 0
    errors: int = 0
    warnings: int = 0
    #: Of ``files``, those that could not be read (whole or partway); said in
    #: the text only, the JSON document's summary keeps its five counts.
    unreadable: int = 0
    replayed: int | None = None

    def text(self) -> str:
        def n(k: int, word: str) -> str:
            return f"{k} {word}" + ("" if k == 1 else "s")

        files = n(self.files, "file")
        if self.unreadable:
            files += f" ({self.unreadable} unreadable)"
        fewer = self.replayed is not None and self.replayed < self.events
        replayed = f" ({self.replayed} replayed)" if fewer else ""
        return (
            f"{files}, {n(self.games, 'game')}, {n(self.events, 'event')}"
            f"{replayed}: {n(self.errors, 'error')}, {n(self.warnings, 'warning')}"
        )

    def to_dict(self) -> dict[str, int]:
        out = {
            "files": self.files, "games": self.games, "events": self.events,
            "errors": self.errors, "warnings": self.warnings,
        }
        if self.replayed is not None and self.replayed < self.events:
            out["replayed"] = self.replayed
        return out


def report_json(diagnostics: Sequence[Diagnostic], summary: Summary) -> dict[str, Any]:
    """The ``--format json`` document."""
    return {
        "version": REPORT_VERSION,
        "diagnostics": [d.to_dict() for d in diagnostics],
        "summary": summary.to_dict(),
    }
