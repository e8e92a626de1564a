"""The commands about engines: ``audit`` (records or a live engine),
``perft``, ``generate``.

Boundary: each reads its arguments and inputs, calls the library (``api``,
``protocol``, ``generate``, ``engine``) and renders; no judgement here.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

import verifier.cli.common as c  # the module alone (importing the package would cycle)
from verifier.render.base import Context

if TYPE_CHECKING:
    Resync = c.Choice
    Hide = c.Choice
else:
    Resync = c.choices("Resync", ("claimed", "computed"))
    # --hide: the modes of generate.hide (a test keeps them the same; written
    # here so that the command line loads generate only for ftn generate).
    Hide = c.choices("Hide", ("none", "all", "first", "some"))
CLAIMED, NO_HIDING = Resync("claimed"), Hide("none")  # the defaults
AuditPaths = Annotated[list[str] | None, c.option("audit-paths")]
ResyncOpt = Annotated[Resync, c.option("resync")]
EngineOpt = Annotated[str | None, c.option("engine")]
GenerateOpt = Annotated[int, c.option("generate")]
TimeoutOpt = Annotated[float, c.option("timeout")]


@c.app.command()
def audit(
    invoked: typer.Context,
    paths: AuditPaths = None,
    format: c.OutputFormatOpt = c.TEXT,
    resync: ResyncOpt = CLAIMED,
    output: c.OutOpt = None,
    engine: EngineOpt = None,
    generate: GenerateOpt = 0,
    players: c.PlayersOpt = 2,
    seed: c.SeedOpt = 1,
    timeout: TimeoutOpt = 5.0,
    rules: c.PresetOpt = None,
    rule: c.RuleOpt = None,
    color: c.ColorOpt = c.Color.auto,
    exclude: c.ExcludeOpt = None,
    jobs: c.JobsOpt = 1,
    dask: c.DaskOpt = None,
    quiet: c.QuietOpt = False,
    config: c.ConfigOpt = None,
    isolated: c.IsolatedOpt = False,
) -> None:
    """Audit another implementation: its records, or a live engine.

    The settings (README: Settings) give the format, the jobs, the
    extend-exclude globs and the preset of records (and, with --engine, of
    generated games) that name none; select and ignore are for ftn check.
    """
    from verifier.render import for_stream

    plan = c.settled(invoked, paths or [], exclude, config=config, isolated=isolated,
                     format=format, jobs=jobs, say=False)
    format, jobs = c.OutputFormat(plan.run.format), plan.run.jobs
    if engine is not None:
        from verifier.live.run import Unreadable, audit_live, reference_games
        from verifier.rules.options import given

        try:
            with c.said():
                games = reference_games(players, generate, seed, rules or plan.run.preset,
                                        given(rule or ()), plan.names, plan.unreadable)
        except ValueError as e:
            c.fail(f"ftn audit: {e}")
        except Unreadable as bad:
            c.show_piece(bad.errors, bad.text)
            raise typer.Exit(c.EXIT_USAGE) from None
        try:
            summary = audit_live(engine, games, timeout)
        except ValueError as e:  # a generated game that does not finish
            c.fail(f"ftn audit: {e}")
    else:
        if not paths:
            c.fail("ftn audit: give record files, or --engine COMMAND")
        if rules is not None or rule:
            c.fail("ftn audit: --rules and --rule go with --engine (records declare their own)")
        from verifier.pipeline.jobs.audit import audit_all
        from verifier.render.progress import Progress

        with c.said():
            summary = audit_all(plan.names, resync.value, jobs, dask, plan.unreadable,
                                Progress(quiet), lambda s: c.note_fallback(s.how), plan)
    buf = io.StringIO()  # to OUT: no colour unless asked
    hue = c.Color.never if output is not None and color is c.Color.auto else color
    for_stream(format.value, hue.value, sys.stdout if output is None else buf,
               Context()).audit(summary)
    if output is not None:
        c.write_out(buf.getvalue(), output)
    if engine is not None and summary.none_played:
        c.fail("ftn audit: no reference game could be played to the engine (see above)")
    raise typer.Exit(summary.status())


RecordArg = Annotated[str, c.option("record")]
DepthOpt = Annotated[int, c.option("depth")]
DivideOpt = Annotated[bool, c.option("divide")]


@c.app.command()
def perft(source: RecordArg, depth: DepthOpt = 3, divide: DivideOpt = False) -> None:
    """Count the legal continuations of a record's last position (perft)."""
    from verifier.pipeline.jobs.load import read_any
    from verifier.replay.perft import NoStart, last_position, perft_lines

    name, text = c.read_one(source, "perft")
    try:
        rs, gs = last_position(*read_any(text, name), name)
    except NoStart as e:
        c.show_piece(e.problems, text)
        c.fail(f"ftn perft: {e.message}", c.EXIT_ERRORS)
    typer.echo("\n".join(perft_lines(rs, gs, depth, divide)))


HideOpt = Annotated[Hide, c.option("hide")]
GamesOpt = Annotated[int, c.option("games")]
OutputOpt = Annotated[Path | None, c.option("output-file")]


@c.app.command()
def generate(
    players: c.PlayersOpt = 2,
    games: GamesOpt = 1,
    seed: c.SeedOpt = 1,
    output: OutputOpt = None,
    rules: c.PresetOpt = None,
    rule: c.RuleOpt = None,
    hide_: HideOpt = NO_HIDING,
) -> None:
    """Write random legal complete games with correct claims."""
    from verifier.files.outputs import write_chunks
    from verifier.rules.generate import generated_texts
    from verifier.rules.options import given

    try:
        write_chunks(generated_texts(players, games, seed, rules, given(rule or ()), hide_.value),
                     output)
    except ValueError as e:
        c.fail(f"ftn generate: {e}")
    except OSError as e:
        c.fail(f"ftn generate: {output}: cannot write: {e.strerror or e}")
