"""The referee: every move checked, a defect a loss named by its class with
the rule and the position, the match finished; the engines told nothing of
another seat's hand; duplicate deals; claims judged as findings; the
records ordinary FTN."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest
from support.paths import ROOT

from notation.model import Knock
from verifier import api
from verifier.match.builtin import PLAYERS, InProcess
from verifier.match.referee import play_game
from verifier.match.run import Results
from verifier.rules.board import Board
from verifier.rules.moves import KNOCK

PLAY = ROOT / "tests" / "engines" / "play"


def engine(script: str) -> str:
    return f"{sys.executable} {PLAY / script}"


def played(engines: list[str], games: int, **options: Any) -> Results:
    return api.match(engines, games, **options)


# --------------------------------------------------------------------------
# Hidden information.


class Logged(InProcess):
    """A built-in player whose every message is kept."""

    def __init__(self, name: str) -> None:
        super().__init__(PLAYERS[name]())
        self.got: list[dict[str, Any]] = []

    def ask(self, msg: dict[str, Any], expect: str | tuple[str, ...]) -> dict[str, Any]:
        self.got.append(msg)
        return super().ask(msg, expect)


def _tiles(value: Any) -> list[tuple[int, int]]:
    """Every [a, b] of whole numbers anywhere in a message (but its totals)."""
    if isinstance(value, dict):
        return [t for k, v in value.items() if k != "totals" for t in _tiles(v)]
    if isinstance(value, list):
        if len(value) == 2 and all(type(x) is int for x in value):
            return [(min(value), max(value))]
        return [t for v in value for t in _tiles(v)]
    return []


FIELDS = {"new-game": {"type", "protocol", "mode", "game", "seat", "seats", "first", "rules"},
          "new-round": {"type", "round", "opener", "totals", "hand"},
          "go": {"type", "seat"}, "event": {"type", "seat", "tile", "end", "knock"},
          "round-end": {"type", "round", "result", "seat", "totals"},
          "game-end": {"type", "winner", "totals"}}


@pytest.mark.parametrize("names", [["greedy", "random"], ["random", "greedy", "random"],
                                   ["greedy", "random", "greedy", "random"]])
def test_no_engine_is_sent_another_seats_tile(names: list[str]) -> None:
    for number in (1, 2):
        seats = [Logged(n) for n in names]
        game = play_game(number, 100 + number, names, seats).record
        for s, seat in enumerate(seats):
            me, rnd, n = game.tags[1 + s].values[0], 0, 0
            for msg in seat.got:
                assert set(msg) <= FIELDS[msg["type"]], msg
                if msg["type"] == "new-round":
                    rnd, n = msg["round"], 0
                    deal = next(d for d in game.rounds[rnd - 1].deals if d.seat == me)
                    assert [tuple(t) for t in msg["hand"]] == list(deal.tiles)
                    continue
                if msg["type"] == "event":
                    # The move made at the table, public: the record's next event.
                    ev = game.rounds[rnd - 1].events[n]
                    n += 1
                    assert msg["seat"] == ev.seat
                    placed = [] if isinstance(ev, Knock) else [tuple(sorted(ev.tile))]
                    assert _tiles(msg) == placed, msg
                    continue
                assert _tiles(msg) == [], msg


# --------------------------------------------------------------------------
# Planted defects: each game a loss named by its class, the match finished.


def _checked(res: Results, games: int, kind: str, rule: str) -> None:
    assert res.games == games  # the match goes on
    assert res.defects, "the defect never fired"
    for _, d in res.defects:
        assert (d.engine, d.kind, d.rule) == ("bad", kind, rule)
        board = Board.from_position(d.position)  # the position before the move
        assert board.turn == d.seat
        if d.move:
            assert not board.is_legal(d.move)
    assert res.engines[0].defects == len(res.defects)
    assert res.engines[0].wins + res.engines[1].wins == games


def test_a_tile_that_fits_only_the_other_end_is_a_loss() -> None:
    res = played([f"bad={engine('play_other_end.py')}", "builtin:greedy"], 4)
    _checked(res, 4, "tile-does-not-fit", "R4.1")
    # Hand-checked: game 1, the line is 4-6 (ends 4 and 6); N places 4-3, which
    # fits the left end only, at the right.
    number, d = res.defects[0]
    assert (number, d.round, d.event, d.move) == (1, 1, 2, "4-3 R")
    assert d.position.split(" ")[2] == "4-6"
    assert d.text(number).startswith("bad (N): game 1, round 1, event 2: tile-does-not-fit "
                                     "(R4.1): 4-3 R: ")


def test_a_knock_while_able_is_a_loss() -> None:
    res = played([f"bad={engine('play_knocks_while_able.py')}", "builtin:greedy"], 4)
    _checked(res, 4, "knock-while-able", "R4.4")
    for _, d in res.defects:
        assert d.move == "knock" and Board.from_position(d.position).legal_moves() != [KNOCK]


@pytest.mark.slow  # waits out the timeout at each hang
def test_a_hang_is_a_loss_and_the_engine_is_started_anew() -> None:
    res = played([f"bad={engine('play_hangs.py')}", "builtin:greedy"], 12, timeout=2.0)
    _checked(res, 12, "engine-failure", "protocol")
    assert all("no answer within 2 s to 'go'" in d.message for _, d in res.defects)


def test_a_claimed_overshoot_is_a_finding_not_a_loss(tmp_path: Path, ftn: Any) -> None:
    out = tmp_path / "m.ftn"
    res = played([f"bad={engine('play_overshoot_claims.py')}", "builtin:greedy"], 2, output=out)
    assert not res.defects and res.findings
    number, f = res.findings[0]
    assert (number, f.engine, f.kind, f.rule) == (1, "bad", "overshoot-accepted", "R8.2")
    assert "60 + 3 = 63 > 61" in f.message
    text = out.read_text()
    assert '[finding "bad (N), round 6, event 9: overshoot-accepted (R8.2)' in text
    assert ftn(["check", str(out)]).returncode == 0


INLINE = '''
import json, sys
for line in sys.stdin:
    msg = json.loads(line)
    kind = msg["type"]
    if kind == "quit":
        break
    if kind == "new-game":
        reply = {"type": "ready"}
    elif kind == "go":
        reply = GO
    else:
        reply = OTHER
    print(reply if isinstance(reply, str) else json.dumps(reply), flush=True)
'''


@pytest.mark.parametrize(("go", "other", "kind", "rule", "said"), [
    ('"hello"', '{"type": "ok"}', "engine-failure", "protocol", "malformed reply to 'go'"),
    ('sys.exit(3)', '{"type": "ok"}', "engine-failure", "protocol", "exited with code 3"),
    ('{"type": "move", "tile": [9, 9], "end": None}', '{"type": "ok"}', "tile-not-in-hand",
     "R2.2, R4.5", "9-9: "),
    ('{"type": "move", "tile": "6-6"}', '{"type": "ok"}', "engine-failure", "protocol",
     "malformed move: 'tile' is '6-6'"),
    ('{"type": "move", "knock": True}', '{"type": "move", "knock": True}', "not-your-turn",
     "R1.2", "moves when told of 'new-round'"),
])
def test_garbage_exits_and_moves_out_of_turn(tmp_path: Path, go: str, other: str, kind: str,
                                             rule: str, said: str) -> None:
    script = tmp_path / "e.py"
    script.write_text(INLINE.replace("GO", go).replace("OTHER", other))
    res = played([f"bad={sys.executable} {script}", "builtin:random"], 2)
    assert res.games == 2 and len(res.defects) == 2
    for _, d in res.defects:
        assert (d.kind, d.rule) == (kind, rule) and said in d.message


# --------------------------------------------------------------------------
# Duplicate deals, the records, the SPRT.


def test_each_deal_is_played_again_with_the_seats_rotated(tmp_path: Path, ftn: Any) -> None:
    out = tmp_path / "m.ftn"
    played(["a=builtin:greedy", "b=builtin:random", "c=builtin:random"], 3, output=out)
    games = out.read_text().split("\n\ngame\n")
    assert len(games) == 3
    seeds = {re.search(r'\[seed "(\d+)"\]', g).group(1) for g in games}  # type: ignore[union-attr]
    assert len(seeds) == 1  # one deal
    first_deals = [re.findall(r"deal (\w) ([0-9- ]+)", g)[:3] for g in games]
    assert first_deals[0] == first_deals[1] == first_deals[2]  # the same hands, seat by seat
    players = [re.findall(r'\[seat "(\w)" "(\w+)"\]', g) for g in games]
    assert players == [[("N", "a"), ("E", "b"), ("W", "c")], [("N", "b"), ("E", "c"), ("W", "a")],
                       [("N", "c"), ("E", "a"), ("W", "b")]]
    assert ftn(["check", str(out)]).returncode == 0


@pytest.mark.parametrize("engines", [["builtin:greedy", "builtin:random"],
                                     ["a=builtin:greedy", "b=builtin:random", "c=builtin:random"]])
def test_the_match_file_is_checked_clean(tmp_path: Path, ftn: Any, engines: list[str]) -> None:
    out = tmp_path / "m.ftn"
    played(engines, 6, output=out)
    r = ftn(["check", str(out)])
    assert r.returncode == 0 and "6 games" in r.stdout and "0 errors, 0 warnings" in r.stdout


def test_four_players_two_partnerships(tmp_path: Path, ftn: Any) -> None:
    out = tmp_path / "m.ftn"
    res = played(["builtin:greedy", "builtin:random"], 4, players=4, output=out)
    assert [e.games for e in res.engines] == [4, 4]
    assert res.engines[0].wins + res.engines[1].wins == 4
    assert '[seat "N" "greedy"]\n[seat "E" "random"]\n[seat "S" "greedy"]' in out.read_text()
    assert ftn(["check", str(out)]).returncode == 0


def test_the_sprt_stops_by_itself() -> None:
    res = played(["builtin:greedy", "builtin:random"], 1000, sprt="0,200")
    assert res.verdict == "H1" and res.llr is not None and res.llr >= 2.944
    assert res.games < 1000 and res.games % 2 == 0


def test_the_minimal_engine_of_the_protocol_page_plays(tmp_path: Path) -> None:
    page = (ROOT / "verifier" / "PROTOCOL.md").read_text()
    code = page.split("## A minimal engine")[1].split("```python\n")[1].split("```")[0]
    script = tmp_path / "first.py"
    script.write_text(code)
    res = played([f"first={sys.executable} {script}", "builtin:random"], 4, players=4)
    assert res.games == 4 and not res.defects


def test_a_built_in_player_as_a_protocol_engine_plays_as_in_process(tmp_path: Path) -> None:
    a, b = tmp_path / "a.ftn", tmp_path / "b.ftn"
    played(["g=builtin:greedy", "builtin:random"], 4, output=a)
    played([f"g={sys.executable} -m verifier.match.builtin greedy", "builtin:random"], 4,
           output=b)
    assert a.read_text() == b.read_text()


@pytest.mark.slow  # the look-ahead samples deals at every choice
def test_the_look_ahead_beats_the_greedy_player() -> None:
    # The same 40 games (20 deals, seed 1) each run: the look-ahead wins more.
    res = played(["builtin:lookahead", "builtin:greedy"], 40)
    assert res.games == 40 and not res.defects
    assert res.engines[0].wins > res.engines[1].wins


def test_jobs_give_the_same_file(tmp_path: Path) -> None:
    one, two = tmp_path / "1.ftn", tmp_path / "2.ftn"
    a = played(["builtin:greedy", "builtin:random"], 8, output=one)
    b = played(["builtin:greedy", "builtin:random"], 8, output=two, jobs=2)
    assert one.read_bytes() == two.read_bytes()
    assert a.pentanomial == b.pentanomial and [e.wins for e in a.engines] == [
        e.wins for e in b.engines]
