"""Tests of verifier.replay.reference: ``api.replay`` gives typed values whose
``to_dict`` is exactly the document ``ftn replay --format json`` writes."""

from __future__ import annotations

import json

from support.paths import SAMPLES

from notation.ftn.reader import parse_games
from notation.model import Game
from verifier import api
from verifier.files.formats import read
from verifier.pipeline.jobs.rewrite import replay_doc
from verifier.replay.reference import OpenEnd, ReplayedGame
from verifier.rules.generate import generate_games


def test_the_r8_3_overshoot_reads_as_typed_values() -> None:
    path = SAMPLES / "valid" / "two-players-r8-3.ftn"
    (game,) = parse_games(path.read_text(encoding="utf-8"))
    rep = api.replay(game, 1, str(path))
    assert isinstance(rep, ReplayedGame)
    assert (rep.winner, rep.totals, rep.complete, rep.stopped) == ("S", (60, 61), True, None)
    assert (rep.seats, rep.sides, rep.target, len(rep.rounds)) == (("N", "S"), ("N", "S"), 61,
                                                                   12)
    r11 = rep.rounds[10]
    ev = r11.events[12]  # S 3-4 L =6 over+2+1 (60,59): R8.3, discarded whole
    assert (ev.event, ev.type, ev.seat, ev.tile, ev.end) == (13, "place", "S", (3, 4), "L")
    assert (ev.end_total, ev.placement_points, ev.bonus, ev.event_points, ev.credited) == (
        6, 2, 1, 3, False)
    assert ev.totals == (60, 59) and ev.ends is not None and len(ev.ends) == 2
    assert all(isinstance(e, OpenEnd) for e in ev.ends)
    knock = r11.events[11]
    assert (knock.type, knock.seat, knock.tile, knock.end_total) == ("knock", "N", None, None)
    assert r11.result is not None
    assert (r11.result.outcome, r11.result.seat, r11.result.totals) == ("domino", "S", (60, 59))
    assert len(rep.events) == sum(len(r.events) for r in rep.rounds)


def _all_games() -> list[tuple[str, int, Game]]:
    out: list[tuple[str, int, Game]] = []
    for path in sorted(SAMPLES.glob("*/*")):
        if path.suffix not in (".ftn", ".json", ".jsonl"):
            continue
        for r in read(path.read_text(encoding="utf-8"), str(path)):
            if r.game is not None:
                out.append((str(path), r.number, r.game))
    return out


def test_to_dict_is_the_document_ftn_replay_writes_for_every_sample() -> None:
    checked = stopped = 0
    for name, number, game in _all_games():
        doc = replay_doc(game, number, name, None)
        typed = api.replay(game, number, name)
        assert typed.to_dict() == doc
        assert json.dumps(typed.to_dict(), indent=2) == json.dumps(doc, indent=2)
        assert ReplayedGame.from_dict(doc) == typed
        checked += 1
        stopped += typed.stopped is not None
    assert checked > 40 and stopped >= 5  # the illegal moves of samples/invalid too


def test_to_dict_is_the_document_for_generated_variants() -> None:
    for players, preset, options in ((2, None, ()), (4, None, ()), (3, "online", ()),
                                     (2, None, (("immediate-end", "off"),))):
        for game in generate_games(players, 3, 5, preset, options):
            assert api.replay(game).to_dict() == replay_doc(game, 1, "<input>", None)
