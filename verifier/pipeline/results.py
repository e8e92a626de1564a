"""What a check hands on to whatever shows it, as plain data: its counts
(``Summary``), what a renderer may use besides the findings (``Context``:
the source lines, the inputs, the unknowns asked for) and what takes the
findings as they come (``Findings``, which every renderer is).

Boundary: plain values and one protocol, below ``render`` (which formats
them) and the jobs (which make them); it imports ``diagnostics`` only, so
that a command that renders no check loads nothing of one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from verifier.diagnostics import Diagnostic

# Protocols for the type checker only (a class made at start-up is paid by
# every command).
if TYPE_CHECKING:
    class UnknownLike(Protocol):
        """What a partial record leaves undecided (``replay.results.Unknown``)."""

        @property
        def message(self) -> str: ...
        @property
        def line(self) -> int: ...
        @property
        def col(self) -> int: ...
        @property
        def source(self) -> str: ...

        def to_dict(self) -> dict[str, Any]: ...

    class Findings(Protocol):
        """What takes a check's findings as they come, then its summary (a
        renderer, ``render.base.Renderer``)."""

        def finding(self, d: Diagnostic) -> None: ...

        def finish(self, summary: Summary) -> None: ...


#: ``line_of(source, line)``: the text of a line of an input, or None.
LineOf = Callable[[str, int], "str | None"]


def _no_line(source: str, line: int) -> str | None:
    return None


@dataclass
class Context:
    """What a renderer may use besides the findings."""

    line_of: LineOf = _no_line
    color: bool = False
    width: int | None = None  # the terminal's width; None when not a terminal
    sources: list[str] = field(default_factory=list)  # every input, in order
    unknowns: Sequence[UnknownLike] | None = None  # --explain-unknowns, when asked


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


__all__ = ["Context", "LineOf", "Summary"]
