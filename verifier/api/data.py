"""Records as data: exported (Parquet...), selected by filters, counted.

Boundary: part of ``verifier.api``; imports ``data``, the driver and
``pipeline``'s rewrite job.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from verifier.api.inputs import Say, Show, _hidden, _inputs, _quiet
from verifier.data.export import PIECE, ExportSink, ExportWork
from verifier.data.report import render
from verifier.data.select import Filters, Places, select_all, split_folder
from verifier.data.stats import stats_all
from verifier.files.outputs import interruptible
from verifier.files.streams import InputError
from verifier.pipeline.driver import drive
from verifier.pipeline.jobs.rewrite import Output, target_of
from verifier.pipeline.plan import Plan

if TYPE_CHECKING:
    from verifier.data.export import ExportSink
    from verifier.data.select import SelectSink
    from verifier.data.stats import StatsSink

__all__ = ["export", "select", "stats"]


def export(names: Sequence[str], folder: Path, to: str = "parquet", jobs: int = 1,
           dask: str | None = None, plan: Plan | None = None) -> ExportSink:
    """Flat tables of the records of ``names`` (games, sides, tags, rounds,
    events, findings) in ``folder``, as Parquet or CSV (``to``): all written,
    or none when an input stops being readable partway. ``.games``,
    ``.tables``, ``.failed``, ``.unreadable``; WriteError. ``plan``
    (``api.plan``): each input judged by its settings, as ``ftn check``
    judges it (None: the defaults)."""
    sink = ExportSink(folder, to)
    work = ExportWork(plan.by_label if plan is not None else {})
    try:
        with interruptible():
            drive(work, sink, names, jobs, dask, size=PIECE)
        if sink.failed:
            sink.abort()
        else:
            sink.commit()
    except BaseException:
        sink.abort()
        raise
    return sink


def select(paths: Sequence[str | os.PathLike[str]], to: str | None = None,
           output: Path | None = None, *, exclude: Sequence[str] = (),
           tags: Iterable[str] = (), player: Iterable[str] = (), players: int | None = None,
           rules: Iterable[str] = (), with_codes: Iterable[str] = (),
           without: Iterable[str] = (), clean: bool = False, faulty: bool = False,
           unique: bool = False, show: Show | None = None, warn: Say = _quiet, jobs: int = 1,
           dask: str | None = None, games: str | None = None, split_by: str | None = None,
           plan: Plan | None = None) -> tuple[SelectSink | None, list[InputError]]:
    """The games of the inputs that ``paths`` name (as ``inputs``, the
    unreadable said to ``warn``) that pass every filter given (``tags``
    KEY=GLOB, ``player`` GLOB, ``players`` N, ``rules`` NAME=GLOB, a finding
    ``with_codes``, none ``without``, ``clean``, ``faulty``; ``unique``: the
    same deals and moves once), written in canonical form ``to`` (ftn, json,
    jsonl; else the kind ``output``'s name ends in, else ftn) to ``output``
    (whole, at the end; compressed as its name ends) or standard output;
    ``games`` ("10-20,35") keeps the games at those places of the inputs
    (counted from 1, across the inputs in order); ``split_by`` KEY writes
    one file per value of the tag KEY into the folder ``output``
    (``data.split`` names them); ``plan`` (``api.plan``): the inputs, each
    judged by its settings as ``ftn check`` judges it (``paths`` and
    ``exclude`` are then not read; None: the defaults). What was kept (None
    when no input could be read), and the inputs that could not be listed.
    ``verifier.FilterError`` for a filter that cannot be read (before any
    input is), WriteError."""
    filters = Filters.parse(tags, player, players, rules, with_codes, without, clean, faulty)
    places = None if games is None else Places.parse(games)
    target = (to or "ftn") if split_by is not None else (target_of(to, output) or "ftn")
    split = None if split_by is None else (split_by, split_folder(split_by, output, target))
    names, unreadable = (plan.names, plan.unreadable) if plan is not None else _inputs(
        paths, exclude, warn)
    if unreadable and not names:
        return None, unreadable
    out = Output.named(None if split is not None else output)
    return select_all(names, filters, target, out, show or _hidden, unique, jobs, dask,
                      places, split, plan), unreadable


def stats(names: Sequence[str], by: str | None = None, format: str = "text", jobs: int = 1,
          dask: str | None = None, plan: Plan | None = None) -> tuple[str, StatsSink]:
    """Counts over the games of ``names`` (results, findings per code,
    points per side, seat and player), apart for each ``by`` (player, seat,
    side, rules, players, or a tag's key): the report in ``format`` (text,
    json or csv), and the counts (``.total()``, ``.failed``). ``plan``
    (``api.plan``): each input judged by its settings, as ``ftn check``
    judges it (None: the defaults)."""

    done = stats_all(names, by, jobs, dask, plan)
    return render(done.groups, by, format), done

