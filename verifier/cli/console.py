"""What every ``ftn`` command says and how it ends: a line on standard
output or error, the diagnostics of an input with their source lines, and
the exit status.

Boundary: messages and exit codes only, and no Typer. It judges nothing
and renders no finding itself (``verifier.api`` and the ``render`` family
do); it exits with ``SystemExit`` (0 no errors, 1 errors found, 2 usage
errors or unreadable input), which Typer lets through, and ``guarded``
keeps a traceback from the user for an interrupt, a closed pipe or a
worker killed.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import NoReturn, Protocol

from verifier import DaskMissing, InputError, WorkerDied
from verifier.diagnostics import Diagnostic
from verifier.files.escaping import escape_lines
from verifier.render.text import render_diagnostic, source_line


class Lines(Protocol):
    """A piece of an input: its lines by number (``files.pieces.Piece``)."""

    def line(self, number: int) -> str | None: ...

EXIT_OK, EXIT_ERRORS, EXIT_USAGE = 0, 1, 2


def err(message: str) -> None:
    """A line on standard error (control characters from a file name or a
    record shown escaped, ``\\x1b``; the message's own line ends kept)."""
    sys.stderr.write(escape_lines(message) + "\n")
    sys.stderr.flush()


def out(message: str) -> None:
    """A line on standard output, escaped as ``err`` escapes it."""
    sys.stdout.write(escape_lines(message) + "\n")
    sys.stdout.flush()


def fail(message: str, code: int = EXIT_USAGE) -> NoReturn:
    """Say why on standard error and exit with ``code``."""
    err(message)
    raise SystemExit(code)


def finish(failed: Sequence[Exception], unreadable: Sequence[Exception], failing: bool,
           then: str | None = None) -> NoReturn:
    """The end of a run over inputs: each input unreadable partway said (after
    what was written for the others), and ``then``; exit 2 when an input
    could not be read, 1 when the run is ``failing``, else 0."""
    for e in failed:
        sys.stdout.flush()
        err(f"ftn: {e}")
    if then is not None:
        err(then)
    raise SystemExit(EXIT_USAGE if unreadable or failed else EXIT_ERRORS if failing else EXIT_OK)


@contextlib.contextmanager
def said() -> Iterator[None]:
    """An input that cannot be read, an output that cannot be written, a
    Dask cluster that cannot be used: said, and exit 2 (the error of a
    write is looked up only when one comes: nothing else loads its module)."""
    try:
        yield
    except (InputError, DaskMissing) as e:
        fail(f"ftn: {e}")
    except Exception as e:
        from verifier import WriteError

        if not isinstance(e, WriteError):
            raise
        fail(f"ftn: {e}")


def show_piece(problems: list[Diagnostic], piece: Lines | str) -> None:
    """Diagnostics about a piece of an input (or a whole text) on standard
    error, with their source lines."""
    for d in problems:
        line = source_line(piece, d.line) if isinstance(piece, str) else piece.line(d.line)
        err(render_diagnostic(d, line))


def guarded(run: Callable[[], object]) -> None:
    """``run``, with no traceback for Ctrl-C, a closed pipe or a worker killed."""
    try:
        run()
    except KeyboardInterrupt:  # pragma: no cover - interactive only
        err("ftn: interrupted")
        sys.exit(130)
    except BrokenPipeError:  # pragma: no cover - e.g. piped into head
        sys.exit(EXIT_ERRORS)
    except Exception as e:
        if not isinstance(e, WorkerDied):
            raise
        err(f"ftn: {e}")  # a --jobs worker killed
        sys.exit(EXIT_USAGE)
