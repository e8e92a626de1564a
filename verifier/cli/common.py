"""What every ``ftn`` command shares: the Typer app, the options, and the
few helpers that read inputs, write outputs and report problems.

Boundary: command-line plumbing only. It reads files through ``inputs``,
writes files (atomically) and standard streams, and turns ``InputError``
into exit 2 with a message; it judges nothing and renders no finding
itself (the ``render`` family does).
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import shutil
import signal
import stat
import sys
import tempfile
import threading
from collections.abc import Iterable, Iterator
from enum import Enum
from pathlib import Path
from typing import IO, Annotated, NoReturn

import typer

from .. import clihelp
from ..diagnostics import Diagnostic
from ..inputs import InputError, inputs
from ..reading import kind_of
from ..render import FORMATS as RENDERERS
from ..render import Context, Renderer, want_color
from ..streams import pack_output

clihelp.setup()

HELP = ("FTN tools for Fives and Threes records: check, format, convert, replay, show, "
        "audit, generate.")
app = typer.Typer(
    name="ftn",
    help=HELP,
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
)

EXIT_OK, EXIT_ERRORS, EXIT_USAGE = 0, 1, 2


class Format(str, Enum):
    text = "text"
    json = "json"


class OutputFormat(str, Enum):
    """--format of the commands that report findings: the names of
    ``render.FORMATS`` (a test keeps the two the same)."""

    text = "text"
    concise = "concise"
    json = "json"
    jsonl = "jsonl"
    github = "github"
    sarif = "sarif"
    junit = "junit"


class Color(str, Enum):
    auto = "auto"
    always = "always"
    never = "never"


def _version(value: bool) -> None:
    if value:
        from ..render.sarif import tool_version

        typer.echo(f"ftn {tool_version()}")
        raise typer.Exit()


VersionOpt = Annotated[
    bool,
    typer.Option("--version", callback=_version, is_eager=True,
                 help="Print the installed version and exit."),
]


@app.callback(help=HELP)
def _root(version: VersionOpt = False) -> None:
    pass


# --------------------------------------------------------------------------
# Inputs and outputs.


def err(message: str) -> None:
    """A line on standard error (control characters from a file name or a
    record shown escaped, ``\\x1b``; the message's own line ends kept)."""
    from ..render.base import escape_controls

    typer.echo("\n".join(escape_controls(ln) for ln in message.split("\n")), err=True)


def fail(message: str, code: int = EXIT_USAGE) -> NoReturn:
    """Say why on standard error and exit with ``code``."""
    err(message)
    raise typer.Exit(code)


def read_inputs(paths: list[str], exclude: list[str] | None = None) -> list[tuple[str, str]]:
    """(name, text) for every input, or exit 2 with a message."""
    try:
        return inputs(paths, exclude or ())
    except InputError as e:
        fail(f"ftn: {e}")


def read_one(source: str, command: str) -> tuple[str, str]:
    """(name, text) of the one input of a command that reads one record
    file, or exit 2 (a directory is refused: it may hold many files)."""
    one_file(source, command)
    ((name, text),) = read_inputs([source])
    return name, text


def one_file(source: str, command: str) -> None:
    """Exit 2 when the one input of a command is a directory."""
    if source != "-" and os.path.isdir(source):
        fail(f"ftn {command}: {source}: is a directory; {command} reads one file "
             f"(ftn check takes directories)")


def show_problems(errors: list[Diagnostic], text: str) -> None:
    """Diagnostics about one text on standard error, with their source lines."""
    from ..render.text import render_diagnostic, source_line

    for d in errors:
        err(render_diagnostic(d, source_line(text, d.line)))


_noted = False


def note_fallback(text: str, name: str) -> None:
    """Say once on stderr when JSON is checked without the fast validator."""
    global _noted
    if _noted or kind_of(text, name) != "json":
        return
    from ..validate import FALLBACK_NOTE, FAST  # slow to load: only for JSON

    if not FAST:
        _noted = True
        err(FALLBACK_NOTE)


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """SIGINT and SIGTERM held back (delivered on leaving), so that a write
    is never cut halfway: no temporary file left, no file half written."""
    held = {signal.SIGINT, signal.SIGTERM}
    can = hasattr(signal, "pthread_sigmask") and threading.current_thread() is \
        threading.main_thread()
    old = signal.pthread_sigmask(signal.SIG_BLOCK, held) if can else None
    try:
        yield
    finally:
        if old is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, old)


@contextlib.contextmanager
def interruptible(writing: bool = True) -> Iterator[None]:
    """SIGTERM raises SystemExit, as SIGINT raises KeyboardInterrupt, while a
    long run is ``writing`` a file: its temporary file is removed on the way
    out."""
    if not writing or threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, frame: object) -> None:
        raise SystemExit(128 + signum)

    old = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, old)


class AtomicFile:
    """A file written whole or not at all (its line ends as given): through
    a temporary file and a rename, keeping the mode of the file it replaces;
    a new file gets the user's normal permissions (the umask). A symlink is
    written through to its target; a file with hard links is rewritten in
    place when it is committed (the links stay one file); a read-only file
    is refused (OSError, on opening). ``packing`` compresses what is written
    ("gzip", "bzip2", "xz", "zstd": ``streams.pack_output``). ``commit``
    puts it in place, interrupts (SIGINT, SIGTERM) waiting until that is
    done; ``abort`` leaves everything as it was."""

    def __init__(self, path: Path, packing: str | None = None) -> None:
        self.target = target = Path(os.path.realpath(path))
        try:
            st: os.stat_result | None = os.stat(target)
        except FileNotFoundError:
            st = None
        if st is not None:
            if not stat.S_ISREG(st.st_mode):
                raise OSError(errno.EINVAL, "not a regular file")
            if not st.st_mode & 0o222:
                raise PermissionError(errno.EACCES, "the file is read-only")
        self.mode = None if st is None else st.st_mode & 0o7777
        self.tmp: Path | None = None
        self.raw: IO[bytes]
        if st is not None and st.st_nlink > 1:  # written in place at the end
            try:
                self.raw = tempfile.TemporaryFile(dir=target.parent)  # noqa: SIM115
            except OSError:
                self.raw = tempfile.TemporaryFile()  # noqa: SIM115
        else:
            self.tmp, fd = _temporary(target)
            self.raw = os.fdopen(fd, "wb")
        try:
            self.file = pack_output(self.raw, packing, target.name)
        except BaseException:
            self.abort()
            raise

    def write(self, text: str) -> None:
        self.file.write(text.encode("utf-8"))

    def commit(self) -> None:
        with _signals_held():
            try:
                if self.file is not self.raw:
                    self.file.close()
                if self.tmp is None:
                    self.raw.seek(0)
                    with open(self.target, "r+b") as f:  # in place: every hard link sees it
                        shutil.copyfileobj(self.raw, f)
                        f.truncate()
                    self.raw.close()
                    return
                self.raw.close()
                if self.mode is not None:
                    with contextlib.suppress(OSError):
                        os.chmod(self.tmp, self.mode)
                os.replace(self.tmp, self.target)
            except BaseException:
                self.abort()
                raise

    def abort(self) -> None:
        with contextlib.suppress(Exception):
            self.raw.close()
        if self.tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(self.tmp)


def _temporary(target: Path) -> tuple[Path, int]:
    """A new file next to ``target``, named after it: its path and descriptor."""
    for _ in range(100):
        name = target.parent / f".{target.name}.{secrets.token_hex(4)}.tmp"
        try:
            return name, os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        except FileExistsError:
            continue
    raise OSError(errno.EEXIST, "no free temporary file name")


def write_atomic(path: Path, text: str) -> None:
    """Write a file whole or not at all (``AtomicFile``); interrupts (SIGINT,
    SIGTERM) wait until it is in place."""
    with _signals_held():
        f = AtomicFile(path)
        try:
            f.write(text)
        except BaseException:
            f.abort()
            raise
        f.commit()


def write_out(text: str, output: Path | None) -> None:
    """Text to a file, or to standard output."""
    if output is None:
        sys.stdout.write(text)
        return
    try:
        write_atomic(output, text)
    except OSError as e:
        fail(f"ftn: {output}: cannot write: {e.strerror or e}")


def write_chunks(chunks: Iterable[str], output: Path | None) -> None:
    """Text made a piece at a time to standard output, or to a file through a
    temporary file (``AtomicFile``): the old file stays until the last piece
    is written. An ``OSError`` is the caller's to report."""
    if output is None:
        for chunk in chunks:
            sys.stdout.write(chunk)
        return
    f = AtomicFile(output)
    try:
        for chunk in chunks:
            f.write(chunk)
    except BaseException:
        f.abort()
        raise
    f.commit()


def declared_options(command: str, rule: list[str] | None) -> list[tuple[str, str]]:
    """The rule options given as NAME=VALUE, or exit 2."""
    declared = []
    for item in rule or []:
        name, eq, value = item.partition("=")
        if not eq:
            fail(f"ftn {command}: --rule takes NAME=VALUE, not {item!r}")
        declared.append((name, value))
    return declared


def renderer(format: OutputFormat, color: Color, out: IO[str], ctx: Context) -> Renderer:
    """The renderer of ``--format``, writing to ``out``, coloured as ``--color`` says."""
    ctx.color = want_color(color.value, out) and format.value in ("text", "concise")
    ctx.width = shutil.get_terminal_size().columns if out.isatty() else None
    return RENDERERS[format.value](out, ctx)


def console_context(color: Color) -> Context:
    """Colour and width for a table on standard output."""
    return Context(
        color=want_color(color.value, sys.stdout),
        width=shutil.get_terminal_size().columns if sys.stdout.isatty() else None,
    )


# --------------------------------------------------------------------------
# Options.

ExcludeOpt = Annotated[
    list[str] | None,
    typer.Option("--exclude", metavar="GLOB", help="Skip files and folders whose name or path "
                 "matches GLOB in directory walks (repeat it); hidden folders are always "
                 "skipped, files named on the command line always read."),
]
StrictOpt = Annotated[
    bool, typer.Option("--strict", help="Warnings count as errors (exit 1).")
]
Paths = Annotated[
    list[str],
    typer.Argument(metavar="PATH...", help="FTN, JSON or JSON Lines files (also compressed: "
                   ".gz, .bz2, .xz, .zst), directories (searched for *.ftn, *.json, *.jsonl "
                   "and *.ndjson, compressed or not), or - for stdin."),
]
FormatOpt = Annotated[
    Format,
    typer.Option("--format", "-f", metavar="text|json", help="text for people, json for machines."),
]
_FORMATS_HELP = (
    "text (for people, with the source line), concise (one line a finding), json, jsonl "
    "(one finding a line, streamed), github (GitHub Actions annotations), sarif (SARIF "
    "2.1.0, for code scanning) or junit (JUnit XML)."
)
OutputFormatOpt = Annotated[
    OutputFormat, typer.Option("--format", "-f", metavar="FORMAT", help=_FORMATS_HELP),
]
ColorOpt = Annotated[
    Color,
    typer.Option("--color", metavar="auto|always|never",
                 help="Colour: auto colours a terminal unless NO_COLOR is set; never when piped."),
]
PlayersOpt = Annotated[
    int,
    typer.Option("--players", "-p", min=2, max=12, metavar="N",
                 help="2 to 12 (as the rules allow)."),
]
PresetOpt = Annotated[
    str | None,
    typer.Option("--rules", metavar="PRESET", help="A preset: pagat (the default) or online."),
]
RuleOpt = Annotated[
    list[str] | None,
    typer.Option("--rule", metavar="NAME=VALUE",
                 help="An option NAME=VALUE (repeat it): set, hand, target, divisors, "
                 "immediate-end, opener, partnerships, bonus."),
]
SeedOpt = Annotated[
    int,
    typer.Option("--seed", "-s", metavar="SEED",
                 help="Random seed: the same seed gives the same games."),
]
OutOpt = Annotated[
    Path | None, typer.Option("--output", "-o", metavar="OUT", help="Write here, not stdout.")
]
InArg = Annotated[
    str, typer.Argument(metavar="IN", help="An FTN, JSON or JSON Lines file, or - for stdin.")
]
