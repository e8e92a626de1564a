"""Tests of notation.json.form: records to JSON and back, reading JSON texts,
and locating JSON Pointers."""

from __future__ import annotations

import json

from support.paths import SAMPLES, read_sample

from notation.ftn.reader import parse_games
from notation.json.form import game_from_json, game_to_json
from notation.json.text import iter_json, locate, looks_like_json
from notation.model import POINTS, Placement

FOUR = read_sample("valid", "four-players.ftn")


def test_round_trip_keeps_everything_but_places() -> None:
    for path in sorted((SAMPLES / "valid").glob("*.ftn")):
        for game in parse_games(path.read_text(encoding="utf-8")):
            doc = game_to_json(game)
            assert json.loads(json.dumps(doc)) == doc
            back = game_from_json(doc)
            assert back.without_positions() == game.without_positions()


def test_json_shape_of_events_and_claims() -> None:
    game = parse_games(FOUR)[0]
    doc = game_to_json(game)
    assert doc["format"] == "ftn-json-1"
    assert doc["tags"][0] == {"key": "ftn", "values": ["1"]}
    assert doc["comments"]["before"][0].startswith(" Four players")
    r1 = doc["rounds"][0]
    assert r1["deals"][0] == {"seat": "N", "tiles": [[0, 4], [2, 4], [3, 3], [4, 5], [5, 5]]}
    assert r1["events"][0] == {
        "type": "place", "seat": "N", "tile": [5, 4], "endTotal": 9, "points": 3,
        "totals": [3, 0],
    }
    assert r1["events"][9] == {"type": "knock", "seat": "E"}
    assert r1["result"] == {"outcome": "blocked", "totals": [15, 9]}
    e = doc["rounds"][3]["events"][-1]
    assert (e["points"], e["bonus"], e["comments"]["after"]) == (
        0, 1, " second partner out: 0 points + bonus 1 (R7.2)"
    )
    over = next(e for r in doc["rounds"] for e in r["events"] if e.get("discarded"))
    assert (over["points"], over["totals"]) == (4, [59, 37])
    assert doc["winner"] == {"side": "N+S", "totals": [61, 49]}


def test_positions_on_request() -> None:
    game = parse_games(FOUR)[0]
    doc = game_to_json(game, positions=True)
    ev = game.rounds[0].events[0]
    assert isinstance(ev, Placement) and ev.end_total and ev.points and ev.totals
    assert doc["rounds"][0]["events"][0]["pos"] == {
        "line": ev.line, "col": ev.col, "endTotal": ev.end_total.col,
        "points": ev.points.col, "totals": ev.totals.col,
    }
    assert doc["pos"] == {"line": game.line, "col": 1, "endLine": game.end_line}
    # Positions are informative: reading ignores them.
    assert game_from_json(doc).without_positions() == game.without_positions()


def test_every_element_read_from_json_carries_its_real_pointer() -> None:
    doc = game_to_json(parse_games(FOUR)[0])
    game = game_from_json(doc, base="/7")
    ev = game.rounds[2].events[4]
    assert isinstance(ev, Placement) and ev.points and ev.totals
    assert ev.pointer == "/7/rounds/2/events/4"
    assert ev.pointer + POINTS == "/7/rounds/2/events/4/points"
    assert (ev.line, ev.col, ev.points.col) == (0, 0, 0)  # located only when needed
    assert game.rounds[1].pointer == "/7/rounds/1"
    assert game.rounds[1].deals[0].pointer == "/7/rounds/1/deals/0"
    assert game.tags[0].pointer == "/7/tags/0"
    assert game.winner is not None and game.winner.pointer == "/7/winner"
    assert game.pointer == "/7"
    text = "[\n" + json.dumps(doc) + ",\n" + json.dumps(doc) + "\n]"
    line, col = locate(text, "/1/rounds/2/events/4")
    assert line == 3 and text.split("\n")[2][col - 1] == "{"


def test_iter_json_forms() -> None:
    one = '{\n  "a": 1\n}\n'
    assert [(i.value, i.line, i.col, i.base) for i in iter_json(one)] == [({"a": 1}, 1, 1, "")]
    arr = '[\n {"a": 1},\n   {"b": 2}\n]'
    assert [(i.value, i.line, i.col, i.base) for i in iter_json(arr)] == [
        ({"a": 1}, 2, 2, "/0"), ({"b": 2}, 3, 4, "/1")
    ]
    lines = '{"a": 1}\n\n  {"b": 2.0}\n{"c": 2.5}\n{"d": \n'
    items = list(iter_json(lines))
    assert [(i.value, i.line) for i in items[:3]] == [({"a": 1}, 1), ({"b": 2}, 3), ({"c": 2.5}, 4)]
    assert type(items[1].value["b"]) is int  # 2.0 is the integer 2
    bad = items[3]
    assert bad.value is None and bad.error == "bad JSON: Expecting value" and bad.line == 5
    broken = list(iter_json("[1, 2"))
    assert broken[0].error is not None and broken[0].value is None


def test_locate() -> None:
    text = '{"a": [10, {"b~c": 1, "d/e": [7, 8]}],\n "z": null}'
    assert locate(text, "") == (1, 1)
    assert locate(text, "/a/0") == (1, 8)
    assert locate(text, "/a/1/b~0c") == (1, 20)
    assert locate(text, "/a/1/d~1e/1") == (1, 34)
    assert locate(text, "/z") == (2, 7)
    assert locate(text, "/a/1/missing") == (1, 12)  # the deepest value found


def test_looks_like_json() -> None:
    assert looks_like_json('\ufeff  \n {"x": 1}') and looks_like_json("[]")
    assert not looks_like_json("game\nend\n") and not looks_like_json("")


def test_a_lone_surrogate_escape_is_an_error_where_it_stands() -> None:
    """JSON lets a string hold half of a surrogate pair (\\ud800 alone); such
    a string is not Unicode text (RFC 7493 forbids it), FTN and UTF-8 cannot
    hold it: the document is an error, not a game."""
    head = '{"format":"ftn-json-1","tags":[{"key":"event","values":['
    lone = head + '"a\\ud800"]}],"rounds":[]}'
    pair = head + '"\\ud83d\\ude00","\\\\ud800"]}],"rounds":[]}'  # a pair; an escaped "\"
    items = list(iter_json(pair + "\n" + lone + "\n"))
    assert items[0].error is None and items[0].value["tags"][0]["values"] == ["😀", "\\ud800"]
    assert (items[1].line, items[1].col) == (2, len(head) + 3)
    assert items[1].error == "a string holds a lone surrogate escape (\\ud800): not Unicode text"
    assert items[1].value is None
    # In an array, only the item that holds it, at the escape.
    items = list(iter_json("[" + pair + ",\n" + lone.replace("ud800", "udc00") + "]"))
    assert items[0].error is None
    assert items[1].error is not None and (items[1].line, items[1].col) == (2, len(head) + 3)


def test_claims_past_the_shared_ones_and_of_every_kind() -> None:
    """Claims are shared where equal (they are immutable); numbers past the
    shared ones, bonuses, discards and unknown tiles read as written."""
    doc = {"format": "ftn-json-1", "tags": [], "rounds": [{
        "number": 1, "opener": "N",
        "deals": [{"seat": "N", "tiles": [[6, 6], None]}, {"seat": "S", "tiles": [[1, 2]]}],
        "events": [
            {"type": "place", "seat": "N", "tile": [6, 6], "endTotal": 300, "points": 257,
             "totals": [257, 0]},
            {"type": "place", "seat": "S", "tile": [6, 1], "end": "L", "endTotal": 7,
             "points": 0, "bonus": 1, "discarded": True, "totals": [257, 0]},
            {"type": "knock", "seat": "N", "totals": [257, 0]},
            {"type": "place", "seat": "S", "tile": [1, 2], "points": 3},
        ],
        "result": {"outcome": "blocked", "totals": [257, 0]},
    }], "winner": {"side": "N", "totals": [257, 0]}}
    g = game_from_json(doc)
    r = g.rounds[0]
    assert r.deals[0].tiles == ((6, 6), None) and r.deals[1].tiles == ((1, 2),)
    e0, e1, e2, e3 = r.events
    assert isinstance(e0, Placement) and isinstance(e1, Placement)
    assert isinstance(e3, Placement)
    assert (e0.end_total, e0.points, e0.totals) == ((300, 0), (257, None, False, 0),
                                                     ((257, 0), 0))
    assert (e1.end, e1.end_total, e1.points) == ("L", (7, 0), (0, 1, True, 0))
    assert (e3.end, e3.end_total, e3.points, e3.totals) == (None, None, (3, None, False, 0), None)
    assert e2.totals == e0.totals == e1.totals == r.result.totals == g.winner.totals  # type: ignore[union-attr]
    assert game_to_json(g) == doc


def test_pointers_of_a_round_of_many_events() -> None:
    doc = {"format": "ftn-json-1", "tags": [], "rounds": [{
        "number": 1, "opener": "N", "deals": [],
        "events": [{"type": "knock", "seat": "N"}] * 300 + [
            {"type": "place", "seat": "N", "tile": [1, 2]}],
    }]}
    events = game_from_json(doc, "/2").rounds[0].events
    assert [e.pointer for e in events] == [f"/2/rounds/0/events/{i}" for i in range(301)]
