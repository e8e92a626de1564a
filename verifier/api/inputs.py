"""The inputs a command reads: its plan (the files, the settings each is
judged by, the workers), the settings of one file, and the modes of a
command that writes; and what the modules of ``verifier.api`` share: the
types of an input and of the callbacks (``say``, ``warn``, ``show``), the
callbacks that do nothing, the one note that JSON is read without the
fast validator.

Boundary: part of ``verifier.api``; imports ``files`` and ``pipeline``'s
plan, settings and workers (the JSON validator, slow to load, when a JSON
input is first read).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, TextIO

from verifier.files.inputs import read_text
from verifier.files.streams import InputError
from verifier.pipeline.driver import input_names
from verifier.pipeline.modes import Mode
from verifier.pipeline.plan import Plan
from verifier.pipeline.plan import plan as plan_of
from verifier.pipeline.settings import Overrides, Resolver, Settings
from verifier.pipeline.workers import capped, shown_number
from verifier.pipeline.workers import capped as workers
from verifier.render import FORMATS

if TYPE_CHECKING:
    from verifier.diagnostics import Diagnostic
    from verifier.files.pieces import Piece

__all__ = ["Mode", "plan", "read_text", "settings_for", "workers"]


Source = str | os.PathLike[str] | TextIO
#: Where a line of text goes (standard output or error, for the command line).
Say = Callable[[str], None]
#: Where diagnostics about a piece of an input (or a whole text) are shown.
Show = Callable[[list["Diagnostic"], "Piece | str"], None]


def _quiet(_: str) -> None:
    """Say nothing."""


_noted = False


def _note_fallback(warn: Say) -> Callable[[str], None]:
    """What is told how each input is read ("ftn", "json", "jsonl"): the
    first JSON input read without the fast validator says so to ``warn``,
    once a process."""

    def note(how: str) -> None:
        global _noted
        if _noted or how == "ftn":
            return
        from verifier.files.validation import FALLBACK_NOTE, FAST  # slow to load: only for JSON

        if not FAST:
            _noted = True
            warn(FALLBACK_NOTE)

    return note


def _hidden(problems: list[Diagnostic], piece: Piece | str) -> None:
    """Show nothing."""


def _text(source: Source, name: str | None) -> tuple[str, str]:
    if isinstance(source, (str, os.PathLike)):
        path = os.fspath(source)
        return name or path, read_text(path)
    return name or str(getattr(source, "name", "<stream>")), source.read()


def _inputs(paths: Sequence[str | os.PathLike[str]], exclude: Sequence[str] = (),
           warn: Say = _quiet) -> tuple[list[str], list[InputError]]:
    """The record files that ``paths`` name (``-``: standard input;
    directories walked for record files, without what ``exclude``'s globs
    name), each checked to open before any is read, and those that cannot
    be, each said to ``warn`` (``ftn: NAME: why``)."""
    names, unreadable = input_names([os.fspath(p) for p in paths], exclude)
    for e in unreadable:
        warn(f"ftn: {e}")
    return names, unreadable


def plan(paths: Sequence[str | os.PathLike[str]], exclude: Sequence[str] = (), *,
         select: Sequence[str] | None = None, ignore: Sequence[str] = (),
         format: str | None = None, jobs: int | None = None,
         config: str | os.PathLike[str] | None = None, isolated: bool = False,
         warn: Say = _quiet) -> Plan:
    """The inputs that ``paths`` name and the settings each is judged by:
    those of the settings files found from each input upwards (or of
    ``config``; none with ``isolated``), with the options given here over
    them (``select``, ``ignore``: codes, names or prefixes; ``format``,
    ``jobs``). A settings file's ``jobs`` is kept within the most workers,
    said to ``warn`` when it asks for more. ValueError for an option that
    cannot be used, SettingsError for a settings file."""

    over = Overrides(tuple(select) if select is not None else None, tuple(ignore), format, jobs,
                     config=os.fspath(config) if config is not None else None,
                     isolated=isolated)
    for problem in over.problems():
        raise ValueError(problem)
    found = plan_of([os.fspath(p) for p in paths], exclude, over, Resolver(over, tuple(FORMATS)))
    run = found.run
    used, why = capped(run.jobs, f"jobs = {shown_number(run.jobs)} in {run.origin('jobs')}")
    if why is not None:
        warn(why)
        found.run = replace(run, jobs=used)
        found.by_label = {k: found.run if s is run else s for k, s in found.by_label.items()}
    return found


def settings_for(path: str | os.PathLike[str], *, select: Sequence[str] | None = None,
                 ignore: Sequence[str] = (), rules: str | None = None,
                 config: str | os.PathLike[str] | None = None) -> Settings:
    """The settings a record at ``path`` is judged by, as ``ftn check``
    finds them: those of the settings file of its folder (``ftn.toml`` or
    ``pyproject.toml``'s ``[tool.ftn]``, the closest above it), or of
    ``config``, with the options given here over them (``select``,
    ``ignore``: codes, names or prefixes; ``rules``: the preset of records
    without a ``[rules]`` tag). ``.keep(d)`` tells whether a finding is
    reported, ``.preset`` the preset. ValueError for an option that cannot
    be used, SettingsError for a bad settings file, OSError for a folder
    that cannot be read."""
    over = Overrides(tuple(select) if select is not None else None, tuple(ignore), None, None,
                     rules, os.fspath(config) if config is not None else None)
    for problem in over.problems():
        raise ValueError(problem)
    return Resolver(over, tuple(FORMATS)).for_path(os.fspath(path))

