"""Tests of ``notation.json.encoding``: its texts are ``json.dumps(doc,
ensure_ascii=False, indent=2)`` and ``json.dumps(doc, ensure_ascii=False,
separators=(",", ":"))`` byte for byte (the expectations are computed by
``json`` here, never by the code under test), on documents written out by
hand for each edge where msgspec and ``json`` could differ, on every
document the CLI writes for the samples, and on random ones; what msgspec
does not take is left to ``json``, errors included; the floats msgspec
writes otherwise are the ones the module's boundary names."""

from __future__ import annotations

import enum
import json
import random
from typing import Any

import pytest
from support.ftn import Ftn
from support.paths import SAMPLES

from notation.json import encoding
from notation.json.encoding import compact, indented


def _std(doc: Any) -> str:
    return json.dumps(doc, ensure_ascii=False, indent=2)


def _line(doc: Any) -> str:
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":"))


def test_a_document_written_out_by_hand() -> None:
    doc = {"a": [1, "é\n", None, True, False, 1.5, [], {}], "b": {"c": [[2]]}, "": -0.0}
    assert indented(doc) == (
        '{\n  "a": [\n    1,\n    "é\\n",\n    null,\n    true,\n    false,\n    1.5,\n'
        '    [],\n    {}\n  ],\n  "b": {\n    "c": [\n      [\n        2\n      ]\n    ]\n'
        '  },\n  "": -0.0\n}')
    assert indented(doc) == _std(doc)
    assert compact(doc) == '{"a":[1,"é\\n",null,true,false,1.5,[],{}],"b":{"c":[[2]]},"":-0.0}'
    assert compact(doc) == _line(doc)


#: The edges: separators and empty containers, key order (never sorted),
#: escapes of every control character, non-ASCII kept (``ensure_ascii``
#: off, U+2028 and U+007F included), integers past 64 bits, -0.0, floats
#: written alike, tuples, integer keys and int enums, a lone surrogate
#: (a ``surrogateescape`` byte of a tag), and what msgspec refuses.
EDGES: list[Any] = [
    0, -7, 2**63, 2**64, -(2**63) - 1, 10**40, -0.0, 0.0, 0.1, 1e-4, 12.333333333333334,
    123456.5, 1e15, "", "".join(map(chr, range(32))) + "\x7f\"\\/", "é€\U0001f600\u2028\u2029",
    "tab\there", None, True, False, [], {}, (), (1, (2,)), [[[]]], {"k": {}},
    {"z": 1, "a": 2, "m": {"b": 1, "a": 2}}, {1: "int key", -2: "x"},
    "\udcff", "\ud800", {"tag": ["ok", "\udce9t\udce9"]}, {"\udcff": 1},
    {None: 1, True: 2, 2.5: 3}, {"deep": [[[[[[[[[[[["x"]]]]]]]]]]]]},
]


class Colour(enum.IntEnum):
    RED = 1


class Text(str):
    pass


@pytest.mark.parametrize("doc", [*EDGES, [Colour.RED], {"a": Text("sub")},
                                 {"deep": [{"x": Colour.RED}]}])
def test_each_edge_is_written_as_json_writes_it(doc: Any) -> None:
    assert indented(doc) == _std(doc)
    assert compact(doc) == _line(doc)


@pytest.mark.parametrize("doc", [{"a": object()}, [object()], {("t",): 1}, {"k": enum}])
def test_what_json_refuses_it_refuses_with_jsons_error(doc: Any) -> None:
    for ours, theirs in ((indented, _std), (compact, _line)):
        with pytest.raises(TypeError) as want:
            theirs(doc)
        with pytest.raises(TypeError) as got:
            ours(doc)
        assert str(got.value) == str(want.value)


@pytest.mark.parametrize(("doc", "fast"), [
    (1e20, "1e20"), (1e16, "1e16"), (1e-5, "0.00001"), (1e-7, "1e-7"),
    (float("nan"), "null"), (float("inf"), "null"), (-float("inf"), "null"),
])
def test_the_floats_msgspec_writes_otherwise_are_those_the_boundary_names(
        doc: float, fast: str) -> None:
    """Why a writer whose document may hold such a float (the statistics'
    points per round) writes it with ``indented_by_json``."""
    assert indented(doc) == fast != _std(doc)
    assert encoding.indented_by_json(doc) == _std(doc)
    assert encoding.compact_by_json(doc) == _line(doc)


def test_what_json_refuses_and_msgspec_writes_is_no_document_the_tools_write() -> None:
    """A set, bytes or a dataclass are refused by ``json`` and written by
    msgspec: the boundary, none of them is in a document of the tools."""
    for doc in ({1}, b"x"):
        with pytest.raises(TypeError):
            _std(doc)
        assert indented(doc) != compact_by_json_or_error(doc)


def compact_by_json_or_error(doc: Any) -> str | None:
    try:
        return _line(doc)
    except TypeError:
        return None


def test_without_msgspec_the_text_is_jsons(monkeypatch: pytest.MonkeyPatch) -> None:
    for writer in (encoding.indented, encoding.compact):
        monkeypatch.setattr(writer, "fast", None)
    for doc in EDGES:
        assert indented(doc) == _std(doc)
        assert compact(doc) == _line(doc)


def _random(rng: random.Random, depth: int) -> Any:
    kind = rng.randrange(9 if depth < 5 else 6)
    if kind == 0:
        return rng.choice([rng.randrange(-10**6, 10**6), rng.randrange(-2**70, 2**70)])
    if kind == 1:
        return rng.choice([0.1, -2.5, 3.0, 1e-4, rng.randrange(10**6) / rng.randrange(1, 10**4)])
    if kind == 2:
        return "".join(rng.choice("ab \"\\\n\t\x01\x7fé€\U0001f600\udcff")
                       for _ in range(rng.randrange(6)))
    if kind == 3:
        return rng.choice([None, True, False])
    if kind in (4, 5):
        return rng.choice([[], {}, ()])
    if kind == 6:
        return [_random(rng, depth + 1) for _ in range(rng.randrange(5))]
    if kind == 7:
        return tuple(_random(rng, depth + 1) for _ in range(rng.randrange(4)))
    keys = [rng.choice([7, None, True, 2.5]) if rng.random() < 0.05 else f"k{i}"
            for i in range(rng.randrange(5))]
    return {k: _random(rng, depth + 1) for k in keys}


def test_random_documents_are_those_of_json() -> None:
    rng = random.Random(18)
    for _ in range(2000):
        doc = _random(rng, 0)
        assert indented(doc) == _std(doc)
        assert compact(doc) == _line(doc)


@pytest.mark.parametrize("args", [
    ["check", "--format", "json"], ["check", "--format", "sarif"], ["stats", "--format", "json"],
    ["audit", "--format", "json"],
])
def test_what_the_cli_writes_for_the_samples_is_jsons_text(args: list[str], ftn: Ftn) -> None:
    code, out, _ = ftn([*args, str(SAMPLES)])
    assert code in (0, 1) and len(out) > 1000
    assert out == _std(json.loads(out)) + "\n"


@pytest.mark.parametrize("args", [["check", "--format", "jsonl"], ["convert", "--to", "jsonl"]])
def test_the_json_lines_the_cli_writes_for_the_samples_are_jsons_text(args: list[str],
                                                                      ftn: Ftn) -> None:
    compared = 0
    for path in sorted(SAMPLES.rglob("*.ftn")):
        code, out, _ = ftn([*args, str(path)])
        assert code in (0, 1), path
        if args[0] == "convert" and code:  # the problems are said after the games
            continue
        for line in out.split("\n")[:-1]:  # (a string may hold U+2028)
            assert line == _line(json.loads(line)), path
            compared += 1
    assert compared > 20


@pytest.mark.slow
def test_the_replays_of_the_samples_are_jsons_text(ftn: Ftn) -> None:
    compared = 0
    for path in sorted(SAMPLES.rglob("*.ftn")):
        code, out, _ = ftn(["replay", "--format", "json", str(path)])
        assert code in (0, 1), path
        if out:  # nothing for a record that cannot be read
            assert out == _std(json.loads(out)) + "\n", path
            compared += 1
    assert compared > 40
