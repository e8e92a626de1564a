"""One round in play (``RULES.md`` R2-R7): the hands, the line and its open
ends, whose turn it is; placing and knocking; how the round ends.

Boundary: ``RoundState`` applies one move at a time and raises the typed
error of ``rules.illegal`` for a move that breaks a rule; a placement
returns what it did and scored (``rules.scoring.Placed``), the round's end
included (a domino, with the bonus; a block). It knows nothing of the
totals, the target or other rounds (``rules.game``), nor of names beyond
the seat names it is given for messages, nor of files or claims. Seats are
numbers 0..players-1 in clockwise order; hands are sets of tile keys
(``rules.tiles``). No I/O.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from mypy_extensions import mypyc_attr

from verifier.rules.illegal import (
    AmbiguousPlacementError,
    KnockWhileAbleError,
    NotYourTurnError,
    RoundOverError,
    TileDoesNotFitError,
    TileNotInHandError,
    WrongOpenerError,
)
from verifier.rules.moves import KNOCK, Move
from verifier.rules.ruleset import Rules
from verifier.rules.scoring import Placed, count_ends
from verifier.rules.tiles import tile_key

_new: Final = tuple.__new__  # builds a NamedTuple without a Python-level call
# The result's class as a final name: compiled, a final name is read from a
# C variable, another from the module's dict.
_PLACED: Final = Placed


def _side_text(value: int, double: bool) -> str:
    return f"{value}-{value}" if double else str(value)


# RoundState's attributes, named once here: a compiled build (mypyc, see
# setup.py) has no ``__slots__`` on the class for ``copy_round`` to read.
_ROUND_SLOTS: Final = (
    "_reveal",
    "counts",
    "emptied",
    "hands",
    "held",
    "knocked",
    "known_elsewhere",
    "left",
    "left_double",
    "names",
    "ntiles",
    "opener",
    "outcome",
    "pending",
    "played",
    "required",
    "right",
    "right_double",
    "rules",
    "tracking",
    "turn",
    "unknown",
    "winner_side",
)


# Subclassed by interpreted code (variants, test engines): a compiled build
# (mypyc) must then look their overrides up, as Python does.
@mypyc_attr(allow_interpreted_subclasses=True)
class RoundState:
    """One round in play: hands, the line's open ends, whose turn, the end.

    Created with the hands dealt (seat order) and the opener. ``place`` and
    ``knock`` apply a move or raise an ``IllegalMoveError``.

    Partial records: ``unknown`` gives, per seat, how many of its tiles are
    not known (``hands`` then holds only the known ones). A seat may play a
    tile it was not known to hold while it has unknown tiles, if the tile is
    not known elsewhere. A knock with unknown tiles in hand is undecided until
    the same seat plays, later in the round, a tile that fitted the ends at
    the time of the knock: there is no drawing, so it held that tile
    (R2.2, R4.4), and the knock is then proven illegal. While hands are not
    all known, a block is shown by the knocks of every seat still holding
    tiles since the last placement (R7.3, R7.5)."""

    __slots__ = _ROUND_SLOTS

    def __init__(
        self,
        rules: Rules,
        hands: Sequence[Iterable[tuple[int, int]]],
        opener: int,
        names: Sequence[str] | None = None,
        required: tuple[int, int] | None = None,
        unknown: Sequence[int] | None = None,
    ) -> None:
        self.rules = rules
        self.names = tuple(names) if names else tuple(f"seat {s}" for s in range(rules.players))
        # V5: the tile the lead must be (low half first), if the rules say so.
        self.required = required
        self.hands: list[set[int]] = []
        self.counts: list[list[int]] = []
        for h in hands:
            keys = set()
            c = [0] * 32  # how many tiles of the hand show each number
            for a, b in h:
                keys.add((a << 5) | b if a <= b else (b << 5) | a)
                c[a] += 1
                if a != b:
                    c[b] += 1
            self.hands.append(keys)
            self.counts.append(c)
        self.unknown = list(unknown) if unknown else [0] * rules.players
        self.tracking = any(self.unknown)  # a partial deal: track what is played
        self.held = [len(h) + u for h, u in zip(self.hands, self.unknown, strict=True)]
        # Every tile known to be dealt (to anyone), and every tile played.
        self.known_elsewhere = {k for h in self.hands for k in h}
        self.played: set[int] = set()
        # Undecided knocks: (seat, left, right, token), and the seats that
        # knocked since the last placement.
        self.pending: list[tuple[int, int, int, object]] = []
        self.knocked: set[int] = set()
        self.emptied = [False] * rules.players
        self.opener = opener
        self.turn = opener
        self.ntiles = 0
        self.left = self.right = 0
        self.left_double = self.right_double = False
        self.outcome: str | None = None
        self.winner_side: int | None = None
        self._reveal: list[int] = []

    # -- queries -----------------------------------------------------------

    @property
    def over(self) -> bool:
        """True once the round is won (domino) or blocked."""
        return self.outcome is not None

    def can_place(self, seat: int) -> bool:
        """Whether ``seat`` holds a tile that fits an open end (R4.1)."""
        if not self.held[seat]:
            return False
        if not self.ntiles:
            return True
        c = self.counts[seat]
        return c[self.left] > 0 or c[self.right] > 0

    @property
    def partial(self) -> bool:
        """Whether some seat still holds tiles that are not known."""
        return any(self.unknown)

    def fitting_tiles(self, seat: int) -> list[tuple[int, int]]:
        """The tiles of ``seat`` that fit an open end, low half first."""
        out = []
        for k in sorted(self.hands[seat]):
            a, b = k >> 5, k & 31
            if not self.ntiles or a in (self.left, self.right) or b in (self.left, self.right):
                out.append((a, b))
        return out

    def legal_moves(self) -> list[Move]:
        """The legal moves of the seat to play: placements with their end
        (both orientations of each tile for the lead), or a forced knock."""
        if self.outcome is not None:
            return []
        seat = self.turn
        moves = []
        for a, b in self.fitting_tiles(seat):
            if not self.ntiles:
                if self.required is not None and (a, b) != self.required:
                    continue
                moves.append(Move((a, b), None))
                if a != b:
                    moves.append(Move((b, a), None))
                continue
            if self.left in (a, b):
                moves.append(Move((a, b) if a == self.left else (b, a), "L"))
            if self.right in (a, b):
                moves.append(Move((a, b) if a == self.right else (b, a), "R"))
        return moves or [KNOCK]

    def block_knocks(self) -> tuple[int, ...]:
        """After a block: the seats whose knocks may still show it, in turn
        order (R7.5); empty otherwise."""
        return tuple(self._reveal)

    def end_total(self) -> int:
        """The count of the open ends (R5.2, R5.3, R6.1)."""
        return count_ends(self.ntiles, self.left, self.left_double, self.right,
                          self.right_double)

    def next_seat(self, seat: int) -> int:
        """The next seat clockwise that still holds tiles (R1.2, R7.2)."""
        n = self.rules.players
        held = self.held
        s = (seat + 1) % n
        while not held[s]:
            s = (s + 1) % n
            if s == seat:
                break
        return s

    def ends_text(self) -> str:
        """The open ends, for messages: ``6-6 | 3``."""
        if not self.ntiles:
            return "no tile on the table"
        if self.ntiles == 1 and self.left_double:
            return f"the lead {self.left}-{self.left}"
        return f"{_side_text(self.left, self.left_double)} | " + _side_text(
            self.right, self.right_double
        )

    # -- moves -------------------------------------------------------------

    def _unknown_tile(self, seat: int, a: int, b: int, k: int, play: object) -> bool:
        """A seat plays a tile it is not known to hold: fine from its unknown
        tiles if the tile is in the set and not known elsewhere; then check it
        against the seat's undecided knocks. Returns True, or raises."""
        who = self.names[seat]
        top = self.rules.max_pip
        if not self.unknown[seat] or k in self.known_elsewhere or k in self.played or not (
            0 <= a <= top and 0 <= b <= top
        ):
            if k in self.played:
                why = f"{a}-{b} has already been played"
            elif not (0 <= a <= top and 0 <= b <= top):
                why = f"{a}-{b} is not in the set (0 to {top})"
            elif k in self.known_elsewhere:
                holder = next(
                    self.names[s] for s, h in enumerate(self.hands) if k in h
                ) if any(k in h for h in self.hands) else "another seat"
                why = f"{who} does not hold {a}-{b}" + (
                    f" ({holder} does)" if holder != who else ""
                )
            elif self.held[seat] == 0:
                why = f"{who} has played all its tiles"
            else:
                why = f"{who} does not hold {a}-{b}"
            raise TileNotInHandError(why, "R2.2, R4.5")
        self._check_pending(seat, a, b, play)
        return True

    def proven_knock(self, seat: int, a: int, b: int,
                     play: object = None) -> KnockWhileAbleError | None:
        """The finding that playing a-b (``play`` names that play) proves an
        undecided knock of ``seat`` illegal: the tile fitted the ends at the
        time of the knock, and there is no drawing. None if it proves none."""
        who = self.names[seat]
        for s, left, right, token in self.pending:
            if s == seat and (a in (left, right) or b in (left, right)):
                later = f" ({play})" if play is not None else ""
                return KnockWhileAbleError(
                    f"{who} knocks ({token}) with the ends at {left} | {right}, but later"
                    f"{later} plays {a}-{b}, which fitted them: there is no drawing, so {who} "
                    "held it when it knocked (R2.2, R4.4)",
                    "R4.4",
                    token,
                )
        return None

    def _check_pending(self, seat: int, a: int, b: int, play: object) -> None:
        found = self.proven_knock(seat, a, b, play)
        if found is not None:
            raise found

    def _check_turn(self, seat: int, what: str) -> None:
        if self.outcome is not None:
            if self.outcome == "blocked" and what == "knock" and self._reveal:
                if seat == self._reveal[0]:
                    return
                raise RoundOverError(
                    f"the round is blocked; a knock by {self.names[self._reveal[0]]} may "
                    f"still show it, not one by {self.names[seat]}",
                    "R7.5",
                )
            raise RoundOverError(
                f"the round is already over ({self.outcome})",
                "R7.5",
            )
        if seat != self.turn:
            if not self.held[seat] and self.emptied[seat]:
                raise NotYourTurnError(
                    f"{self.names[seat]} has played its last tile and is skipped; "
                    f"it is {self.names[self.turn]}'s turn",
                    "R7.2",
                )
            raise NotYourTurnError(
                f"{self.names[seat]} plays out of turn; it is {self.names[self.turn]}'s turn",
                "R1.2",
            )

    def knock(self, seat: int, token: object = None) -> None:
        """Seat knocks (R4.4). A ``KnockWhileAbleError`` if it holds a
        fitting tile; with tiles not known, undecided until a later play
        proves it (``token`` comes back in that error, to say which knock it
        was)."""
        self._check_turn(seat, "knock")
        if self.outcome is not None:  # a knock that shows a block (R7.5)
            self._reveal.pop(0)
            return
        if self.can_place(seat):
            raise KnockWhileAbleError(self._able_text(seat), "R4.4")
        if self.unknown[seat]:
            self.pending.append((seat, self.left, self.right, token))
        self.knocked.add(seat)
        self.turn = self.next_seat(seat)
        if self.partial and all(
            s in self.knocked for s in range(self.rules.players) if self.held[s]
        ):
            # R7.3, R7.5: every seat still holding tiles has knocked since
            # the last placement: the round is blocked.
            self.outcome = "blocked"

    def _able_text(self, seat: int) -> str:
        """Why ``seat`` may not knock: the tiles it holds that fit, or (its
        tiles not known, no tile on the table) that any tile leads."""
        fits = ", ".join(f"{a}-{b}" for a, b in self.fitting_tiles(seat))
        if not fits:
            return f"{self.names[seat]} knocks with no tile on the table: any tile it holds leads"
        return f"{self.names[seat]} knocks but holds {fits}, fitting {self.ends_text()}"

    def place(
        self, seat: int, a: int, b: int, end: str | None, play: object = None
    ) -> Placed:
        """Seat places tile ``a-b`` at ``end`` ("L", "R", or None when the
        tile fits one end only, or both to the same effect, R4.2). ``play``
        names this play in a finding it makes about an earlier knock."""
        if self.outcome is not None or seat != self.turn:
            if self.pending:  # a play after a block shown by knocks may prove one false
                self._check_pending(seat, a, b, play)
            self._check_turn(seat, "place")  # raises
        k = (a << 5) | b if a <= b else (b << 5) | a  # tile_key, inlined: the hot path
        hand = self.hands[seat]
        from_unknown = False
        if k not in hand or (a | b) >= 32:  # a pip of 32 or more: its key is another tile's
            from_unknown = self._unknown_tile(seat, a, b, k, play)
        double = a == b
        if self.ntiles:
            end = self._join(a, b, end, double)
        else:
            self._lead(seat, a, b, k, double)
            end = None
        self.ntiles += 1
        # The tile leaves the hand (R4.5).
        if from_unknown:
            self.unknown[seat] -= 1
        else:
            hand.discard(k)
            c = self.counts[seat]
            c[a] -= 1
            if not double:
                c[b] -= 1
        if self.tracking:
            self.played.add(k)
            self.knocked.clear()
        held = self.held
        held[seat] -= 1
        total = self.end_total()  # (a method: variants under audit count otherwise)
        rules = self.rules
        bonus = 0
        emptied = not held[seat]
        outcome = self._emptied(seat) if emptied else None
        if outcome is None:
            outcome = self._pass_turn(seat)
        else:
            bonus = rules.bonus  # R7.1, R7.2: the side's domino
        self.outcome = outcome
        return _new(_PLACED, (
            seat, (a, b), end, self.left, self.left_double, self.right, self.right_double,
            total, rules.points_table[total], bonus, emptied, outcome,
        ))

    def _lead(self, seat: int, a: int, b: int, k: int, double: bool) -> None:
        """The lead (R3.3): its written order fixes left and right; under V5
        it must be the tile the rules require."""
        if self.required is not None and k != tile_key(*self.required):
            ra, rb = self.required
            raise WrongOpenerError(
                f"{self.names[seat]} leads {a}-{b}; the lead must be {ra}-{rb}, the highest "
                "double (or, with none dealt, the heaviest tile)",
                "V5",
            )
        self.left, self.right = a, b
        self.left_double = self.right_double = double

    def _join(self, a: int, b: int, end: str | None, double: bool) -> str:
        """Join a-b to the line at ``end`` (None: the end it fits, R4.2) by
        its matching half (R4.1); the end it went to."""
        left, right = self.left, self.right
        fits_left = a == left or b == left
        fits_right = a == right or b == right
        if end is None:
            end = self._end_of(a, b, double, fits_left, fits_right)
        if end == "L":
            if not fits_left:
                raise TileDoesNotFitError(
                    f"{a}-{b} does not fit the left end {_side_text(left, self.left_double)}",
                    "R4.1",
                )
            self.left = b if a == left else a
            self.left_double = double
        else:
            if not fits_right:
                raise TileDoesNotFitError(
                    f"{a}-{b} does not fit the right end "
                    f"{_side_text(right, self.right_double)}",
                    "R4.1",
                )
            self.right = b if a == right else a
            self.right_double = double
        return end

    def _end_of(self, a: int, b: int, double: bool, fits_left: bool, fits_right: bool) -> str:
        """The end of a placement written without one (R4.2): the one end the
        tile fits, or the left when it fits both to the same effect."""
        left, right = self.left, self.right
        if fits_left and fits_right:
            other_l = b if a == left else a
            other_r = b if a == right else a
            after_l = sorted(((other_l, double), (right, self.right_double)))
            after_r = sorted(((left, self.left_double), (other_r, double)))
            if after_l != after_r:
                raise AmbiguousPlacementError(
                    f"{a}-{b} fits both ends of {self.ends_text()} with different "
                    "results; write L or R",
                    "R4.2",
                )
            return "L"
        if fits_left:
            return "L"
        if fits_right:
            return "R"
        raise TileDoesNotFitError(f"{a}-{b} fits neither end of {self.ends_text()}", "R4.1")

    def _emptied(self, seat: int) -> str | None:
        """A seat has placed its last tile: ``"domino"`` when its whole side
        has (R7.1, R7.2: the round ends with the bonus), else None."""
        self.emptied[seat] = True
        rules = self.rules
        side = rules.side_of[seat]
        if all(self.emptied[s] for s in range(rules.players) if rules.side_of[s] == side):
            self.winner_side = side
            return "domino"
        return None

    def _pass_turn(self, seat: int) -> str | None:
        """After a placement that is not the side's domino: the turn passes
        to the next seat holding tiles (R1.2, R7.2); ``"blocked"`` when
        nobody holding tiles can place (R7.3), else None."""
        nxt = seat + 1
        if nxt == self.rules.players:
            nxt = 0
        if not self.held[nxt]:
            nxt = self.next_seat(seat)
        self.turn = nxt
        cn = self.counts[nxt]
        if cn[self.left] or cn[self.right] or not self._nobody_can_place():
            return None
        # R7.3: blocked; the knocks that may still show it, in turn order (R7.5).
        order = []
        s = nxt
        for _ in range(self.rules.players):
            if self.held[s]:
                order.append(s)
            s = (s + 1) % self.rules.players
        self._reveal = order
        return "blocked"

    def _nobody_can_place(self) -> bool:
        """Whether no seat holding tiles can place, and none holds tiles
        not known (R7.3)."""
        unknown = self.unknown
        for s in range(self.rules.players):  # noqa: SIM110 - a loop: no generator a call
            if unknown[s] or self.can_place(s):
                return False
        return True


def copy_round(rs: RoundState) -> RoundState:
    """An independent copy of a round in play (of the base class)."""
    # Built empty, then overwritten: a compiled class's __new__ runs __init__.
    new = RoundState(rs.rules, [()] * rs.rules.players, rs.opener)
    for name in _ROUND_SLOTS:
        value = getattr(rs, name)
        if isinstance(value, list):
            value = [set(v) if isinstance(v, set) else list(v) if isinstance(v, list) else v
                     for v in value]
        elif isinstance(value, set):
            value = set(value)
        setattr(new, name, value)
    return new
