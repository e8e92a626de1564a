"""Tests of the library functions that the thin command line calls, each
tested without the command.

``target_of`` and ``Output.named`` (convert and select: the kind and the
compression of the output from its name), ``generated_texts`` (ftn
generate), ``liveaudit.reference_games`` (ftn audit --engine),
``journal.open_journal`` (ftn record) and ``pipeline.filling.fill_all``
(ftn fill). Each expectation is written by hand."""

from __future__ import annotations

import gzip
import os
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from notation.ftn.printer import print_games
from notation.ftn.reader import parse_games
from verifier.files.outputs import write_chunks
from verifier.files.streams import InputError
from verifier.live.run import Unreadable, reference_games
from verifier.pipeline.jobs.fill import fill_all
from verifier.pipeline.jobs.rewrite import Output, target_of
from verifier.pipeline.modes import Mode
from verifier.record.journal import CannotRecord, open_journal
from verifier.rules.generate import generate_games, generated_text, generated_texts, hide

SAMPLES = Path(__file__).resolve().parents[3] / "samples"


@pytest.mark.parametrize(("to", "name", "kind"), [
    (None, None, None),  # standard output, no --to: the command's default
    ("json", None, "json"),
    (None, "out.jsonl", "jsonl"),
    (None, "out.JSON.gz", "json"),  # the compression ending left out, any case
    (None, "out.ftn.zst", "ftn"),
    (None, "out.txt", None),  # not a kind of records
    (None, "out.gz", None),
    ("ftn", "out.jsonl", "ftn"),  # --to goes over the name
])
def test_target_of_is_to_else_the_kind_the_name_ends_in(
        to: str | None, name: str | None, kind: str | None) -> None:
    assert target_of(to, None if name is None else Path(name)) == kind


def test_output_named_compresses_as_the_name_ends(tmp_path: Path) -> None:
    assert Output.named(None).path is None
    assert Output.named(tmp_path / "a.jsonl").packing is None
    assert Output.named(tmp_path / "a.jsonl.GZ").packing == "gzip"
    assert Output.named(tmp_path / "a.xz").packing == "xz"
    out = Output.named(tmp_path / "a.ftn.gz")
    out.write("ftn 1\n")
    out.commit()
    assert gzip.decompress((tmp_path / "a.ftn.gz").read_bytes()) == b"ftn 1\n"


def test_write_chunks_replaces_the_file_only_once_every_chunk_is_written(
        tmp_path: Path) -> None:
    path = tmp_path / "out.ftn"
    path.write_text("old\n")

    def chunks() -> Iterator[str]:
        yield "a\n"
        raise ValueError("stop")

    with pytest.raises(ValueError):
        write_chunks(chunks(), path)
    assert path.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out.ftn"]  # no temporary file left
    write_chunks(["a\n", "b\n"], path)
    assert path.read_text() == "a\nb\n"


def test_generated_texts_are_the_games_hidden_as_asked() -> None:
    rng = random.Random(5)
    games = [hide(g, "first", rng) for g in generate_games(3, 2, 5)]
    texts = list(generated_texts(3, 2, 5, None, (), "first"))
    assert len(texts) == 2 and texts[1].startswith("\n")  # one blank line between games
    assert "".join(texts) == print_games(games) == generated_text(3, 2, 5, None, (), "first")
    with pytest.raises(ValueError):
        list(generated_texts(2, 1, 1, "no-such-preset", ()))


def test_reference_games_are_the_generated_ones_then_the_files(tmp_path: Path) -> None:
    sample = SAMPLES / "valid" / "three-players.ftn"
    got = list(reference_games(2, 2, 7, None, (), [str(sample)]))
    filed = parse_games(sample.read_text())
    assert len(got) == 2 + len(filed)
    assert got[:2] == list(generate_games(2, 2, 7))
    with pytest.raises(ValueError, match="--engine needs reference games"):
        reference_games(2, 0, 7, None, (), [])
    bad = tmp_path / "bad.ftn"
    bad.write_text("ftn 1\nnot a record\n")
    with pytest.raises(Unreadable) as caught:
        reference_games(2, 0, 7, None, (), [str(bad)])
    assert caught.value.errors[0].code == "FT001" and caught.value.text.startswith("ftn 1")
    missing = InputError("nosuch.ftn: cannot read: No such file or directory")
    with pytest.raises(InputError, match="nosuch"):
        reference_games(2, 1, 7, None, (), [], [missing])


@pytest.mark.parametrize(("name", "resume", "said"), [
    ("a.ftn.gz", False, "a.ftn.gz: records are written as plain FTN: name a .ftn file"),
    ("a.jsonl", False, "a.jsonl: records are written as plain FTN: name a .ftn file"),
    ("new.ftn", True, "new.ftn: no such file (without --resume, ftn record starts it)"),
    ("old.ftn", False, "old.ftn exists: ftn record --resume old.ftn goes on with it, or "
     "name a new file"),
    ("dir", True, "dir: not a regular file"),
    ("dangling.ftn", False, "dangling.ftn: a symbolic link to nowhere.ftn, which does not "
     "exist: name a new file"),  # (not said to exist, nor to be resumed)
    ("dangling.ftn", True, "dangling.ftn: a symbolic link to nowhere.ftn, which does not "
     "exist: name a new file"),  # (not said to be missing, nor to be started)
    ("latin.ftn", True, "latin.ftn:2: not UTF-8 text (byte 9 of the file)"),
])
def test_open_journal_refuses_what_cannot_be_recorded_into(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, resume: bool,
        said: str) -> None:
    monkeypatch.chdir(tmp_path)
    Path("old.ftn").write_text("ftn 1\n")
    Path("dir").mkdir()
    Path("dangling.ftn").symlink_to("nowhere.ftn")
    Path("latin.ftn").write_bytes(b"ftn 1\n# \xe9\n")  # byte 9: the Latin-1 e-acute
    with pytest.raises(CannotRecord) as caught:
        open_journal(Path(name), resume)
    assert str(caught.value) == said


def test_open_journal_opens_a_new_file_and_resumes_one(tmp_path: Path) -> None:
    path = tmp_path / "game.ftn"
    journal = open_journal(path, resume=False)
    journal.append(["ftn 1"])
    os.close(journal.fd)
    again = open_journal(path, resume=True)
    assert again.lines == ["ftn 1"]
    os.close(again.fd)


def test_fill_all_exit_status(capsys: pytest.CaptureFixture[str]) -> None:
    said: list[str] = []
    partial = str(SAMPLES / "valid" / "partial-one-hand.ftn")
    assert fill_all([partial], Mode.CHECK, said.append, said.append, lambda p, q: None) == 0
    assert fill_all([partial], Mode.PRINT, said.append, said.append, lambda p, q: None,
                    unreadable=True) == 2  # an input that could not be listed
    stopped = str(SAMPLES / "invalid" / "ambiguous-placement.ftn")
    assert fill_all([stopped], Mode.PRINT, said.append, said.append, lambda p, q: None) == 1
    assert any("the replay stops here" in s for s in said)
