"""The jobs that write records again: ``convert`` and ``replay`` (one input to
one output) and ``fmt`` (each input printed, compared or rewritten).

Boundary: the work on one piece of whole games (``convert_piece``,
``format_piece``, ``replay_piece``: its games in the canonical form of FTN,
JSON or JSON Lines, or their reference replay drawn by the function the
caller gives (``render.trace``'s), up to the first game that cannot be
read, with the problems of the piece, ``Part``), and the in-order sinks:
the texts joined in input order and written as they come, to standard
output or to a file written whole or not at all (``Output``);
``fmt --check`` compares an input with its canonical form a chunk at a time
and ``--write`` writes that form, from the text read once, over a file that
is still the one read (``Formatted``). A whole text is one piece
(``convert_text``, ``format_text``). Memory holds a few pieces whatever the
size of the input. A problem is handed to the caller's ``show`` with its
piece (for its source line), a message for people to ``say`` (standard
output) or ``warn`` (standard error): it renders nothing itself.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from notation.model import Game
from verifier.diagnostics import Diagnostic
from verifier.files.formats import (
    NOTATIONS,
    Layout,
    crlf,
    fmt_target,
    game_text,
    piece_reads,
)
from verifier.files.outputs import AtomicFile, CutInPlace, FileChanged, WriteError, interruptible
from verifier.files.pieces import Piece
from verifier.files.streams import COMPRESSED, InputError, Opened, plain_name
from verifier.pipeline.diff import StreamDiff
from verifier.pipeline.driver import End, Start, Text, collect, drive, label_of, single
from verifier.pipeline.modes import Mode
from verifier.replay.game import canonical_game
from verifier.replay.reference import ReplayedGame, replayed_game


@dataclass
class Part:
    """What one piece gives: the texts of its games joined by the layout's
    separator (up to the first game that cannot be read), how many games
    that is, the problems that keep the others from being read, and (for a
    replay) whether a replay stopped at an illegal move."""

    text: str = ""
    games: int = 0
    problems: list[Diagnostic] = field(default_factory=list)
    stopped: bool = False


def _games(piece: Piece, part: Part) -> Iterator[Any]:
    """The reads of a piece that hold a game, up to its first problem; every
    problem of the piece goes into ``part``."""
    for r in piece_reads(piece):
        if r.game is None:
            part.problems.extend(r.problems)
        elif not part.problems:
            yield r


def convert_piece(piece: Piece, to: str, positions: bool = False) -> Part:
    """The games of a piece in the canonical form of ``to`` ("ftn", "json",
    "jsonl"), with each element's FTN place when ``positions``."""
    texts: list[str] = []
    part = Part()
    for r in _games(piece, part):
        texts.append(game_text(canonical_game(r.game, r.number, piece.source), to, positions))
    part.text, part.games = NOTATIONS[to].layout.sep.join(texts), len(texts)
    return part


def format_piece(piece: Piece) -> Part:
    """``ftn fmt``: the games of a piece in the canonical form of its own kind."""
    return convert_piece(piece, fmt_target(piece.how, piece.lines))


def replayed_games(piece: Piece) -> tuple[list[ReplayedGame], list[Diagnostic]]:
    """The reference replay of every game of a piece, and the problems of
    the games that cannot be read."""
    games: list[ReplayedGame] = []
    problems: list[Diagnostic] = []
    for r in piece_reads(piece):
        if r.game is None:
            problems.extend(r.problems)
        else:
            games.append(replayed_game(r.game, r.number, piece.source, r.locate))
    return games, problems


def replay_piece(piece: Piece, draw: Callable[[ReplayedGame], str], sep: str = "") -> Part:
    """The reference replay of the games of a piece, each game's trace
    drawn by ``draw`` (``render.trace``: the table, or a game of the
    JSON document), joined by ``sep``."""
    texts: list[str] = []
    part = Part()
    for r in _games(piece, part):
        replayed = replayed_game(r.game, r.number, piece.source, r.locate)
        part.stopped |= replayed.stopped is not None
        texts.append(draw(replayed))
    part.text, part.games = sep.join(texts), len(texts)
    return part


class Joiner:
    """Parts to the text of the whole, in order, a part at a time: nothing
    more once a part has problems (the games before them are written)."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.games = 0
        self.ok = True

    def add(self, part: Part) -> str:
        """The text to write after the part's (nothing when it has none)."""
        if not self.ok:
            return ""
        text = ""
        if part.games:
            text = (self.layout.sep if self.games else self.layout.head) + part.text
            self.games += part.games
        if part.problems:
            self.ok = False
        return text

    def end(self) -> str:
        """The text that ends the whole (nothing after problems)."""
        if not self.ok:
            return ""
        return self.layout.tail if self.games else self.layout.empty


class Same:
    """Whether two texts given a chunk at a time (an input and its canonical
    form) are the same, holding only what one has given beyond the other.
    ``matched`` characters are known to be the same; from the first
    difference on, ``rest`` is what the second text had given beyond them."""

    def __init__(self) -> None:
        self.matched = 0
        self.differs = False
        self._a = self._b = ""

    def add(self, a: str = "", b: str = "") -> bool:
        """More of either text; whether they now differ."""
        if self.differs:
            return True
        self._a += a
        self._b += b
        n = min(len(self._a), len(self._b))
        if n:
            if self._a[:n] != self._b[:n]:
                self.differs = True
                return True
            self.matched += n
            self._a, self._b = self._a[n:], self._b[n:]
        return False

    def end(self) -> bool:
        """Both texts are complete: whether they differ."""
        self.differs = self.differs or self._a != self._b
        return self.differs

    @property
    def rest(self) -> str:
        return self._b


def canonical(games: list[Game], source: str = "<input>") -> list[Game]:
    """The records in canonical form: every reached placement's end written
    as the engine resolves it (R4.2), none on a lead."""
    return [canonical_game(g, n, source) for n, g in enumerate(games, 1)]


def render(games: list[Game], to: str, positions: bool = False) -> str:
    """Records as FTN, a JSON array, or JSON Lines (with their FTN places,
    when asked for)."""
    return NOTATIONS[to].layout.join([game_text(g, to, positions) for g in games])


def format_text(text: str, source: str = "<input>") -> tuple[str | None, list[Diagnostic]]:
    """The canonical form of a text in its own kind (FTN; a JSON array; JSON
    Lines) and with its own line ends, or None and the errors that keep it
    from being read: ``fmt``'s work on one piece (``in_own_form``)."""
    return in_own_form(format_piece, text, source)


def in_own_form(work: Callable[[Piece], Part], text: str, source: str = "<input>"
                ) -> tuple[str | None, list[Diagnostic]]:
    """A text rewritten by ``work`` in its own kind (FTN; a JSON array; JSON
    Lines) and with its own line ends (LF, or CRLF when its first line ends
    so: ``files.formats.crlf``), or None and the errors that keep it from being
    read. A text of no game (comments and blank lines only) is given back
    as it is, as ``--write`` leaves such a file."""
    out, errors = _rewritten(work, text, source, None, keep_empty=True)
    if out is text:
        return out, errors
    if out is not None and crlf(text.split("\n", 1)):
        out = out.replace("\n", "\r\n")
    return out, errors


def convert_text(
    text: str, to: str, source: str = "<input>", kind: str | None = None,
    positions: bool = False,
) -> tuple[str | None, list[Diagnostic]]:
    """A text (FTN or JSON) in the canonical form of format ``to``, or None
    and the diagnostics that keep it from being read. ``positions`` writes
    each element's FTN line and column into JSON output: ``convert``'s work
    on one piece."""

    return _rewritten(partial(convert_piece, to=to, positions=positions), text, source, kind,
                      NOTATIONS[to].layout)


def _rewritten(work: Callable[[Any], Any], text: str, source: str, kind: str | None,
               layout: Layout | None = None, keep_empty: bool = False
               ) -> tuple[str | None, list[Diagnostic]]:
    """A rewriting job's text for a whole text (``layout``: by default the
    layout of the kind the text is written back in; ``keep_empty``: a text
    of no game is given back itself), or None and the problems."""
    piece, part = single(collect(work, Text(text, source, kind)))
    if part.problems:
        return None, part.problems
    if keep_empty and not part.games:
        return text, []
    joiner = Joiner(layout or NOTATIONS[fmt_target(piece.how, piece.lines)].layout)
    return joiner.add(part) + joiner.end(), []


Show = Callable[[list[Diagnostic], Piece], None]


Say = Callable[[str], None]


class Output:
    """Where a command writes: standard output, or a file written whole or
    not at all (``AtomicFile``, opened at the first write, compressed as
    ``packing`` says). A file that cannot be written is remembered, and
    said by ``commit`` (after the problems of the input, as a whole text's
    would be)."""

    def __init__(self, path: Path | None, packing: str | None = None) -> None:
        self.path, self.packing = path, packing
        self.file: AtomicFile | None = None
        self.error: str | None = None

    @classmethod
    def named(cls, path: Path | None) -> Output:
        """An output compressed as its name ends says (``.gz``...)."""
        return cls(path, None if path is None else COMPRESSED.get(path.suffix.lower()))

    def write(self, text: str) -> None:
        if self.path is None:
            if text:
                sys.stdout.write(text)
            return
        if self.error is not None:
            return
        try:
            if self.file is None:
                self.file = AtomicFile(self.path, self.packing)
            self.file.write(text)
        except (OSError, InputError) as e:
            self.abort()
            self.error = f"{self.path}: cannot write: {getattr(e, 'strerror', None) or e}"

    def commit(self) -> None:
        """The file in place (even an empty one), or WriteError."""
        if self.path is None:
            return
        self.write("")
        if self.file is not None:
            try:
                self.file.commit()
            except OSError as e:
                self.error = f"{self.path}: cannot write: {e.strerror or e}"
        if self.error is not None:
            raise WriteError(self.error)

    def abort(self) -> None:
        if self.file is not None:
            self.file.abort()
            self.file = None


def target_of(to: str | None, path: Path | None) -> str | None:
    """The kind of records to write: ``to``, else the one that the output's
    name ends in (``a.jsonl.gz``: jsonl), else None."""
    if to is None and path is not None:
        suffix = Path(plain_name(path.name)).suffix.lower().lstrip(".")
        return suffix if suffix in NOTATIONS else None
    return to


class Joined:
    """The sink of ``convert`` and ``replay``: parts joined as ``layout``
    says and written to ``out`` as they come, each problem to ``show``;
    nothing more is written once a game cannot be read (``ok`` False); an
    input unreadable partway raises its InputError."""

    def __init__(self, layout: Layout, out: Output, show: Show) -> None:
        self.joiner, self.out, self.show = Joiner(layout), out, show
        self.stopped = False  # some replay stopped at an illegal move

    def start(self, s: Start) -> None:
        pass

    def add(self, piece: Piece, part: Part) -> None:
        self.show(part.problems, piece)
        self.out.write(self.joiner.add(part))
        self.stopped |= part.stopped

    def end(self, e: End) -> None:
        if e.error is not None:
            raise e.error
        self.out.write(self.joiner.end())


@dataclass
class Rewritten:
    """What ``rewrite`` did: ``ok`` when every game could be read (the output
    is complete and, for a file, in place), ``stopped`` when some replay
    stopped at an illegal move."""

    ok: bool
    stopped: bool


def rewrite(source: Text | str, work: Callable[[Piece], Part], layout: Layout, out: Output,
            show: Show, jobs: int = 1) -> Rewritten:
    """``work`` on the pieces of one input (here or in ``jobs`` workers),
    their texts joined as ``layout`` says and written to ``out`` as they
    come. When a game cannot be read, nothing more is written (the games
    before it have been, on standard output; a file is not written at all)
    and the other problems are still shown. InputError when the input stops
    being readable, WriteError when the file cannot be written (nothing is
    left behind either way)."""
    sink = Joined(layout, out, show)
    try:
        with interruptible(out.path is not None):
            drive(work, sink, [source], jobs)
    except BaseException:
        out.abort()
        raise
    if not sink.joiner.ok:
        out.abort()
    else:
        out.commit()
    return Rewritten(sink.joiner.ok, sink.stopped)


#: What one file does to fmt's exit status, in order: set it to 1 (a file
#: that does not parse), raise it to 1 (one that would change), set it to 2
#: (one that could not be rewritten).
SET_1, AT_LEAST_1, SET_2 = "set 1", "at least 1", "set 2"


#: The characters of canonical text held in memory before ``--write``
#: writes them to the temporary file (most records are far shorter: a file
#: that is already canonical then leaves no temporary file).
HOLD_CHARS = 1 << 20


_END = re.compile(r"[ \t]*end[ \t]*(#.*)?\r?\Z")


def _by_game(lines: list[str]) -> list[list[str]]:
    """Lines cut after each 'end' line (the diff of a game is quick to
    find; of a piece of a thousand games, not)."""
    out: list[list[str]] = [[]]
    for line in lines:
        out[-1].append(line)
        if _END.match(line):
            out.append([])
    return out


class Formatted:
    """One input of ``ftn fmt`` as its pieces come back: printed, compared
    with the input (``--check``), shown as a unified diff against the input
    (``--diff``: the input's lines and the new text, a game at a time, to a
    ``StreamDiff`` whose hunks are printed as they are found, each line with
    its line end's CR when it has one, the new text's as ``--write`` writes
    it; trailing blank lines of a piece go with the next piece, where the
    new text has them, between games), or also written to a temporary file
    (``--write``; never a file that does not parse, nor one of no game, nor
    a symbolic link that a directory walk found: ``linked``).
    What ``--write`` writes is the canonical form of the text read once,
    after the BOM it had, and the file is replaced only if it is still the
    one that was read (``opened``: ``files.streams.Opened``). A command that
    rewrites otherwise (``ftn fill``) names itself and its words in the
    class attributes."""

    COMMAND, WOULD, DONE, NOT_DONE = "fmt", "would reformat", "reformatted", "not formatted"
    DOING = "formatted"

    def __init__(self, path: str, mode: Mode, target: str, crlf: bool, say: Say, warn: Say,
                 show: Show, opened: Opened | None = None) -> None:
        self.path, self.label, self.mode, self.crlf = path, label_of(path), mode, crlf
        self.say, self.warn, self.show = say, warn, show
        self.opened = opened or Opened()
        self.joiner = Joiner(NOTATIONS[target].layout)
        self.same = Same()
        self.started = False  # a piece of the input came
        self.held: list[str] = []  # canonical text not yet in the temporary file
        self.held_chars = 0
        self.file: AtomicFile | None = None
        self.error: str | None = None  # why it cannot be rewritten
        self.diff = StreamDiff(self.label, self.label)
        self.changed = False  # --diff printed a hunk
        self.carried: list[str] = []  # blank lines at a piece's end: the next piece's
        self.pending = ""  # the new text after its last complete line
        self.linked = False  # a symbolic link a directory walk found: never written
        self.written = False  # --write put the new text in place

    def add(self, piece: Piece, part: Part) -> None:
        if self.mode is Mode.DIFF:
            self._add_diff(piece, part)
            return
        self.show(part.problems, piece)
        text, original = self.joiner.add(part), ""
        if self.mode is not Mode.PRINT and not self.same.differs:
            original = ("\n" if self.started else "") + "\n".join(piece.lines)
        self.started = True
        self._emit(text, original)

    def _add_diff(self, piece: Piece, part: Part) -> None:
        self.show(part.problems, piece)
        text = self.joiner.add(part)
        if not self.joiner.ok:
            return
        old = self.carried + piece.lines  # (each with its own line end: CR LF keeps its CR)
        keep = len(old)
        while keep and not old[keep - 1].strip():
            keep -= 1
        old, self.carried = old[:keep], old[keep:]
        self._diff(old, text)

    def _diff(self, old: list[str], text: str, last: bool = False) -> None:
        lines = (self.pending + text).split("\n")
        self.pending = "" if last else lines.pop()
        if last and lines and lines[-1] == "":
            lines.pop()
        if self.crlf:  # the line ends --write writes
            lines = [line + "\r" for line in lines]
        old_games, new_games = _by_game(old), _by_game(lines)
        out = []
        for i in range(max(len(old_games), len(new_games))):  # a game at a time: quick
            out += self.diff.add(old_games[i] if i < len(old_games) else [],
                                 new_games[i] if i < len(new_games) else [])
        if last:
            out += self.diff.end()
        if out:
            self.changed = True
            sys.stdout.write("\n".join(out) + "\n")

    def _finish_diff(self) -> str | None:
        """The end of an input shown as a diff: its last hunks; exit 1 at
        least when there was one (it would change)."""
        old = self.carried
        if old and old[-1] == "":  # the line end of the last line
            old = old[:-1]
        self._diff(old, self.joiner.end(), last=True)
        return AT_LEAST_1 if self.changed else None

    def _emit(self, text: str, original: str = "") -> None:
        if self.crlf:
            text = text.replace("\n", "\r\n")
        if self.mode is Mode.PRINT:
            if text:
                sys.stdout.write(text)
            return
        if not self.joiner.ok:  # it does not parse: no more comparing or writing
            return
        self.same.add(original, text)
        if self.mode is Mode.WRITE and self.error is None and not self.linked:
            self._keep(text)

    def _keep(self, text: str) -> None:
        """More of the canonical text for the temporary file: held while it
        is short and the same as the input, written once it is not."""
        if self.file is not None:
            self._write(text)
            return
        self.held.append(text)
        self.held_chars += len(text)
        if self.same.differs or self.held_chars > HOLD_CHARS:
            self._open()

    def _open(self) -> None:
        """The temporary file: the BOM the input had, and the text held."""
        try:
            self.file = AtomicFile(Path(self.path), self.opened.packing)
        except (OSError, InputError) as e:
            self._fail(e)
            return
        held, self.held, self.held_chars = self.held, [], 0
        self._write("\ufeff" * self.opened.bom + "".join(held))

    def _write(self, text: str) -> None:
        if self.file is None:
            return
        try:
            self.file.write(text)
        except OSError as e:
            self._fail(e)

    def _fail(self, e: OSError | InputError) -> None:
        self.abort()
        if isinstance(e, FileChanged):
            why = f"changed while it was being {self.DOING}: not rewritten"
        elif isinstance(e, CutInPlace):
            why = (f"rewritten in place only in part ({e.why}): its new content is "
                   f"complete in {e.kept}; copy it over the file (cat it > {self.label} "
                   "keeps the hard links), then remove it")
        else:
            why = f"not rewritten: {getattr(e, 'strerror', None) or e}"
        self.error = f"ftn {self.COMMAND}: {self.label}: {why}"

    def finish(self) -> str | None:
        """The end of the input: what it does to the exit status."""
        if not self.joiner.ok:
            self.abort()
            self.warn(f"ftn {self.COMMAND}: {self.label}: {self.NOT_DONE}: it does not parse")
            return SET_1
        if not self.joiner.games:
            self.abort()
            done = "nothing printed" if self.mode is Mode.PRINT else "left as it is"
            self.warn(f"ftn {self.COMMAND}: {self.label}: {done}: it holds no game "
                      "(nothing but comments and blank lines, or nothing at all)")
            return None
        if self.mode is Mode.DIFF:
            return self._finish_diff()
        self._emit(self.joiner.end())
        if self.mode is Mode.PRINT or not self.same.end():
            self.abort()
            return None
        if self.mode is Mode.CHECK:
            self.say(f"{self.WOULD} {self.label}")
            return AT_LEAST_1
        return self.put()

    def put(self) -> str | None:
        """``--write`` of a text that differs from the input: the file
        replaced by the new text (its end included), if it is still the one
        read; what that does to the exit status. A symbolic link that a
        directory walk found is left as it is (its target may stand outside
        the tree), and said."""
        if self.linked:
            self.warn(f"ftn {self.COMMAND}: {self.label}: {self.NOT_DONE}: a symbolic link "
                      "found in a directory walk is read, never written through (name it "
                      "on the command line to write its target)")
            return AT_LEAST_1
        if self.file is None and self.error is None:
            self._open()
        if self.file is not None:
            try:
                self.file.commit(self.opened.identity)
            except OSError as e:
                self._fail(e)
        if self.error is not None:
            self.warn(self.error)
            return SET_2
        self.written = True
        self.say(f"{self.DONE} {self.label}")
        return None

    def abort(self) -> None:
        self.held, self.held_chars = [], 0
        if self.file is not None:
            self.file.abort()
            self.file = None


#: How a sink makes the file of one input: (path, mode, target, CRLF, say,
#: warn, show, opened), ``Formatted`` or a command's own kind of it.
MakeFile = Callable[[str, Mode, str, bool, Say, Say, Show, "Opened | None"], Formatted]


class FmtSink:
    """The sink of ``ftn fmt`` (and of ``ftn fill``, with its own ``kind``
    of file): each input ``Formatted`` in turn; ``ops`` what each does to
    the exit status, ``failed`` how many turned out unreadable partway (each
    said with ``warn``)."""

    def __init__(self, mode: Mode, say: Say, warn: Say, show: Show,
                 kind: MakeFile | None = None, linked: frozenset[str] = frozenset()) -> None:
        self.mode, self.say, self.warn, self.show = mode, say, warn, show
        self.kind = kind or Formatted
        self.linked = linked
        self.ops: list[str] = []
        self.failed = 0
        self.current: Formatted | None = None

    def _file(self, name: str, how: str, head: list[str], opened: Opened | None) -> Formatted:
        target, ends = (fmt_target(how, head), crlf(head)) if head else ("ftn", False)
        file = self.kind(name, self.mode, target, ends, self.say, self.warn, self.show, opened)
        file.linked = name in self.linked
        return file

    def start(self, s: Start) -> None:
        self.current = self._file(s.name, s.how, s.head, s.opened)

    def add(self, piece: Piece, part: Part) -> None:
        assert self.current is not None
        self.current.add(piece, part)

    def end(self, e: End) -> None:
        file, self.current = self.current or self._file(e.name, e.how, e.head, e.opened), None
        if e.error is not None:
            file.abort()
            self.failed += 1
            self.warn(f"ftn: {e.error}")
        elif (op := file.finish()) is not None:
            self.ops.append(op)


def fmt_all(names: Iterable[str], mode: Mode, say: Say, warn: Say, show: Show,
            jobs: int = 1, work: Callable[[Piece], Part] = format_piece,
            kind: MakeFile | None = None, linked: frozenset[str] = frozenset()) -> FmtSink:
    """``ftn fmt`` on every input in order (``mode``: print, check, diff
    or write), their pieces formatted here or in ``jobs`` worker processes
    (``work`` and ``kind``: another command's job and files, ``ftn fill``'s;
    ``linked``: the symbolic links a directory walk found, never written)."""
    sink = FmtSink(mode, say, warn, show, kind, linked)
    try:
        with interruptible(mode is Mode.WRITE):
            drive(work, sink, _each_file_once(names, linked) if mode is Mode.WRITE else names,
                  jobs)
    finally:
        if sink.current is not None:
            sink.current.abort()
    return sink


def _each_file_once(names: Iterable[str], linked: frozenset[str] = frozenset()
                    ) -> Iterator[str]:
    """The inputs of ``--write``, a file once: a name of a file named before
    (again, or through a link) is left out. Its rewriting would find it
    done; with more than one job it would be read before the first name is
    rewritten, and then be found changed. A symbolic link that a directory
    walk found (``linked``: never written) gives way to a name of its file
    that can be written, wherever that comes."""
    names = list(names)
    writable = {k for n in names if n not in linked for k in [_file_key(n)] if k is not None}
    done: set[tuple[int, int]] = set()
    for name in names:
        key = _file_key(name)
        if key is not None:
            if key in done or (name in linked and key in writable):
                continue
            done.add(key)
        yield name


def _file_key(name: str) -> tuple[int, int] | None:
    """Which file a name is (device, inode), or None (standard input, or a
    name whose reading says why it cannot be read)."""
    try:
        st = None if name == "-" else os.stat(name)
    except OSError:
        return None
    return None if st is None else (st.st_dev, st.st_ino)


def fmt_status(ops: list[str], unreadable: bool) -> int:
    """The exit status of ``ftn fmt``: 2 when an input could not be read,
    then each input's effect in order."""
    status = 2 if unreadable else 0
    for op in ops:
        status = 1 if op == SET_1 else max(status, 1) if op == AT_LEAST_1 else 2
    return status
