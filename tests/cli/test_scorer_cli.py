"""``ftn scorer``'s command line: what it says when the site cannot be
built or served (the site itself is tested in a browser:
tests/e2e/test_scorer_browser.py)."""

from __future__ import annotations

from pathlib import Path

from support.ftn import run_ftn


def test_serve_refuses_a_folder_that_is_not_a_site(tmp_path: Path) -> None:
    r = run_ftn(["scorer", "serve", str(tmp_path)])
    assert r.returncode == 2
    assert r.stderr.strip() == (f"ftn scorer serve: {tmp_path}: not a site that ftn scorer "
                                "build wrote (no index.html and sw.js): ftn scorer build -o DIR "
                                "makes one")


def test_build_without_npm_says_what_it_needs(tmp_path: Path) -> None:
    env = {"PATH": str(tmp_path / "bin"), "FTN_SCORER_CACHE": str(tmp_path / "cache")}
    r = run_ftn(["scorer", "build", "-o", str(tmp_path / "site")], process=True, env=env)
    assert r.returncode == 2, r.output
    assert r.stderr.strip() == ("ftn scorer build: npm ci: npm is not installed (the build needs "
                                "Node 18 or later and npm)")
    assert not (tmp_path / "site").exists()  # nothing written


def test_scorer_lists_its_commands() -> None:
    r = run_ftn(["scorer", "--help"])
    assert r.returncode == 0 and "build" in r.stdout and "serve" in r.stdout
