"""The fill job: ``ftn fmt``'s job with the claims filled in, over its inputs
(``fill_all``) and on one piece (``fill_piece``, the twin of
``rewrite.convert_piece``) or a whole text (``fill_text``, the twin of
``rewrite.format_text``); ``cli/fill.py`` has the command.

Boundary: ``ftn fmt``'s handling of one input (``rewrite.Formatted``:
print, ``--check``, ``--write`` with its safety) with fill's words, a note
on standard error for each game whose replay stopped, and ``--diff``: the
input's lines and the filled text, a game at a time, to a ``StreamDiff``
whose hunks are printed as they are found. Trailing blank lines of a piece
go with the next piece (where the filled text has them, between games).
What is filled in is ``replay.fill``'s.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from verifier.diagnostics import Diagnostic
from verifier.files.formats import NOTATIONS, fmt_target, game_text
from verifier.files.pieces import Piece
from verifier.files.streams import Opened
from verifier.pipeline.jobs.rewrite import (
    Formatted,
    Part,
    Say,
    Show,
    _games,
    fmt_all,
    fmt_status,
    in_own_form,
)
from verifier.render.diff import StreamDiff
from verifier.replay.fill import fill


def fill_text(text: str, source: str = "<input>") -> tuple[str | None, list[Diagnostic]]:
    """A text (FTN, a JSON array, JSON Lines) filled in, in its own kind and
    line ends, as ``ftn fill`` prints it; or None and the diagnostics that
    keep it from being read. A text of no game is given back as it is (as
    ``fill --write`` leaves such a file). Fill's work on one piece
    (``rewrite.in_own_form``)."""
    return in_own_form(fill_piece, text, source)


# ---------------------------------------------------------------------------
# The job of one piece (``--jobs``): the twin of ``rewrite.convert_piece``.


@dataclass
class FillPart(Part):
    """A piece filled: ``Part``'s texts and problems, and a note for every
    game whose replay stopped before its end (what was not filled)."""

    notes: list[Diagnostic] = field(default_factory=list)


def fill_piece(piece: Piece) -> FillPart:
    """The games of a piece filled in, in the canonical form of the piece's
    own kind (FTN; a JSON array's games; JSON Lines)."""
    to = fmt_target(piece.how, piece.lines)
    texts: list[str] = []
    part = FillPart()
    for r in _games(piece, part):
        done = fill(r.game, r.number, piece.source, r.locate)
        if done.stopped is not None:
            part.notes.append(done.stopped)
            part.stopped = True
        texts.append(game_text(done.game, to))
    part.text, part.games = NOTATIONS[to].layout.sep.join(texts), len(texts)
    return part


def note(d: Diagnostic) -> str:
    """What a stopped replay leaves unfilled, for people."""
    return (f"ftn fill: {d.source}:{d.line}:{d.col}: the replay stops here ({d.code} "
            f"{d.name}: {d.message}); the claims after it are not filled (ftn check says "
            "more)")


_END = re.compile(r"[ \t]*end[ \t]*(#.*)?\Z")


def _by_game(lines: list[str]) -> list[list[str]]:
    """Lines cut after each 'end' line (the diff of a game is quick to
    find; of a piece of a thousand games, not)."""
    out: list[list[str]] = [[]]
    for line in lines:
        out[-1].append(line)
        if _END.match(line):
            out.append([])
    return out


class Filled(Formatted):
    """One input of ``ftn fill``: ``ftn fmt``'s modes, ``diff`` besides, and
    a note for each game that could not be filled to its end."""

    COMMAND, WOULD, DONE, NOT_DONE = "fill", "would fill", "filled", "not filled"
    DOING = "filled"

    def __init__(self, path: str, mode: str, target: str, crlf: bool, say: Say, warn: Say,
                 show: Show, opened: Opened | None = None) -> None:
        super().__init__(path, mode, target, crlf, say, warn, show, opened)
        self.stopped = False
        self.diff = StreamDiff(self.label, self.label)
        self.carried: list[str] = []  # blank lines at a piece's end: the next piece's
        self.pending = ""  # the filled text after its last complete line

    def add(self, piece: Piece, part: Part) -> None:
        for d in getattr(part, "notes", ()):
            self.warn(note(d))
        self.stopped |= part.stopped
        if self.mode != "diff":
            super().add(piece, part)
            return
        self.show(part.problems, piece)
        text = self.joiner.add(part)
        if not self.joiner.ok:
            return
        old = self.carried + [line.rstrip("\r") for line in piece.lines]
        keep = len(old)
        while keep and not old[keep - 1].strip():
            keep -= 1
        old, self.carried = old[:keep], old[keep:]
        self._diff(old, text)

    def _diff(self, old: list[str], text: str, last: bool = False) -> None:
        lines = (self.pending + text).split("\n")
        self.pending = "" if last else lines.pop()
        if last and lines and lines[-1] == "":
            lines.pop()
        old_games, new_games = _by_game(old), _by_game(lines)
        out = []
        for i in range(max(len(old_games), len(new_games))):  # a game at a time: quick
            out += self.diff.add(old_games[i] if i < len(old_games) else [],
                                 new_games[i] if i < len(new_games) else [])
        if last:
            out += self.diff.end()
        if out:
            sys.stdout.write("\n".join(out) + "\n")

    def finish(self) -> str | None:
        if self.mode != "diff" or not self.joiner.ok or not self.joiner.games:
            return super().finish()  # (a file of no game is left as it is: no diff)
        old = self.carried
        if old and old[-1] == "":  # the line end of the last line
            old = old[:-1]
        self._diff(old, self.joiner.end(), last=True)
        return None


def fill_all(names: Iterable[str], mode: str, say: Say, warn: Say, show: Show, jobs: int = 1,
             unreadable: bool = False) -> int:
    """``ftn fill`` on every input in order (``mode``: ``fmt_all``'s, or
    "diff"); the exit status: ``fmt_status``'s (``unreadable``: inputs that
    could not be listed), 1 at least when a game's replay stopped early."""

    files: list[Filled] = []

    def kept(*args: Any) -> Filled:
        files.append(Filled(*args))
        return files[-1]

    done = fmt_all(names, mode, say, warn, show, jobs, fill_piece, kept)
    status = fmt_status(done.ops, unreadable or done.failed > 0)
    return 1 if status == 0 and any(f.stopped for f in files) else status
