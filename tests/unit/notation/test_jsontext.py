"""Tests of notation.json.text's limits and locating: hostile JSON becomes an
error item at its place, never an exception; a finding in a game of an array
is located within that game's own text."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from support.paths import SAMPLES, read_sample

from notation.json import text as jsontext
from notation.json.text import MAX_DEPTH, iter_json, too_deep
from notation.model import MAX_ROUNDS
from verifier.api import check_text
from verifier.pipeline.jobs.rewrite import convert_text


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
    doc = {"format": "ftn-json-1", "tags": [], "rounds": [{}] * (MAX_ROUNDS + 1)}
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


# --------------------------------------------------------------------------
# Read with a trust test or without: the same items.

def _docs() -> list[str]:
    """JSON Lines of valid games with every optional field (points, bonus,
    discarded, knocks, comments, results, winners, places)."""
    from notation.ftn.reader import parse_games
    from notation.json.form import dumps_game
    from verifier.rules.generate import generate_games

    games = list(generate_games(3, 2, 5)) + list(generate_games(4, 1, 6))
    games += parse_games(read_sample("valid", "four-players.ftn"))
    return [dumps_game(g) for g in games] + [dumps_game(games[-1], positions=True)]


# Text changes: each turns a number, a string or a bracket of a document into
# something hostile, or breaks the schema.
_EDITS = [
    ('"endTotal":', '"endTotal":1' + "0" * 18 + ","),  # 19 digits: the limit
    ('"endTotal":', '"endTotal":' + "9" * 18 + ","),  # 18 digits: no limit, valid
    ('"endTotal":', '"endTotal":1e19,'),  # a whole float past 18 digits: no limit
    ('"endTotal":', '"endTotal":' + "7" * 4301 + ","),  # past Python's own limit
    ('"totals":[', '"totals":[' + "1" * 25 + ","),
    ('"tile":[', '"tile":[-' + "2" * 19 + ","),
    ('"values":["', '"values":["' + "3" * 30),  # a long digit run in a string
    ('"points":', '"points":1.5,"x":'),
    ('"points":', '"points":4.0,"x":'),
    ('"points":', '"points":true,"x":'),
    ('"points":', '"points":NaN,"x":'),
    ('"seat":"', '"seat":"\\ud800'),  # a lone surrogate
    ('"seat":"', '"seat":"\\ud83d\\ude00'),  # a pair: Unicode text
    ('"key":"', '"k\\udc00":1,"key":"'),  # a lone surrogate in a key
    ('"type":"knock"', '"type":"knock","extra":[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]'),
    ('"type":"place",', ""),  # a required field missing
    ('"seat":"', '"seat":"round'),  # a pattern broken
    ('"rounds":[', '"rounds":' + "[" * 70 + "]" * 70 + ",\"r\":["),  # deep
    ('"rounds":[', '"rounds":' + "[" * 2000),  # too deep for the decoder
    ('"number":1', '"number":1' + "1" * 18),
    ('}', '} x'),  # extra data
    ('"format":"ftn-json-1"', '"format":"ftn-json-1","format":"ftn-json-1"'),
]


def _texts() -> list[str]:
    import random

    rng = random.Random(10)
    docs = _docs()
    texts = []
    for old, new in _EDITS:
        for doc in rng.sample(docs, 3):
            at = [i for i in range(len(doc)) if doc.startswith(old, i)]
            if at:
                i = rng.choice(at)
                texts.append(doc[:i] + new + doc[i + len(old):])
    return docs + texts


def _trust() -> jsontext.Trust:
    from verifier.files.validation import bounded

    return bounded("record")


def _same(a: list[jsontext.JsonItem], b: list[jsontext.JsonItem]) -> None:
    from dataclasses import replace

    assert [replace(i, trusted=False) for i in a] == [replace(i, trusted=False) for i in b]


@pytest.mark.slow
def test_trusted_documents_read_as_without_the_trust_test() -> None:
    trust = _trust()
    texts = _texts()
    trusted = 0
    for text in texts:
        for whole in (text, text + "\n" + text + "\n", "[" + text + ",\n" + text + "]",
                      text.replace(",", ",\n")):
            plain, fast = list(iter_json(whole)), list(iter_json(whole, trust))
            _same(plain, fast)
            assert not any(i.trusted for i in plain)
            assert all(i.error is None for i in fast if i.trusted)
            trusted += sum(i.trusted for i in fast)
        lines = (text + "\n\n" + text).split("\n")
        _same(list(jsontext.iter_json_lines(lines, 3)),
              list(jsontext.iter_json_lines(lines, 3, trust)))
    # Both ways are taken, many times: the test can fail either way.
    assert trusted > 40 and len(texts) * 4 - trusted > 40


def test_a_trust_test_that_raises_is_no_trust() -> None:
    def refuse(value: object) -> bool:
        raise ValueError("a lone surrogate")

    for text in _texts()[:30]:
        _same(list(iter_json(text)), list(iter_json(text, refuse)))
        assert not any(i.trusted for i in iter_json(text, refuse))


@pytest.mark.parametrize("number,error,trusted", [
    ("1" + "0" * 18, "bad JSON: a number of more than 18 digits", False),
    ("9" * 18, None, True),
    ("1e19", None, False),  # 10 ** 19, written short: read again, to be sure
    ("1" + "0" * 30, "bad JSON: a number of more than 18 digits", False),
])
def test_long_numbers_where_the_schema_takes_a_number(
    number: str, error: str | None, trusted: bool,
) -> None:
    """The schema takes any whole number as an end total; the reader takes
    none of more than 18 digits: with the trust test as without."""
    text = _docs()[0].replace('"endTotal":8,', f'"endTotal":{number},', 1)
    assert text != _docs()[0]
    (plain,) = iter_json(text)
    (fast,) = iter_json(text, _trust())
    assert plain.error == fast.error == error
    assert fast.trusted is trusted and (plain.line, plain.col) == (fast.line, fast.col)
    assert plain.value == fast.value


@pytest.mark.slow
def test_reads_are_the_same_with_the_trust_test_or_without(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Records (with every pointer) and diagnostics (with their places)."""
    from verifier.files import formats as notations
    from verifier.files import formats as reading

    texts = _texts()
    jsonl = "\n".join(texts) + "\n"
    docs = _docs()
    broken = docs[1].replace('"type":"place",', '', 1)  # against the schema
    array = "[\n" + ",\n".join([*docs, broken, docs[0]]) + "\n]"

    def reads(text: str) -> list[tuple[object, ...]]:
        out: list[tuple[object, ...]] = []
        for r in notations.read(text, "t.json"):
            places = []
            if r.game is not None and r.locate is not None:
                g = r.game
                els = [*g.tags, *(e for rd in g.rounds for e in (rd, *rd.deals, *rd.events))]
                places = [(e.pointer, r.locate(e.pointer or "")) for e in els]
            out.append((r.number, r.game, r.problems, places))
        return out

    for text in (jsonl, array, texts[0].replace(",", ",\n"), broken.replace(",", ",\n")):
        fast = reads(text)
        monkeypatch.setattr(reading, "_trust", lambda: None)
        plain = reads(text)
        monkeypatch.undo()
        assert fast == plain
    assert sum(r[1] is not None for r in reads(array)) == len(docs) + 1
    assert sum(r[1] is None for r in reads(jsonl)) > 20


def _typed(value: object) -> object:
    """A decoded value with the type of every part: 4 and 4.0 differ."""
    if isinstance(value, dict):
        return ("dict", [(k, _typed(v)) for k, v in value.items()])  # (in order)
    if isinstance(value, list):
        return ("list", [_typed(v) for v in value])
    return (type(value).__name__, repr(value))


DECODER_TEXTS = [
    '{"a":1,"a":2}', '{"a":1,"b":{"c":[1,2]},"a":3}', '[4.0, 4.5, 1E2, 1e-400, -0.0, -0]',
    "1e400", "18446744073709551616", "-9223372036854775809", "1" * 30, "9" * 5000,
    '"\\ud83d\\ude00"', '"\\ud800"', '"\\udfff\\ud800"', '"\U0001F600\u2028\x7f"',
    '{"x": "\\u00e9\\u0000\\/\\"\\\\"}', " [ ] ", "\n{}\n", "\ufeff{}", "[1,]", '{"a":1,}',
    '"\t"', "NaN", "[-Infinity]", "[1] x", '{"a":1}{"b":2}', '"\\x41"', "[" * 3000 + "]" * 3000,
    "", "  ", "[01]", "[1.]", "[.5]", "[+1]", "tru", "[true,false,null]", '{"k":"v" }',
]


@pytest.mark.parametrize("text", DECODER_TEXTS)
def _outcome(decode: Callable[[str], object], text: str) -> object:
    try:
        return _typed(decode(text))
    except (ValueError, RecursionError) as e:
        return type(e).__name__, str(e)


@pytest.mark.parametrize("text", DECODER_TEXTS)
def test_the_fast_decoder_reads_every_text_as_json_does(text: str) -> None:
    """msgspec, where it reads a text, to the same values and types as the
    standard library's decoder; where it does not, the standard library."""
    assert jsontext._decode.load() is not None  # msgspec: a dependency on CPython
    assert _outcome(jsontext._decode, text) == _outcome(jsontext._decode.fallback, text)


def test_the_fast_decoder_reads_the_samples_as_json_does(monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    texts = [*_texts(), *(p.read_text("utf-8") for p in sorted(SAMPLES.rglob("*.json*")))]
    docs = [t for t in texts if t.lstrip().startswith("[")]
    docs += [ln for t in texts for ln in t.split("\n") if ln.startswith("{")]
    assert jsontext._decode.load() is not None
    fast = [_outcome(jsontext._decode, d) for d in docs]
    monkeypatch.setattr(jsontext._decode, "fast", None)  # as where msgspec cannot be had
    assert fast == [_outcome(jsontext._decode, d) for d in docs]
    assert len(docs) > 50 and sum(isinstance(f, tuple) and f[0] == "dict" for f in fast) > 40
