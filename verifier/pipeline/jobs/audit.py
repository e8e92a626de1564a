"""The audit job: each game of a piece audited against the reference replay,
and the sink that sums the audits in input order, under the settings of a
``plan``.

Boundary: the work on one piece (in a worker: ``audit_piece``, the games'
audit reports as the defect classes name them, ``audit.defects``) and the
in-order sink (``AuditSink``) that gives the summary (``AuditSummary``),
an input that cannot be read counted as unreadable; ``audit_all`` runs the
job over any inputs, ``audit_text`` over a whole text (one piece). It
renders nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import TypeAlias

from verifier.audit.defects import AuditSummary, GameAudit, audit_game
from verifier.diagnostics import Diagnostic
from verifier.files.formats import piece_reads
from verifier.files.pieces import Piece
from verifier.files.streams import InputError
from verifier.pipeline.driver import End, Progress, Start, Text, collect, drive, single
from verifier.pipeline.plan import Plan
from verifier.replay.inputs import Resync


def audit_text(text: str, source: str, resync: str = "claimed"
               ) -> tuple[list[GameAudit], list[Diagnostic]]:
    """Audit every game of a text (FTN or JSON): each game's audit, and what
    cannot be read."""
    reports: list[GameAudit] = []
    unreadable: list[Diagnostic] = []
    _, items = single(collect(partial(audit_piece, resync=resync), Text(text, source)))
    for item in items:
        if isinstance(item, Diagnostic):
            unreadable.append(item)
        else:
            reports.append(item)
    return reports, unreadable


AuditItem: TypeAlias = "GameAudit | Diagnostic"


def audit_piece(piece: Piece, resync: str = "claimed", preset: str | None = None
                ) -> list[AuditItem]:
    """Audit the games of a piece (in a worker): each game's audit, or the
    diagnostics of a game that cannot be read (``preset``: as for
    ``check_piece``)."""
    out: list[AuditItem] = []
    for r in piece_reads(piece):
        if r.game is None:
            out.extend(r.problems)
        else:
            out.append(audit_game(r.game, r.number, piece.source, Resync(resync), r.locate,
                                  preset))
    return out


def _audit_claimed(piece: Piece) -> list[AuditItem]:
    return audit_piece(piece, "claimed")


def _audit_computed(piece: Piece) -> list[AuditItem]:
    return audit_piece(piece, "computed")


#: How an audit goes on after a diverging round (from the totals claimed
#: or the computed ones), and the worker function of each (a function of
#: the module, so that it can be sent to another process).
RESYNC: dict[str, Callable[[Piece], list[AuditItem]]] = {
    "claimed": _audit_claimed, "computed": _audit_computed,
}


def auditor(resync: str) -> Callable[[Piece], list[AuditItem]]:
    """The worker function that audits a piece with ``resync`` (the claimed
    totals' for a word that ``RESYNC`` does not know)."""
    return RESYNC.get(resync, _audit_claimed)


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


def audit_work_of(p: Plan | None, resync: str) -> AuditWork | None:
    if p is None:
        return None
    preset, by_source = p.presets()
    return AuditWork(resync, preset, by_source) if preset or by_source else None


class AuditSink:
    """An audit's summary, in input order: each input's unreadable games
    come after its audits (one for each game, or text outside games, that
    cannot be read), an input unreadable partway after all of them."""

    def __init__(self, progress: Progress | None = None,
                 on_start: Callable[[Start], None] | None = None) -> None:
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
