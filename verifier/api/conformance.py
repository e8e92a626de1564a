"""Audits: other implementations' records held against the reference
replay, and a live engine audited.

Boundary: part of ``verifier.api``; imports ``pipeline``'s audit job and
``live``.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from verifier.api.inputs import Say, _inputs, _note_fallback, _quiet
from verifier.files.streams import InputError
from verifier.live.run import audit_live, reference_games
from verifier.pipeline.jobs.audit import audit_all
from verifier.pipeline.plan import Plan
from verifier.render.progress import Progress
from verifier.rules.options import given

if TYPE_CHECKING:
    from verifier.audit.defects import AuditSummary

__all__ = ["audit", "audit_engine", "audit_report"]


def audit(paths: Sequence[str | os.PathLike[str]], resync: str = "claimed",
          exclude: Sequence[str] = (), jobs: int = 1, dask: str | None = None) -> AuditSummary:
    """Audit another implementation's records (files or directories, without
    what ``exclude``'s globs name), here or in ``jobs`` worker processes:
    each game's divergences from the reference replay, grouped by defect
    class; an input that cannot be read is counted as unreadable."""
    names, bad = _inputs(paths, exclude)
    return audit_all(names, resync, jobs, dask, bad)


def audit_report(plan: Plan, resync: str = "claimed", dask: str | None = None,
                 quiet: bool = True, warn: Say = _quiet) -> AuditSummary:
    """``audit`` of the inputs of ``plan`` under their settings (the preset
    of records without ``[rules]``), in ``plan.run.jobs`` workers or on the
    Dask scheduler at ``dask``; progress on standard error unless
    ``quiet``."""
    note = _note_fallback(warn)
    return audit_all(plan.names, resync, plan.run.jobs, dask, plan.unreadable, Progress(quiet),
                     lambda start: note(start.how), plan)


def audit_engine(engine: str, timeout: float = 5.0, *, players: int = 2, generate: int = 0,
                 seed: int = 1, preset: str | None = None, rules: Iterable[str] = (),
                 names: Sequence[str] = (), unreadable: Sequence[InputError] = ()
                 ) -> AuditSummary:
    """Audit a live engine, the command ``engine`` (it speaks the protocol
    of ``verifier/PROTOCOL.md``, and may take ``timeout`` seconds an
    answer): ``generate`` games of ``players`` (from ``seed``, under the
    preset and the ``rules`` options NAME=VALUE), then every game of the
    files ``names``, played to it. ValueError for rules that cannot be
    played or no reference game, ``verifier.Unreadable`` for a file whose
    records cannot be read, InputError (the first of ``unreadable``)."""
    games = reference_games(players, generate, seed, preset, given(rules), names, unreadable)
    return audit_live(engine, games, timeout)

