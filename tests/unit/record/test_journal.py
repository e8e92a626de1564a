"""The file of ``ftn record`` (``verifier.record.journal``) keeps only whole
lines, and only in the file it opened: a file saved anew or changed in place
by another program stops the session, its record put whole in a new file
beside it (the other program's file left as it is); a write that fails
(a full disk) is cut back to the line before it."""

from __future__ import annotations

import contextlib
import errno
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from verifier.record import journal
from verifier.record.game import derive
from verifier.record.journal import Journal

HEADER = ['game', '[ftn "1"]', '[seat "N"]', '[seat "S"]', '[first "N"]']
ROUND = ["", "round 1 opener N", "  deal N 6-6 6-3 5-5 4-1 2-0 3-3 1-1",
         "  deal S 6-4 3-1 5-0 2-2 4-4 6-2 0-0"]
MOVE = "  N 6-6 =12 +4 (4,0)"


def text(lines: list[str]) -> bytes:
    return "".join(line + "\n" for line in lines).encode("utf-8")


@pytest.fixture
def started(tmp_path: Path) -> Iterator[tuple[Journal, Path]]:
    """A session's file with its header and round 1's hands written."""
    path = tmp_path / "game.ftn"
    j = Journal(path, create=True)
    j.append(HEADER)
    j.append(ROUND)
    try:
        yield j, path
    finally:
        if j.fd >= 0:
            with contextlib.suppress(OSError):
                os.close(j.fd)


def recovered(folder: Path) -> list[Path]:
    return sorted(folder.glob("game.ftn.recovered-*.ftn"))


def saved_anew(path: Path, content: bytes) -> None:
    """What an editor does on save: a new file renamed over the name."""
    tmp = path.with_name(".game.ftn.swp")
    tmp.write_bytes(content)
    os.replace(tmp, path)


def test_a_file_saved_anew_stops_the_session_and_its_lines_go_beside_it(
        started: tuple[Journal, Path]) -> None:
    j, path = started
    theirs = text(HEADER) + b"# the editor's copy\n"
    saved_anew(path, theirs)
    with pytest.raises(journal.Stopped) as e:
        j.append([MOVE])
    (rec,) = recovered(path.parent)
    assert rec.read_bytes() == text([*HEADER, *ROUND, MOVE])  # the move just entered too
    assert path.read_bytes() == theirs  # the other program's file, left as it is
    said = str(e.value)
    assert said.startswith(f"{path} was replaced or taken away by another program")
    assert said.endswith(f"The record as this session has it (the line just entered included) "
                         f"is in {rec}: ftn record --resume {rec} goes on with it")
    assert j.lines == [*HEADER, *ROUND]
    d = derive(rec.read_text(encoding="utf-8").split("\n")[:-1])
    assert (d.problems, d.errors) == ([], [])  # it resumes


def test_a_file_removed_stops_the_session_the_same_way(started: tuple[Journal, Path]) -> None:
    j, path = started
    path.unlink()
    with pytest.raises(journal.Stopped, match="was replaced or taken away"):
        j.append([MOVE])
    (rec,) = recovered(path.parent)
    assert rec.read_bytes() == text([*HEADER, *ROUND, MOVE])
    assert not path.exists()


def test_a_file_cut_shorter_in_place_is_not_written_to(started: tuple[Journal, Path]) -> None:
    """Written in place shorter, the file would have got the next line past
    its end, the gap filled with NUL bytes."""
    j, path = started
    theirs = text(HEADER)
    with open(path, "r+b") as f:
        f.write(theirs)
        f.truncate()
    with pytest.raises(journal.Stopped) as e:
        j.append([MOVE])
    size = len(text([*HEADER, *ROUND]))
    assert f"(it is {len(theirs)} bytes; this session left {size})" in str(e.value)
    assert path.read_bytes() == theirs and b"\0" not in path.read_bytes()
    (rec,) = recovered(path.parent)
    assert rec.read_bytes() == text([*HEADER, *ROUND, MOVE])


def test_a_file_written_in_place_at_the_same_size_is_seen_by_its_time(
        started: tuple[Journal, Path]) -> None:
    j, path = started
    old = path.read_bytes()
    theirs = old.replace(b"6-6 6-3", b"6-6 6-2")
    with open(path, "r+b") as f:
        f.write(theirs)
    st = os.stat(path)
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))  # whatever the clock
    with pytest.raises(journal.Stopped, match="was written by another program since"):
        j.append([MOVE])
    assert path.read_bytes() == theirs


def test_an_undo_on_a_file_saved_anew_is_not_done(started: tuple[Journal, Path]) -> None:
    j, path = started
    j.append([MOVE])
    saved_anew(path, b"")
    with pytest.raises(journal.Stopped) as e:
        j.keep(len(HEADER) + len(ROUND))
    (rec,) = recovered(path.parent)
    assert rec.read_bytes() == text([*HEADER, *ROUND, MOVE])
    assert "(before the undo asked for, which is not done)" in str(e.value)
    assert path.read_bytes() == b""


def test_the_end_of_a_session_finds_a_file_saved_anew_after_its_last_line(
        started: tuple[Journal, Path]) -> None:
    j, path = started
    saved_anew(path, b"game\n")
    with pytest.raises(journal.Stopped, match=r"\(every line entered\) is in "):
        j.close()
    (rec,) = recovered(path.parent)
    assert rec.read_bytes() == text([*HEADER, *ROUND])
    with pytest.raises(OSError):
        os.fstat(j.fd)  # closed all the same
    j.fd = -1


def test_a_session_that_wrote_nothing_leaves_no_recovered_file(tmp_path: Path) -> None:
    path = tmp_path / "game.ftn"
    path.write_bytes(text(HEADER))
    j = Journal(path, create=False)
    saved_anew(path, b"game\n")
    j.close()
    assert recovered(tmp_path) == []


def test_a_second_recovered_file_gets_a_name_of_its_own(
        started: tuple[Journal, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    j, path = started
    monkeypatch.setattr(time, "strftime", lambda fmt: "20260101-120000")
    taken = path.with_name("game.ftn.recovered-20260101-120000.ftn")
    taken.write_bytes(b"mine\n")
    saved_anew(path, b"")
    with pytest.raises(journal.Stopped):
        j.append([MOVE])
    assert taken.read_bytes() == b"mine\n"
    again = path.with_name("game.ftn.recovered-20260101-120000-2.ftn")
    assert again.read_bytes() == text([*HEADER, *ROUND, MOVE])


def test_lines_that_cannot_be_put_beside_it_are_in_the_message(
        started: tuple[Journal, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    j, path = started

    def refused(name: Path, content: str) -> None:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(journal, "write_new", refused)
    saved_anew(path, b"")
    with pytest.raises(journal.Stopped) as e:
        j.append([MOVE])
    assert str(e.value).endswith(
        "A file beside it cannot be written either (Permission denied): the record as this "
        "session has it (the line just entered included) follows; save it in a file:\n"
        + "\n".join([*HEADER, *ROUND, MOVE]))


# -- a write that fails ------------------------------------------------------------


def failing_write(monkeypatch: pytest.MonkeyPatch, part: int, code: int) -> None:
    """``os.write`` that writes ``part`` bytes of what it is given, then
    fails with ``code`` at the next call, as a disk that fills does."""
    real: Callable[[int, bytes | memoryview], int] = os.write
    calls = [0]

    def write(fd: int, data: bytes | memoryview) -> int:
        calls[0] += 1
        if calls[0] == 1:
            return real(fd, bytes(data)[:part])
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(os, "write", write)


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EIO, errno.EDQUOT],
                         ids=["ENOSPC", "EIO", "EDQUOT"])
def test_a_full_disk_leaves_no_part_of_a_line(started: tuple[Journal, Path],
                                              monkeypatch: pytest.MonkeyPatch,
                                              code: int) -> None:
    j, path = started
    before = path.read_bytes()
    failing_write(monkeypatch, 5, code)  # "  N 6": the half line of a full disk
    with pytest.raises(journal.Stopped) as e:
        j.append([MOVE])
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert str(e.value) == (
        f"{path}: cannot write ({os.strerror(code)}): not saved: N 6-6 =12 +4 (4,0). The file "
        f"ends with the line before it, whole: ftn record --resume {path} goes on (once the "
        "disk has room, if it is full)")
    assert j.lines == [*HEADER, *ROUND] and recovered(path.parent) == []
    j.close()  # nothing more: the session is over
    j.fd = -1
    resumed = Journal(path, create=False)
    try:
        resumed.append([MOVE])
    finally:
        os.close(resumed.fd)
    assert path.read_bytes() == before + text([MOVE])


def test_a_failed_sync_is_cut_back_too(started: tuple[Journal, Path],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    j, path = started
    before = path.read_bytes()
    real = os.fsync
    calls = [0]

    def fsync(fd: int) -> None:
        calls[0] += 1
        if calls[0] == 1:
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    with pytest.raises(journal.Stopped, match=r"not saved: round 2 opener S \.\.\."):
        j.append(["", "round 2 opener S", "  deal S 6-6 6-3 5-5 4-1 2-0 3-3 1-1"])
    assert path.read_bytes() == before


def test_a_write_that_cannot_be_taken_back_puts_the_record_beside_it(
        started: tuple[Journal, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    j, path = started
    failing_write(monkeypatch, 5, errno.EIO)

    def ftruncate(fd: int, size: int) -> None:
        raise OSError(errno.EIO, os.strerror(errno.EIO))

    monkeypatch.setattr(os, "ftruncate", ftruncate)
    with pytest.raises(journal.Stopped) as e:
        j.append([MOVE])
    monkeypatch.undo()
    (rec,) = recovered(path.parent)
    assert rec.read_bytes() == text([*HEADER, *ROUND, MOVE])
    assert str(e.value).startswith(f"{path}: cannot write (Input/output error), and the part "
                                   "written cannot be taken back: The record as this session")


def test_a_line_with_a_line_end_in_it_is_never_written(started: tuple[Journal, Path]) -> None:
    j, path = started
    before = path.read_bytes()
    for bad in ("  N 6-6  # a\nend", "  N 6-6  # a\rb"):
        with pytest.raises(ValueError, match="a line holds a line end"):
            j.append([bad])
    assert path.read_bytes() == before
