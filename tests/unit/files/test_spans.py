"""Tests of ``verifier.files.spans`` and of pieces sent without their lines: a
piece of a plain file read again from its bytes is the piece (ASCII, UTF-8
of several bytes a character, "\\r\\n", a BOM, JSON Lines), whatever the
chunks and the size of the pieces; inputs that cannot be read again
(compressed, standard input, a text) have no span; a file that changed, or
is not there, is not read; the driver sends pieces hollow, a few a task
(one near a file's end), and whole when a worker cannot read them, and
its report is the same."""

from __future__ import annotations

import gzip
import io
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from support.corpora import awkward, mutated

from verifier.api import check_text
from verifier.files import spans, streams
from verifier.files.formats import first_lines, pieces
from verifier.files.pieces import Piece
from verifier.pipeline import driver, tasks
from verifier.pipeline.driver import Text, drive
from verifier.pipeline.jobs.check import CheckSink, FileReport, check_piece
from verifier.pipeline.jobs.rewrite import convert_text


def file_pieces(path: Path, size: int) -> list[Piece]:
    _, lines = first_lines(streams.open_lines(str(path)))
    return list(pieces(lines, str(path), None, size))


def texts() -> dict[str, str]:
    ftn = mutated(4, 31)
    jsonl, _ = convert_text(mutated(3, 32), "jsonl")
    assert jsonl is not None
    return {"plain.ftn": ftn, "awkward.ftn": awkward(ftn), "plain.jsonl": jsonl,
            "awkward.jsonl": jsonl.replace('"generated', '"é 中 🎲').replace("\n", "\r\n"),
            "ends.ftn": ftn + "\n\n", "comment.ftn": "# é\n" + ftn.rstrip("\n")}


@pytest.mark.parametrize("name", sorted(texts()))
@pytest.mark.parametrize("chunk", [5, 333, 1 << 20])
def test_a_piece_read_again_from_its_bytes_is_the_piece(
        name: str, chunk: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(streams, "CHUNK", chunk)
    path = tmp_path / name
    path.write_bytes(texts()[name].encode("utf-8"))
    for size in (1, 700, 1 << 18):
        got = file_pieces(path, size)
        assert got and all(p.span is not None for p in got)
        if size == 1:
            assert len(got) > 3  # the test cuts
        for p in got:
            hollow = p.hollow()
            assert hollow.lines == [] and hollow.span == p.span
            again = hollow.filled()
            assert again is not None and again.lines == p.lines and again == p
        # One after the other, a line end between them.
        at = [p.span for p in got if p.span is not None]
        assert all(a.start + a.size + 1 == b.start for a, b in pairwise(at))


def test_compressed_files_standard_input_and_texts_have_no_span(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = mutated(2, 33)
    packed = tmp_path / "games.ftn.gz"
    packed.write_bytes(gzip.compress(text.encode("utf-8")))
    got = file_pieces(packed, 500)
    assert len(got) > 1 and all(p.span is None for p in got)
    stdin = io.TextIOWrapper(io.BytesIO(text.encode("utf-8")), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", stdin)
    got = file_pieces(Path("-"), 500)
    assert len(got) > 1 and all(p.span is None for p in got)
    assert all(p.span is None for p in pieces(streams.Chunked.of(text), "t.ftn", None, 500))
    alone = Piece("t.ftn", "ftn", ["game"])
    assert alone.hollow() is alone and alone.filled() is alone


def test_a_file_changed_or_gone_is_not_read_again(tmp_path: Path) -> None:
    path = tmp_path / "games.ftn"
    path.write_text(mutated(2, 34), encoding="utf-8")
    first = file_pieces(path, 500)[1].hollow()
    assert first.filled() is not None
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000))  # same bytes, touched
    assert first.filled() is None
    assert file_pieces(path, 500)[1].hollow().filled() is not None  # opened again: as it is
    path.unlink()
    assert first.filled() is None


def test_offsets_count_bytes_forward_and_back() -> None:
    origin = spans.Origin("f", 0, 0)
    text = "aé中🎲\nb"
    at = spans.Offsets(text, (origin, 10))
    want = [10 + len(text[:i].encode("utf-8")) for i in range(len(text) + 1)]
    assert [at.at(i) for i in range(len(text) + 1)] == want
    assert at.at(2) == want[2] and at.at(len(text) + 2) == want[-1] + 2
    assert spans.Offsets("abc", (origin, 3)).at(2) == 5
    assert spans.Offsets("abc", None).at(1) is None


class Here:
    """A runner here that packs pieces as a Dask cluster's is packed (two
    workers, hollow pieces, ``batch`` a task: ``pipeline.tasks``);
    ``tasks``: the pieces of each task it was given."""

    def __init__(self, batch: int) -> None:
        self.batch = batch
        self.tasks: list[list[Piece]] = []

    @contextmanager
    def __call__(self, jobs: int, dask: str | None) -> Iterator[tasks.Runner]:
        yield tasks.Runner(self.submit, 2, True, self.batch)

    def submit(self, fn: Callable[[Any], Any], item: Any) -> tasks.Ready:
        self.tasks.append(item if isinstance(item, list) else [item])
        return tasks.Ready(fn(item))


@pytest.mark.parametrize("batch", [1, 4])
def test_the_driver_sends_hollow_pieces_and_whole_ones_when_they_cannot_be_read(
        batch: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = awkward(mutated(12, 35))
    path = tmp_path / "games.ftn"
    path.write_bytes(text.encode("utf-8"))
    want = check_text(text.lstrip("\ufeff"), str(path)).diagnostics
    assert len(want) > 5
    size = 500

    def check() -> list[list[Piece]]:
        here = Here(batch)
        monkeypatch.setattr(driver, "_runner", here)
        got = FileReport("<inputs>")
        sink = CheckSink(got.take)
        drive(check_piece, sink, [str(path), Text(text, "t.ftn", whole=False)], size=size)
        assert sink.failed == [] and [d for d in got.diagnostics if d.source == str(path)] == want
        assert all(p.lines for t in here.tasks for p in t if p.source == "t.ftn")  # whole
        assert all(len({p.source for p in t}) == 1 for t in here.tasks)  # one input a task
        return [t for t in here.tasks if t[0].source == str(path)]

    sent = check()
    assert len(sent) > 5 and all(p.lines == [] for t in sent for p in t)  # hollow, read again
    assert max(map(len, sent)) == batch
    # The end of the file (the last task of each worker): a piece a task.
    def at_end(p: Piece) -> bool:
        s = p.span
        return s is not None and s.origin.size - s.start < (2 * batch + 1) * s.size

    tail = [t for t in sent if at_end(t[0])]
    assert tail and all(len(t) == 1 for t in tail)
    # A worker that cannot read the file: each piece sent is sent again whole,
    # and the input's pieces after the first answer are sent whole.
    monkeypatch.setattr("verifier.files.pieces.read_span", lambda span: None)
    sent = check()
    pieces_ = [p for t in sent for p in t]
    whole = [p.first_line for p in pieces_ if p.lines]
    assert sorted(whole) == sorted({p.first_line for p in pieces_})  # each once
    first = next(i for i, p in enumerate(pieces_) if p.lines)
    assert first > 0 and all(p.lines for p in pieces_[first:])
