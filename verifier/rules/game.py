"""A game of rounds (``RULES.md`` R3, R8, V4, V5): who opens each round,
the totals, the target and the winner; and a round stepped within its game.

Boundary: ``GameState`` keeps the totals across rounds, starts each round
(``rules.round.RoundState``, or an engine under test's own class) and
applies the target test to every scoring event (``rules.scoring``);
``Stepper`` is the one place where a move is applied to a round and its
event scored in the game, and where the round's end is decided (a domino, a
block, or a side reaching the target in mid-round). It knows nothing of
names, files or claims: judging a record's claims is ``replay``'s work.
No I/O.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import ClassVar

from mypy_extensions import mypyc_attr

from verifier.rules.moves import Move
from verifier.rules.round import RoundState
from verifier.rules.ruleset import Rules
from verifier.rules.scoring import Placed, Scored, target_test


def expected_opener(rules: Rules, first: int, round_number: int) -> int:
    """The opener of round ``round_number`` (1-based) by rotation (R3.2)."""
    return (first + round_number - 1) % rules.players


def highest_double_holder(hands: Sequence[Iterable[tuple[int, int]]]) -> int | None:
    """V5: the seat holding the highest double, else the heaviest tile."""
    found = required_lead(hands)
    return None if found is None else found[0]


def required_lead(
    hands: Sequence[Iterable[tuple[int, int]]],
) -> tuple[int, tuple[int, int]] | None:
    """V5: the seat and tile that must lead: the highest double dealt, else
    the heaviest tile (highest pip total, then highest half)."""
    best: tuple[int, int, int] | None = None
    found = None
    for seat, hand in enumerate(hands):
        for a, b in hand:
            rank = (1 if a == b else 0, a + b, max(a, b))
            if best is None or rank > best:
                best, found = rank, (seat, (min(a, b), max(a, b)))
    return found


# Subclassed by interpreted code (variants, test engines): a compiled build
# (mypyc) must then look their overrides up, as Python does.
@mypyc_attr(allow_interpreted_subclasses=True)
class GameState:
    """Scores of a game across rounds, and its end (R3.2, R8, V4)."""

    __slots__ = ("first", "over", "round_number", "rules", "scores", "winner")
    #: The class of the rounds ``new_round`` starts (an engine under test
    #: may bring its own).
    round_class: ClassVar[type[RoundState]] = RoundState

    def __init__(self, rules: Rules, first: int) -> None:
        self.rules = rules
        self.first = first
        self.scores = [0] * rules.side_count
        self.round_number = 0
        self.over = False
        self.winner: int | None = None

    def opener_for(self, round_number: int, hands: Sequence[Iterable[tuple[int, int]]]) -> int:
        """Who must open round ``round_number`` (R3.1, R3.2, V5)."""
        if self.rules.opener == "highest-double":
            seat = highest_double_holder(hands)
            if seat is not None:
                return seat
        return expected_opener(self.rules, self.first, round_number)

    def new_round(
        self,
        hands: Sequence[Iterable[tuple[int, int]]],
        opener: int,
        names: Sequence[str] | None = None,
        unknown: Sequence[int] | None = None,
    ) -> RoundState:
        """Start the next round with these hands (the known tiles, and
        ``unknown`` tiles per seat) and this opener (V5: the lead must then be
        the highest double, when every hand is known)."""
        self.round_number += 1
        required = None
        if self.rules.opener == "highest-double" and not (unknown and any(unknown)):
            found = required_lead(hands)
            required = None if found is None else found[1]
        return self.round_class(self.rules, hands, opener, names, required, unknown)

    def score(self, placed: Placed) -> Scored:
        """Apply one placement's event to its side's total (R8.1-R8.4)."""
        rules = self.rules
        side = rules.side_of[placed.seat]
        scores = self.scores
        # R8.1: one event (placement points and bonus), then the target test.
        scored = target_test(side, scores[side], placed.points + placed.bonus, rules.target,
                             rules.immediate_end)
        if scored.credited:
            scores[side] = scored.total
            if scored.won:  # R8.4: won at once
                self.over = True
                self.winner = side
        return scored

    def end_round(self) -> None:
        """After a round: with immediate end off (V4), the highest total at or
        past the target wins; a tie at the top plays on."""
        rules = self.rules
        if rules.immediate_end or self.over:
            return
        top = max(self.scores)
        if top >= rules.target and self.scores.count(top) == 1:
            self.over = True
            self.winner = self.scores.index(top)


class Stepper:
    """One round being played within its game: the one place where a move is
    applied and scored, and where the round's end is decided (a domino, a
    block, or a side reaching the target in mid-round, R7, R8.4). The replay,
    the live protocol's reference view, the generator and the test engines
    all step rounds with it."""

    __slots__ = ("by_target", "game", "last", "round")

    def __init__(self, game: GameState, rnd: RoundState) -> None:
        self.game = game
        self.round = rnd
        self.last: tuple[Placed, Scored] | None = None
        self.by_target = False  # a side reached the target in mid-round (R8.4)

    def knock(self, seat: int, token: object = None) -> None:
        """Seat knocks (R4.4); an ``IllegalMoveError`` when it may not."""
        self.round.knock(seat, token)
        self.last = None

    def place(self, seat: int, a: int, b: int, end: str | None,
              token: object = None) -> tuple[Placed, Scored]:
        """Seat places a-b and the event is scored (R4, R6-R8)."""
        placed = self.round.place(seat, a, b, end, token)
        scored = self.game.score(placed)
        last = self.last = (placed, scored)
        if scored.won and placed.outcome != "domino":
            self.by_target = True  # R8.4: the game ends here, even on a block
        return last

    def play(self, move: Move) -> None:
        """Apply a move of ``legal_moves`` (or ``perft_moves``)."""
        if move.tile is None:
            self.knock(self.round.turn)
        else:
            self.place(self.round.turn, move.tile[0], move.tile[1], move.end)

    @property
    def over(self) -> bool:
        """Whether the round is over, or the game."""
        return self.round.over or self.game.over

    def outcome(self) -> tuple[str, int | None] | None:
        """How the round ended: ("domino", seat), ("target", None),
        ("blocked", None); None while it goes on."""
        rs = self.round
        if rs.outcome == "domino" and not self.by_target:
            return "domino", None if self.last is None else self.last[0].seat
        if self.by_target or (self.game.over and rs.outcome is None):
            return "target", None
        if rs.outcome == "blocked":
            return "blocked", None
        return None


def copy_game(gs: GameState) -> GameState:
    """An independent copy of a game's scores and state."""
    new = GameState(gs.rules, gs.first)
    new.scores = list(gs.scores)
    new.round_number, new.over, new.winner = gs.round_number, gs.over, gs.winner
    return new
