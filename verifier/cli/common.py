"""What every ``ftn`` command shares: the Typer app, the options, and the
few helpers that read inputs, write outputs and report problems.

Boundary: command-line plumbing only. It reads files through ``inputs``,
writes files (atomically) and standard streams, and turns ``InputError``
into exit 2 with a message; it judges nothing and renders no finding
itself (the ``render`` family does).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from verifier import clihelp, plain
from verifier.diagnostics import Diagnostic
from verifier.files.inputs import inputs
from verifier.files.outputs import write_atomic
from verifier.files.pieces import Piece
from verifier.files.streams import InputError
from verifier.flags import PARAMS
from verifier.pipeline.driver import input_names
from verifier.plain import EXIT_ERRORS as EXIT_ERRORS  # the helpers that need no Typer
from verifier.plain import EXIT_OK as EXIT_OK
from verifier.plain import EXIT_USAGE as EXIT_USAGE
from verifier.plain import err as err
from verifier.plain import fail as fail
from verifier.plain import finish as finish
from verifier.plain import note_fallback as note_fallback
from verifier.plain import out as out
from verifier.plain import said as said
from verifier.plain import said_unreadable as said_unreadable
from verifier.render import RENDERERS

clihelp.setup()

HELP = ("FTN tools for Fives and Threes records: check, format, convert, replay, show, "
        "audit, generate.")
# Help texts are Rich markup (verifier.flags escapes a bracket).
app = typer.Typer(
    name="ftn",
    help=HELP,
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
)



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
    from verifier.pipeline.plan import Plan

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
        from verifier.render.sarif import tool_version

        typer.echo(f"ftn {tool_version()}")
        raise typer.Exit()


_VERSION = PARAMS["version"]
VersionOpt = Annotated[
    bool, typer.Option(*_VERSION.flags, callback=_version, is_eager=True, help=_VERSION.help),
]


@app.callback(help=HELP)
def _root(version: VersionOpt = False) -> None:
    pass


# --------------------------------------------------------------------------
# Inputs and outputs.


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


def show_piece(problems: list[Diagnostic], piece: Piece | str) -> None:
    """Diagnostics about a piece of an input (or a whole text) on standard
    error, with their source lines."""
    from verifier.render.text import render_diagnostic

    lines = Piece("", "", piece.split("\n")) if isinstance(piece, str) else piece
    for d in problems:
        err(render_diagnostic(d, lines.line(d.line)))


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
# Options: Typer's parameters, made from the table (``verifier.flags``).


def option(key: str, **values: str) -> Any:
    """Typer's option (or argument) ``key`` of ``flags.PARAMS``, its texts'
    ``{fields}`` filled from ``values`` (a registry's names)."""
    p = PARAMS[key]
    metavar, help = (t.format(**values) if t and values else t for t in (p.metavar, p.help))
    if not p.flags:
        return typer.Argument(metavar=metavar, help=help)
    check = CHECKS.get(key)
    return typer.Option(*p.flags, metavar=metavar, help=help, min=p.min, max=p.max,
                        callback=check)


def _jobs(value: int | None) -> int | None:
    """``--jobs`` within the most workers (said on standard error when
    more were asked for)."""
    return None if value is None else plain.jobs_option(value)


def _timeout(value: float | None) -> float | None:
    """``--timeout`` a positive finite number of seconds, or exit 2."""
    if value is not None and not plain.finite_positive(value):
        fail(f"ftn: --timeout {value}: give a finite number of seconds, more than 0, such as "
             "--timeout 5")
    return value


#: The options whose values are checked (or bounded) past their type.
CHECKS: dict[str, Any] = {"jobs": _jobs, "timeout": _timeout}


Paths = Annotated[list[str], option("paths")]
InArg = Annotated[str, option("in")]
ExcludeOpt = Annotated[list[str] | None, option("exclude")]
StrictOpt = Annotated[bool, option("strict")]
FormatOpt = Annotated[Format, option("format")]
OutputFormatOpt = Annotated[OutputFormat, option("report-format")]
ColorOpt = Annotated[Color, option("color")]
PlayersOpt = Annotated[int, option("players")]
PresetOpt = Annotated[str | None, option("rules")]
RuleOpt = Annotated[list[str] | None, option("rule")]
SeedOpt = Annotated[int, option("seed")]
OutOpt = Annotated[Path | None, option("output")]
JobsOpt = Annotated[int, option("jobs")]
DaskOpt = Annotated[str | None, option("dask")]
QuietOpt = Annotated[bool, option("quiet")]
# Settings (``settings``): the options that go over a settings file.
SelectOpt = Annotated[list[str] | None, option("select")]
IgnoreOpt = Annotated[list[str] | None, option("ignore")]
ConfigOpt = Annotated[str | None, option("config")]
IsolatedOpt = Annotated[bool, option("isolated")]
ShowSettingsOpt = Annotated[bool, option("show-settings")]


def given(ctx: typer.Context) -> set[str]:
    """Which of ``--format`` and ``--jobs`` were given (not left at their
    defaults): a given one goes over the settings."""
    sources = {n: ctx.get_parameter_source(n) for n in ("format", "jobs")}
    return {n for n, s in sources.items() if s is not None and s.name != "DEFAULT"}


def settled(invoked: typer.Context, paths: list[str], exclude: list[str] | None, *,
            format: Choice | None = None, jobs: int | None = None, **options: Any) -> Plan:
    """``plain.settled`` for a Typer command (``--format`` and ``--jobs``
    over the settings only when given)."""
    return plain.settled(str(invoked.info_name), given(invoked), paths, exclude,
                          format=format.value if format else None, jobs=jobs, **options)
