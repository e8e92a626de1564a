"""The check job: the findings of every game of a piece, and the sink that
gives them in input order, under the settings of a ``plan``.

Boundary: the work on one piece (``check_piece``, in a worker: each game as
the one reader gives it, replayed and judged, ``check_reads``, a ``Batch``
of findings a game in order of place) and the in-order sink (``CheckSink``:
findings a batch at a time to a function of the caller, the ones the
settings leave out dropped before counting; FT402, the input with no game,
is given here and only here); ``check_all`` and ``check_report`` run it
over any inputs, ``check_text`` over a whole text (one piece) and
``check_bag`` over a Dask bag of JSON Lines. It renders nothing: a renderer
is handed each batch.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from notation.model import Game
from verifier.diagnostics import ERROR, WARNING, Counted, Diagnostic, Name
from verifier.files.formats import Read, diagnostic, piece_reads
from verifier.files.pieces import Piece
from verifier.files.streams import InputError
from verifier.pipeline.driver import End, Progress, Start, Text, drive, label_of
from verifier.pipeline.plan import Plan
from verifier.pipeline.results import Context, Summary
from verifier.pipeline.settings import Settings
from verifier.pipeline.suppressions import Noqa, marks, silence, unused
from verifier.replay.game import replay
from verifier.replay.inputs import Reading
from verifier.replay.observers import Observer
from verifier.replay.results import GameReport, Unknown

if TYPE_CHECKING:
    from verifier.pipeline.results import Findings


def no_games(source: str) -> Diagnostic:
    """FT402: an input with no game at all is not a silent pass."""
    return diagnostic(Name.NO_GAMES, "no game in this input: it is empty, or holds only comments "
                      "and blank lines", 1, 1, 0, source)


@dataclass
class Batch:
    """What checking found in one game, with the reading problems met just
    before it (in order of place): a piece of a report that can be written
    at once. ``number`` is the highest game number so far."""

    number: int = 0
    events: int = 0
    diagnostics: list[Diagnostic] = field(default_factory=list)
    unknowns: list[Unknown] = field(default_factory=list)
    replayed: int = 0


def replay_read(r: Read, source: str, observers: Sequence[Observer] = (),
                preset: str | None = None) -> GameReport | None:
    """A game as read, replayed and judged: a game read whole, or one read
    in spite of syntax errors (``Read.damaged``), judged from the lines that
    could be read (``replay.game.Replay``'s ``lost``); None when there is no
    game to judge. ``preset``: that of a record read whole without a
    ``[rules]`` tag (None: pagat, R9; not of a record with lines lost, whose
    ``[rules]`` tag may be among them)."""
    if r.game is not None:
        return replay(r.game, r.number, Reading(source, r.locate, preset=preset), observers)
    if r.damaged is not None:
        reading = Reading(source, r.locate, tuple(r.lost), tuple(r.lost_keys))
        return replay(r.damaged, r.number, reading, observers)
    return None


def _place(d: Diagnostic) -> tuple[int, int]:
    return d.line, d.col


def judge_noqa(found: list[Diagnostic], noqa: dict[int, Noqa] | None, game: Game | None = None,
               number: int = 0, source: str = "<input>") -> list[Diagnostic]:
    """The findings of one game (or the reading problems of no game) under
    the ``noqa`` comments of their piece (``suppressions.marks``; None or
    empty: none): those they silence dropped, and, for a ``game`` judged
    (read whole or in spite of syntax errors), FT403 for each suppression on
    its lines that silenced nothing. Apply it once to a game's findings."""
    if not noqa:
        return found
    out = silence(found, noqa)
    if game is not None:
        out += unused(noqa, range(game.line, game.end_line + 1), number, source)
    return out


def check_reads(reads: Iterable[Read], source: str = "<input>",
                noqa: dict[int, Noqa] | None = None, preset: str | None = None
                ) -> Iterator[Batch]:
    """Check games as they are read, a ``Batch`` a game. The FTN reader
    reports a problem it meets between two games (a game without its 'end'
    line, text outside a game) before the game it holds back for closing
    comments, so reading problems wait for the next game and are sorted
    with its findings: the batches come in order of place, as a whole
    file's sorted findings would. A game with syntax errors is judged from
    the lines that could be read (``replay_read``). ``noqa``: the
    suppressions of the lines (``suppressions.marks``): the findings they
    silence are dropped, and those of a replayed game that silence nothing
    are findings (FT403). ``preset``: that of the records without a
    ``[rules]`` tag (None: pagat, R9)."""
    pending: list[Diagnostic] = []
    number = 0
    for r in reads:
        number = max(number, r.number)
        pending.extend(r.problems)
        rep = replay_read(r, source, (), preset)
        if rep is None:
            continue
        found = rep.diagnostics
        if pending:
            found = pending + found
            pending = []
        if noqa:
            found = judge_noqa(found, noqa, r.game or r.damaged, r.number, source)
        if len(found) > 1:
            found.sort(key=_place)
        yield Batch(number, rep.events, found, rep.unknowns, rep.replayed)
    if pending:
        pending = judge_noqa(pending, noqa)
        pending.sort(key=_place)
        yield Batch(number, 0, pending, [])


@dataclass
class FileReport(Counted):
    """What a check of one text, or of some inputs, found, all together
    (``check_all``, ``check_text``, ``api.check``): the input it is of
    (``<inputs>`` for more than one), games, events, the findings in input
    order (in order of place within an input) and what partial records
    leave undecided (``unknowns``: not errors). ``events`` are the records'
    own (every event line of the games read), ``replayed`` those the replay
    played. A check kept whole; a streamed check (``check_report``) hands
    each finding on as it comes, so that memory does not grow with the
    input, and gives its counts only, a ``results.Summary``: two types, one
    with the findings and one without."""

    source: str = "<input>"
    games: int = 0
    events: int = 0
    replayed: int = 0
    diagnostics: list[Diagnostic] = field(default_factory=list)
    unknowns: list[Unknown] = field(default_factory=list)

    def take(self, b: Batch, piece: Piece) -> None:
        """One batch of findings (the check's sink gives them in order)."""
        self.events += b.events
        self.replayed += b.replayed
        self.diagnostics.extend(b.diagnostics)
        self.unknowns.extend(b.unknowns)


def check_text(text: str | Iterable[str], source: str = "<input>",
               kind: str | None = None, settings: Settings | None = None) -> FileReport:
    """Check every game of a text (or a stream of lines), FTN or JSON
    (``kind``, else guessed): reading problems first found, then the replay's
    findings, all in order of place; ``settings`` (``settings.settings_for``):
    the findings reported and the preset of records without ``[rules]``. The
    check job of the driver on one piece (``check_all``)."""
    plan = Plan(run=settings) if settings is not None else None
    rep, _ = check_all([Text(text, source, kind)], plan=plan)
    return rep


def _counts(part: Iterable[str]) -> list[tuple[int, int]]:
    lines = games = 0
    for line in part:
        lines += 1
        games += bool(line.strip())
    return [(lines, games)]


def _check_partition(part: Iterable[str], start: Iterable[tuple[int, int]], source: str
                     ) -> list[Diagnostic]:
    ((first_line, first_game),) = list(start)
    piece = Piece(source, "jsonl", [ln.rstrip("\n") for ln in part], first_line, first_game)
    return [d for b in check_piece(piece) for d in b.diagnostics]


def check_bag(lines: Any, source: str = "<bag>") -> Any:
    """The diagnostics (``Diagnostic``) of a Dask bag of JSON Lines, one game
    document a line, as a bag in input order; games and lines are numbered
    across the whole bag, as in one file (it counts the partitions first).
    A dataframe column of JSON texts becomes such a bag with ``.to_bag()``."""
    import dask.bag as db

    counts = lines.map_partitions(_counts).compute()
    starts: list[tuple[int, int]] = []
    line = game = 1
    for n, g in counts:
        starts.append((line, game))
        line, game = line + n, game + g
    make: Any = db.from_sequence
    offsets = make(starts, npartitions=lines.npartitions)
    return lines.map_partitions(_check_partition, offsets, source=source)


def check_piece(piece: Piece, preset: str | None = None) -> list[Batch]:
    """Check the games of a piece (in a worker); ``preset``: that of the
    records without a ``[rules]`` tag (None: pagat, R9)."""
    noqa = marks(piece.lines, piece.first_line) if piece.how == "ftn" else None
    return list(check_reads(piece_reads(piece), piece.source, noqa, preset))


@dataclass(frozen=True)
class CheckWork:
    """The check of a piece, records without ``[rules]`` under ``preset``
    (or, by input, ``by_source``'s)."""

    preset: str | None = None
    by_source: Mapping[str, str] = field(default_factory=dict)

    def __call__(self, piece: Piece) -> list[Batch]:
        return check_piece(piece, self.by_source.get(piece.source, self.preset))


def work_of(p: Plan | None) -> CheckWork | None:
    """The check's work under a plan (None: the plain check)."""
    if p is None:
        return None
    preset, by_source = p.presets()
    return CheckWork(preset, by_source) if preset or by_source else None


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


def check_all(inputs: Sequence[str | Text], jobs: int = 1, dask: str | None = None,
              kind: str | None = None, plan: Plan | None = None, name: str | None = None
              ) -> tuple[FileReport, list[InputError]]:
    """Check every input (under ``plan``'s settings, if any): what was
    found, as the report of ``name`` (by default the one input's label, or
    ``<inputs>``), and the inputs that could not be read (partway, or at
    all)."""
    one = inputs[0] if len(inputs) == 1 else None
    if name is None:
        name = "<inputs>" if one is None else one.name if isinstance(one, Text) else label_of(one)
    rep = FileReport(name)
    sink = CheckSink(rep.take, keep=plan.filter() if plan is not None else None)
    drive(work_of(plan) or check_piece, sink, inputs, jobs, dask, kind)
    rep.games = sink.games
    if one is not None:  # (the findings of one input, in order of place)
        rep.diagnostics.sort(key=_place)
    return rep, sink.failed


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


def check_report(plan: Plan, render: Callable[[Context], Findings], keep_lines: bool = False,
                 explain: bool = False, jobs: int = 1, dask: str | None = None,
                 progress: Progress | None = None,
                 on_start: Callable[[Start], None] | None = None,
                 work: Callable[[Piece], Any] | None = None,
                 wrap: Callable[[CheckSink], Any] | None = None
                 ) -> tuple[Summary, list[InputError]]:
    """Check every input of ``plan`` under its settings, each finding that
    they keep handed as it comes to the renderer that ``render`` makes for
    the run's ``Context`` (the source lines of the piece being written, or
    with ``keep_lines`` of every finding, for renderers that write at the
    end; with ``explain``, what partial records leave unverified), then the
    summary; the summary, and the inputs unreadable partway (the others are
    checked all the same). ``work`` and ``wrap``: another job that gives
    the batches of a check (``ftn check --fix``'s), its work on a piece and
    its sink around the check's."""
    summary = Summary(files=len(plan.names), replayed=0)
    unknowns, book = list[Unknown](), LineBook(keep_lines)
    out = render(Context(line_of=book.line_of, sources=[label_of(n) for n in plan.names],
                         unknowns=unknowns if explain else None))

    def emit(b: Batch, piece: Piece) -> None:
        book.piece = piece
        summary.events += b.events
        summary.replayed = (summary.replayed or 0) + b.replayed
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
        drive(work or work_of(plan) or check_piece, sink if wrap is None else wrap(sink),
              plan.names, jobs, dask)
    finally:
        if progress is not None:
            progress.done()
        summary.games = sink.games
        summary.unreadable = len(sink.failed)
    out.finish(summary)
    return summary, sink.failed
