"""Long runs of ``ftn convert``, ``ftn fmt`` and ``ftn replay``: inputs read
a piece of whole games at a time, here or in worker processes (``--jobs``),
and what they write written as it comes, in input order.

Boundary: command-line plumbing between the inputs (``streams``), the
pieces and their workers (``parallel``, ``rewrite``) and the outputs
(standard output, or a file written whole or not at all): memory holds a
few pieces whatever the size of the input, and a problem is shown with the
source line of its own piece. An input that stops being readable partway
(not UTF-8, damaged compressed data) is said where it is met. It converts
and judges nothing itself.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import typer

from ..check import LAYOUTS, Layout
from ..diagnostics import Diagnostic
from ..inputs import InputError, check_input
from ..parallel import Piece, pieces, run, workers
from ..reading import sniff
from ..render.text import render_diagnostic
from ..rewrite import Joiner, Mark, Part, Same, crlf, first_lines, format_piece, format_target
from ..streams import open_lines, packing
from .common import EXIT_ERRORS, EXIT_USAGE, AtomicFile, err, fail, interruptible, one_file


def _display(name: str) -> str:
    return "<stdin>" if name == "-" else name


def _show(problems: list[Diagnostic], piece: Piece) -> None:
    for d in problems:
        err(render_diagnostic(d, piece.line(d.line)))


def open_one(source: str, command: str) -> tuple[str, str, Iterator[str]]:
    """The one input of ``convert`` or ``replay``: its name, how it is read
    (``reading.sniff``) and its lines; or exit 2 (a directory is refused: it
    may hold many files)."""
    one_file(source, command)
    name = _display(source)
    try:
        check_input(source)
        head, lines = first_lines(open_lines(source, name))
        how, _ = sniff(head, name)
    except InputError as e:
        fail(f"ftn: {e}")
    return name, how, lines


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
            self.error = f"ftn: {self.path}: cannot write: {getattr(e, 'strerror', None) or e}"

    def commit(self) -> None:
        """The file in place (even an empty one), or exit 2."""
        if self.path is None:
            return
        self.write("")
        if self.file is not None:
            try:
                self.file.commit()
            except OSError as e:
                self.error = f"ftn: {self.path}: cannot write: {e.strerror or e}"
        if self.error is not None:
            fail(self.error)

    def abort(self) -> None:
        if self.file is not None:
            self.file.abort()
            self.file = None


def run_one(name: str, how: str, lines: Iterator[str], work: Callable[[Piece], Part],
            layout: Layout, jobs: int, out: Output, command: str) -> bool:
    """``work`` on the pieces of one input, its texts joined as ``layout``
    says and written to ``out`` as they come; each problem said on standard
    error with its source line. True when some game stopped at an illegal
    move. When a game cannot be read, nothing more is written (the games
    before it have been, on standard output; a file is not written at all),
    the other problems are still said, and the command exits 1: ``ftn
    COMMAND: NAME: ...``."""
    joiner = Joiner(layout)
    stopped = False
    try:
        with interruptible(out.path is not None):
            for piece, part in run(work, pieces(lines, name, how), workers(jobs)):
                _show(part.problems, piece)
                out.write(joiner.add(part))
                stopped |= part.stopped
            out.write(joiner.end())
    except InputError as e:
        out.abort()
        fail(f"ftn: {e}")
    except BaseException:
        out.abort()
        raise
    if not joiner.ok:
        out.abort()
        what = "not converted: it cannot be read" if command == "convert" else "it cannot be read"
        fail(f"ftn {command}: {name}: {what}", EXIT_ERRORS)
    out.commit()
    return stopped


# ---------------------------------------------------------------------------
# ftn fmt: many inputs, each printed, compared or rewritten.

#: What one file does to fmt's exit status, in order: set it to 1 (a file
#: that does not parse), raise it to 1 (one that would change), set it to 2
#: (one that could not be rewritten).
SET_1, AT_LEAST_1, SET_2 = "set 1", "at least 1", "set 2"


class _Formatted:
    """One input of ``ftn fmt`` as its pieces come back: printed, compared
    with the input (``--check``), or also written to a temporary file from
    the first difference on (``--write``; never a file that does not
    parse). A command that rewrites otherwise (``ftn fill``) names itself
    and its words in the class attributes."""

    COMMAND, WOULD, DONE, NOT_DONE = "fmt", "would reformat", "reformatted", "not formatted"

    def __init__(self, path: str, mode: str, target: str, crlf: bool) -> None:
        self.path, self.label, self.mode, self.crlf = path, _display(path), mode, crlf
        self.joiner = Joiner(LAYOUTS[target])
        self.same = Same()
        self.started = False  # a piece of the input came
        self.file: AtomicFile | None = None
        self.error: str | None = None  # why it cannot be rewritten

    def add(self, piece: Piece, part: Part) -> None:
        _show(part.problems, piece)
        text, original = self.joiner.add(part), ""
        if self.mode != "print" and not self.same.differs:
            original = ("\n" if self.started else "") + "\n".join(piece.lines)
        self.started = True
        self._emit(text, original)

    def _emit(self, text: str, original: str = "") -> None:
        if self.crlf:
            text = text.replace("\n", "\r\n")
        if self.mode == "print":
            if text:
                sys.stdout.write(text)
            return
        if not self.joiner.ok:  # it does not parse: no more comparing or writing
            return
        was = self.same.differs
        if self.same.add(original, text) and self.mode == "write":
            if not was:
                self._open()
            elif self.file is not None:
                self._write(text)

    def _open(self) -> None:
        """The temporary file, from the first difference: the text up to it
        (read again) and the canonical form given since."""
        try:
            self.file = AtomicFile(Path(self.path), packing(self.path))
            left = self.same.matched
            first = True
            for line in open_lines(self.path, self.label):
                chunk = line if first else "\n" + line
                first = False
                if len(chunk) >= left:
                    self.file.write(chunk[:left])
                    break
                self.file.write(chunk)
                left -= len(chunk)
        except (OSError, InputError) as e:
            self._fail(e)
            return
        self._write(self.same.rest)

    def _write(self, text: str) -> None:
        if self.file is None:
            return
        try:
            self.file.write(text)
        except OSError as e:
            self._fail(e)

    def _fail(self, e: OSError | InputError) -> None:
        self.abort()
        self.error = (f"ftn {self.COMMAND}: {self.label}: not rewritten: "
                      f"{getattr(e, 'strerror', None) or e}")

    def finish(self) -> str | None:
        """The end of the input: what it does to the exit status."""
        if not self.joiner.ok:
            self.abort()
            err(f"ftn {self.COMMAND}: {self.label}: {self.NOT_DONE}: it does not parse")
            return SET_1
        self._emit(self.joiner.end())
        if self.mode == "print":
            return None
        was = self.same.differs
        if not self.same.end():
            return None
        if self.mode == "check":
            typer.echo(f"{self.WOULD} {self.label}")
            return AT_LEAST_1
        if not was:
            self._open()
        if self.file is not None:
            try:
                self.file.commit()
            except OSError as e:
                self._fail(e)
        if self.error is not None:
            err(self.error)
            return SET_2
        typer.echo(f"{self.DONE} {self.label}")
        return None

    def abort(self) -> None:
        if self.file is not None:
            self.file.abort()
            self.file = None


def fmt_run(names: list[str], mode: str, jobs: int,
            work: Callable[[Piece | Mark], Part | Mark] = format_piece,
            kind: Callable[[str, str, str, bool], _Formatted] = _Formatted,
            ) -> tuple[list[str], int]:
    """``ftn fmt`` on every input in order (``mode``: "print", "check" or
    "write"), their pieces formatted here or in ``jobs`` worker processes
    (``work`` and ``kind``: another command's job and files, ``ftn fill``'s):
    what each input does to the exit status (``SET_1``...), and how many
    inputs turned out to be unreadable partway (each said on standard
    error)."""
    heads: dict[int, tuple[str, bool]] = {}  # an input's target kind and line ends
    failed: dict[int, InputError] = {}

    def items() -> Iterator[Piece | Mark]:
        for i, name in enumerate(names):
            label = _display(name)
            try:
                head, lines = first_lines(open_lines(name, label))
                how, _ = sniff(head, label)
                heads[i] = (format_target(how, head), crlf(head))
                yield from pieces(lines, label, how)
            except InputError as e:
                failed[i] = e
            yield Mark(i)

    ops: list[str] = []
    current: _Formatted | None = None
    done = 0  # inputs finished

    def formatted(i: int) -> _Formatted:
        return kind(names[i], mode, *heads.get(i, ("ftn", False)))

    try:
        with interruptible(mode == "write"):
            for item, result in run(work, items(), workers(jobs)):
                if isinstance(item, Mark):
                    file, current, done = current or formatted(item.index), None, done + 1
                    if item.index in failed:
                        file.abort()
                        err(f"ftn: {failed[item.index]}")
                    elif (op := file.finish()) is not None:
                        ops.append(op)
                    continue
                if current is None:
                    current = formatted(done)
                assert isinstance(result, Part)
                current.add(item, result)
    finally:
        if current is not None:
            current.abort()
    return ops, len(failed)


def fmt_status(ops: list[str], unreadable: bool) -> int:
    """The exit status of ``ftn fmt``: 2 when an input could not be read,
    then each input's effect in order."""
    status = EXIT_USAGE if unreadable else 0
    for op in ops:
        status = 1 if op == SET_1 else max(status, 1) if op == AT_LEAST_1 else EXIT_USAGE
    return status

