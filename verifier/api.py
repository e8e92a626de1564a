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
from verifier.audit.defects import AuditSummary
from verifier.diagnostics import Diagnostic
from verifier.files.formats import Read, read
from verifier.files.inputs import read_input
from verifier.files.streams import InputError
from verifier.files.tomlfile import SettingsError
from verifier.pipeline.driver import Text, collect, input_names
from verifier.pipeline.jobs.audit import audit_all
from verifier.pipeline.jobs.check import FileReport, check_all, check_text
from verifier.pipeline.jobs.load import read_any
from verifier.pipeline.jobs.rewrite import convert_text, replay_doc, replay_docs
from verifier.pipeline.settings import settings_for
from verifier.replay.reference import ReplayedGame

__all__ = [
    "Diagnostic", "FileReport", "InputError", "Read", "ReplayedGame", "SettingsError", "audit",
    "check", "check_text", "convert", "games", "load", "read_games", "replay", "replay_text",
    "settings_for",
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


def check(source: Source | Sequence[str | os.PathLike[str]], name: str | None = None,
          jobs: int = 1, dask: str | None = None, exclude: Sequence[str] = (), *,
          select: Sequence[str] | None = None, ignore: Sequence[str] = (),
          rules: str | None = None, config: str | os.PathLike[str] | None = None,
          discover: bool = False) -> FileReport:
    """Check every game of a file or stream, or of several files and
    directories (``exclude``: globs a directory walk skips), here or in
    ``jobs`` worker processes (0: one per core) or on the Dask scheduler at
    ``dask``: ``.diagnostics`` (typed, in order of place in each input),
    ``.games``, ``.events``, ``.errors``, ``.unknowns``. InputError for an
    input that cannot be read.

    Settings (README: Settings): ``select`` and ``ignore`` (codes, names,
    prefixes) choose the findings reported, ``rules`` is the preset of
    records without a ``[rules]`` tag; they go over the settings file
    ``config``, or with ``discover`` over those found from the inputs
    upwards, as ``ftn check`` does (none is read otherwise).
    SettingsError for a bad file, ValueError for an unknown code or preset."""
    from verifier.pipeline.plan import Plan, plan
    from verifier.pipeline.settings import Overrides, Resolver

    over = Overrides(tuple(select) if select is not None else None, tuple(ignore), None, None,
                     rules, os.fspath(config) if config is not None else None,
                     isolated=config is None and not discover)
    if over.problems():
        raise ValueError(over.problems()[0])
    if not isinstance(source, (str, os.PathLike, Sequence)):
        label, text = _text(source, name)
        return check_text(text, label, settings=Resolver(over).for_path(label))
    paths = [source] if isinstance(source, (str, os.PathLike)) else list(source)
    p: Plan = plan([os.fspath(x) for x in paths], exclude, over)
    names = p.names
    if p.unreadable:
        raise p.unreadable[0]
    rep, failed = check_all(names, jobs, dask, plan=p, name=name or None)
    if failed:
        raise failed[0]
    return rep


def replay(game: Game, number: int = 1, name: str = "<input>") -> ReplayedGame:
    """The reference replay of one record: every round, and every event with
    the state the rules give after it (``.to_dict()``: one game of the
    'replay' schema, as ``ftn replay --format json`` writes it)."""
    return ReplayedGame.from_dict(replay_doc(game, number, name, None))


def replay_text(text: str, name: str = "<input>") -> tuple[dict[str, Any], list[Diagnostic]]:
    """The reference replay of every game of a text ('replay' schema), or
    the diagnostics that keep the text from being read."""
    ((_, (docs, errors)),) = collect(replay_docs, Text(text, name))
    return {"version": 1, "games": docs}, errors


def audit(paths: Sequence[str | os.PathLike[str]], resync: str = "claimed",
          exclude: Sequence[str] = (), jobs: int = 1, dask: str | None = None) -> AuditSummary:
    """Audit another implementation's records (files or directories, without
    what ``exclude``'s globs name), here or in ``jobs`` worker processes:
    each game's divergences from the reference replay, grouped by defect
    class; an input that cannot be read is counted as unreadable."""
    names, bad = input_names([os.fspath(p) for p in paths], exclude)
    return audit_all(names, resync, jobs, dask, bad)


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

