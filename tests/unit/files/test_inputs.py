"""Tests of verifier.files.inputs: regular files only, one unreadable file is
an error for that file only, directory walks skip hidden folders and
``--exclude`` and find compressed records."""

from __future__ import annotations

import builtins
import os
from pathlib import Path
from typing import Any

import pytest
from support.ftn import Ftn
from support.paths import SAMPLES, read_sample

from verifier.files import inputs as inputs_mod
from verifier.files.formats import kind_of
from verifier.files.inputs import decode, expand, expand_each, inputs, read_each, read_text
from verifier.files.streams import InputError

GAME = read_sample("valid", "four-players.ftn")


def tree(root: Path) -> Path:
    """games/{a.ftn, sub/b.ftn, .venv/c.json, sub/.hidden/d.ftn, notes.txt}"""
    g = root / "games"
    for rel in ("a.ftn", "sub/b.ftn", "sub/.hidden/d.ftn"):
        (g / rel).parent.mkdir(parents=True, exist_ok=True)
        (g / rel).write_text(GAME, encoding="utf-8")
    (g / ".venv").mkdir()
    (g / ".venv" / "c.json").write_text("[NaN]\n", encoding="utf-8")
    (g / "notes.txt").write_text("not a record\n", encoding="utf-8")
    return g


def test_walks_skip_hidden_folders(tmp_path: Path) -> None:
    g = tree(tmp_path)
    assert list(expand_each([str(g)])) == [str(g / "a.ftn"), str(g / "sub" / "b.ftn")]


def test_exclude_by_name_or_path(tmp_path: Path) -> None:
    g = tree(tmp_path)
    assert list(expand_each([str(g)], ["sub"])) == [str(g / "a.ftn")]
    assert list(expand_each([str(g)], ["a.*"])) == [str(g / "sub" / "b.ftn")]
    assert list(expand_each([str(g)], [str(g / "sub" / "*")])) == [str(g / "a.ftn")]


def test_explicit_files_are_always_read(tmp_path: Path, ftn: Ftn) -> None:
    g = tree(tmp_path)
    hidden = str(g / ".venv" / "c.json")
    assert list(expand_each([hidden], ["*.json"])) == [hidden]
    code = ftn(["check", hidden, "--exclude", "*.json"]).returncode
    assert code == 1  # read, and its NaN found


def test_check_dot_in_a_checkout_skips_venv(tmp_path: Path, ftn: Ftn) -> None:
    g = tree(tmp_path)
    r = ftn(["check", str(g)])
    assert r.returncode == 0, r.stdout
    assert r.stdout.strip().endswith("2 files, 2 games, 248 events: 0 errors, 0 warnings")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_directory_with_an_unreadable_file_checks_the_others(tmp_path: Path, ftn: Ftn) -> None:
    """A FIFO stands for the unreadable file: unlike chmod 000, it cannot be
    read by root either (and read, it would wait for ever)."""
    g = tree(tmp_path)
    os.mkfifo(g / "sub" / "blocked.ftn")
    r = ftn(["check", str(g)])
    assert r.returncode == 2
    assert f"ftn: {g / 'sub' / 'blocked.ftn'}: cannot read: not a regular file" in r.stderr
    assert r.stdout.strip().endswith("2 files, 2 games, 248 events: 0 errors, 0 warnings")


def test_an_unreadable_file_by_permission(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ftn: Ftn
                                          ) -> None:
    """chmod 000 does not stop root: the refusal is simulated at ``os.open``."""
    g = tree(tmp_path)
    denied = str(g / "a.ftn")
    real = os.open

    def fake_open(path: Any, flags: int, *args: Any, **kw: Any) -> int:
        if os.fspath(path) == denied:
            raise PermissionError(13, "Permission denied", denied)
        return real(path, flags, *args, **kw)

    monkeypatch.setattr(os, "open", fake_open)
    got = list(read_each([str(g)]))
    assert [n for n, _ in got] == [denied, str(g / "sub" / "b.ftn")]
    assert isinstance(got[0][1], InputError)
    assert str(got[0][1]) == f"{denied}: cannot read: Permission denied"
    assert got[1][1] == GAME
    r = ftn(["check", str(g)])
    assert r.returncode == 2 and "1 file, 1 game, 124 events: 0 errors" in r.stdout
    assert f"ftn: {denied}: cannot read: Permission denied" in r.stderr


def test_an_unreadable_directory_is_said_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                            ) -> None:
    g = tree(tmp_path)
    sub = str(g / "sub")
    real = os.scandir

    def fake_scandir(path: Any = ".") -> Any:
        if os.fspath(path) == sub:
            raise PermissionError(13, "Permission denied", sub)
        return real(path)

    monkeypatch.setattr(os, "scandir", fake_scandir)
    got = list(expand_each([str(g)]))
    assert got[0] == str(g / "a.ftn")
    assert [str(e) for e in got[1:]] == [f"{sub}: cannot read this directory: Permission denied"]
    got = list(expand_each([sub]))
    assert [str(e) for e in got] == [f"{sub}: cannot read this directory: Permission denied"]


def test_an_empty_directory(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    with pytest.raises(InputError, match=r"no \*\.ftn, \*\.json"):
        list(inputs_mod.expand([str(tmp_path / "empty")]))


def test_special_files_are_refused(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="not a regular file"):
        read_text("/dev/null")
    with pytest.raises(InputError, match="it is a directory"):
        read_text(str(SAMPLES))
    with pytest.raises(InputError, match="No such file"):
        read_text(str(tmp_path / "missing.ftn"))


def test_closed_or_missing_stdin(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", None)
    with pytest.raises(InputError, match="standard input is closed"):
        read_text("-")


def test_open_is_not_used_for_regular_reads() -> None:
    # The file is read through one descriptor: what fstat saw is what is read.
    assert read_text(str(SAMPLES / "valid" / "four-players.ftn")) == GAME
    assert builtins.open is open


def test_directory_walks_read_every_record_kind_also_compressed(tmp_path: Path) -> None:
    text = (SAMPLES / "valid" / "four-players.ftn").read_text(encoding="utf-8")
    (tmp_path / "sub").mkdir()
    for name in ("a.ftn", "b.json", "c.jsonl", "sub/d.ndjson", "e.txt", "f.ftn.gz",
                 "g.jsonl.zst", "h.json.bz2", "i.ndjson.xz", "j.txt.gz", "k.gz", "l.FTN.GZ"):
        (tmp_path / name).write_text(text, encoding="utf-8")
    found = [Path(p).name for p in expand([str(tmp_path)])]
    assert found == ["a.ftn", "b.json", "c.jsonl", "f.ftn.gz", "g.jsonl.zst", "h.json.bz2",
                     "i.ndjson.xz", "d.ndjson"]
    assert all(kind_of("", n) == ("ftn" if ".ftn" in n else "json") for n in found)


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
