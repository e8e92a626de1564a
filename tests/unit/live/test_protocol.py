"""Tests of verifier.live.protocol: live engines audited over the protocol of
verifier/PROTOCOL.md, correct, wrong, and broken."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from typing import Any

import pytest
from support.engines_catalog import LIVE, RULES, WRONG
from support.ftn import Ftn, run_ftn
from support.paths import ENGINES, ROOT, SAMPLES

from verifier.live.process import EngineProcess


def engine(name: str) -> str:
    return f"{sys.executable} {ENGINES / name}.py"


def audit(*args: str) -> tuple[int, Any]:
    r = run_ftn(["audit", *args, "--format", "json"])
    return r.returncode, json.loads(r.stdout)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_correct_engine_never_diverges(players: int) -> None:
    """The correct engine over its pipes, 40 games (seed 1: 292 to 577
    rounds a player count, each result met, 39 to 48 overshoots): a reader
    of the engine's views that drops the bonus, or credits what R8.3
    discards (``answers.read_view``, each broken on purpose), fails at
    once, on 2 players. The same engine asked live in-process over 200
    games, with 2, 3 and 4 players, is the whole-system check
    ``test_audit.py``'s (marker ``system``)."""
    code, doc = audit("--engine", engine("correct"), "--generate", "40", "--players",
                      str(players))
    assert code == 0 and doc["games"] == doc["cleanGames"] == 40
    assert doc["classes"] == [] and doc["failing"] == []


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(LIVE))
def test_each_wrong_engine_shows_its_defect_class_and_rule(name: str) -> None:
    rules = [x for k, v in RULES.get(name, ()) for x in ("--rule", f"{k}={v}")]
    code, doc = audit("--engine", engine(name), "--generate", "60", "--players",
                      str(WRONG[name][2]), *rules)
    assert code == 1
    classes = doc["classes"]
    assert isinstance(classes, list)
    # The defect's class is the most frequent first divergence (a defect can
    # also show first as something else: a tile kept in hand hides a domino).
    assert (classes[0]["class"], classes[0]["rule"]) == WRONG[name][:2]
    assert classes[0]["games"] > sum(c["games"] for c in classes[1:])
    failing = doc["failing"]
    assert isinstance(failing, list) and failing
    position = failing[0]["divergences"][0]["position"]
    assert set(position) == {"at", "hands", "ends", "totals", "toPlay"}


# The engine that hangs is given 1 s (its message names the limit, whatever
# the load); the others fail at once, and are given far more than a loaded
# machine needs to start them, so that their own failure is what is seen.
@pytest.mark.parametrize(
    ("name", "timeout", "message"),
    [
        pytest.param("hangs", "1", "no answer within 1 s to 'event'", marks=pytest.mark.slow),
        ("exits", "120", "exited with code 3; stderr: engine: cannot go on"),
        ("garbage", "120", "malformed reply to 'event': '<<< not json >>>'"),
    ],
)
def test_broken_engines_are_reported_and_their_process_groups_killed(
    name: str, timeout: str, message: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Note each engine this audit starts (its pid is its process group: it
    # runs in a session of its own), to look for exactly those afterwards.
    started: list[int] = []
    init = EngineProcess.__init__

    def noting(self: EngineProcess, command: str, timeout: float) -> None:
        init(self, command, timeout)
        started.append(self.proc.pid)

    monkeypatch.setattr(EngineProcess, "__init__", noting)
    code, doc = audit("--engine", engine(name), "--generate", "2", "--timeout", timeout)
    assert code == 1
    assert [c["class"] for c in doc["classes"]] == ["engine-failure"]
    assert all(f["failure"] == message for f in doc["failing"])
    assert started
    for pgid in started:
        with pytest.raises(ProcessLookupError):
            os.killpg(pgid, 0)


def test_an_engine_that_cannot_start() -> None:
    code, doc = audit("--engine", "/no/such/engine", "--generate", "1")
    assert code == 1 and "cannot start" in doc["failing"][0]["failure"]


def test_the_exchange_in_the_spec_is_what_the_correct_engine_says() -> None:
    spec = (ROOT / "verifier" / "PROTOCOL.md").read_text(encoding="utf-8")
    block = re.findall(r"```\n(> .*?)```", spec, re.S)[0].strip().split("\n")
    sent = [line[2:] for line in block if line.startswith("> ")]
    want = [json.loads(line[2:]) for line in block if line.startswith("< ")]
    out = subprocess.run([sys.executable, str(ENGINES / "correct.py")], input="\n".join(sent)
                         + "\n", capture_output=True, text=True, check=True).stdout
    assert [json.loads(x) for x in out.strip().split("\n")] == want


def test_engine_needs_reference_games(ftn: Ftn) -> None:
    r = ftn(["audit", "--engine", engine("correct")])
    assert r.returncode == 2 and "needs reference games" in r.stderr
    r = ftn(["audit"])
    assert r.returncode == 2


@pytest.mark.slow
def test_the_correct_engine_is_clean_on_every_valid_sample(ftn: Ftn) -> None:
    # Partial records cannot be played to an engine (hands unknown): they are
    # said to be skipped, never a crash or a divergence; variants are played
    # under their own options (V5's lead included).
    for path in sorted((SAMPLES / "valid").glob("*.ftn")):
        r = ftn(["audit", "--engine", engine("correct"), str(path),
                 "--format", "json"])
        assert r.exception is None or isinstance(r.exception, SystemExit), (path, r.exception)
        doc = json.loads(r.stdout)
        assert doc["failing"] == [] and doc["classes"] == [], path
        if path.name.startswith("partial-"):
            assert doc["games"] == 0 and "partial record" in doc["skipped"][0]["reason"]
            assert r.returncode == 2 and "no reference game could be played" in r.stderr
        else:
            assert r.returncode == 0 and doc["games"] == doc["cleanGames"] == 1, path


def test_an_illegal_reference_record_is_skipped_with_its_reason(ftn: Ftn) -> None:
    r = ftn(["audit", "--engine", engine("correct"),
             str(SAMPLES / "invalid" / "tile-not-in-hand.ftn")])
    assert r.exception is None or isinstance(r.exception, SystemExit)
    assert "not played to the engine: its record is not legal: FT202" in r.stdout
    assert r.returncode == 2


@pytest.mark.slow
def test_rule_options_reach_the_engine(ftn: Ftn) -> None:
    code, doc = audit("--engine", engine("correct"), "--generate", "10", "--players", "4",
                      "--rule", "opener=highest-double", "--rule", "partnerships=off")
    assert code == 0 and doc["games"] == doc["cleanGames"] == 10
    r = ftn(["audit", "--engine", engine("correct"), "--generate", "1",
             "--rule", "target"])
    assert r.returncode == 2 and "--rule takes NAME=VALUE" in r.stderr
