"""Positions of generated games written and read back: ``Board.position()``
read by ``Board.from_position()`` must give the same string, the same legal
moves, and the same events, totals and results for the rest of the round.

    python tools/position_roundtrip.py [--positions N] [--seed S]

walks generated games (2, 3 and 4 players, the main form and variants)
move by move; at each position it writes the string, reads it back and
plays the record's remaining moves of the round on both boards, comparing
every event (seat, move, end total, points, bonus, discarded, totals, how
the round ended), the legal moves and the position after each, and the
game's result. Every fourth position is also read with the hands of every
seat but the one to move hidden (``?N``): it must read back the same, and
the same moves must score the same (a block then waits for the knocks that
show it, R7.5). It prints how many positions it checked and every
difference; exit 1 when one differs. ``tests/unit/rules/test_position.py``
imports it and runs it on fewer positions.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from notation.model import Game, Knock  # noqa: E402
from verifier.rules.board import Board, ScoredEvent  # noqa: E402
from verifier.rules.generate import generate_games  # noqa: E402
from verifier.rules.moves import KNOCK, Move  # noqa: E402
from verifier.rules.plays import record_hands  # noqa: E402

#: The rules the games are played under: (players, preset, options).
KINDS: tuple[tuple[int, str | None, tuple[tuple[str, str], ...]], ...] = (
    (2, None, ()), (3, None, ()), (4, None, ()),
    (2, "online", ()), (4, None, (("partnerships", "off"), ("immediate-end", "off"))),
    (3, None, (("divisors", "3,5,7,11,13"), ("bonus", "0"), ("target", "31"))),
)


def _fields(ev: ScoredEvent) -> tuple[Any, ...]:
    """What an event did, without its numbers (a board read from a position
    counts its events from there)."""
    return (ev.seat, ev.side, ev.move, ev.end_total, ev.points, ev.bonus, ev.discarded,
            ev.totals, ev.outcome)


def _moves(game: Game) -> Iterator[tuple[int, list[tuple[str, Move]]]]:
    """Each round's number and its moves (the knocks that show a block
    left out: a board is over the round by then)."""
    for rnd in game.rounds:
        yield rnd.number, [(ev.seat, KNOCK if isinstance(ev, Knock) else Move(ev.tile, ev.end))
                           for ev in rnd.events]


def _after(board: Board, moves: list[tuple[str, Move]]) -> list[tuple[Any, ...]]:
    """Each move played in turn on ``board`` until its round is over: what
    it did, the legal moves and the position after it."""
    out = []
    for seat, move in moves:
        if board.is_round_over():
            break
        ev = board.play(move, seat)
        out.append((_fields(ev), board.legal_moves(), board.position(), board.result()))
    return out


def _hidden(text: str) -> str:
    """The position with every hand but the player to move's as ``?N``."""
    f = text.split(" ")
    seats, hands = f[0].split(","), f[1].split("/")
    for i, (seat, hand) in enumerate(zip(seats, hands, strict=True)):
        if seat != f[3] and hand != "-":
            hands[i] = f"?{len(hand.split(','))}"
    f[1] = "/".join(hands)
    return " ".join(f)


def _partial(text: str, moves: list[tuple[str, Move]], truth: list[tuple[Any, ...]]
             ) -> list[str]:
    """A position with hands hidden: read back the same, and each move
    scores as it did, the board read back from its own position after each
    (the knocks that matter kept); a block is shown by the knocks that
    follow it (R7.5)."""
    hidden = _hidden(text)
    board = Board.from_position(hidden, auto_deal=False)
    if board.position() != hidden:
        return [f"hidden: {hidden}\n  read back as {board.position()}"]
    for (seat, move), want in zip(moves, truth, strict=False):
        got = _fields(board.play(move, seat))
        if got[:-1] != want[0][:-1] or (got[-1] != want[0][-1] and want[0][-1] != "blocked"):
            return [f"hidden: {hidden}\n  {seat} {move}: {got} != {want[0]}"]
        text = board.position()
        board = Board.from_position(text, auto_deal=False)
        if board.position() != text:
            return [f"hidden, later: {text}\n  read back as {board.position()}"]
    if truth and truth[-1][0][-1] == "blocked":
        for _ in board.seats:
            if board.is_round_over():
                break
            board.play(KNOCK)
            board = Board.from_position(board.position(), auto_deal=False)
        if board.round_outcome() is None and not board.is_round_over():
            return [f"hidden: {hidden}\n  the block is not shown by the knocks"]
    return []


def check_round(board: Board, moves: list[tuple[str, Move]], label: str) -> tuple[int, list[str]]:
    """Every position of one round (the board at its start): how many were
    checked, and every difference."""
    truth = _after(board.copy(), moves)
    diffs: list[str] = []
    checked = 0
    for i, (seat, move) in enumerate(moves[:len(truth)]):
        text = board.position()
        read = Board.from_position(text, auto_deal=False)
        checked += 1
        if read.position() != text:
            diffs.append(f"{label} move {i}: {text}\n  read back as {read.position()}")
        elif read.legal_moves() != board.legal_moves():
            diffs.append(f"{label} move {i}: {text}: legal moves differ")
        elif _after(read, moves[i:]) != truth[i:]:
            diffs.append(f"{label} move {i}: {text}: the rest of the round differs")
        elif i % 4 == 1:
            diffs += [f"{label} move {i}: {d}" for d in _partial(text, moves[i:], truth[i:])]
        board.play(move, seat)
    text = board.position()  # the round over (or the game)
    if Board.from_position(text, auto_deal=False).position() != text:
        diffs.append(f"{label} at its end: {text} does not read back")
    return checked, diffs


def check_game(game: Game, label: str, limit: int) -> tuple[int, list[str]]:
    """The positions of one game (at most ``limit``)."""
    board = Board.from_game(game, 1, 0, auto_deal=False)
    checked, diffs = 0, list[str]()
    for number, moves in _moves(game):
        if number > 1:
            board.deal(record_hands(game.rounds[number - 1], board.seats))
        n, found = check_round(board.copy(), moves, f"{label} round {number}")
        checked, diffs = checked + n, diffs + found
        for seat, move in moves:
            if not board.is_round_over():
                board.play(move, seat)
        if checked >= limit:
            break
    return checked, diffs


def run(positions: int, seed: int) -> tuple[int, list[str]]:
    """At least ``positions`` positions of games of every kind, from ``seed``."""
    checked, diffs = 0, list[str]()
    g = 0
    while checked < positions:
        players, preset, options = KINDS[g % len(KINDS)]
        game = next(generate_games(players, 1, seed + g, preset, options))
        n, found = check_game(game, f"game {g + 1} ({players}p {preset or ''}{options})",
                              positions - checked)
        checked, diffs, g = checked + n, diffs + found, g + 1
    return checked, diffs


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    checked, diffs = run(args.positions, args.seed)
    for d in diffs:
        print(d)
    print(f"{checked} positions written and read back: {len(diffs)} differences")
    return 1 if diffs else 0


if __name__ == "__main__":
    raise SystemExit(main())
