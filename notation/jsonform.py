"""FTN's JSON twin: records as JSON documents, and back, losing nothing.

Boundary: the JSON form of ``notation.model`` records and its JSON Schema
(``RECORD_SCHEMA``, published as ``schemas/record.schema.json``). This module
converts between records and JSON values; reading JSON texts and locating
JSON Pointers in them is ``jsontext``'s. It does not validate (the verifier
does, with the schema) and knows no rule of the game.

Conversion of a valid document (``game_from_json``) trusts the schema: call
it on documents that passed validation. Every element it builds carries its
real JSON Pointer; ``jsontext.locate`` turns a pointer into its line and
column.
"""

from __future__ import annotations

import json
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
        knock: dict[str, Any] = {"type": "knock", "seat": ev.seat}
        return _close(knock, ev.line, ev.col, ev.comments, positions,
                      _with_totals(knock, ev.totals))
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
        rj: dict[str, Any] = {}
        _put(rj, "outcome", res.outcome)
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

# Claims are immutable: the common ones are made once and shared.
_END_TOTALS = {n: EndTotalClaim(n, 0) for n in range(256)}
_POINTS = {n: PointsClaim(n, None, False, 0) for n in range(256)}
_INDEX = [str(i) for i in range(256)]  # an event's index in its pointer


def _totals(values: list[int], made: dict[tuple[int, ...], TotalsClaim]) -> TotalsClaim:
    """A totals claim, shared with the same claim made before in a game."""
    key = tuple(values)
    claim = made.get(key)
    if claim is None:
        claim = made[key] = _new(TotalsClaim, (key, 0))
    return claim


def _tiles(tiles: list[list[int] | None]) -> tuple[tuple[int, int] | None, ...]:
    if None in tiles:
        return tuple([None if t is None else (t[0], t[1]) for t in tiles])
    return tuple(map(tuple, tiles))  # type: ignore[arg-type]  # two pips each


def _events(evs: list[dict[str, Any]], ep: str,
            made: dict[tuple[int, ...], TotalsClaim]) -> tuple[Event, ...]:
    """The events of a round, each at ``ep`` and its index."""
    events: list[Event] = []
    append = events.append
    index = _INDEX if len(evs) <= len(_INDEX) else [str(i) for i in range(len(evs))]
    for ei, e in enumerate(evs):
        cm = _c(e) if "comments" in e else NO_COMMENTS
        tot = e.get("totals")
        if tot is None:
            tc = None
        else:  # _totals, written out: most events claim totals
            key = tuple(tot)
            tc = made.get(key)
            if tc is None:
                tc = made[key] = _new(TotalsClaim, (key, 0))
        if e["type"] == "knock":
            append(_new(Knock, (e["seat"], 0, 0, cm, ep + index[ei], tc)))
            continue
        t = e["tile"]
        et = e.get("endTotal")
        pts = e.get("points")
        if pts is None:
            pc = None
        elif "bonus" in e or "discarded" in e:
            pc = _new(PointsClaim, (pts, e.get("bonus"), e.get("discarded", False), 0))
        else:
            pc = _POINTS.get(pts) or _new(PointsClaim, (pts, None, False, 0))
        append(_new(Placement, (
            e["seat"],
            (t[0], t[1]),
            e.get("end"),
            None if et is None else _END_TOTALS.get(et) or _new(EndTotalClaim, (et, 0)),
            pc,
            tc,
            0,
            0,
            cm,
            ep + index[ei],
        )))
    return tuple(events)


def game_from_json(obj: dict[str, Any], base: str = "") -> Game:
    """A record from a schema-valid JSON document. Every element carries its
    JSON Pointer (``base`` is the document's own, e.g. ``/3`` in an array);
    a claim's pointer is its element's plus ``END_TOTAL``, ``POINTS`` or
    ``TOTALS``. Lines and columns stay 0: the reader's locator finds them in
    the text when a finding needs them. Equal claims may be one object."""
    tags = tuple([
        Tag(t["key"], tuple(t["values"]), 0, 0, _c(t), f"{base}/tags/{i}")
        for i, t in enumerate(obj["tags"])
    ])
    rounds = []
    made: dict[tuple[int, ...], TotalsClaim] = {}
    for ri, r in enumerate(obj["rounds"]):
        rp = f"{base}/rounds/{ri}"
        dp = rp + "/deals/"
        deals = tuple([
            Deal(d["seat"], _tiles(d["tiles"]), 0, 0,
                 _c(d) if "comments" in d else NO_COMMENTS, dp + str(di))
            for di, d in enumerate(r["deals"])
        ])
        events = _events(r["events"], rp + "/events/", made)
        res = r.get("result")
        result = None
        if res is not None:
            rt = res.get("totals")
            result = RoundResult(
                res.get("outcome"), res.get("seat"), None if rt is None else _totals(rt, made),
                0, 0, _c(res), rp + "/result",
            )
        rounds.append(Round(
            r["number"], r["opener"], deals, events, result, 0, 0, _c(r), rp,
        ))
    w = obj.get("winner")
    winner = None
    if w is not None:
        wt = w.get("totals")
        winner = Winner(
            w["side"], None if wt is None else _totals(wt, made),
            0, 0, _c(w), base + "/winner",
        )
    return Game(
        tags, tuple(rounds), winner, 0, 0, 0, _c(obj),
        _c({"comments": obj.get("endComments")}), tuple(obj.get("closing", ())), base,
    )
