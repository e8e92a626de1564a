"""FTN's JSON twin: records as JSON documents, and back, losing nothing.

Boundary: the JSON form of ``notation.model`` records and its JSON Schema
(``RECORD_SCHEMA``, published as ``schemas/record.schema.json``). This module
converts between records and JSON values; reading JSON texts and locating
JSON Pointers in them is ``json.text``'s. It does not validate (the verifier
does, with the schema) and knows no rule of the game.

Conversion of a valid document (``game_from_json``) trusts the schema: call
it on documents that passed validation. Every element it builds carries its
real JSON Pointer; ``json.text.locate`` turns a pointer into its line and
column.
"""

from __future__ import annotations

from typing import Any, Final

from notation.ftn.build import (
    DEAL_SLOTS,
    GAME_SLOTS,
    RESULT_SLOTS,
    ROUND_SLOTS,
    TAG_SLOTS,
    WINNER_SLOTS,
    make,
)
from notation.json.encoding import compact
from notation.model import (
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
    return compact(game_to_json(game, positions))


# --------------------------------------------------------------------------
# JSON to records.

def _c(obj: dict[str, Any]) -> Comments:
    c = obj.get("comments")
    if not c:
        return NO_COMMENTS
    return Comments(tuple(c.get("before", ())), c.get("after"))


_new: Final = tuple.__new__
# The records' classes as final names: compiled (mypyc), a final name is
# read from a C variable, another from the module's dict.
_PLACEMENT: Final = Placement
_KNOCK: Final = Knock
_POINTS_CLAIM: Final = PointsClaim
_TOTALS_CLAIM: Final = TotalsClaim
_END_TOTAL: Final = EndTotalClaim
_NONE: Final = NO_COMMENTS


# Claims are immutable: the common ones are made once and shared; so are
# the tiles, as pairs (kept as objects: a typed pair would be unpacked and
# built again by compiled code at each use).
_END_TOTALS: Final[dict[int, Any]] = {n: EndTotalClaim(n, 0) for n in range(256)}
_POINTS: Final[dict[int, Any]] = {n: PointsClaim(n, None, False, 0) for n in range(256)}
_INDEX: Final = [str(i) for i in range(256)]  # an event's index in its pointer
_PAIRS: Final[list[Any]] = [(a, b) for a in range(32) for b in range(32)]


def _pair(t: list[int]) -> Any:
    """A tile of JSON (``[a, b]``) as a pair, shared."""
    a, b = t[0], t[1]
    return _PAIRS[a << 5 | b] if 0 <= a < 32 and 0 <= b < 32 else (a, b)


def _totals(values: list[int], made: dict[tuple[int, ...], TotalsClaim]) -> TotalsClaim:
    """A totals claim, shared with the same claim made before in a game."""
    key = tuple(values)
    claim = made.get(key)
    if claim is None:
        claim = made[key] = _new(_TOTALS_CLAIM, (key, 0))
    return claim


def _tiles(tiles: list[list[int] | None]) -> tuple[tuple[int, int] | None, ...]:
    out: list[Any] = []
    for t in tiles:
        out.append(None if t is None else _pair(t))
    return tuple(out)


def _events(evs: list[dict[str, Any]], ep: str,
            made: dict[tuple[int, ...], TotalsClaim]) -> tuple[Event, ...]:
    """The events of a round, each at ``ep`` and its index."""
    events: list[Any] = []
    index = _INDEX if len(evs) <= len(_INDEX) else [str(i) for i in range(len(evs))]
    for ei in range(len(evs)):
        e = evs[ei]
        cm = _c(e) if "comments" in e else _NONE
        tot = e.get("totals")
        tc = None if tot is None else _totals(tot, made)
        if e["type"] == "knock":
            events.append(_new(_KNOCK, (e["seat"], 0, 0, cm, ep + index[ei], tc)))
            continue
        et = e.get("endTotal")
        pts = e.get("points")
        if pts is None:
            pc = None
        elif "bonus" in e or "discarded" in e:
            pc = _new(_POINTS_CLAIM, (pts, e.get("bonus"), e.get("discarded", False), 0))
        else:
            pc = _POINTS.get(pts) or _new(_POINTS_CLAIM, (pts, None, False, 0))
        events.append(_new(_PLACEMENT, (
            e["seat"],
            _pair(e["tile"]),
            e.get("end"),
            None if et is None else _END_TOTALS.get(et) or _new(_END_TOTAL, (et, 0)),
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
        make(Tag, TAG_SLOTS, (t["key"], tuple(t["values"]), 0, 0, _c(t), f"{base}/tags/{i}"))
        for i, t in enumerate(obj["tags"])
    ])
    rounds = []
    made: dict[tuple[int, ...], TotalsClaim] = {}
    for ri, r in enumerate(obj["rounds"]):
        rp = f"{base}/rounds/{ri}"
        dp = rp + "/deals/"
        deals = tuple([
            make(Deal, DEAL_SLOTS, (d["seat"], _tiles(d["tiles"]), 0, 0,
                                    _c(d) if "comments" in d else _NONE, dp + str(di)))
            for di, d in enumerate(r["deals"])
        ])
        events = _events(r["events"], rp + "/events/", made)
        res = r.get("result")
        result = None
        if res is not None:
            rt = res.get("totals")
            result = make(RoundResult, RESULT_SLOTS, (
                res.get("outcome"), res.get("seat"), None if rt is None else _totals(rt, made),
                0, 0, _c(res), rp + "/result",
            ))
        rounds.append(make(Round, ROUND_SLOTS, (
            r["number"], r["opener"], deals, events, result, 0, 0, _c(r), rp,
        )))
    w = obj.get("winner")
    winner = None
    if w is not None:
        wt = w.get("totals")
        winner = make(Winner, WINNER_SLOTS, (
            w["side"], None if wt is None else _totals(wt, made),
            0, 0, _c(w), base + "/winner",
        ))
    return make(Game, GAME_SLOTS, (
        tags, tuple(rounds), winner, 0, 0, 0, _c(obj),
        _c({"comments": obj.get("endComments")}), tuple(obj.get("closing", ())), base,
    ))
