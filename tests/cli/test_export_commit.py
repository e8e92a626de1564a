"""``ftn export``'s tables are put in place together (``fileset.FileSet``):
a disk that fills while the last table is written (a file-size limit in a
subprocess: EFBIG, as a full disk gives ENOSPC), a folder that cannot be
written, leave the old set as it was, with a message naming the file and
exit 2; a folder of the tables alone is swapped whole; a folder that holds
a user's other files keeps them, and the other format's tables stay."""

from __future__ import annotations

import os
import random
import resource
import signal
from collections.abc import Callable
from pathlib import Path

import pytest
from support.corpora import ROUND, WRONG
from support.ftn import CHECKOUT, Ftn

from verifier.data.tables import TABLES

#: The size limit of every file the export writes (bytes): above every table
#: of BAD but its findings (in either format).
LIMIT = 4096
#: The environment of ftn as a process here: the checkout's packages, no
#: bytecode written.
ENV = {**CHECKOUT, "PYTHONDONTWRITEBYTECODE": "1"}


def limited(limit: int | None = None) -> Callable[[], None]:
    """What the child runs before ftn: a write past the file-size limit
    fails (EFBIG) rather than ending it (SIGXFSZ); ``limit``, if given, is
    that limit (bytes)."""
    def start() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit: EFBIG
        if limit is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return start


def bad_games() -> str:
    """Six games that cannot be read, twenty syntax errors each, quoting
    random tokens: their findings table is the largest (compressed too) and
    the last written."""
    r = random.Random(5)
    out = []
    for _ in range(6):
        lines = "".join(f"  N 9-9 L ={r.getrandbits(256):x}\n" for _ in range(20))
        out.append('game\n[ftn "1"]\n[seat "N" "A"]\n[seat "S" "B"]\n\nround 1 opener N\n'
                   + lines + "end\n")
    return "\n".join(out)


def can_exchange(scratch: Path) -> bool:
    """Whether this system swaps two folders in one step (``scratch`` made
    and removed)."""
    from verifier.files.folder import _exchange

    (scratch / "a").mkdir(parents=True)
    (scratch / "b").mkdir()
    try:
        return _exchange(scratch / "a", scratch / "b")
    finally:
        for n in ("a", "b"):
            (scratch / n).rmdir()
        scratch.rmdir()


def contents(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


@pytest.fixture
def inputs(tmp_path: Path) -> Path:
    (tmp_path / "good.ftn").write_text(ROUND, encoding="utf-8")
    (tmp_path / "wrong.ftn").write_text(WRONG, encoding="utf-8")
    (tmp_path / "bad.ftn").write_text(bad_games(), encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("to", ["csv", "parquet"])
def test_a_disk_that_fills_at_the_last_table_keeps_the_old_set(inputs: Path, to: str,
                                                               ftn: Ftn) -> None:
    p = ftn(["export", "good.ftn", "--to", to, "-o", "t"], process=True, cwd=inputs, timeout=120,
            preexec=limited(), env=ENV)
    assert p.returncode == 0, p.stderr
    old = contents(inputs / "t")
    p = ftn(["export", "bad.ftn", "--to", to, "-o", "scratch"], process=True, cwd=inputs,
            timeout=120, preexec=limited(), env=ENV)
    sizes = {k: len(v) for k, v in contents(inputs / "scratch").items()}
    assert max(sizes, key=lambda k: sizes[k]) == f"findings.{to}"  # the last table
    assert sorted(sizes.values())[-2] < LIMIT < sizes[f"findings.{to}"], sizes
    p = ftn(["export", "bad.ftn", "--to", to, "-o", "t"], process=True, cwd=inputs,
            preexec=limited(LIMIT), timeout=120, env=ENV)
    assert contents(inputs / "t") == old  # the old set, whole
    assert "Traceback" not in p.stderr, p.stderr
    assert p.returncode == 2, p.stderr
    assert p.stderr == (f"ftn: t/findings.{to}: cannot write: File too large; "
                        "the tables in t are as they were\n")
    assert sorted(p.name for p in inputs.iterdir()) == ["bad.ftn", "good.ftn", "scratch", "t",
                                                        "wrong.ftn"]  # no staging left


def test_a_folder_that_cannot_be_written_keeps_the_old_set(inputs: Path, ftn: Ftn) -> None:
    p = ftn(["export", "good.ftn", "--to", "csv", "-o", "t"], process=True, cwd=inputs, timeout=120,
            preexec=limited(), env=ENV)
    assert p.returncode == 0, p.stderr
    old = contents(inputs / "t")
    os.chmod(inputs / "t", 0o555)
    try:
        p = ftn(["export", "wrong.ftn", "--to", "csv", "-o", "t"], process=True, cwd=inputs,
                timeout=120, preexec=limited(), env=ENV)
    finally:
        os.chmod(inputs / "t", 0o755)
    assert "Traceback" not in p.stderr and p.returncode == 2, p.stderr
    assert p.stderr == "ftn: t: cannot write: the folder cannot be written\n"
    assert contents(inputs / "t") == old


def test_a_folder_of_tables_alone_is_swapped_whole(inputs: Path, ftn: Ftn) -> None:
    """The new set in place of the old one, the other format's set kept (the
    same files), nothing else left next to it."""
    assert ftn(["export", "good.ftn", "--to", "parquet", "-o", "t"], process=True, cwd=inputs,
               timeout=120, preexec=limited(), env=ENV).returncode == 0
    assert ftn(["export", "good.ftn", "--to", "csv", "-o", "t"], process=True, cwd=inputs,
               timeout=120, preexec=limited(), env=ENV).returncode == 0
    parquet = {n: (inputs / "t" / n).stat().st_ino for n in os.listdir(inputs / "t")
               if n.endswith(".parquet")}
    before = (inputs / "t").stat().st_ino
    p = ftn(["export", "wrong.ftn", "--to", "csv", "-o", "t"], process=True, cwd=inputs,
            timeout=120, preexec=limited(), env=ENV)
    assert p.returncode == 0, p.stderr
    names = sorted(os.listdir(inputs / "t"))
    assert names == sorted([f"{t}.csv" for t in TABLES] + [f"{t}.parquet" for t in TABLES])
    assert {n: (inputs / "t" / n).stat().st_ino for n in parquet} == parquet
    assert "FT302" in (inputs / "t" / "findings.csv").read_text(encoding="utf-8")
    if can_exchange(inputs / "probe"):
        assert (inputs / "t").stat().st_ino != before  # swapped as one folder
    assert sorted(os.listdir(inputs)) == ["bad.ftn", "good.ftn", "t", "wrong.ftn"]


def test_a_users_files_in_the_folder_stay_and_only_the_tables_are_replaced(
        inputs: Path, ftn: Ftn) -> None:
    assert ftn(["export", "good.ftn", "--to", "csv", "-o", "."], process=True, cwd=inputs,
               timeout=120, preexec=limited(), env=ENV).returncode == 0
    (inputs / "notes.txt").write_text("mine\n", encoding="utf-8")
    p = ftn(["export", "wrong.ftn", "--to", "csv", "-o", "."], process=True, cwd=inputs,
            timeout=120, preexec=limited(), env=ENV)
    assert p.returncode == 0, p.stderr
    assert (inputs / "notes.txt").read_text(encoding="utf-8") == "mine\n"
    assert "FT302" in (inputs / "findings.csv").read_text(encoding="utf-8")
    assert sorted(os.listdir(inputs)) == sorted(
        ["bad.ftn", "good.ftn", "notes.txt", "wrong.ftn", *(f"{t}.csv" for t in TABLES)])


def test_without_an_exchange_the_tables_are_renamed_in_once_all_are_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from verifier.files import folder as fileset

    monkeypatch.setattr(fileset, "_exchange", lambda a, b: False)
    folder = tmp_path / "t"
    folder.mkdir()
    (folder / "a.csv").write_text("old a\n", encoding="utf-8")
    (folder / "b.csv").write_text("old b\n", encoding="utf-8")
    os.chmod(folder / "a.csv", 0o600)
    s = fileset.FileSet(folder, ["a.csv", "b.csv"])
    s.open("a.csv").write(b"new a\n")
    s.open("b.csv").write(b"new b\n")
    s.commit()
    assert contents(folder) == {"a.csv": b"new a\n", "b.csv": b"new b\n"}
    assert (folder / "a.csv").stat().st_mode & 0o777 == 0o600  # the mode it had
    assert sorted(os.listdir(tmp_path)) == ["t"]


def test_a_folder_in_the_place_of_a_table_is_said_and_no_table_is_replaced(
        tmp_path: Path) -> None:
    # The tables were renamed in one at a time up to the folder in the way:
    # the first ones new, the rest old, and the message said "the tables in
    # t are as they were".
    from verifier.files import folder as fileset

    folder = tmp_path / "t"
    (folder / "b.csv").mkdir(parents=True)
    (folder / "a.csv").write_text("old a\n", encoding="utf-8")
    s = fileset.FileSet(folder, ["a.csv", "b.csv"])
    s.open("a.csv").write(b"new a\n")
    s.open("b.csv").write(b"new b\n")
    with pytest.raises(OSError) as caught:
        s.commit()
    assert caught.value.strerror == "b.csv in it is a folder, not a table: move it away"
    assert caught.value.filename == str(folder)
    assert (folder / "a.csv").read_text(encoding="utf-8") == "old a\n"
    assert sorted(os.listdir(folder)) == ["a.csv", "b.csv"] and os.listdir(tmp_path) == ["t"]


def test_an_aborted_set_leaves_nothing(tmp_path: Path) -> None:
    from verifier.files import folder as fileset

    s = fileset.FileSet(tmp_path / "new" / "t", ["a.csv"])
    s.open("a.csv").write(b"x")
    s.abort()
    assert os.listdir(tmp_path / "new") == []


@pytest.mark.parametrize("to", ["csv", "parquet"])
def test_a_full_disk_at_the_last_table_is_a_message_and_the_old_set_stays(
        inputs: Path, to: str, monkeypatch: pytest.MonkeyPatch, ftn: Ftn) -> None:
    """ENOSPC (the findings table's file on /dev/full), in-process."""
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full")

    from verifier.files import folder as fileset

    out = str(inputs / "t")
    assert ftn(["export", str(inputs / "good.ftn"), "--to", to, "-o",
                     out]).returncode == 0
    old = contents(inputs / "t")
    real = fileset.FileSet.open

    def full(self: fileset.FileSet, name: str) -> object:
        f = real(self, name)
        if name.startswith("findings."):
            f.close()
            self.files[-1] = open("/dev/full", "wb")  # noqa: SIM115 - the set closes it
        return self.files[-1]

    monkeypatch.setattr(fileset.FileSet, "open", full)
    r = ftn(["export", str(inputs / "wrong.ftn"), "--to", to, "-o", out])
    assert r.returncode == 2, r.output
    assert r.stderr == (f"ftn: {out}/findings.{to}: cannot write: No space left on device; "
                        f"the tables in {out} are as they were\n")
    assert contents(inputs / "t") == old
    assert sorted(os.listdir(inputs)) == ["bad.ftn", "good.ftn", "t", "wrong.ftn"]


def test_a_parent_that_cannot_be_written_stages_inside_the_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from verifier.files import folder as fileset

    folder = tmp_path / "t"
    folder.mkdir()
    (folder / "a.csv").write_text("old\n", encoding="utf-8")
    real = fileset._staging

    def staging(parent: Path, name: str) -> Path:
        if parent == tmp_path:
            raise PermissionError(13, "Permission denied")
        return real(parent, name)

    monkeypatch.setattr(fileset, "_staging", staging)
    s = fileset.FileSet(folder, ["a.csv"])
    assert s.staging.parent == folder
    s.open("a.csv").write(b"new\n")
    s.commit()
    assert contents(folder) == {"a.csv": b"new\n"}
    assert os.listdir(tmp_path) == ["t"]
