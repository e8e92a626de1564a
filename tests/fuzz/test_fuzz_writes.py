"""The ``--write`` fuzzer's short run, and its judge held to the losses it
must see. The long run is ``python tests/fuzz/fuzz_writes.py --files 100000``;
see ``fuzz_writes.py``."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fuzz_writes import BOM, judge, run
from support.paths import read_sample

GAME = read_sample("valid", "four-players.ftn")


@pytest.mark.slow
def test_five_hundred_files_rewritten_lose_no_record(tmp_path: Path) -> None:
    out = io.StringIO()
    tally = run(500, seed=7, out=out, folder=tmp_path)
    assert tally.losses == [] and tally.files == 500, out.getvalue()
    assert tally.same > 100 and tally.rewritten > 100  # both kinds of file were met


def test_a_few_files_rewritten_lose_no_record(tmp_path: Path) -> None:
    tally = run(40, seed=11, out=io.StringIO(), folder=tmp_path)
    assert tally.losses == [] and tally.files == 40


@pytest.mark.parametrize(("before", "after", "why"), [
    ("# notes\n", "", "a file of no game was rewritten"),
    (GAME.replace("\n", "\r"), "", "a file that does not read was rewritten"),
    (BOM + GAME, GAME, "the BOM was not kept"),
    (GAME, GAME.replace("# ", "#", 1), "rewritten as other games or comments"),
    (GAME, GAME[: len(GAME) // 2], "rewritten as a file that does not read"),
    (GAME, GAME.replace("\n  ", "\n    "), None),
    (GAME.replace("\n", "\r\n"), GAME, None),
])
def test_the_judge_sees_every_loss(before: str, after: str, why: str | None) -> None:
    assert judge(before.encode("utf-8"), after.encode("utf-8")) == why
