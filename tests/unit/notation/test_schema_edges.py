"""The record schema and the checker agree on syntax, at the schema's edges.

Each case changes one value of a valid JSON record to a value at an edge of
the schema (a minimum, a maximum, an optional field present or absent, just
past an edge, a wrong type) and says, by hand, whether the schema accepts it.
Then both validators must say the same, and ``ftn check`` must agree: a
document the schema accepts gets no syntax-level diagnostic (``syntax-error``,
``bad-header``, ``schema-violation``), only replay findings if any, and its
FTN twin reads and checks the same way; a document the schema refuses gets
``schema-violation`` and nothing else.

What the schema cannot say (it needs more than one element: a tag missing or
repeated, a seat named twice, rounds out of order...) is ``bad-header`` for
both forms; ``CHECKER_ONLY`` lists those cases, and SPEC.md lists them too.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from notation.ftn.printer import print_game
from notation.json.form import game_from_json
from notation.json.schema import PRESETS, RULE_OPTIONS
from notation.json.text import iter_json
from verifier.api import check_text
from verifier.files.validation import fast, reference
from verifier.rules import options

SYNTAX = {"syntax-error", "bad-header", "schema-violation"}

# A 2-player game, one unfinished round: every optional field of an event,
# a result, a winner, comments and places. Its replay findings (the result
# and the winner are claimed too early) are not syntax.
BASE: dict[str, Any] = {
    "format": "ftn-json-1",
    "tags": [
        {"key": "ftn", "values": ["1"]},
        {"key": "seat", "values": ["N", "Ann"]},
        {"key": "seat", "values": ["S", "Sam"]},
        {"key": "first", "values": ["N"]},
        {"key": "event", "values": ["edges"]},
    ],
    "rounds": [{
        "number": 1,
        "opener": "N",
        "deals": [
            {"seat": "N", "tiles": [[6, 6], [6, 3], [5, 5], [4, 1], [2, 0], [3, 3], [1, 1]]},
            {"seat": "S", "tiles": [[6, 4], [3, 1], [5, 0], [2, 2], [4, 4], [6, 2], [0, 0]]},
        ],
        "events": [
            {"type": "place", "seat": "N", "tile": [6, 6], "endTotal": 12, "points": 4,
             "totals": [4, 0], "comments": {"after": " lead"}},
            {"type": "place", "seat": "S", "tile": [6, 4], "end": "L", "endTotal": 16,
             "points": 0, "totals": [4, 0]},
            {"type": "place", "seat": "N", "tile": [6, 3], "end": "R", "endTotal": 7,
             "points": 0, "totals": [4, 0]},
            {"type": "place", "seat": "S", "tile": [3, 1], "end": "R", "endTotal": 9,
             "points": 3, "totals": [4, 3], "pos": {"line": 14, "col": 3}},
        ],
        "result": {"outcome": "blocked", "totals": [4, 3]},
    }],
    "winner": {"side": "N", "totals": [4, 3]},
}

DELETE = object()

# (what, path, new value or DELETE, accepted by the schema: worked out by hand)
CASES: list[tuple[str, tuple[str | int, ...], Any, bool]] = [
    # the document
    ("format other", ("format",), "ftn-json-2", False),
    ("format absent", ("format",), DELETE, False),
    ("unknown field", ("colour",), "red", False),
    ("game comments, empty after", ("comments",), {"after": ""}, True),
    ("game comments, blank before", ("comments",), {"before": ["", " a"]}, True),
    ("comment with a trailing blank", ("comments",), {"after": "a "}, False),
    ("comment over two lines", ("comments",), {"before": ["a\nb"]}, False),
    ("comment with a final newline", ("comments",), {"before": ["a\n"]}, False),
    ("closing comments", ("closing",), ["the end"], True),
    ("game place", ("pos",), {"line": 1, "col": 1, "endLine": 20}, True),
    ("game place, negative", ("pos",), {"line": -1, "col": 1}, False),
    ("winner absent", ("winner",), DELETE, True),
    ("rounds empty", ("rounds",), [], True),
    ("rounds absent", ("rounds",), DELETE, False),
    # tags
    ("free tag without values", ("tags", 4, "values"), [], True),
    ("free tag of two values", ("tags", 4, "values"), ["a", "b"], True),
    ("free tag, every escape", ("tags", 4, "values"), ['"\\/\b\f\n\r\t\x00\x1f\x7f\u2028'],
     True),
    ("tag value not a string", ("tags", 4, "values"), [1], False),
    ("tag key upper case", ("tags", 4, "key"), "Event", False),
    ("tag key with digits and _", ("tags", 4, "key"), "e1_x", True),
    ("tag key empty", ("tags", 4, "key"), "", False),
    ("tag key with a final newline", ("tags", 4, "key"), "event\n", False),
    ("ftn 2", ("tags", 0, "values"), ["2"], False),
    ("ftn without value", ("tags", 0, "values"), [], False),
    ("ftn twice over", ("tags", 0, "values"), ["1", "1"], False),
    ("seat without player", ("tags", 1, "values"), ["N"], True),
    ("seat of three values", ("tags", 1, "values"), ["N", "Ann", "x"], False),
    ("seat without values", ("tags", 1, "values"), [], False),
    ("seat name a digit first", ("tags", 1, "values"), ["1N", "Ann"], False),
    ("seat name reserved", ("tags", 1, "values"), ["round", "Ann"], False),
    ("seat name with a final newline", ("tags", 1, "values"), ["N\n", "Ann"], False),
    ("seat name with digits and _", ("tags", 2, "values"), ["S_1x", "Sam"], True),
    ("first of two seats", ("tags", 3, "values"), ["N", "S"], False),
    ("first without a seat", ("tags", 3, "values"), [], False),
    ("rules pagat", ("tags", 4), {"key": "rules", "values": ["pagat"]}, True),
    ("rules online", ("tags", 4), {"key": "rules", "values": ["online"]}, True),
    ("rules unknown", ("tags", 4), {"key": "rules", "values": ["fast"]}, False),
    ("rules of two values", ("tags", 4), {"key": "rules", "values": ["pagat", "x"]}, False),
    ("rule target 1", ("tags", 4), {"key": "rule", "values": ["target", "1"]}, True),
    ("rule target 007", ("tags", 4), {"key": "rule", "values": ["target", "007"]}, True),
    ("rule target 0", ("tags", 4), {"key": "rule", "values": ["target", "0"]}, False),
    ("rule target superscript", ("tags", 4), {"key": "rule", "values": ["target", "²"]}, False),
    ("rule target blank", ("tags", 4), {"key": "rule", "values": ["target", " 5"]}, False),
    ("rule target newline", ("tags", 4), {"key": "rule", "values": ["target", "5\n"]}, False),
    ("rule hand more", ("tags", 4), {"key": "rule", "values": ["hand", "more"]}, True),
    ("rule hand 0", ("tags", 4), {"key": "rule", "values": ["hand", "0"]}, False),
    ("rule bonus 0", ("tags", 4), {"key": "rule", "values": ["bonus", "0"]}, True),
    ("rule bonus 2", ("tags", 4), {"key": "rule", "values": ["bonus", "2"]}, False),
    ("rule unknown", ("tags", 4), {"key": "rule", "values": ["colour", "red"]}, False),
    ("rule of one value", ("tags", 4), {"key": "rule", "values": ["target"]}, False),
    ("rule of three values", ("tags", 4), {"key": "rule", "values": ["bonus", "1", "x"]},
     False),
    # rounds
    ("round number 1", ("rounds", 0, "number"), 1, True),
    ("round number 0", ("rounds", 0, "number"), 0, False),
    ("round number -1", ("rounds", 0, "number"), -1, False),
    ("round number 1.0", ("rounds", 0, "number"), 1.0, True),
    ("round number 1.5", ("rounds", 0, "number"), 1.5, False),
    ("round number a string", ("rounds", 0, "number"), "1", False),
    ("round number true", ("rounds", 0, "number"), True, False),
    ("round opener reserved", ("rounds", 0, "opener"), "end", False),
    ("round comments", ("rounds", 0, "comments"), {"before": ["r"], "after": "x"}, True),
    ("round place", ("rounds", 0, "pos"), {"line": 8, "col": 1}, True),
    ("deals empty", ("rounds", 0, "deals"), [], True),
    ("deals absent", ("rounds", 0, "deals"), DELETE, False),
    ("events empty", ("rounds", 0, "events"), [], True),
    ("events absent", ("rounds", 0, "events"), DELETE, False),
    ("deal of no tiles", ("rounds", 0, "deals", 0, "tiles"), [], False),
    ("deal all unknown", ("rounds", 0, "deals", 0, "tiles"), [None] * 7, True),
    ("deal one unknown", ("rounds", 0, "deals", 1, "tiles", 6), None, True),
    ("tile pip 99", ("rounds", 0, "deals", 1, "tiles", 6), [99, 0], True),
    ("tile pip 100", ("rounds", 0, "deals", 1, "tiles", 6), [100, 0], False),
    ("tile pip -1", ("rounds", 0, "deals", 1, "tiles", 6), [-1, 0], False),
    ("tile of one half", ("rounds", 0, "deals", 1, "tiles", 6), [0], False),
    ("tile of three halves", ("rounds", 0, "deals", 1, "tiles", 6), [0, 0, 0], False),
    # events
    ("end on the lead", ("rounds", 0, "events", 0, "end"), "L", True),
    ("end X", ("rounds", 0, "events", 1, "end"), "X", False),
    ("end left out", ("rounds", 0, "events", 1, "end"), DELETE, True),
    ("end total 0", ("rounds", 0, "events", 1, "endTotal"), 0, True),
    ("end total -1", ("rounds", 0, "events", 1, "endTotal"), -1, False),
    ("end total absent", ("rounds", 0, "events", 1, "endTotal"), DELETE, True),
    ("points absent", ("rounds", 0, "events", 1, "points"), DELETE, True),
    ("points -1", ("rounds", 0, "events", 1, "points"), -1, False),
    ("bonus 0", ("rounds", 0, "events", 1, "bonus"), 0, True),
    ("bonus -1", ("rounds", 0, "events", 1, "bonus"), -1, False),
    ("discarded false", ("rounds", 0, "events", 1, "discarded"), False, True),
    ("discarded a string", ("rounds", 0, "events", 1, "discarded"), "yes", False),
    ("totals of one side", ("rounds", 0, "events", 1, "totals"), [4], True),
    ("totals empty", ("rounds", 0, "events", 1, "totals"), [], False),
    ("totals negative", ("rounds", 0, "events", 1, "totals"), [-1, 0], False),
    ("totals absent", ("rounds", 0, "events", 1, "totals"), DELETE, True),
    ("event type unknown", ("rounds", 0, "events", 1, "type"), "pass", False),
    ("event without seat", ("rounds", 0, "events", 1, "seat"), DELETE, False),
    ("knock", ("rounds", 0, "events", 3), {"type": "knock", "seat": "S"}, True),
    ("knock with a tile", ("rounds", 0, "events", 3),
     {"type": "knock", "seat": "S", "tile": [1, 3]}, False),
    ("event place", ("rounds", 0, "events", 3, "pos"),
     {"line": 14, "col": 3, "endTotal": 9, "points": 12, "totals": 15}, True),
    # result and winner
    ("result absent", ("rounds", 0, "result"), DELETE, True),
    ("result domino", ("rounds", 0, "result"), {"outcome": "domino", "seat": "S"}, True),
    ("result domino without seat", ("rounds", 0, "result"), {"outcome": "domino"}, False),
    ("result blocked with seat", ("rounds", 0, "result"),
     {"outcome": "blocked", "seat": "S"}, False),
    ("result target", ("rounds", 0, "result"), {"outcome": "target"}, True),
    ("result draw", ("rounds", 0, "result"), {"outcome": "draw"}, False),
    ("winner side out of order", ("winner", "side"), "S+N", True),
    ("winner side ends in +", ("winner", "side"), "N+", False),
    ("winner side empty", ("winner", "side"), "", False),
    ("winner side with a reserved seat", ("winner", "side"), "N+end", False),
    ("winner without totals", ("winner", "totals"), DELETE, True),
]

# Valid by the schema, refused by the checker: checks that need more than
# one element (SPEC.md 11). Each is bad-header, in JSON as in FTN.
CHECKER_ONLY: list[tuple[str, tuple[str | int, ...], Any]] = [
    ("ftn tag missing", ("tags", 0), DELETE),
    ("ftn tag twice", ("tags", 4), {"key": "ftn", "values": ["1"]}),
    ("one seat", ("tags", 2), DELETE),
    ("a seat named twice", ("tags", 2, "values"), ["N", "Sam"]),
    ("first missing", ("tags", 3), DELETE),
    ("first names no seat", ("tags", 3, "values"), ["W"]),
    ("partnerships with 2 players", ("tags", 4), {"key": "rule", "values": ["partnerships", "on"]}),
    ("round numbered out of order", ("rounds", 0, "number"), 2),
]


def mutate(doc: dict[str, Any], path: tuple[str | int, ...], value: Any) -> dict[str, Any]:
    out = copy.deepcopy(doc)
    parent: Any = out
    for step in path[:-1]:
        parent = parent[step]
    if value is DELETE:
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    return out


def twin(doc: dict[str, Any]) -> str:
    """The FTN twin of a schema-valid document, read from its JSON text as
    the checker reads it (1.0 is 1)."""
    item = next(iter_json(json.dumps(doc)))
    return print_game(game_from_json(item.value))


def names(text: str, kind: str) -> set[str]:
    return {d.name for d in check_text(text, f"edge.{kind}", kind=kind).diagnostics}


def test_the_base_document_is_valid_and_has_no_syntax_finding() -> None:
    assert reference("record").is_valid(BASE)
    assert names(json.dumps(BASE), "json") & SYNTAX == set()


def test_the_cases_are_distinct() -> None:
    assert len({c[0] for c in CASES}) == len(CASES)


@pytest.mark.parametrize(("what", "path", "value", "valid"), CASES, ids=[c[0] for c in CASES])
def test_schema_and_checker_agree(what: str, path: tuple[str | int, ...], value: Any,
                                  valid: bool) -> None:
    doc = mutate(BASE, path, value)
    assert reference("record").is_valid(doc) is valid
    assert fast("record")(doc) is valid
    found = names(json.dumps(doc), "json")
    if valid:
        assert found & SYNTAX == set(), found
        # The FTN twin reads, and checks the same way.
        assert names(twin(doc), "ftn") == found
    else:
        assert found == {"schema-violation"}


@pytest.mark.parametrize(("what", "path", "value"), CHECKER_ONLY,
                         ids=[c[0] for c in CHECKER_ONLY])
def test_what_only_the_checker_can_refuse(what: str, path: tuple[str | int, ...],
                                          value: Any) -> None:
    doc = mutate(BASE, path, value)
    assert reference("record").is_valid(doc)
    assert fast("record")(doc)
    assert names(json.dumps(doc), "json") & SYNTAX == {"bad-header"}
    assert names(twin(doc), "ftn") & SYNTAX == {"bad-header"}


# -- rule options: the schema's copy against the checker's --------------------

CANDIDATES = [
    "", " ", "0", "00", "1", "01", "2", "5", "61", "100", "007", "-1", "+5", " 5", "5 ",
    "5\n", "1.5", "1e2", "²", "١٢", "more", "fewer", "most", "on", "off", "On", "yes", "lot",
    "highest-double", "double-six", "double-nine", "double-twelve", "double-seven", "3,5",
    "3,5,7,11,13", "3, 5", "5,3",
]


def test_the_schema_knows_the_checkers_options_and_presets() -> None:
    assert set(RULE_OPTIONS) == set(options.OPTIONS)
    assert set(PRESETS) == set(options.PRESETS)


@pytest.mark.parametrize("option", sorted(options.OPTIONS))
def test_rule_values_agree_with_the_checker(option: str) -> None:
    """A [rule] tag the schema accepts is one the checker accepts on its own
    (no problem at that declaration; a combination problem is bad-header,
    judged with the other tags), and the other way round."""
    validator = reference("record")
    for value in CANDIDATES:
        doc = mutate(BASE, ("tags", 4), {"key": "rule", "values": [option, value]})
        _, problems = options.resolve(4, None, [(option, value)])
        checker = not any(p.index == 0 for p in problems)
        assert validator.is_valid(doc) is checker, (option, value)
        assert fast("record")(doc) is checker, (option, value)


def test_presets_agree_with_the_checker() -> None:
    for value in [*CANDIDATES, "pagat", "online", "Pagat"]:
        doc = mutate(BASE, ("tags", 4), {"key": "rules", "values": [value]})
        _, problems = options.resolve(4, value, [])
        checker = not any(p.index == -1 for p in problems)
        assert reference("record").is_valid(doc) is checker, value
