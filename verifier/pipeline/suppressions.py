"""Suppressions: a ``noqa`` comment on an FTN line silences findings there.

``# noqa: FT302`` (or ``# noqa: points-mismatch``; several, separated by
commas) at the end of a line, or in a comment line of its own, silences the
named codes of the findings at that line; a bare ``# noqa`` silences every
code there. The word may follow other text of the comment (``# S was
tired noqa: FT302``), in lower or upper case (``NOQA``); the codes and
names in any case. A suppression that silences
nothing, in a game the check replays, is itself a finding, FT403
``unused-noqa``, at the code (or the ``noqa``) that silenced nothing; a code
that is not one of the registry's is said so, with the close match.

Boundary: given a piece's lines and the findings of one game, drops the
silenced findings and gives the unused suppressions as findings. It finds
nothing in the records (``replay`` does), reads the lines' comments only
for the word ``noqa``, and leaves the settings' ``select``/``ignore`` to the
check's sink: a suppression is used when it silenced a finding the check
made, whatever the settings then keep. JSON records are not read for it
(their comments are fields of the JSON form, not lines).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from notation.hints import aside
from verifier.diagnostics import BY_CODE, BY_NAME, Diagnostic, Name, lookup
from verifier.files.formats import diagnostic

_NOQA = re.compile(r"\b(noqa|NOQA)\b(?::[ \t]*(?P<codes>[A-Za-z0-9_\-]+(?:[ \t]*,[ \t]*"
                   r"[A-Za-z0-9_\-]+)*))?")


def _has_word(text: str) -> bool:
    """Whether ``noqa`` or ``NOQA`` stands in a text (a plain search: a
    case-blind one costs a whole check some 4% on a piece without)."""
    return "noqa" in text or "NOQA" in text
_KEY = re.compile(r"[A-Za-z0-9_\-]+")


@dataclass
class Noqa:
    """One ``noqa`` comment: its line, the column of the word, and each key
    it names with its column (none: every code); ``used``, the keys (or
    ``"*"`` for a bare one) that silenced a finding."""

    line: int
    col: int
    keys: tuple[tuple[str, int], ...]
    used: set[str] = field(default_factory=set)

    def silences(self, d: Diagnostic) -> bool:
        """Whether this comment silences ``d`` (and mark what did)."""
        if not self.keys:
            self.used.add("*")
            return True
        for key, _ in self.keys:
            entry = lookup(key)
            if entry is not None and entry.code == d.code:
                self.used.add(key)
                return True
        return False


def _comment_start(text: str) -> int | None:
    """Where a line's comment starts: its first ``#`` outside a quoted tag
    value (``\\"`` inside quotes does not end them)."""
    quoted = escaped = False
    for i, ch in enumerate(text):
        if escaped:
            escaped = False
        elif quoted and ch == "\\":
            escaped = True
        elif ch == '"':
            quoted = not quoted
        elif ch == "#" and not quoted:
            return i
    return None


def _noqa(text: str, line: int) -> Noqa | None:
    start = _comment_start(text)
    m = None if start is None else _NOQA.search(text, start)
    if m is None:
        return None
    codes = m.group("codes")
    keys = () if codes is None else tuple(
        (k.group(), m.start("codes") + k.start() + 1) for k in _KEY.finditer(codes))
    return Noqa(line, m.start(1) + 1, keys)


def marks(lines: list[str], first_line: int) -> dict[int, Noqa]:
    """The ``noqa`` comments of a piece's lines, by line number."""
    if not _has_word("\n".join(lines)):  # most pieces have none: one scan, in C
        return {}
    found = {}
    for n, text in enumerate(lines, first_line):
        if "#" in text and _has_word(text):
            mark = _noqa(text, n)
            if mark is not None:
                found[n] = mark
    return found


def silence(found: list[Diagnostic], noqa: dict[int, Noqa]) -> list[Diagnostic]:
    """The findings that no ``noqa`` comment of their line silences."""
    return [d for d in found if d.line not in noqa or not noqa[d.line].silences(d)]


def _choices() -> list[str]:
    return [*BY_CODE, *BY_NAME]


def unused(noqa: dict[int, Noqa], lines: Iterable[int], game: int,
           source: str) -> list[Diagnostic]:
    """FT403 for each suppression on ``lines`` (a game's) that silenced
    nothing: each key that silenced no finding, or a bare ``noqa``."""
    out = []
    for n in lines:
        mark = noqa.get(n)
        if mark is None:
            continue
        if not mark.keys and "*" not in mark.used:
            out.append(diagnostic(Name.UNUSED_NOQA, "noqa silences nothing on this line",
                                  n, mark.col, game, source))
        for key, col in mark.keys:
            if key in mark.used:
                continue
            if lookup(key) is None:
                message = f"noqa: {key} is not a code of ftn{aside(key, _choices())}"
            else:
                message = f"noqa: {key} silences nothing on this line"
            out.append(diagnostic(Name.UNUSED_NOQA, message, n, col, game, source))
    return out
