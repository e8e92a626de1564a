"""Tests of verifier.replay: headers, deals, claims, and when replay stops.

Records are the bundled samples, edited in the test where a case needs it.
"""

from __future__ import annotations

import pytest
from support.paths import read_sample

from notation.ftn.reader import parse_games
from notation.model import Placement
from verifier.replay.game import canonical_game, check_game, replay
from verifier.replay.inputs import Reading
from verifier.rules.start import Setup, read_header

TWO = read_sample("valid", "two-players-r8-3.ftn")
FOUR = read_sample("valid", "four-players.ftn")


def found(text: str) -> list[tuple[str, int, int]]:
    rep = check_game(parse_games(text)[0])
    return [(d.name, d.line, d.col) for d in rep.diagnostics]


def line_of(text: str, content: str) -> int:
    """The line number of the one line that starts with ``content``."""
    hits = [i for i, line in enumerate(text.split("\n"), 1) if line.startswith(content)]
    assert len(hits) == 1, content
    return hits[0]


def edit(text: str, *pairs: tuple[str, str]) -> str:
    for old, new in pairs:
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


def test_valid_sample_replays_clean_with_its_result() -> None:
    rep = check_game(parse_games(TWO)[0])
    assert rep.diagnostics == []
    assert (rep.complete, rep.winner, rep.scores) == (True, "S", (60, 61))
    assert rep.rounds == 12 and rep.events == 122


def test_partnership_winner_is_named_by_its_side() -> None:
    rep = check_game(parse_games(FOUR)[0])
    assert rep.diagnostics == [] and rep.winner == "N+S" and rep.scores == (61, 49)


# -- header --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('[ftn "1"]', '[ftn "2"]', 'the format version must be "1"'),
        ('[ftn "1"]\n', "", 'the [ftn "1"] tag is missing'),
        ('[seat "S" "Player 2"]', '[seat "N" "Player 2"]', "seat N is given twice"),
        ('[seat "S" "Player 2"]', '[seat "S" "Player 2"]\n[seat "E"]\n[seat "W"]\n[seat "X"]',
         "R2.1 gives hand sizes for 2 to 4 players; declare one for 5"),
        ('[seat "S" "Player 2"]', '[seat "round"]', "[seat] takes a seat name"),
        ('[first "S"]', '[first "S"]\n[rules "club"]',
         "unknown rules preset 'club'; known presets: \"pagat\": the main form"),
        ('[first "S"]', '[first "S"]\n[rule "colour" "red"]',
         "unknown rule option 'colour'; known options: set: double-six, double-nine or "
         "double-twelve (V1); hand: tiles per player"),
        ('[first "S"]', '[first "S"]\n[rule "target" "x"]', "bad value 'x' for target"),
    ],
)
def test_bad_header(old: str, new: str, message: str) -> None:
    rep = check_game(parse_games(edit(TWO, (old, new)))[0])
    assert [d.name for d in rep.diagnostics] == ["bad-header"]
    assert rep.diagnostics[0].message.startswith(message)
    # The record's own events are counted; none is replayed without a header.
    assert (rep.events, rep.replayed) == (122, 0)


def test_preset_pagat_is_the_main_form() -> None:
    assert found(edit(TWO, ('[first "S"]', '[first "S"]\n[rules "pagat"]'))) == []


def test_round_numbers_must_follow_on() -> None:
    text = edit(TWO, ("round 2 opener N", "round 3 opener N"))
    assert found(text) == [("bad-header", line_of(text, "round 3 opener N"), 1)]


# -- deals -------------------------------------------------------------------------


def test_partial_deals_are_checked_for_what_they_say() -> None:
    full = "  deal N 0-3 1-3 1-6 2-2 2-4 2-6 4-4"
    text = edit(TWO, (full, "  deal N 0-3 1-3 1-6 2-2 2-4 2-6 ?"))
    assert found(text) == []
    rep = check_game(parse_games(text)[0])
    assert rep.unknowns[0].message == "1 of the 7 tiles dealt to N are not known"
    text = edit(TWO, (full, "  deal N 0-3 1-3 1-6 2-2 2-4 2-6"))  # six, and no '?'
    assert [n for n, _, _ in found(text)] == ["bad-deal"]
    text = edit(TWO, (full + "\n", ""))  # N's hand left out
    assert found(text) == []


def _no_deals(text: str) -> str:
    return "\n".join(line for line in text.split("\n") if not line.startswith("  deal "))


def test_partial_tile_known_elsewhere_or_played_twice() -> None:
    # S holds 1-4 (its deal is kept); N's hand is not known.
    text = edit(TWO, ("  deal N 0-3 1-3 1-6 2-2 2-4 2-6 4-4\n", ""),
                ("  N 1-3 R =8 +0 (0,2)", "  N 1-4 R"))
    ((name, _, _), note) = found(text)
    assert note[0] == "claims-unjudged"  # (the rest of the round)
    rep = check_game(parse_games(text)[0])
    assert name == "tile-not-in-hand" and rep.diagnostics[0].message == (
        "N does not hold 1-4 (S does)"
    )
    text = edit(_no_deals(TWO), ("  N 3-0 R =0 +0 (0,3)", "  N 5-1 R"))
    rep = check_game(parse_games(text)[0])
    assert [(d.name, d.message) for d in rep.diagnostics][:1] == [
        ("tile-not-in-hand", "N places 5-1, already placed at event 1 by S (R4.5)")
    ]


def test_partial_block_needs_the_knocks() -> None:
    text = _no_deals(TWO)
    assert found(text) == []
    # Round 1 ends blocked after N's 3-0; without the knocks that show it,
    # its events stop before the round is over (R7): one finding, at its
    # result line (not judged), and the next round is judged from its claims.
    cut = edit(text, ("  S knock\n  N knock\n  result blocked (0,3)", "  result blocked (0,3)"))
    assert found(cut) == [("round-unfinished", line_of(cut, "  result blocked (0,3)"), 3)]


def test_partial_records_note_what_they_leave_undecided() -> None:
    rep = check_game(parse_games(_no_deals(TWO))[0])
    messages = [u.message for u in rep.unknowns]
    assert "the hand of N is not known (no deal line)" in messages
    assert any(m.startswith("the block of round 1 rests on the knocks written") for m in messages)
    assert any(m.startswith("the knock by S (event 5) cannot be checked") for m in messages)


def test_deal_for_a_stranger_or_twice() -> None:
    text = edit(TWO, ("  deal N 0-3", "  deal X 0-3"))
    assert [n for n, _, _ in found(text)] == ["bad-deal", "claims-unjudged"]
    hand = " 0-3 1-3 1-6 2-2 2-4 2-6 4-4"
    text = edit(TWO, ("  deal N" + hand, "  deal S" + hand))
    assert [n for n, _, _ in found(text)] == ["bad-deal"]


# -- moves -------------------------------------------------------------------------


def test_an_illegal_move_stops_the_replay() -> None:
    # N knocks while able, and a wrong claim follows: only the knock is
    # judged, and a note says, once, that the rest of the round is not.
    text = edit(
        TWO,
        ("  N 1-3 R =8 +0 (0,2)", "  N knock  # able"),
        ("  S 5-0 L =3 +1 (0,3)", "  S 5-0 L =99 +7 (9,9)"),
    )
    knock = line_of(text, "  N knock  # able")
    assert found(text) == [("knock-while-able", knock, 3), ("claims-unjudged", knock + 1, 3)]
    note = check_game(parse_games(text)[0]).diagnostics[1]
    assert note.severity == "note" and note.message == (
        "the replay of round 1 ended at an illegal move (event 2): the claims of the "
        "rest of the round (3 lines, from here) are not judged; the next round starts from "
        "the totals its record implies")


def test_stranger_seat_is_not_your_turn() -> None:
    text = edit(TWO, ("  N 1-3 R =8 +0 (0,2)", "  X 1-3 R"))
    at = line_of(text, "  X 1-3 R")
    assert found(text) == [("not-your-turn", at, 3), ("claims-unjudged", at + 1, 3)]


def test_wrong_claims_do_not_stop_the_replay() -> None:
    text = edit(
        TWO,
        ("  S 5-1 =6 +2 (0,2)", "  S 5-1 =7 +2 (0,2)"),
        ("  S 1-6 L =18 +6 (1,9)", "  S 1-6 L =18 +5 (1,9)"),
    )
    assert [n for n, _, _ in found(text)] == ["end-total-mismatch", "points-mismatch"]


# -- totals: each mismatch once -------------------------------------------------------


def test_a_total_carried_forward_is_not_reported_again() -> None:
    text = edit(
        TWO,
        ("  S 4-6 R =7 +0 (1,3)", "  S 4-6 R =7 +0 (1,4)"),
        ("  N 6-6 R =13 +0 (1,3)", "  N 6-6 R =13 +0 (1,4)"),
        ("  S 1-6 L =18 +6 (1,9)", "  S 1-6 L =18 +6 (1,10)"),
        ("  N 6-2 R =8 +0 (1,9)", "  N 6-2 R =8 +0 (1,11)"),
    )
    # (1,4) is wrong; (1,4) and (1,10) carry the same error; (1,11) is new.
    assert found(text) == [
        ("total-mismatch", line_of(text, "  S 4-6 R =7 +0 (1,4)"), 17),
        ("total-mismatch", line_of(text, "  N 6-2 R =8 +0 (1,11)"), 17),
    ]


def test_a_total_past_the_target_is_an_accepted_overshoot() -> None:
    text = edit(TWO, ("  S 3-4 L =6 over+2+1 (60,59)", "  S 3-4 L =6 (60,62)"))
    assert found(text) == [
        ("overshoot-accepted", line_of(text, "  S 3-4 L =6 (60,62)"), 14)
    ]


def test_credited_points_past_the_target_reported_once() -> None:
    text = edit(
        TWO,
        ("  S 3-4 L =6 over+2+1 (60,59)", "  S 3-4 L =6 +3 (60,62)"),
        ("  result domino S (60,59)", "  result domino S (60,62)"),
    )
    assert found(text) == [
        ("overshoot-accepted", line_of(text, "  S 3-4 L =6 +3 (60,62)"), 14)
    ]


def test_discarded_claim_with_wrong_amount() -> None:
    text = edit(TWO, ("  S 3-4 L =6 over+2+1 (60,59)", "  S 3-4 L =6 over+3+1 (60,59)"))
    assert [n for n, _, _ in found(text)] == ["points-mismatch"]
    text = edit(TWO, ("  S 3-4 L =6 over+2+1 (60,59)", "  S 3-4 L =6 over+3 (60,59)"))
    assert [n for n, _, _ in found(text)] == []  # 3 is the whole event, as claimed


def test_bonus_forgotten_or_invented() -> None:
    text = edit(FOUR, ("  E 6-6 L =14 +0+1 (39,33)", "  E 6-6 L =14 +0+0 (39,32)"))
    assert [n for n, _, _ in found(text)] == ["bonus-mismatch"]
    text = edit(FOUR, ("  S 6-2 R =12 +4 (37,30)", "  S 6-2 R =12 +4+1 (38,30)"))
    # The first partner out earns no bonus (R7.2); the total that carries
    # the claimed bonus is not reported again.
    assert [n for n, _, _ in found(text)] == ["bonus-mismatch"]


# -- results and winner ------------------------------------------------------------


def test_result_of_an_unfinished_round() -> None:
    # Round 1's last three events are lost: its result line comes before the
    # round is over (N to play 3-0 on 0 | 3), one finding there; its claim
    # of a block and its totals are not judged.
    text = edit(TWO, ("  N 3-0 R =0 +0 (0,3)\n  S knock\n  N knock\n", ""))
    assert [(d.name, d.line, d.message) for d in check_game(parse_games(text)[0]).diagnostics
            ] == [("round-unfinished", line_of(text, "  result blocked (0,3)"),
                   "round 1 is not over at its result (N to play, 0 | 3): its events stop "
                   "before it ended; the result is not judged, and the next round starts "
                   "from the totals its record implies")]


def test_winner_without_a_finished_game() -> None:
    cut = TWO[: TWO.index("round 12 opener N")] + "winner S (60,59)\nend\n"
    assert [n for n, _, _ in found(cut)] == ["winner-mismatch", "game-unfinished"]


def test_round_after_the_game_is_won() -> None:
    extra = "round 13 opener S\n  deal N 0-0\nend\n"
    text = TWO.replace("\nwinner S (60,61)\nend\n", "\n" + extra)
    assert [n for n, _, _ in found(text)] == ["event-after-game-end"]



# -- after a round cut short (R8.5) -------------------------------------------------

# Round 2 loses its last six lines (S's +1 with them): it is not over when
# round 3 starts, and round 3's claims say it starts from (2,10), not (2,9).
CUT = ("  S 1-3 R =5 +1 (2,10)\n  N 2-4 L =7 +0 (2,10)\n  S 4-4 L =11 +0 (2,10)\n"
       "  N knock\n  S knock\n  result blocked (2,10)\n", "")


def _findings(text: str) -> list[tuple[str, int | None, str]]:
    rep = check_game(parse_games(text)[0])
    return [(d.name, d.event, d.message) for d in rep.diagnostics]


def test_a_round_after_a_cut_starts_from_its_claims() -> None:
    # (2,10), not the computed (2,9): no finding of its own (R8.5)
    assert _findings(edit(TWO, CUT)) == [
        ("round-unfinished", None, "round 2 is not over (S to play, 2 | 1) when round 3 starts"),
    ]


def test_a_wrong_points_claim_after_a_cut_is_its_own_finding() -> None:
    # Round 3's third event claims +1 for +2 (its totals are right): every
    # later claim implies (2,11), the first two (2,10). Taken by a majority,
    # (2,11) gave a total-mismatch at event 1 and a replay one point off to
    # the end of the game (an overshoot accepted, a winner not reached).
    text = edit(TWO, CUT, ("  S 1-5 R =10 +2 (4,12)", "  S 1-5 R =10 +1 (4,12)"))
    assert _findings(text)[1:] == [
        ("points-mismatch", 3, "points claimed +1, computed +2 (ends 5 + 5 = 10; 10/5=2)"),
    ]


def test_after_a_cut_only_the_claims_the_replay_plays_count() -> None:
    # N 3-1 is lost: S then plays out of turn at event 2, where the replay
    # stops; the claims after it (from (4,10): N's +2 is lost with its line) are
    # not read. They outvoted event 1's claim, with a total-mismatch at it.
    text = edit(TWO, CUT, ("  N 3-1 R =6 +2 (4,10)\n", ""))
    assert [(n, e) for n, e, _ in _findings(text)[1:]] == [
        ("not-your-turn", 2), ("claims-unjudged", None),
    ]

# -- resolving ends for the canonical form ------------------------------------------


def test_canonical_game_writes_every_reached_end() -> None:
    text = edit(
        TWO, ("  N 1-3 R =8 +0 (0,2)", "  N 1-3 =8 +0 (0,2)"), ("  S 5-1 =6", "  S 5-1 L =6")
    )
    game = parse_games(text)[0]
    assert check_game(game).diagnostics == []
    fixed = canonical_game(game)
    lead, second = fixed.rounds[0].events[:2]
    assert isinstance(lead, Placement) and lead.end is None  # no end on a lead
    assert isinstance(second, Placement) and second.end == "R"
    assert fixed.without_positions() == parse_games(TWO)[0].without_positions()


def test_a_win_on_a_blocking_placement_ends_the_round_by_target() -> None:
    # The registry's example: with a target of 5, N's 1-1 reaches 5 and also
    # leaves nobody able to place. The game ends there: outcome "target".
    from verifier.diagnostics import BY_NAME

    text = BY_NAME["event-after-game-end"].example.replace("  S knock\n  result", "  result")
    assert found(text) == []
    wrong = text.replace("result target (5,3)", "result blocked (5,3)")
    assert [n for n, _, _ in found(wrong)] == ["result-mismatch"]


def test_diagnostics_cite_the_option_that_decides_them() -> None:
    prime = read_sample("valid", "variant-prime-scoring.ftn")
    text = prime.replace("  N 6-6 R =21 +10 (13,22)", "  N 6-6 R =21 +7 (13,22)")
    rep = check_game(parse_games(text)[0])
    (d,) = rep.diagnostics
    assert (d.name, d.rule) == ("points-mismatch", "R6.2, V3")
    assert d.message.endswith("(under divisors 3,5,7,11,13)")
    assert "21/3=7 + 21/7=3" in d.message
    bonus0 = read_sample("valid", "variant-bonus-0.ftn")
    # N's last tile of round 6 dominoes: with V7 bonus 0 it earns no bonus.
    text = bonus0.replace("  N 2-5 R =7 +0 (43,47)", "  N 2-5 R =7 +0+1 (44,47)")
    rep = check_game(parse_games(text)[0])
    assert [(d.name, d.rule) for d in rep.diagnostics] == [("bonus-mismatch", "R7.1, R7.2, V7")]


def test_v4_round_plays_on_past_the_target() -> None:
    text = read_sample("valid", "variant-immediate-end-off.ftn")
    rep = check_game(parse_games(text)[0])
    assert rep.diagnostics == [] and rep.winner == "W" and rep.scores == (43, 35, 69)
    # Marking the event past the target as discarded is wrong under V4.
    bad = text.replace("  W 4-3 R =15 +8 (37,32,69)", "  W 4-3 R =15 over+8 (37,32,61)")
    names = [d.name for d in check_game(parse_games(bad)[0]).diagnostics]
    assert names == ["wrongly-discarded"]


def test_the_trace_of_a_game_whose_tag_name_is_misspelt_is_the_checks() -> None:
    # '[firts "S"]': the check judges the game with the name meant (FT002
    # said, every event replayed); the trace (ftn replay, the editor's
    # hovers) is of that replay: all 122 events, not the winner alone.
    from verifier.replay.reference import trace_game

    (game,) = parse_games(TWO.replace('[first "S"]', '[firts "S"]'))
    rep, trace = trace_game(game)
    assert [d.code for d in rep.diagnostics] == ["FT002"]
    assert sum(len(r.events) for r in trace) == 122
    assert trace[0].events[0].tile == (5, 1)


def test_the_settings_preset_reaches_the_replay_as_a_value() -> None:
    # A record without [rules] is judged under the preset its reading is
    # given (the settings'), the record left as written; its own [rules]
    # tag is over that preset (R9).
    record = read_sample("valid", "variant-online-preset.ftn")
    (tagged,) = parse_games(record)
    (bare,) = parse_games(record.replace('[rules "online"]\n', ""))
    (pagat,) = parse_games(record.replace('[rules "online"]', '[rules "pagat"]'))
    online = read_header(tagged)
    assert isinstance(online, Setup)
    assert read_header(bare, "online") == online
    assert check_game(tagged).diagnostics == []
    under_pagat = check_game(bare).diagnostics
    assert under_pagat  # the online game's record is wrong under pagat
    rep = replay(bare, 1, Reading(preset="online"))
    assert rep.diagnostics == [] and rep.setup == online
    assert [t.key for t in bare.tags] == [t.key for t in tagged.tags if t.key != "rules"]
    assert replay(pagat, 1, Reading(preset="online")).diagnostics == check_game(pagat).diagnostics
    assert check_game(pagat).diagnostics == under_pagat
