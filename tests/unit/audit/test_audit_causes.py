"""Every defect named by its cause, from records and live; one name
whatever the spelling of a bonus; no cascade after a round cut short."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from audit_table import classes_of, generate  # (generate: the engines' _base)
from cascade import stray
from support.engines_catalog import RULES, WRONG
from support.ftn import Ftn
from support.paths import ENGINES

from notation.ftn.printer import print_games
from notation.ftn.reader import parse_games
from notation.model import NOBODY, Placement, Winner
from verifier.audit.defects import audit_game, classify
from verifier.replay.game import check_game

NEW = ("round_ends_blocked_at_first_out", "round_ends_at_first_out_unsaid",
       "play_after_domino_hand9")


def _top(doc: dict[str, object]) -> tuple[str, str]:
    classes = doc["classes"]
    assert isinstance(classes, list) and classes
    return classes[0]["class"], classes[0]["rule"]


@pytest.mark.slow
@pytest.mark.parametrize("name", NEW)
def test_the_new_engines_are_named_by_their_class_from_records_and_live(name: str,
                                                                        ftn: Ftn) -> None:
    cls, rule, players = WRONG[name]
    text = subprocess.run(
        [sys.executable, str(ENGINES / f"{name}.py"), "--records", "20", "--players",
         str(players), "--seed", "5"], capture_output=True, text=True, check=True, timeout=120,
    ).stdout
    r = ftn(["audit", "-", "--format", "json"], stdin=text)
    assert r.returncode == 1 and _top(json.loads(r.stdout)) == (cls, rule)
    rules = [x for k, v in RULES.get(name, ()) for x in ("--rule", f"{k}={v}")]
    r = ftn(["audit", "--engine", f"{sys.executable} {ENGINES / name}.py",
             "--generate", "20", "--players", str(players), "--format", "json",
             *rules])
    doc = json.loads(r.stdout)
    assert r.returncode == 1 and _top(doc) == (cls, rule)
    assert doc["classes"][0]["rounds"] > sum(c["rounds"] for c in doc["classes"][1:])


def test_a_result_blocked_is_named_with_the_claim_it_does_not_explain() -> None:
    game, fired = next(generate(*classes_of("round_ends_blocked_at_first_out"), 4, 1, 5))
    rep = audit_game(game)
    first = rep.divergences[0]
    assert first.diagnostic.round in fired
    assert classify(first)[0] == "round-ends-at-first-out"
    assert first.explained is not None
    assert "does not explain the result's word: claimed 'blocked'" in first.explained.message


def test_a_bonus_to_the_first_out_has_one_name_however_written() -> None:
    """The bonus given to the first partner out, written +P+1 and +(P+1):
    FT307 at the same placement, and the class bonus-to-first-out."""
    game, _ = next(generate(*classes_of("bonus_to_first_out"), 4, 1, 1))
    apart = print_games([game])
    joined = re.sub(r" \+(\d+)\+1 ", lambda m: f" +{int(m[1]) + 1} ", apart)
    assert apart != joined
    found = []
    for text in (apart, joined):
        (g,) = parse_games(text)
        ds = [d for d in check_game(g).diagnostics if d.name in (
            "bonus-mismatch", "points-mismatch")]
        found.append([(d.line, d.name) for d in ds])
        assert {d.name for d in ds} == {"bonus-mismatch"}
        classes = {classify(d)[0] for d in audit_game(g).divergences}
        assert classes == {"bonus-to-first-out"}
    assert found[0] == found[1]
    # Hand-checked: line 31 is "E 1-1 L =7 +0+1 (6,5)": E's last tile, S still
    # holds tiles, so no bonus is due (R7.2) and the placement scores 0.
    assert apart.split("\n")[30].strip() == "E 1-1 L =7 +0+1 (6,5)"
    assert joined.split("\n")[30].strip() == "E 1-1 L =7 +1 (6,5)"
    assert (31, "bonus-mismatch") in found[1]


@pytest.mark.slow
def test_no_cascade_after_a_round_cut_short() -> None:
    """60 generated games, a non-last round of each cut (its last 1-3 events
    and its result): the findings of the cut and nothing later
    (tools/cascade.py runs 1,000)."""
    scored, bad = stray(60)
    assert bad == []
    assert scored > 0  # some cuts drop points: no total-mismatch follows from them


def test_a_tile_kept_in_hand_is_named_only_when_placed_again() -> None:
    """tile_stays_in_hand's records: where the audit names a tile, the round
    places it again; where none is, it says the tile is not shown."""
    named = unseen = 0
    for number, (game, _) in enumerate(generate(*classes_of("tile_stays_in_hand"), 2, 20, 5),
                                       1):
        for div in audit_game(game, number).divergences:
            ex = div.explained
            if ex is None or ex.classes != ("tile-stays-in-hand",):
                continue
            rnd = game.rounds[(div.diagnostic.round or 1) - 1]
            if ex.event is not None:
                ev = rnd.events[ex.event - 1]
                assert isinstance(ev, Placement)
                again = [e for e in rnd.events[ex.event:] if isinstance(e, Placement)
                         and sorted(e.tile) == sorted(ev.tile)]
                assert again, ex.message
                named += 1
            else:
                assert "which one is not shown" in ex.message
                unseen += 1
    assert named > 50 and unseen > 0


def test_play_after_a_domino_under_hand_9_is_one_class_in_games_and_rounds(
        tmp_path: Path) -> None:
    """play_after_domino_hand9's games, whole and cut into one-round
    records (tools/cut.py): play-after-domino, and nothing else."""
    from cut import one_round_records

    games = [g for g, _ in generate(*classes_of("play_after_domino_hand9"), 2, 10, 5,
                                    rules=RULES["play_after_domino_hand9"])]
    for records in (games, [r for g in games for r in one_round_records(g)]):
        classes = {classify(d)[0] for n, g in enumerate(records, 1)
                   for d in audit_game(g, n).divergences if d.diagnostic.round is not None}
        assert classes == {"play-after-domino"}


def test_a_record_that_stops_in_mid_round_is_never_silently_clean() -> None:
    """Four players, no bonus: an engine ends round 1 at the first partner
    out and writes no result; its record stops there (``winner none``).
    Every claim is right; the audit names the class from where the round
    stops, and the check notes that the round is not over."""
    for number, (game, fired) in enumerate(generate(
            *classes_of("round_ends_at_first_out_unsaid"), 4, 10, 5,
            rules=(("bonus", "0"),)), 1):
        if 1 not in fired:
            continue
        part = replace(game, rounds=game.rounds[:1], winner=Winner(NOBODY))
        rep = check_game(part, number)
        assert [d.name for d in rep.diagnostics] == []
        assert [u.message for u in rep.unknowns if "when the record stops" in u.message]
        divs = audit_game(part, number).divergences
        assert [(d.diagnostic.name, classify(d)[0]) for d in divs] == [
            ("round-unfinished", "round-ends-at-first-out")]
        return
    raise AssertionError("no game whose round 1 the defect ended")
