"""The rules at work: perft (the positions a game or a position leads to)
and generated games.

Boundary: part of ``verifier.api``; imports ``replay.perft``,
``rules.generate`` and ``files.outputs``.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from verifier.files.outputs import write_chunks
from verifier.pipeline.jobs.load import read_any
from verifier.replay.perft import last_position, perft_lines, position_start
from verifier.rules.generate import generated_texts
from verifier.rules.options import given

__all__ = ["generate", "perft", "perft_position"]


def perft(text: str, name: str = "<input>", depth: int = 3, divide: bool = False) -> list[str]:
    """The lines of ``ftn perft``: the count of the legal continuations,
    ``depth`` moves deep, of the last position of a text's first game
    (``divide``: split by first move). ``verifier.NoStart`` when the text
    has no position to count from."""
    rs, gs = last_position(*read_any(text, name), name)
    return perft_lines(rs, gs, depth, divide)


def perft_position(position: str, depth: int = 3, divide: bool = False) -> list[str]:
    """``perft``'s lines from a position string (``Board.position()``'s,
    notation/SPEC.md 13) instead of a record. ``verifier.PositionError``
    (with its column) for a string that is not a position,
    ``verifier.NoStart`` for a hand not known."""
    rs, gs = position_start(position)
    return perft_lines(rs, gs, depth, divide)


def generate(players: int = 2, games: int = 1, seed: int = 1, preset: str | None = None,
             rules: Iterable[str] = (), hide: str = "none", output: Path | None = None) -> None:
    """Random legal complete games with correct claims, ``games`` of
    ``players`` from ``seed`` (the same seed, the same games), under the
    preset and the ``rules`` options NAME=VALUE, hands hidden as ``hide``
    says ("none", "all", "first", "some"), written to ``output`` (whole, or
    not at all) or standard output. ValueError for rules that cannot be
    played, OSError for a file that cannot be written."""
    write_chunks(generated_texts(players, games, seed, preset, given(rules), hide), output)

