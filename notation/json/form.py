"""FTN's JSON twin: records as JSON documents, and back, losing nothing.

Boundary: the JSON form of ``notation.model`` records and its JSON Schema
(``RECORD_SCHEMA``, published as ``schemas/record.schema.json``). This module
converts between records and JSON values; reading JSON texts and locating
JSON Pointers in them is ``json.text``'s. It does not validate (the verifier
does, with the schema) and knows no rule of the game.

Conversion of a valid document (``game_from_json``) trusts the schema: call
it on documents that passed validation. ``game_from_structs`` builds the same
record from a game decoded into ``json.structs``' types, and tests what those
types do not state (None where it fails: the caller reads the text again).
Every element they build carries its real JSON Pointer; ``json.text.locate``
turns a pointer into its line and column.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

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
    MAX_ROUNDS,
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

if TYPE_CHECKING:
    from msgspec import UnsetType

    from notation.json.structs import CommentsS, GameS, KnockS, PlaceS, ResultS, RoundS

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
END_TOTALS: Final[dict[int, Any]] = {n: EndTotalClaim(n, 0) for n in range(256)}
POINTS: Final[dict[int, Any]] = {n: PointsClaim(n, None, False, 0) for n in range(256)}
_INDEX: Final = [str(i) for i in range(256)]  # an event's index in its pointer
PAIRS: Final[list[Any]] = [(a, b) for a in range(32) for b in range(32)]


def shared_pair(t: list[int] | tuple[int, int]) -> Any:
    """A tile of JSON (``[a, b]``) as a pair, shared."""
    a, b = t[0], t[1]
    return PAIRS[a << 5 | b] if 0 <= a < 32 and 0 <= b < 32 else (a, b)


def shared_points(points: int) -> PointsClaim:
    """A points claim of no bonus, not discarded, shared."""
    return POINTS.get(points) or _new(_POINTS_CLAIM, (points, None, False, 0))


def shared_end_total(value: int) -> EndTotalClaim:
    """An end total claim, shared."""
    return END_TOTALS.get(value) or _new(_END_TOTAL, (value, 0))


def _totals(values: list[int] | tuple[int, ...],
            made: dict[tuple[int, ...], TotalsClaim]) -> TotalsClaim:
    """A totals claim, shared with the same claim made before in a game
    (``values`` as JSON gives them, or as a typed value: a tuple)."""
    key = tuple(values)
    claim = made.get(key)
    if claim is None:
        claim = made[key] = _new(_TOTALS_CLAIM, (key, 0))
    return claim


def _tiles(tiles: list[list[int] | None]) -> tuple[tuple[int, int] | None, ...]:
    out: list[Any] = []
    for t in tiles:
        out.append(None if t is None else shared_pair(t))
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
            pc = shared_points(pts)
        events.append(_new(_PLACEMENT, (
            e["seat"],
            shared_pair(e["tile"]),
            e.get("end"),
            None if et is None else shared_end_total(et),
            pc,
            tc,
            0,
            0,
            cm,
            ep + index[ei],
        )))
    return tuple(events)


def _tags(tags: list[dict[str, Any]], base: str) -> tuple[Tag, ...]:
    """The header tags of a document (JSON values: the typed reader leaves
    them untyped), each at its pointer under ``base``."""
    return tuple([
        make(Tag, TAG_SLOTS, (t["key"], tuple(t["values"]), 0, 0, _c(t), f"{base}/tags/{i}"))
        for i, t in enumerate(tags)
    ])


def game_from_json(obj: dict[str, Any], base: str = "") -> Game:
    """A record from a schema-valid JSON document. Every element carries its
    JSON Pointer (``base`` is the document's own, e.g. ``/3`` in an array);
    a claim's pointer is its element's plus ``END_TOTAL``, ``POINTS`` or
    ``TOTALS``. Lines and columns stay 0: the reader's locator finds them in
    the text when a finding needs them. Equal claims may be one object."""
    tags = _tags(obj["tags"], base)
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


# --------------------------------------------------------------------------
# Typed values (``json.structs``) to records.


try:  # the value of a field left out (without msgspec, no ``Struct`` is read)
    from msgspec import UNSET
except ImportError:  # pragma: no cover - msgspec is installed with the tools on CPython
    UNSET = None  # type: ignore[assignment,misc]


def _s_comments(c: CommentsS | UnsetType) -> Comments:
    if c is UNSET or (c.before is UNSET and c.after is UNSET):
        return NO_COMMENTS
    return Comments(() if c.before is UNSET else tuple(c.before),
                    None if c.after is UNSET else c.after)


def _maybe_totals(values: tuple[int, ...] | UnsetType,
                  made: dict[tuple[int, ...], TotalsClaim]) -> TotalsClaim | None:
    return None if values is UNSET else _totals(values, made)


def _s_events(evs: list[PlaceS | KnockS], ep: str,
            made: dict[tuple[int, ...], TotalsClaim]) -> tuple[Any, ...] | None:
    """The events of a round, each at ``ep`` and its index; None for a
    placement of ``bonus`` or ``discarded`` without ``points``."""
    events: list[Any] = []
    index = _INDEX if len(evs) <= len(_INDEX) else [str(i) for i in range(len(evs))]
    for ei in range(len(evs)):
        e = evs[ei]
        cm = _NONE if e.comments is UNSET else _s_comments(e.comments)
        tot = e.totals
        tc = None if tot is UNSET else _totals(tot, made)
        if e.knock:
            events.append(_new(_KNOCK, (e.seat, 0, 0, cm, ep + index[ei], tc)))
            continue
        p: PlaceS = e  # type: ignore[assignment]
        et = p.endTotal
        pts = p.points
        if p.bonus is UNSET and p.discarded is UNSET:
            pc = None if pts is UNSET else POINTS.get(pts) or shared_points(pts)
        elif pts is UNSET:
            return None  # dependentRequired
        else:
            pc = _new(_POINTS_CLAIM, (pts, None if p.bonus is UNSET else p.bonus,
                                      False if p.discarded is UNSET else p.discarded, 0))
        a, b = p.tile
        end = p.end
        events.append(_new(_PLACEMENT, (
            p.seat, PAIRS[a << 5 | b] if a < 32 and b < 32 else (a, b),
            None if end is UNSET else end,
            None if et is UNSET else END_TOTALS.get(et) or shared_end_total(et),
            pc, tc, 0, 0, cm, ep + index[ei],
        )))
    return tuple(events)


def _s_result(res: ResultS, rp: str, made: dict[tuple[int, ...], TotalsClaim]) -> Any:
    """A round's result; None where its seat does not go with its outcome
    (a seat for a domino, and for nothing else)."""
    if (res.outcome == "domino") == (res.seat is UNSET):
        return None
    return make(RoundResult, RESULT_SLOTS, (
        None if res.outcome is UNSET else res.outcome, None if res.seat is UNSET else res.seat,
        _maybe_totals(res.totals, made), 0, 0, _s_comments(res.comments), rp + "/result",
    ))


def _s_round(r: RoundS, rp: str, made: dict[tuple[int, ...], TotalsClaim]) -> Round | None:
    dp = rp + "/deals/"
    deals = tuple([
        make(Deal, DEAL_SLOTS, (d.seat, tuple([None if t is None else shared_pair(t)
                                               for t in d.tiles]),
                                0, 0, _s_comments(d.comments), dp + str(di)))
        for di, d in enumerate(r.deals)
    ])
    events = _s_events(r.events, rp + "/events/", made)
    result = None if r.result is UNSET else _s_result(r.result, rp, made)
    if events is None or (result is None and r.result is not UNSET):
        return None
    return make(Round, ROUND_SLOTS, (
        r.number, r.opener, deals, events, result, 0, 0, _s_comments(r.comments), rp,
    ))


def game_from_structs(g: GameS) -> Game | None:
    """The record of a game decoded into ``json.structs``' types (its tags
    passed their test), as ``game_from_json`` makes it of the same text's
    dicts; None where a constraint the types do not state fails (a points
    claim's parts without its points, a result's seat and outcome at odds,
    more than ``MAX_ROUNDS`` rounds)."""
    if len(g.rounds) > MAX_ROUNDS:
        return None
    made: dict[tuple[int, ...], TotalsClaim] = {}
    rounds = []
    for ri, r in enumerate(g.rounds):
        built = _s_round(r, f"/rounds/{ri}", made)
        if built is None:
            return None
        rounds.append(built)
    w = g.winner
    winner = None if w is UNSET else make(Winner, WINNER_SLOTS, (
        w.side, _maybe_totals(w.totals, made), 0, 0, _s_comments(w.comments), "/winner"))
    return make(Game, GAME_SLOTS, (
        _tags(g.tags, ""), tuple(rounds), winner, 0, 0, 0, _s_comments(g.comments),
        _s_comments(g.endComments), () if g.closing is UNSET else tuple(g.closing), "",
    ))
