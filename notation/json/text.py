"""JSON texts: the game documents of a text, and where a JSON Pointer is.

Boundary: reads JSON texts (one document, an array of games, or JSON Lines)
into one ``JsonItem`` per game document with its place (a document that does
not parse, or whose strings are not Unicode text, a lone surrogate escape,
is an error item), and finds the line and column of any JSON Pointer in a
text. It builds no record (``json.form`` does) and validates nothing (the
verifier does, with the schema): a caller may hand in a test (``Trust``)
that spares a document it passes the text's scan for long numbers.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from notation.json.decoding import Decode
from notation.model import MAX_DIGITS, MAX_ROUNDS


@dataclass(frozen=True, slots=True)
class JsonItem:
    """One game document of a JSON text: the value (or the error that kept it
    from being read), where it starts, and its pointer prefix in the text."""

    value: Any
    line: int
    col: int
    base: str  # "" for a single document or a JSON Lines line, "/3" in an array
    text: str  # the game's own text: the base pointer leads to its start
    text_line: int  # the line of the first character of ``text``
    error: str | None = None
    text_col: int = 1  # the column of the first character of ``text``
    trusted: bool = False  # the value passed the caller's ``Trust`` test
    record: Any = None  # the record the caller's ``Typed`` reader made (then no value)

    def locate(self, pointer: str) -> tuple[int, int]:
        """The line and column in the whole input of the value at a pointer
        (from the root of the input) that leads into this game."""
        base = self.base
        if base and (pointer == base or pointer.startswith(base + "/")):
            pointer = pointer[len(base):]
        line, col = locate(self.text, pointer)
        if line == 1:
            col += self.text_col - 1
        return line + self.text_line - 1, col


#: Arrays and objects nested deeper than this are refused.
MAX_DEPTH = 64


class LimitError(ValueError):
    """A JSON text beyond one of the limits; ``at`` is the offset, if known."""

    def __init__(self, message: str, at: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.at = at


_LONG_NUMBER = re.compile(rf"[0-9]{{{MAX_DIGITS + 1}}}")


_WS = re.compile(r"[ \t\r\n]*")


def float_hook(text: str) -> int | float:
    """A JSON number with a fraction or exponent: an int when it is whole
    (4.0 is 4, as JSON Schema counts it), else a float the schema rejects."""
    value = float(text)
    return int(value) if value.is_integer() else value


def _int(text: str) -> int:
    if len(text) > MAX_DIGITS + 1 or (len(text) == MAX_DIGITS + 1 and text[0] != "-"):
        raise LimitError(f"a number of more than {MAX_DIGITS} digits")
    return int(text)


def _constant(name: str) -> Any:
    raise LimitError(f"{name} is not JSON")


# json's decoder, by msgspec where it reads the text (``jsondecode``).
_decode = Decode(float_hook, json.JSONDecoder(parse_float=float_hook,
                                           parse_constant=_constant).decode)

# With a run of more than MAX_DIGITS digits in the text (in a number, or in a
# string), each integer goes through ``_int``.
_decode_counted = json.JSONDecoder(parse_float=float_hook, parse_int=_int,
                                   parse_constant=_constant).decode


class _Bad(Exception):
    """A text that cannot be read: the message and the offset of the fault."""

    def __init__(self, message: str, at: int) -> None:
        super().__init__(message)
        self.message = message
        self.at = at


#: A test of a decoded document that it holds no integer of more than
#: ``MAX_DIGITS`` digits (say, a schema that bounds every number, and
#: accepts no number elsewhere): the documents it passes are read without
#: the text's scan for long numbers, the rest exactly as without it.
Trust = Callable[[Any], bool]


#: A reader of a game's text straight into its record (``json.structs``),
#: or None where it cannot vouch for the text: then the text is read as
#: without it.
Typed = Callable[[str], Any]


_UNTRUSTED: Any = object()


def _decoded(text: str, trust: Trust | None) -> Any:
    """The value of a text decoded without the scan for long numbers when
    ``trust`` passes it, else ``_UNTRUSTED`` (read it with ``_loads``). No integer
    literal of more than ``MAX_DIGITS`` digits decodes to a value under
    10 ** ``MAX_DIGITS``: a value that passes holds none, and ``_loads``
    would give the same value (its counting decoder reads the same text to
    the same values, and fails only on such a literal)."""
    if trust is None:
        return _UNTRUSTED
    try:
        value = _decode(text)
    except (ValueError, RecursionError):  # read again, for the error and its place
        return _UNTRUSTED
    return value if _passes(value, trust) else _UNTRUSTED


def _passes(value: Any, trust: Trust | None) -> bool:
    try:
        return trust is not None and trust(value)
    except (ValueError, RecursionError):  # a test may refuse a lone surrogate so
        return False


def _loads(text: str) -> Any:
    """A JSON value, or ``_Bad`` with the message and offset: the decoder's
    own errors and the limits (numbers, NaN, depth) alike."""
    try:
        value = (_decode_counted if _LONG_NUMBER.search(text) else _decode)(text)
    except json.JSONDecodeError as e:
        # A text that nests too deep before its first fault is refused for
        # its depth, at the bracket that goes too deep, whatever the
        # decoder's recursion limit (Python 3.12 and later decode 1,000
        # levels without a RecursionError; 3.11 does not).
        deep = _too_deep_at(text[:e.pos])
        if deep:
            raise _Bad(f"bad JSON: nested deeper than {MAX_DEPTH} levels", deep) from None
        raise _Bad(f"bad JSON: {e.msg}", e.pos) from None
    except LimitError as e:
        raise _Bad(f"bad JSON: {e.message}", _limit_offset(text, e.message)) from None
    except RecursionError:
        raise _Bad(f"bad JSON: nested deeper than {MAX_DEPTH} levels",
                   _too_deep_at(text)) from None
    return value


def _limit_offset(text: str, message: str) -> int:
    if "digits" in message:
        m = _LONG_NUMBER.search(text)
        return m.start() if m else 0
    m = re.search(r"-?\b(?:NaN|Infinity)\b", text)
    return m.start() if m else 0


_BRACKETS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def _too_deep_at(text: str) -> int:
    """The offset of the first bracket that opens level ``MAX_DEPTH + 1``
    (0 when none does: that bracket is never the first character)."""
    depth = 0
    for m in _BRACKETS.finditer(text):
        ch = m.group()
        if ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return m.start()
        elif ch in "]}":
            depth -= 1
    return 0


def too_deep_text(text: str) -> bool:
    """Whether a JSON text opens an array or object at a level deeper than
    ``MAX_DEPTH`` (a scan of its brackets, whatever the decoder's limit)."""
    return _too_deep_at(text) > 0


def too_deep(item: JsonItem) -> JsonItem:
    """The item, or an error item when its value nests deeper than
    ``MAX_DEPTH`` levels (a record never does: call it on documents that
    break the schema, before walking them)."""
    if item.error is not None or not _depth_over(item.value):
        return item
    line, col = _line_col(item.text, _too_deep_at(item.text))
    if line == 1:
        col += item.text_col - 1
    return replace(item, value=None, line=line + item.text_line - 1, col=col, trusted=False,
                   error=f"bad JSON: nested deeper than {MAX_DEPTH} levels")


def _depth_over(value: Any) -> bool:
    """Whether a value nests deeper than ``MAX_DEPTH`` (without recursion)."""
    stack = [(value, 1)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, dict):
            v = v.values()
        elif not isinstance(v, list):
            continue
        if d > MAX_DEPTH:
            return True
        stack.extend((c, d + 1) for c in v if isinstance(c, (dict, list)))
    return False


def looks_like_json(text: str) -> bool:
    """Whether a text is JSON (starts with '{' or '[') rather than FTN."""
    m = _WS.match(text.lstrip("\ufeff"))
    assert m is not None
    rest = text.lstrip("\ufeff")[m.end():]
    return rest[:1] in ("{", "[")


# A \u escape of a surrogate (a backslash run of odd length before it).
_SURROGATE_ESCAPE = re.compile(
    r"(?<!\\)(?:\\\\)*\\u([dD][89abAB][0-9a-fA-F]{2}(?:\\u[dD][c-fC-F][0-9a-fA-F]{2})?"
    r"|[dD][c-fC-F][0-9a-fA-F]{2})"
)


def _lone_surrogate(text: str) -> int | None:
    """The offset of the first lone surrogate escape in a JSON text (a high
    one not followed by a low one, or a low one alone), else None."""
    if "\\u" not in text:  # the common case: no escape at all (a search in C)
        return None
    for m in _SURROGATE_ESCAPE.finditer(text):
        if len(m.group(1)) != 10:  # not a high-low pair
            return m.start(1) - 2
    return None


def _unicode_items(items: Iterator[JsonItem]) -> Iterator[JsonItem]:
    """Turn a document whose strings hold a lone surrogate (\\ud800 without
    its pair: not Unicode text, which FTN and UTF-8 cannot hold; RFC 7493
    forbids it) into an error item, at the escape."""
    for item in items:
        if item.error is None and "\\u" in item.text:
            at = _lone_surrogate(item.text)
            if at is not None:
                line, col = _line_col(item.text, at)
                if line == 1:
                    col += item.text_col - 1
                item = replace(item, value=None, line=line + item.text_line - 1, col=col,
                               trusted=False, record=None,
                               error="a string holds a lone surrogate escape "
                                     f"({item.text[at:at + 6]}): not Unicode text")
        yield item


def _round_limit(items: Iterator[JsonItem]) -> Iterator[JsonItem]:
    """Turn a game of more than ``MAX_ROUNDS`` rounds into an error item."""
    for item in items:
        value = item.value
        if isinstance(value, dict):
            rounds = value.get("rounds")
            if isinstance(rounds, list) and len(rounds) > MAX_ROUNDS:
                item = replace(item, value=None, trusted=False,
                               error=f"a game of {len(rounds)} rounds: "
                                     f"more than the limit of {MAX_ROUNDS}")
        yield item


def iter_json(text: str, trust: Trust | None = None,
              typed: Typed | None = None) -> Iterator[JsonItem]:
    """The game documents of a JSON text: one object, an array of objects, or
    JSON Lines (one object per line; blank lines are skipped). A document
    with a lone surrogate escape comes as an error: it is not Unicode text;
    so does one beyond the limits (numbers, NaN, depth, rounds). The items
    are the same with a ``trust`` test or without; those it passes say so.
    A document ``typed`` reads (one object, not an array) comes as its record."""
    return _round_limit(_unicode_items(_iter_json(text, trust, typed)))


def _iter_json(text: str, trust: Trust | None, typed: Typed | None) -> Iterator[JsonItem]:
    text = text.lstrip("\ufeff")
    stripped = text.strip()
    if stripped.startswith("["):
        yield from _array(text, trust)
        return
    lines = text.split("\n")
    whole_object = sum(1 for ln in lines if ln.strip()) > 1
    if whole_object:
        # A single document over several lines, or JSON Lines (a text that
        # the plain decoder refuses, the counting one refuses too).
        record = None if typed is None else typed(text)
        if record is not None:
            line, col = _line_col(text, _start(text))
            yield JsonItem(None, line, col, "", text, 1, trusted=True, record=record)
            return
        try:
            value = _decode(text)
        except (ValueError, RecursionError):
            pass
        else:
            trusted = _passes(value, trust)
            try:
                value = value if trusted else _loads(text)
            except _Bad:
                pass
            else:
                line, col = _line_col(text, _start(text))
                yield JsonItem(value, line, col, "", text, 1, trusted=trusted)
                return
    yield from _json_lines(enumerate(lines, 1), trust, typed)


def _start(text: str) -> int:
    """The offset of the first character of a text past its white space."""
    m = _WS.match(text)
    assert m is not None
    return m.end()


def _array(text: str, trust: Trust | None) -> Iterator[JsonItem]:
    """The games of an array: trusted when ``trust`` passes every one."""
    doc = _decoded(text, (lambda v: isinstance(v, list) and all(map(trust, v)))
                   if trust is not None else None)
    trusted = doc is not _UNTRUSTED
    if not trusted:
        try:
            doc = _loads(text)
        except _Bad as e:
            line, col = _line_col(text, e.at)
            yield JsonItem(None, line, col, "", text, 1, e.message)
            return
    if not isinstance(doc, list):  # "[1] x": the decoder says so; not reached
        return
    places = _item_places(text)
    for i, value in enumerate(doc):
        start, end, line, col = next(places)
        yield JsonItem(value, line, col, f"/{i}", text[start:end], line, None, col, trusted)


def iter_json_lines(lines: Iterable[str], first_line: int = 1,
                    trust: Trust | None = None, typed: Typed | None = None) -> Iterator[JsonItem]:
    """The game documents of JSON Lines read a line at a time (the first
    numbered ``first_line``), one a non-blank line, as ``iter_json`` gives
    them for a JSON Lines text; a line ``typed`` reads comes as its record."""
    return _unicode_items(_json_lines(enumerate(lines, first_line), trust, typed))


def _json_lines(lines: Iterable[tuple[int, str]], trust: Trust | None,
                typed: Typed | None = None) -> Iterator[JsonItem]:
    for n, raw in lines:
        if not raw.strip():
            continue
        record = None if typed is None else typed(raw)
        if record is not None:
            yield JsonItem(None, n, len(raw) - len(raw.lstrip()) + 1, "", raw, n,
                           trusted=True, record=record)
            continue
        value = _decoded(raw, trust)
        if value is not _UNTRUSTED:
            yield JsonItem(value, n, len(raw) - len(raw.lstrip()) + 1, "", raw, n,
                           trusted=True)
            continue
        try:
            value = _loads(raw)
        except _Bad as e:
            yield JsonItem(None, n, e.at + 1, "", raw, n, e.message)
            continue
        yield JsonItem(value, n, len(raw) - len(raw.lstrip()) + 1, "", raw, n)


def _line_col(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    start = text.rfind("\n", 0, offset) + 1
    return line, offset - start + 1


_scanstring: Any = getattr(json.decoder, "scanstring")  # noqa: B009 - C-accelerated


def _skip_ws(text: str, i: int) -> int:
    m = _WS.match(text, i)
    assert m is not None
    return m.end()


_scan_once: Any = getattr(json.JSONDecoder(), "scan_once")  # noqa: B009 - the C scanner


def _skip_value(text: str, i: int) -> int:
    """The offset just past the JSON value at ``i`` (read by the decoder's C
    scanner: a value of any size is skipped at C speed)."""
    i = _skip_ws(text, i)
    try:
        return int(_scan_once(text, i)[1])
    except StopIteration:
        raise ValueError(f"not JSON at offset {i}") from None
    except RecursionError:
        raise ValueError(f"nested too deep at offset {i}") from None


def _item_places(text: str) -> Iterator[tuple[int, int, int, int]]:
    """(start, end, line, col) of each item of the top-level array of a valid
    JSON text, in one pass."""
    i = _skip_ws(text, _skip_ws(text, 0) + 1)
    line, line_start, seen = 1, 0, 0
    while i < len(text) and text[i] != "]":
        line += text.count("\n", seen, i)
        nl = text.rfind("\n", seen, i)
        if nl >= 0:
            line_start = nl + 1
        seen = i
        end = _skip_value(text, i)
        yield i, end, line, i - line_start + 1
        i = _skip_ws(text, end)
        if text[i] == ",":
            i = _skip_ws(text, i + 1)


def locate(text: str, pointer: str) -> tuple[int, int]:
    """The line and column (1-based) where the value at a JSON Pointer starts
    in a JSON text; for a pointer that leads nowhere, the deepest value found."""
    i = _skip_ws(text, 0)
    parts = [p.replace("~1", "/").replace("~0", "~") for p in pointer.split("/")[1:]]
    try:
        for part in parts:
            ch = text[i]
            if ch == "[":
                i = _skip_ws(text, i + 1)
                for _ in range(int(part)):
                    i = _skip_ws(text, _skip_value(text, i)) + 1
                    i = _skip_ws(text, i)
            elif ch == "{":
                start = i
                i = _skip_ws(text, i + 1)
                while text[i] != "}":
                    key, j = _scanstring(text, i + 1)
                    j = _skip_ws(text, j) + 1
                    j = _skip_ws(text, j)
                    if key == part:
                        i = j
                        break
                    i = _skip_ws(text, _skip_value(text, j))
                    if text[i] == ",":
                        i = _skip_ws(text, i + 1)
                else:
                    i = start  # no such key: the object itself
                    break
            else:
                break
    except (IndexError, ValueError):
        pass
    return _line_col(text, min(i, len(text)))
