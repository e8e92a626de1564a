"""FTN lines read a character at a time: the compiled core's way in.

Boundary: two functions. ``scan_event`` reads one line of FTN text which
may be a placement or a knock (the grammar's PLACEMENT and KNOCK terminals,
no comment) into its record, exactly as the reader builds it from the line
the grammar's line regex matched (``ftn.build.event``), or says None for
any other line, which the reader then reads its usual way. ``scan_line``
says whether a line is a 'deal', 'round' or 'result' line without a
comment, and where its terminal starts and ends, exactly as the line regex
(``ftn.grammar.line_regex``) says it; None for any other line (it builds no
record: ``ftn.build`` does, from the terminal's text). Neither reports an
error or knows the lines around it.

Why: compiled with mypyc (``FTN_COMPILE=1``, see ``setup.py``), a loop over
the characters is native code (``i64`` positions, ``ord(raw[i])`` read in
place), several times faster than matching the regular expression and
taking the line apart; interpreted, it is slower, so the reader uses it
only when this module is compiled (``COMPILED``). Either way the records
are the same: ``tests/unit/notation/test_scan.py`` holds both functions to the grammar's
line regex over generated, mutated and random lines, and the field shapes
they are written for (the grammar's SEAT, TILE and NUMBER) to the grammar's
own.
"""

from __future__ import annotations

from typing import Final, cast

from mypy_extensions import i64

from notation.model import NO_COMMENTS, EndTotalClaim, Knock, Placement, PointsClaim, TotalsClaim

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


_new: Final = tuple.__new__  # builds a NamedTuple from a tuple without a Python call


# The classes and values the hot path names, as final names: compiled, a
# final name is read from a C variable, another from the module's dict.
_PLACEMENT: Final = Placement


_KNOCK: Final = Knock


_END_TOTAL: Final = EndTotalClaim


_POINTS_CLAIM: Final = PointsClaim


_TOTALS_CLAIM: Final = TotalsClaim


_NONE: Final = NO_COMMENTS


# Claims are immutable values and few differ: each is built once and kept
# in a cache of fixed size (a slot a key, the newest wins), whose keys are
# whole numbers packing the claim's values and its column; a slot holds the
# key and the claim together (one object: a thread never sees the one
# without the other). Tiles likewise, by their two numbers. (Kept as
# objects: a typed tuple would be unpacked and built again by the compiled
# code at each use.)
_SLOTS: Final = 1 << 13


_END_TOTALS: Final[list[object]] = [None] * _SLOTS


_POINTS: Final[list[object]] = [None] * _SLOTS


_TOTALS: Final[list[object]] = [None] * _SLOTS


_TILES: Final[list[object]] = [None] * 10_000  # a * 100 + b


def _slot(key: i64) -> i64:
    return (key ^ (key >> 13) ^ (key >> 29) ^ (key >> 43)) & (_SLOTS - 1)


def _cached(cache: list[object], key: i64) -> object:
    """The claim of ``key`` in ``cache``, or None."""
    entry = cache[_slot(key)]
    if entry is not None:
        pair = cast(tuple[i64, object], entry)
        if pair[0] == key:
            return pair[1]
    return None


def _tile(a: i64, b: i64) -> object:
    at = a * 100 + b
    t = _TILES[at]
    if t is None:
        t = _TILES[at] = (int(a), int(b))
    return t


def _end_total(value: i64, col: i64) -> object:
    if value >= 1 << 20 or col >= 1 << 20:
        return _new(_END_TOTAL, (int(value), int(col)))
    key = value << 20 | col
    claim = _cached(_END_TOTALS, key)
    if claim is None:
        claim = _new(_END_TOTAL, (int(value), int(col)))
        _END_TOTALS[_slot(key)] = (key, claim)
    return claim


def _points(points: i64, bonus: i64, over: bool, col: i64) -> object:
    """``bonus`` is -1 when not written apart."""
    if points >= 1 << 12 or bonus >= 1 << 12 or col >= 1 << 20:
        return _new(_POINTS_CLAIM, (int(points), None if bonus < 0 else int(bonus), over,
                                  int(col)))
    key = ((points << 13 | (bonus + 1)) << 1 | (1 if over else 0)) << 20 | col
    claim = _cached(_POINTS, key)
    if claim is None:
        claim = _new(_POINTS_CLAIM, (int(points), None if bonus < 0 else int(bonus), over,
                                   int(col)))
        _POINTS[_slot(key)] = (key, claim)
    return claim


def _number(raw: str, i: i64, end: i64) -> int:
    """The number written in ``raw[i:end]`` (digits only)."""
    if end - i > 9:
        return int(raw[i:end])
    v: i64 = 0
    while i < end:
        v = v * 10 + ord(raw[i]) - 48
        i += 1
    return int(v)


def _totals(raw: str, start: i64, n: i64) -> tuple[i64, object]:
    """Read ``(N,N,...)`` at ``start`` (its "("): the position after its
    ")" and the claim; -1 and None when it is not one. (A pair of a
    number and an object: a C structure, not a tuple built, once compiled.)"""
    col = start + 1
    i = col
    key: i64 = 0
    count: i64 = 0
    small = col < 1 << 14
    while True:
        k = i
        v: i64 = 0
        while i < n:
            c = ord(raw[i])
            if c < 48 or c > 57:
                break
            v = v * 10 + c - 48 if i - k < 9 else v
            i += 1
        if i == k or i >= n:
            return -1, None
        count += 1
        if i - k > 3 or v >= 1 << 10 or count > 4:
            small = False
        else:
            key = key << 10 | v
        c = ord(raw[i])
        i += 1
        if c == 41:  # ")"
            break
        if c != 44:  # ","
            return -1, None
    if small:
        key = (key << 3 | count) << 14 | col
        found = _cached(_TOTALS, key)
        if found is not None:
            return i, found
    values = []
    k = col
    while k < i:  # (read again, whole)
        e = k
        while ord(raw[e]) != 44 and ord(raw[e]) != 41:
            e += 1
        values.append(_number(raw, k, e))
        k = e + 1
    claim = _new(_TOTALS_CLAIM, (tuple(values), int(col)))
    if small:
        _TOTALS[_slot(key)] = (key, claim)
    return i, claim


def _longest_digits(raw: str, n: i64) -> i64:
    """The longest run of digits anywhere in the line."""
    longest: i64 = 0
    run: i64 = 0
    i: i64 = 0
    while i < n:
        c = ord(raw[i])
        if 48 <= c <= 57:
            run += 1
            if run > longest:
                longest = run
        else:
            run = 0
        i += 1
    return longest


def scan_event(raw: str, line: int) -> Placement | Knock | None:
    """The record of a placement or knock line without a comment (line
    ``line``, read from its first character: columns count from 1 at
    ``raw[0]``), exactly as the reader's direct path gives it; None for any
    other line, and for one the reader must refuse (a number of more than
    ``MAX_DIGITS`` digits, a line of more than ``MAX_LINE`` characters)."""
    n: i64 = len(raw)
    if n > MAX_LINE:
        return None
    start = _blanks_end(raw, 0, n)
    end = _word_end(raw, start, n)
    if end < 0:
        return None
    seat = raw[start:end]
    if seat in RESERVED:
        return None
    i = _blanks_end(raw, end, n)
    if i == end or i >= n:
        return None
    if ord(raw[i]) == 107:  # "k": "knock"?
        return _knock(raw, i, n, seat, line, start + 1)
    return _placement(raw, i, n, seat, line, start + 1)


def _placement(raw: str, i: i64, n: i64, seat: str, line: int, col: i64) -> Placement | None:
    """A placement line from its tile (at ``i``) after its seat: the tile,
    then, each after blanks and in this order, all optional: the end, the
    end total, the points, the totals; then blanks to the end."""
    i, a, b = _tile_at(raw, i, n)
    if i < 0:
        return None
    end: object = None
    total: object = None
    points: object = None
    totals: object = None
    stage = 0  # the fields read so far: 1 the end, 2 the end total, 3 points, 4 totals
    while True:
        blanks = i
        i = _blanks_end(raw, i, n)
        if i >= n:
            break
        if i == blanks:  # a field needs blanks before it
            return None
        c: i64 = ord(raw[i])
        if (c == 76 or c == 82) and stage < 1:  # "L", "R"
            end = "L" if c == 76 else "R"
            i += 1
            stage = 1
            if i < n and ord(raw[i]) != 32 and ord(raw[i]) != 9:
                return None  # "LR", "L=3": the end is one letter, then blanks
        elif c == 61 and stage < 2:  # "=" NUMBER
            i, total = _end_total_at(raw, i, n)
            stage = 2
        elif (c == 43 or c == 111) and stage < 3:  # "+" or "over+"
            i, points = _points_at(raw, i, n)
            stage = 3
        elif c == 40 and stage < 4:  # "(" NUMBER ("," NUMBER)* ")"
            i, totals = _totals(raw, i, n)
            stage = 4
        else:
            return None
        if i < 0:
            return None
    if n >= _SHORT and _longest_digits(raw, n) > MAX_DIGITS:
        return None
    placement: Placement = _new(_PLACEMENT, (
        seat, _tile(a, b), end, total, points, totals, line, int(col), _NONE, None))
    return placement


def _tile_at(raw: str, i: i64, n: i64) -> tuple[i64, i64, i64]:
    """The tile at ``i`` (``i < n``: one or two digits, "-", one or two
    digits): the position after it and its two numbers; -1 first when no
    tile stands there. (Three numbers: a C structure once compiled.)"""
    c: i64 = ord(raw[i])
    if c < 48 or c > 57:
        return -1, 0, 0
    a = c - 48
    i += 1
    if i < n:
        c = ord(raw[i])
        if 48 <= c <= 57:
            a = a * 10 + c - 48
            i += 1
    if i >= n or ord(raw[i]) != 45:  # "-"
        return -1, 0, 0
    i += 1
    if i >= n:
        return -1, 0, 0
    c = ord(raw[i])
    if c < 48 or c > 57:
        return -1, 0, 0
    b = c - 48
    i += 1
    if i < n:
        c = ord(raw[i])
        if 48 <= c <= 57:
            b = b * 10 + c - 48
            i += 1
    return i, a, b


def _digits_end(raw: str, i: i64, n: i64) -> i64:
    """The end of the run of digits at ``i`` (``i`` itself when there is none)."""
    while i < n and 48 <= ord(raw[i]) <= 57:
        i += 1
    return i


def _end_total_at(raw: str, i: i64, n: i64) -> tuple[i64, object]:
    """The end total at ``i`` (its "="): the position after it and the claim;
    -1 and None when it is not one."""
    k = i + 1
    i = _digits_end(raw, k, n)
    if i == k or i - k > MAX_DIGITS:
        return -1, None
    return i, _end_total(_number(raw, k, i), k)


def _points_at(raw: str, i: i64, n: i64) -> tuple[i64, object]:
    """The points at ``i`` (their "+", or "over+"): the position after them
    and the claim; -1 and None when they are not points."""
    over = ord(raw[i]) == 111
    at = i + 1
    if over:
        if (i + 4 >= n or ord(raw[i + 1]) != 118 or ord(raw[i + 2]) != 101
                or ord(raw[i + 3]) != 114 or ord(raw[i + 4]) != 43):
            return -1, None  # not "over+"
        i += 4
    k = i + 1
    i = _digits_end(raw, k, n)
    if i == k or i - k > MAX_DIGITS:
        return -1, None
    p = _number(raw, k, i)
    bonus: i64 = -1
    if i < n and ord(raw[i]) == 43:  # "+" NUMBER
        k2 = i + 1
        i = _digits_end(raw, k2, n)
        if i == k2 or i - k2 > MAX_DIGITS:
            return -1, None
        bonus = _number(raw, k2, i)
    return i, _points(p, bonus, over, at if over else k)


def _knock(raw: str, i: i64, n: i64, seat: str, line: int, col: i64) -> Knock | None:
    """A knock line from the "k" (at ``i``) after its seat."""
    if (i + 4 >= n or ord(raw[i + 1]) != 110 or ord(raw[i + 2]) != 111
            or ord(raw[i + 3]) != 99 or ord(raw[i + 4]) != 107):
        return None  # not "knock"
    i += 5
    totals: object = None
    blanks = i
    i = _blanks_end(raw, i, n)
    if i < n:
        if i == blanks or ord(raw[i]) != 40:
            return None
        i, totals = _totals(raw, i, n)
        if totals is None:
            return None
        if _blanks_end(raw, i, n) < n:
            return None
    if n >= _SHORT and _longest_digits(raw, n) > MAX_DIGITS:
        return None
    knock: Knock = _new(_KNOCK, (seat, line, int(col), _NONE, None, totals))
    return knock


def _blanks_end(raw: str, i: i64, n: i64) -> i64:
    """The end of the blanks (spaces and tabs) at ``i``."""
    while i < n:
        c = ord(raw[i])
        if c != 32 and c != 9:
            break
        i += 1
    return i


def _word_at(raw: str, i: i64, n: i64, word: str) -> bool:
    """Whether ``word`` stands at ``i``, followed by a blank or the end."""
    k: i64 = len(word)
    if i + k > n:
        return False
    j: i64 = 0
    while j < k:
        if ord(raw[i + j]) != ord(word[j]):
            return False
        j += 1
    return i + k == n or ord(raw[i + k]) == 32 or ord(raw[i + k]) == 9


def _word_end(raw: str, i: i64, n: i64) -> i64:
    """The end of the word at ``i`` (a letter, then letters, digits and
    underscores: a seat's characters), or -1 when no letter stands there."""
    if i >= n:
        return -1
    c = ord(raw[i])
    if not (65 <= c <= 90 or 97 <= c <= 122):
        return -1
    i += 1
    while i < n:
        c = ord(raw[i])
        if not (65 <= c <= 90 or 97 <= c <= 122 or 48 <= c <= 57 or c == 95):
            break
        i += 1
    return i


def _seat_end(raw: str, i: i64, n: i64) -> i64:
    """The end of a seat at ``i`` (a word, not a reserved one, followed by
    a blank or the end), or -1."""
    k = _word_end(raw, i, n)
    if k < 0 or (k < n and ord(raw[k]) != 32 and ord(raw[k]) != 9):
        return -1
    if raw[i:k] in RESERVED:
        return -1
    return k


def _totals_end(raw: str, i: i64, n: i64) -> i64:
    """The end of ``(N,N,...)`` at ``i``, or -1."""
    if i >= n or ord(raw[i]) != 40:
        return -1
    i += 1
    while True:
        k = i
        i = _digits_end(raw, i, n)
        if i == k or i >= n:
            return -1
        c = ord(raw[i])
        i += 1
        if c == 41:
            return i
        if c != 44:
            return -1


def scan_line(raw: str) -> tuple[str, int, int] | None:
    """A 'deal', 'round' or 'result' line without a comment, as the line
    regex matches it: its kind ("DEAL", "ROUND", "RESULT") and where the
    terminal starts and ends in the line; None for any other line, and for
    one the reader must refuse (a run of more than ``MAX_DIGITS`` digits, a
    line of more than ``MAX_LINE`` characters)."""
    n: i64 = len(raw)
    if n > MAX_LINE:
        return None
    start = _blanks_end(raw, 0, n)
    if start >= n:
        return None
    c = ord(raw[start])
    kind = ""
    end: i64 = -1
    if c == 100 and _word_at(raw, start, n, "deal"):
        kind, end = "DEAL", _deal_end(raw, start, n)
    elif c == 114 and _word_at(raw, start, n, "round"):
        kind, end = "ROUND", _round_end(raw, start, n)
    elif c == 114 and _word_at(raw, start, n, "result"):
        kind, end = "RESULT", _result_end(raw, start, n)
    else:
        return None
    if end < 0 or _blanks_end(raw, end, n) < n:
        return None
    if n >= _SHORT and _longest_digits(raw, n) > MAX_DIGITS:
        return None
    return kind, int(start), int(end)


def _deal_end(raw: str, start: i64, n: i64) -> i64:
    """The end of a 'deal' line's terminal, from its "deal" at ``start``:
    "deal" _WS SEAT (_WS (TILE | "?"))+; -1 when it is not one."""
    i = _blanks_end(raw, start + 4, n)
    if i == start + 4:
        return -1
    i = _seat_end(raw, i, n)
    tiles = 0
    while i >= 0:
        j = _blanks_end(raw, i, n)
        if j == i or j >= n:
            break
        i = _dealt_end(raw, j, n)
        if i < 0:
            return -1
        tiles += 1
    if i < 0 or tiles == 0:
        return -1
    return i


def _dealt_end(raw: str, j: i64, n: i64) -> i64:
    """The end of a tile dealt at ``j`` (``j < n``: a TILE, or "?" for a
    tile not shown), followed by a blank or the end; -1 when none is."""
    if ord(raw[j]) == 63:  # "?"
        k = j + 1
    else:
        k = j
        while k < n and k - j < 2 and 48 <= ord(raw[k]) <= 57:
            k += 1
        if k == j or k >= n or ord(raw[k]) != 45:
            return -1
        k += 1
        m = k
        while k < n and k - m < 2 and 48 <= ord(raw[k]) <= 57:
            k += 1
        if k == m:
            return -1
    if k < n and ord(raw[k]) != 32 and ord(raw[k]) != 9:
        return -1
    return k


def _round_end(raw: str, start: i64, n: i64) -> i64:
    """The end of a 'round' line's terminal, from its "round" at ``start``:
    "round" _WS NUMBER _WS "opener" _WS SEAT; -1 when it is not one."""
    i = _blanks_end(raw, start + 5, n)
    if i == start + 5:
        return -1
    k = i
    i = _digits_end(raw, i, n)
    if i == k:
        return -1
    k = _blanks_end(raw, i, n)
    if k == i or not _word_at(raw, k, n, "opener"):
        return -1
    i = _blanks_end(raw, k + 6, n)
    if i == k + 6:
        return -1
    return _seat_end(raw, i, n)


def _result_end(raw: str, start: i64, n: i64) -> i64:
    """The end of a 'result' line's terminal, from its "result" at
    ``start``: "result" (_WS ("domino" _WS SEAT | "blocked" | "target"))?
    (_WS TOTALS)?; -1 when it is not one."""
    end = start + 6
    i = _blanks_end(raw, end, n)
    if i == end or i >= n:
        return end
    if _word_at(raw, i, n, "domino"):
        k = _blanks_end(raw, i + 6, n)
        if k == i + 6:
            return -1
        end = _seat_end(raw, k, n)
        if end < 0:
            return -1
    elif _word_at(raw, i, n, "blocked") or _word_at(raw, i, n, "target"):
        end = i + 7 if ord(raw[i]) == 98 else i + 6
    if end < i:  # no outcome: the totals, if any, follow "result"
        return _totals_end(raw, i, n)
    j = _blanks_end(raw, end, n)
    if j > end and j < n:
        return _totals_end(raw, j, n)
    return end
