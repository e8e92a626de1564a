"""Tests of the command line's file writing (``fmt --write``, ``-o``) and
source lines: modes kept, read-only files refused, symlinks written through,
hard links kept, no temporary file left by an interrupt, new files with the
user's normal permissions."""

from __future__ import annotations

import hashlib
import os
import signal
import stat
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from support.ftn import Ftn, run_ftn
from support.paths import read_sample

from verifier.files.outputs import AtomicFile, write_atomic

CANONICAL = read_sample("valid", "four-players.ftn")
LOOSE = CANONICAL.replace("\n  ", "\n    ")  # fmt takes the indent back to two


def fmt_write(*paths: Path) -> tuple[int, str, str]:
    r = run_ftn(["fmt", "--write", *map(str, paths)])
    return r.returncode, r.stdout, r.stderr


def only(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


@pytest.fixture
def umask022() -> Iterator[None]:
    old = os.umask(0o022)
    yield
    os.umask(old)


def test_fmt_write_keeps_the_mode(tmp_path: Path) -> None:
    f = tmp_path / "a.ftn"
    f.write_text(LOOSE, encoding="utf-8")
    f.chmod(0o640)
    assert fmt_write(f)[0] == 0
    assert f.read_text(encoding="utf-8") == CANONICAL
    assert stat.S_IMODE(f.stat().st_mode) == 0o640


def test_fmt_write_refuses_a_read_only_file_and_goes_on(tmp_path: Path) -> None:
    ro, rw = tmp_path / "ro.ftn", tmp_path / "rw.ftn"
    for f in (ro, rw):
        f.write_text(LOOSE, encoding="utf-8")
    ro.chmod(0o444)
    code, out, err = fmt_write(ro, rw)
    assert code == 2
    assert err.strip() == f"ftn fmt: {ro}: not rewritten: the file is read-only"
    assert out.strip() == f"reformatted {rw}"
    assert ro.read_text(encoding="utf-8") == LOOSE  # as root too: the mode is what counts
    assert rw.read_text(encoding="utf-8") == CANONICAL
    assert stat.S_IMODE(ro.stat().st_mode) == 0o444
    assert only(tmp_path) == ["ro.ftn", "rw.ftn"]


def test_fmt_write_writes_through_a_symlink(tmp_path: Path) -> None:
    target, link = tmp_path / "target.ftn", tmp_path / "link.ftn"
    target.write_text(LOOSE, encoding="utf-8")
    link.symlink_to(target.name)
    assert fmt_write(link)[0] == 0
    assert link.is_symlink() and os.readlink(link) == "target.ftn"
    assert target.read_text(encoding="utf-8") == CANONICAL
    assert only(tmp_path) == ["link.ftn", "target.ftn"]


def test_fmt_write_keeps_hard_links(tmp_path: Path) -> None:
    a, b = tmp_path / "a.ftn", tmp_path / "b.ftn"
    a.write_text(LOOSE, encoding="utf-8")
    os.link(a, b)
    assert fmt_write(a)[0] == 0
    assert a.stat().st_ino == b.stat().st_ino and a.stat().st_nlink == 2
    assert b.read_text(encoding="utf-8") == CANONICAL
    assert only(tmp_path) == ["a.ftn", "b.ftn"]


def test_an_interrupt_leaves_no_temporary_file(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    f = tmp_path / "a.ftn"
    f.write_text(LOOSE, encoding="utf-8")

    def interrupted(src: object, dst: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(f, CANONICAL)
    assert only(tmp_path) == ["a.ftn"]
    assert f.read_text(encoding="utf-8") == LOOSE


class Terminated(Exception):
    pass


@pytest.mark.parametrize("busy_thread", [False, True])
def test_sigterm_waits_until_the_write_is_done(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               request: pytest.FixtureRequest,
                                               busy_thread: bool) -> None:
    """SIGTERM arriving halfway (here: just before the rename) is held back
    until the file is whole, then delivered: no temporary file, no half file.
    Also with another thread at work outside the GIL (a library caller's, or
    pytest-xdist's), which the kernel gives the signal to: Python then runs
    the handler in the main thread at once, whatever the main thread's mask."""
    stop = threading.Event()
    request.addfinalizer(stop.set)
    if busy_thread:
        data = b"x" * 1_000_000

        def hash_until_stopped() -> None:
            while not stop.is_set():
                hashlib.sha256(data).digest()  # releases the GIL: running on the other core

        threading.Thread(target=hash_until_stopped, daemon=True).start()
    f = tmp_path / "a.ftn"
    f.write_text(LOOSE, encoding="utf-8")
    real_replace = os.replace

    def term_then_replace(src: str, dst: str) -> None:
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(0.02)  # time for a signal given to another thread to come
        real_replace(src, dst)

    def on_term(signum: int, frame: object) -> None:
        raise Terminated

    old = signal.signal(signal.SIGTERM, on_term)
    try:
        monkeypatch.setattr(os, "replace", term_then_replace)
        with pytest.raises(Terminated):
            write_atomic(f, CANONICAL)
    finally:
        signal.signal(signal.SIGTERM, old)
    assert only(tmp_path) == ["a.ftn"]
    assert f.read_text(encoding="utf-8") == CANONICAL


@pytest.mark.parametrize("command", [
    ["convert", "{src}", "-o", "{out}.json"],
    ["replay", "{src}", "-o", "{out}.txt"],
    ["audit", "{src}", "-o", "{out}.txt"],
])
def test_output_files_get_the_umask_permissions(tmp_path: Path, umask022: None,
                                                command: list[str], ftn: Ftn) -> None:
    src = tmp_path / "a.ftn"
    src.write_text(CANONICAL, encoding="utf-8")
    args = [a.format(src=src, out=tmp_path / "out") for a in command]
    assert ftn(args).returncode == 0
    (out,) = [p for p in tmp_path.iterdir() if p.name.startswith("out")]
    assert stat.S_IMODE(out.stat().st_mode) == 0o644  # not 0600


def test_an_atomic_file_is_written_whole_or_not_at_all(tmp_path: Path) -> None:
    f = tmp_path / "a.ftn"
    f.write_text(LOOSE, encoding="utf-8")
    os.chmod(f, 0o640)
    out = AtomicFile(f)
    out.write(CANONICAL[:100])
    assert f.read_text(encoding="utf-8") == LOOSE and len(only(tmp_path)) == 2
    out.abort()
    assert only(tmp_path) == ["a.ftn"] and f.read_text(encoding="utf-8") == LOOSE
    out = AtomicFile(f)
    for i in range(0, len(CANONICAL), 100):
        out.write(CANONICAL[i: i + 100])
    out.commit()
    assert only(tmp_path) == ["a.ftn"] and f.read_text(encoding="utf-8") == CANONICAL
    assert stat.S_IMODE(f.stat().st_mode) == 0o640


@pytest.mark.parametrize("packing", ["gzip", "bzip2", "xz"])
def test_an_aborted_compressed_file_closes_its_compressor_first(
        tmp_path: Path, packing: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # The compressor, left open and collected later, wrote its trailer into
    # the closed file: "Exception ignored in: <gzip on ...>: write to closed
    # file" (seen on Python 3.13 after ftn replay stopped at a bad game;
    # earlier Pythons say it only in development mode).
    import gc
    import sys

    unraisable: list[object] = []
    monkeypatch.setattr(sys, "unraisablehook", unraisable.append)
    out = AtomicFile(tmp_path / "a.ftn.gz", packing)
    out.write(CANONICAL)
    out.abort()
    assert out.file.closed
    del out
    gc.collect()
    assert unraisable == [] and only(tmp_path) == []


def test_an_atomic_file_with_hard_links_is_rewritten_in_place_at_the_end(
        tmp_path: Path) -> None:
    a, b = tmp_path / "a.ftn", tmp_path / "b.ftn"
    a.write_text(LOOSE, encoding="utf-8")
    os.link(a, b)
    out = AtomicFile(b, "gzip")
    out.write(CANONICAL)
    assert a.read_text(encoding="utf-8") == LOOSE  # not yet
    out.commit()
    import gzip

    assert gzip.decompress(a.read_bytes()).decode() == CANONICAL
    assert a.stat().st_ino == b.stat().st_ino and only(tmp_path) == ["a.ftn", "b.ftn"]


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="names a descriptor in /proc")
def test_a_pipe_named_by_its_descriptor_is_refused_as_not_a_regular_file() -> None:
    # ``-o /dev/stdout`` with standard output a pipe: the name resolves to
    # "/proc/PID/fd/pipe:[N]", which is no path. The file is not taken for
    # a new one (its temporary file cannot be made there: "No such file or
    # directory") but refused for what the name leads to: a pipe.
    read_end, write_end = os.pipe()
    try:
        with pytest.raises(OSError, match="not a regular file"):
            AtomicFile(Path(f"/proc/self/fd/{write_end}"))
    finally:
        os.close(read_end)
        os.close(write_end)
