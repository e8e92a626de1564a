"""Tests of the rules engine (``verifier.rules``: ruleset, scoring, tiles,
moves, illegal, round, game), rule by rule (RULES.md ids in each test name).

Every expectation here is computed by hand in the comment beside it.
"""

from __future__ import annotations

import pytest

from verifier.rules.game import GameState, expected_opener, highest_double_holder
from verifier.rules.illegal import IllegalMoveError
from verifier.rules.moves import KNOCK, Move
from verifier.rules.round import RoundState
from verifier.rules.ruleset import Rules
from verifier.rules.scoring import Placed, points_for
from verifier.rules.tiles import deal_problems, full_set, tile_key

MAIN2 = Rules.main_form(2)
MAIN3 = Rules.main_form(3)
MAIN4 = Rules.main_form(4)


def rs2(a: list[tuple[int, int]], b: list[tuple[int, int]], opener: int = 0) -> RoundState:
    """A two-player round; hands need not be full for engine tests."""
    return RoundState(MAIN2, [a, b], opener, ("A", "B"))


# -- R1 equipment and seats ---------------------------------------------------


def test_r1_1_double_six_set_has_28_distinct_tiles() -> None:
    tiles = full_set(6)
    assert len(tiles) == 28 == MAIN2.set_size
    assert len({tile_key(a, b) for a, b in tiles}) == 28
    assert tile_key(6, 3) == tile_key(3, 6)


def test_r1_2_r1_3_sides() -> None:
    assert MAIN2.side_of == (0, 1)
    assert MAIN3.side_of == (0, 1, 2)
    # Four players: partners sit opposite, seats 1&3 and 2&4 counting from 1.
    assert MAIN4.side_of == (0, 1, 0, 1)
    assert MAIN4.seats_of_side(0) == (0, 2)
    assert MAIN4.side_count == 2


# -- R2 deal -------------------------------------------------------------------


def test_r2_1_hand_sizes() -> None:
    assert (MAIN2.hand_size, MAIN3.hand_size, MAIN4.hand_size) == (7, 5, 5)


def test_r2_1_r2_2_deal_problems() -> None:
    good = [[(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5), (0, 6)],
            [(1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (2, 2)]]
    assert deal_problems(MAIN2, good) == []
    short = [good[0][:6], good[1]]
    assert deal_problems(MAIN2, short) == [(0, "seat 0 is dealt 6 tiles; the hand size is 7")]
    twice = [good[0], [*good[1][:6], (6, 0)]]
    assert deal_problems(MAIN2, twice, ("N", "S")) == [(1, "6-0 is dealt twice (N and S)")]
    outside = [good[0], [*good[1][:6], (7, 1)]]
    assert deal_problems(MAIN2, outside) == [(1, "seat 1 is dealt 7-1, not in the set (0 to 6)")]
    assert deal_problems(MAIN2, [good[0]]) == [(None, "1 hands for 2 players")]
    # The same tile twice as written, in one hand or two, and a pip below 0.
    same = [good[0], [*good[1][:6], (0, 6)]]
    assert deal_problems(MAIN2, same) == [(1, "0-6 is dealt twice (seat 0 and seat 1)")]
    inside = [[*good[0][:6], (0, 0)], good[1]]
    assert deal_problems(MAIN2, inside) == [(0, "0-0 is dealt twice (seat 0 and seat 0)")]
    below = [good[0], [*good[1][:6], (-1, 2)]]
    assert deal_problems(MAIN2, below) == [(1, "seat 1 is dealt -1-2, not in the set (0 to 6)")]


# -- R3 opening ---------------------------------------------------------------


def test_r3_2_opener_rotates_clockwise() -> None:
    # first opener seat 1 of 3: rounds 1..4 are opened by 1, 2, 0, 1.
    assert [expected_opener(MAIN3, 1, k) for k in (1, 2, 3, 4)] == [1, 2, 0, 1]


def test_r3_3_lead_any_tile_turn_passes_clockwise() -> None:
    r = RoundState(MAIN3, [[(1, 2), (0, 0)], [(3, 4), (1, 1)], [(5, 6), (2, 2)]], 2)
    assert r.turn == 2
    r.place(2, 5, 6, None)
    assert r.turn == 0  # the seat to the left of seat 2 (R1.2)


def test_v5_highest_double_holder() -> None:
    assert highest_double_holder([[(5, 5), (6, 1)], [(4, 4), (6, 6)]]) == 1
    # No double: the heaviest tile leads.
    assert highest_double_holder([[(5, 6)], [(4, 6)]]) == 0


# -- R4 placing and knocking --------------------------------------------------


def test_r4_1_tile_must_match_an_open_end() -> None:
    r = rs2([(6, 3), (2, 2)], [(3, 1), (5, 5)])
    r.place(0, 6, 3, None)  # ends 6 | 3
    with pytest.raises(IllegalMoveError) as e:
        r.place(1, 5, 5, "R")
    assert e.value.kind == "tile-does-not-fit" and e.value.rule == "R4.1"
    with pytest.raises(IllegalMoveError) as e:
        r.place(1, 3, 1, "L")  # 3-1 fits the right end only
    assert e.value.kind == "tile-does-not-fit"
    p = r.place(1, 1, 3, None)  # fits one end only: no end needed
    assert p.end == "R" and (p.left, p.right) == (6, 1)


def _ambiguous_position() -> RoundState:
    # Lead 3-3, then 3-5, 5-1, 1-3 on the right: ends 3-3 (terminal lead
    # double) | 3 (plain).
    r = rs2([(3, 3), (5, 1), (3, 6), (0, 0)], [(3, 5), (1, 3), (4, 4)])
    r.place(0, 3, 3, None)
    r.place(1, 3, 5, "R")
    r.place(0, 5, 1, "R")
    r.place(1, 1, 3, "R")
    assert r.ends_text() == "3-3 | 3"
    return r


def test_r4_2_equal_numbers_are_not_enough() -> None:
    r = _ambiguous_position()
    with pytest.raises(IllegalMoveError) as e:
        r.place(0, 3, 6, None)
    assert e.value.kind == "ambiguous-placement" and e.value.rule == "R4.2"


@pytest.mark.parametrize(("end", "total", "points"), [("L", 9, 3), ("R", 12, 4)])
def test_r4_2_the_two_choices_score_differently(end: str, total: int, points: int) -> None:
    # 3-6 on the double: 6 + 3 = 9 -> 3; on the plain 3: 6 + 3-3 = 12 -> 4.
    r = _ambiguous_position()
    p = r.place(0, 3, 6, end)
    assert (p.end_total, p.points) == (total, points)


def test_r4_2_same_line_either_way_goes_left() -> None:
    # Ends 3 | 3, both plain: 3-5 makes {5, 3} either way.
    r = rs2([(3, 1), (3, 5), (0, 0)], [(1, 3), (2, 2)])
    r.place(0, 3, 1, None)  # 3 | 1
    r.place(1, 1, 3, "R")  # 3 | 3
    p = r.place(0, 3, 5, None)
    assert (p.end, p.left, p.right, p.end_total) == ("L", 5, 3, 8)


def test_r4_3_r4_4_knock_only_when_unable() -> None:
    r = rs2([(6, 6), (0, 1)], [(6, 2), (2, 4)])
    r.place(0, 6, 6, None)
    with pytest.raises(IllegalMoveError) as e:
        r.knock(1)  # B holds 6-2, which fits
    assert e.value.kind == "knock-while-able"
    assert e.value.message == "B knocks but holds 2-6, fitting the lead 6-6"
    r.place(1, 6, 2, "R")  # 6-6 | 2
    assert r.legal_moves() == [KNOCK]  # A holds 0-1 only
    r.knock(0)
    assert r.turn == 1


def test_r4_5_placed_tile_leaves_the_hand() -> None:
    r = rs2([(6, 6), (6, 5)], [(6, 4), (1, 1)])
    r.place(0, 6, 6, None)
    r.place(1, 6, 4, "L")
    with pytest.raises(IllegalMoveError) as e:
        r.place(0, 6, 6, "R")
    assert e.value.kind == "tile-not-in-hand"


def test_r1_2_out_of_turn() -> None:
    r = rs2([(6, 6), (6, 5)], [(6, 4)])
    r.place(0, 6, 6, None)
    with pytest.raises(IllegalMoveError) as e:
        r.place(0, 6, 5, "L")
    assert e.value.kind == "not-your-turn" and e.value.message == (
        "A plays out of turn; it is B's turn"
    )


def test_legal_moves_lead_and_ends() -> None:
    r = rs2([(6, 3), (3, 3)], [(3, 1)])
    assert r.legal_moves() == [
        Move((3, 3), None), Move((3, 6), None), Move((6, 3), None)
    ]
    r.place(0, 6, 3, None)  # 6 | 3
    assert r.legal_moves() == [Move((3, 1), "R")]


# -- R5 doubles and the line, R6 scoring --------------------------------------


@pytest.mark.parametrize(
    ("tile", "total", "points"),
    [((6, 3), 9, 3), ((6, 6), 12, 4), ((0, 0), 0, 0), ((5, 5), 10, 2), ((4, 1), 5, 1)],
)
def test_r5_3_r6_1_the_lead_counts_its_pips(tile: tuple[int, int], total: int, points: int) -> None:
    r = rs2([tile], [(2, 2)])
    p = r.place(0, *tile, None)
    assert (p.end_total, p.points) == (total, points)


def test_r5_2_lead_double_stays_terminal_on_its_other_side() -> None:
    # Lead 6-6, then 6-3: 12 + 3 = 15 -> 5 + 3 = 8.
    r = rs2([(6, 6), (0, 0)], [(6, 3), (1, 1)])
    r.place(0, 6, 6, None)
    p = r.place(1, 6, 3, "R")
    assert (p.end_total, p.points) == (15, 8)
    assert (p.left, p.left_double, p.right, p.right_double) == (6, True, 3, False)


def test_r5_2_double_inside_the_line_counts_nothing() -> None:
    # 6-3 lead; 3-3 on the right (6 + 6 = 12); 3-1 on it: 6 + 1 = 7.
    r = rs2([(6, 3), (3, 1)], [(3, 3), (2, 2)])
    r.place(0, 6, 3, None)
    assert r.place(1, 3, 3, "R").end_total == 12
    p = r.place(0, 3, 1, "R")
    assert (p.end_total, p.points) == (7, 0)


def test_r6_3_largest_end_total_is_22() -> None:
    # 6-6 and 5-5 terminal at both ends: 12 + 10 = 22 (no points).
    r = rs2([(6, 5), (5, 5)], [(6, 6), (0, 0)])
    r.place(0, 6, 5, None)
    r.place(1, 6, 6, "L")
    p = r.place(0, 5, 5, "R")
    assert (p.end_total, p.points) == (22, 0)


@pytest.mark.parametrize(
    ("total", "points"),
    [(0, 0), (1, 0), (3, 1), (4, 0), (5, 1), (6, 2), (9, 3), (10, 2), (12, 4), (15, 8),
     (18, 6), (20, 4), (22, 0)],
)
def test_r6_2_r6_3_points_table(total: int, points: int) -> None:
    assert points_for(total) == points
    assert MAIN2.points_table[total] == points


def test_v3_prime_scoring_21_scores_10() -> None:
    assert points_for(21, (3, 5, 7, 11, 13)) == 21 // 3 + 21 // 7 == 10
    assert points_for(15, (3, 5, 7, 11, 13)) == 8


def test_why_explains_the_arithmetic() -> None:
    r = rs2([(6, 6), (0, 0)], [(6, 3), (1, 1)])
    r.place(0, 6, 6, None)
    p = r.place(1, 6, 3, "R")
    assert p.why(MAIN2.divisors) == "ends 6-6=12 + 3 = 15; 15/3=5 + 15/5=3"


# -- R7 end of a round ---------------------------------------------------------


def test_r7_1_last_tile_ends_the_round_with_the_bonus() -> None:
    r = rs2([(6, 3)], [(3, 3), (1, 1)])
    p = r.place(0, 6, 3, None)
    assert p.emptied and p.outcome == "domino" and p.bonus == 1
    assert r.over and r.winner_side == 0
    with pytest.raises(IllegalMoveError) as e:
        r.place(1, 3, 3, "R")
    assert e.value.kind == "event-after-round-end"


def test_r7_1_three_players() -> None:
    r = RoundState(MAIN3, [[(6, 3), (1, 1)], [(3, 2)], [(2, 4)]], 0)
    r.place(0, 6, 3, None)
    r.place(1, 3, 2, "R")  # seat 1 empties: 3 players, so the round ends
    assert r.outcome == "domino" and r.winner_side == 1


def _four(hands: list[list[tuple[int, int]]], opener: int = 0) -> RoundState:
    return RoundState(MAIN4, hands, opener, ("N", "E", "S", "W"))


def test_r7_2_emptied_partner_is_skipped() -> None:
    r = _four([[(6, 6)], [(6, 5), (3, 0)], [(5, 4), (4, 4)], [(4, 3), (1, 1)]])
    p = r.place(0, 6, 6, None)  # N empties first: no bonus, the round goes on
    assert (p.emptied, p.outcome, p.bonus) == (True, None, 0)
    r.place(1, 6, 5, "R")  # 6-6 | 5
    r.place(2, 5, 4, "R")  # 6-6 | 4
    r.place(3, 4, 3, "R")  # 6-6 | 3
    assert r.turn == 1  # N is skipped: E is next after W
    with pytest.raises(IllegalMoveError) as e:
        r.knock(0)
    assert e.value.kind == "not-your-turn" and e.value.rule == "R7.2"
    p = r.place(1, 3, 0, "R")  # E empties too (first of E+W): 6-6 | 0 = 12 -> 4
    assert (p.emptied, p.outcome, p.points, p.bonus) == (True, "blocked", 4, 0)
    # S holds 4-4, W holds 1-1: neither fits 6-6 | 0, so the round is blocked.
    assert r.block_knocks() == (2, 3)


def test_r7_2_second_partner_out_wins_with_bonus() -> None:
    r = _four([[(6, 6)], [(6, 5), (0, 0)], [(5, 4)], [(4, 3), (1, 1)]])
    r.place(0, 6, 6, None)  # N out (first partner)
    r.place(1, 6, 5, "R")  # 6-6 | 5 = 17
    p = r.place(2, 5, 4, "R")  # S out: N+S both out -> domino, 12 + 4 = 16
    assert (p.outcome, p.bonus, p.points, r.winner_side) == ("domino", 1, 0, 0)


def test_r7_3_blocked_round_no_bonus() -> None:
    # A leads 6-6; B holds no 6 and A's other tile does not fit either.
    r = rs2([(6, 6), (0, 1)], [(2, 3), (4, 5)])
    p = r.place(0, 6, 6, None)
    assert p.outcome == "blocked" and p.bonus == 0  # blocked right after the lead
    assert r.block_knocks() == (1, 0)  # B then A may knock to show it (R7.5)
    r.knock(1)
    r.knock(0)
    with pytest.raises(IllegalMoveError) as e:
        r.knock(1)
    assert e.value.kind == "event-after-round-end" and e.value.rule == "R7.5"


def test_r7_5_block_knocks_in_turn_order() -> None:
    r = rs2([(6, 6), (0, 1)], [(2, 3), (4, 5)])
    r.place(0, 6, 6, None)
    with pytest.raises(IllegalMoveError) as e:
        r.knock(0)  # B knocks first
    assert e.value.kind == "event-after-round-end"


def test_r7_3_first_partner_emptying_can_block() -> None:
    # N's last tile leaves nobody able to place: blocked, no bonus.
    r = _four([[(6, 6)], [(1, 2)], [(0, 0)], [(3, 4)]])
    p = r.place(0, 6, 6, None)
    assert (p.emptied, p.outcome, p.bonus) == (True, "blocked", 0)
    assert r.block_knocks() == (1, 2, 3)


def test_r7_3_completing_exhaustion_is_a_domino_not_a_block() -> None:
    r = rs2([(6, 6)], [(1, 2)])
    p = r.place(0, 6, 6, None)  # B cannot place either, but A is out
    assert p.outcome == "domino" and p.bonus == 1


def test_v7_bonus_zero() -> None:
    rules = Rules(players=2, hand_size=1, bonus=0)
    r = RoundState(rules, [[(6, 3)], [(1, 1)]], 0)
    assert r.place(0, 6, 3, None).bonus == 0


# -- R8 the exact target -------------------------------------------------------


def _placed(seat: int, points: int, bonus: int) -> Placed:
    return Placed(seat, (0, 0), None, 0, False, 0, False, 0, points, bonus, bonus > 0,
                  "domino" if bonus else None)


def test_r8_1_r8_2_r8_3_worked_example() -> None:
    g = GameState(MAIN2, 0)
    g.scores = [59, 40]
    s = g.score(_placed(0, 2, 1))  # 59 + (2 + 1) = 62 > 61
    assert (s.amount, s.credited, s.total, s.won) == (3, False, 59, False)
    assert g.scores == [59, 40] and not g.over


def test_r8_2_exactly_61_is_accepted_and_wins_r8_4() -> None:
    g = GameState(MAIN2, 0)
    g.scores = [59, 40]
    s = g.score(_placed(0, 2, 0))
    assert (s.credited, s.total, s.won) == (True, 61, True)
    assert g.over and g.winner == 0


def test_r8_2_nothing_bounces_back() -> None:
    g = GameState(MAIN2, 0)
    g.scores = [60, 0]
    s = g.score(_placed(0, 8, 0))
    assert (s.credited, g.scores[0]) == (False, 60)


def test_r8_partnership_scores_are_shared() -> None:
    g = GameState(MAIN4, 0)
    g.score(_placed(0, 4, 0))
    g.score(_placed(2, 3, 0))
    g.score(_placed(1, 2, 0))
    assert g.scores == [7, 2]


def test_v2_v4_target_and_immediate_end_off() -> None:
    rules = Rules(players=2, hand_size=7, target=10, immediate_end=False)
    g = GameState(rules, 0)
    g.scores = [9, 0]
    s = g.score(_placed(0, 4, 0))  # not discarded under V4
    assert (s.credited, g.scores[0], g.over) == (True, 13, False)
    g.end_round()  # the round is over: the highest total past 10 wins
    assert g.over and g.winner == 0


def test_v4_tie_at_the_top_plays_on() -> None:
    rules = Rules(players=2, hand_size=7, target=10, immediate_end=False)
    g = GameState(rules, 0)
    g.scores = [12, 12]
    g.end_round()
    assert not g.over


def test_rules_problems() -> None:
    assert Rules.main_form(4).problems() == []
    bad = Rules(players=5, hand_size=7)
    assert bad.problems() == ["5 hands of 7 need 35 tiles; the set has 28"]


#: The modules of the engine: the rules of play, pure.
ENGINE = ("ruleset", "scoring", "tiles", "moves", "illegal", "round", "game", "perft")


@pytest.mark.parametrize("name", ENGINE)
def test_engine_is_pure(name: str) -> None:
    """No I/O, no notation, no Lark, no Typer: only these standard modules and
    the engine's own (at run time: what an ``if TYPE_CHECKING:`` block imports
    is for mypy only)."""
    import ast
    import importlib
    from pathlib import Path

    module = importlib.import_module(f"verifier.rules.{name}")

    # The source beside the module (a compiled build's module is a C extension).
    source = Path(module.__file__ or "").parent / f"{name}.py"
    tree = ast.parse(source.read_text(encoding="utf-8"))
    tree.body = [n for n in tree.body if not (  # drop the blocks for mypy
        isinstance(n, ast.If) and ast.unparse(n.test) == "TYPE_CHECKING")]
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            imported.add(node.module or "")
    # mypy_extensions: mypyc_attr only, what the compiled build is told (no I/O)
    assert imported <= {"__future__", "collections.abc", "dataclasses", "functools", "typing",
                        "mypy_extensions", *(f"verifier.rules.{m}" for m in ENGINE)}


# -- partial records: tiles not known ---------------------------------------------------


def test_unknown_tiles_can_be_played_once_and_only_if_not_known_elsewhere() -> None:
    # A knows 6-6 and one unknown tile; B's hand is all unknown (2 tiles).
    r = RoundState(MAIN2, [[(6, 6)], []], 0, ("A", "B"), unknown=[1, 2])
    assert r.partial and r.held == [2, 2]
    r.place(0, 6, 6, None)
    with pytest.raises(IllegalMoveError) as e:
        r.place(1, 6, 6, "R")
    assert e.value.kind == "tile-not-in-hand" and e.value.message == "6-6 has already been played"
    r.place(1, 6, 3, "R")  # from B's unknown tiles
    assert r.unknown == [1, 1]


def test_knock_with_unknown_tiles_is_proven_illegal_by_a_later_play() -> None:
    r = RoundState(MAIN2, [[], []], 0, ("A", "B"), unknown=[3, 3])
    r.place(0, 6, 3, None)  # ends 6 | 3
    r.knock(1, token="the knock")  # undecided: B's tiles are not known
    assert r.pending == [(1, 6, 3, "the knock")]
    r.place(0, 3, 1, "R")  # ends 6 | 1
    with pytest.raises(IllegalMoveError) as e:
        r.place(1, 6, 2, "L", play="the play")  # 6-2 fitted the 6 when B knocked
    assert (e.value.kind, e.value.token) == ("knock-while-able", "the knock")
    assert "later (the play) plays 6-2" in e.value.message


def test_a_later_play_that_did_not_fit_proves_nothing() -> None:
    r = RoundState(MAIN2, [[], []], 0, ("A", "B"), unknown=[3, 3])
    r.place(0, 6, 3, None)
    r.knock(1)
    r.place(0, 3, 1, "R")  # ends 6 | 1
    assert r.place(1, 1, 5, "R").end == "R"  # 1-5 fitted neither 6 nor 3 then


def test_block_shown_by_the_knocks_of_every_holder() -> None:
    r = RoundState(MAIN3, [[], [], []], 0, ("A", "B", "C"), unknown=[2, 2, 2])
    r.place(0, 6, 3, None)
    r.knock(1)
    assert not r.over
    r.knock(2)
    assert not r.over  # A has not knocked since the lead
    r.knock(0)
    assert r.outcome == "blocked"
