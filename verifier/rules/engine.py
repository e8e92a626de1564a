"""The rules of Fives and Threes, as a pure engine (``RULES.md``, R1-R9).

Boundary: game logic only. No I/O, no notation, no Lark, no Typer. Seats are
numbers 0..players-1 in clockwise order; tiles are pairs of pips. The engine
knows nothing of names, files or claims: it says what the rules make of a
position and a move (legal moves, what a placement scored and why, when a
round and a game end). Judging a record's claims is ``replay`` 's work.

Rule options (R9) are one typed value, ``Rules``: every rule below reads it,
so a variant changes data, not code paths. Illegal moves raise
``IllegalMoveError`` and its subclasses (one per way a move breaks a
rule), whose ``kind`` is the name of the diagnostic the verifier reports.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import ClassVar, Final, NamedTuple

from mypy_extensions import mypyc_attr

# --------------------------------------------------------------------------
# Options.

OPENER_POLICIES = ("rotate", "highest-double")


@dataclass(frozen=True, slots=True)
class Rules:
    """Every rule option of R9, with the main form's values as defaults.

    ``players`` (R1.2), ``max_pip`` (the set, R1.1/V1), ``hand_size`` (R2.1/V1),
    ``target`` (R8/V2), ``divisors`` (R6.2/V3), ``immediate_end`` (R8.2-R8.4/V4),
    ``opener`` (R3/V5), ``partnerships`` (R1.3/V6), ``bonus`` (R7.1/V7).
    """

    players: int = 2
    max_pip: int = 6
    hand_size: int = 7
    target: int = 61
    divisors: tuple[int, ...] = (3, 5)
    bonus: int = 1
    partnerships: bool = False
    opener: str = "rotate"
    immediate_end: bool = True
    # Derived, for speed: the side of each seat, and the points of each end total.
    side_of: tuple[int, ...] = field(init=False, repr=False, compare=False)
    points_table: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.partnerships and self.players % 2 == 0:
            half = self.players // 2
            sides = tuple(s % half for s in range(self.players))
        else:
            sides = tuple(range(self.players))
        object.__setattr__(self, "side_of", sides)
        top = 4 * self.max_pip + 1
        object.__setattr__(
            self, "points_table", tuple(points_for(s, self.divisors) for s in range(top + 1))
        )

    @classmethod
    def main_form(cls, players: int) -> Rules:
        """The main form (R1-R8) for 2, 3 or 4 players."""
        return cls(
            players=players,
            hand_size=7 if players == 2 else 5,  # R2.1
            partnerships=players == 4,  # R1.3
        )

    @property
    def set_size(self) -> int:
        """Tiles in the set: 28 for double-six (R1.1)."""
        return (self.max_pip + 1) * (self.max_pip + 2) // 2

    @property
    def side_count(self) -> int:
        """How many sides score (R1.3)."""
        return max(self.side_of) + 1

    def seats_of_side(self, side: int) -> tuple[int, ...]:
        """The seats of one side, in seat order."""
        return tuple(s for s in range(self.players) if self.side_of[s] == side)

    def problems(self) -> list[str]:
        """What makes this combination of options impossible (empty if none)."""
        out = []
        if self.players < 2:
            out.append(f"at least 2 players are needed, not {self.players}")
        if self.hand_size < 1:
            out.append(f"the hand size must be at least 1, not {self.hand_size}")
        if self.players * self.hand_size > self.set_size:
            out.append(
                f"{self.players} hands of {self.hand_size} need "
                f"{self.players * self.hand_size} tiles; the set has {self.set_size}"
            )
        if self.target < 1:
            out.append(f"the target must be positive, not {self.target}")
        if self.opener not in OPENER_POLICIES:
            out.append(f"unknown opener policy {self.opener!r}")
        return out


def points_for(total: int, divisors: Iterable[int] = (3, 5)) -> int:
    """Points of an end total (R6.2, V3): total/d for each divisor d dividing it.

    >>> points_for(15)
    8
    """
    if total == 0:
        return 0
    return sum(total // d for d in divisors if total % d == 0)


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


# --------------------------------------------------------------------------
# Tiles and deals.


def tile_key(a: int, b: int) -> int:
    """A tile's identity, whichever way round it is written."""
    return (a << 5) | b if a <= b else (b << 5) | a


def key_tile(key: int) -> tuple[int, int]:
    """The tile of a key, low half first."""
    return key >> 5, key & 31


def full_set(max_pip: int) -> list[tuple[int, int]]:
    """Every tile of a double-``max_pip`` set, each once (R1.1)."""
    return [(a, b) for a in range(max_pip + 1) for b in range(a, max_pip + 1)]


def deal_problems(
    rules: Rules,
    hands: Sequence[Sequence[tuple[int, int]]],
    names: Sequence[str] | None = None,
    complete: bool = True,
) -> list[tuple[int | None, str]]:
    """What is wrong with a deal (R2.1, R2.2), each with the seat concerned
    (None for the deal as a whole); empty if nothing. With ``complete`` off,
    the hands are the known tiles only: their sizes are not checked."""
    size, top = rules.hand_size, rules.max_pip
    if len(hands) == rules.players and (not complete or all(len(h) == size for h in hands)):
        # The common case, checked at once: every tile is one of the set's,
        # and no tile comes twice (either way round).
        keys: set[int] = set()
        dealt = 0
        for h in hands:
            for a, b in h:
                if not (0 <= a <= top and 0 <= b <= top):
                    break
                keys.add((a << 5) | b if a <= b else (b << 5) | a)
                dealt += 1
            else:
                continue
            break
        else:
            if len(keys) == dealt:
                return []
    out: list[tuple[int | None, str]] = []
    if len(hands) != rules.players:
        out.append((None, f"{len(hands)} hands for {rules.players} players"))
    seen: dict[int, int] = {}
    for seat, hand in enumerate(hands):
        who = names[seat] if names else f"seat {seat}"
        if len(hand) != rules.hand_size and complete:
            out.append(
                (seat, f"{who} is dealt {len(hand)} tiles; the hand size is {rules.hand_size}")
            )
        for a, b in hand:
            if not (0 <= a <= rules.max_pip and 0 <= b <= rules.max_pip):
                out.append(
                    (seat, f"{who} is dealt {a}-{b}, not in the set (0 to {rules.max_pip})")
                )
                continue
            k = tile_key(a, b)
            if k in seen:
                first = names[seen[k]] if names else f"seat {seen[k]}"
                out.append((seat, f"{a}-{b} is dealt twice ({first} and {who})"))
            else:
                seen[k] = seat
    return out


# --------------------------------------------------------------------------
# Moves and their results.


class IllegalMoveError(Exception):
    """An illegal move (R1-R8), the base of one class per way a move can
    break the rules, as python-chess's ``IllegalMoveError``.

    ``kind`` (a class attribute) is the name of the diagnostic the verifier
    reports for it; ``rule`` cites RULES.md (``"R4.1"``); ``message`` says
    what is wrong, in words; ``token`` is the caller's token of an earlier
    move the finding is about (a knock proven illegal later), else None."""

    # Each subclass names its diagnostic (the engine imports no module of
    # its own: the replay looks the name up in ``diagnostics.BY_NAME``).
    kind: ClassVar[str]

    def __init__(self, message: str, rule: str, token: object = None) -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule
        self.token = token


class NotYourTurnError(IllegalMoveError):
    """A seat moves out of turn (R1.2), an emptied partner included (R7.2)."""

    kind = "not-your-turn"


class TileNotInHandError(IllegalMoveError):
    """A seat places a tile it does not hold (R2.2, R4.5)."""

    kind = "tile-not-in-hand"


class TileDoesNotFitError(IllegalMoveError):
    """The tile does not match the open end it is placed at (R4.1)."""

    kind = "tile-does-not-fit"


class AmbiguousPlacementError(IllegalMoveError):
    """No end is given and the tile fits both with different results (R4.2)."""

    kind = "ambiguous-placement"


class KnockWhileAbleError(IllegalMoveError):
    """A seat knocks while it holds a tile that fits (R4.3, R4.4)."""

    kind = "knock-while-able"


class WrongOpenerError(IllegalMoveError):
    """The wrong seat opens a round (R3.2), or under V5 the lead is not the
    highest double (or, with none dealt, the heaviest tile)."""

    kind = "wrong-opener"


class RoundOverError(IllegalMoveError):
    """A move after the round was won or blocked (R7.5)."""

    kind = "event-after-round-end"


class GameOverError(IllegalMoveError):
    """A move after a side reached the target (R8.4)."""

    kind = "event-after-game-end"


Illegal = IllegalMoveError
"""The former name of ``IllegalMoveError``."""


class Move(NamedTuple):
    """A legal move: a tile (as it would be written) at an end, or a knock.

    ``end`` is None for the lead; ``tile`` is None for a knock."""

    tile: tuple[int, int] | None
    end: str | None

    def __str__(self) -> str:
        """The move as FTN writes it: ``6-3 L``, ``6-3`` (the lead), ``knock``."""
        if self.tile is None:
            return "knock"
        return f"{self.tile[0]}-{self.tile[1]}" + (f" {self.end}" if self.end else "")


KNOCK = Move(None, None)


_new: Final = tuple.__new__  # builds a NamedTuple without a Python-level call


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

    def why(self, rules: Rules) -> str:
        """The arithmetic behind the points, for messages."""
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
        for d in rules.divisors:
            if self.end_total and self.end_total % d == 0:
                parts.append(f"{self.end_total}/{d}={self.end_total // d}")
        pts = " + ".join(parts) if parts else "no points"
        return f"ends {ends}; {pts}"


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
        if self.ntiles == 1:
            return self.left + self.right  # the lead: its pip total (R5.3)
        return (self.left << 1 if self.left_double else self.left) + (
            self.right << 1 if self.right_double else self.right
        )

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
        """Seat knocks (R4.4). Illegal if it holds a fitting tile; with tiles
        not known, undecided until a later play proves it (``token`` comes
        back in that ``Illegal``, to say which knock it was)."""
        self._check_turn(seat, "knock")
        if self.outcome is not None:  # a knock that shows a block (R7.5)
            self._reveal.pop(0)
            return
        if self.can_place(seat):
            fits = ", ".join(f"{a}-{b}" for a, b in self.fitting_tiles(seat))
            raise KnockWhileAbleError(
                f"{self.names[seat]} knocks but holds {fits}, fitting {self.ends_text()}",
                "R4.4",
            )
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
        if not self.ntiles:
            if self.required is not None and k != tile_key(*self.required):
                ra, rb = self.required
                raise WrongOpenerError(
                    f"{self.names[seat]} leads {a}-{b}; the lead must be {ra}-{rb}, the highest "
                    "double (or, with none dealt, the heaviest tile)",
                    "V5",
                )
            # The lead (R3.3): its written order fixes left and right.
            self.left, self.right = a, b
            self.left_double = self.right_double = double
            end = None
        else:
            left, right = self.left, self.right
            fits_left = a == left or b == left
            fits_right = a == right or b == right
            if end is None:
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
                    end = "L"
                elif fits_left:
                    end = "L"
                elif fits_right:
                    end = "R"
                else:
                    raise TileDoesNotFitError(
                        f"{a}-{b} fits neither end of {self.ends_text()}",
                        "R4.1",
                    )
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
        left, right = self.left, self.right
        total = self.end_total()  # (a method: variants under audit count otherwise)
        rules = self.rules
        points = rules.points_table[total]
        bonus = 0
        emptied = not held[seat]
        outcome = None
        if emptied:
            self.emptied[seat] = True
            side = rules.side_of[seat]
            if all(self.emptied[s] for s in range(rules.players) if rules.side_of[s] == side):
                # R7.1 / R7.2: the side has emptied; the round ends with the bonus.
                outcome = "domino"
                bonus = rules.bonus
                self.winner_side = side
        if outcome is None:
            nxt = seat + 1
            if nxt == rules.players:
                nxt = 0
            if not held[nxt]:
                nxt = self.next_seat(seat)
            self.turn = nxt
            counts = self.counts
            cn = counts[nxt]
            if not (cn[left] or cn[right]) and self._nobody_can_place():
                # R7.3: nobody holding tiles can place.
                outcome = "blocked"
                order = []
                s = nxt
                for _ in range(rules.players):
                    if self.held[s]:
                        order.append(s)
                    s = (s + 1) % rules.players
                self._reveal = order
        self.outcome = outcome
        return _new(_PLACED, (
            seat, (a, b), end, left, self.left_double, right, self.right_double,
            total, points, bonus, emptied, outcome,
        ))

    def _nobody_can_place(self) -> bool:
        """Whether no seat holding tiles can place, and none holds tiles
        not known (R7.3)."""
        unknown = self.unknown
        for s in range(self.rules.players):  # noqa: SIM110 - a loop: no generator a call
            if unknown[s] or self.can_place(s):
                return False
        return True


# --------------------------------------------------------------------------
# The game: scores and the target (R8).


class Scored(NamedTuple):
    """The target test of one scoring event (R8.1, R8.2)."""

    side: int
    amount: int  # placement points + bonus: the whole event (R8.1)
    credited: bool  # False when discarded as an overshoot (R8.2)
    total: int  # the side's total after the event
    won: bool  # the side reached the target exactly (R8.4)


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
        amount = placed.points + placed.bonus  # R8.1: one event, then the test
        total = self.scores[side] + amount
        if rules.immediate_end:
            if total > rules.target:  # R8.2: discarded whole
                return _new(_SCORED, (side, amount, False, self.scores[side], False))
            self.scores[side] = total
            if total == rules.target:  # R8.4: won at once
                self.over = True
                self.winner = side
                return _new(_SCORED, (side, amount, True, total, True))
            return _new(_SCORED, (side, amount, True, total, False))
        self.scores[side] = total  # V4: nothing is discarded
        return _new(_SCORED, (side, amount, True, total, False))

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


# The results' classes as final names: compiled, a final name is read from a
# C variable, another from the module's dict.
_PLACED: Final = Placed
_SCORED: Final = Scored


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
        """Seat knocks (R4.4); Illegal when it may not."""
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


# --------------------------------------------------------------------------
# Perft: counting legal continuations, as chess engines test move generators.


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


def copy_game(gs: GameState) -> GameState:
    """An independent copy of a game's scores and state."""
    new = GameState(gs.rules, gs.first)
    new.scores = list(gs.scores)
    new.round_number, new.over, new.winner = gs.round_number, gs.over, gs.winner
    return new


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
