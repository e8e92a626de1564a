"""``ftn match``: engines play each other under the referee.

Boundary: the command only: its options, the progress on standard error,
and the exit status; the match and its report are ``api.match``'s and
``api.match_report``'s.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Annotated, Any

import typer

from verifier.api import contests
from verifier.api.contests import match_report
from verifier.cli import common as c
from verifier.cli.console import fail

command = c.one_command()

EngineOpt = Annotated[list[str], c.option("match-engine")]
PlayersOpt = Annotated[int | None, c.option("match-players")]
GamesOpt = Annotated[int, c.option("match-games")]
SeedOpt = Annotated[int, c.option("seed")]
TimeoutOpt = Annotated[float, c.option("timeout")]
SprtOpt = Annotated[str | None, c.option("sprt")]
OutputOpt = Annotated[Path | None, c.option("match-output")]
_PRESET, _RULE = c.rules_options()
PresetOpt = Annotated[str | None, _PRESET]
RuleOpt = Annotated[list[str] | None, _RULE]


class _Progress:
    """A line on standard error at most every half second, only when it is a
    terminal (as every command's progress), wiped at the end."""

    def __init__(self, total: int) -> None:
        self.total, self.last, self.shown = total, 0.0, False

    def __call__(self, res: Any) -> None:
        """After each game: the games played, the wins, the SPRT's LLR."""
        if not sys.stderr.isatty():
            return
        self.shown = True
        now = time.monotonic()
        if now - self.last < 0.5 and res.games < self.total:
            return
        self.last = now
        wins = ", ".join(f"{e.name} {e.wins}" for e in res.engines)
        llr = "" if res.llr is None else f"; LLR {res.llr:.2f}"
        sys.stderr.write(f"\rftn match: {res.games}/{self.total} games; wins {wins}{llr}  ")
        sys.stderr.flush()


@command.command()
def match(
    engine: EngineOpt,
    games: GamesOpt = 100,
    players: PlayersOpt = None,
    seed: SeedOpt = 1,
    rules: PresetOpt = None,
    rule: RuleOpt = None,
    timeout: TimeoutOpt = 5.0,
    jobs: c.JobsOpt = 1,
    sprt: SprtOpt = None,
    output: OutputOpt = None,
    format: c.FormatOpt = c.Format.text,
    quiet: c.QuietOpt = False,
) -> None:
    """Engines play each other, every move checked by the rules; each deal is
    played again with the seats rotated. A defect (an illegal move, a hang,
    an exit, garbage) is a loss for its engine; a wrong claim a finding."""
    progress = None if quiet else _Progress(games)
    try:
        res = contests.match(engine, games, players=players, seed=seed, preset=rules,
                        rules=rule or (), timeout=timeout, jobs=jobs, sprt=sprt,
                        output=output, progress=progress)
    except ValueError as e:
        fail(f"ftn match: {e}")
    except OSError as e:
        fail(f"ftn match: {output}: cannot write: {e.strerror or e}")
    if progress is not None and progress.shown:
        sys.stderr.write("\r\x1b[K")
    sys.stdout.write(match_report(res, format.value))
    raise typer.Exit(0)
