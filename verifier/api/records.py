"""A game recorded as it is played: the session on a terminal, the recorder
of lines, a new header.

Boundary: part of ``verifier.api``; imports ``record``.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from verifier.record.core import Recorder, new_header, parse_options
from verifier.record.journal import open_journal
from verifier.record.session import Session

__all__ = ["record", "record_header", "recorder"]


def record(path: Path, resume: bool = False) -> int:
    """A game recorded as it is played, asked for line by line on the
    terminal and written to the FTN file ``path`` as each line is entered
    (``resume``: go on with the game it holds); the exit status.
    ``verifier.CannotRecord`` for a file that cannot be recorded into."""
    return Session(open_journal(path, resume), str(path)).record(resume)


def recorder(lines: Sequence[str], name: str = "<record>") -> Recorder:
    """The recorder of ``ftn record`` on a record's lines so far (its header
    at least), without a terminal or a file: ``.begin()``, then
    ``.type(line)`` for each line as ``ftn record`` reads it, each giving
    back the lines to append, the words said, a refusal with its rule and
    what it asks next; ``.position()`` the position as data (the browser's
    scorer, ``ftn scorer``, runs on it)."""
    return Recorder(list(lines), name)


def record_header(seats: Sequence[str], people: Sequence[str], preset: str = "pagat",
                  options: str = "", first: str | None = None) -> list[str] | str:
    """A new record's header (its lines from ``game`` on) from a set-up:
    the seats clockwise, the players' names ("" for none), the rules
    preset, rule options as ``ftn record`` reads them ("target=100
    hand=7"), the opener of round 1 when the rules draw it by lot (R3.1);
    or what is wrong with the set-up, in words."""
    pairs = parse_options(options)
    if isinstance(pairs, str):
        return pairs
    return new_header(list(seats), list(people), preset, pairs, first)

