"""What every ``ftn`` command shares: the Typer app, the options, and the
few helpers that read inputs, write outputs and report problems.

Boundary: command-line plumbing only. It reads files through ``inputs``,
writes files (atomically) and standard streams, and turns ``InputError``
into exit 2 with a message; it judges nothing and renders no finding
itself (the ``render`` family does).
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterable, Iterator
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from notation.options import OPTIONS as RULE_OPTIONS
from notation.options import PRESETS

from .. import clihelp
from ..diagnostics import Diagnostic
from ..formats import globs
from ..inputs import InputError, inputs
from ..outputs import WriteError, write_atomic
from ..parallel import Piece
from ..pipeline import DaskMissing, input_names
from ..render import FORMATS as RENDERERS
from ..render import formats_help

clihelp.setup()

HELP = ("FTN tools for Fives and Threes records: check, format, convert, replay, show, "
        "audit, generate.")
# Help texts are Rich markup (as every Typer allowed gives them): a bracket
# that would read as a style tag is written escaped, "ftn-tools\\[dask]".
app = typer.Typer(
    name="ftn",
    help=HELP,
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
)

EXIT_OK, EXIT_ERRORS, EXIT_USAGE = 0, 1, 2


class Format(str, Enum):
    text = "text"
    json = "json"


class Choice(str, Enum):
    """The values of an option that a registry holds (``choices``)."""


def choices(name: str, values: Iterable[str]) -> type[Choice]:
    """An enum of the values an option takes, made from the registry that
    holds them (so that a new one needs no line here)."""
    made: type[Choice] = Choice(name, [(v, v) for v in values])  # type: ignore[call-overload]
    return made


if TYPE_CHECKING:
    from ..pipeline.plan import Plan

    OutputFormat = Choice
else:  # --format of the commands that report findings: the renderers
    OutputFormat = choices("OutputFormat", RENDERERS)
TEXT = OutputFormat("text")  # the default --format


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


def read_one(source: str, command: str) -> tuple[str, str]:
    """(name, text) of the one input of a command that reads one record
    file, or exit 2 (a directory is refused: it may hold many files)."""
    with said():
        ((name, text),) = inputs([one_file(source, command)])
    return name, text


def one_file(source: str, command: str) -> str:
    """The one input of a command; exit 2 when it is a directory."""
    if source != "-" and os.path.isdir(source):
        fail(f"ftn {command}: {source}: is a directory; {command} reads one file "
             f"(ftn check takes directories)")
    return source


def names_of(paths: list[str], exclude: list[str] | None) -> tuple[list[str], list[InputError]]:
    """The inputs the paths name, and those that cannot be read, each said
    on standard error (the others are still read); exit 2 when none can."""
    names, unreadable = input_names(paths, exclude or ())
    return names, said_unreadable(names, unreadable)


def said_unreadable(names: list[str], unreadable: list[InputError]) -> list[InputError]:
    """Each input that cannot be listed said on standard error; exit 2 when
    no input can be read."""
    for e in unreadable:
        err(f"ftn: {e}")
    if unreadable and not names:
        raise typer.Exit(EXIT_USAGE)
    return unreadable


def finish(failed: list[InputError], unreadable: list[InputError], failing: bool,
           then: str | None = None) -> NoReturn:
    """The end of a run over inputs: each input unreadable partway said (after
    what was written for the others), and ``then``; exit 2 when an input
    could not be read, 1 when the run is ``failing``, else 0."""
    for e in failed:
        sys.stdout.flush()
        err(f"ftn: {e}")
    if then is not None:
        err(then)
    raise typer.Exit(EXIT_USAGE if unreadable or failed else EXIT_ERRORS if failing else EXIT_OK)


@contextlib.contextmanager
def said() -> Iterator[None]:
    """An input that cannot be read, an output that cannot be written, a
    Dask cluster that cannot be used: said, and exit 2."""
    try:
        yield
    except (InputError, WriteError, DaskMissing) as e:
        fail(f"ftn: {e}")


def show_piece(problems: list[Diagnostic], piece: Piece | str) -> None:
    """Diagnostics about a piece of an input (or a whole text) on standard
    error, with their source lines."""
    from ..render.text import render_diagnostic

    lines = Piece("", "", piece.split("\n")) if isinstance(piece, str) else piece
    for d in problems:
        err(render_diagnostic(d, lines.line(d.line)))


_noted = False


def note_fallback(how: str) -> None:
    """Say once on stderr when JSON (``how``: as ``reading.sniff`` tells)
    is checked without the fast validator."""
    global _noted
    if _noted or how == "ftn":
        return
    from ..validate import FALLBACK_NOTE, FAST  # slow to load: only for JSON

    if not FAST:
        _noted = True
        err(FALLBACK_NOTE)


def write_out(text: str, output: Path | None, who: str = "ftn") -> None:
    """Text to a file (whole or not at all), or to standard output."""
    if output is None:
        sys.stdout.write(text)
        return
    try:
        write_atomic(output, text)
    except OSError as e:
        fail(f"{who}: {output}: cannot write: {e.strerror or e}")


def one_mode(command: str, paths: list[str], **flags: bool) -> str:
    """The one mode that the flags of a rewriting command give (``print``
    when none), or exit 2 for two of them, or ``--write`` of standard input."""
    named = [f"--{flag}" for flag in flags]
    if sum(flags.values()) > 1:
        fail(f"ftn {command}: {', '.join(named[:-1])} and {named[-1]} exclude each other")
    if flags.get("write") and "-" in paths:
        fail(f"ftn {command}: --write cannot rewrite standard input")
    return next((flag for flag, on in flags.items() if on), "print")


# --------------------------------------------------------------------------
# Options.

ExcludeOpt = Annotated[
    list[str] | None,
    typer.Option("--exclude", metavar="GLOB", help="Skip files and folders whose name or path "
                 "matches GLOB in directory walks (repeat it); hidden folders are always "
                 "skipped, files named on the command line always read."),
]
StrictOpt = Annotated[bool, typer.Option("--strict", help="Warnings count as errors (exit 1).")]
Paths = Annotated[
    list[str],
    typer.Argument(metavar="PATH...", help="FTN, JSON or JSON Lines files (also compressed: "
                   f".gz, .bz2, .xz, .zst), directories (searched for {globs()}, compressed "
                   "or not), or - for stdin."),
]
FormatOpt = Annotated[
    Format,
    typer.Option("--format", "-f", metavar="text|json", help="text for people, json for machines."),
]
_FORMATS_HELP = formats_help() + "."
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
# The rule options and presets, from their one table (notation.options).
_OPTIONS_HELP = ", ".join(o.name for o in RULE_OPTIONS)
_PRESETS_HELP = " or ".join(f"{p} (the default)" if i == 0 else p for i, p in enumerate(PRESETS))
PresetOpt = Annotated[
    str | None,
    typer.Option("--rules", metavar="PRESET", help=f"A preset: {_PRESETS_HELP}."),
]
RuleOpt = Annotated[
    list[str] | None,
    typer.Option("--rule", metavar="NAME=VALUE",
                 help=f"An option NAME=VALUE (repeat it): {_OPTIONS_HELP}."),
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


# --------------------------------------------------------------------------
# Settings (``settings``): the options that go over a settings file.

SelectOpt = Annotated[
    list[str] | None,
    typer.Option("--select", metavar="CODES", help="Report only these codes (FT302), names "
                 "(points-mismatch) or prefixes (FT3, ALL); comma-separated or repeated; "
                 "over the settings' select."),
]
IgnoreOpt = Annotated[
    list[str] | None,
    typer.Option("--ignore", metavar="CODES", help="Do not report (or count) these codes, "
                 "names or prefixes; added to the settings' ignore. FT001-FT003 (games that "
                 "cannot be read or set up) are always reported."),
]
ConfigOpt = Annotated[
    str | None,
    typer.Option("--config", metavar="FILE", help="Use this settings file (ftn.toml, or a "
                 "pyproject.toml with a tool.ftn table) for every input, not those found from "
                 "the inputs upwards."),
]
IsolatedOpt = Annotated[
    bool, typer.Option("--isolated", help="Read no settings file (defaults and options only).")
]
ShowSettingsOpt = Annotated[
    bool, typer.Option("--show-settings", help="Print the settings each input is judged by, "
                       "and where each value comes from; then exit 0.")
]


def given(ctx: typer.Context, name: str) -> bool:
    """Whether the option of parameter ``name`` was given (not left at its
    default): a given option goes over the settings."""
    source = ctx.get_parameter_source(name)
    return source is not None and source.name != "DEFAULT"


def codes_option(values: list[str] | None) -> tuple[str, ...]:
    """``--select``/``--ignore``'s codes, comma-separated or repeated."""
    return tuple(v.strip() for item in values or [] for v in item.split(",") if v.strip())


def settled(invoked: typer.Context, paths: list[str], exclude: list[str] | None, *,
            select: list[str] | None = None, ignore: list[str] | None = None,
            config: str | None = None, isolated: bool = False, format: Choice | None = None,
            jobs: int | None = None, say: bool = True) -> Plan:
    """The inputs and the settings each is judged by (``--format`` and
    ``--jobs`` only when given, and the other options, over the settings
    files); exit 2 for a bad option or settings file. With ``say``, each
    unreadable input is said on standard error, and exit 2 when none can be
    read (else the caller reports them)."""
    from ..pipeline.plan import plan
    from ..settings import Overrides, SettingsError

    over = Overrides(codes_option(select) if select else None, codes_option(ignore),
                     format.value if format and given(invoked, "format") else None,
                     jobs if given(invoked, "jobs") else None, config=config, isolated=isolated)
    for problem in over.problems():
        fail(f"ftn {invoked.info_name}: {problem}")
    try:
        found = plan(paths, exclude or (), over)
    except SettingsError as e:
        fail(f"ftn: {e}")
    if say:
        said_unreadable(found.names, found.unreadable)
    return found
