"""The commands about records: ``check``, ``fmt``, ``convert``, ``replay``,
``show``.

Boundary: each reads its arguments and inputs, calls the library (``api``,
``check``, ``show``) and renders; no judgement here.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Annotated

import typer

import verifier.cli.common as c  # the module alone (importing the package would cycle)
from verifier.files.formats import NOTATIONS, Layout
from verifier.files.pieces import Piece
from verifier.pipeline.driver import Text, open_one
from verifier.pipeline.jobs.rewrite import Output, Part, Rewritten, rewrite, target_of

UnknownsOpt = Annotated[bool, c.option("explain-unknowns")]
CheckOpt = Annotated[bool, c.option("fmt-check")]
WriteOpt = Annotated[bool, c.option("fmt-write")]


@c.app.command()
def check(
    invoked: typer.Context,
    paths: c.Paths,
    format: c.OutputFormatOpt = c.TEXT,
    explain_unknowns: UnknownsOpt = False,
    color: c.ColorOpt = c.Color.auto,
    exclude: c.ExcludeOpt = None,
    strict: c.StrictOpt = False,
    jobs: c.JobsOpt = 1,
    dask: c.DaskOpt = None,
    quiet: c.QuietOpt = False,
    select: c.SelectOpt = None,
    ignore: c.IgnoreOpt = None,
    config: c.ConfigOpt = None,
    isolated: c.IsolatedOpt = False,
    show_settings: c.ShowSettingsOpt = False,
) -> None:
    """Replay every game and report illegal moves and wrong claims.

    Settings (select, ignore, extend-exclude, rules, format, jobs) are read
    from ftn.toml, or the tool.ftn table of pyproject.toml, found from each
    input upwards; the options go over them (README: Settings).
    """
    from verifier.plain import CheckArgs, run_check

    run_check(CheckArgs(paths, format.value, explain_unknowns, color.value, exclude, strict, jobs,
                        dask, quiet, select, ignore, config, isolated, show_settings,
                        c.given(invoked)))


@c.app.command()
def fmt(invoked: typer.Context, paths: c.Paths, check_only: CheckOpt = False,
        write: WriteOpt = False, exclude: c.ExcludeOpt = None, jobs: c.JobsOpt = 1,
        config: c.ConfigOpt = None, isolated: c.IsolatedOpt = False) -> None:
    """Print records in the canonical form; JSON stays JSON.

    Every end is written and the layout is fixed; an array stays an array,
    and a file's line ends (LF or CRLF) stay as they are. Files are read a
    game at a time and written as they are done: printing stops at a file's
    first game that cannot be read (the games before it are printed; exit
    1); --write never rewrites a file that does not parse. The settings'
    extend-exclude and jobs apply (README: Settings).
    """
    from verifier.pipeline.jobs.rewrite import fmt_all, fmt_status

    mode = c.one_mode("fmt", paths, check=check_only, write=write)
    plan = c.settled(invoked, paths, exclude, config=config, isolated=isolated, jobs=jobs)
    done = fmt_all(plan.names, mode, c.out, c.err, c.show_piece, plan.run.jobs)
    raise typer.Exit(fmt_status(done.ops, bool(plan.unreadable) or done.failed > 0))


if TYPE_CHECKING:
    To = c.Choice
else:
    To = c.choices("To", NOTATIONS)
ToOpt = Annotated[To | None, c.option("convert-to", formats="|".join(NOTATIONS))]
PositionsOpt = Annotated[bool, c.option("positions")]


@c.app.command()
def convert(
    source: c.InArg, output: c.OutOpt = None, to: ToOpt = None, positions: PositionsOpt = False,
    jobs: c.JobsOpt = 1,
) -> None:
    """Convert records between FTN, JSON and JSON Lines (canonical form).

    The input is read a game at a time and the output written as it comes.
    At a game that cannot be read, nothing more is written (on standard
    output, the games before it have been; OUT is not written at all), every
    problem of the input is said, and the exit status is 1.
    """
    from verifier.pipeline.jobs.rewrite import convert_piece

    with c.said():
        one = open_one(c.one_file(source, "convert"))
    c.note_fallback(one.kind or "ftn")
    if positions and one.kind != "ftn":
        c.fail("ftn convert: --positions needs FTN input (they are FTN lines and columns)")
    target = target_of(to.value if to is not None else None, output) or (
        "ftn" if one.kind != "ftn" else "json")
    rewritten("convert", one, partial(convert_piece, to=target, positions=positions),
              NOTATIONS[target].layout, Output.named(output), jobs)


@c.app.command()
def replay(source: c.InArg, format: c.FormatOpt = c.Format.text, output: c.OutOpt = None) -> None:
    """The reference replay: every event with the state the rules give after it.

    The input is read a game at a time and the replay written as it comes;
    at a game that cannot be read, as for convert.
    """
    from verifier.pipeline.jobs.rewrite import REPLAY_JSON, REPLAY_TEXT, replay_piece

    with c.said():
        one = open_one(c.one_file(source, "replay"))
    c.note_fallback(one.kind or "ftn")
    as_json = format is c.Format.json
    done = rewritten("replay", one, partial(replay_piece, as_json=as_json),
                     REPLAY_JSON if as_json else REPLAY_TEXT, Output(output))
    raise typer.Exit(c.EXIT_ERRORS if done.stopped else c.EXIT_OK)


def rewritten(command: str, one: Text, work: Callable[[Piece], Part], layout: Layout,
              out: Output, jobs: int = 1) -> Rewritten:
    """``pipeline.rewrite`` for convert and replay: at a game that cannot be
    read, ``ftn COMMAND: NAME: ...`` and exit 1."""
    with c.said():
        done = rewrite(one, work, layout, out, c.show_piece, jobs)
    if not done.ok:
        what = "not converted: it cannot be read" if command == "convert" else "it cannot be read"
        c.fail(f"ftn {command}: {one.name}: {what}", c.EXIT_ERRORS)
    return done


GameOpt = Annotated[int, c.option("game")]
AtOpt = Annotated[str | None, c.option("at")]
SvgOpt = Annotated[bool, c.option("svg")]


@c.app.command()
def show(source: c.InArg, output: c.OutOpt = None, game: GameOpt = 1, at: AtOpt = None,
         svg: SvgOpt = False) -> None:
    """A self-contained HTML page that replays the games (or, with --svg, one position)."""
    from verifier.show.page import ShowError, render

    name, text = c.read_one(source, "show")
    try:
        out = render(text, name, game, at, svg)
    except ShowError as e:
        c.fail(e.message, e.code)
    c.write_out(out, output)
