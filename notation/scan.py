"""An event line read a character at a time: the compiled core's way in.

Boundary: one function, ``scan_event``, that reads one line of FTN text
which may be a placement or a knock (the grammar's PLACEMENT and KNOCK
terminals, no comment) into its record, exactly as the parser's direct path
builds it from the event regular expressions (``build.PLACEMENT_FIELDS``,
``build.KNOCK_FIELDS``), or says None for any other line, which the parser
then reads its usual way. It reports no error and knows nothing of the
lines around it.

Why: compiled with mypyc (``FTN_COMPILE=1``, see ``setup.py``), a loop over
the characters is native code, several times faster than matching the
regular expression and taking its groups apart; interpreted, it is slower,
so the parser uses it only when this module is compiled (``COMPILED``).
Either way the records are the same: ``tests/test_scan.py`` holds this
function to the regular expressions over generated, mutated and random
lines, and holds the field shapes it is written for (the grammar's SEAT,
TILE and NUMBER) to the grammar's own.
"""

from __future__ import annotations

from typing import Final

from .model import NO_COMMENTS, EndTotalClaim, Knock, Placement, PointsClaim, Tile, TotalsClaim

#: Whether this module runs compiled (mypyc): then the parser reads event
#: lines with ``scan_event``.
COMPILED: Final = not __file__.endswith(".py")

#: The grammar's field terminals as this module reads them (a test holds
#: them to ``ftn.lark``'s).
SEAT_SHAPE: Final = (
    "(?!(?:game|end|round|deal|result|winner|knock|none)(?![A-Za-z0-9_]))[A-Za-z][A-Za-z0-9_]*"
)
TILE_SHAPE: Final = "[0-9]{1,2}\\-[0-9]{1,2}"
NUMBER_SHAPE: Final = "[0-9]+"
#: The words no seat may be (SEAT's look-ahead).
RESERVED: Final = frozenset(("game", "end", "round", "deal", "result", "winner", "knock", "none"))

#: A number of more digits than this is left to the parser (it says so).
MAX_DIGITS: Final = 18
#: A line longer than this is left to the parser (it says so).
MAX_LINE: Final = 10_000
#: Lines shorter than this hold no run of digits beyond ``MAX_DIGITS`` (a
#: seat of a letter and such a run, then " 1-1"): they are not searched.
_SHORT: Final = MAX_DIGITS + 6

_new = tuple.__new__  # builds a NamedTuple from a tuple without a Python call

# Claims are immutable values and few differ: each is built once and
# shared, from caches emptied when they pass ``_CACHED`` entries. Keys are
# whole numbers packing the claim's values and its column.
_CACHED: Final = 1 << 16
_END_TOTALS: dict[int, EndTotalClaim] = {}
_POINTS: dict[int, PointsClaim] = {}
_TOTALS: dict[int, TotalsClaim] = {}
_TILES: dict[int, Tile] = {}

_SPACE: Final = 32
_TAB: Final = 9
_ZERO: Final = 48
_NINE: Final = 57


def _blank(c: int) -> bool:
    return c in (_SPACE, _TAB)


def _digit(c: int) -> bool:
    return _ZERO <= c <= _NINE


def _letter(c: int) -> bool:
    return 65 <= c <= 90 or 97 <= c <= 122


def _word(c: int) -> bool:
    return _letter(c) or _digit(c) or c == 95


def _longest_digits(raw: str) -> int:
    """The longest run of digits anywhere in the line."""
    longest = run = 0
    for i in range(len(raw)):
        if _digit(ord(raw[i])):
            run += 1
            if run > longest:
                longest = run
        else:
            run = 0
    return longest


def _tile(a: int, b: int) -> Tile:
    key = a * 128 + b
    t = _TILES.get(key)
    if t is None:
        t = _TILES[key] = (a, b)
    return t


def _end_total(value: int, col: int) -> EndTotalClaim:
    if value >= 1 << 20 or col >= 1 << 20:
        return _new(EndTotalClaim, (value, col))
    key = value << 20 | col
    claim = _END_TOTALS.get(key)
    if claim is None:
        if len(_END_TOTALS) >= _CACHED:
            _END_TOTALS.clear()
        claim = _END_TOTALS[key] = _new(EndTotalClaim, (value, col))
    return claim


def _points(points: int, bonus: int, over: bool, col: int) -> PointsClaim:
    """``bonus`` is -1 when not written apart."""
    if points >= 1 << 12 or bonus >= 1 << 12 or col >= 1 << 20:
        return _new(PointsClaim, (points, None if bonus < 0 else bonus, over, col))
    key = ((points << 13 | (bonus + 1)) << 1 | (1 if over else 0)) << 20 | col
    claim = _POINTS.get(key)
    if claim is None:
        if len(_POINTS) >= _CACHED:
            _POINTS.clear()
        claim = _POINTS[key] = _new(PointsClaim, (
            points, None if bonus < 0 else bonus, over, col))
    return claim


def _totals(values: list[int], col: int) -> TotalsClaim:
    n = len(values)
    key = n
    small = n <= 4 and col < 1 << 14
    if small:
        for v in values:
            if v >= 1 << 10:
                small = False
                break
            key = key << 10 | v
    if not small:
        return _new(TotalsClaim, (tuple(values), col))
    key = key << 14 | col
    claim = _TOTALS.get(key)
    if claim is None:
        if len(_TOTALS) >= _CACHED:
            _TOTALS.clear()
        claim = _TOTALS[key] = _new(TotalsClaim, (tuple(values), col))
    return claim


def _skip_blanks(raw: str, i: int, n: int) -> int:
    while i < n and _blank(ord(raw[i])):
        i += 1
    return i


def scan_event(raw: str, line: int) -> Placement | Knock | None:
    """The record of a placement or knock line without a comment (line
    ``line``, read from its first character: columns count from 1 at
    ``raw[0]``), exactly as the parser's direct path gives it; None for any
    other line, and for one the parser must refuse (a number of more than
    ``MAX_DIGITS`` digits, a line of more than ``MAX_LINE`` characters)."""
    n = len(raw)
    if n > MAX_LINE:
        return None
    i = _skip_blanks(raw, 0, n)
    # The seat: a letter, then letters, digits and underscores.
    start = i
    if i >= n or not _letter(ord(raw[i])):
        return None
    i += 1
    while i < n and _word(ord(raw[i])):
        i += 1
    seat = raw[start:i]
    if seat in RESERVED:
        return None
    col = start + 1
    j = _skip_blanks(raw, i, n)
    if j == i or j >= n:
        return None
    i = j
    c = ord(raw[i])
    if c == 107:  # "k": a knock?
        if raw.startswith("knock", i):
            return _knock(raw, i + 5, n, seat, line, col)
        return None
    # The tile: one or two digits, "-", one or two digits.
    if not _digit(c):
        return None
    a = c - _ZERO
    i += 1
    if i < n and _digit(ord(raw[i])):
        a = a * 10 + ord(raw[i]) - _ZERO
        i += 1
    if i >= n or ord(raw[i]) != 45:  # "-"
        return None
    i += 1
    if i >= n or not _digit(ord(raw[i])):
        return None
    b = ord(raw[i]) - _ZERO
    i += 1
    if i < n and _digit(ord(raw[i])):
        b = b * 10 + ord(raw[i]) - _ZERO
        i += 1
    # Then, each after blanks and in this order, all optional: the end, the
    # end total, the points, the totals; then blanks to the end.
    end: str | None = None
    total: EndTotalClaim | None = None
    points: PointsClaim | None = None
    totals: TotalsClaim | None = None
    stage = 0  # the fields read so far: 1 end, 2 end total, 3 points, 4 totals
    while True:
        j = _skip_blanks(raw, i, n)
        if j >= n:
            break
        if j == i:  # a field needs blanks before it
            return None
        i = j
        c = ord(raw[i])
        if (c == 76 or c == 82) and stage < 1:  # "L", "R"
            end = "L" if c == 76 else "R"
            i += 1
            stage = 1
        elif c == 61 and stage < 2:  # "=" NUMBER
            k = i + 1
            i = _number_end(raw, k, n)
            if i == k:
                return None
            total = _end_total(int(raw[k:i]) if i - k > 9 else _value(raw, k, i), k)
            stage = 2
        elif (c == 43 or c == 111) and stage < 3:  # "+" or "over+"
            over = c == 111
            at = i + 1
            if over:
                if not raw.startswith("over+", i):
                    return None
                i += 4
            k = i + 1
            i = _number_end(raw, k, n)
            if i == k:
                return None
            p = int(raw[k:i]) if i - k > 9 else _value(raw, k, i)
            bonus = -1
            if i < n and ord(raw[i]) == 43:  # "+" NUMBER
                k2 = i + 1
                i = _number_end(raw, k2, n)
                if i == k2:
                    return None
                bonus = int(raw[k2:i]) if i - k2 > 9 else _value(raw, k2, i)
            points = _points(p, bonus, over, at if over else k)
            stage = 3
        elif c == 40 and stage < 4:  # "(" NUMBER ("," NUMBER)* ")"
            i, totals = _totals_at(raw, i, n)
            if totals is None:
                return None
            stage = 4
        else:
            return None
        if stage == 1 and i < n and not _blank(ord(raw[i])):
            return None  # "LR", "L=3": the end is one letter, then blanks
    if n >= _SHORT and _longest_digits(raw) > MAX_DIGITS:
        return None
    return _new(Placement, (seat, _tile(a, b), end, total, points, totals, line, col,
                            NO_COMMENTS, None))


def _knock(raw: str, i: int, n: int, seat: str, line: int, col: int) -> Knock | None:
    """A knock line after its "knock" (at ``i``)."""
    totals: TotalsClaim | None = None
    j = _skip_blanks(raw, i, n)
    if j < n:
        if j == i or ord(raw[j]) != 40:
            return None
        i, totals = _totals_at(raw, j, n)
        if totals is None or _skip_blanks(raw, i, n) < n:
            return None
    if n >= _SHORT and _longest_digits(raw) > MAX_DIGITS:
        return None
    return _new(Knock, (seat, line, col, NO_COMMENTS, None, totals))


def _number_end(raw: str, i: int, n: int) -> int:
    """The end of the digits from ``i``."""
    while i < n and _digit(ord(raw[i])):
        i += 1
    return i


def _value(raw: str, i: int, end: int) -> int:
    """The number written in ``raw[i:end]`` (digits only, at most 9 of them)."""
    v = 0
    while i < end:
        v = v * 10 + ord(raw[i]) - _ZERO
        i += 1
    return v


def _totals_at(raw: str, i: int, n: int) -> tuple[int, TotalsClaim | None]:
    """Read ``(N,N,...)`` at ``i`` (its "("): the position after its ")"
    and the claim; None when it is not one. (A tuple of a number and an
    object: native, not built, once compiled.)"""
    col = i + 1
    values: list[int] = []
    i += 1
    while True:
        k = i
        i = _number_end(raw, k, n)
        if i == k or i >= n:
            return i, None
        values.append(int(raw[k:i]) if i - k > 9 else _value(raw, k, i))
        c = ord(raw[i])
        i += 1
        if c == 41:  # ")"
            return i, _totals(values, col)
        if c != 44:  # ","
            return i, None
