"""Tests of verifier.rules.options: presets, declared options, deal tables (R9)."""

from __future__ import annotations

import dataclasses
import re

import pytest

from notation.options import END, PRESETS, WHOLE
from notation.options import OPTIONS as TABLE
from verifier.rules.options import (
    DEAL_TABLES,
    SIMPLE,
    WORDS,
    Problem,
    describe,
    known_options,
    resolve,
)
from verifier.rules.ruleset import Rules


def ok(players: int, preset: str | None = None, *declared: tuple[str, str]) -> Rules:
    rules, problems = resolve(players, preset, list(declared))
    assert rules is not None, problems
    return rules


def fail(players: int, preset: str | None = None, *declared: tuple[str, str]) -> str:
    rules, problems = resolve(players, preset, list(declared))
    assert rules is None and problems
    return problems[0].message


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_options_is_the_main_form(players: int) -> None:
    assert ok(players) == Rules.main_form(players) == ok(players, "pagat")


@pytest.mark.parametrize(
    ("table", "pip", "players", "size"),
    [("more", 6, 2, 14), ("more", 6, 5, 5), ("more", 9, 6, 8), ("more", 9, 11, 5),
     ("more", 12, 12, 7), ("fewer", 6, 4, 7), ("fewer", 9, 3, 10), ("fewer", 12, 10, 9),
     ("more", 6, 6, None), ("fewer", 9, 12, None)],
)
def test_v1_deal_tables(table: str, pip: int, players: int, size: int | None) -> None:
    assert DEAL_TABLES[table][pip].get(players) == size


def test_v1_sets_players_and_hands() -> None:
    r = ok(6, None, ("set", "double-nine"), ("hand", "more"))
    assert (r.max_pip, r.hand_size, r.set_size, r.partnerships) == (9, 8, 55, False)
    r = ok(12, None, ("set", "double-twelve"), ("hand", "fewer"))
    assert (r.max_pip, r.hand_size, r.set_size) == (12, 7, 91)
    assert ok(4, None, ("hand", "6")).hand_size == 6  # a club rule
    assert fail(6, None, ("set", "double-six"), ("hand", "5")) == (
        "6 seats; double-six allows 2 to 5 players (V1)"
    )
    assert fail(5).startswith("R2.1 gives hand sizes for 2 to 4 players; declare one for 5")
    assert fail(2, None, ("hand", "15")) == "2 hands of 15 need 30 tiles; the set has 28"
    assert fail(6, None, ("set", "double-six"), ("hand", "more")).startswith("6 seats")
    assert fail(12, None, ("set", "double-nine"), ("hand", "more")).startswith("12 seats")


def test_v2_to_v7_values() -> None:
    r = ok(3, None, ("target", "100"), ("divisors", "3,5,7,11,13"), ("immediate-end", "off"),
           ("opener", "highest-double"), ("bonus", "0"))
    assert (r.target, r.divisors, r.immediate_end, r.opener, r.bonus) == (
        100, (3, 5, 7, 11, 13), False, "highest-double", 0
    )
    assert r.points_table[21] == 10
    assert ok(4, None, ("partnerships", "off")).side_of == (0, 1, 2, 3)
    assert fail(3, None, ("partnerships", "on")) == "partnerships need 4 players, not 3 (V6)"


def test_online_preset() -> None:
    r = ok(3, "online")
    assert (r.hand_size, r.opener, r.partnerships, r.target) == (9, "highest-double", False, 61)
    assert ok(3, "online", ("hand", "fewer")).hand_size == 5


@pytest.mark.parametrize(
    ("declared", "message"),
    [
        (("colour", "red"), "unknown rule option 'colour'; known options: set: "),
        (("set", "double-five"), "bad value 'double-five' for set: double-six, double-nine"),
        (("target", "0"), "bad value '0' for target: a positive whole number"),
        (("divisors", "3,7"), "bad value '3,7' for divisors: 3,5 or 3,5,7,11,13"),
        (("immediate-end", "yes"), "bad value 'yes' for immediate-end: on or off"),
        (("opener", "oldest"), "bad value 'oldest' for opener: lot or highest-double"),
        (("partnerships", "2"), "bad value '2' for partnerships: on or off"),
        (("bonus", "2"), "bad value '2' for bonus: 1 or 0"),
        (("hand", "many"), "bad value 'many' for hand: tiles per player"),
    ],
)
def test_bad_declarations_say_what_is_allowed(declared: tuple[str, str], message: str) -> None:
    assert fail(2, None, declared).startswith(message)


def test_unknown_preset_lists_the_known_ones() -> None:
    assert fail(2, "club").startswith("unknown rules preset 'club'; known presets: \"pagat\"")
    assert "online" in fail(2, "club")


def test_known_options_and_describe() -> None:
    text = known_options()
    for name in ("set", "hand", "target", "divisors", "immediate-end", "opener",
                 "partnerships", "bonus"):
        assert f"{name}: " in text
    r = ok(6, None, ("set", "double-nine"), ("hand", "more"), ("bonus", "0"))
    again = ok(6, None, *describe(r).items())
    assert again == r


@pytest.mark.parametrize("value", ["²", "١٢", "12 ", "+12", ""])
def test_numbers_are_ascii_digits(value: str) -> None:
    # "²" and "١٢" are digits to str.isdigit(), and int() refuses "²": each is
    # a bad value, never an exception.
    assert fail(2, None, ("target", value)).startswith(f"bad value {value!r} for target")
    assert fail(2, None, ("hand", value)).startswith(f"bad value {value!r} for hand")


def test_an_empty_preset_is_not_the_default() -> None:
    assert fail(2, "").startswith("unknown rules preset ''")
    assert ok(2, None) == ok(2, "pagat")


# The simple options, read from their rows of notation.options.

SIMPLE_BAD = [
    (("target", "0"), "bad value '0' for target: a positive whole number (V2; 61 by default)"),
    (("target", "x"), "bad value 'x' for target: a positive whole number (V2; 61 by default)"),
    (("divisors", "3,7"), "bad value '3,7' for divisors: 3,5 or 3,5,7,11,13 (V3, 'advanced' "
                          "prime scoring) (did you mean '3,5'?)"),
    (("divisors", "3,5,7"), "bad value '3,5,7' for divisors: 3,5 or 3,5,7,11,13 (V3, "
                            "'advanced' prime scoring) (did you mean '3,5' or '3,5,7,11,13'?)"),
    (("immediate-end", "of"), "bad value 'of' for immediate-end: on or off (V4: off plays the "
                              "round out, nothing discarded) (did you mean 'off'?)"),
    (("immediate-end", "yes"), "bad value 'yes' for immediate-end: on or off (V4: off plays "
                               "the round out, nothing discarded)"),
    (("opener", "Lot"), "bad value 'Lot' for opener: lot or highest-double (V5) "
                        "(did you mean 'lot'?)"),
    (("opener", "oldest"), "bad value 'oldest' for opener: lot or highest-double (V5)"),
    # Numbers are offered as no "did you mean": "10" is not a slip of "1".
    (("bonus", "10"), "bad value '10' for bonus: 1 or 0 (V7: the domino bonus)"),
    (("bonus", ""), "bad value '' for bonus: 1 or 0 (V7: the domino bonus)"),
]


@pytest.mark.parametrize(("declared", "message"), SIMPLE_BAD)
def test_a_bad_simple_value_says_what_the_option_takes(declared: tuple[str, str],
                                                        message: str) -> None:
    rules, problems = resolve(2, None, [declared])
    # the one word a message offers is the value proposed in its place
    one = re.search(r"\(did you mean '([^']*)'\?\)\Z", message)
    proposed = None if one is None else (1, one.group(1))
    assert rules is None and problems == [Problem(0, message, proposed)]


def test_bad_values_come_in_a_fixed_order_whatever_the_declarations() -> None:
    # Declared in the reverse of the table; reported set, the simple options
    # in the table's order, partnerships, hand; each at its declaration.
    declared = [("hand", "many"), ("partnerships", "onn"), ("bonus", "2"),
                ("opener", "oldest"), ("immediate-end", "yes"), ("divisors", "3,7"),
                ("target", "x"), ("set", "double-five")]
    _, problems = resolve(4, None, declared)
    assert [(p.index, p.message.split(":")[0]) for p in problems] == [
        (7, "bad value 'double-five' for set"), (6, "bad value 'x' for target"),
        (5, "bad value '3,7' for divisors"), (4, "bad value 'yes' for immediate-end"),
        (3, "bad value 'oldest' for opener"), (2, "bad value '2' for bonus"),
        (1, "bad value 'onn' for partnerships"), (0, "bad value 'many' for hand"),
    ]
    # The first declaration of an option is the one cited; the last one counts.
    _, problems = resolve(2, None, [("bonus", "1"), ("target", "0"), ("bonus", "x")])
    assert [p.index for p in problems] == [1, 0]
    assert ok(2, None, ("bonus", "x"), ("bonus", "0")).bonus == 0


def test_simple_values_set_their_fields() -> None:
    r = ok(2, None, ("target", "0007"), ("divisors", "3,5,7,11,13"), ("immediate-end", "off"),
           ("opener", "highest-double"), ("bonus", "0"))
    assert (r.target, r.divisors, r.immediate_end, r.opener, r.bonus) == (
        7, (3, 5, 7, 11, 13), False, "highest-double", 0)
    assert ok(2, None, ("opener", "lot")).opener == "rotate"
    assert ok(2, None, ("target", "999999999999999999")).target == 999_999_999_999_999_999


def test_the_simple_options_are_the_rows_with_a_field() -> None:
    assert {f: o.name for f, o in SIMPLE.items()} == {
        "target": "target", "divisors": "divisors", "immediate_end": "immediate-end",
        "opener": "opener", "bonus": "bonus"}
    init = {f.name for f in dataclasses.fields(Rules) if f.init}
    for option in TABLE:
        if option.field is None:
            assert option.words is None and option.name in ("set", "hand", "partnerships")
            continue
        assert option.field in init  # Rules takes it by that name
        if option.words is None:  # a whole number, 1 or more
            assert option.values == {"pattern": f"^{WHOLE}" + END}
        else:  # the schema takes the words the mapping has
            assert option.values == {"enum": list(option.words)}


def test_words_for_did_you_mean() -> None:
    assert WORDS == {
        "set": ("double-six", "double-nine", "double-twelve"), "hand": ("more", "fewer"),
        "partnerships": ("on", "off"), "divisors": ("3,5", "3,5,7,11,13"),
        "immediate-end": ("on", "off"), "opener": ("lot", "highest-double"),
    }


@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_describe_round_trips_every_preset(preset: str, players: int) -> None:
    rules, _ = resolve(players, preset, [])
    if rules is None:  # pagat has no hand size for 5 players (R2.1)
        assert (preset, players) == ("pagat", 5)
        return
    told = describe(rules)
    assert list(told) == [o.name for o in TABLE]
    for name, value in PRESETS[preset].items():
        if name == "hand" and value is not None:  # a deal table's size, as a number
            assert told[name] == str(DEAL_TABLES[value][6][players])
        elif value is not None:
            assert told[name] == value
    assert ok(players, None, *told.items()) == rules


def test_describe_says_the_words_of_each_simple_value() -> None:
    assert describe(ok(2)) == {
        "set": "double-six", "hand": "7", "target": "61", "divisors": "3,5",
        "immediate-end": "on", "opener": "lot", "partnerships": "off", "bonus": "1"}
    for option in SIMPLE.values():
        for word in option.words or ("1", "61", "1000"):
            assert describe(ok(2, None, (option.name, word)))[option.name] == word
    assert describe(ok(2, None, ("target", "0100")))["target"] == "100"
    with pytest.raises(ValueError, match=r"divisors: no value gives \(3, 7\)"):
        describe(Rules(divisors=(3, 7)))


def test_a_preset_that_leaves_a_simple_option_out_gives_its_default(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(PRESETS["online"], "target")
    monkeypatch.delitem(PRESETS["online"], "divisors")
    r = ok(3, "online")
    assert (r.target, r.divisors) == (Rules().target, Rules().divisors) == (61, (3, 5))
    assert ok(3, "online", ("target", "100")).target == 100
