"""The fill job: ``ftn fmt``'s job with the claims filled in, over its inputs
(``fill_all``) and on one piece (``fill_piece``, the twin of
``rewrite.convert_piece``) or a whole text (``fill_text``, the twin of
``rewrite.format_text``); ``cli/fill.py`` has the command.

Boundary: ``ftn fmt``'s handling of one input (``rewrite.Formatted``:
print, ``--check``, ``--diff``, ``--write`` with its safety) with fill's
words, and a note on standard error for each game whose replay stopped.
What is filled in is ``replay.fill``'s; the header tags asked for
(``--tag``, ``--team``: the league tags, notation/SPEC.md 3) are added to
each game that lacks them (``tagged``), a tag already written kept as it is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

from notation.model import Game, Tag
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
from verifier.pipeline.modes import Mode
from verifier.replay.fill import fill
from verifier.rules.start import KNOWN_TAGS, SEAT_RE, TEAM


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


#: A header tag to add: its key and values.
NewTag = tuple[str, tuple[str, ...]]
_KEY = re.compile(r"[a-z][a-z0-9_]*\Z")


def new_tags(tags: Sequence[str], teams: Sequence[str]) -> tuple[list[NewTag], str | None]:
    """The tags of ``--tag KEY=VALUE`` and ``--team SEAT=TEAM``, or why
    one cannot be added (a key that is not a tag's name, a tag the header's
    checks read, a seat that is not a seat name, an empty value)."""
    out: list[NewTag] = []
    for word in tags:
        key, eq, value = word.partition("=")
        if not eq or not _KEY.match(key) or not value:
            return [], (f"--tag {word}: write KEY=VALUE, the key in lower case "
                        '(--tag season=2026 --tag date=2026-01-14)')
        if key in (*KNOWN_TAGS, TEAM):
            return [], (f"--tag {word}: [{key}] is not added by ftn fill"
                        + (" (--team SEAT=TEAM adds a team)" if key == TEAM else
                           " (it changes how the game is judged)"))
        out.append((key, (value,)))
    for word in teams:
        seat, eq, team = word.partition("=")
        if not eq or not SEAT_RE.match(seat) or not team:
            return [], f"--team {word}: write SEAT=TEAM, such as --team \"N=Red Lion\""
        out.append((TEAM, (seat, team)))
    return out, None


def tagged(game: Game, tags: Sequence[NewTag]) -> Game:
    """A game with each of ``tags`` added after its own, unless it has a
    tag of that key already (for ``team``, of that seat)."""
    have = {(t.key, t.values[0] if t.key == "team" and t.values else "") for t in game.tags}
    new = [Tag(k, v) for k, v in tags if (k, v[0] if k == "team" else "") not in have]
    return replace(game, tags=(*game.tags, *new)) if new else game


def fill_piece(piece: Piece, tags: Sequence[NewTag] = ()) -> FillPart:
    """The games of a piece filled in, in the canonical form of the piece's
    own kind (FTN; a JSON array's games; JSON Lines); ``tags`` added to
    each game that lacks them (``tagged``)."""
    to = fmt_target(piece.how, piece.lines)
    texts: list[str] = []
    part = FillPart()
    for r in _games(piece, part):
        done = fill(r.game, r.number, piece.source, r.locate)
        if done.stopped is not None:
            part.notes.append(done.stopped)
            part.stopped = True
        texts.append(game_text(tagged(done.game, tags), to))
    part.text, part.games = NOTATIONS[to].layout.sep.join(texts), len(texts)
    return part


def note(d: Diagnostic) -> str:
    """What a stopped replay leaves unfilled, for people."""
    return (f"ftn fill: {d.source}:{d.line}:{d.col}: the replay stops here ({d.code} "
            f"{d.name}: {d.message}); the claims after it are not filled (ftn check says "
            "more)")


class Filled(Formatted):
    """One input of ``ftn fill``: ``ftn fmt``'s modes with fill's words, and
    a note for each game that could not be filled to its end."""

    COMMAND, WOULD, DONE, NOT_DONE = "fill", "would fill", "filled", "not filled"
    DOING = "filled"

    def __init__(self, path: str, mode: Mode, target: str, crlf: bool, say: Say, warn: Say,
                 show: Show, opened: Opened | None = None) -> None:
        super().__init__(path, mode, target, crlf, say, warn, show, opened)
        self.stopped = False

    def add(self, piece: Piece, part: Part) -> None:
        for d in getattr(part, "notes", ()):
            self.warn(note(d))
        self.stopped |= part.stopped
        super().add(piece, part)


def fill_all(names: Iterable[str], mode: Mode, say: Say, warn: Say, show: Show, jobs: int = 1,
             unreadable: bool = False, linked: frozenset[str] = frozenset(),
             tags: Sequence[NewTag] = ()) -> int:
    """``ftn fill`` on every input in order (``mode``: ``fmt_all``'s;
    ``linked``: the symbolic links a directory walk found, never written;
    ``tags``: added to each game that lacks them);
    the exit status: ``fmt_status``'s (``unreadable``: inputs that
    could not be listed), 1 at least when a game's replay stopped early."""

    files: list[Filled] = []

    def kept(*args: Any) -> Filled:
        files.append(Filled(*args))
        return files[-1]

    work = partial(fill_piece, tags=tuple(tags)) if tags else fill_piece
    done = fmt_all(names, mode, say, warn, show, jobs, work, kept, linked)
    status = fmt_status(done.ops, unreadable or done.failed > 0)
    return 1 if status == 0 and any(f.stopped for f in files) else status
