"""The server fuzzer's short run (the long one is ``python
tests/fuzz/fuzz_server.py --exchanges 100000``; see ``fuzz_server.py``)."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

pytest.importorskip("pygls")  # the extra 'lsp'
sys.path.insert(0, str(Path(__file__).resolve().parent))

from fuzz_server import run


@pytest.mark.slow
def test_short_run_of_the_server_fuzzer_finds_no_hang_death_or_traceback() -> None:
    """2,000 exchanges of every kind with one server: every request answered."""
    out = io.StringIO()
    tally = run(2000, seed=3, hang=60.0, rss_mb=1024, out=out)
    assert tally.failures == [], out.getvalue()
    assert (tally.hangs, tally.deaths, tally.internal, tally.tracebacks, tally.starts) == (
        0, 0, 0, 0, 1)
    assert tally.exchanges >= 2000 and tally.answered == tally.requests > 300
    assert set(tally.by_kind) == {"framing", "position", "edits", "request", "typing"}
    assert 0 < tally.hwm_kb < 1024 * 1024
