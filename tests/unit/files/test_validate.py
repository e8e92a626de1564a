"""Tests of verifier.files.validation: the fast validator and the reference accept
and reject exactly the same documents."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from support.ftn import Ftn
from support.paths import SAMPLES

from notation.ftn.reader import parse_games
from notation.json.form import game_to_json
from notation.json.text import iter_json
from verifier.files.validation import FAST, fast, reference, violations
from verifier.rules.generate import generate_games


def sample_docs() -> list[Any]:
    docs: list[Any] = []
    for path in sorted(SAMPLES.rglob("*")):
        text = path.read_text(encoding="utf-8") if path.suffix in (".ftn", ".jsonl") else ""
        if path.suffix == ".jsonl":
            docs += [i.value for i in iter_json(text) if i.error is None]
        elif path.suffix == ".ftn" and path.name not in (
                "syntax-error.ftn", "every-mistake.ftn", "seven-mistakes.ftn",
                "four-slips.ftn"):
            docs += [game_to_json(g, positions=True) for g in parse_games(text)]
    return docs


def mutate(doc: Any, rng: random.Random) -> Any:
    """One random change somewhere in a document: some keep it valid, most
    do not."""
    doc = copy.deepcopy(doc)
    # Collect every container and a key or index in it.
    spots: list[tuple[Any, Any]] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                spots.append((node, k))
                walk(v)
        elif isinstance(node, list):
            for i, v in enumerate(node):
                spots.append((node, i))
                walk(v)

    walk(doc)
    node, key = rng.choice(spots)
    op = rng.randrange(8)
    values: list[Any] = [None, True, -1, 0, 7, 1.5, "", "N", "knock", "x y", [], {}, [1], "L"]
    if op == 0 and isinstance(node, dict):
        del node[key]
    elif op == 1 and isinstance(node, dict):
        node["extra"] = 1
    elif op == 2 and isinstance(node, list):
        node.append(copy.deepcopy(node[key]))
    elif op == 3 and isinstance(node, list) and len(node) > 1:
        del node[key]
    else:
        node[key] = rng.choice(values)
    return doc


@pytest.mark.slow
def test_both_validators_agree_on_samples_and_mutations() -> None:
    """The 62 documents and 150 mutations of them: a validator blind to one
    keyword of the schema (each of them dropped from the fast one's copy in
    turn) disagrees with the reference by mutation 97 at the latest
    (``pattern``; ``minimum`` 31, ``anyOf`` 17, the others in the
    documents or the first 25); 600 mutations found no keyword more."""
    docs = sample_docs()
    docs += [game_to_json(g) for g in generate_games(4, 3, 5)]
    rng = random.Random(7)
    mutated = [mutate(rng.choice(docs), rng) for _ in range(150)]
    accept_fast = fast("record")
    ref = reference("record")
    verdicts = []
    for doc in docs + mutated:
        a, b = accept_fast(doc), ref.is_valid(doc)
        assert a == b, json.dumps(doc)[:300]
        verdicts.append(a)
    # Both outcomes occur, many times: the test can fail either way (77
    # documents accepted, 135 refused).
    assert verdicts.count(True) > 60 and verdicts.count(False) > 100


def test_fast_validator_is_the_rust_one() -> None:
    # The environment this project installs has jsonschema-rs; the fallback
    # is for platforms without it.
    assert FAST


def test_violations_name_pointer_keyword_and_expected_form() -> None:
    doc = {"format": "ftn-json-1", "tags": [], "rounds": [
        {"number": 1, "opener": "N", "deals": [],
         "events": [{"type": "place", "seat": "round", "tile": [6, 3]}]}]}
    (v,) = violations("record", doc)
    assert v.pointer == "/rounds/0/events/0/seat"
    assert v.keyword == "pattern"
    assert v.expected == "The seat that places."
    assert "'round' does not match" in v.message
    assert violations("record", {"format": "ftn-json-1", "tags": [], "rounds": []}) == []


@pytest.mark.parametrize("name", ["replay", "report"])
def test_other_schemas_have_fast_validators(name: str) -> None:
    assert fast(name)({}) is False and reference(name).is_valid({}) is False


def test_without_the_fast_validator_the_reference_does_both_and_says_so(
    monkeypatch: pytest.MonkeyPatch, ftn: Ftn,
) -> None:
    import verifier.api.inputs as common
    import verifier.files.validation as validate
    from verifier.files.validation import FALLBACK_NOTE

    monkeypatch.setattr(validate, "jsonschema_rs", None)
    monkeypatch.setattr(validate, "FAST", False)
    monkeypatch.setattr(common, "_noted", False)
    validate.fast.cache_clear()
    validate.bounded.cache_clear()
    try:
        assert validate.fast("record")({"format": "ftn-json-1", "tags": [], "rounds": []})
        path = SAMPLES / "invalid" / "schema-violation.jsonl"
        r = ftn(["check", str(path), str(path)])
        assert r.returncode == 1 and r.stderr.count(FALLBACK_NOTE) == 1
        assert "FT003 schema-violation" in r.stdout
        assert validate.bounded("record")({"format": "ftn-json-1", "tags": [], "rounds": []})
        from verifier.api import check_text
        from verifier.pipeline.jobs.rewrite import convert_text

        text, _ = convert_text((SAMPLES / "valid" / "four-players.ftn").read_text("utf-8"),
                               "jsonl")
        assert text is not None and check_text(text, "good.jsonl").errors == 0
    finally:
        validate.fast.cache_clear()
        validate.bounded.cache_clear()


def _numbers(node: Any) -> list[Any]:
    if isinstance(node, dict):
        return [n for v in node.values() for n in _numbers(v)]
    if isinstance(node, list):
        return [n for v in node for n in _numbers(v)]
    return [node] if type(node) in (int, float) else []


def _int_spots(node: Any) -> list[tuple[Any, Any]]:
    """Every (container, key) that holds an int."""
    items = node.items() if isinstance(node, dict) else enumerate(node)
    spots = []
    for k, v in items:
        if type(v) is int:
            spots.append((node, k))
        elif isinstance(v, (dict, list)):
            spots += _int_spots(v)
    return spots


@pytest.mark.slow
def test_bounded_accepts_what_fast_does_less_numbers_past_the_limit() -> None:
    """The reader's trust test: a document it passes is valid and holds no
    number of more than MAX_DIGITS digits."""
    from verifier.files.validation import LARGEST, bounded

    docs = sample_docs() + [game_to_json(g) for g in generate_games(3, 2, 5)]
    rng = random.Random(10)
    big = [LARGEST, LARGEST + 1, 2**63, 2**64, 10**30, -LARGEST, -1]
    cases = []
    for _ in range(400):
        doc = copy.deepcopy(rng.choice(docs))
        if rng.random() < 0.7:  # a number somewhere turned into one at or past the edge
            spots = _int_spots(doc)
            if spots:
                node, key = rng.choice(spots)
                node[key] = rng.choice(big)
        else:
            doc = mutate(doc, rng)
        cases.append(doc)
    accept, trust = fast("record"), bounded("record")
    passed = 0
    for doc in docs + cases:
        if trust(doc):
            passed += 1
            assert accept(doc)
            assert all(-LARGEST <= n <= LARGEST for n in _numbers(doc))
        elif accept(doc):
            assert not all(-LARGEST <= n <= LARGEST for n in _numbers(doc))
    assert passed > 50 and len(docs + cases) - passed > 200


def test_every_number_the_record_schema_takes_is_bounded() -> None:
    from verifier.files.published import SCHEMAS
    from verifier.files.validation import LARGEST, with_bounds

    found = []

    def walk(node: Any) -> None:
        if isinstance(node, list):
            for v in node:
                walk(v)
        elif isinstance(node, dict):
            types = node.get("type")
            if types in ("integer", "number") or (
                    isinstance(types, list) and {"integer", "number"} & set(types)):
                found.append(node)
                assert node["maximum"] <= LARGEST and node["minimum"] >= -LARGEST
            for v in node.values():
                walk(v)

    walk(with_bounds(SCHEMAS["record"]()))
    assert len(found) > 20
    assert with_bounds(SCHEMAS["record"]())["properties"]["rounds"]["items"]["properties"][
        "deals"]["items"]["properties"]["tiles"]["items"]["anyOf"][0]["prefixItems"][0][
        "maximum"] == 99


def test_the_plain_seat_pattern_takes_the_same_seats() -> None:
    """The Rust validator of ``bounded`` checks seats with a pattern without
    look-ahead: the same strings pass, wherever a seat is written."""
    import re

    from notation.json.schema import SEAT_PATTERN
    from notation.model import RESERVED_WORDS
    from verifier.files.validation import bounded

    words = "|".join(RESERVED_WORDS)
    expected = rf"^(?!(?:{words})$)[A-Za-z][A-Za-z0-9_]*$(?!\n)"
    assert expected == SEAT_PATTERN
    seats = ["N", "S", "x9", "A_b", "Z" * 40, "", "9", "_N", "N-S", "N S", "N\n", "\nN", "N\r",
             "N\t", "é", "Nö", "N\x00", "NaN", "\uff4e", "N\u2028", *RESERVED_WORDS,
             *(w.upper() for w in RESERVED_WORDS), *(w + "s" for w in RESERVED_WORDS),
             *(w[:-1] for w in RESERVED_WORDS), *(w + "\n" for w in RESERVED_WORDS)]
    base = game_to_json(next(iter(generate_games(2, 1, 3))))
    accept, trust = fast("record"), bounded("record")
    passed = 0
    for seat in seats:
        for where in range(5):
            doc = copy.deepcopy(base)
            r = doc["rounds"][0]
            if where == 0:
                r["events"][1]["seat"] = seat
            elif where == 1:
                r["deals"][0]["seat"] = seat
            elif where == 2:
                r["opener"] = seat
            elif where == 3:
                doc["tags"][1]["values"][0] = seat
            else:
                doc["tags"][3]["values"][0] = seat
            assert trust(doc) == accept(doc), (seat, where)
            assert accept(doc) == (re.search(SEAT_PATTERN, seat) is not None), (seat, where)
            passed += accept(doc)
    assert passed > 20


def test_valid_json_is_checked_without_loading_the_reference_validator() -> None:
    """``jsonschema`` is slow to load: only a document that breaks the
    schema needs it (for its violations)."""
    import os
    import subprocess
    import sys

    from support.paths import ROOT

    code = (
        "import sys\n"
        "from verifier.api import check_text\n"
        "from verifier.pipeline.jobs.rewrite import convert_text\n"
        "from verifier.rules.generate import generate_games\n"
        "from notation.ftn.printer import print_games\n"
        "text, _ = convert_text(print_games(generate_games(2, 2, 1)), 'jsonl')\n"
        "assert check_text(text, 'a.jsonl').errors == 0\n"
        "print('jsonschema' in sys.modules)\n"
        "check_text(text.replace('\"endTotal\"', '\"endTotal\":1,\"x\"', 1), 'b.jsonl')\n"
        "print('jsonschema' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True,
                         env={**os.environ, "PYTHONPATH": str(ROOT)}).stdout
    assert out.split() == (["False", "True"] if FAST else ["True", "True"])
