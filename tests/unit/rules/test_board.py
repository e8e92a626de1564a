"""Tests of verifier.rules.board: the rules as a library. Positions are computed by
hand from docs/RULES.md (the R-numbers say which rule each value follows);
games played to their end agree with the replay of their own FTN record; the
README's "Rules as a library" blocks run and print what the README says."""

from __future__ import annotations

import contextlib
import io
import random
import re
import subprocess
import sys
from typing import Any

import pytest
from support.docs import page
from support.ftn import Ftn
from support.paths import ROOT

from notation.ftn.reader import parse_games
from verifier import (
    KNOCK,
    AmbiguousPlacementError,
    Board,
    GameOverError,
    IllegalMoveError,
    KnockWhileAbleError,
    Move,
    NotYourTurnError,
    RoundOverError,
    TileDoesNotFitError,
    TileNotInHandError,
    WrongOpenerError,
    api,
    parse_move,
)
from verifier.api import check_text
from verifier.diagnostics import BY_NAME

# The README's short record (two players, N opens): N 6-6, S 6-4 L, ...
N_HAND = [(6, 6), (6, 3), (5, 5), (4, 1), (2, 0), (3, 3), (1, 1)]
S_HAND = [(6, 4), (3, 1), (5, 0), (2, 2), (4, 4), (6, 2), (0, 0)]
SHORT = ["6-6", "6-4 L", "6-3 R", "4-4 L", "3-3 R", "3-1 R", "4-1 L", "knock", "1-1 L"]

# The registry's domino example: N dominoes with 0-6 R for 2 points + the bonus.
N_DOM = [(0, 1), (0, 5), (0, 6), (1, 6), (4, 4), (4, 6), (5, 5)]
S_DOM = [(0, 3), (1, 3), (1, 4), (2, 2), (2, 3), (4, 5), (6, 6)]
DOMINO = ["4-4", "4-5 R", "5-5 R", "4-1 L", "1-6 L", "6-6 L", "5-0 R", "0-3 R", "6-4 L",
          "3-1 R", "1-0 R", "knock", "0-6 R"]


def short_board(**kw: Any) -> Board:
    return Board(["N", "S"], first="N", hands=[N_HAND, S_HAND], **kw)


def state(board: Board) -> tuple[Any, ...]:
    """Everything a board shows."""
    return (board.turn, board.hands, board.line, board.ends, board.end_total, board.totals,
            board.round_number, board.opener, board.is_round_over(), board.is_game_over(),
            board.winner, board.result(), board.legal_moves(), board.events,
            board.move_stack, board.ftn())


def play_out(board: Board, rng: random.Random, limit: int = 100_000) -> None:
    for _ in range(limit):
        if board.is_game_over():
            return
        board.play(rng.choice(board.legal_moves()))
    raise AssertionError("the game did not end")


# --------------------------------------------------------------------------
# Positions, by hand.


def test_legal_moves_at_the_lead_are_each_tile_once() -> None:
    board = short_board()
    assert (board.turn, board.opener, board.ends, board.end_total) == ("N", "N", None, 0)
    # R3.3: any tile of the opener's hand may lead; its written order is notation.
    assert board.legal_moves() == [Move(t, None) for t in
                                   [(0, 2), (1, 1), (1, 4), (3, 3), (3, 6), (5, 5), (6, 6)]]


def test_the_lead_scores_its_pips_and_the_next_seat_plays() -> None:
    board = short_board()
    ev = board.play("6-6")
    # R5.3: a lead of 6-6 counts 12 (not 24); R6.2: 12/3 = 4.
    assert (ev.end_total, ev.points, ev.bonus, ev.discarded, ev.totals) == (12, 4, 0, False,
                                                                           (4, 0))
    assert (ev.round, ev.event, ev.seat, ev.side, ev.outcome) == (1, 1, "N", "N", None)
    assert (board.turn, board.line, board.ends, board.end_total) == ("S", ((6, 6),), (6, 6), 12)
    # R4.1: S's tiles with a 6 fit either end of the lead double.
    assert [str(m) for m in board.legal_moves()] == ["6-2 L", "6-2 R", "6-4 L", "6-4 R"]


def test_after_placements_the_line_and_ends_follow_r5() -> None:
    board = short_board()
    for m in SHORT[:3]:
        board.play(m)
    # 4-6 | 6-6 | 6-3: 6-6 inside the line counts nothing more (R5.2): 4 + 3 = 7.
    assert board.line == ((4, 6), (6, 6), (6, 3))
    assert (board.ends, board.end_total, board.totals) == ((4, 3), 7, (4, 0))
    assert board.hand("S") == ((0, 0), (0, 5), (1, 3), (2, 2), (2, 6), (4, 4))
    ev = board.play("4-4 L")  # a terminal double counts both halves: 8 + 3 = 11 (R5.2)
    assert (ev.end_total, ev.points) == (11, 0)
    # N holds 0-2 1-1 1-4 3-3 5-5 against 4-4 | 3: 4-1 at the left, 3-3 at the right.
    assert [str(m) for m in board.legal_moves()] == ["4-1 L", "3-3 R"]


def test_a_forced_knock_and_a_block() -> None:
    board = short_board(auto_deal=False)
    for m in SHORT[:7]:
        board.play(m)
    # Ends 1 | 1; S holds 0-0 0-5 2-2 2-6: nothing fits, the only move is a knock (R4.4).
    assert board.ends == (1, 1) and board.legal_moves() == [KNOCK]
    ev = board.play("knock")
    assert (ev.is_knock, ev.end_total, ev.points, ev.credited, ev.totals) == (
        True, None, 0, False, (4, 3))
    ev = board.play("1-1 L")
    # 1-1 at an end counts 2, + 1 = 3: 1 point (R5.2, R6.2); then N holds 0-2 5-5 and S
    # 0-0 0-5 2-2 2-6 against 1 | 1: nobody can place, the round is blocked (R7.3).
    assert (ev.end_total, ev.points, ev.bonus, ev.totals, ev.outcome) == (3, 1, 0, (5, 3),
                                                                         "blocked")
    assert board.is_round_over() and not board.is_game_over()
    assert [board.turn] == [None] and board.legal_moves() == []
    assert board.round_outcome() == ("blocked", None, (5, 3))
    with pytest.raises(RoundOverError) as e:
        board.play("knock")
    assert e.value.rule == "R7.5"
    board.deal()
    # R3.2: the next seat clockwise opens round 2.
    assert (board.round_number, board.opener, board.turn) == (2, "S", "S")
    assert board.round_outcome(1) == board.round_outcome(1) and board.round_outcome() is None


def test_the_domino_bonus_is_part_of_the_event() -> None:
    board = Board(["N", "S"], first="N", hands=[N_DOM, S_DOM])
    for m in DOMINO[:-1]:
        board.play(m)
    assert board.totals == (10, 9) and board.hand("N") == ((0, 6),)
    ev = board.play("0-6 R")
    # 0-6 on 0 leaves 4 | 6 = 10: 2 points; the last tile of a hand ends the round with
    # the bonus 1 (R7.1), credited with the placement as one event (R8.1): 10 + 3 = 13.
    assert (ev.end_total, ev.points, ev.bonus, ev.amount, ev.discarded) == (10, 2, 1, 3, False)
    assert (ev.totals, ev.outcome) == ((13, 9), "domino")
    assert board.round_outcome(1) == ("domino", "N", (13, 9))
    # auto_deal: round 2 is dealt at once, and S opens it (R3.2).
    assert (board.round_number, board.opener, board.is_round_over()) == (2, "S", False)
    assert board.events == ()


def test_an_overshoot_is_discarded_whole() -> None:
    board = Board(["N", "S"], first="N", hands=[N_DOM, S_DOM], options={"target": "12"})
    for m in DOMINO[:-1]:
        board.play(m)
    ev = board.play("0-6 R")
    # R8.2, R8.3: at 10, 2 + 1 = 3 would make 13 > 12: both are discarded; N stays at 10,
    # and the round is over all the same.
    assert (ev.points, ev.bonus, ev.discarded, ev.credited, ev.totals) == (2, 1, True, False,
                                                                           (10, 9))
    assert ev.outcome == "domino" and not board.is_game_over() and board.round_number == 2
    assert "N 0-6 R =10 over+2+1 (10,9)" in board.ftn()


def test_reaching_the_target_ends_the_game_at_once() -> None:
    board = short_board(options={"target": "4"})
    ev = board.play("6-6")
    # R8.4: N reaches 4 exactly with the lead and wins on the spot.
    assert (ev.totals, ev.outcome) == ((4, 0), "target")
    assert board.is_game_over() and board.winner == "N" and board.result() == ("N", (4, 0))
    assert board.legal_moves() == [] and board.turn is None
    with pytest.raises(GameOverError) as e:
        board.play("6-4 L")
    assert e.value.rule == "R8.4"
    with pytest.raises(ValueError, match="the game is over"):
        board.deal()


def test_four_players_share_a_side_and_the_bonus_waits_for_both_partners() -> None:
    dominoes = 0
    for seed in range(15):
        board = Board(4, seed=seed)
        assert board.sides == ("N+S", "E+W")
        rng = random.Random(seed)
        play_out(board, rng)
        emptied: set[str] = set()
        placed: dict[str, int] = {}
        for ev in board.move_stack:
            if ev.event == 1:
                emptied, placed = set(), {}
            if ev.outcome == "domino":
                # R7.2: the round ends only when the second partner of a side empties,
                # and that placement earns the bonus; the first partner's earns none.
                partner = {"N": "S", "S": "N", "E": "W", "W": "E"}[ev.seat]
                assert partner in emptied and ev.bonus == 1
                dominoes += 1
            else:
                assert ev.bonus == 0
            placed[ev.seat] = placed.get(ev.seat, 0) + (not ev.is_knock)
            if placed[ev.seat] == board.rules.hand_size:
                emptied.add(ev.seat)
    assert dominoes > 5


def _emptied(board: Board, ev: Any) -> bool:
    """Whether the event placed the last tile of its seat's hand."""
    placed = sum(1 for e in board.move_stack
                 if e.round == ev.round and e.seat == ev.seat and not e.is_knock
                 and e.event <= ev.event)
    return not ev.is_knock and placed == board.rules.hand_size


# --------------------------------------------------------------------------
# Illegal moves: one typed error each, with its rule, and nothing changed.


@pytest.mark.parametrize(("moves", "move", "seat", "error", "rule"), [
    ([], "6-4", "S", NotYourTurnError, "R1.2"),
    ([], "6-4", None, TileNotInHandError, "R2.2, R4.5"),
    (["6-6"], "2-2 L", None, TileDoesNotFitError, "R4.1"),
    (["6-6"], "2-2", None, TileDoesNotFitError, "R4.1"),
    (["6-6"], "knock", None, KnockWhileAbleError, "R4.4"),
    (SHORT[:6], "4-1", None, AmbiguousPlacementError, "R4.2"),
    ([], "1-1", "X", NotYourTurnError, "R1.2"),
])
def test_each_illegal_move_raises_its_error(moves: list[str], move: str, seat: str | None,
                                            error: type[IllegalMoveError], rule: str) -> None:
    board = short_board()
    for m in moves:
        board.play(m)
    before = state(board)
    with pytest.raises(error) as e:
        board.play(move, seat)
    assert isinstance(e.value, IllegalMoveError) and e.value.rule == rule
    assert e.value.kind in BY_NAME  # the diagnostic the verifier reports for it
    assert state(board) == before and not board.is_legal(parse_move(move), seat)


def test_an_emptied_partner_is_passed_over() -> None:
    # Find a four-player position where a seat has played its last tile and its round
    # goes on: it may not play again (R7.2).
    for seed in range(200):
        board, rng = Board(4, seed=seed), random.Random(seed)
        while not board.is_game_over():
            ev = board.play(rng.choice(board.legal_moves()))
            if _emptied(board, ev) and not ev.outcome and board.round_number == ev.round:
                with pytest.raises(NotYourTurnError) as e:
                    board.play("knock", ev.seat)
                assert e.value.rule == "R7.2"
                return
    raise AssertionError("no emptied partner found")


def test_the_highest_double_must_lead_under_v5() -> None:
    board = short_board(options={"opener": "highest-double"})
    assert board.opener == "N" and board.legal_moves() == [Move((6, 6), None)]
    with pytest.raises(WrongOpenerError) as e:
        board.play("5-5")
    assert e.value.rule == "V5"


def test_bad_set_ups_are_value_errors() -> None:
    with pytest.raises(ValueError, match="5-5 is dealt twice"):
        Board(["N", "S"], hands=[N_HAND, [(5, 5), *S_HAND[1:]]])
    with pytest.raises(ValueError, match="bad value"):
        Board(2, options={"target": "many"})
    with pytest.raises(ValueError, match="not a seat"):
        Board(2, first="Q")
    with pytest.raises(ValueError, match="write a tile"):
        parse_move("6+3")
    board = short_board()
    board.play("6-6")
    with pytest.raises(ValueError, match="under way"):
        board.deal()
    with pytest.raises(IndexError):
        Board(2, seed=1).pop()


# --------------------------------------------------------------------------
# Undo and copy.


def test_undo_restores_every_state_exactly() -> None:
    for players in (2, 4):
        board, rng = Board(players, seed=players, options={"target": "31"}), random.Random(1)
        states = [state(board)]
        while not board.is_game_over():
            board.play(rng.choice(board.legal_moves()))
            states.append(state(board))
        final = board.ftn()
        moves = [e.move for e in board.move_stack]
        for want in reversed(states[:-1]):
            board.pop()
            assert state(board) == want
        # Played again, the same moves give the same game: the deals come back too.
        for move in moves:
            board.play(move)
        assert board.ftn() == final


def test_copies_are_independent() -> None:
    board = short_board()
    board.play("6-6")
    before = state(board)
    other = board.copy()
    assert state(other) == before
    other.play("6-4 L")
    other.pop()
    other.pop()
    other.play("3-3")
    assert state(board) == before
    board.play("6-2 R")
    assert other.line == ((3, 3),) and other.totals == (2, 0)
    assert board.pop().move == Move((6, 2), "R") and state(board) == before


# --------------------------------------------------------------------------
# Records: the board's own FTN, replayed by the verifier.


VARIANTS: list[dict[str, str]] = [
    {}, {"target": "31"}, {"immediate-end": "off"}, {"bonus": "0"},
    {"divisors": "3,5,7,11,13"}, {"opener": "highest-double"},
]


def agree_with_the_replay(board: Board) -> None:
    text = board.ftn()
    rep = check_text(text, "board.ftn")
    assert rep.diagnostics == [], rep.diagnostics[0]
    replay = api.replay(parse_games(text)[0], 1, "board.ftn")
    mine = board.move_stack
    assert len(replay.events) == len(mine)
    for ev, r in zip(mine, replay.events, strict=True):
        assert ev.is_knock == (r.type == "knock") and ev.totals == r.totals
        if not ev.is_knock:
            assert (ev.end_total, ev.points, ev.bonus, ev.amount, ev.credited) == (
                r.end_total, r.placement_points, r.bonus, r.event_points, r.credited)
    assert (board.winner, board.totals, replay.complete) == (replay.winner, replay.totals, True)
    again = Board.from_game(parse_games(text)[0])
    assert again.ftn() == text and again.is_game_over()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_games_played_out_agree_with_the_replay_of_their_record(players: int) -> None:
    for seed in range(2):
        for options in VARIANTS[:2]:
            board = Board(players, seed=seed, options=options)
            play_out(board, random.Random(seed))
            agree_with_the_replay(board)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_many_games_agree_with_the_replay_of_their_record(players: int) -> None:
    for seed in range(6):
        for options in VARIANTS:
            board = Board(players, seed=seed, options=options)
            play_out(board, random.Random(seed))
            agree_with_the_replay(board)
    for seed in range(4):
        board = Board(players, seed=seed, preset="online")
        play_out(board, random.Random(seed))
        agree_with_the_replay(board)


def test_a_record_position_is_the_board_that_played_up_to_it() -> None:
    board, rng = Board(4, seed=11), random.Random(11)
    play_out(board, rng)
    game = parse_games(board.ftn())[0]
    stack = board.move_stack
    for index in (len(stack) - 2, len(stack) // 2, 17, 3, 0):  # popping down to each
        ev = stack[index]  # the position just before this event
        there = Board.from_game(game, ev.round, ev.event - 1)
        while len(board.move_stack) > index:
            board.pop()
        assert state(there)[:13] == state(board)[:13]
        assert there.round_number == ev.round and there.turn == ev.seat


def test_a_record_with_an_illegal_move_names_its_place() -> None:
    board = short_board()
    for m in SHORT[:3]:
        board.play(m)
    text = board.ftn().replace("N 6-3 R =7 +0 (4,0)", "N 5-5 R")
    with pytest.raises(TileDoesNotFitError, match=r"round 1, event 3: 5-5 does not fit"):
        Board.from_game(parse_games(text)[0])
    with pytest.raises(WrongOpenerError, match="opened by S"):
        Board.from_game(parse_games(board.ftn().replace("opener N", "opener S"))[0])
    with pytest.raises(ValueError, match="the hand of S is not known"):
        Board.from_game(parse_games(re.sub(r"  deal S .*\n", "", board.ftn()))[0])


# --------------------------------------------------------------------------
# The README.


def _section() -> list[str]:
    section = page("library/rules.md")
    return re.findall(r"```(?:python)?\n(.*?)```", section, re.S)


def test_the_readme_game_prints_one_clean_record_and_nothing_else() -> None:
    code = _section()[0]
    assert "legal_moves()" in code and "Board(4" in code
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "docs/library/rules.md", "exec"), {"__name__": "__docs__"})
    text = out.getvalue()
    rep = check_text(text, "readme.ftn")
    assert (rep.games, rep.diagnostics) == (1, [])
    assert text.startswith("game\n") and text.endswith("end\n")
    assert re.search(r"^winner (N\+S|E\+W) \(", text, re.M)


@pytest.mark.slow
def test_the_readme_game_run_as_a_program_is_clean_to_ftn_check(ftn: Ftn) -> None:
    r = subprocess.run([sys.executable, "-c", _section()[0]], cwd=ROOT, capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0 and r.stderr == "", r.stderr
    checked = ftn(["check", "-"], process=True, stdin=r.stdout, cwd=ROOT, timeout=120)
    assert checked.returncode == 0, checked.stdout
    assert checked.stdout == "1 file, 1 game, " + checked.stdout.split(" game, ")[1]
    assert checked.stdout.endswith(" events: 0 errors, 0 warnings\n"), checked.stdout


def test_the_readme_tour_prints_what_the_readme_says() -> None:
    _, code, printed = _section()[:3]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "docs/library/rules.md", "exec"), {"__name__": "__docs__"})
    assert out.getvalue() == printed


def test_the_module_examples_run() -> None:
    import doctest

    import verifier.rules.board

    assert doctest.testmod(verifier.rules.board).failed == 0


def test_a_move_with_no_such_end_is_refused() -> None:
    board = short_board()
    board.play("6-6")
    with pytest.raises(ValueError, match="the end is 'L', 'R' or None"):
        board.play(Move((6, 4), "X"))
    with pytest.raises(ValueError, match="the end is"):
        board.play(Move(None, "L"))
    assert board.totals == (4, 0) and board.turn == "S"


def test_a_record_that_starts_in_mid_game() -> None:
    path = ROOT / "samples" / "valid" / "start-mid-game.ftn"
    (game,) = parse_games(path.read_text(encoding="utf-8"))
    board = Board.from_game(game, auto_deal=False)
    replay = api.replay(game)
    assert board.round_number == replay.rounds[-1].round > 1
    assert (board.totals, board.winner) == (replay.totals, replay.winner)
    start, tag = Board.from_game(game, game.rounds[0].number, 0), game.tag("start")
    assert tag is not None and start.totals == tuple(map(int, tag.values[1].split(",")))
    assert start.round_number == int(tag.values[0]) and start.events == ()
