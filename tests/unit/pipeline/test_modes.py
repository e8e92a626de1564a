"""``pipeline.modes.Mode``: four constants, told apart by identity, each the
same object in a worker process (``--jobs``), where a job asks ``mode is
Mode.WRITE``."""

from __future__ import annotations

import pickle

from verifier.pipeline.modes import Mode


def test_each_mode_says_its_flag_and_is_itself_in_a_worker_process() -> None:
    modes = (Mode.PRINT, Mode.CHECK, Mode.DIFF, Mode.WRITE)
    assert [m.flag for m in modes] == [None, "--check", "--diff", "--write"]
    assert [m.name for m in modes] == ["PRINT", "CHECK", "DIFF", "WRITE"]
    assert all(pickle.loads(pickle.dumps(m)) is m for m in modes)
    assert len({*modes}) == 4 and repr(Mode.DIFF) == "Mode.DIFF"
