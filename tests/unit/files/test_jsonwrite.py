"""Tests of ``verifier.files.jsonwrite``: its text is ``json.dumps(doc,
ensure_ascii=False, indent=2)`` byte for byte, on documents written out by
hand, on every document the CLI writes for the samples, and on random ones;
what it does not take is left to ``json.dumps``, errors included."""

from __future__ import annotations

import enum
import json
import random
from typing import Any

import pytest
from support.ftn import run
from support.paths import SAMPLES

from verifier.files.jsonwrite import dumps


def _std(doc: Any) -> str:
    return json.dumps(doc, ensure_ascii=False, indent=2)


def test_a_document_written_out_by_hand() -> None:
    doc = {"a": [1, "é\n", None, True, False, 1.5, [], {}], "b": {"c": [[2]]}, "": -0.0}
    assert dumps(doc) == (
        '{\n  "a": [\n    1,\n    "é\\n",\n    null,\n    true,\n    false,\n    1.5,\n'
        '    [],\n    {}\n  ],\n  "b": {\n    "c": [\n      [\n        2\n      ]\n    ]\n'
        '  },\n  "": -0.0\n}')
    assert dumps(doc) == _std(doc)


@pytest.mark.parametrize("doc", [
    0, -7, 10**40, 1e300, float("nan"), float("inf"), -float("inf"), "", "\x00\x1f\x7f\"\\/",
    "\ud800", "tab\there", None, True, [], {}, (), (1, (2,)), [[[]]], {"k": {}},
])
def test_scalars_and_corners_are_those_of_json(doc: Any) -> None:
    assert dumps(doc) == _std(doc)


class Colour(enum.IntEnum):
    RED = 1


class Text(str):
    pass


@pytest.mark.parametrize("doc", [
    {1: "int key"}, {None: 1, True: 2, 2.5: 3}, [Colour.RED], {"a": Text("sub")},
    {"deep": [{"x": Colour.RED}]},
])
def test_what_it_does_not_take_is_left_to_json(doc: Any) -> None:
    assert dumps(doc) == _std(doc)


@pytest.mark.parametrize("doc", [{"a": object()}, [{1, 2}], {("t",): 1}])
def test_what_json_refuses_it_refuses_with_jsons_error(doc: Any) -> None:
    with pytest.raises(TypeError) as theirs:
        _std(doc)
    with pytest.raises(TypeError) as ours:
        dumps(doc)
    assert str(ours.value) == str(theirs.value)


def _random(rng: random.Random, depth: int) -> Any:
    kind = rng.randrange(9 if depth < 5 else 6)
    if kind == 0:
        return rng.randrange(-10**6, 10**6)
    if kind == 1:
        return rng.choice([0.1, -2.5, 1e-7, 3.0, float("nan"), float("inf")])
    if kind == 2:
        return "".join(rng.choice("ab \"\\\n\t\x01é€\U0001f600") for _ in range(rng.randrange(6)))
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
        assert dumps(doc) == _std(doc)


@pytest.mark.parametrize("args", [
    ["check", "--format", "json"], ["check", "--format", "sarif"], ["stats", "--format", "json"],
    ["audit", "--format", "json"],
])
def test_what_the_cli_writes_for_the_samples_is_jsons_text(args: list[str]) -> None:
    code, out, _ = run(*args, str(SAMPLES))
    assert code in (0, 1) and len(out) > 1000
    assert out == _std(json.loads(out)) + "\n"


@pytest.mark.slow
def test_the_replays_of_the_samples_are_jsons_text() -> None:
    compared = 0
    for path in sorted(SAMPLES.rglob("*.ftn")):
        code, out, _ = run("replay", "--format", "json", str(path))
        assert code in (0, 1), path
        if out:  # nothing for a record that cannot be read
            assert out == _std(json.loads(out)) + "\n", path
            compared += 1
    assert compared > 40
