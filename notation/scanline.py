"""A 'deal', 'round' or 'result' line found a character at a time: the
compiled core's way past the line regex.

Boundary: one function, ``scan_line``, that says whether a line of FTN text
is a 'deal', 'round' or 'result' line without a comment, and where its
terminal starts and ends, exactly as the line regex (``grammar.line_regex``)
says it; None for any other line, which the parser then reads its usual
way. It builds no record (``build`` does, from the terminal's text) and
knows nothing of the lines around it. Like ``scan``, it runs only where it
is compiled (``scan.COMPILED``); ``tests/test_scan.py`` holds it to the line
regex over generated, mutated and random lines.
"""

from __future__ import annotations

from mypy_extensions import i64

from .scan import _SHORT, MAX_DIGITS, MAX_LINE, RESERVED, _longest_digits


def _blanks_end(raw: str, i: i64, n: i64) -> i64:
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


def _seat_end(raw: str, i: i64, n: i64) -> i64:
    """The end of a seat at ``i`` (a letter, then letters, digits and
    underscores, not a reserved word, followed by a blank or the end),
    or -1."""
    if i >= n:
        return -1
    c = ord(raw[i])
    if not (65 <= c <= 90 or 97 <= c <= 122):
        return -1
    k = i + 1
    while k < n:
        c = ord(raw[k])
        if not (65 <= c <= 90 or 97 <= c <= 122 or 48 <= c <= 57 or c == 95):
            break
        k += 1
    if k < n and c != 32 and c != 9:
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
        while i < n and 48 <= ord(raw[i]) <= 57:
            i += 1
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
    one the parser must refuse (a run of more than ``MAX_DIGITS`` digits, a
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
    if c == 100 and _word_at(raw, start, n, "deal"):  # "deal" _WS SEAT (_WS (TILE|?))+
        i = _blanks_end(raw, start + 4, n)
        if i == start + 4:
            return None
        i = _seat_end(raw, i, n)
        tiles = 0
        while i >= 0:
            j = _blanks_end(raw, i, n)
            if j == i or j >= n:
                break
            c = ord(raw[j])
            if c == 63:  # "?"
                k = j + 1
            else:
                k = j
                while k < n and k - j < 2 and 48 <= ord(raw[k]) <= 57:
                    k += 1
                if k == j or k >= n or ord(raw[k]) != 45:
                    return None
                k += 1
                m = k
                while k < n and k - m < 2 and 48 <= ord(raw[k]) <= 57:
                    k += 1
                if k == m:
                    return None
            if k < n and ord(raw[k]) != 32 and ord(raw[k]) != 9:
                return None
            i = k
            tiles += 1
        if i < 0 or tiles == 0:
            return None
        kind, end = "DEAL", i
    elif c == 114 and _word_at(raw, start, n, "round"):  # "round" N "opener" SEAT
        i = _blanks_end(raw, start + 5, n)
        if i == start + 5:
            return None
        k = i
        while i < n and 48 <= ord(raw[i]) <= 57:
            i += 1
        if i == k:
            return None
        k = _blanks_end(raw, i, n)
        if k == i or not _word_at(raw, k, n, "opener"):
            return None
        i = _blanks_end(raw, k + 6, n)
        if i == k + 6:
            return None
        end = _seat_end(raw, i, n)
        kind = "ROUND"
    elif c == 114 and _word_at(raw, start, n, "result"):
        # "result" (_WS ("domino" _WS SEAT | "blocked" | "target"))? (_WS TOTALS)?
        end = start + 6
        i = _blanks_end(raw, end, n)
        if i > end and i < n:
            if _word_at(raw, i, n, "domino"):
                k = _blanks_end(raw, i + 6, n)
                if k == i + 6:
                    return None
                end = _seat_end(raw, k, n)
                if end < 0:
                    return None
            elif _word_at(raw, i, n, "blocked") or _word_at(raw, i, n, "target"):
                end = i + 7 if ord(raw[i]) == 98 else i + 6
            if end < i:  # no outcome: the totals, if any, follow "result"
                end = _totals_end(raw, i, n)
            else:
                j = _blanks_end(raw, end, n)
                if j > end and j < n:
                    end = _totals_end(raw, j, n)
        kind = "RESULT"
    else:
        return None
    if end < 0 or _blanks_end(raw, end, n) < n:
        return None
    if n >= _SHORT and _longest_digits(raw, n) > MAX_DIGITS:
        return None
    return kind, int(start), int(end)
