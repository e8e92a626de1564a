"""``ftn record`` writes only what it validated, keeps its file, and never
leaves half a line: a comment or a name with a control character in it is
refused (asked again); a file saved anew or cut by another program during
the session stops it, the record put whole beside it; a full disk leaves
the file whole up to the move not saved, which is named, and ``--resume``
goes on. Run in-process; what a terminal gives in one answer (a paste
through readline's bracketed paste, several lines at once) is given by a
stand-in for ``input``."""

from __future__ import annotations

import errno
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from support.ftn import Ftn

from verifier.record import session
from verifier.record.game import derive

ANSWERS = ["2", "", "Ann", "Sam", "", "", "N"]
DEALS = ["6-6 6-3 5-5 4-1 2-0 3-3 1-1", "6-4 3-1 5-0 2-2 4-4 6-2 0-0"]
LINES = ['game', '[ftn "1"]', '[seat "N" "Ann"]', '[seat "S" "Sam"]', '[first "N"]', "",
         "round 1 opener N", f"  deal N {DEALS[0]}", f"  deal S {DEALS[1]}"]
N66, S64 = "  N 6-6 =12 +4 (4,0)", "  S 6-4 L =16 +0 (4,0)"

Answer = str | Callable[[], str]


def typed(monkeypatch: pytest.MonkeyPatch, answers: list[Answer]) -> None:
    """The session's ``input`` answers these, in order (a function: what it
    returns, once it has done what it does); then end of input."""
    left = list(answers)

    def answer(prompt: str = "") -> str:
        if not left:
            raise EOFError
        a = left.pop(0)
        return a() if callable(a) else a

    monkeypatch.setattr(session, "input", answer, raising=False)


def text(lines: list[str]) -> str:
    return "".join(line + "\n" for line in lines)


def reads_clean(path: Path) -> None:
    d = derive(path.read_text(encoding="utf-8").split("\n")[:-1])
    assert (d.problems, d.errors) == ([], [])


def test_a_carriage_return_in_a_comment_is_refused_and_typed_again(
        tmp_path: Path, ftn: Ftn, monkeypatch: pytest.MonkeyPatch) -> None:
    """As a pipe gives it (a terminal ends the line at a CR)."""
    path = tmp_path / "g.ftn"
    typed(monkeypatch, [*ANSWERS, *DEALS, "6-6 # nice\rshot", "6-6 # nice shot", "6-4", "quit"])
    r = ftn(["record", str(path)])
    assert r.returncode == 0 and "Traceback" not in r.output
    assert ("what was typed holds a carriage return (CR) at column 11: a move and its comment "
            "are one line of plain text; type it again, like 6-3 R # a note") in r.stdout
    assert path.read_text(encoding="utf-8") == text([*LINES, N66 + "  # nice shot", S64])
    reads_clean(path)


def test_a_paste_of_several_lines_in_one_answer_writes_none_of_them(
        tmp_path: Path, ftn: Ftn, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "g.ftn"
    typed(monkeypatch, [*ANSWERS, *DEALS, "6-6 # nice\nwinner N (61,0)\nend", "6-6", "6-4",
                        "quit"])
    r = ftn(["record", str(path)])
    assert r.returncode == 0 and "Traceback" not in r.output
    assert "what was typed holds a line end (LF: a second line) at column 11" in r.stdout
    assert path.read_text(encoding="utf-8") == text([*LINES, N66, S64])


def test_a_player_name_with_an_escape_is_refused_and_the_header_asked_again(
        tmp_path: Path, ftn: Ftn) -> None:
    path = tmp_path / "g.ftn"
    r = ftn(["record", str(path)], stdin="\n".join(
        ["2", "", "Ann\x1b[2J", "Sam", "", "", "N", *ANSWERS, "quit"]) + "\n")
    assert r.returncode == 0
    assert ("the name of the player at N holds an escape character (ESC): a name is one line "
            "of plain text; type it again") in r.stdout
    assert "\x1b" not in r.output
    assert path.read_text(encoding="utf-8") == text(LINES[:7])


def saved_anew(path: Path, content: bytes) -> Callable[[], str]:
    """Another program saves the file anew (a new file renamed over it),
    then the scorer types the move ``6-4``."""
    def act() -> str:
        tmp = path.with_name("g.ftn.tmp")
        tmp.write_bytes(content)
        os.replace(tmp, path)
        return "6-4"
    return act


def cut_in_place(path: Path, content: bytes) -> Callable[[], str]:
    def act() -> str:
        with open(path, "r+b") as f:
            f.write(content)
            f.truncate()
        return "6-4"
    return act


@pytest.mark.parametrize("change", [saved_anew, cut_in_place], ids=["renamed", "in-place"])
def test_a_file_changed_by_another_program_stops_the_session_with_its_lines_beside_it(
        tmp_path: Path, ftn: Ftn, monkeypatch: pytest.MonkeyPatch,
        change: Callable[[Path, bytes], Callable[[], str]]) -> None:
    path = tmp_path / "g.ftn"
    theirs = text(LINES[:5]).encode()
    typed(monkeypatch, [*ANSWERS, *DEALS, "6-6", change(path, theirs), "quit"])
    r = ftn(["record", str(path)])
    assert r.returncode == 2 and "Traceback" not in r.output
    assert "every line entered is in" not in r.stderr
    (rec,) = tmp_path.glob("g.ftn.recovered-*.ftn")
    assert rec.read_text(encoding="utf-8") == text([*LINES, N66, S64])
    assert path.read_bytes() == theirs  # no NUL bytes, nothing of the session's
    assert r.stderr.startswith(f"ftn record: {path} ")
    assert r.stderr.rstrip("\n").endswith(
        f"this session stops and leaves it as it is. The record as this session has it (the "
        f"line just entered included) is in {rec}: ftn record --resume {rec} goes on with it")
    reads_clean(rec)


def test_a_file_saved_anew_after_the_last_move_is_said_when_the_scorer_quits(
        tmp_path: Path, ftn: Ftn, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "g.ftn"

    def replace_then_quit() -> str:
        saved_anew(path, b"")()
        return "quit"

    typed(monkeypatch, [*ANSWERS, *DEALS, "6-6", replace_then_quit])
    r = ftn(["record", str(path)])
    assert r.returncode == 2
    assert "every line entered is in" not in r.stderr
    (rec,) = tmp_path.glob("g.ftn.recovered-*.ftn")
    assert rec.read_text(encoding="utf-8") == text([*LINES, N66])
    assert "(every line entered) is in" in r.stderr


def test_a_full_disk_names_the_move_not_saved_and_resume_goes_on(
        tmp_path: Path, ftn: Ftn, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "g.ftn"
    real = os.write
    full = [False]

    def write(fd: int, data: bytes | memoryview) -> int:
        if full[0]:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        if bytes(data).startswith(S64.encode()):
            full[0] = True
            return real(fd, bytes(data)[:7])  # "  S 6-4": then the disk is full
        return real(fd, data)

    monkeypatch.setattr(os, "write", write)
    r = ftn(["record", str(path)], stdin="\n".join([*ANSWERS, *DEALS, "6-6", "6-4", "quit"])
            + "\n")
    monkeypatch.undo()
    assert r.returncode == 2 and "Traceback" not in r.output
    assert (f"ftn record: {path}: cannot write (No space left on device): not saved: S 6-4 L "
            f"=16 +0 (4,0). The file ends with the line before it, whole: ftn record --resume "
            f"{path} goes on") in r.stderr
    assert path.read_text(encoding="utf-8") == text([*LINES, N66])
    r = ftn(["record", "--resume", str(path)], stdin="6-4\nquit\n")
    assert r.returncode == 0, r.output
    assert path.read_text(encoding="utf-8") == text([*LINES, N66, S64])
