"""Tests of verifier.options: presets, declared options, deal tables (R9)."""

from __future__ import annotations

import pytest

from verifier.engine import Rules
from verifier.options import DEAL_TABLES, describe, known_options, resolve


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
    # "²" and "١٢" are digits to str.isdigit(); "²" once crashed int().
    assert fail(2, None, ("target", value)).startswith(f"bad value {value!r} for target")
    assert fail(2, None, ("hand", value)).startswith(f"bad value {value!r} for hand")


def test_an_empty_preset_is_not_the_default() -> None:
    assert fail(2, "").startswith("unknown rules preset ''")
    assert ok(2, None) == ok(2, "pagat")
