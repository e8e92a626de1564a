"""Tests of ``verifier.pipeline``: the one driver of every command that reads
records, its jobs, and the Python API over it (``api.check(paths, jobs=N)``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest
from support.paths import SAMPLES

import verifier
from verifier import api
from verifier.api import check_text
from verifier.files.pieces import Piece
from verifier.pipeline.driver import End, Start, Text, drive
from verifier.pipeline.jobs.check import check_all

OVERSHOOT = SAMPLES / "invalid" / "overshoot-accepted.ftn"
FOUR = SAMPLES / "valid" / "four-players.ftn"


def test_api_check_takes_paths_and_jobs() -> None:
    # One FT304 in the overshoot sample (README), none in the valid one.
    for jobs in (1, 2):
        rep = api.check([OVERSHOOT, FOUR], jobs=jobs)
        assert rep.games == 2
        assert [(d.code, d.source, d.line, d.col) for d in rep.diagnostics] == [
            ("FT304", str(OVERSHOOT), 183, 14)]
    valid = api.check(SAMPLES / "valid")  # a directory: 20 files of one game
    assert (valid.games, valid.diagnostics) == (20, [])


def test_api_check_of_a_file_that_cannot_be_read_raises(tmp_path: Path) -> None:
    bad = tmp_path / "bad.ftn"
    bad.write_bytes(b"game\n\xff\n")
    with pytest.raises(verifier.InputError, match=r"bad\.ftn:2:1: not UTF-8"):
        api.check([bad], jobs=2)


def test_a_whole_text_is_one_piece_and_checks_as_the_file_does() -> None:
    text = OVERSHOOT.read_text(encoding="utf-8")
    got, failed = check_all([Text(text, "x.ftn")])
    assert failed == [] and got.games == 1
    assert got.diagnostics == check_text(text, "x.ftn").diagnostics
    assert [d.code for d in got.diagnostics] == ["FT304"]


def test_no_games_is_said_once_per_empty_input() -> None:
    got, _ = check_all([Text("# only a comment\n", "a.ftn"), Text("", "b.ftn"),
                        Text(FOUR.read_text(encoding="utf-8"), "c.ftn")])
    assert [(d.code, d.source) for d in got.diagnostics] == [("FT402", "a.ftn"),
                                                             ("FT402", "b.ftn")]


def count_games(piece: Piece) -> int:
    """A new job's work: the 'game' lines of a piece (a function of a module,
    so that it can go to a worker)."""
    return sum(line.strip() == "game" for line in piece.lines)


@dataclass
class Counts:
    """A new job's sink: games per input, and what came in which order."""

    games: dict[str, int] = field(default_factory=dict)
    events: list[str] = field(default_factory=list)

    def start(self, s: Start) -> None:
        self.events.append(f"start {s.label} {s.how}")
        self.games[s.label] = 0

    def add(self, piece: Piece, n: int) -> None:
        self.games[piece.source] += n

    def end(self, e: End) -> None:
        self.events.append(f"end {e.label}" + (" unreadable" if e.error else ""))


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_new_job_is_a_work_function_and_a_sink(tmp_path: Path, jobs: int) -> None:
    two = tmp_path / "two.ftn"
    text = FOUR.read_text(encoding="utf-8")
    two.write_text(text + "\n" + text, encoding="utf-8")
    bad = tmp_path / "bad.ftn"
    bad.write_bytes(b"\xff")
    sink = Counts()
    drive(count_games, sink, [str(two), str(bad), str(FOUR)], jobs=jobs, size=100)
    assert sink.games == {str(two): 2, str(FOUR): 1}
    assert sink.events == [f"start {two} ftn", f"end {two}", f"end {bad} unreadable",
                           f"start {FOUR} ftn", f"end {FOUR}"]
