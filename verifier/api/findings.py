"""Checking: the records of a file, a stream or a plan checked (findings
rendered or given as data), and a piece of an editor's text checked.

Boundary: part of ``verifier.api``; imports the driver, the check job and
the renderers.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from verifier.api.inputs import Say, Source, _note_fallback, _quiet, _text
from verifier.files.pieces import Piece
from verifier.files.streams import InputError
from verifier.pipeline.jobs import check as checking
from verifier.pipeline.jobs.check import check_text
from verifier.pipeline.plan import Plan
from verifier.pipeline.plan import plan as plan_of
from verifier.pipeline.settings import Overrides, Resolver, Settings
from verifier.render import FORMATS
from verifier.render.progress import Progress

if TYPE_CHECKING:
    from verifier.diagnostics import Diagnostic
    from verifier.pipeline.jobs.check import FileReport
    from verifier.pipeline.results import Context, Summary
    from verifier.render.base import Renderer

__all__ = ["check", "check_piece", "check_report", "check_text", "no_games"]


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

    Settings (the manual: Settings): ``select`` and ``ignore`` (codes, names,
    prefixes) choose the findings reported, ``rules`` is the preset of
    records without a ``[rules]`` tag; they go over the settings file
    ``config``, or with ``discover`` over those found from the inputs
    upwards, as ``ftn check`` does (none is read otherwise).
    SettingsError for a bad file, ValueError for an unknown code or preset."""
    over = Overrides(tuple(select) if select is not None else None, tuple(ignore), None, None,
                     rules, os.fspath(config) if config is not None else None,
                     isolated=config is None and not discover)
    if over.problems():
        raise ValueError(over.problems()[0])
    if not isinstance(source, (str, os.PathLike, Sequence)):
        label, text = _text(source, name)
        return check_text(text, label, settings=Resolver(over, tuple(FORMATS)).for_path(label))
    paths = [source] if isinstance(source, (str, os.PathLike)) else list(source)
    p: Plan = plan_of([os.fspath(x) for x in paths], exclude, over, Resolver(over, tuple(FORMATS)))
    names = p.names
    if p.unreadable:
        raise p.unreadable[0]
    rep, failed = checking.check_all(names, jobs, dask, plan=p, name=name or None)
    if failed:
        raise failed[0]
    return rep


def check_report(plan: Plan, render: Callable[[Context], Renderer], *, keep_lines: bool = False,
                 explain_unknowns: bool = False, dask: str | None = None, quiet: bool = True,
                 warn: Say = _quiet) -> tuple[Summary, list[InputError]]:
    """Check every input of ``plan`` under its settings in ``plan.run.jobs``
    workers (or on the Dask scheduler at ``dask``), each finding that they
    keep handed as it comes to the renderer that ``render`` makes for the
    run (``keep_lines``: the source line of every finding kept to the end,
    for renderers that write then; ``explain_unknowns``: what partial
    records leave unverified too), then the summary; progress on standard
    error unless ``quiet``. The summary, and the inputs unreadable partway
    (the others are checked all the same)."""
    note = _note_fallback(warn)
    return checking.check_report(plan, render, keep_lines, explain_unknowns, plan.run.jobs, dask,
                  Progress(quiet), lambda start: note(start.how))


def check_piece(piece: Piece, settings: Settings | None = None) -> tuple[list[Diagnostic], int]:
    """The findings of one piece, as ``ftn check`` checks it under
    ``settings`` (``settings_for``: the preset of records without
    ``[rules]``, the findings kept; None: the defaults), in order of place,
    and the highest game number it reached (0: it holds no game)."""
    found: list[Diagnostic] = []
    number = 0
    for batch in checking.check_piece(piece, None if settings is None else settings.preset):
        found.extend(d for d in batch.diagnostics if settings is None or settings.keep(d))
        number = max(number, batch.number)
    return found, number


def no_games(name: str = "<input>", settings: Settings | None = None) -> Diagnostic | None:
    """The finding of a text that holds no game at all (FT402: an empty
    input is not a silent pass), or None when ``settings`` leave it out."""
    found = checking.no_games(name)
    return found if settings is None or settings.keep(found) else None

