"""The audit's defect classes as wrong engines: each one the reference engine
with one rule computed wrongly, as engines under audit get it wrong.

Boundary: ``rules.round.RoundState``/``rules.game.GameState`` subclasses, one per defect class of
``DEFECTS`` that a computation can show, and ``engine_of`` to build the game
class of one (some take the event where the defect happened once: a tile
joined by its wrong half, a tile that stayed in a hand). The audit's
classifier (``audit.hypotheses``) replays a diverging round under each of them to
see which one reproduces what the record claims. No I/O, no claims, no
diagnostics: like the engine (``rules``), only what the (wrong) rules make of moves.
"""

from __future__ import annotations

from typing import ClassVar

from verifier.rules.game import GameState
from verifier.rules.illegal import KnockWhileAbleError
from verifier.rules.round import RoundState
from verifier.rules.scoring import Placed, Scored
from verifier.rules.tiles import tile_key

#: Defect classes: name -> (the rule broken, what goes wrong).
DEFECTS: dict[str, tuple[str, str]] = {
    "lead-double-doubled": (
        "R5.3", "a lead double is scored as two doubled ends (6-6 counts 24, not 12)"),
    "double-stops-counting": (
        "R5.2", "a terminal lead double stops counting once the lead is continued on one side"),
    "tile-flipped": (
        "R4.1", "a tile is joined by its wrong half: the end it leaves shows the number it "
        "was joined to"),
    "tile-stays-in-hand": (
        "R4.5", "a tile that has been placed stays in the hand and may be placed again"),
    "knock-while-able": ("R4.4", "a seat knocks while it holds a tile that fits"),
    "bonus-missing": ("R7.1, R7.2", "the domino bonus is not given"),
    "bonus-to-first-out": (
        "R7.2", "the domino bonus goes to the first partner to empty its hand, not to the "
        "side's domino"),
    "round-ends-at-first-out": (
        "R7.2", "a four-player round ends when the first partner of a side empties its hand"),
    "play-after-domino": (
        "R7.1, R7.2", "play goes on after a side has placed its last tile"),
    "bonus-split": (
        "R8.1", "the domino bonus is tested against the target apart from its placement"),
    "overshoot-accepted": (
        "R8.2", "an event that takes its side past the target is credited"),
    "winning-event-discarded": (
        "R8.2", "an event that reaches the target exactly in mid-round is discarded"),
}


class _Counting(RoundState):
    """A round that counts its events (placements and knocks), for defects
    that happen once, at one event."""

    at: ClassVar[int] = 0  # the event where the defect happens
    events: int = 0

    def knock(self, seat: int, token: object = None) -> None:
        self.events += 1
        super().knock(seat, token)

    def recheck_block(self, placed: Placed) -> Placed:
        """After the line or a hand changed under a placement: whether
        nobody holding tiles can place now (R7.3)."""
        if placed.outcome == "domino":
            return placed
        players = self.rules.players
        blocked = not any(self.can_place(s) or self.unknown[s] for s in range(players))
        self._reveal = []
        if blocked:
            s = self.turn
            for _ in range(players):
                if self.held[s]:
                    self._reveal.append(s)
                s = (s + 1) % players
        self.outcome = "blocked" if blocked else None
        return placed._replace(outcome=self.outcome)


class TileFlipped(_Counting):
    """At event ``at``, the tile is joined by its wrong half: the end keeps
    the number it was joined to (a plain end, no longer a double)."""

    def place(self, seat: int, a: int, b: int, end: str | None, play: object = None) -> Placed:
        self.events += 1
        old = (self.left, self.right)
        placed = super().place(seat, a, b, end, play)
        if self.events != self.at or placed.end is None or a == b:
            return placed
        if placed.end == "L":
            self.left, self.left_double = old[0], False
        else:
            self.right, self.right_double = old[1], False
        total = self.end_total()
        placed = placed._replace(
            left=self.left, left_double=self.left_double, right=self.right,
            right_double=self.right_double, end_total=total,
            points=self.rules.points_table[total])
        return self.recheck_block(placed)


class TileStaysInHand(_Counting):
    """At event ``at``, the tile placed goes back into its seat's hand."""

    def place(self, seat: int, a: int, b: int, end: str | None, play: object = None) -> Placed:
        self.events += 1
        placed = super().place(seat, a, b, end, play)
        if self.events != self.at or placed.emptied:
            return placed
        self.hands[seat].add(tile_key(a, b))
        self.counts[seat][a] += 1
        if a != b:
            self.counts[seat][b] += 1
        self.held[seat] += 1
        self.played.discard(tile_key(a, b))
        return self.recheck_block(placed)


class KnockWhileAble(RoundState):
    """A knock is taken as it comes: a seat may knock while it can place."""

    def knock(self, seat: int, token: object = None) -> None:
        try:
            super().knock(seat, token)
        except KnockWhileAbleError:
            self.knocked.add(seat)
            self.turn = self.next_seat(seat)


class LeadDoubleDoubled(RoundState):
    """A lead double counts as two doubled ends: 6-6 led counts 24."""

    def end_total(self) -> int:
        if self.ntiles == 1 and self.left_double:
            return 4 * self.left
        return super().end_total()


class DoubleStopsCounting(RoundState):
    """A lead double counts once when the lead is continued on one side."""

    lead: int | None = None

    def place(self, seat: int, a: int, b: int, end: str | None, play: object = None) -> Placed:
        if not self.ntiles:
            self.lead = a if a == b else None
        return super().place(seat, a, b, end, play)

    def end_total(self) -> int:
        v = self.lead
        if self.ntiles >= 2 and v is not None:
            left = self.left << 1 if self.left_double and self.left != v else self.left
            right = self.right << 1 if self.right_double and self.right != v else self.right
            return left + right
        return super().end_total()


class BonusMissing(RoundState):
    """The domino ends the round without its bonus."""

    def place(self, seat: int, a: int, b: int, end: str | None, play: object = None) -> Placed:
        placed = super().place(seat, a, b, end, play)
        return placed._replace(bonus=0) if placed.bonus else placed


class BonusToFirstOut(RoundState):
    """With partners, the bonus goes to the first partner out; the side's
    domino earns none."""

    def place(self, seat: int, a: int, b: int, end: str | None, play: object = None) -> Placed:
        placed = super().place(seat, a, b, end, play)
        if not self.rules.partnerships or not placed.emptied:
            return placed
        return placed._replace(bonus=0 if placed.outcome == "domino" else self.rules.bonus)


class RoundEndsAtFirstOut(RoundState):
    """With partners, the round ends (a domino, with the bonus) when the
    first partner of a side empties its hand."""

    def place(self, seat: int, a: int, b: int, end: str | None, play: object = None) -> Placed:
        placed = super().place(seat, a, b, end, play)
        if not self.rules.partnerships or not placed.emptied or placed.outcome == "domino":
            return placed
        self.outcome = "domino"
        self.winner_side = self.rules.side_of[seat]
        self._reveal = []
        return placed._replace(outcome="domino", bonus=self.rules.bonus)


class PlayAfterDomino(RoundState):
    """The first domino of a round does not end it (its bonus is given)."""

    went_on = False

    def place(self, seat: int, a: int, b: int, end: str | None, play: object = None) -> Placed:
        placed = super().place(seat, a, b, end, play)
        if placed.outcome == "domino" and not self.went_on and any(self.held):
            self.went_on = True
            self.outcome = None
            self.turn = self.next_seat(seat)
            if not any(self.can_place(s) or self.unknown[s] for s in range(self.rules.players)):
                self.outcome = "blocked"
        return placed


class BonusSplit(GameState):
    """A placement and its bonus are tested against the target apart."""

    def score(self, placed: Placed) -> Scored:
        if not placed.bonus or not self.rules.immediate_end:
            return super().score(placed)
        side = self.rules.side_of[placed.seat]
        before = self.scores[side]
        credited = False
        for part in (placed.points, placed.bonus):
            if self.scores[side] + part <= self.rules.target:
                self.scores[side] += part
                credited = True
        won = self.scores[side] == self.rules.target
        if won:
            self.over, self.winner = True, side
        # What it credited: a part of the event, or the whole if it credits none.
        amount = self.scores[side] - before if credited else placed.points + placed.bonus
        return Scored(side, amount, credited, self.scores[side], won)


class OvershootAccepted(GameState):
    """An event past the target is credited (and the side is taken to have
    won)."""

    def score(self, placed: Placed) -> Scored:
        side = self.rules.side_of[placed.seat]
        amount = placed.points + placed.bonus
        total = self.scores[side] + amount
        if not self.rules.immediate_end or total <= self.rules.target:
            return super().score(placed)
        self.scores[side] = total
        self.over, self.winner = True, side
        return Scored(side, amount, True, total, True)


class WinningEventDiscarded(GameState):
    """An event that reaches the target exactly in mid-round is discarded,
    as if it passed it."""

    def score(self, placed: Placed) -> Scored:
        side = self.rules.side_of[placed.seat]
        amount = placed.points + placed.bonus
        if (self.rules.immediate_end and amount and placed.outcome is None
                and self.scores[side] + amount == self.rules.target):
            return Scored(side, amount, False, self.scores[side], False)
        return super().score(placed)


#: Class name -> the wrong round and game classes (None: the reference's).
VARIANTS: dict[str, tuple[type[RoundState] | None, type[GameState] | None]] = {
    "lead-double-doubled": (LeadDoubleDoubled, None),
    "double-stops-counting": (DoubleStopsCounting, None),
    "knock-while-able": (KnockWhileAble, None),
    "bonus-missing": (BonusMissing, None),
    "bonus-to-first-out": (BonusToFirstOut, None),
    "round-ends-at-first-out": (RoundEndsAtFirstOut, None),
    "play-after-domino": (PlayAfterDomino, None),
    "bonus-split": (None, BonusSplit),
    "overshoot-accepted": (None, OvershootAccepted),
    "winning-event-discarded": (None, WinningEventDiscarded),
    # Once, at an event (``engine_of``'s ``at``):
    "tile-flipped": (TileFlipped, None),
    "tile-stays-in-hand": (TileStaysInHand, None),
}
#: The classes that happen once, at one event of the round.
AT_ONE_EVENT = ("tile-flipped", "tile-stays-in-hand")
#: The classes that can happen only with partners (R7.2).
PARTNERS_ONLY = ("bonus-to-first-out", "round-ends-at-first-out")


def engine_of(name: str, at: int = 0) -> type[GameState]:
    """The game class of defect ``name`` (at event ``at``, for a defect
    that happens once)."""
    round_cls, game_cls = VARIANTS[name]
    rc: type[RoundState] = round_cls or RoundState
    if at:
        rc = type(f"{rc.__name__}At{at}", (rc,), {"at": at})
    return type(f"{name}-engine", (game_cls or GameState,), {"round_class": rc})
