"""verifier.bench runs and prints its figures (no timing is asserted)."""

from __future__ import annotations

import pytest

from verifier import bench


def test_bench_prints_figures(capsys: pytest.CaptureFixture[str]) -> None:
    bench.main(["--games", "2", "--repeat", "1"])
    out = capsys.readouterr().out
    for label in ("corpus:", "parse only:", "check end to end:", "'ftn check' command:"):
        assert label in out
    assert "events/s (CPU)" in out and "events/s (wall)" in out
