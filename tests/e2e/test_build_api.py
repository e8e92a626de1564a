"""The API reference (docs/build_api.py) builds from the docstrings without
a warning, and documents the public library and nothing else."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from support.paths import ROOT


@pytest.mark.slow
def test_the_api_reference_builds_without_warnings(tmp_path: Path) -> None:
    r = subprocess.run([sys.executable, str(ROOT / "docs" / "build_api.py"), str(tmp_path)],
                       cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    assert r.stderr == "" and "API reference written to" in r.stdout
    pages = sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*.html"))
    assert pages == ["index.html", "notation.html", "verifier.html", "verifier/api.html",
                     "verifier/diagnostics.html", "verifier/render.html",
                     "verifier/rulebook.html"]
    top = (tmp_path / "verifier.html").read_text(encoding="utf-8")
    for name in ("legal_moves", "from_game", "IllegalMoveError", "ScoredEvent",
                 "TileNotInHandError", "InputError", "SettingsError"):
        assert name in top  # the lazy exports are documented, Board's methods with it
    api = (tmp_path / "verifier" / "api.html").read_text(encoding="utf-8")
    for name in ("check_report", "convert_file", "audit_engine", "format_files", "plan"):
        assert name in api
    notation = (tmp_path / "notation.html").read_text(encoding="utf-8")
    for name in ("parse_games", "print_games", "Placement", "PRESETS"):
        assert name in notation


def test_the_readme_names_the_command() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "python docs/build_api.py" in readme
