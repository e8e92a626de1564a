"""What the ``ftn`` commands share: Typer's parameters made from the table
(``verifier.cli.params``), the shared options, a command's own Typer app,
and the few helpers that read one input, list inputs, settle the settings
and write an output.

Boundary: command-line plumbing only, over the public library
(``verifier.api``); it judges nothing and renders no finding itself (the
``render`` family does), and turns what cannot be read or used into a
message and exit 2 (``console``).
"""

from __future__ import annotations

import math
import os
import sys
from collections.abc import Iterable
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

import notation
from verifier import SettingsError
from verifier.api.inputs import Mode, plan, read_text, workers
from verifier.cli.console import EXIT_USAGE, err, fail, said
from verifier.cli.params import PARAMS
from verifier.files.formats import RECORD_FILES
from verifier.render import FORMATS, formats_help

if TYPE_CHECKING:
    from verifier.api.inputs import Say


def one_command() -> typer.Typer:
    """The Typer app of one command's module (``app.Commands`` loads it)."""
    return typer.Typer(add_completion=False, pretty_exceptions_enable=False,
                       rich_markup_mode="rich")


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
    ReportFormat = Choice
else:  # --format of the commands that report findings: the renderers
    ReportFormat = choices("ReportFormat", FORMATS)
TEXT = ReportFormat("text")  # the default --format


class Color(str, Enum):
    auto = "auto"
    always = "always"
    never = "never"


# --------------------------------------------------------------------------
# Options: Typer's parameters, made from the table (``verifier.cli.params``).


def option(key: str, **values: str) -> Any:
    """Typer's option (or argument) ``key`` of ``params.PARAMS``, its texts'
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
    if value is None:
        return None
    used, why = workers(value)
    if why is not None:
        err(why)
    return used


def _timeout(value: float | None) -> float | None:
    """``--timeout`` a positive finite number of seconds, or exit 2."""
    if value is not None and not (math.isfinite(value) and value > 0):
        fail(f"ftn: --timeout {value}: give a finite number of seconds, more than 0, such as "
             "--timeout 5")
    return value


#: The options whose values are checked (or bounded) past their type.
CHECKS: dict[str, Any] = {"jobs": _jobs, "timeout": _timeout}


Paths = Annotated[list[str], option("paths", files=RECORD_FILES)]
InArg = Annotated[str, option("in")]
ExcludeOpt = Annotated[list[str] | None, option("exclude")]
FormatOpt = Annotated[Format, option("format")]
OutputFormatOpt = Annotated[ReportFormat, option("report-format", formats=formats_help())]
ColorOpt = Annotated[Color, option("color")]
OutOpt = Annotated[Path | None, option("output")]
JobsOpt = Annotated[int, option("jobs")]
DaskOpt = Annotated[str | None, option("dask")]
QuietOpt = Annotated[bool, option("quiet")]
ConfigOpt = Annotated[str | None, option("config")]
IsolatedOpt = Annotated[bool, option("isolated")]


def rules_options() -> tuple[Any, Any]:
    """``--rules PRESET`` and ``--rule NAME=VALUE``, their help naming the
    presets and the options (``notation.PRESETS``, ``notation.OPTIONS``)."""
    presets = " or ".join(f"{p} (the default)" if i == 0 else p
                          for i, p in enumerate(notation.PRESETS))
    return (option("rules", presets=presets),
            option("rule", options=", ".join(o.name for o in notation.OPTIONS)))


# --------------------------------------------------------------------------
# Inputs and outputs.


def read_one(source: str, command: str) -> tuple[str, str]:
    """(name, text) of the one input of a command that reads one record
    file, or exit 2 (a directory is refused: it may hold many files)."""
    with said():
        text = read_text(one_file(source, command))
    return ("<stdin>" if source == "-" else source), text


def one_file(source: str, command: str) -> str:
    """The one input of a command; exit 2 when it is a directory."""
    if source != "-" and os.path.isdir(source):
        fail(f"ftn {command}: {source}: is a directory; {command} reads one file "
             f"(ftn check takes directories)")
    return source


def write_out(text: str, output: Path | None, who: str = "ftn") -> None:
    """Text to a file (whole or not at all), or to standard output."""
    if output is None:
        sys.stdout.write(text)
        return
    from verifier.files.outputs import write_atomic

    try:
        write_atomic(output, text)
    except OSError as e:
        fail(f"{who}: {output}: cannot write: {e.strerror or e}")


def one_mode(command: str, paths: list[str], flags: dict[Mode, bool]) -> Mode:
    """The one mode that the flags of a rewriting command give (each mode
    with whether its flag was given; ``Mode.PRINT`` when none), or exit 2
    for two of them, or ``--write`` of standard input."""
    named = [str(mode.flag) for mode in flags]
    if sum(flags.values()) > 1:
        fail(f"ftn {command}: {', '.join(named[:-1])} and {named[-1]} exclude each other")
    if flags.get(Mode.WRITE) and "-" in paths:
        fail(f"ftn {command}: --write cannot rewrite standard input")
    return next((mode for mode, on in flags.items() if on), Mode.PRINT)


def given(ctx: typer.Context) -> set[str]:
    """Which of ``--format`` and ``--jobs`` were given (not left at their
    defaults): a given one goes over the settings."""
    sources = {n: ctx.get_parameter_source(n) for n in ("format", "jobs")}
    return {n for n, s in sources.items() if s is not None and s.name != "DEFAULT"}


def settled(invoked: typer.Context, paths: list[str], exclude: list[str] | None, *,
            format: Choice | None = None, jobs: int | None = None, say: bool = True,
            warn: Say | None = None, **options: Any) -> Any:
    """The inputs and the settings each is judged by (``api.plan``:
    ``--format`` and ``--jobs`` over the settings only when given, and the
    other options), or exit 2 for a bad option or settings file. With
    ``say``, each unreadable input is said on standard error, and exit 2
    when none can be read (else the caller reports them)."""
    told = given(invoked)
    try:
        found = plan(paths, exclude or (), warn=warn or err,
                         format=format.value if format and "format" in told else None,
                         jobs=jobs if "jobs" in told else None, **options)
    except SettingsError as e:
        fail(f"ftn: {e}")
    except ValueError as e:
        fail(f"ftn {invoked.info_name}: {e}")
    if say:
        for bad in found.unreadable:
            err(f"ftn: {bad}")
        if found.unreadable and not found.names:
            raise SystemExit(EXIT_USAGE)
    return found
