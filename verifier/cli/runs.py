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

import os
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import typer

from ..audit import AuditSummary, GameAudit
from ..check import Batch
from ..diagnostics import ERROR, WARNING, Diagnostic
from ..inputs import InputError, expand
from ..parallel import Piece, auditor, check_piece, pieces, run, workers
from ..render import Renderer
from ..replay import Unknown
from ..report import Summary
from ..streams import open_lines
from .common import EXIT_USAGE, err, note_fallback


def input_names(paths: list[str]) -> list[str]:
    """The files the paths name, each checked to be there and readable
    before any is read (``-``: standard input)."""
    names = list(expand(paths))
    for n in names:
        if n != "-" and not os.access(n, os.R_OK):
            try:
                open(n, "rb").close()
            except OSError as e:
                raise InputError(f"{n}: cannot read: {e.strerror or e}") from None
    return names


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


def _pieces(names: list[str]) -> Iterator[Piece]:
    for name in names:
        label = _display(name)
        for p in pieces(open_lines(name), label):
            if p.first_line == 1:
                note_fallback("{" if p.how != "ftn" else "", label)
            yield p


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
              unknowns: list[Unknown], jobs: int, dask: str | None, quiet: bool) -> None:
    """Check every input, writing findings as they come."""
    progress = Progress(quiet)
    games = findings = 0
    base = 0  # games of the inputs before this one
    try:
        for piece, batches in mapper(jobs, dask)(check_piece, _pieces(names)):
            if piece.first_line == 1:  # the first piece of an input
                base = games
            book.piece = piece
            for b in batches:
                _write(b, out, book, summary)
                unknowns.extend(b.unknowns)
                findings += len(b.diagnostics)
                games = base + b.number
            summary.games = games
            progress.update(games, findings)
    finally:
        progress.done()


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
    summary = AuditSummary()
    progress = Progress(quiet)
    unreadable: list[Diagnostic] = []
    failing = 0

    def close() -> None:
        for d in unreadable:
            summary.games.append(GameAudit(
                d.source, d.game, 0, 0, [],
                f"unreadable: {d.code} {d.name} at {d.line}:{d.col}: {d.message}",
            ))
        unreadable.clear()

    try:
        for piece, items in mapper(jobs, dask)(auditor(resync), _pieces(names)):
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
    return summary
