"""The Python API: read, check, replay, audit and convert records.

Boundary: the small, documented surface that the ``ftn`` command line and
other programs use. Each function takes a path, a text or an open text
stream, and returns data: records (``notation.model``), typed diagnostics
(``Diagnostic``), the reference replay (typed, ``ReplayedGame``), audit summaries,
converted text. Input that cannot be read raises ``InputError`` with a
message that says where; nothing here prints, and nothing raises a bare
traceback at a user for a bad record (bad records give diagnostics).

    from verifier import api
    report = api.check("samples/valid/two-players-r8-3.ftn")
    for d in report.diagnostics:
        print(d.code, d.line, d.col, d.message)
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, TextIO

from notation.model import Game

from .audit import AuditSummary, GameAudit
from .check import FileReport, audit_text, check_text, convert_text, read_any
from .diagnostics import Diagnostic
from .inputs import InputError, expand, read_input
from .reading import Read, read
from .replayed import ReplayedGame
from .rewrite import replay_doc

__all__ = [
    "Diagnostic", "FileReport", "InputError", "Read", "ReplayedGame", "audit", "check",
    "check_text", "convert", "games", "load", "read_games", "replay", "replay_text",
]

Source = str | os.PathLike[str] | TextIO


def load(path: str | os.PathLike[str]) -> str:
    """The text of a record file (``-`` is standard input); InputError when
    it cannot be read or is not UTF-8."""
    return read_input(os.fspath(path))


def _text(source: Source, name: str | None) -> tuple[str, str]:
    if isinstance(source, (str, os.PathLike)):
        path = os.fspath(source)
        return name or path, load(path)
    return name or str(getattr(source, "name", "<stream>")), source.read()


def read_games(source: str | os.PathLike[str] | Iterable[str], name: str | None = None,
               kind: str | None = None) -> Iterator[Read]:
    """The games of a file (a path), an open text stream or any iterable of
    lines, one ``Read`` each:
    ``.game`` the record, or ``.problems`` the diagnostics that kept it from
    being read. FTN streams are read a line at a time."""
    if isinstance(source, (str, os.PathLike)):
        path = os.fspath(source)
        yield from read(load(path), name or path, kind)
    else:
        yield from read(source, name or str(getattr(source, "name", "<stream>")), kind)


def check(source: Source, name: str | None = None) -> FileReport:
    """Check every game of a file or stream: ``.diagnostics`` (typed, in
    order of place), ``.games``, ``.events``, ``.errors``, ``.unknowns``."""
    label, text = _text(source, name)
    return check_text(text, label)


def replay(game: Game, number: int = 1, name: str = "<input>") -> ReplayedGame:
    """The reference replay of one record: every round, and every event with
    the state the rules give after it (``.to_dict()``: one game of the
    'replay' schema, as ``ftn replay --format json`` writes it)."""
    return ReplayedGame.from_dict(replay_doc(game, number, name, None))


def replay_text(text: str, name: str = "<input>") -> tuple[dict[str, Any], list[Diagnostic]]:
    """The reference replay of every game of a text ('replay' schema), or
    the diagnostics that keep the text from being read."""
    docs = []
    errors: list[Diagnostic] = []
    for r in read(text, name):
        if r.game is None:
            errors.extend(r.problems)
        else:
            docs.append(replay_doc(r.game, r.number, name, r.locate))
    return {"version": 1, "games": docs}, errors


def audit(paths: Sequence[str | os.PathLike[str]], resync: str = "claimed",
          exclude: Sequence[str] = ()) -> AuditSummary:
    """Audit another implementation's records (files or directories, without
    what ``exclude``'s globs name): each game's divergences from the
    reference replay, grouped by defect class."""
    summary = AuditSummary()
    for path in expand([os.fspath(p) for p in paths], exclude):
        name = "<stdin>" if path == "-" else path
        try:
            text = read_input(path)
        except InputError as e:  # not text at all (a binary file), or not there
            summary.games.append(GameAudit(name, 0, 0, 0, [], unreadable=str(e)))
            continue
        reports, unreadable = audit_text(text, name, resync)
        for rep in reports:
            summary.add(name, rep)
        games: set[int] = set()
        for d in unreadable:  # one per game (or per text outside games) that cannot be read
            if d.game not in games:
                games.add(d.game)
                summary.games.append(GameAudit(
                    name, d.game, 0, 0, [],
                    unreadable=f"{d.code} {d.name} at {d.line}:{d.col}: {d.message}"))
    return summary


def convert(text: str, to: str, name: str = "<input>", positions: bool = False) -> str:
    """A text (FTN or JSON) in the canonical form of ``to`` ("ftn", "json" for
    an array, "jsonl"); InputError listing the first problem when it cannot
    be read."""
    out, errors = convert_text(text, to, name, positions=positions)
    if out is None:
        d = errors[0]
        raise InputError(f"{d.source}:{d.line}:{d.col}: {d.code} {d.name}: {d.message}")
    return out


def games(text: str, name: str = "<input>") -> list[Game]:
    """Every record of a text; InputError when one cannot be read."""
    found, errors = read_any(text, name)
    if errors:
        d = errors[0]
        raise InputError(f"{d.source}:{d.line}:{d.col}: {d.code} {d.name}: {d.message}")
    return found

