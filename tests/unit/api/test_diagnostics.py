"""Tests of verifier.diagnostics: the registry and its examples."""

from __future__ import annotations

import re

import pytest
from support.docs import page

from verifier.api import check_text
from verifier.diagnostics import BY_CODE, REGISTRY, Code, lookup, table_markdown

# The names of the first registry, which never change: other tools match on
# them.
FIXED_NAMES = [
    "syntax-error", "bad-header", "bad-deal", "wrong-opener", "not-your-turn",
    "tile-not-in-hand", "tile-does-not-fit", "ambiguous-placement", "knock-while-able",
    "event-after-round-end", "event-after-game-end", "round-unfinished",
    "end-total-mismatch", "points-mismatch", "total-mismatch", "overshoot-accepted",
    "wrongly-discarded", "bonus-split", "bonus-mismatch", "result-mismatch",
    "winner-mismatch", "game-unfinished",
]


# The JSON form's schema violations.
ADDED_NAMES = ["schema-violation"]
# An input with no game is not clean.
ADDED_NAMES += ["no-games"]
# A noqa comment that silences nothing is reported.
ADDED_NAMES += ["unused-noqa"]
# A round's replay that ends at a line that cannot be read says so, once.
ADDED_NAMES += ["claims-unjudged"]
# A [team] tag for league play that names no seat is reported.
ADDED_NAMES += ["team-seat-unknown"]


def test_registry_names_and_codes_are_stable_and_unique() -> None:
    assert sorted(c.name for c in REGISTRY) == sorted(FIXED_NAMES + ADDED_NAMES)
    assert len(BY_CODE) == len(REGISTRY)
    for c in REGISTRY:
        assert re.fullmatch(r"FT\d{3}", c.code)
        assert re.fullmatch(r"[a-z]+(-[a-z]+)*", c.name)
        assert c.severity in ("error", "warning", "note")
        assert c.summary and c.why and c.rule and c.example
    assert [c.name for c in REGISTRY if c.severity == "warning"] == [
        "game-unfinished", "no-games", "unused-noqa", "team-seat-unknown"]
    assert [c.name for c in REGISTRY if c.severity == "note"] == ["claims-unjudged"]


@pytest.mark.parametrize("entry", REGISTRY, ids=lambda c: c.name)
def test_every_example_fires_its_code(entry: Code) -> None:
    rep = check_text(entry.example, "example")
    names = [d.name for d in rep.diagnostics]
    assert entry.name in names
    hits = [d for d in rep.diagnostics if d.name == entry.name]
    assert all(d.code == entry.code and d.line > 0 and d.col > 0 for d in hits)
    # Nothing but the code shown fires, besides the warning of a record that
    # stops before the target (the examples are short on purpose), and for
    # the note of claims not judged, the line that cannot be read; after a
    # move that ends its round's replay, that note.
    ends_round = {"not-your-turn", "tile-not-in-hand", "tile-does-not-fit",
                  "ambiguous-placement", "knock-while-able", "event-after-round-end"}
    cause = {"claims-unjudged": {"syntax-error"}, "syntax-error": {"claims-unjudged"},
             **{name: {"claims-unjudged"} for name in ends_round}}.get(entry.name, set())
    assert set(names) <= {entry.name, "game-unfinished", "winner-mismatch"} | cause


def test_lookup() -> None:
    entry = lookup("ft304")
    assert entry is not None and entry.name == "overshoot-accepted"
    assert lookup("bonus-split") is BY_CODE["FT306"]
    assert lookup("nope") is None


def test_the_codes_page_s_table_is_generated_from_the_registry() -> None:
    """The table of docs/diagnostics.md is ``ftn codes --markdown``'s, and
    every code has its row there."""
    text = page("diagnostics.md")
    assert table_markdown() in text
    for c in REGISTRY:
        assert f"\n| {c.code} | `{c.name}` |" in text, c.code


def test_every_name_is_a_typed_constant_of_the_registry() -> None:
    from verifier.diagnostics import REGISTRY, Name
    from verifier.rules import illegal

    constants = {k: v for k, v in vars(Name).items() if k.isupper()}
    names = [c.name for c in REGISTRY]
    assert names == list(constants.values()) and len(set(names)) == len(names)
    assert all(type(v) is str for v in names)  # a plain str at run time
    assert all(k == v.upper().replace("-", "_") for k, v in constants.items())
    errors = [c for c in vars(illegal).values() if isinstance(c, type)
              and issubclass(c, illegal.IllegalMoveError) and c is not illegal.IllegalMoveError]
    assert len(errors) == 8 and all(e.kind in names for e in errors)
    assert len({e.kind for e in errors}) == 8  # one class per diagnostic
