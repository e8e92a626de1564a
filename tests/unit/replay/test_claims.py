"""Tests of verifier.replay.claims: the start a round's record implies after a round
cut short (R8.5), on hand-made rounds.

The round below is round 3 of the two-player sample, from (2,10): each of its
totals claims, less the points claimed up to it, gives the start (2,10). The
tests spoil one claim or drop one line and work out by hand the starts the
claims then give, s1, s2, ... in order.
"""

from __future__ import annotations

from notation.ftn.reader import parse_games
from notation.model import Round
from verifier.replay.claims import implied_start
from verifier.rules.start import Setup, read_header

ROUND = """\
  S 5-3 =8 +0 (2,10)
  N 3-1 R =6 +2 (4,10)
  S 1-5 R =10 +2 (4,12)
  N 5-4 R =9 +3 (7,12)
  S 4-6 R =11 +0 (7,12)
  N 6-6 R =17 +0 (7,12)
  S 5-6 L =18 +6 (7,18)
"""


def _round(*pairs: tuple[str, str], events: str = ROUND) -> tuple[Round, Setup]:
    for old, new in pairs:
        assert old in events, old
        events = events.replace(old, new, 1)
    text = ('game\n[ftn "1"]\n[seat "N" "Ann"]\n[seat "S" "Sam"]\n[first "S"]\n\n'
            f"round 1 opener S\n{events}end\n")
    game = parse_games(text)[0]
    setup = read_header(game)
    assert isinstance(setup, Setup)
    return game.rounds[0], setup


def test_every_claim_gives_the_same_start() -> None:
    assert implied_start(*_round()) == (1, (2, 10))


def test_a_spike_at_the_first_claim() -> None:
    # s1 = (2,13), then (2,10) seven times: the first two in a row that
    # agree are s2 and s3 (the first claim alone would give (2,13)).
    rnd, setup = _round(("  S 5-3 =8 +0 (2,10)", "  S 5-3 =8 +0 (2,13)"))
    assert implied_start(rnd, setup) == (2, (2, 10))


def test_a_step_after_the_second_claim() -> None:
    # S 1-5 claims +1 for +2, its totals the true (4,12): s1 = s2 = (2,10),
    # then s3 = (4-2, 12-1) = (2,11) and so on to s7 = (7-5, 18-7) = (2,11).
    # Five claims against two: a majority would take (2,11).
    rnd, setup = _round(("  S 1-5 R =10 +2 (4,12)", "  S 1-5 R =10 +1 (4,12)"))
    assert implied_start(rnd, setup) == (1, (2, 10))


def test_a_step_right_after_the_first_claim() -> None:
    # N 3-1 claims +1 for +2: s1 = (2,10), s2 = (4-1, 10) = (3,10), and every
    # later claim (3,10). The claims alone read the same as a wrong first
    # totals claim (a spike at s1): the rule takes (3,10), from event 2.
    rnd, setup = _round(("  N 3-1 R =6 +2 (4,10)", "  N 3-1 R =6 +1 (4,10)"))
    assert implied_start(rnd, setup) == (2, (3, 10))
    # A lost line makes the same step: without N 3-1, s2 = (4-0, 12-2) =
    # (4,10) and so on. But S then plays out of turn at event 2, where the
    # replay stops: only event 1 is played, and its claim gives the start.
    rnd, setup = _round(("  N 3-1 R =6 +2 (4,10)\n", ""))
    assert implied_start(rnd, setup) == (2, (4, 10))
    assert implied_start(rnd, setup, played=1) == (1, (2, 10))


def test_no_two_claims_in_a_row_agree() -> None:
    # s1 = (2,10), s2 = (4-2, 11) = (2,11), s3 = (5-2, 12-2) = (3,10),
    # s4 = (7-5, 13-2) = (2,11): no two in a row agree, so the first claim's
    # start, though (2,11) is given twice.
    rnd, setup = _round(("  N 3-1 R =6 +2 (4,10)", "  N 3-1 R =6 +2 (4,11)"),
                        ("  S 1-5 R =10 +2 (4,12)", "  S 1-5 R =10 +2 (5,12)"),
                        ("  N 5-4 R =9 +3 (7,12)", "  N 5-4 R =9 +3 (7,13)"),
                        events="".join(ROUND.splitlines(keepends=True)[:4]))
    assert implied_start(rnd, setup) == (1, (2, 10))


def test_a_single_claim() -> None:
    # Only S 1-5 claims totals: (4,12) less N's 2 and S's 2.
    rnd, setup = _round(("  S 5-3 =8 +0 (2,10)", "  S 5-3 =8 +0"),
                        ("  N 3-1 R =6 +2 (4,10)", "  N 3-1 R =6 +2"))
    assert implied_start(rnd, setup) == (3, (2, 10))


def test_only_the_events_the_replay_plays_count() -> None:
    rnd, setup = _round(("  S 5-3 =8 +0 (2,10)", "  S 5-3 =8 +0"),
                        ("  N 3-1 R =6 +2 (4,10)", "  N 3-1 R =6 +2"))
    assert implied_start(rnd, setup, played=3) == (3, (2, 10))
    assert implied_start(rnd, setup, played=2) is None
    assert implied_start(*_round(), played=0) is None
