"""What the command line says and does without Typer: a plain ``ftn
check`` read and run, and the helpers of every command.

``plain_check`` reads a plain ``ftn check`` (files and the options of
``CHECK_OPTIONS``, spelled as ``verifier.flags`` tables them), or says that
Typer must (another command, ``--help``, a value that Typer would refuse,
an option spelled otherwise); ``run_check`` is ``ftn check``'s run whichever
way it was read. The helpers above them (``err``, ``out``, ``fail``, ``finish``,
``said``, ``settled``, ``guarded``) are those of every command
(``cli.common`` re-exports them). The console script is ``launch``.

Boundary: command-line plumbing only, and no Typer, Click or Rich. It
judges nothing and renders no finding itself (``pipeline`` and the
``render`` family do); it exits with ``SystemExit`` (0 no errors, 1 errors
found, 2 usage errors or unreadable input), which Typer lets through.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NoReturn

from verifier.files.streams import InputError
from verifier.pipeline.tasks import DaskMissing

if TYPE_CHECKING:
    from verifier.pipeline.plan import Plan

EXIT_OK, EXIT_ERRORS, EXIT_USAGE = 0, 1, 2


def err(message: str) -> None:
    """A line on standard error (control characters from a file name or a
    record shown escaped, ``\\x1b``; the message's own line ends kept)."""
    from verifier.files.escaping import escape_lines

    sys.stderr.write(escape_lines(message) + "\n")
    sys.stderr.flush()


def out(message: str) -> None:
    """A line on standard output, escaped as ``err`` escapes it."""
    from verifier.files.escaping import escape_lines

    sys.stdout.write(escape_lines(message) + "\n")
    sys.stdout.flush()


def fail(message: str, code: int = EXIT_USAGE) -> NoReturn:
    """Say why on standard error and exit with ``code``."""
    err(message)
    raise SystemExit(code)


def said_unreadable(names: list[str], unreadable: list[InputError]) -> list[InputError]:
    """Each input that cannot be listed said on standard error; exit 2 when
    no input can be read."""
    for e in unreadable:
        err(f"ftn: {e}")
    if unreadable and not names:
        raise SystemExit(EXIT_USAGE)
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
    raise SystemExit(EXIT_USAGE if unreadable or failed else EXIT_ERRORS if failing else EXIT_OK)


@contextlib.contextmanager
def said() -> Iterator[None]:
    """An input that cannot be read, an output that cannot be written, a
    Dask cluster that cannot be used: said, and exit 2."""
    try:
        yield
    except (InputError, DaskMissing) as e:
        fail(f"ftn: {e}")
    except Exception as e:
        from verifier.files.outputs import WriteError

        if not isinstance(e, WriteError):
            raise
        fail(f"ftn: {e}")


_noted = False


def note_fallback(how: str) -> None:
    """Say once on stderr when JSON (``how``: as ``reading.sniff`` tells)
    is checked without the fast validator."""
    global _noted
    if _noted or how == "ftn":
        return
    from verifier.files.validation import FALLBACK_NOTE, FAST  # slow to load: only for JSON

    if not FAST:
        _noted = True
        err(FALLBACK_NOTE)


def jobs_option(jobs: int) -> int:
    """``--jobs`` within ``workers.most_jobs`` (said on standard error when
    more were asked for)."""
    from verifier.pipeline.workers import capped, shown_number

    used, why = capped(jobs, f"--jobs {shown_number(jobs)}")
    if why is not None:
        err(why)
    return used


def finite_positive(value: float) -> bool:
    """Whether a number is more than 0 and finite (not nan, not inf)."""
    import math

    return math.isfinite(value) and value > 0


def _run_jobs(found: Plan) -> None:
    """The run's ``jobs`` from a settings file within the most workers
    (said on standard error when it asks for more)."""
    from dataclasses import replace

    from verifier.pipeline.workers import capped, shown_number

    run = found.run
    used, why = capped(run.jobs, f"jobs = {shown_number(run.jobs)} in {run.origin('jobs')}")
    if why is None:
        return
    err(why)
    found.run = replace(run, jobs=used)
    found.by_label = {k: found.run if s is run else s for k, s in found.by_label.items()}


def codes_option(values: Collection[str] | None) -> tuple[str, ...]:
    """``--select``/``--ignore``'s codes, comma-separated or repeated."""
    return tuple(v.strip() for item in values or [] for v in item.split(",") if v.strip())


def settled(command: str, given: Collection[str], paths: list[str],
            exclude: list[str] | None, *, select: list[str] | None = None,
            ignore: list[str] | None = None, config: str | None = None, isolated: bool = False,
            format: str | None = None, jobs: int | None = None, say: bool = True) -> Plan:
    """The inputs and the settings each is judged by (``--format`` and
    ``--jobs`` only when ``given`` names them, and the other options, over
    the settings files); exit 2 for a bad option or settings file. With ``say``, each
    unreadable input is said on standard error, and exit 2 when none can be
    read (else the caller reports them)."""
    from verifier.files.tomlfile import SettingsError
    from verifier.pipeline.plan import plan
    from verifier.pipeline.settings import Overrides

    over = Overrides(codes_option(select) if select else None, codes_option(ignore),
                     format if format and "format" in given else None,
                     jobs if "jobs" in given else None, config=config, isolated=isolated)
    for problem in over.problems():
        fail(f"ftn {command}: {problem}")
    try:
        found = plan(paths, exclude or (), over)
    except SettingsError as e:
        fail(f"ftn: {e}")
    _run_jobs(found)
    if say:
        said_unreadable(found.names, found.unreadable)
    return found


# --------------------------------------------------------------------------
# ftn check.


@dataclass
class CheckArgs:
    """What ``ftn check`` was given (the defaults are the command's);
    ``given``: the parameters named on the command line."""

    paths: list[str]
    format: str = "text"
    explain_unknowns: bool = False
    color: str = "auto"
    exclude: list[str] | None = None
    strict: bool = False
    jobs: int = 1
    dask: str | None = None
    quiet: bool = False
    select: list[str] | None = None
    ignore: list[str] | None = None
    config: str | None = None
    isolated: bool = False
    show_settings: bool = False
    given: set[str] = field(default_factory=set)


def run_check(a: CheckArgs) -> NoReturn:
    """``ftn check``: every game replayed, each finding rendered as it comes,
    then the summary; exits with the run's status."""
    from verifier.pipeline.jobs.check import check_report
    from verifier.render import RENDERERS, for_stream
    from verifier.render.progress import Progress

    plan = settled("check", a.given, a.paths, a.exclude, select=a.select,
                   ignore=a.ignore, config=a.config, isolated=a.isolated, format=a.format,
                   jobs=a.jobs)
    if a.show_settings:
        from verifier.files.escaping import escape_lines
        from verifier.pipeline.settings import describe

        sys.stdout.write(escape_lines(describe(plan.distinct())))
        raise SystemExit(EXIT_OK)
    format, jobs = plan.run.format, plan.run.jobs
    if a.explain_unknowns and not RENDERERS[format].shows_unknowns:
        can = [n for n, r in RENDERERS.items() if r.shows_unknowns]
        fail(f"ftn check: --explain-unknowns needs --format {', '.join(can[:-1])} or "
             f"{can[-1]}, not {format}")
    with said():  # junit writes at the end: it keeps every finding's source line
        summary, failed = check_report(
            plan, lambda ctx: for_stream(format, a.color, sys.stdout, ctx), format == "junit",
            a.explain_unknowns, jobs, a.dask, Progress(a.quiet), lambda s: note_fallback(s.how))
    finish(failed, plan.unreadable, summary.errors > 0 or (a.strict and summary.warnings > 0))


#: The options that ``main`` reads itself, by their key in ``flags.PARAMS``
#: (the parameter's name with ``_`` for ``-``, and whether it takes a value;
#: a repeated option with a value adds to a list). ``--dask`` and ``--help``
#: go to Typer.
CHECK_OPTIONS = {"report-format": "format", "explain-unknowns": "explain_unknowns",
                 "color": "color", "exclude": "exclude", "strict": "strict", "jobs": "jobs",
                 "quiet": "quiet", "select": "select", "ignore": "ignore", "config": "config",
                 "isolated": "isolated", "show-settings": "show_settings"}
_LISTS = {"exclude", "select", "ignore"}
_COLORS = ("auto", "always", "never")


def plain_check(argv: list[str]) -> CheckArgs | None:
    """``ftn check``'s arguments when ``argv`` is a plain ``check`` that
    Typer would accept as it is; else None (Typer reads it)."""
    from verifier.flags import PARAMS
    from verifier.render import RENDERERS

    if not argv or argv[0] != "check" or os.environ.get("_FTN_COMPLETE"):
        return None  # another command, or Typer's shell completion
    by_flag = {f: (key, PARAMS[key].metavar is not None)
               for key in CHECK_OPTIONS for f in PARAMS[key].flags}
    a, words = CheckArgs(paths=[]), iter(argv[1:])
    for word in words:
        if word == "-" or not word.startswith("-"):
            a.paths.append(word)
            continue
        flag, eq, value = word.partition("=")
        if flag not in by_flag or (eq and not flag.startswith("--")):
            return None
        key, takes = by_flag[flag]
        name = CHECK_OPTIONS[key]
        if not takes:
            if eq:
                return None
            setattr(a, name, True)
        else:
            if not eq:
                value = next(words, "")
            if not value or value.startswith("-") or not _valid(name, value, RENDERERS):
                return None
            if name in _LISTS:
                setattr(a, name, [*(getattr(a, name) or ()), value])
            else:
                setattr(a, name, int(value) if name == "jobs" else value)
        a.given.add(name)
    if not a.paths:
        return None
    a.jobs = jobs_option(a.jobs)  # (here, not above: Typer may read it all again)
    return a


def _valid(name: str, value: str, formats: Collection[str]) -> bool:
    if name == "format":
        return value in formats
    if name == "color":
        return value in _COLORS
    if name == "jobs":  # (Python reads no more than 4,300 digits: Typer says so)
        return value.isascii() and value.isdigit() and len(value) <= 4000
    return True


def guarded(run: Callable[[], object]) -> None:
    """``run``, with no traceback for Ctrl-C, a closed pipe or a worker killed."""
    from verifier.pipeline.workers import WorkerDied

    try:
        run()
    except KeyboardInterrupt:  # pragma: no cover - interactive only
        err("ftn: interrupted")
        sys.exit(130)
    except BrokenPipeError:  # pragma: no cover - e.g. piped into head
        sys.exit(EXIT_ERRORS)
    except WorkerDied as e:  # a --jobs worker killed
        err(f"ftn: {e}")
        sys.exit(EXIT_USAGE)
