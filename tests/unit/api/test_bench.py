"""verifier.bench runs and prints its figures (no timing is asserted)."""

from __future__ import annotations

import os
import sys

import pytest

from verifier import bench


@pytest.mark.slow
def test_bench_prints_figures(capsys: pytest.CaptureFixture[str]) -> None:
    bench.main(["--games", "2", "--repeat", "1"])
    out = capsys.readouterr().out
    for label in ("corpus:", "parse only:", "check end to end:", "'ftn check' command:"):
        assert label in out
    assert "events/s (CPU)" in out and "events/s (wall)" in out
    assert "start-up: 'ftn check' on one game, median " in out
    assert " ms CPU " in out and " modules of the project loaded" in out


def test_bench_imports_nothing_posix_only_at_import_time() -> None:
    import subprocess
    import sys

    code = (
        "import sys; sys.modules['resource'] = None\n"  # as on Windows: the import fails
        "import verifier.bench as b; print(b._children_cpu())"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert r.returncode == 0 and r.stdout.strip() == "0.0", r.stderr


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="resource is POSIX only")
def test_peak_memory_is_the_commands_own() -> None:
    # A child forked from a large process starts with that process's
    # high-water mark: the bench starts its commands from a small launcher.
    big = bytearray(200 * 1024 * 1024)
    for i in range(0, len(big), 4096):
        big[i] = 1  # resident
    peak = bench._peak_mb([sys.executable, "-c", "pass"], dict(os.environ))
    assert 1 < peak < 100, peak
    fill = "b = bytearray(120 * 1024 * 1024); b[::4096] = b'1' * len(b[::4096])"
    grown = bench._peak_mb([sys.executable, "-c", fill], dict(os.environ))
    assert grown > 120, grown
