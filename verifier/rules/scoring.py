"""Scoring (``RULES.md`` R5-R8): what the open ends count, what a count
scores, what a placement scored, and the target test of a scoring event.

Boundary: pure arithmetic over plain values (numbers, the divisors, the
target), and the two results the engine returns: ``Placed`` (what a placement
did and scored, before the target test) and ``Scored`` (the target test of
its event: credited, or discarded as an overshoot; won). It knows nothing of
hands, turns or rounds: ``rules.round.RoundState`` places tiles and decides
when a round ends (and so when the domino bonus is due), and
``rules.game.GameState`` keeps the totals the target test reads. The points
of every count under a set of rules are ``rules.ruleset.Rules.points_table``,
made with ``points_for``. No I/O.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, NamedTuple


def points_for(total: int, divisors: Iterable[int] = (3, 5)) -> int:
    """Points of an end total (R6.2, V3): total/d for each divisor d dividing it.

    >>> points_for(15)
    8
    """
    if total == 0:
        return 0
    return sum(total // d for d in divisors if total % d == 0)


def count_ends(tiles: int, left: int, left_double: bool, right: int, right_double: bool) -> int:
    """The count of the open ends of a line of ``tiles`` tiles (R5.2, R5.3,
    R6.1): a double across an end counts both its halves; the lead alone
    counts its pip total."""
    if tiles == 1:
        return left + right  # the lead: its pip total (R5.3)
    return (left << 1 if left_double else left) + (right << 1 if right_double else right)


class Placed(NamedTuple):
    """What a placement did and scored (R4-R7), before the target test (R8).

    ``end`` is where it went (None for the lead). ``left``/``right`` and
    ``left_double``/``right_double`` are the open ends after it;
    ``end_total`` their count (R5, R6.1); ``points`` its points (R6.2);
    ``bonus`` the domino bonus when it ends the round (R7.1, R7.2);
    ``outcome`` is ``"domino"`` or ``"blocked"`` when the round ends here."""

    seat: int
    tile: tuple[int, int]
    end: str | None
    left: int
    left_double: bool
    right: int
    right_double: bool
    end_total: int
    points: int
    bonus: int
    emptied: bool
    outcome: str | None

    def why(self, divisors: Iterable[int]) -> str:
        """The arithmetic behind the points under these divisors (the
        rules' ``divisors``), for messages."""
        parts = []
        if self.left_double and self.right_double and self.left == self.right and (
            self.end_total == 2 * self.left
        ):
            ends = f"lead double {self.left}-{self.left} = {self.end_total}"
        else:
            ends = " + ".join(
                f"{v}-{v}={2 * v}" if d else str(v)
                for v, d in ((self.left, self.left_double), (self.right, self.right_double))
            ) + f" = {self.end_total}"
        for d in divisors:
            if self.end_total and self.end_total % d == 0:
                parts.append(f"{self.end_total}/{d}={self.end_total // d}")
        pts = " + ".join(parts) if parts else "no points"
        return f"ends {ends}; {pts}"


class Scored(NamedTuple):
    """The target test of one scoring event (R8.1, R8.2)."""

    side: int
    amount: int  # placement points + bonus: the whole event (R8.1)
    credited: bool  # False when discarded as an overshoot (R8.2)
    total: int  # the side's total after the event
    won: bool  # the side reached the target exactly (R8.4)


_new: Final = tuple.__new__  # builds a NamedTuple without a Python-level call
# The result's class as a final name: compiled, a final name is read from a
# C variable, another from the module's dict.
_SCORED: Final = Scored


def target_test(side: int, before: int, amount: int, target: int, immediate_end: bool) -> Scored:
    """The target test of one event of ``amount`` points (placement and
    bonus together, R8.1) for a side at ``before``: with immediate end
    (R8.2-R8.4), an event past the target is discarded whole (an overshoot)
    and one that reaches it exactly wins; without (V4), every event is
    credited and the game's end is decided after the round."""
    total = before + amount
    if not immediate_end:
        return _new(_SCORED, (side, amount, True, total, False))
    if total > target:  # R8.2: discarded whole
        return _new(_SCORED, (side, amount, False, before, False))
    return _new(_SCORED, (side, amount, True, total, total == target))  # R8.4: won at once
