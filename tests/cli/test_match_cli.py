"""``ftn match`` on the command line: the results as text and JSON, the
progress on standard error, and bad input said plainly with exit 2."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest


def test_text_results_and_progress(ftn: Any, tmp_path: Path) -> None:
    out = tmp_path / "m.ftn"
    code, stdout, stderr = ftn(["match", "-e", "builtin:greedy", "-e", "builtin:random",
                                "-n", "4", "-o", str(out)])
    assert code == 0
    lines = stdout.splitlines()
    assert lines[0] == "match: 4 games, 2 players, 2 seatings a deal, seed 1"
    assert lines[2].split()[:3] == ["greedy", "4", "4"]  # greedy wins every game of seed 1
    assert lines[3].split()[:3] == ["random", "4", "0"]
    assert lines[4].startswith("Elo greedy - random: +inf") and "2-0: 2" in lines[4]
    assert stderr == ""  # progress only on a terminal: nothing raw in a log
    assert out.read_text().count("\ngame\n") + out.read_text().startswith("game\n") == 4


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_on_a_terminal_is_one_line_wiped_at_the_end(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from verifier.cli.match import _Progress

    err = _Terminal()
    monkeypatch.setattr(sys, "stderr", err)
    progress = _Progress(4)
    engines = [SimpleNamespace(name="greedy", wins=4), SimpleNamespace(name="random", wins=0)]
    progress(SimpleNamespace(games=4, engines=engines, llr=None))
    assert progress.shown
    assert err.getvalue() == "\rftn match: 4/4 games; wins greedy 4, random 0  "


def test_json_results(ftn: Any) -> None:
    code, stdout, _ = ftn(["match", "-e", "a=builtin:greedy", "-e", "b=builtin:random",
                           "-n", "2", "-p", "4", "--format", "json", "--quiet",
                           "--sprt", "0,10"])
    assert code == 0
    data = json.loads(stdout)
    assert data["games"] == 2 and data["players"] == 4
    assert [e["name"] for e in data["engines"]] == ["a", "b"]
    assert data["elo"]["pairs"] == [0, 0, 0, 0, 1]
    assert data["sprt"]["bounds"] == pytest.approx([-2.944438979, 2.944438979])
    assert data["sprt"]["verdict"] is None and data["defects"] == [] == data["findings"]


@pytest.mark.parametrize(("args", "said"), [
    (["-e", "builtin:greedy"], "a match needs 2 to 4 engines, not 1: give --engine 2 to 4"),
    (["-e", "builtin:greedy", "-e", "builtin:greedy"], "two engines have the same name"),
    (["-e", "builtin:best", "-e", "builtin:greedy"], "no built-in player 'best'"),
    (["-e", "python x.py", "-e", "builtin:greedy"], "give NAME=COMMAND, or builtin:PLAYER"),
    (["-e", "builtin:greedy", "-e", "builtin:random", "-p", "3"], "2 engines for 3 players"),
    (["-e", "builtin:greedy", "-e", "builtin:random", "--sprt", "10"], "give ELO0,ELO1"),
    (["-e", "a=builtin:greedy", "-e", "b=builtin:random", "-e", "c=builtin:random",
      "--sprt", "0,10"], "--sprt compares two engines"),
    (["-e", "builtin:greedy", "-e", "builtin:random", "--rule", "target=0"], "target"),
])
def test_bad_input_is_said_with_exit_2(ftn: Any, args: list[str], said: str) -> None:
    code, stdout, stderr = ftn(["match", *args, "-n", "2", "-q"])
    assert code == 2 and stdout == ""
    assert stderr.startswith("ftn match: ") and said in stderr and "Traceback" not in stderr
