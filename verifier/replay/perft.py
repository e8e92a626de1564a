"""Perft of a record: the position a record ends in, and the legal
continuations counted from it, as chess engines test move generators.

Boundary: takes the games of one text as they were read (the caller reads:
``pipeline.jobs.load.read_any``), replays the first to its last position
(``replay.game.final_position``), or reads a position string
(``rules.position``), and counts with the engine
(``rules.perft.perft``); a record it cannot start from gives ``NoStart``
with the message and the diagnostics that say why. It reads no file and
prints nothing (``ftn perft`` does both).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from notation.model import Game
from verifier.diagnostics import Diagnostic
from verifier.rules.game import GameState
from verifier.rules.perft import perft as perft_count
from verifier.rules.perft import perft_divide
from verifier.rules.round import RoundState


@dataclass
class NoStart(Exception):
    """A record perft cannot start from: why, and the diagnostics that show it."""

    message: str
    problems: list[Diagnostic] = field(default_factory=list)


def last_position(games: list[Game], errors: list[Diagnostic], name: str
                  ) -> tuple[RoundState, GameState]:
    """The last position of the first of a text's ``games`` (``errors``:
    what kept the text from being read); NoStart when there is no game, it
    does not replay clean, it has no round or a hand is unknown."""
    from verifier.replay.game import final_position

    if errors or not games:
        raise NoStart(f"{name}: no game to start from", errors)
    rep, final = final_position(games[0], name)
    bad = [d for d in rep.until_stop() if d.severity == "error"]
    if bad or final is None:
        raise NoStart(f"{name}: the record must replay clean and have a round", bad)
    rs, gs = final
    if rs.partial:
        raise NoStart(f"{name}: perft needs every hand of the last round known")
    return rs, gs


def position_start(text: str) -> tuple[RoundState, GameState]:
    """The state of a position string; ``PositionError`` when it is not one,
    NoStart when a hand is not known."""
    from verifier.rules.position import read_position

    start = read_position(text)
    if start.round.partial:
        raise NoStart("position: perft needs every hand known (no ?N)")
    return start.round, start.game


def perft_lines(rs: RoundState, gs: GameState, depth: int, divide: bool) -> list[str]:
    """The count of the continuations ``depth`` moves deep, as ``ftn perft``
    prints it: one line, or (``divide``) a line per first move and the total."""
    if not divide:
        return [str(perft_count(rs, gs, depth))]
    lines, total = [], 0
    for move, count in perft_divide(rs, gs, depth):
        what = "knock" if move.tile is None else f"{move.tile[0]}-{move.tile[1]}" + (
            f" {move.end}" if move.end else "")
        lines.append(f"{what}: {count}")
        total += count
    return [*lines, f"total: {total}"]
