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


def test_bench_imports_nothing_posix_only_at_import_time() -> None:
    import subprocess
    import sys

    code = (
        "import sys; sys.modules['resource'] = None\n"  # as on Windows: the import fails
        "import verifier.bench as b; print(b._children_cpu())"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert r.returncode == 0 and r.stdout.strip() == "0.0", r.stderr
