"""The typed reader of JSON Lines games (``notation.json.structs``): its
types held to the record schema, and every constraint they leave to the
slow path falling back to it, with today's messages."""

from __future__ import annotations

import copy
import json
from typing import Any

import msgspec.inspect as mi
import pytest

from notation.json.form import game_from_json
from notation.json.schema import RECORD_SCHEMA
from notation.json.structs import GameS, KnockS, PlaceS
from notation.model import Placement, PointsClaim
from verifier.files import formats
from verifier.files.formats import _typed, read_jsonl
from verifier.files.validation import bounded, with_bounds

_NOISE = {"description", "examples", "$schema", "$id", "title"}


def _plain(schema: Any) -> Any:
    """A schema without its words for people, each const an enum."""
    if isinstance(schema, list):
        return [_plain(s) for s in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: _plain(v) for k, v in schema.items() if k not in _NOISE}
    if "const" in out:
        out["enum"] = [out.pop("const")]
    if "enum" in out:
        out["enum"] = sorted(out["enum"])
    return out


def _keywords(t: Any) -> Any:
    """The schema keywords a msgspec type enforces."""
    if isinstance(t, mi.UnionType):
        return {"anyOf": [_keywords(x) for x in t.types]}
    if isinstance(t, mi.IntType):
        return {"type": "integer", "minimum": t.ge, "maximum": t.le}
    if isinstance(t, mi.StrType):
        return {"type": "string", **({"pattern": t.pattern} if t.pattern else {})}
    if isinstance(t, mi.BoolType):
        return {"type": "boolean"}
    if isinstance(t, mi.NoneType):
        return {"type": "null"}
    if isinstance(t, mi.LiteralType):
        return {"enum": sorted(t.values)}
    if isinstance(t, mi.AnyType):
        return {}
    if isinstance(t, mi.TupleType):
        return {"type": "array", "prefixItems": [_keywords(x) for x in t.item_types],
                "items": False, "minItems": len(t.item_types)}
    if isinstance(t, (mi.ListType, mi.VarTupleType)):
        out = {"type": "array", "items": _keywords(t.item_type)}
        return {**out, "minItems": t.min_length} if t.min_length else out
    assert isinstance(t, mi.StructType), t
    props = {f.encode_name: _keywords(f.type) for f in t.fields}
    if t.tag_field is not None:
        props[t.tag_field] = {"enum": [t.tag]}
    required = sorted([f.encode_name for f in t.fields if f.required]
                      + ([t.tag_field] if t.tag_field else []))
    out = {"type": "object", "properties": props, "additionalProperties": False}
    return {**out, "required": required} if required else out


def _record() -> dict[str, Any]:
    schema: dict[str, Any] = _plain(with_bounds(RECORD_SCHEMA))
    for obj in _objects(schema):
        if "required" in obj:
            obj["required"] = sorted(obj["required"])
    return schema


def _objects(schema: Any) -> list[dict[str, Any]]:
    out = []
    if isinstance(schema, dict):
        if schema.get("type") == "object":
            out.append(schema)
        for v in schema.values():
            out += _objects(v)
    elif isinstance(schema, list):
        for v in schema:
            out += _objects(v)
    return out


def test_the_game_struct_is_the_record_schema_less_what_the_builder_tests() -> None:
    schema = _record()
    rounds = schema["properties"]["rounds"]["items"]
    events = rounds["properties"].pop("events")
    result = rounds["properties"]["result"]
    # Left to the builder (and tested below): the result's seat with its outcome.
    assert (result.pop("if"), result.pop("then"), result.pop("else")) == (
        {"required": ["outcome"], "properties": {"outcome": {"enum": ["domino"]}}},
        {"required": ["seat"]}, {"not": {"required": ["seat"]}})
    # Left to ``tags_test``: the tags, by the schema itself.
    schema["properties"]["tags"] = {}
    typed = _keywords(mi.type_info(GameS))
    typed["properties"]["rounds"]["items"]["properties"].pop("events")
    assert typed == schema
    # The events: a knock and a placement told apart by their type.
    assert events["items"]["properties"]["type"] == {"enum": ["knock", "place"]}
    place = events["items"]["else"]
    assert place.pop("dependentRequired") == {"bonus": ["points"], "discarded": ["points"]}
    assert _keywords(mi.type_info(PlaceS)) == place
    assert _keywords(mi.type_info(KnockS)) == events["items"]["then"]


GAME: dict[str, Any] = {
    "format": "ftn-json-1",
    "tags": [{"key": "ftn", "values": ["1"]}, {"key": "seat", "values": ["N"]},
             {"key": "seat", "values": ["S"]}],
    "rounds": [{
        "number": 1, "opener": "N",
        "deals": [{"seat": "N", "tiles": [[6, 6], None]}],
        "events": [
            {"type": "place", "seat": "N", "tile": [6, 6], "endTotal": 12, "points": 4,
             "totals": [4, 0], "comments": {"after": "lead"}},
            {"type": "place", "seat": "S", "tile": [6, 4], "end": "L", "endTotal": 16,
             "points": 10, "bonus": 0, "discarded": True, "totals": [4, 0]},
            {"type": "knock", "seat": "N", "totals": [4, 0]},
        ],
        "result": {"outcome": "domino", "seat": "S", "totals": [4, 0]},
    }],
    "winner": {"side": "none", "totals": [4, 0], "comments": {"before": ["x"]}},
    "comments": {"before": ["a", ""]}, "endComments": {}, "closing": ["end"],
    "pos": {"line": 1, "col": 1, "endLine": 9},
}


def test_a_valid_game_is_read_typed_to_the_record_of_its_dicts() -> None:
    text = json.dumps(GAME)
    assert bounded("record")(GAME)
    typed = _typed()
    assert typed is not None
    record = typed(text)
    assert record is not None
    assert record == game_from_json(json.loads(text))
    assert repr(record) == repr(game_from_json(json.loads(text)))


def _with(path: list[Any], value: Any) -> dict[str, Any]:
    game = copy.deepcopy(GAME)
    at: Any = game
    for k in path[:-1]:
        at = at[k]
    if value is _DROP:
        del at[path[-1]]
    else:
        at[path[-1]] = value
    return game


_DROP: Any = object()
_EV = ["rounds", 0, "events"]

# One case per constraint: each falls back, and reads as it did.
REFUSED: dict[str, tuple[list[Any], Any]] = {
    "format": (["format"], "ftn-json-2"),
    "unknown key": (["zzz"], 1),
    "null for an absent end": ([*_EV, 1, "end"], None),
    "end L or R": ([*_EV, 1, "end"], "X"),
    "reserved seat": ([*_EV, 0, "seat"], "knock"),
    "seat pattern": (["rounds", 0, "opener"], "1N"),
    "pip over 99": ([*_EV, 0, "tile"], [100, 0]),
    "a tile of three": ([*_EV, 0, "tile"], [1, 2, 3]),
    "a negative count": ([*_EV, 0, "points"], -1),
    "a number of 19 digits": ([*_EV, 0, "endTotal"], 10**18),
    "a float": ([*_EV, 0, "points"], 4.5),
    "a whole float": ([*_EV, 0, "points"], 4.0),
    "a bool for a count": ([*_EV, 0, "points"], True),
    "empty totals": ([*_EV, 0, "totals"], []),
    "round 0": (["rounds", 0, "number"], 0),
    "bonus without points": ([*_EV, 1, "points"], _DROP),
    "a seat for a blocked round": (["rounds", 0, "result", "outcome"], "blocked"),
    "no seat for a domino": (["rounds", 0, "result", "seat"], _DROP),
    "a bad tag value": (["tags", 0, "values"], ["2"]),
    "a comment with a trailing blank": (["winner", "comments", "before"], ["x "]),
    "a winner side": (["winner", "side"], "game"),
    "a knock with a tile": ([*_EV, 2, "tile"], [1, 1]),
    "an unknown event type": ([*_EV, 2, "type"], "pass"),
    "a deal of no tiles": (["rounds", 0, "deals", 0, "tiles"], []),
    "an unknown pos key": (["pos", "points"], 3),
    "a missing rounds": (["rounds"], _DROP),
}


def _slow(text: str, monkeypatch: pytest.MonkeyPatch) -> Any:
    """The line read without the typed reader: today's path alone."""
    with monkeypatch.context() as m:
        m.setattr(formats, "_typed", lambda: None)
        (read,) = read_jsonl([text], "x.jsonl")
    return read


@pytest.mark.parametrize("name", list(REFUSED))
def test_what_the_types_refuse_falls_back_to_the_schema_messages(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    path, value = REFUSED[name]
    text = json.dumps(_with(path, value))
    typed = _typed()
    assert typed is not None
    assert typed(text) is None
    (read,) = read_jsonl([text], "x.jsonl")
    slow = _slow(text, monkeypatch)
    assert (read.game, read.problems) == (slow.game, slow.problems)
    if name == "a whole float":  # valid: the dicts' 4.0 is 4
        assert read.game is not None
        first = read.game.rounds[0].events[0]
        assert isinstance(first, Placement) and first.points == PointsClaim(4, None, False, 0)
        return
    assert read.game is None and read.problems
    expected = "syntax-error" if name == "a number of 19 digits" else "schema-violation"
    assert {d.name for d in read.problems} == {expected}


def test_a_duplicate_key_falls_back_where_its_first_value_is_refused(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """msgspec checks each value of a key given twice; the dicts keep the
    last: a refused first value falls back, and the last one is read."""
    text = json.dumps(GAME).replace('"opener": "N"', '"opener": "1", "opener": "N"')
    typed = _typed()
    assert typed is not None
    assert typed(text) is None
    (read,) = read_jsonl([text], "x.jsonl")
    assert read.game is not None and read.game == _slow(text, monkeypatch).game
    twice = json.dumps(GAME).replace('"opener": "N"', '"opener": "S", "opener": "N"')
    made = typed(twice)
    assert made is not None and made.rounds[0].opener == "N"
    assert made == game_from_json(json.loads(twice))


@pytest.mark.parametrize("indent", [None, 2])
def test_a_json_document_is_read_typed_as_its_dicts_are(
        indent: int | None, monkeypatch: pytest.MonkeyPatch) -> None:
    text = "\n " + json.dumps(GAME, indent=indent) + "\n"
    seen: list[Any] = []
    typed = _typed()
    assert typed is not None

    def watched(t: str) -> Any:
        seen.append(typed(t))
        return seen[-1]

    monkeypatch.setattr(formats, "_typed", lambda: watched)
    (read,) = formats.read_json(text, "x.json")
    assert seen and seen[0] is not None
    monkeypatch.setattr(formats, "_typed", lambda: None)
    (slow,) = formats.read_json(text, "x.json")
    assert read.game == slow.game and read.problems == slow.problems == []
    assert read.locate is not None and slow.locate is not None
    assert read.locate("/rounds/0/events/1") == slow.locate("/rounds/0/events/1") != (0, 0)
