"""Perft (``RULES.md`` R3-R8): the legal continuations of a position
counted, as chess engines test their move generators.

Boundary: counts the sequences of moves that continue a round in play within
its game, playing each on copies (``rules.round.copy_round``,
``rules.game.copy_game``) with the one ``Stepper``; the moves counted are
``perft_moves``. It reads no record (``replay.perft`` finds a record's last
position) and prints nothing. No I/O.
"""

from __future__ import annotations

from verifier.rules.game import GameState, Stepper, copy_game
from verifier.rules.moves import Move
from verifier.rules.round import RoundState, copy_round


def perft_moves(rs: RoundState, gs: GameState) -> list[Move]:
    """The moves that continue a position, as perft counts them: for the
    lead, each tile of the opener's hand once (its written order is notation,
    not a move); after it, each fitting tile at each end it fits; a forced
    knock when nothing fits; none once the round or the game is over."""
    if rs.outcome is not None or gs.over:
        return []
    if not rs.ntiles:
        tiles = rs.fitting_tiles(rs.turn)
        if rs.required is not None:
            tiles = [t for t in tiles if t == rs.required]
        return [Move(t, None) for t in tiles]
    return rs.legal_moves()


def perft(rs: RoundState, gs: GameState, depth: int) -> int:
    """How many sequences of exactly ``depth`` moves continue this position."""
    if depth == 0:
        return 1
    total = 0
    for move in perft_moves(rs, gs):
        r, g = copy_round(rs), copy_game(gs)
        apply_move(r, g, move)
        total += perft(r, g, depth - 1)
    return total


def perft_divide(rs: RoundState, gs: GameState, depth: int) -> list[tuple[Move, int]]:
    """Perft split by first move."""
    out = []
    for move in perft_moves(rs, gs):
        r, g = copy_round(rs), copy_game(gs)
        apply_move(r, g, move)
        out.append((move, perft(r, g, depth - 1)))
    return out


def apply_move(rs: RoundState, gs: GameState, move: Move) -> None:
    """Play a move of ``perft_moves`` (the placement scores, R8)."""
    Stepper(gs, rs).play(move)
