"""Every mistake of a record in one run, and none that follows from another:
an illegal move, or an event line that cannot be read, ends its round's
replay there, and the next round is judged from the totals its record
implies (R8.5), so later rounds are judged and give nothing of their own.
Proved on generated games (2, 3 and 4 players), one mistake of each kind
put in a round that is not the last, and on hand-made records with one
independent mistake of each kind."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

import pytest
from support.ftn import Ran
from support.paths import read_sample

from notation.ftn.printer import print_game
from notation.model import Game
from verifier.api import check_text
from verifier.replay.game import check_game
from verifier.replay.observers import Ends
from verifier.rules.generate import generate_games

GAMES = 45  # 15 of each number of players
#: What a move by the seat whose turn it is not may be: out of turn, or
#: after the round is over (a knock past the block).
ILLEGAL = {"not-your-turn", "event-after-round-end"}


def _games() -> list[tuple[int, Game]]:
    out = []
    for players in (2, 3, 4):
        for game in generate_games(players, GAMES // 3, 40 + players):
            if len(game.rounds) >= 3:
                out.append((players, game))
    return out


def _out_of_turn(game: Game, rng: random.Random) -> tuple[Game, int, int]:
    """The game with one event of a round that is not the last given to the
    seat after the one whose turn it is: the record, and the round and
    event numbers of that event."""
    k = rng.randrange(len(game.rounds) - 1)
    rnd = game.rounds[k]
    j = rng.randrange(len(rnd.events))
    ev = rnd.events[j]
    seats = [t.values[0] for t in game.tags if t.key == "seat"]
    other = seats[(seats.index(ev.seat) + 1) % len(seats)]
    events = list(rnd.events)
    events[j] = ev._replace(seat=other)
    rounds = list(game.rounds)
    rounds[k] = replace(rnd, events=tuple(events))
    return replace(game, rounds=tuple(rounds)), k + 1, j + 1


def test_an_illegal_move_ends_its_round_and_nothing_follows_from_it() -> None:
    rng = random.Random(5)
    games = _games()
    assert len(games) >= 30
    later = 0  # records whose later rounds were replayed
    for _, game in games:
        record, k, n = _out_of_turn(game, rng)
        rep = check_game(record)
        d, *note = rep.diagnostics
        assert (d.round, d.event) == (k, n) and d.name in ILLEGAL
        # the rest of the round not judged, said once when it has claims
        assert [(x.name, x.severity, x.round) for x in note] in (
            [], [("claims-unjudged", "note", k)])
        assert rep.complete  # the game was replayed to its end, from the record's totals
        later += rep.rounds == len(record.rounds)
    assert later == len(games)


def test_what_follows_the_computed_values_alone_stops_at_the_first_illegal_move() -> None:
    # The one replay goes on with the next rounds; the fill, the canonical
    # form and the last position are of the replay up to its first stop:
    # the illegal move in round k, after k - 1 rounds played whole.
    _, game = _games()[0]
    record, k, _ = _out_of_turn(game, random.Random(1))
    ends = Ends()
    rep = check_game(record, observers=[ends])
    stop = rep.first_stop
    assert stop is not None and stop.name in ILLEGAL and stop.round == k
    assert rep.until_stop()[-1] is stop and len(rep.until_stop()) < len(rep.diagnostics)
    assert ends.stopped_at == k and len(ends.started) > k


def _unreadable(text: str, rng: random.Random) -> tuple[str, int, int]:
    """A game's text with one event line of a round that is not the last
    half-typed (its seat and the first digit of its tile): the text, the
    line, and how many lines of the round after it hold claims."""
    lines = text.split("\n")
    rounds = [i for i, ln in enumerate(lines) if ln.startswith("round ")]
    k = rng.randrange(len(rounds) - 1)
    body = [i for i in range(rounds[k], rounds[k + 1])
            if lines[i].startswith("  ") and not lines[i].startswith("  deal")]
    i = rng.choice([i for i in body if not lines[i].startswith("  result")])
    rest = sum(1 for m in body if m > i and ("(" in lines[m] or "=" in lines[m]))
    lines[i] = lines[i][:4].rstrip() + " " + lines[i].strip()[2] if "knock" not in lines[
        i] else lines[i][:4] + "knok"
    return "\n".join(lines), i + 1, rest


def test_a_line_that_cannot_be_read_ends_its_round_and_nothing_follows() -> None:
    rng = random.Random(7)
    for _, game in _games():
        text, line, rest = _unreadable(print_game(game), rng)
        found = [(d.name, d.line) for d in check_text(text, "x.ftn").diagnostics]
        assert found[0] == ("syntax-error", line)
        # Said once, at the first claim not judged; nothing after.
        assert found[1:] == ([("claims-unjudged", found[1][1])] if rest else [])
        if rest:
            assert found[1][1] > line


def test_the_note_is_said_once_a_round_with_two_lines_that_cannot_be_read() -> None:
    text = read_sample("valid", "two-players-r8-3.ftn")
    lines = text.split("\n")
    events = [i for i, ln in enumerate(lines) if ln.startswith("  N ") and "=" in ln][:2]
    for i in events:
        lines[i] = "  N 4"
    found = [d.name for d in check_text("\n".join(lines), "x.ftn").diagnostics]
    assert found == ["syntax-error", "claims-unjudged", "syntax-error"]


# One independent mistake of each kind in one record: each reported once,
# and nothing caused by another (a misspelt tag, a wrong points claim, an
# illegal tile in round 2, a wrong total in round 4).
MIXED = [
    ('[first "S"]', '[frist "S"]', "bad-header"),
    ("  N 6-5 R =6 +2 (2,1)", "  N 6-5 R =6 +3 (2,1)", "points-mismatch"),
    ("  S 3-3 L =8 +0 (8,4)", "  S 2-2 L =8 +0 (8,4)", "tile-does-not-fit"),
    ("  S 2-3 L =3 +1 (16,13)", "  S 2-3 L =3 +1 (16,14)", "total-mismatch"),
]


@pytest.fixture
def mixed_record() -> str:
    """``ftn generate --players 2 --seed 5 --rule target=25``: 8 rounds."""
    (game,) = generate_games(2, 1, 5, declared=[("target", "25")])
    return print_game(game)


def test_each_kind_of_mistake_is_reported_once_and_alone(mixed_record: str) -> None:
    text = mixed_record
    for old, new, _ in MIXED:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    found = [d.name for d in check_text(text, "x.ftn").diagnostics]
    assert found == ["bad-header", "points-mismatch", "tile-does-not-fit", "claims-unjudged",
                     "total-mismatch"]


def test_the_seven_mistakes_are_found_in_one_run(ftn: Callable[..., Ran[str]]) -> None:
    from support.paths import SAMPLES

    r = ftn(["check", str(SAMPLES / "invalid" / "seven-mistakes.ftn")])
    codes = [line.split(": ")[1].split()[0] for line in r.stdout.split("\n")
             if ": FT" in line]
    assert r.returncode == 1
    assert codes == ["FT002", "FT001", "FT302", "FT203", "FT501", "FT001", "FT501", "FT303",
                     "FT001"]


def test_a_result_after_a_round_cut_short_is_no_start_of_the_next() -> None:
    # two-players-r8-3.ftn with round 11's fourth event played out of turn
    # (N's 1-2 L moved before S's 0-0 R: S is to play) and round 12's two
    # events left out, so that only its result claims target (60,61). Round
    # 11's replay ends at the move out of turn (the rest of it not judged,
    # a note); round 12, with no event, is not over (R7) at its result line,
    # one finding there; its totals are where a round ends, not where the
    # next starts: neither judged nor taken as the totals reached, so no
    # winner or unfinished game is said of them.
    text = read_sample("valid", "two-players-r8-3.ftn")
    text = text.replace("  S 0-0 R =1 +0 (58,54)\n  N 1-2 L =2 +0 (58,54)\n",
                        "  N 1-2 L =2 +0 (58,54)\n  S 0-0 R =1 +0 (58,54)\n", 1)
    text = text.replace("  N 6-1 =7 +0 (60,59)\n  S 1-0 R =6 +2 (60,61)  # R8.4: S reaches 61 "
                        "exactly and wins at once\n", "", 1)
    assert text.count("(60,61)") == 2
    found = [(d.code, d.round) for d in check_text(text, "r.ftn").diagnostics]
    assert found == [("FT201", 11), ("FT501", 11), ("FT208", 12)]


# -- one slip, one finding: two-players-r8-3.ftn with one slip in round 2 and
# a wrong claim in round 4 (S 5-3 L on ends 5 | 0: 3 + 0 = 3, claimed =4),
# which must still be reported. Lines are the sample's (1-based); a line
# "+TEXT" is inserted after line N, None deletes it.

_WRONG_LATER = (63, "  S 5-3 L =4 +1 (8,19)")
_LATER = ("FT301", 63, 11, "error", "end total claimed 4, computed 3 (ends 3 + 0 = 3; 3/3=1)")


def _slipped(*edits: tuple[int, str | None]) -> list[tuple[str, int, int, str, str]]:
    lines = read_sample("valid", "two-players-r8-3.ftn").split("\n")
    for n, new in sorted((*edits, _WRONG_LATER), key=lambda e: e[0], reverse=True):
        if new is None:
            del lines[n - 1]
        elif new.startswith("+"):
            lines.insert(n, new[1:])
        else:
            lines[n - 1] = new
    return [(d.code, d.line, d.col, d.severity, d.message)
            for d in check_text("\n".join(lines), "x.ftn").diagnostics]


def _unjudged(line: int, why: str, at: str, lines: int) -> tuple[str, int, int, str, str]:
    return ("FT501", line, 3, "note", f"the replay of round 2 ended at {why} ({at}): the "
            f"claims of the rest of the round ({lines} lines, from here) are not judged; the "
            "next round starts from the totals its record implies")


_STRANGER = "a seat that is not the game's"


@pytest.mark.parametrize(("edit", "first"), [
    # S's 4-6 R written by 's': round 2's replay ends there; 10 lines of
    # claims follow (events 3-7 and 9-12 of round 2, and its result).
    ((28, "  s 4-6 R =7 +0 (1,3)"),
     ("FT201", 28, 3, "error", "s is not a seat of this game (did you mean 'S'?); it is S's turn")),
    # round 2 opened by 'Nx': none of its 12 lines of claims is judged.
    ((24, "round 2 opener Nx"),
     ("FT102", 24, 1, "error", "Nx is not a seat (did you mean 'N'?); the seats are N, S")),
    ((26, "  deal s 0-5 0-6 1-3 1-6 4-4 4-6 5-5"),
     ("FT101", 26, 3, "error", "deal for s, which is not a seat (did you mean 'S'?)")),
], ids=["event", "opener", "deal"])
def test_a_seat_that_is_not_the_games_costs_its_round(
        edit: tuple[int, str], first: tuple[str, int, int, str, str]) -> None:
    at = first[1]
    note = (_unjudged(29, _STRANGER, "event 2", 10) if at == 28
            else _unjudged(27, _STRANGER, "before its first event", 12))
    assert _slipped(edit) == [first, note, _LATER]


def test_a_seat_not_the_games_met_again_is_the_headers_and_stops_the_game() -> None:
    # 's' again in round 3: the header lacks it, every round would say so.
    found = _slipped((28, "  s 4-6 R =7 +0 (1,3)"), (46, "  s 5-3 =8 +0 (2,10)"))
    assert [f[:2] for f in found] == [("FT201", 28), ("FT501", 29)]


def test_a_misspelt_line_costs_that_line_and_reading_resumes_at_the_next() -> None:
    # 'winnr S' between rounds 2 and 3 (line 42): its stand-in, a winner
    # line, lets no round follow; reading resumes at round 3 without it.
    assert _slipped((41, "+winnr S")) == [
        ("FT001", 42, 1, "error", "unexpected 'winnr'; did you mean 'winner'?"),
        (*_LATER[:1], 64, *_LATER[2:]),
    ]
    # Among round 2's events (line 34): the run of events goes on, and the
    # rest of round 2 is not judged (the line could have been a move).
    found = _slipped((33, "+  winnr S"))
    assert [f[:4] for f in found] == [("FT001", 34, 3, "error"), ("FT501", 36, 3, "note"),
                                      ("FT301", 64, 11, "error")]
    # 'edn' mid-game: the game goes on at the round after it.
    assert [f[:2] for f in _slipped((41, "+edn"))] == [("FT001", 42), ("FT301", 64)]


def test_a_bare_round_line_among_events_is_one_finding() -> None:
    # A 'round' line inside round 2 (line 34), the next round numbered 3:
    # it split no round; round 2 is judged whole, later rounds in order.
    assert _slipped((33, "+round")) == [
        ("FT001", 34, 6, "error", "the line ends too soon; expected a number"),
        (*_LATER[:1], 64, *_LATER[2:]),
    ]


def test_a_bad_round_line_in_its_place_still_starts_its_round() -> None:
    # Round 3's line misspelt (after round 2's result): a round all the same.
    found = _slipped((43, "round three opener S"))
    assert [f[:2] for f in found] == [("FT001", 43), ("FT501", 46), ("FT301", 63)]


def test_a_round_cut_short_is_one_finding_at_its_result() -> None:
    # Round 2's last five events (S 1-3 R +1 among them) lost: S is to play
    # on 2 | 1 at its result line (now line 36); round 3 starts from the
    # (2,10) its record implies, not the computed (2,9), with no finding.
    found = _slipped((36, None), (37, None), (38, None), (39, None), (40, None))
    assert found == [
        ("FT208", 36, 3, "error", "round 2 is not over at its result (S to play, 2 | 1): its "
         "events stop before it ended; the result is not judged, and the next round starts "
         "from the totals its record implies"),
        (*_LATER[:1], 58, *_LATER[2:]),
    ]




def test_a_total_past_the_target_is_found_after_a_round_cut_short() -> None:
    # Round 12's winning event lost (S 1-0 R, +2): its result line comes
    # before the round is over (S to play on 1 | 1), and the totals after
    # it are not known; but a total past 61 is wrong whatever was lost (the
    # winner line's (60,64), a slip of its own), said once.
    found = _slipped((192, None), (195, "winner S (60,64)"))
    assert [f[:2] for f in found] == [("FT301", 63), ("FT208", 192), ("FT304", 194)]
    assert found[2][4] == ("S's total is claimed as 64, past the target 61 (the totals before "
                           "it are not known: a round's replay ended early)")


def test_a_winner_that_does_not_restate_the_cut_rounds_result_is_one_finding() -> None:
    # Round 12's winning event lost again; its result claims (60,61) and
    # the winner line, with no event between them, (60,51): a slip of its
    # own (51 for 61), found against the result's totals (R8.5), once: not
    # also as a winner who has not reached 61.
    found = _slipped((192, None), (195, "winner S (60,51)"))
    assert [f[:2] for f in found] == [("FT301", 63), ("FT208", 192), ("FT303", 194)]
    assert found[2][4] == (
        "totals claimed (60,51), but the result of round 12 just before claims (60,61) "
        "(wrong for S): no event lies between them, and that round's replay ended early, "
        "so its result's totals are the ones the record implies")
    # The winner restating the result is no finding; nor is a total past the
    # target said twice (FT304 alone, at the result that claims it).
    assert [f[:2] for f in _slipped((192, None))] == [("FT301", 63), ("FT208", 192)]
    found = _slipped((192, None), (193, "  result target (60,64)"))
    assert [f[:2] for f in found] == [("FT301", 63), ("FT208", 192), ("FT304", 192)]


def test_a_round_line_too_many_or_missing_misnumbers_no_later_round() -> None:
    # A whole 'round 3 opener S' line typed in the middle of round 2: round
    # 2 ends unfinished there, the phantom round 3 has no deal, and the real
    # round 3 (its line 44 now) is the fourth block. From there the record
    # goes on numbering from its own 3 (round 4 follows): one FT002, and no
    # round after it misnumbered or misopened (R3.2); the wrong claim of
    # round 4 still found (line 63, one lower now).
    found = _slipped((28, "+round 3 opener S"))
    assert [f[:2] for f in found] == [("FT208", 29), ("FT201", 30), ("FT501", 31),
                                      ("FT002", 44), ("FT301", 64)]
    assert found[3][4] == "round 4 is numbered 3"
    # Round 3's line missing: its deals and events cannot stand after round
    # 2's result, and round 4 is the third block: one FT002, the rounds after
    # it judged by their own numbers (each was FT002 and FT102 before).
    found = _slipped((43, None))
    assert [f[:2] for f in found] == [("FT001", 43), ("FT001", 45), ("FT001", 56),
                                      ("FT002", 58), ("FT301", 62)]
    assert found[3][4] == "round 3 is numbered 4"
    # A slip in one round's number alone (the next is numbered from its
    # place): that number is the one finding.
    found = _slipped((43, "round 5 opener S"))
    assert [f[:2] for f in found] == [("FT002", 43), ("FT301", 63)]


def test_the_four_slips_are_each_one_finding_and_the_later_rounds_judged(
        ftn: Callable[..., Ran[str]]) -> None:
    from support.paths import SAMPLES

    path = SAMPLES / "invalid" / "four-slips.ftn"
    r = ftn(["check", str(path)])
    assert r.returncode == 1
    assert r.stdout.rstrip("\n").split("\n") == [line.replace("PATH", str(path)) for line in [
        'PATH:25:1: FT002 bad-header: [frist]: did you mean [first]? (the [first "SEAT"]'
        ' tag (the first opener, R3.1) is missing)',
        ' 25 | [frist "S"]',
        '    | ^',
        '    = rule FTN; game 1',
        'PATH:43:3: FT201 not-your-turn: s is not a seat of this game (did you mean'
        " 'S'?); it is S's turn",
        ' 43 |   s 4-6 R =7 +0 (1,3)',
        '    |   ^',
        '    = rule R1.2, R7.2; game 1, round 2, event 2',
        'PATH:44:3: FT501 claims-unjudged: the replay of round 2 ended at a seat that is'
        " not the game's (event 2): the claims of the rest of the round (10 lines, from"
        ' here) are not judged; the next round starts from the totals its record implies',
        ' 44 |   N 6-6 R =13 +0 (1,3)',
        '    |   ^',
        '    = rule R8.5; game 1, round 2',
        'PATH:66:6: FT001 syntax-error: the line ends too soon; expected a number',
        ' 66 | round',
        '    |      ^',
        '    = rule FTN; game 1',
        'PATH:84:3: FT208 round-unfinished: round 4 is not over at its result (N to'
        ' play, 3-3 | 6): its events stop before it ended; the result is not judged, and'
        ' the next round starts from the totals its record implies',
        ' 84 |   result blocked (16,26)',
        '    |   ^',
        '    = rule R7; game 1, round 4',
        'PATH:105:15: FT302 points-mismatch: points claimed +3, computed +2 (ends 4 + 6'
        ' = 10; 10/5=2)',
        ' 105 |   S 1-4 L =10 +3 (30,32)',
        '     |               ^',
        '     = claimed: +3, computed: +2; rule R6.2; game 1, round 6, event 6',
        '1 file, 1 game, 119 events (106 replayed): 5 errors, 0 warnings',
    ]]
