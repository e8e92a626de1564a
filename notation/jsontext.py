"""JSON texts: the game documents of a text, and where a JSON Pointer is.

Boundary: reads JSON texts (one document, an array of games, or JSON Lines)
into one ``JsonItem`` per game document with its place (a document that does
not parse, or whose strings are not Unicode text, a lone surrogate escape,
is an error item), and finds the line and column of any JSON Pointer in a
text. It builds no record (``jsonform`` does) and validates nothing (the
verifier does, with the schema).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any


@dataclass(frozen=True, slots=True)
class JsonItem:
    """One game document of a JSON text: the value (or the error that kept it
    from being read), where it starts, and its pointer prefix in the text."""

    value: Any
    line: int
    col: int
    base: str  # "" for a single document or a JSON Lines line, "/3" in an array
    text: str  # the text the base pointer is relative to
    text_line: int  # the line of the first character of ``text``
    error: str | None = None


_WS = re.compile(r"[ \t\r\n]*")


def _number(text: str) -> int | float:
    """A JSON number with a fraction or exponent: an int when it is whole
    (4.0 is 4, as JSON Schema counts it), else a float the schema rejects."""
    value = float(text)
    return int(value) if value.is_integer() else value


_loads = json.JSONDecoder(parse_float=_number).decode


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
    for m in _SURROGATE_ESCAPE.finditer(text):
        if len(m.group(1)) != 10:  # not a high-low pair
            return m.start(1) - 2
    return None


def _unicode_items(items: Iterator[JsonItem]) -> Iterator[JsonItem]:
    """Turn a document whose strings hold a lone surrogate (\\ud800 without
    its pair: not Unicode text, which FTN and UTF-8 cannot hold; RFC 7493
    forbids it) into an error item, at the escape when it can be found."""
    for item in items:
        if item.error is None and "\\u" in item.text:
            if item.base:  # an item of an array: the text holds the others too
                if _holds_lone(item.value):
                    item = replace(item, value=None, error="a string holds a lone surrogate "
                                   "escape (\\ud800 to \\udfff without its pair): not Unicode text")
            else:
                at = _lone_surrogate(item.text)
                if at is not None:
                    line, col = _line_col(item.text, at)
                    item = replace(item, value=None, line=line + item.text_line - 1, col=col,
                                   error="a string holds a lone surrogate escape "
                                         f"({item.text[at:at + 6]}): not Unicode text")
        yield item


def _holds_lone(value: Any) -> bool:
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return True
        return False
    if isinstance(value, dict):
        return any(_holds_lone(k) or _holds_lone(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_holds_lone(v) for v in value)
    return False


def iter_json(text: str) -> Iterator[JsonItem]:
    """The game documents of a JSON text: one object, an array of objects, or
    JSON Lines (one object per line; blank lines are skipped). A document
    with a lone surrogate escape comes as an error: it is not Unicode text."""
    return _unicode_items(_iter_json(text))


def _iter_json(text: str) -> Iterator[JsonItem]:
    text = text.lstrip("\ufeff")
    stripped = text.strip()
    if stripped.startswith("["):
        try:
            doc = _loads(text)
        except json.JSONDecodeError as e:
            yield JsonItem(None, e.lineno, e.colno, "", text, 1, f"bad JSON: {e.msg}")
            return
        for i, (value, (line, col)) in enumerate(zip(doc, _item_places(text), strict=True)):
            yield JsonItem(value, line, col, f"/{i}", text, 1)
        return
    lines = text.split("\n")
    whole_object = sum(1 for ln in lines if ln.strip()) > 1
    if whole_object:
        # A single document over several lines, or JSON Lines.
        try:
            value = _loads(text)
        except json.JSONDecodeError:
            pass
        else:
            m = _WS.match(text)
            assert m is not None
            line, col = _line_col(text, m.end())
            yield JsonItem(value, line, col, "", text, 1)
            return
    yield from _json_lines(enumerate(lines, 1))


def iter_json_lines(lines: Iterable[str], first_line: int = 1) -> Iterator[JsonItem]:
    """The game documents of JSON Lines read a line at a time (the first
    numbered ``first_line``), one a non-blank line, as ``iter_json`` gives
    them for a JSON Lines text."""
    return _unicode_items(_json_lines(enumerate(lines, first_line)))


def _json_lines(lines: Iterable[tuple[int, str]]) -> Iterator[JsonItem]:
    loads = _loads
    for n, raw in lines:
        if not raw.strip():
            continue
        try:
            value = loads(raw)
        except json.JSONDecodeError as e:
            yield JsonItem(None, n, e.colno, "", raw, n, f"bad JSON: {e.msg}")
            continue
        yield JsonItem(value, n, len(raw) - len(raw.lstrip()) + 1, "", raw, n)


def _line_col(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    start = text.rfind("\n", 0, offset) + 1
    return line, offset - start + 1


_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")
_scanstring: Any = getattr(json.decoder, "scanstring")  # noqa: B009 - C-accelerated


def _skip_ws(text: str, i: int) -> int:
    m = _WS.match(text, i)
    assert m is not None
    return m.end()


def _skip_value(text: str, i: int) -> int:
    i = _skip_ws(text, i)
    ch = text[i]
    if ch == '"':
        return int(_scanstring(text, i + 1)[1])
    if ch in "{[":
        close = "}" if ch == "{" else "]"
        i = _skip_ws(text, i + 1)
        if text[i] == close:
            return i + 1
        while True:
            if ch == "{":
                i = _skip_value(text, i)  # the key
                i = _skip_ws(text, i) + 1  # the colon
            i = _skip_ws(text, _skip_value(text, i))
            if text[i] == close:
                return i + 1
            i += 1  # the comma
    for word in ("true", "false", "null"):
        if text.startswith(word, i):
            return i + len(word)
    m = _NUMBER.match(text, i)
    if not m:
        raise ValueError(f"not JSON at offset {i}")
    return m.end()


def _item_places(text: str) -> Iterator[tuple[int, int]]:
    """(line, col) of each item of the top-level array of a valid JSON text,
    in one pass."""
    i = _skip_ws(text, _skip_ws(text, 0) + 1)
    line, line_start, seen = 1, 0, 0
    while i < len(text) and text[i] != "]":
        line += text.count("\n", seen, i)
        nl = text.rfind("\n", seen, i)
        if nl >= 0:
            line_start = nl + 1
        seen = i
        yield line, i - line_start + 1
        i = _skip_ws(text, _skip_value(text, i))
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
