"""The API reference (docs/build_api.py) builds from the docstrings without
a warning, and documents the rules library."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from paths import ROOT


@pytest.mark.slow
def test_the_api_reference_builds_without_warnings(tmp_path: Path) -> None:
    r = subprocess.run([sys.executable, str(ROOT / "docs" / "build_api.py"), str(tmp_path)],
                       cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    assert r.stderr == "" and "API reference written to" in r.stdout
    board = (tmp_path / "verifier" / "rules" / "board.html").read_text(encoding="utf-8")
    for name in ("legal_moves", "from_game", "IllegalMoveError", "ScoredEvent"):
        assert name in board
    for page in ("notation/model.html", "verifier/api.html", "verifier/rules/round.html",
                 "verifier/replay/reference.html", "verifier/rules/plays.html", "index.html"):
        assert (tmp_path / page).is_file(), page
    top = (tmp_path / "verifier.html").read_text(encoding="utf-8")
    assert "TileNotInHandError" in top  # the lazy exports are documented


def test_the_readme_names_the_command() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "python docs/build_api.py" in readme
