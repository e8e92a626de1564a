"""Tests of verifier.inputs: paths to texts, and the one input error."""

from __future__ import annotations

from pathlib import Path

import pytest
from paths import SAMPLES

from verifier.inputs import InputError, decode, expand, inputs
from verifier.reading import kind_of


def test_directory_walks_read_every_record_kind_kind_of_knows(tmp_path: Path) -> None:
    text = (SAMPLES / "valid" / "four-players.ftn").read_text(encoding="utf-8")
    (tmp_path / "sub").mkdir()
    for name in ("a.ftn", "b.json", "c.jsonl", "sub/d.ndjson", "e.txt"):
        (tmp_path / name).write_text(text, encoding="utf-8")
    found = [Path(p).name for p in expand([str(tmp_path)])]
    assert found == ["a.ftn", "b.json", "c.jsonl", "d.ndjson"]
    assert all(kind_of("", n) == ("ftn" if n.endswith(".ftn") else "json") for n in found)


def test_explicit_files_are_read_whatever_their_name(tmp_path: Path) -> None:
    (tmp_path / "game.txt").write_text("game\nend\n", encoding="utf-8")
    assert inputs([str(tmp_path / "game.txt")]) == [(str(tmp_path / "game.txt"), "game\nend\n")]


def test_not_utf8_says_where() -> None:
    with pytest.raises(InputError, match=r"^f\.ftn:2:3: not UTF-8 \(byte 0xff\)$"):
        decode(b"game\nab\xff\n", "f.ftn")
    assert decode("\ufeffgame\n".encode(), "f.ftn") == "game\n"  # a BOM is allowed


def test_a_directory_without_records_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(InputError, match=r"no \*\.ftn, \*\.json, \*\.jsonl or \*\.ndjson"):
        list(expand([str(tmp_path)]))
