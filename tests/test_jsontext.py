"""Tests of notation.jsontext's limits and locating (issue 11): hostile JSON
becomes an error item at its place, never an exception; a finding in a
game of an array is located within that game's own text."""

from __future__ import annotations

import json

import pytest
from paths import read_sample

from notation import jsontext
from notation.jsontext import MAX_DEPTH, iter_json, too_deep
from verifier.check import check_text, convert_text


def errors(text: str) -> list[tuple[int, int, str | None]]:
    return [(i.line, i.col, i.error) for i in iter_json(text)]


@pytest.mark.parametrize("text,line,col,error", [
    ("9" * 4301 + "\n", 1, 1, "bad JSON: a number of more than 18 digits"),
    ('{"a": [1, -' + "9" * 19 + "]}\n", 1, 12, "bad JSON: a number of more than 18 digits"),
    ("[NaN]\n", 1, 2, "bad JSON: NaN is not JSON"),
    ('[{"a": -Infinity}]\n', 1, 8, "bad JSON: -Infinity is not JSON"),
    ('{"a": Infinity}\n', 1, 7, "bad JSON: Infinity is not JSON"),
    ("[" * 1000 + "\n", 1, 65, f"bad JSON: nested deeper than {MAX_DEPTH} levels"),
    ("\n" + '{"a":' * 3000 + "\n", 2, 64 * 5 + 1,
     f"bad JSON: nested deeper than {MAX_DEPTH} levels"),
])
def test_hostile_json_is_an_error_item(text: str, line: int, col: int, error: str) -> None:
    assert errors(text) == [(line, col, error)]


def test_long_digit_runs_in_strings_and_18_digits_are_fine() -> None:
    doc = {"a": "1" * 40, "b": -(10**17), "c": 10**17}
    (item,) = iter_json(json.dumps(doc))
    assert item.error is None and item.value == doc


def test_too_deep_is_checked_on_demand() -> None:
    """Deep values that the decoder reads (under its own limit) are refused
    before anything walks them (the schema's violations, for one)."""
    deep = '{"x": ' + "[" * 100 + "]" * 100 + "}"
    (item,) = iter_json(deep)
    assert item.error is None  # the decoder reads it
    bad = too_deep(item)
    assert (bad.line, bad.col, bad.error, bad.value) == (
        1, 7 + MAX_DEPTH - 1, f"bad JSON: nested deeper than {MAX_DEPTH} levels", None)
    assert too_deep(next(iter_json('{"x": [[1]]}'))).error is None
    rep = check_text(deep + "\n", "deep.jsonl")
    assert [(d.name, d.line, d.col) for d in rep.diagnostics] == [
        ("syntax-error", 1, 7 + MAX_DEPTH - 1)]


def test_a_game_of_too_many_rounds() -> None:
    doc = {"format": "ftn-json-1", "tags": [], "rounds": [{}] * (jsontext.MAX_ROUNDS + 1)}
    (item,) = iter_json(json.dumps(doc))
    assert item.error == "a game of 10001 rounds: more than the limit of 10000"


def test_items_of_an_array_carry_their_own_text() -> None:
    text = '[\n  {"a": 1},\n  {"b": [2, 3]}\n]'
    items = list(iter_json(text))
    assert [(i.text, i.text_line, i.text_col, i.base) for i in items] == [
        ('{"a": 1}', 2, 3, "/0"), ('{"b": [2, 3]}', 3, 3, "/1")]
    assert items[1].locate("/1/b/1") == (3, 13)
    assert items[1].locate("/1") == (3, 3)
    assert text.split("\n")[2][13 - 1] == "3"


def test_a_finding_in_each_game_of_an_array_is_where_it_is_in_json_lines() -> None:
    """The same findings, at the same columns, whether the games come as an
    array (one a line) or as JSON Lines: located within each game."""
    ftn = read_sample("valid", "four-players.ftn")
    line, errs = convert_text(ftn, "jsonl")
    assert line is not None and not errs
    bad = line.strip().replace('"endTotal":', '"endTotal":1', 1)
    array = "[\n" + ",\n".join([bad] * 5) + "\n]\n"
    lines = "".join(bad + "\n" for _ in range(5))
    a = check_text(array, "games.json").diagnostics
    b = check_text(lines, "games.jsonl").diagnostics
    assert len(a) == len(b) == 5
    assert [(d.name, d.line - 1, d.col, d.pointer) for d in a] == [
        (d.name, d.line, d.col, f"/{d.game - 1}{d.pointer}") for d in b]
