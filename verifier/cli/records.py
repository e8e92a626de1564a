"""The commands about records: ``check``, ``fmt``, ``convert``, ``replay``,
``show``.

Boundary: each reads its arguments and inputs, calls the library (``api``,
``check``, ``show``) and renders; no judgement here.
"""

from __future__ import annotations

import sys
from enum import Enum
from pathlib import Path
from typing import Annotated

import typer

from ..check import FORMATS, convert_text, format_text, kind_of
from ..inputs import InputError
from ..render import FORMATS as RENDERERS
from ..render import Context
from ..replay import Unknown
from ..report import Summary, dumps, render_trace
from ..streams import open_output, plain_name
from .common import (
    EXIT_ERRORS,
    EXIT_OK,
    EXIT_USAGE,
    Color,
    ColorOpt,
    ExcludeOpt,
    Format,
    FormatOpt,
    InArg,
    OutOpt,
    OutputFormat,
    OutputFormatOpt,
    Paths,
    StrictOpt,
    app,
    err,
    fail,
    note_fallback,
    read_each_input,
    read_one,
    renderer,
    show_problems,
    write_atomic,
    write_out,
)

UnknownsOpt = Annotated[
    bool,
    typer.Option("--explain-unknowns", help="Also list what partial records leave unverified."),
]
CheckOpt = Annotated[
    bool, typer.Option("--check", help="Only report files that are not canonical (exit 1).")
]
WriteOpt = Annotated[
    bool, typer.Option("--write", "-w", help="Rewrite in place (never a file that does not parse).")
]


JobsOpt = Annotated[
    int,
    typer.Option("--jobs", "-j", min=0, metavar="N",
                 help="Worker processes (0: one per core); the output is the same."),
]
DaskOpt = Annotated[
    str | None,
    typer.Option("--dask", metavar="ADDRESS",
                 help="Run on the Dask cluster whose scheduler is at ADDRESS "
                 "(pip install 'ftn-tools[dask]')."),
]
QuietOpt = Annotated[
    bool, typer.Option("--quiet", "-q", help="No progress on standard error."),
]


@app.command()
def check(
    paths: Paths,
    format: OutputFormatOpt = OutputFormat.text,
    explain_unknowns: UnknownsOpt = False,
    color: ColorOpt = Color.auto,
    exclude: ExcludeOpt = None,
    strict: StrictOpt = False,
    jobs: JobsOpt = 1,
    dask: DaskOpt = None,
    quiet: QuietOpt = False,
) -> None:
    """Replay every game and report illegal moves and wrong claims."""
    from .runs import LineBook, check_run, input_names

    if explain_unknowns and not RENDERERS[format.value].shows_unknowns:
        fail(f"ftn check: --explain-unknowns needs --format text, concise, json or jsonl, "
             f"not {format.value}")
    names, unreadable = input_names(paths, exclude)
    for e in unreadable:  # an error for that file; the others are still checked
        err(f"ftn: {e}")
    if unreadable and not names:
        raise typer.Exit(EXIT_USAGE)
    summary = Summary(files=len(names))
    unknowns: list[Unknown] = []
    # Renderers that write at the end need the source lines of every finding.
    book = LineBook(keep=format is OutputFormat.junit)
    ctx = Context(line_of=book.line_of,
                  sources=["<stdin>" if n == "-" else n for n in names],
                  unknowns=unknowns if explain_unknowns else None)
    out = renderer(format, color, sys.stdout, ctx)
    failed = check_run(names, out, book, summary, unknowns, jobs, dask, quiet)
    out.finish(summary)
    for e in failed:  # an error for that file; the others were checked
        sys.stdout.flush()
        err(f"ftn: {e}")
    unreadable += failed
    if unreadable:
        raise typer.Exit(EXIT_USAGE)
    raise typer.Exit(EXIT_ERRORS if summary.errors or (strict and summary.warnings) else EXIT_OK)


@app.command()
def fmt(paths: Paths, check_only: CheckOpt = False, write: WriteOpt = False,
        exclude: ExcludeOpt = None) -> None:
    """Print records in the canonical form; JSON stays JSON.

    Every end is written and the layout is fixed; an array stays an array,
    and a file's line ends (LF or CRLF) stay as they are.
    """
    if check_only and write:
        fail("ftn fmt: --check and --write exclude each other")
    if write and "-" in paths:
        fail("ftn fmt: --write cannot rewrite standard input")
    texts, unreadable = read_each_input(paths, exclude)
    status = EXIT_USAGE if unreadable else EXIT_OK
    for name, text in texts:
        out, errors = format_text(text, name)
        if out is None:
            show_problems(errors, text)
            err(f"ftn fmt: {name}: not formatted: it does not parse")
            status = EXIT_ERRORS
            continue
        if check_only:
            if out != text:
                typer.echo(f"would reformat {name}")
                status = max(status, EXIT_ERRORS)
        elif write:
            if out != text:
                try:
                    write_atomic(Path(name), out)
                except OSError as e:  # this file is left as it was; on to the others
                    err(f"ftn fmt: {name}: not rewritten: {e.strerror or e}")
                    status = EXIT_USAGE
                    continue
                typer.echo(f"reformatted {name}")
        else:
            sys.stdout.write(out)
    raise typer.Exit(status)


class To(str, Enum):
    ftn = "ftn"
    json = "json"
    jsonl = "jsonl"


ToOpt = Annotated[
    To | None,
    typer.Option("--to", "-t", metavar="ftn|json|jsonl",
                 help="ftn, json (an array) or jsonl; else from OUT, else the "
                 "other kind than the input."),
]
PositionsOpt = Annotated[
    bool, typer.Option("--positions", help="Write each element's FTN line and column into JSON.")
]


@app.command()
def convert(
    source: InArg, output: OutOpt = None, to: ToOpt = None, positions: PositionsOpt = False
) -> None:
    """Convert records between FTN, JSON and JSON Lines (canonical form)."""
    name, text = read_one(source, "convert")
    note_fallback(text, name)
    if positions and kind_of(text, name) == "json":
        fail("ftn convert: --positions needs FTN input (they are FTN lines and columns)")
    target = to.value if to is not None else None
    if target is None and output is not None:
        suffix = Path(plain_name(output.name)).suffix.lower().lstrip(".")
        target = suffix if suffix in FORMATS else None
    if target is None:
        target = "ftn" if kind_of(text, name) == "json" else "json"
    out, errors = convert_text(text, target, name, positions=positions)
    if out is None:
        show_problems(errors, text)
        fail(f"ftn convert: {name}: not converted: it cannot be read", EXIT_ERRORS)
    if output is not None and plain_name(output.name) != output.name:
        _write_packed(out, output)
    else:
        write_out(out, output)


def _write_packed(text: str, output: Path) -> None:
    """Text to a compressed file (as its name ends), through a temporary
    file and a rename."""
    tmp = output.with_name(f".{output.name}.tmp")
    try:
        with open_output(tmp, output.name) as f:
            f.write(text.encode("utf-8"))
        tmp.replace(output)
    except (OSError, InputError) as e:
        tmp.unlink(missing_ok=True)
        fail(f"ftn: {output}: cannot write: {getattr(e, 'strerror', None) or e}")


@app.command()
def replay(source: InArg, format: FormatOpt = Format.text, output: OutOpt = None) -> None:
    """The reference replay: every event with the state the rules give after it."""
    from .. import api

    name, text = read_one(source, "replay")
    note_fallback(text, name)
    doc, errors = api.replay_text(text, name)
    if errors:
        show_problems(errors, text)
        fail(f"ftn replay: {name}: it cannot be read", EXIT_ERRORS)
    stopped = any(g["stopped"] is not None for g in doc["games"])
    write_out(dumps(doc) + "\n" if format is Format.json else render_trace(doc), output)
    raise typer.Exit(EXIT_ERRORS if stopped else EXIT_OK)


GameOpt = Annotated[
    int, typer.Option("--game", "-g", metavar="N", help="Which game of the file (1...).")
]
AtOpt = Annotated[
    str | None,
    typer.Option("--at", metavar="ROUND:EVENT", help="ROUND:EVENT to open at (0: start)."),
]
SvgOpt = Annotated[bool, typer.Option("--svg", help="One SVG picture of --at's position.")]


@app.command()
def show(
    source: InArg, output: OutOpt = None, game: GameOpt = 1, at: AtOpt = None, svg: SvgOpt = False
) -> None:
    """A self-contained HTML page that replays one game (or, with --svg, one position)."""
    from ..show import ShowError, render

    name, text = read_one(source, "show")
    try:
        out = render(text, name, game, at, svg)
    except ShowError as e:
        fail(e.message, e.code)
    write_out(out, output)
