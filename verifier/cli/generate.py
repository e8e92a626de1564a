"""``ftn generate``: random legal complete games with correct claims.

Boundary: the command only: its options and the messages; the games are
``api.generate``'s.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

from verifier.api import moves
from verifier.cli import common as c
from verifier.cli.console import fail
from verifier.rules.generate import HIDE_MODES

command = c.one_command()

if TYPE_CHECKING:
    Hide = c.Choice
else:
    Hide = c.choices("Hide", HIDE_MODES)
NO_HIDING = Hide("none")  # the default
HideOpt = Annotated[Hide, c.option("hide")]
GamesOpt = Annotated[int, c.option("games")]
OutputOpt = Annotated[Path | None, c.option("output-file")]
PlayersOpt = Annotated[int, c.option("players")]
SeedOpt = Annotated[int, c.option("seed")]
_PRESET, _RULE = c.rules_options()
PresetOpt = Annotated[str | None, _PRESET]
RuleOpt = Annotated[list[str] | None, _RULE]


@command.command()
def generate(
    players: PlayersOpt = 2,
    games: GamesOpt = 1,
    seed: SeedOpt = 1,
    output: OutputOpt = None,
    rules: PresetOpt = None,
    rule: RuleOpt = None,
    hide_: HideOpt = NO_HIDING,
) -> None:
    """Write random legal complete games with correct claims."""
    try:
        moves.generate(players, games, seed, rules, rule or (), hide_.value, output)
    except ValueError as e:
        fail(f"ftn generate: {e}")
    except OSError as e:
        fail(f"ftn generate: {output}: cannot write: {e.strerror or e}")
