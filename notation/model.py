"""Typed, immutable records of FTN games, as written.

Boundary: this module holds what a record *says*, with the place where it
says it: the line and column (1-based, counted in characters) of a record read
from FTN, or the JSON Pointer of one read from JSON (``pointer``; its line and
column are found in the text only when a finding needs them, by the reader's
locator, and are 0 until then). It does not check
that a record is legal or that its claims are right (the verifier does), and
it does not read or print text (``ftn.reader`` and ``ftn.printer`` do; ``json.form`` for JSON).

Hot-path elements (events and claims) are ``NamedTuple`` s: they are built
once per line when reading large files, and a tuple is the cheapest immutable
value Python has. Rarer elements are frozen dataclasses.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import NamedTuple

RESERVED_WORDS = ("game", "end", "round", "deal", "result", "winner", "knock", "none")
"""Words of the notation that cannot name a seat (the grammar's SEAT)."""

NOBODY = "none"
"""The side of ``winner none``: the claim that no side has won."""

MAX_DIGITS = 18
"""Numbers of more digits than this are refused, by the FTN and the JSON
readers alike (Python refuses 4,300)."""

MAX_ROUNDS = 10_000
"""A game of more rounds than this is refused, by both readers."""

END_TOTAL, POINTS, TOTALS = "/endTotal", "/points", "/totals"
"""What a claim's JSON Pointer adds to its element's: the end total, the
points (and bonus), the totals."""

Tile = tuple[int, int]
"""A tile as written: ``(first half, second half)``; ``6-3`` is ``(6, 3)``."""


class Comments(NamedTuple):
    """Comments attached to an element: the comment lines before it, and the
    comment at the end of its own line. Texts exclude the ``#``."""

    before: tuple[str, ...] = ()
    after: str | None = None


NO_COMMENTS = Comments()


class EndTotalClaim(NamedTuple):
    """``=S``: the end total the record claims after a placement."""

    value: int
    col: int


class PointsClaim(NamedTuple):
    """``+P``, ``+P+B``, ``over+P`` or ``over+P+B``.

    ``points`` is P; ``bonus`` is B when written apart, else ``None`` (then P
    is the whole event, bonus included). ``discarded`` is true for ``over``:
    the record says the event was thrown away as an overshoot (R8.2).
    """

    points: int
    bonus: int | None
    discarded: bool
    col: int

    @property
    def total(self) -> int:
        """The whole event the claim names: P, or P + B."""
        return self.points + (self.bonus or 0)


class TotalsClaim(NamedTuple):
    """``(T1,T2,...)``: the running total of every side, in side order."""

    values: tuple[int, ...]
    col: int


class Placement(NamedTuple):
    """A seat places a tile, at an end (``"L"``/``"R"``) or with the end left
    out (``None``), with optional claims."""

    seat: str
    tile: Tile
    end: str | None
    end_total: EndTotalClaim | None
    points: PointsClaim | None
    totals: TotalsClaim | None
    line: int
    col: int
    comments: Comments = NO_COMMENTS
    pointer: str | None = None


class Knock(NamedTuple):
    """A seat knocks (cannot place, R4.4), with the running totals it
    leaves as an optional claim (a knock credits nothing)."""

    seat: str
    line: int
    col: int
    comments: Comments = NO_COMMENTS
    pointer: str | None = None
    totals: TotalsClaim | None = None


Event = Placement | Knock


@dataclass(frozen=True, slots=True)
class Tag:
    """A header tag ``[key "value" ...]``."""

    key: str
    values: tuple[str, ...]
    line: int = 0
    col: int = 0
    comments: Comments = NO_COMMENTS
    pointer: str | None = None


@dataclass(frozen=True, slots=True)
class Deal:
    """The hand dealt to a seat; ``None`` stands for an unknown tile (``?``)."""

    seat: str
    tiles: tuple[Tile | None, ...]
    line: int = 0
    col: int = 0
    comments: Comments = NO_COMMENTS
    pointer: str | None = None


@dataclass(frozen=True, slots=True)
class RoundResult:
    """``result domino SEAT``, ``result blocked`` or ``result target``, with
    optional totals; or ``result (T1,T2)``: the outcome not known (None),
    the totals alone claimed."""

    outcome: str | None
    seat: str | None = None
    totals: TotalsClaim | None = None
    line: int = 0
    col: int = 0
    comments: Comments = NO_COMMENTS
    pointer: str | None = None


@dataclass(frozen=True, slots=True)
class Round:
    """One round: its number, its opener, the deals, the events, the result."""

    number: int
    opener: str
    deals: tuple[Deal, ...] = ()
    events: tuple[Event, ...] = ()
    result: RoundResult | None = None
    line: int = 0
    col: int = 0
    comments: Comments = NO_COMMENTS
    pointer: str | None = None


def same_side(written: str, side: str | None) -> bool:
    """Whether a side as written names the seats of ``side``, in any order.

    A side is a set of seats: ``winner S+N`` names the side ``N+S`` (SPEC.md
    writes it in seat order, but a reader takes either). A seat written twice
    (``N+N+S``) or a seat too many or too few never matches.
    """
    return side is not None and sorted(written.split("+")) == sorted(side.split("+"))


@dataclass(frozen=True, slots=True)
class Winner:
    """``winner SIDE`` with optional final totals; ``side`` is ``NOBODY``
    (``winner none``) for the claim that no side has won."""

    side: str
    totals: TotalsClaim | None = None
    line: int = 0
    col: int = 0
    comments: Comments = NO_COMMENTS
    pointer: str | None = None


@dataclass(frozen=True, slots=True)
class Game:
    """One game record, from its ``game`` line to its ``end`` line.

    ``comments`` belong to the ``game`` line; ``end_comments`` to the ``end``
    line; ``closing`` are comment lines after the ``end`` line that end the
    file (they belong to the last game)."""

    tags: tuple[Tag, ...] = ()
    rounds: tuple[Round, ...] = ()
    winner: Winner | None = None
    line: int = 0
    col: int = 0
    end_line: int = 0
    comments: Comments = NO_COMMENTS
    end_comments: Comments = NO_COMMENTS
    closing: tuple[str, ...] = field(default=())
    pointer: str | None = None

    def tag(self, key: str) -> Tag | None:
        """The first tag with this key, if any."""
        for t in self.tags:
            if t.key == key:
                return t
        return None

    def without_positions(self) -> Game:
        """The same record with every place (line, column, pointer) cleared:
        two records that say the same thing compare equal this way, wherever
        they stood."""
        return replace(
            self,
            tags=tuple(replace(t, line=0, col=0, pointer=None) for t in self.tags),
            rounds=tuple(_round_np(r) for r in self.rounds),
            winner=None if self.winner is None else replace(
                self.winner, totals=_totals_np(self.winner.totals), line=0, col=0, pointer=None
            ),
            line=0, col=0, end_line=0, pointer=None,
        )


def _totals_np(t: TotalsClaim | None) -> TotalsClaim | None:
    return None if t is None else t._replace(col=0)


def _event_np(ev: Event) -> Event:
    if isinstance(ev, Knock):
        return ev._replace(line=0, col=0, pointer=None, totals=_totals_np(ev.totals))
    return ev._replace(
        end_total=None if ev.end_total is None else ev.end_total._replace(col=0),
        points=None if ev.points is None else ev.points._replace(col=0),
        totals=_totals_np(ev.totals),
        line=0, col=0, pointer=None,
    )


def _round_np(r: Round) -> Round:
    res = r.result
    return replace(
        r,
        deals=tuple(replace(d, line=0, col=0, pointer=None) for d in r.deals),
        events=tuple(_event_np(e) for e in r.events),
        result=None if res is None else replace(
            res, totals=_totals_np(res.totals), line=0, col=0, pointer=None
        ),
        line=0, col=0, pointer=None,
    )
