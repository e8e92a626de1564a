"""Point at the first wrong character of a line that matches no terminal.

Boundary: for a line the reader could not match, walks the grammar's field
terminals (``ftn.grammar.field_regex``) along the line shapes of FTN and says
where the line goes wrong and what could stand there, and which kind of
line it was meant to be (``guess_kind``); where its message says what to
write (``no space after =: write =10``, ``did you mean 'domino'?``), that
text as an edit of the line (``proposal``); finds a lone carriage return in
a line (``without_line_end``, ``LONE_CR``). It reads no game.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from notation.ftn.grammar import field_regex
from notation.hints import close_matches, did_you_mean

#: Quotes that are not FTN's (a word processor's), and the words a line of
#: another kind begins with.
CURLY_QUOTES = "\u201c\u201d\u201e\u201f\u2033\u2018\u2019"
KEYWORDS = ("game", "end", "round", "deal", "result", "winner")
#: What a scorer may write for a knock.
_PASSES = ("pass", "passes", "passed", "pas", "p", "knocks", "knocked", "-", "x")
_SPACED_TOTALS = re.compile(r"\(([0-9, \t]*)\)")
#: A sign and the number after it, spaced apart (``= 12``, ``+ 5``).
_SPACED_SIGN = re.compile(r"([=+])[ \t]+([0-9]+)(?![^ \t])")

_FIELD_NAMES = {
    "SEAT": "a seat name",
    "SIDE": "a side (seats joined by '+')",
    "NUMBER": "a number",
    "TILE": "a tile (like 6-3)",
    "UNKNOWN": "'?'",
    "END_SIDE": "an end (L or R)",
    "END_TOTAL": "an end total (=N)",
    "POINTS": "points (+N, +N+B, over+N)",
    "TOTALS": "totals (like (12,30))",
    "KEY": "a tag name (lower case)",
    "STRING": 'a quoted string (like "Alice")',
}

# A line shape: steps of (alternatives, how many: "1", "?" or "+").
# An alternative is a field terminal's name or a literal word in quotes.
_SHAPES: dict[str, list[tuple[tuple[str, ...], str]]] = {
    "game": [(("'game'",), "1")],
    "end": [(("'end'",), "1")],
    "round": [
        (("'round'",), "1"), (("NUMBER",), "1"), (("'opener'",), "1"), (("SEAT",), "1"),
    ],
    "deal": [(("'deal'",), "1"), (("SEAT",), "1"), (("TILE", "UNKNOWN"), "+")],
    "result": [
        (("'result'",), "1"),
        (("'domino'", "'blocked'", "'target'"), "?"),
        (("SEAT",), "domino"),
        (("TOTALS",), "?"),
    ],
    "winner": [(("'winner'",), "1"), (("'none'", "SIDE"), "1"), (("TOTALS",), "?")],
    "event": [
        (("SEAT",), "1"),
        (("TILE", "'knock'"), "1"),
        (("END_SIDE",), "?"),
        (("END_TOTAL",), "?"),
        (("POINTS",), "?"),
        (("TOTALS",), "?"),
    ],
}


#: An edit of one line: the text from ``start`` to ``end`` (0-based, the end
#: excluded) replaced by ``text``.
LineEdit = tuple[int, int, str]


class Found(NamedTuple):
    """Where a line goes wrong (0-based), the message, what could stand
    there, and the edit its message proposes (None: it proposes none)."""

    offset: int
    message: str
    expected: tuple[str, ...] = ()
    edit: LineEdit | None = None


def _describe(alt: str) -> str:
    return alt if alt.startswith("'") else _FIELD_NAMES[alt]


_PREFIX = 200


def _prefix_len(alt: str, text: str) -> int:
    """How many leading characters of ``text`` can begin an ``alt``."""
    if alt.startswith("'"):
        word = alt[1:-1]
        n = 0
        while n < min(len(word), len(text)) and word[n] == text[n]:
            n += 1
        return n
    regex = field_regex(alt)
    # Only the first _PREFIX characters are tried: a field longer than that
    # (hostile input) would cost time quadratic in its length.
    for k in range(min(len(text), _PREFIX), 0, -1):
        if regex.fullmatch(text, 0, k):
            return k
    return 0


def _full(alt: str, text: str) -> bool:
    if alt.startswith("'"):
        return text == alt[1:-1]
    return field_regex(alt).fullmatch(text) is not None


# A string's escapes (as in the grammar's STRING): a surrogate only as a pair.
_ESCAPE = re.compile(
    r'\\(?:["\\/bfnrt]|u(?![dD][89a-fA-F])[0-9a-fA-F]{4}'
    r"|u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2})"
)
_SURROGATE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def _diagnose_tag(text: str, start: int) -> tuple[int, str, tuple[str, ...]]:
    curly = next((i for i, ch in enumerate(text) if ch in CURLY_QUOTES), -1)
    if curly >= 0:
        return curly, f"curly quote {text[curly]}: use straight quotes (\")", ()
    pos = start + 1
    m = field_regex("KEY").match(text, pos)
    if not m:
        return pos, "a header tag starts with its name", (_FIELD_NAMES["KEY"],)
    pos = m.end()
    string = field_regex("STRING")
    while True:
        ws = re.compile(r"[ \t]*").match(text, pos)
        assert ws is not None
        q = ws.end()
        if q < len(text) and text[q] == "]":
            q += 1
            rest = text[q:].strip()
            if rest and not rest.startswith("#"):
                return q + (len(text[q:]) - len(text[q:].lstrip())), "unexpected text", (
                    "the end of the line",
                )
            return -1, "", ()
        if q < len(text) and text[q] == '"':
            sm = string.match(text, q)
            if not sm:
                # Find the first bad character inside the string.
                bad = q + 1
                while bad < len(text):
                    ch = text[bad]
                    if ch == '"':
                        break
                    if ch == "\\":
                        esc = _ESCAPE.match(text, bad)
                        if not esc:
                            if _SURROGATE.match(text, bad):
                                return bad, "a lone surrogate escape in a string", (
                                    "a pair: \\uD800-\\uDBFF, then \\uDC00-\\uDFFF",
                                )
                            return bad, "bad escape in a string", ('an escape like \\" or \\u00e9',)
                        bad = esc.end()
                        continue
                    if ord(ch) < 0x20:
                        return bad, "control character in a string", ("a printable character",)
                    bad += 1
                return len(text), "unterminated string", ('a closing "',)
            if ws.end() == pos and pos != m.end():
                return q, "values are separated by blanks", ("a blank",)
            pos = sm.end()
            continue
        return q, "unexpected text in a header tag", (_FIELD_NAMES["STRING"], "']'")


def diagnose_line(text: str) -> tuple[int, str, tuple[str, ...]]:
    """Find the first wrong character of a line that matches no line terminal.

    Returns the 0-based offset in ``text``, a message, and what was expected
    there. Used only for error messages; the grammar decides what is valid.
    """
    return _diagnose(text)[:3]


def proposal(text: str) -> LineEdit | None:
    """The text that the message of a line that matches no line terminal
    (``diagnose_line``) says to write, as an edit of the line (0-based, the
    end excluded); None when the message proposes no one text."""
    return _diagnose(text).edit


def _diagnose(text: str) -> Found:
    stripped = text.lstrip(" \t")
    start = len(text) - len(stripped)
    if stripped.startswith("["):
        off, msg, exp = _diagnose_tag(text, start)
        if off >= 0:
            curly = off < len(text) and text[off] in CURLY_QUOTES
            return Found(off, msg, exp, _straight(text) if curly else None)
        return Found(start, "this line matches no FTN line")
    # Cut a trailing comment (there are no quoted strings outside tags).
    body = text.split("#", 1)[0]
    fields = [(m.start(), m.group()) for m in re.finditer(r"\S+", body)]
    return _diagnose_fields(body, fields, start)


#: The curly double quotes a tag line's straight ones are written for (the
#: reader reads them so in a line it cannot read: ``ftn.reader``).
_CURLY_DOUBLE = str.maketrans(dict.fromkeys("\u201c\u201d\u201e\u201f\u2033", '"'))


def _straight(text: str) -> LineEdit | None:
    """A tag line's curly double quotes written straight: the edit from the
    first to the last (None when a curly quote is a single one, an
    apostrophe maybe)."""
    at = [i for i, ch in enumerate(text) if ch in CURLY_QUOTES]
    part = text[at[0]:at[-1] + 1]
    fixed = part.translate(_CURLY_DOUBLE)
    if any(ch in CURLY_QUOTES for ch in fixed):
        return None
    return at[0], at[-1] + 1, fixed


_Step = tuple[tuple[str, ...], str]


def _diagnose_fields(body: str, fields: list[tuple[int, str]], start: int) -> Found:
    """Walk the fields of a line (not a tag) through the steps of its shape
    (chosen by its first field): the first field no step accepts, or the
    first step left wanting when the fields run out."""
    first = fields[0][1] if fields else ""
    steps = _SHAPES.get(first, _SHAPES["event"])
    si = 0  # the next step
    count = 0  # fields matched by step si so far (for "+")
    chosen = ""
    for index, (_, f) in enumerate(fields):
        acceptable, j = _acceptable(steps, si, count, chosen)
        hit = next(((a, k) for a, k in acceptable if _full(a, f)), None)
        if hit is None:
            return _misfit(fields, index, [a for a, _ in acceptable], j >= len(steps), body)
        chosen, k = hit
        if k != si:
            si, count = k, 0
        count += 1
        if steps[k][1] != "+":
            si, count = k + 1, 0
        if chosen == "'knock'":
            # Only the totals may follow a knock.
            steps = [*steps[:si], (("TOTALS",), "?")]
    for j in range(si, len(steps)):
        alts, how = steps[j]
        if (how == "1" and alts) or (how == "+" and j == si and count == 0) or (
            how == "domino" and chosen == "'domino'"
        ):
            if len(fields) == 1:
                near = _near_keyword(fields)
                if near is not None:
                    return near
            return Found(len(body.rstrip()), "the line ends too soon", tuple(
                _describe(a) for a in alts))
    return Found(start, "this line matches no FTN line")


def _acceptable(
    steps: list[_Step], si: int, count: int, chosen: str
) -> tuple[list[tuple[str, int]], int]:
    """What the next field may be, from step ``si`` on (each with its step),
    and the step where the choice stops (``len(steps)`` when the line may
    end there)."""
    acceptable: list[tuple[str, int]] = []
    j = si
    while j < len(steps):
        alts, how = steps[j]
        if how == "domino" and chosen != "'domino'":
            j += 1
            continue
        acceptable += [(a, j) for a in alts]
        if how in ("1", "domino") or (how == "+" and (j != si or count == 0)):
            break
        j += 1
    return acceptable, j


def _misfit(fields: list[tuple[int, str]], index: int, alts: list[str], may_end: bool,
            body: str) -> Found:
    """The message for field ``index``, which none of ``alts`` accepts."""
    off, f = fields[index]
    names = tuple(dict.fromkeys(_describe(a) for a in alts))
    if may_end:
        names += ("the end of the line",)
    hint = _hint(f, alts, body, off)
    if hint is not None:
        message, edit = hint
        return Found(off, message, (), edit)
    if index <= 1:
        near = _near_keyword(fields)
        if near is not None:
            return near
    best = max((_prefix_len(a, f) for a in alts), default=0)
    return Found(off + best, _unexpected(f, best), names)


def _near_keyword(fields: list[tuple[int, str]]) -> Found | None:
    """The message for a first field that is no line's keyword but near
    one (a slip: "dael" for "deal"), or None."""
    off, first = fields[0]
    if first in _SHAPES:
        return None
    return _near(first, KEYWORDS, off)


def _near(field: str, words: list[str] | tuple[str, ...], off: int) -> Found | None:
    """``unexpected 'dael'; did you mean 'deal'?`` for a field near some of
    ``words``, with the edit that writes the word when it is one; or None."""
    found = close_matches(field, words)
    if not found:
        return None
    edit = (off, off + len(field), found[0]) if len(found) == 1 else None
    return Found(off, _unexpected(field, 0) + did_you_mean(field, words), (), edit)


def _unexpected(field: str, at: int) -> str:
    if at >= len(field):
        return f"unexpected text after {field!r}"
    return f"unexpected {field[at]!r} in {field!r}" if at else f"unexpected {field!r}"


def _hint(field: str, alts: list[str], body: str, off: int
          ) -> tuple[str, LineEdit | None] | None:
    """A message that says what to type, for a field that is a known slip
    (where ``alts`` could stand), and that text as an edit; or None."""
    end = off + len(field)
    if "END_SIDE" in alts and field in ("l", "r"):
        return f"ends are L or R in capitals: write {field.upper()}", (off, end, field.upper())
    if "TOTALS" in alts and field.startswith("("):
        m = _SPACED_TOTALS.match(body, off)
        if m is not None and re.search(r"[ \t]", m[1]):
            squeezed = re.sub(r"[ \t]+", "", m[0])
            if field_regex("TOTALS").fullmatch(squeezed):
                return f"no spaces in totals: write {squeezed}", (off, m.end(), squeezed)
    if field in ("=", "+"):
        m = _SPACED_SIGN.match(body, off)
        if m is not None and any(field_regex(a).fullmatch(m[1] + m[2])
                                 for a in alts if a in ("END_TOTAL", "POINTS")):
            return f"no space after {field}: write {m[1]}{m[2]}", (off, m.end(), m[1] + m[2])
    if "'knock'" in alts and (field.lower() in _PASSES or close_matches(field, ["knock"])):
        return f"a seat that cannot play knocks: write knock, not {field}", (off, end, "knock")
    near = _near(field, [a[1:-1] for a in alts if a.startswith("'")], off)
    return None if near is None else (near.message, near.edit)


#: What a lone carriage return is (a "\r" not followed by "\n": SPEC.md,
#: lines), said once a line, at the first.
LONE_CR = ("a carriage return (CR) not followed by a line feed: FTN's line ends are LF or "
           "CR LF (a file with CR line ends, as classic Mac OS wrote them, can be converted: "
           "tr '\\r' '\\n' < old.ftn > new.ftn)")


def without_line_end(raw: str, lineno: int) -> tuple[str, int]:
    """A line that holds a CR, without its line end (LF or CR LF), and the
    offset of the first CR left in it (a BOM on the first line not
    counted), or -1."""
    raw = raw[:-1] if raw.endswith("\n") else raw
    raw = raw[:-1] if raw.endswith("\r") else raw
    at = raw.find("\r")
    if at > 0 and lineno == 1 and raw.startswith("\ufeff"):
        at -= 1
    return raw, at


#: The kind of line a line that cannot be read was meant to be, by its
#: first word (a close match counts: ``gmae`` is a 'game' line).
_KEYWORDS = {"game": "GAME", "end": "END", "round": "ROUND", "deal": "DEAL",
             "result": "RESULT", "winner": "WINNER"}


def guess_kind(raw: str) -> str | None:
    """The kind a line that cannot be read was meant to be ("TAG", "ROUND",
    ...), or None (an event, or no kind)."""
    s = raw.lstrip(" \t")
    if s.startswith("["):
        return "TAG"
    words = s.split(None, 1)
    if not words:
        return None
    word = words[0]
    if word in _KEYWORDS:
        return _KEYWORDS[word]
    near = close_matches(word, _KEYWORDS, 1)
    return _KEYWORDS[near[0]] if near and len(word) > 2 else None
