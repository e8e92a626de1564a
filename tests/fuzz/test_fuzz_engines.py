"""The protocol fuzzer's short run: engines that answer at random until 700
questions were asked (seeded: the same 8 audits each run, ~10 s, mostly
waiting on engines that do not answer); no traceback, no hang, no process
left, no raw control character in a report. The long run is ``python
tests/fuzz/fuzz_engines.py --exchanges 100000``; see ``fuzz_engines.py``."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fuzz_engines import run

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")


@pytest.mark.slow
def test_short_run_of_random_engines() -> None:
    out = io.StringIO()
    tally = run(700, seed=7, rate=0.05, timeout=2.0, games_per_audit=2, out=out)
    assert (tally.tracebacks, tally.hangs, tally.left, tally.raw) == (0, 0, 0, 0), out.getvalue()
    assert tally.audits >= 2 and tally.exchanges >= 700, out.getvalue()
    assert "fuzz-engines: " in out.getvalue()
