"""Tests of verifier.replay.reference: the trace is typed values made by the
one replay of a game, and their ``to_dict`` is exactly the document ``ftn
replay --format json`` writes."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from support.paths import SAMPLES

from notation.ftn.printer import print_games
from notation.ftn.reader import parse_games
from notation.model import Game
from verifier import api
from verifier.files.formats import read
from verifier.replay.game import Replay, canonical_game
from verifier.replay.reference import (
    OpenEnd,
    ReplayedEvent,
    ReplayedGame,
    ReplayedRound,
    trace_game,
)
from verifier.replay.results import GameReport
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
        typed = api.replay(game, number, name)
        doc, _ = api.replay_text(Path(name).read_text(encoding="utf-8"), name)
        written = [g for g in doc["games"] if g["game"] == number]
        if not written:
            continue  # (after a game that cannot be read, ftn replay writes none)
        assert typed.to_dict() == written[0]
        assert json.dumps(typed.to_dict(), indent=2) == json.dumps(written[0], indent=2)
        checked += 1
        stopped += typed.stopped is not None
    assert checked > 40 and stopped >= 5  # the illegal moves of samples/invalid too


def test_ftn_replay_replays_each_game_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # Three games of a text: three replays, each giving its trace (the
    # canonical form is not replayed first: the trace holds the ends as the
    # engine resolved them either way).
    runs: list[int] = []
    run = Replay.run

    def counted(self: Replay) -> GameReport:
        runs.append(self.report.game)
        return run(self)

    monkeypatch.setattr(Replay, "run", counted)
    text = print_games(generate_games(2, 3, 5))
    doc, errors = api.replay_text(text, "three.ftn")
    assert errors == [] and len(doc["games"]) == 3
    assert runs == [1, 2, 3]


def test_the_trace_is_typed_and_frozen_from_the_replay() -> None:
    path = SAMPLES / "valid" / "two-players-r8-3.ftn"
    (game,) = parse_games(path.read_text(encoding="utf-8"))
    rep, rounds = trace_game(game, 1, str(path))
    assert rep.winner == "S" and len(rounds) == 12
    assert all(isinstance(r, ReplayedRound) for r in rounds)
    ev = rounds[10].events[12]  # S 3-4 L =6 over+2+1 (60,59): R8.3, discarded whole
    assert isinstance(ev, ReplayedEvent) and ev.tile == (3, 4) and ev.totals == (60, 59)
    with pytest.raises(dataclasses.FrozenInstanceError):
        ev.credited = True  # type: ignore[misc]


def test_the_trace_of_a_record_is_the_trace_of_its_canonical_form() -> None:
    # Why one replay is enough: writing every reached end as the engine
    # resolved it changes nothing the trace holds (samples, with the illegal
    # moves of samples/invalid, and generated variants with ends left out).
    games = [(name, n, g) for name, n, g in _all_games()]
    for players, preset, options in ((2, None, ()), (4, None, ()), (3, "online", ()),
                                     (2, None, (("immediate-end", "off"),))):
        games += [("<gen>", 1, g) for g in generate_games(players, 3, 5, preset, options)]
    for name, number, game in games:
        rep, rounds = trace_game(game, number, name)
        again, canonical = trace_game(canonical_game(game, number, name), number, name)
        assert rounds == canonical, name
        assert (rep.stopped, rep.winner, rep.scores) == (again.stopped, again.winner,
                                                         again.scores), name
