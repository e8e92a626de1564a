"""Long runs of ``ftn check`` and ``ftn audit``: inputs streamed a piece at a
time, here, in local worker processes (``--jobs``) or on a Dask cluster
(``--dask``), with progress on a terminal.

Boundary: command-line plumbing between the inputs (``streams``), the
pieces and their workers (``parallel``, ``dask``) and a renderer: findings
are written as each piece comes back, in input order, with the source
lines of that piece only, so memory does not grow with the input. It
judges nothing itself.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import typer

from ..check import Batch, no_games
from ..diagnostics import ERROR, WARNING, Diagnostic
from ..inputs import InputError, check_input, expand_each
from ..parallel import Piece, auditor, check_piece, pieces, run, workers
from ..render import Renderer
from ..replay import Unknown
from ..report import Summary
from ..streams import open_lines
from .common import EXIT_USAGE, err, note_fallback

if TYPE_CHECKING:  # imported by the audit: a check needs none
    from ..audit import AuditSummary


def input_names(paths: list[str], exclude: list[str] | None = None
                ) -> tuple[list[str], list[InputError]]:
    """The files the paths name (``-``: standard input), each checked to be
    a regular file that can be opened before any is read, and the errors
    of those that are not (special files are read only as ``-``)."""
    names: list[str] = []
    bad: list[InputError] = []
    for n in expand_each(paths, exclude or ()):
        if isinstance(n, InputError):
            bad.append(n)
            continue
        try:
            check_input(n)
        except InputError as e:
            bad.append(e)
            continue
        names.append(n)
    return names, bad


class Progress:
    """Games done, games per second and findings so far, on standard error,
    only when it is a terminal, not before the run has taken two seconds,
    at most a few times a second; nothing with ``quiet``."""

    def __init__(self, quiet: bool) -> None:
        self.on = not quiet and sys.stderr.isatty()
        self.start = self.last = time.monotonic()
        self.shown = False

    def update(self, games: int, findings: int) -> None:
        if not self.on:
            return
        now = time.monotonic()
        if now - self.start < 2 or now - self.last < 0.25:
            return
        self.last = now
        rate = games / (now - self.start)
        sys.stderr.write(f"\r{games:,} games, {rate:,.0f} games/s, {findings:,} findings ")
        sys.stderr.flush()
        self.shown = True

    def done(self) -> None:
        if self.shown:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()


def _display(name: str) -> str:
    return "<stdin>" if name == "-" else name


def _pieces(names: list[str], failed: list[InputError]) -> Iterator[Piece]:
    """The pieces of every input in order; an input that turns out not to be
    text (or its compressed data to end too soon) is noted in ``failed``,
    after whatever it gave, and the next input goes on."""
    for name in names:
        label = _display(name)
        try:
            for p in pieces(open_lines(name), label):
                if p.first_line == 1:
                    note_fallback("{" if p.how != "ftn" else "", label)
                yield p
        except InputError as e:
            e.name = e.name or label
            failed.append(e)


@dataclass
class LineBook:
    """Source lines for the renderer: those of the piece being written, and
    (for renderers that write at the end) those of every finding so far."""

    keep: bool = False
    piece: Piece | None = None
    kept: dict[tuple[str, int], str | None] = field(default_factory=dict)

    def line_of(self, source: str, line: int) -> str | None:
        p = self.piece
        if p is not None and p.source == source:
            found = p.line(line)
            if found is not None or not self.keep:
                return found
        return self.kept.get((source, line))

    def remember(self, d: Diagnostic) -> None:
        if self.keep and self.piece is not None:
            self.kept[(d.source, d.line)] = self.piece.line(d.line)


def mapper(jobs: int, dask: str | None) -> Callable[[Callable[[Piece], Any], Iterator[Piece]],
                                                    Iterator[tuple[Piece, Any]]]:
    """How pieces are run: here, in ``jobs`` local processes, or on Dask."""
    if dask is not None:
        from ..cluster import DaskMissing, cluster_map

        try:
            return cluster_map(dask)
        except DaskMissing as e:
            err(f"ftn: {e}")
            raise typer.Exit(EXIT_USAGE) from None
    n = workers(jobs)
    return lambda fn, items: run(fn, items, n)


def check_run(names: list[str], out: Renderer, book: LineBook, summary: Summary,
              unknowns: list[Unknown], jobs: int, dask: str | None, quiet: bool
              ) -> list[InputError]:
    """Check every input, writing findings as they come; the inputs that
    could not be read are returned (the others are checked all the same)."""
    failed: list[InputError] = []
    progress = Progress(quiet)
    games = findings = 0
    base = 0  # games of the inputs before this one
    seen = 0  # findings before this input
    current: str | None = None

    def close_input() -> None:
        # An input with no game and no finding is not a silent pass (FT402).
        if current is not None and games == base and findings == seen:
            _write(Batch(diagnostics=[no_games(current)]), out, book, summary)

    try:
        for piece, batches in mapper(jobs, dask)(check_piece, _pieces(names, failed)):
            if piece.first_line == 1:  # the first piece of an input
                close_input()
                base, seen, current = games, findings, piece.source
            book.piece = piece
            for b in batches:
                _write(b, out, book, summary)
                unknowns.extend(b.unknowns)
                findings += len(b.diagnostics)
                games = base + b.number
            summary.games = games
            progress.update(games, findings)
        close_input()
    finally:
        progress.done()
    return failed


def _write(b: Batch, out: Renderer, book: LineBook, summary: Summary) -> None:
    summary.events += b.events
    for d in b.diagnostics:
        if d.severity == ERROR:
            summary.errors += 1
        elif d.severity == WARNING:
            summary.warnings += 1
        book.remember(d)
        out.finding(d)


def audit_run(names: list[str], resync: str, jobs: int, dask: str | None, quiet: bool
              ) -> AuditSummary:
    """Audit every input; a file's unreadable games come after its audits."""
    from ..audit import AuditSummary, GameAudit

    summary = AuditSummary()
    progress = Progress(quiet)
    unreadable: list[Diagnostic] = []
    failed: list[InputError] = []
    failing = 0

    def close() -> None:
        games: set[int] = set()
        for d in unreadable:  # one per game (or per text outside games) that cannot be read
            if d.game not in games:
                games.add(d.game)
                summary.games.append(GameAudit(
                    d.source, d.game, 0, 0, [],
                    unreadable=f"{d.code} {d.name} at {d.line}:{d.col}: {d.message}"))
        unreadable.clear()

    try:
        for piece, items in mapper(jobs, dask)(auditor(resync), _pieces(names, failed)):
            if piece.first_line == 1:  # the first piece of an input
                close()
            for item in items:
                if isinstance(item, Diagnostic):
                    unreadable.append(item)
                else:
                    summary.games.append(item)
                    failing += not item.clean
            progress.update(len(summary.games), failing)
        close()
    finally:
        progress.done()
    summary.games.extend(GameAudit(e.name or "<input>", 0, 0, 0, [], unreadable=str(e))
                         for e in failed)
    return summary
