"""The recorder fuzzer's short run, and its judge held to the failures it
must see. The long run is ``python tests/fuzz/fuzz_record.py --sessions
10000``; see ``fuzz_record.py``."""

from __future__ import annotations

import io
import os
import sys
from dataclasses import replace
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fuzz_record import Case, Tally, cases, play, run

from verifier.record import journal, words


@pytest.mark.slow
def test_eighty_sessions_typed_keep_the_record_whole() -> None:
    """The short run, in ``run``'s own folder (``/dev/shm`` where there is
    one: the journal's ``fsync`` costs nothing there; a disk's is most of
    the time of a run). Its size is what finds each defect the tests below
    hold the judge to (each made on purpose, the run's first failing
    session of seed 7): a failed write not taken back (``Journal._failed``
    without its ``os.ftruncate``) session 2, of 25 failing; a line written
    to a file another program changed (``Journal._changed`` always None)
    session 6, of 16; a typed line not checked for control characters
    (``words.parse_move`` without ``control_in``) session 0, of 71. After
    50 sessions every kind of stop has been met more often than asked below
    (175 stops, 25 full disks, 11 files changed; 80 sessions: 299, 38 and
    18). The long run is ``fuzz_record.py``'s own."""
    out = io.StringIO()
    tally = run(80, seed=7, out=out)
    assert tally.failures == [] and tally.sessions == 80, out.getvalue()
    # every kind of stop was met
    assert tally.stops > 100 and tally.full > 20 and tally.changed > 10, out.getvalue()


def test_a_few_sessions_typed_keep_the_record_whole(tmp_path: Path) -> None:
    out = io.StringIO()
    tally = run(4, seed=11, out=out, folder=tmp_path)
    assert tally.failures == [] and tally.sessions == 4, out.getvalue()


def marked(event: str) -> Case:
    """A session whose first hand typed right brings ``event`` about."""
    case = next(cases(11, 1))
    lines = case.expected.split("\n")
    k = next(i for i, a in enumerate(case.answers) if not a.event and a.text and any(
        x.startswith("  deal ") and x.endswith(" " + a.text) for x in lines))
    case.answers[k] = replace(case.answers[k], event=event)
    return case


@pytest.mark.parametrize("event", ["full", "renamed", "cut"])
def test_a_session_with_a_full_disk_or_a_file_changed_keeps_the_record(
        tmp_path: Path, event: str) -> None:
    tally = Tally()
    assert play(marked(event), tmp_path, tally) is None
    assert (tally.full, tally.changed) == ((1, 0) if event == "full" else (0, 1))


def test_it_sees_a_write_not_taken_back(tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "ftruncate", lambda fd, size: None)
    assert play(marked("full"), tmp_path, Tally()) == "a failed write changed the file"


@pytest.mark.parametrize("event", ["renamed", "cut"])
def test_it_sees_a_line_written_to_a_file_changed(tmp_path: Path, event: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(journal.Journal, "_changed", lambda self: None)
    assert play(marked(event), tmp_path, Tally()) is not None


def test_it_sees_a_comment_written_with_a_line_end(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(words, "control_in", lambda text: None)
    monkeypatch.setattr(journal.Journal, "append", _unchecked_append)
    tally = run(6, seed=11, out=io.StringIO(), folder=tmp_path)
    assert tally.failures  # a crash, a file that does not read: seen, whichever


def _unchecked_append(self: journal.Journal, lines: list[str]) -> None:
    raw = b"".join(line.encode("utf-8", "surrogateescape") + self.nl for line in lines)
    os.lseek(self.fd, self.size, os.SEEK_SET)
    os.write(self.fd, raw)
    self._wrote(self.size + len(raw))
    self.lines += lines
    self.offsets += [0] * len(lines)
