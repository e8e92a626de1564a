"""``ftn audit``: another implementation audited, its records or a live
engine.

Boundary: the command only: its options, the settings (``api.plan``), the
renderer of ``--format`` and the exit status; the audits are
``api.audit_report``'s and ``api.audit_engine``'s.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from verifier.api.conformance import audit_engine, audit_report
from verifier.cli import common as c
from verifier.cli.console import EXIT_USAGE, err, fail, said, show_piece
from verifier.files.formats import RECORD_FILES
from verifier.pipeline.jobs.audit import RESYNC
from verifier.pipeline.results import Context
from verifier.render import FORMATS, for_stream

command = c.one_command()

if TYPE_CHECKING:
    Resync = c.Choice
else:
    Resync = c.choices("Resync", RESYNC)
CLAIMED = Resync("claimed")  # the default
AuditPaths = Annotated[list[str] | None, c.option("audit-paths", files=RECORD_FILES)]
ResyncOpt = Annotated[Resync, c.option("resync")]
EngineOpt = Annotated[str | None, c.option("engine")]
GenerateOpt = Annotated[int, c.option("generate")]
TimeoutOpt = Annotated[float, c.option("timeout")]
PlayersOpt = Annotated[int, c.option("players")]
SeedOpt = Annotated[int, c.option("seed")]
_PRESET, _RULE = c.rules_options()
PresetOpt = Annotated[str | None, _PRESET]
RuleOpt = Annotated[list[str] | None, _RULE]


@command.command()
def audit(
    invoked: typer.Context,
    paths: AuditPaths = None,
    format: c.OutputFormatOpt = c.TEXT,
    resync: ResyncOpt = CLAIMED,
    output: c.OutOpt = None,
    engine: EngineOpt = None,
    generate: GenerateOpt = 0,
    players: PlayersOpt = 2,
    seed: SeedOpt = 1,
    timeout: TimeoutOpt = 5.0,
    rules: PresetOpt = None,
    rule: RuleOpt = None,
    color: c.ColorOpt = c.Color.auto,
    exclude: c.ExcludeOpt = None,
    jobs: c.JobsOpt = 1,
    dask: c.DaskOpt = None,
    quiet: c.QuietOpt = False,
    config: c.ConfigOpt = None,
    isolated: c.IsolatedOpt = False,
) -> None:
    """Audit another implementation: its records, or a live engine.

    The settings (the manual: Settings) give the format, the jobs, the
    extend-exclude globs and the preset of records (and, with --engine, of
    generated games) that name none; select and ignore are for ftn check.
    """
    plan = c.settled(invoked, paths or [], exclude, config=config, isolated=isolated,
                     format=format, jobs=jobs, say=False)
    if engine is not None:
        summary = _live(engine, plan, timeout, players=players, generate=generate, seed=seed,
                        preset=rules or plan.run.preset, rules=rule or ())
    else:
        if not paths:
            fail("ftn audit: give record files, or --engine COMMAND")
        if rules is not None or rule:
            fail("ftn audit: --rules and --rule go with --engine (records declare their own)")
        with said():
            summary = audit_report(plan, resync.value, dask, quiet, err)
    _write(summary, plan.run.format, color, output)
    if engine is not None and summary.none_played:
        fail("ftn audit: no reference game could be played to the engine (see above)")
    raise typer.Exit(summary.status())


def _live(engine: str, plan: Any, timeout: float, **options: Any) -> Any:
    """``api.audit_engine`` on the engine, with the inputs of ``plan`` as
    reference records; what cannot be played or read said, and exit 2."""
    from verifier import Unreadable

    try:
        with said():
            return audit_engine(engine, timeout, names=plan.names,
                                    unreadable=plan.unreadable, **options)
    except ValueError as e:
        fail(f"ftn audit: {e}")
    except Unreadable as bad:
        show_piece(bad.errors, bad.text)
        raise typer.Exit(EXIT_USAGE) from None


def _write(summary: Any, format: str, color: c.Color, output: Path | None) -> None:
    """The audit rendered in ``format`` to standard output, or to OUT (no
    colour there unless asked)."""
    buf = io.StringIO()
    hue = c.Color.never if output is not None and color is c.Color.auto else color
    for_stream(FORMATS[format], hue.value, sys.stdout if output is None else buf,
               Context()).audit(summary)
    if output is not None:
        c.write_out(buf.getvalue(), output)
