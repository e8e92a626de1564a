"""Tests of ``verifier.files.pieces`` and ``ftn check/audit --jobs``: pieces cut
at game boundaries read exactly as the whole input, and worker processes
give the output of one process, byte for byte."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from support.corpora import mutated
from support.ftn import Ftn
from support.paths import SAMPLES

from verifier.api import check_text
from verifier.files.formats import pieces
from verifier.pipeline.jobs.check import check_piece
from verifier.pipeline.jobs.rewrite import convert_text

corpus = mutated


def test_pieces_hold_every_line_once_and_start_at_a_game() -> None:
    text = corpus(4) + "\n# closing\n"
    lines = text.split("\n")
    got = list(pieces(lines, "x.ftn", size=30))
    assert len(got) > 3
    assert [ln for p in got for ln in p.lines] == lines
    first = 1
    for p in got:
        assert p.first_line == first
        first += len(p.lines)
        if p.first_line > 1:
            assert p.lines[0] == "game"


def test_no_cut_after_a_game_without_its_end_or_before_a_comment() -> None:
    lines = ["game", "[a]", "game", "end", "# c", "game", "end", "", "game", "end"]
    got = list(pieces(lines, "x.ftn", size=1))
    assert [(p.first_line, p.first_game) for p in got] == [(1, 1), (9, 4)]


@pytest.mark.parametrize("size", [1, 17, 200])
def test_pieces_read_alone_give_the_whole_report(size: int) -> None:
    text = corpus(5, seed=size)
    whole = check_text(text, "x.ftn")
    found = [d for p in pieces(text.split("\n"), "x.ftn", size=size) for b in check_piece(p)
             for d in b.diagnostics]
    assert found == whole.diagnostics
    assert len(found) > 10


@pytest.mark.parametrize("size", [1, 5])
def test_json_lines_pieces_give_the_whole_report(size: int) -> None:
    jsonl, _ = convert_text(corpus(3), "jsonl")
    assert jsonl is not None
    lines = jsonl.split("\n")
    rng = random.Random(size)
    for _ in range(4):  # damage a few lines, add blank ones
        i = rng.randrange(len(lines) - 1)
        lines[i] = lines[i][: len(lines[i]) // 2]
        lines.insert(i, "")
    text = "\n".join(lines)
    whole = check_text(text, "x.jsonl")
    found = [d for p in pieces(lines, "x.jsonl", size=size) for b in check_piece(p)
             for d in b.diagnostics]
    assert found == whole.diagnostics


@pytest.mark.slow
def test_jobs_give_the_same_output_on_files_and_stdin(tmp_path: Path, ftn: Ftn) -> None:
    a, b = tmp_path / "a.ftn", tmp_path / "b.ftn"
    a.write_text(corpus(25, 3), encoding="utf-8")
    b.write_text(corpus(10, 4), encoding="utf-8")
    for fmt in ("text", "json", "junit"):
        one = ftn(["check", "-f", fmt, str(a), str(b), str(SAMPLES / "invalid")], process=True)[:2]
        two = ftn(["check", "-f", fmt, "--jobs", "2", str(a), str(b),
                   str(SAMPLES / "invalid")], process=True)[:2]
        assert one == two and one[0] == 1
    one = ftn(["check", "-", str(b)], process=True, stdin=a.read_text(encoding="utf-8"))[:2]
    assert one == ftn(["check", "-j", "0", "-", str(b)], process=True,
                      stdin=a.read_text(encoding="utf-8"))[:2]
    for fmt in ("text", "json"):
        one = ftn(["audit", "-f", fmt, str(a), str(b)], process=True)[:2]
        assert one == ftn(["audit", "-f", fmt, "-j", "2", str(a), str(b)], process=True)[:2]


def test_jobs_keeps_the_cli_report_of_one_process(ftn: Ftn) -> None:
    path = str(SAMPLES / "invalid")
    one = ftn(["check", "-f", "json", path])
    assert ftn(["check", "-f", "json", "-j", "2", path]).stdout == one.stdout
