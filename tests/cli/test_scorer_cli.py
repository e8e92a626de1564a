"""``ftn scorer``'s command line: what it says when the site cannot be
built or served (the site itself is tested in a browser:
tests/e2e/test_scorer_browser.py)."""

from __future__ import annotations

import re
import subprocess
import urllib.request
from pathlib import Path

from support.ftn import command, run_ftn
from support.paths import ROOT


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


def test_serve_serves_a_site_on_localhost(tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<!doctype html><title>t</title>", encoding="utf-8")
    (site / "sw.js").write_text("// sw", encoding="utf-8")
    (site / "engine.asm.wasm").write_bytes(b"\0asm")
    p = subprocess.Popen(command("scorer", "serve", str(site), "--port", "0"),
                         stdout=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        assert p.stdout is not None
        line = p.stdout.readline()
        found = re.search(r"serving .* at (http://127\.0\.0\.1:\d+/) \(Ctrl-C stops\)", line)
        assert found, line
        url = found.group(1)
        with urllib.request.urlopen(url) as r:
            assert r.read() == b"<!doctype html><title>t</title>"
            assert r.headers["Cache-Control"] == "no-cache"
        with urllib.request.urlopen(url + "engine.asm.wasm") as r:
            assert r.headers["Content-Type"] == "application/wasm"  # as WebAssembly needs
    finally:
        p.terminate()
        p.wait(timeout=60)
        if p.stdout is not None:
            p.stdout.close()
