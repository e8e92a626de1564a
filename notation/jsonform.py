"""FTN's JSON twin: records as JSON documents, and back, losing nothing.

Boundary: the JSON form of ``notation.model`` records and its JSON Schema
(``RECORD_SCHEMA``, published as ``schemas/record.schema.json``). This module
converts between records and JSON values, reads JSON texts (one document,
an array of games, or JSON Lines) with the place of every game (a document
whose strings are not Unicode text, a lone surrogate escape, is an error
item), and finds the line and column of any JSON Pointer in a text. It does not validate (the
verifier does, with the schema) and knows no rule of the game.

Conversion of a valid document (``game_from_json``) trusts the schema: call
it on documents that passed validation. Every element it builds carries its
real JSON Pointer; ``locate`` turns a pointer into its line and column.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

from .model import (
    NO_COMMENTS,
    Comments,
    Deal,
    EndTotalClaim,
    Event,
    Game,
    Knock,
    Placement,
    PointsClaim,
    Round,
    RoundResult,
    Tag,
    TotalsClaim,
    Winner,
)

JSON_FORMAT = "ftn-json-1"

# --------------------------------------------------------------------------
# Records to JSON.


def _comments(c: Comments) -> dict[str, Any] | None:
    if c is NO_COMMENTS or (not c.before and c.after is None):
        return None
    out: dict[str, Any] = {}
    if c.before:
        out["before"] = list(c.before)
    if c.after is not None:
        out["after"] = c.after
    return out


def _put(obj: dict[str, Any], key: str, value: Any) -> None:
    if value is not None:
        obj[key] = value


def _close(
    obj: dict[str, Any], line: int, col: int, comments: Comments, positions: bool,
    claims: dict[str, int] | None = None,
) -> dict[str, Any]:
    """Add an element's place (with its claims' columns), when asked for, and
    its comments."""
    if positions:
        obj["pos"] = {"line": line, "col": col, **(claims or {})}
    _put(obj, "comments", _comments(comments))
    return obj


def _with_totals(obj: dict[str, Any], totals: TotalsClaim | None) -> dict[str, int]:
    """Put a totals claim into ``obj``; its column, for the place."""
    if totals is None:
        return {}
    obj["totals"] = list(totals.values)
    return {"totals": totals.col}


def _event_json(ev: Event, positions: bool) -> dict[str, Any]:
    if isinstance(ev, Knock):
        return _close({"type": "knock", "seat": ev.seat}, ev.line, ev.col, ev.comments,
                      positions)
    obj: dict[str, Any] = {"type": "place", "seat": ev.seat, "tile": list(ev.tile)}
    _put(obj, "end", ev.end)
    cols: dict[str, int] = {}
    if ev.end_total is not None:
        obj["endTotal"] = ev.end_total.value
        cols["endTotal"] = ev.end_total.col
    if ev.points is not None:
        obj["points"] = ev.points.points
        _put(obj, "bonus", ev.points.bonus)
        if ev.points.discarded:
            obj["discarded"] = True
        cols["points"] = ev.points.col
    cols.update(_with_totals(obj, ev.totals))
    return _close(obj, ev.line, ev.col, ev.comments, positions, cols)


def _round_json(r: Round, positions: bool) -> dict[str, Any]:
    obj: dict[str, Any] = {"number": r.number, "opener": r.opener}
    obj["deals"] = [
        _close({"seat": d.seat, "tiles": [None if t is None else list(t) for t in d.tiles]},
               d.line, d.col, d.comments, positions)
        for d in r.deals
    ]
    obj["events"] = [_event_json(e, positions) for e in r.events]
    res = r.result
    if res is not None:
        rj: dict[str, Any] = {"outcome": res.outcome}
        _put(rj, "seat", res.seat)
        cols = _with_totals(rj, res.totals)
        obj["result"] = _close(rj, res.line, res.col, res.comments, positions, cols)
    return _close(obj, r.line, r.col, r.comments, positions)


def game_to_json(game: Game, positions: bool = False) -> dict[str, Any]:
    """The JSON form of a record (see ``RECORD_SCHEMA``). With ``positions``,
    every element carries ``pos``: its FTN line and column."""
    obj: dict[str, Any] = {"format": JSON_FORMAT}
    obj["tags"] = [
        _close({"key": t.key, "values": list(t.values)}, t.line, t.col, t.comments, positions)
        for t in game.tags
    ]
    obj["rounds"] = [_round_json(r, positions) for r in game.rounds]
    w = game.winner
    if w is not None:
        wj: dict[str, Any] = {"side": w.side}
        cols = _with_totals(wj, w.totals)
        obj["winner"] = _close(wj, w.line, w.col, w.comments, positions, cols)
    _put(obj, "comments", _comments(game.comments))
    _put(obj, "endComments", _comments(game.end_comments))
    if game.closing:
        obj["closing"] = list(game.closing)
    if positions:
        obj["pos"] = {"line": game.line, "col": game.col, "endLine": game.end_line}
    return obj


def dumps_game(game: Game, positions: bool = False) -> str:
    """One game as one line of JSON (for JSON Lines)."""
    return json.dumps(game_to_json(game, positions), ensure_ascii=False, separators=(",", ":"))


# --------------------------------------------------------------------------
# JSON to records.

def _c(obj: dict[str, Any]) -> Comments:
    c = obj.get("comments")
    if not c:
        return NO_COMMENTS
    return Comments(tuple(c.get("before", ())), c.get("after"))


_new = tuple.__new__

#: What a claim's pointer adds to its element's: the end total, the points
#: (and bonus), the totals.
END_TOTAL, POINTS, TOTALS = "/endTotal", "/points", "/totals"


def game_from_json(obj: dict[str, Any], base: str = "") -> Game:
    """A record from a schema-valid JSON document. Every element carries its
    JSON Pointer (``base`` is the document's own, e.g. ``/3`` in an array);
    a claim's pointer is its element's plus ``END_TOTAL``, ``POINTS`` or
    ``TOTALS``. Lines and columns stay 0: the reader's locator finds them in
    the text when a finding needs them."""
    tags = tuple(
        Tag(t["key"], tuple(t["values"]), 0, 0, _c(t), f"{base}/tags/{i}")
        for i, t in enumerate(obj["tags"])
    )
    rounds = []
    for ri, r in enumerate(obj["rounds"]):
        rp = f"{base}/rounds/{ri}"
        deals = tuple(
            Deal(
                d["seat"], tuple(None if t is None else (t[0], t[1]) for t in d["tiles"]),
                0, 0, _c(d), f"{rp}/deals/{di}",
            )
            for di, d in enumerate(r["deals"])
        )
        events: list[Event] = []
        ep = rp + "/events/"
        for ei, e in enumerate(r["events"]):
            cm = _c(e) if "comments" in e else NO_COMMENTS
            if e["type"] == "knock":
                events.append(_new(Knock, (e["seat"], 0, 0, cm, ep + str(ei))))
                continue
            t = e["tile"]
            et = e.get("endTotal")
            pts = e.get("points")
            tot = e.get("totals")
            events.append(_new(Placement, (
                e["seat"],
                (t[0], t[1]),
                e.get("end"),
                None if et is None else _new(EndTotalClaim, (et, 0)),
                None if pts is None else _new(PointsClaim, (
                    pts, e.get("bonus"), e.get("discarded", False), 0,
                )),
                None if tot is None else _new(TotalsClaim, (tuple(tot), 0)),
                0,
                0,
                cm,
                ep + str(ei),
            )))
        res = r.get("result")
        result = None
        if res is not None:
            rt = res.get("totals")
            result = RoundResult(
                res["outcome"], res.get("seat"),
                None if rt is None else TotalsClaim(tuple(rt), 0),
                0, 0, _c(res), rp + "/result",
            )
        rounds.append(Round(
            r["number"], r["opener"], deals, tuple(events), result, 0, 0, _c(r), rp,
        ))
    w = obj.get("winner")
    winner = None
    if w is not None:
        wt = w.get("totals")
        winner = Winner(
            w["side"], None if wt is None else TotalsClaim(tuple(wt), 0),
            0, 0, _c(w), base + "/winner",
        )
    return Game(
        tags, tuple(rounds), winner, 0, 0, 0, _c(obj),
        _c({"comments": obj.get("endComments")}), tuple(obj.get("closing", ())), base,
    )


# --------------------------------------------------------------------------
# Reading JSON texts.


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
    loads = _loads
    for n, raw in enumerate(lines, 1):
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
