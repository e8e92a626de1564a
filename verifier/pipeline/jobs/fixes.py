"""The fix job: ``ftn check --fix`` and ``--diff``, the computed value
written in place of each wrong claim (and the text a slip's message says to
write), and the findings that remain.

Boundary: the work on one piece (``fix_piece``, in a worker: the piece
checked as ``ftn check`` checks it, the edits of its fixable findings made
(``replay.fixes``; a header tag's from its problem, ``header_edits``), with
those of the totals claimed after a wrong total that are off by as much
(the check passes over them: no cascade), and checked again until no
fixable finding is left, at most ``PASSES`` times: a claim fixed can show a
total that followed it, a syntax error fixed the lines it hid; ``FixPart``:
the fixed lines, the findings fixed, the check's batches of the read lines
and of the fixed lines; ``kept``: the findings of its batches that the
settings keep; ``api.fix_text`` runs it on a whole text), and the
sink of a run (``FixSink``: the batches to the check's own sink, which
renders and counts them, those of a file written held until it is known
whether it was: the report is of each file as it is on the disk
afterwards; each input to a ``FixedFile``, ``rewrite.Formatted`` with the
fixed text in place of the canonical one: printed (standard input, after
its BOM), shown as a unified diff, or written with ``fmt --write``'s
safety, only when it changes, never through a symbolic link a directory
walk found). A fix never removes a line, nor changes a move, and adds one
only for a game's missing 'end'; suppressed findings (``noqa``) and those
the settings leave out are not fixed, nor a claim a ``noqa`` silences a
finding of; JSON records are not edited (their findings are counted as they
are). It renders nothing.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from notation.model import Tag
from verifier.diagnostics import FIXABLE, Diagnostic, Name
from verifier.files.formats import Layout, piece_reads
from verifier.files.outputs import interruptible
from verifier.files.pieces import Piece
from verifier.files.streams import Opened
from verifier.pipeline.driver import End, Start
from verifier.pipeline.jobs.check import (
    Batch,
    CheckSink,
    check_piece,
    check_reads,
    check_report,
    replay_read,
)
from verifier.pipeline.jobs.rewrite import (
    AT_LEAST_1,
    SET_2,
    Formatted,
    Joiner,
    Part,
    Say,
    _each_file_once,
)
from verifier.pipeline.modes import Mode
from verifier.pipeline.suppressions import marks
from verifier.replay.fixes import (
    ClaimEdit,
    Edit,
    Totals,
    apply,
    claim_edits,
    claim_span,
    disjoint,
    drift_edits,
    fixable,
    tag_edit,
)
from verifier.rules.start import HeaderProblem, read_header

if TYPE_CHECKING:
    from verifier.files.streams import InputError
    from verifier.pipeline.driver import Progress
    from verifier.pipeline.plan import Plan
    from verifier.pipeline.results import Context, Findings, Summary
    from verifier.pipeline.settings import Settings

#: The checks of one piece at most: the first, and one after each round of
#: edits (a claim fixed can show a total that the check passed over; that
#: total's fix shows nothing more).
PASSES = 6

Keep = Callable[[Diagnostic], bool]


@dataclass
class FixPart(Part):
    """A piece fixed: its lines with the fixes made (``text``, those lines
    joined), the findings of its check that were fixed, how many claims were
    written (theirs, and the totals after them that followed them), the
    check's batches of the fixed lines, and how many findings of claims
    JSON records hold (not fixed)."""

    lines: list[str] = field(default_factory=list)
    fixed: list[Diagnostic] = field(default_factory=list)
    claims: int = 0
    batches: list[Batch] = field(default_factory=list)
    in_json: int = 0
    first: list[Batch] = field(default_factory=list)


def kept(batches: Sequence[Batch], keep: Keep | None) -> list[Diagnostic]:
    """The findings of ``batches`` that ``keep`` keeps (None: all), in order."""
    return [d for b in batches for d in b.diagnostics if keep is None or keep(d)]


def fix_piece(piece: Piece, preset: str | None = None, keep: Keep | None = None) -> FixPart:
    """The fixable findings of a piece fixed (see the module doc); ``preset``:
    that of the records without ``[rules]``; ``keep``: the findings the
    settings report (None: all)."""
    part = FixPart(lines=piece.lines, batches=check_piece(piece, preset))
    part.first = part.batches
    if piece.how != "ftn":
        part.in_json = sum(1 for d in kept(part.batches, keep) if _a_claim(d))
    first = {_key(d) for d in kept(part.batches, keep)}
    for _ in range(PASSES - 1 if piece.how == "ftn" else 0):
        found = kept(part.batches, keep)
        now = replace(piece, lines=part.lines)
        edits = disjoint_edits(claim_edits(part.lines, found, piece.first_line)
                               + header_edits(now, preset, found))
        if not edits:
            break
        silenced = _silenced(now, preset)
        edits = [e for e in edits if not _touches(e.edit, silenced)]
        made = [e for e in disjoint([e.edit for e in edits]
                                    + _drifts(piece, part.lines, preset, found))
                if not _touches(e, silenced)]
        if not made:
            break
        part.lines = apply(part.lines, made, piece.first_line)
        part.claims += len(made)
        # the findings of the first check fixed (what a later check finds
        # follows from their claims: it is in ``claims``)
        done = set(made)
        part.fixed += [d for e in edits if e.edit in done for d in e.findings
                       if _key(d) in first]
        first -= {_key(d) for d in part.fixed}
        part.batches = check_piece(replace(piece, lines=part.lines), preset)
    part.text = "\n".join(part.lines)
    return part


Span = tuple[int, int, int]


def disjoint_edits(edits: list[ClaimEdit]) -> list[ClaimEdit]:
    """The edits of findings, less those that overlap one before them."""
    kept = set(disjoint([e.edit for e in edits]))
    return sorted((e for e in edits if e.edit in kept), key=lambda e: (e.edit.line, e.edit.col))


def header_edits(piece: Piece, preset: str | None, found: list[Diagnostic]) -> list[ClaimEdit]:
    """The edits of the header tags whose problem (``rules.start``) proposes
    one word (a tag's name, a seat, a rule option): those of the findings
    ``found`` (FT002, at the tag's line, with its message)."""
    wanted = {(d.line, d.message): d for d in found
              if d.name == Name.BAD_HEADER and d.pointer is None}
    if not wanted:
        return []
    out: list[ClaimEdit] = []
    for r in piece_reads(piece):
        game = r.game if r.game is not None else r.damaged
        problems = [] if game is None else read_header(game, preset if game is r.game else None)
        for p in problems if isinstance(problems, list) else [problems]:
            if not isinstance(p, HeaderProblem):
                continue
            d = wanted.get((p.at.line, p.message))
            if d is None or p.proposed is None or not isinstance(p.at, Tag):
                continue
            e = tag_edit(piece.lines[p.at.line - piece.first_line], p.at.line, p.at.col,
                         *p.proposed)
            if e is not None:
                out.append(ClaimEdit(e, (d,)))
    return out


def _silenced(piece: Piece, preset: str | None) -> list[Span]:
    """The places (line, start and end column) of the claims that a ``noqa``
    comment silences a finding of: never edited (an edit would leave the
    comment silencing nothing, FT403, or silence a claim written anew)."""
    noqa = marks(piece.lines, piece.first_line)
    if not noqa:
        return []
    out: list[Span] = []
    for b in check_reads(piece_reads(piece), piece.source, preset=preset):
        for d in b.diagnostics:
            mark = noqa.get(d.line)
            if mark is None or not mark.silences(d):
                continue
            span = claim_span(piece.lines[d.line - piece.first_line], d)
            if span is not None:
                out.append((d.line, span[0] + 1, span[1] + 1))
    return out


def _touches(e: Edit, spans: Sequence[Span]) -> bool:
    """Whether an edit overlaps one of the places ``spans`` (``_silenced``)."""
    return any(e.line == line and e.col < end and start < e.end_col
               for line, start, end in spans)


def _key(d: Diagnostic) -> tuple[str, int, int]:
    return d.code, d.line, d.col


def _drifts(piece: Piece, lines: list[str], preset: str | None,
            found: list[Diagnostic]) -> list[Edit]:
    """The edits of the totals claims after each fixable finding of totals
    that are off by as much as it is (``replay.fixes.drift_edits``): the
    games that hold one replayed again, their totals claims watched."""
    wrong = [d for d in found if d.claimed is not None and d.claimed.startswith("(")
             and fixable(d)]
    if not wrong:
        return []
    games = {d.game for d in wrong}
    out: list[Edit] = []
    for r in piece_reads(replace(piece, lines=lines)):
        game = r.game if r.game is not None else r.damaged
        if game is None or r.number not in games:
            continue
        seen = Totals(game)
        replay_read(r, piece.source, [seen], preset)  # (as the check judged it)
        for d in wrong:
            if d.game == r.number:
                out += drift_edits(lines, d, seen.seen, piece.first_line)
    return out


def _a_claim(d: Diagnostic) -> bool:
    """Whether a finding is of a wrong claim that FTN text would fix."""
    return d.code in FIXABLE and d.computed is not None


@dataclass(frozen=True)
class FixWork:
    """``fix_piece`` under the settings of each input (``by_label``, else
    ``run``; None: every finding kept), records without ``[rules]`` under
    ``preset`` or, by input, ``by_source``'s."""

    preset: str | None = None
    by_source: Mapping[str, str] = field(default_factory=dict)
    run: Settings | None = None
    by_label: Mapping[str, Settings] = field(default_factory=dict)

    def keep(self, d: Diagnostic) -> bool:
        settings = self.by_label.get(d.source, self.run)
        return settings is None or settings.keep(d)

    def __call__(self, piece: Piece) -> FixPart:
        keep = None if self.run is None else self.keep
        return fix_piece(piece, self.by_source.get(piece.source, self.preset), keep)


# ---------------------------------------------------------------------------
# The run over inputs.


class Verbatim(Joiner):
    """The texts of the pieces of one input joined as the input's own lines
    are (a line end between two pieces), every piece's, a game or not."""

    def __init__(self) -> None:
        super().__init__(Layout("", "", "", ""))

    def add(self, part: Part) -> str:
        text = ("\n" if self.games else "") + part.text
        self.games += 1
        return text

    def end(self) -> str:
        return ""


def _nothing(problems: list[Diagnostic], piece: Piece) -> None:
    """Show nothing (the check's renderer shows every finding)."""


def _quiet(_: str) -> None:
    """Say nothing."""


class FixedFile(Formatted):
    """One input of ``ftn check --fix`` (``Mode.WRITE``; ``Mode.PRINT`` for
    standard input, the fixed text on standard output, after the BOM it had)
    or ``--diff`` (``Mode.DIFF``): ``rewrite.Formatted`` with the input's own text,
    its claims fixed, in place of the canonical form, compared with the
    input line by line (each line with its own line end)."""

    COMMAND, WOULD, DONE, NOT_DONE = "check", "would fix", "fixed", "not fixed"
    DOING = "fixed"

    def __init__(self, path: str, mode: Mode, warn: Say, opened: Opened | None = None) -> None:
        super().__init__(path, mode, "ftn", False, _quiet, warn, _nothing, opened)
        self.joiner = Verbatim()
        self.held_blank: list[str] = []  # blank lines at a piece's end: diffed with the next
        self.bom = self.opened.bom and mode is Mode.PRINT  # a BOM still to print

    def _emit(self, text: str, original: str = "") -> None:
        if self.bom:
            self.bom, text = False, "\ufeff" + text
        super()._emit(text, original)

    def _add_diff(self, piece: Piece, part: Part) -> None:
        assert isinstance(part, FixPart)
        old = self.held_blank + piece.lines
        new = self.held_blank + part.lines
        keep = len(old)
        while keep and not old[keep - 1].strip():  # (a fix never edits a blank line)
            keep -= 1
        self.held_blank = old[keep:]
        self._show(self.diff.add(old[:keep], new[:len(new) - len(self.held_blank)]))

    def _show(self, hunks: list[str]) -> None:
        if hunks:
            self.changed = True
            sys.stdout.write("\n".join(hunks) + "\n")

    def finish(self) -> str | None:
        """The end of the input: the last hunks of a diff (exit 1 at least
        when there was one), the file written when its text changed (or
        the problem said: exit 2; a symbolic link a walk found is not
        written: exit 1 at least), nothing more for standard input."""
        if self.mode is Mode.DIFF:
            old = self.held_blank[:-1]  # (the last is the end of the last line)
            self._show(self.diff.add(old, old) + self.diff.end())
            return AT_LEAST_1 if self.changed else None
        if self.mode is Mode.PRINT or not self.same.end():
            self.abort()
            return None
        return self.put()

    @property
    def as_read(self) -> bool:
        """Whether the input stays as it was read: fixes to write that were
        not written (``put`` could not, or would not)."""
        return self.mode is Mode.WRITE and self.same.differs and not self.written


@dataclass
class Tally:
    """What a run of ``ftn check --fix`` fixed (or, with ``--diff``, would
    fix): the findings of the check, the claims written (theirs, and the
    totals after them that followed them), the files changed, the files
    that could not be written (each said; their findings stay findings),
    and by input the findings of JSON records that FTN text would fix."""

    fixed: int = 0
    claims: int = 0
    files: int = 0
    unwritten: int = 0
    in_json: dict[str, int] = field(default_factory=dict)


#: A piece's findings held until its file is written or not: the piece (the
#: lines of its findings), and its check's batches; read, then fixed.
Held = tuple[Piece, list[Batch], Piece, list[Batch]]


def _shifted(batches: list[Batch], by: int) -> list[Batch]:
    """Batches whose findings are ``by`` lines further on."""
    return [replace(b, diagnostics=[replace(d, line=d.line + by) for d in b.diagnostics])
            for b in batches]


def _lines_of(piece: Piece, lines: list[str], batches: list[Batch]) -> Piece:
    """The piece with only the lines its findings are on (from the first of
    them to the last): what a renderer shows of them."""
    at = [d.line for b in batches for d in b.diagnostics
          if piece.first_line <= d.line < piece.first_line + len(lines)]
    if not at:
        return replace(piece, lines=lines[:1], span=None)
    first, last = min(at), max(at)
    return replace(piece, lines=lines[first - piece.first_line:last - piece.first_line + 1],
                   first_line=first, span=None)


class FixSink:
    """The sink of ``ftn check --fix``: the batches to the check's own sink
    (``CheckSink``: rendered, counted, the no-games warning) with the piece
    whose lines they are about; each input to a ``FixedFile`` (standard
    input printed when the others are written); ``tally``, what was fixed.
    A file to write has its findings held (with the lines they are on) until
    it is known whether it was written: the report is that of the file as
    it is then, the fixed text's findings, or, where it stays as read (it
    could not be written, or is a symbolic link a walk found), its own."""

    def __init__(self, check: CheckSink, mode: Mode, warn: Say,
                 linked: frozenset[str] = frozenset()) -> None:
        self.check, self.mode, self.warn, self.linked = check, mode, warn, linked
        self.current: FixedFile | None = None
        self.tally = Tally()
        self._file = Tally()  # what the current input's fixes are
        self.held: list[Held] = []
        self.shift = 0  # the lines the fixes of the input added so far

    def start(self, s: Start) -> None:
        self.check.start(s)
        mode = Mode.PRINT if self.mode is Mode.WRITE and s.name == "-" else self.mode
        self.current = FixedFile(s.name, mode, self.warn, s.opened)
        self.current.linked = s.name in self.linked
        self._file = Tally()
        self.held = []
        self.shift = 0

    def add(self, piece: Piece, part: FixPart) -> None:
        fixed = replace(piece, lines=part.lines) if part.claims else piece
        batches = part.batches
        if self.shift:  # lines added before this piece ('end' lines): its lines are further on
            fixed = replace(fixed, first_line=fixed.first_line + self.shift)
            batches = _shifted(batches, self.shift)
        self.shift += len(part.lines) - len(piece.lines)
        self._file.fixed += len(part.fixed)
        self._file.claims += part.claims
        if part.in_json:
            self.tally.in_json[piece.source] = self.tally.in_json.get(piece.source, 0) + (
                part.in_json)
        if self.current is not None and self.current.mode is Mode.WRITE:
            self.held.append((_lines_of(piece, piece.lines, part.first), part.first,
                              _lines_of(fixed, part.lines, batches), batches))
        else:
            self.check.add(fixed, batches)
        if self.current is not None:
            self.current.add(piece, part)

    def end(self, e: End) -> None:
        file, self.current = self.current, None
        if file is not None and e.error is not None:
            file.abort()  # (the check's sink holds the error: the command says it)
        elif file is not None:
            if file.finish() == SET_2:
                self.tally.unwritten += 1
            elif self._file.claims and not file.as_read:
                self.tally.fixed += self._file.fixed
                self.tally.claims += self._file.claims
                self.tally.files += 1
        as_read = file is None or e.error is not None or file.as_read
        for read, first, fixed, batches in self.held:
            self.check.add(*((read, first) if as_read else (fixed, batches)))
        self.held = []
        self.check.end(e)

    def abort(self) -> None:
        if self.current is not None:
            self.current.abort()
            self.current = None


def fix_report(plan: Plan, render: Callable[[Context], Findings], mode: Mode, warn: Say,
               keep_lines: bool = False, explain: bool = False, dask: str | None = None,
               progress: Progress | None = None,
               on_start: Callable[[Start], None] | None = None
               ) -> tuple[Summary, list[InputError], Tally]:
    """``check_report`` with the fixable findings of every input of ``plan``
    fixed (``mode``: write, print for standard input, or diff): the
    findings that remain rendered and counted in the summary; the summary,
    the inputs unreadable partway, and the sink (what was fixed, and what
    each input did to the exit status). With write, a file named twice
    is fixed once."""
    preset, by_source = plan.presets()
    keep = plan.filter() is not None
    work = FixWork(preset, by_source, plan.run if keep else None,
                   plan.by_label if keep else {})
    if mode is Mode.WRITE:
        plan = replace(plan, names=list(_each_file_once(plan.names, plan.linked)))
    made: list[FixSink] = []

    def wrap(check: CheckSink) -> FixSink:
        made.append(FixSink(check, mode, warn, plan.linked))
        return made[0]

    try:
        with interruptible(mode is Mode.WRITE):
            summary, failed = check_report(plan, render, keep_lines, explain, plan.run.jobs,
                                           dask, progress, on_start, work, wrap)
    finally:
        for sink in made:
            sink.abort()
    return summary, failed, made[0].tally
