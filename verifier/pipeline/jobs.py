"""The jobs that report: ``check`` and ``audit``, over any inputs, under
the settings of a ``plan``.

Boundary: the work on one piece (in a worker: ``parallel.check_piece``,
``audit_piece``) and the in-order sinks that merge the results: the
check's findings a batch at a time (the no-games warning, FT402, is given
here and only here), and the audit's summary. They render nothing: a
check hands each batch to a function of the caller (a renderer, or a list).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Protocol

from ..batches import Batch, no_games
from ..diagnostics import ERROR, WARNING, Diagnostic
from ..inputs import InputError
from ..parallel import AuditItem, Piece, audit_piece, auditor, check_piece
from ..replay import Unknown
from .driver import End, Start, Text, drive, label_of
from .plan import Plan

if TYPE_CHECKING:  # imported by the audit: a check needs none
    from ..audit import AuditSummary, GameAudit
    from ..render import Context, Renderer
    from ..report import Summary


class Progress(Protocol):
    """What a long run tells as it goes (``render.progress.Progress``)."""

    def update(self, done: int, findings: int) -> None: ...
    def done(self) -> None: ...


@dataclass(frozen=True)
class CheckWork:
    """The check of a piece, records without ``[rules]`` under ``preset``
    (or, by input, ``by_source``'s)."""

    preset: str | None = None
    by_source: Mapping[str, str] = field(default_factory=dict)

    def __call__(self, piece: Piece) -> list[Batch]:
        return check_piece(piece, self.by_source.get(piece.source, self.preset))


@dataclass(frozen=True)
class AuditWork:
    """The audit of a piece (``resync``), as ``CheckWork`` for presets."""

    resync: str = "claimed"
    preset: str | None = None
    by_source: Mapping[str, str] = field(default_factory=dict)

    def __call__(self, piece: Piece) -> list[AuditItem]:
        preset = self.by_source.get(piece.source, self.preset)
        if preset is None:
            return auditor(self.resync)(piece)
        return audit_piece(piece, self.resync, preset)


def work_of(p: Plan | None) -> CheckWork | None:
    """The check's work under a plan (None: the plain check)."""
    if p is None:
        return None
    preset, by_source = p.presets()
    return CheckWork(preset, by_source) if preset or by_source else None


def audit_work_of(p: Plan | None, resync: str) -> AuditWork | None:
    if p is None:
        return None
    preset, by_source = p.presets()
    return AuditWork(resync, preset, by_source) if preset or by_source else None


class CheckSink:
    """A check's batches, in input order, to ``emit`` with the piece whose
    lines they are about (the no-games warning, given when an input that was
    read has no game and no finding, with the input's last piece). ``games``, ``findings`` count
    what came so far; ``failed`` holds the inputs that stopped being
    readable (the others are checked all the same); ``progress`` is told
    the counts after every piece; ``keep`` says which findings are given
    and counted (``settings``: select and ignore; None: all)."""

    def __init__(self, emit: Callable[[Batch, Piece], None],
                 progress: Progress | None = None,
                 on_start: Callable[[Start], None] | None = None,
                 keep: Callable[[Diagnostic], bool] | None = None) -> None:
        self.emit, self.progress, self.on_start, self.keep = emit, progress, on_start, keep
        self.games = self.findings = self._found = 0
        self.failed: list[InputError] = []
        self._base = self._seen = 0  # games and findings (all) before this input
        self._last: Piece | None = None

    def start(self, s: Start) -> None:
        self._base, self._seen = self.games, self._found
        if self.on_start is not None:
            self.on_start(s)

    def add(self, piece: Piece, result: list[Batch]) -> None:
        self._last = piece
        for b in result:
            self._found += len(b.diagnostics)
            if self.keep is not None:
                b = replace(b, diagnostics=[d for d in b.diagnostics if self.keep(d)])
            self.emit(b, piece)
            self.findings += len(b.diagnostics)
            self.games = self._base + b.number
        if self.progress is not None:
            self.progress.update(self.games, self.findings)

    def end(self, e: End) -> None:
        if e.started and self.games == self._base and self._found == self._seen:
            assert self._last is not None
            found = no_games(e.label)
            if self.keep is None or self.keep(found):
                self.emit(Batch(diagnostics=[found]), self._last)
                self.findings += 1
        if e.error is not None:
            self.failed.append(e.error)


@dataclass
class Collected:
    """What a check of some inputs found, all together (``check_text``,
    ``api.check``): games, events, the findings in order and the unknowns."""

    games: int = 0
    events: int = 0
    diagnostics: list[Diagnostic] = field(default_factory=list)
    unknowns: list[Unknown] = field(default_factory=list)

    def take(self, b: Batch, piece: Piece) -> None:
        self.events += b.events
        self.diagnostics.extend(b.diagnostics)
        self.unknowns.extend(b.unknowns)


def check_all(inputs: Sequence[str | Text], jobs: int = 1, dask: str | None = None,
              kind: str | None = None, plan: Plan | None = None
              ) -> tuple[Collected, list[InputError]]:
    """Check every input (under ``plan``'s settings, if any): what was
    found, and the inputs that could not be read (partway, or at all)."""
    got = Collected()
    sink = CheckSink(got.take, keep=plan.filter() if plan is not None else None)
    drive(work_of(plan) or check_piece, sink, inputs, jobs, dask, kind)
    got.games = sink.games
    return got, sink.failed


@dataclass
class LineBook:
    """Source lines for a renderer: those of the piece being written, and
    (for renderers that write at the end, ``keep``) those of every finding
    so far; memory does not grow with the input otherwise."""

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


def check_report(plan: Plan, render: Callable[[Context], Renderer], keep_lines: bool = False,
                 explain: bool = False, jobs: int = 1, dask: str | None = None,
                 progress: Progress | None = None,
                 on_start: Callable[[Start], None] | None = None
                 ) -> tuple[Summary, list[InputError]]:
    """Check every input of ``plan`` under its settings, each finding that
    they keep handed as it comes to the renderer that ``render`` makes for
    the run's ``Context`` (the source lines of the piece being written, or
    with ``keep_lines`` of every finding, for renderers that write at the
    end; with ``explain``, what partial records leave unverified), then the
    summary; the summary, and the inputs unreadable partway (the others are
    checked all the same)."""
    from ..render import Context
    from ..report import Summary

    summary, unknowns, book = Summary(files=len(plan.names)), list[Unknown](), LineBook(keep_lines)
    out = render(Context(line_of=book.line_of, sources=[label_of(n) for n in plan.names],
                         unknowns=unknowns if explain else None))

    def emit(b: Batch, piece: Piece) -> None:
        book.piece = piece
        summary.events += b.events
        for d in b.diagnostics:
            if d.severity == ERROR:
                summary.errors += 1
            elif d.severity == WARNING:
                summary.warnings += 1
            book.remember(d)
            out.finding(d)
        unknowns.extend(b.unknowns)

    sink = CheckSink(emit, progress, on_start, plan.filter())
    try:
        drive(work_of(plan) or check_piece, sink, plan.names, jobs, dask)
    finally:
        if progress is not None:
            progress.done()
        summary.games = sink.games
    out.finish(summary)
    return summary, sink.failed


class AuditSink:
    """An audit's summary, in input order: each input's unreadable games
    come after its audits (one for each game, or text outside games, that
    cannot be read), an input unreadable partway after all of them."""

    def __init__(self, progress: Progress | None = None,
                 on_start: Callable[[Start], None] | None = None) -> None:
        from ..audit import AuditSummary

        self.summary = AuditSummary()
        self.progress, self.on_start = progress, on_start
        self.failed: list[InputError] = []
        self._unreadable: list[Diagnostic] = []
        self._failing = 0

    def start(self, s: Start) -> None:
        if self.on_start is not None:
            self.on_start(s)

    def add(self, piece: Piece, result: list[GameAudit | Diagnostic]) -> None:
        for item in result:
            if isinstance(item, Diagnostic):
                self._unreadable.append(item)
            else:
                self.summary.games.append(item)
                self._failing += not item.clean
        if self.progress is not None:
            self.progress.update(len(self.summary.games), self._failing)

    def end(self, e: End) -> None:
        from ..audit import GameAudit

        games: set[int] = set()
        for d in self._unreadable:
            if d.game not in games:
                games.add(d.game)
                self.summary.games.append(GameAudit(
                    d.source, d.game, 0, 0, [],
                    unreadable=f"{d.code} {d.name} at {d.line}:{d.col}: {d.message}"))
        self._unreadable.clear()
        if e.error is not None:
            self.failed.append(e.error)

    def close(self, bad: Sequence[InputError] = ()) -> AuditSummary:
        """The summary, with the inputs that could not be opened (``bad``,
        first) and those unreadable partway (last)."""
        from ..audit import GameAudit

        def gone(e: InputError) -> GameAudit:
            return GameAudit(e.name or "<input>", 0, 0, 0, [], unreadable=str(e))

        self.summary.games[:0] = [gone(e) for e in bad]
        self.summary.games.extend(gone(e) for e in self.failed)
        return self.summary


def audit_all(inputs: Sequence[str | Text], resync: str = "claimed", jobs: int = 1,
              dask: str | None = None, bad: Sequence[InputError] = (),
              progress: Progress | None = None,
              on_start: Callable[[Start], None] | None = None,
              plan: Plan | None = None) -> AuditSummary:
    """Audit every input (``bad``: those already known not to open;
    ``on_start`` is told each input's start; ``plan``: the settings' preset
    of records without ``[rules]``)."""
    sink = AuditSink(progress, on_start)
    try:
        drive(audit_work_of(plan, resync) or auditor(resync), sink, inputs, jobs, dask)
    finally:
        if progress is not None:
            progress.done()
    return sink.close(bad)
