"""``ftn check``: every game replayed, each finding rendered as it comes,
then the summary.

Boundary: the command only: its options, the settings (``api.plan``), the
renderer of ``--format`` (``render``) and the exit status; the check is
``api.check_report``'s.
"""

from __future__ import annotations

import io
import sys
from typing import IO, Annotated, Any, NoReturn

import typer

from verifier.api.findings import check_report
from verifier.api.inputs import Mode
from verifier.cli import common as c
from verifier.cli.console import EXIT_OK, err, fail, finish, said
from verifier.files.escaping import escape_lines
from verifier.render import FORMATS, OutputFormat, for_stream

command = c.one_command()

UnknownsOpt = Annotated[bool, c.option("explain-unknowns")]
StrictOpt = Annotated[bool, c.option("strict")]
SelectOpt = Annotated[list[str] | None, c.option("select")]
IgnoreOpt = Annotated[list[str] | None, c.option("ignore")]
ShowSettingsOpt = Annotated[bool, c.option("show-settings")]
FixOpt = Annotated[bool, c.option("check-fix")]
DiffOpt = Annotated[bool, c.option("check-diff")]


def codes_option(values: list[str] | None) -> list[str]:
    """``--select``/``--ignore``'s codes, comma-separated or repeated."""
    return [v.strip() for item in values or [] for v in item.split(",") if v.strip()]


@command.command()
def check(
    invoked: typer.Context,
    paths: c.Paths,
    format: c.OutputFormatOpt = c.TEXT,
    explain_unknowns: UnknownsOpt = False,
    color: c.ColorOpt = c.Color.auto,
    exclude: c.ExcludeOpt = None,
    strict: StrictOpt = False,
    jobs: c.JobsOpt = 1,
    dask: c.DaskOpt = None,
    quiet: c.QuietOpt = False,
    select: SelectOpt = None,
    ignore: IgnoreOpt = None,
    config: c.ConfigOpt = None,
    isolated: c.IsolatedOpt = False,
    show_settings: ShowSettingsOpt = False,
    fix: FixOpt = False,
    diff: DiffOpt = False,
) -> None:
    """Replay every game and report illegal moves and wrong claims.

    Settings (select, ignore, extend-exclude, rules, format, jobs) are read
    from ftn.toml, or the tool.ftn table of pyproject.toml, found from each
    input upwards; the options go over them (the manual: Settings). --fix
    writes the computed value in place of each wrong claim of an FTN record
    and reports what remains; --diff shows those fixes, writing nothing.
    """
    plan = c.settled(invoked, paths, exclude, format=format, jobs=jobs,
                     select=codes_option(select) if select else None, ignore=codes_option(ignore),
                     config=config, isolated=isolated)
    if show_settings:
        sys.stdout.write(escape_lines(plan.described()))
        raise SystemExit(EXIT_OK)
    shown = FORMATS[plan.run.format]
    if explain_unknowns and not shown.shows_unknowns:
        can = [f.name for f in FORMATS.values() if f.shows_unknowns]
        fail(f"ftn check: --explain-unknowns needs --format {', '.join(can[:-1])} or "
             f"{can[-1]}, not {shown.name}")
    if fix or diff:
        fixing(plan, shown, Mode.DIFF if diff else Mode.WRITE, color.value,
               explain_unknowns, dask, quiet, strict)
    with said():
        summary, failed = check_report(
            plan, lambda ctx: for_stream(shown, color.value, sys.stdout, ctx),
            keep_lines=shown.keeps_lines, explain_unknowns=explain_unknowns, dask=dask,
            quiet=quiet, warn=err)
    finish(failed, plan.unreadable, summary.errors > 0 or (strict and summary.warnings > 0))


def _n(k: int, word: str) -> str:
    return f"{k} {word}" + ("" if k == 1 else "s")


def fixing(plan: Any, shown: OutputFormat, mode: Mode, color: str, explain_unknowns: bool,
           dask: str | None, quiet: bool, strict: bool) -> NoReturn:
    """``check --fix`` (``Mode.WRITE``) and ``--diff`` (``Mode.DIFF``) in
    the format ``shown``: the fixes made (or shown), the findings that
    remain rendered (``--diff``: only the diff; standard input fixed: its
    text on standard output, the report on standard error), then how many
    were fixed; the exit status."""
    from verifier import WriteError  # (its module is loaded only by a write)
    from verifier.api.fixes import (
        fix_report,  # (the fix job: a check without --fix does not load it)
    )

    stream: IO[str] = (io.StringIO() if mode is Mode.DIFF else
                       sys.stderr if "-" in plan.names else sys.stdout)
    with said():
        summary, failed, tally = fix_report(
            plan, lambda ctx: for_stream(shown, color, stream, ctx), mode,
            keep_lines=shown.keeps_lines, explain_unknowns=explain_unknowns, dask=dask,
            quiet=quiet, warn=err)
    for name, k in tally.in_json.items():
        err(f"ftn check: {name}: {_n(k, 'wrong claim')} of JSON records left as written: "
            "fixes are for FTN text ('ftn convert --to ftn' writes it)")
    left = summary.errors + summary.warnings
    files = f" in {_n(tally.files, 'file')}"
    if mode is Mode.DIFF:
        finish(failed, plan.unreadable, tally.claims > 0,
               f"Would fix {_n(tally.fixed, 'finding')} ({left} would remain)" + (
                   f"; {_n(tally.claims, 'claim')} to write{files}." if tally.claims else "."))
    line = (f"Found {_n(tally.fixed + left, 'finding')} ({tally.fixed} fixed, {left} remaining)"
            + (f"; {_n(tally.claims, 'claim')} written{files}." if tally.claims else "."))
    said_here = stream is sys.stdout and shown.for_people  # the line closes the report
    if said_here:
        sys.stdout.write(line + "\n")
    unwritten = [WriteError("not written")] if tally.unwritten else []
    finish(failed, [*plan.unreadable, *unwritten],
           summary.errors > 0 or (strict and summary.warnings > 0),
           None if said_here else line)
