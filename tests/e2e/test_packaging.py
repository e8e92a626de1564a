"""The package a user installs: its metadata and files, the wheel built from a
clean checkout (installed in a fresh venv, used from another directory), the
sdist (samples and tests included), and the pre-commit hooks."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tarfile
import venv
import zipfile
from pathlib import Path

import pytest
from support.ftn import Ftn

tomllib = pytest.importorskip("tomllib" if sys.version_info >= (3, 11) else "tomli")

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_metadata() -> None:
    project = PYPROJECT["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    assert PYPROJECT["build-system"]["requires"] == ["setuptools>=77"]
    assert any(c.startswith("Programming Language :: Python :: 3.10") for c in
               project["classifiers"])
    assert {"Homepage", "Rule book", "Changelog", "Issues"} <= set(project["urls"])
    data = PYPROJECT["tool"]["setuptools"]["package-data"]["verifier"]
    assert {"PROTOCOL.md", "RULES.md", "py.typed"} <= set(data)
    assert project["entry-points"]["pygments.lexers"] == {"ftn": "notation.ftn.lexer:FTNLexer"}
    assert "slow" in " ".join(PYPROJECT["tool"]["pytest"]["ini_options"]["markers"])
    from notation.ftn.lexer import FTNLexer
    from verifier import rulebook

    assert project["urls"]["Homepage"] == rulebook.PROJECT_URL  # one home, named alike
    assert project["urls"]["Rule book"] == rulebook.RULEBOOK_URL
    assert FTNLexer.url.startswith(rulebook.PROJECT_URL)
    license_text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert license_text.startswith("MIT License\n\nCopyright (c) 2026 the FTN tools authors\n")


def test_changelog_starts_at_this_version() -> None:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    version = PYPROJECT["project"]["version"]
    heads = re.findall(r"^## \[([^\]]+)\]", text, re.M)
    assert heads == ["Unreleased", version]
    assert "keepachangelog.com" in text


def test_manifest_puts_what_the_tests_read_in_the_sdist() -> None:
    manifest = (ROOT / "MANIFEST.in").read_text(encoding="utf-8").split("\n")
    for folder in ("samples", "tests", "tools", "benchmarks", "docs", "schemas"):
        assert f"graft {folder}" in manifest


def test_pre_commit_hooks(ftn: Ftn) -> None:
    text = (ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
    hooks = re.findall(r"^- id: (\S+)\n((?:  .*\n)+)", text, re.M)
    assert [h for h, _ in hooks] == ["ftn-check", "ftn-fmt"]
    for _, body in hooks:
        fields = dict(re.findall(r"^  (\w+): (.*)$", body, re.M))
        assert fields["language"] == "python"
        assert fields["files"] == r"\.(ftn|jsonl?)$"
        command = fields["entry"].split()
        assert command[0] == "ftn"
        # the entry runs as pre-commit runs it: with the staged files at the end
        sample = str(ROOT / "samples" / "valid" / "three-players.ftn")
        r = ftn([*command[1:], sample])
        assert r.returncode == 0, r.stdout
    pattern = re.compile(r"\.(ftn|jsonl?)$")
    assert [n for n in ("a.ftn", "b.json", "c.jsonl", "d.txt", "e.jsonx") if pattern.search(n)] \
        == ["a.ftn", "b.json", "c.jsonl"]


# -- built and installed (slow: a wheel, a venv, an sdist) ----------------------------------


def _clean_copy(dest: Path) -> Path:
    """The files git tracks (or, outside git, the tree without build output)."""
    try:
        files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                               check=True).stdout.decode().split("\0")
    except (OSError, subprocess.CalledProcessError):  # pragma: no cover - an sdist
        files = [str(p.relative_to(ROOT)) for p in ROOT.rglob("*") if p.is_file()
                 and not {".venv", "build", "dist", "__pycache__"} & set(p.parts)]
    for name in filter(None, files):
        target = dest / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target)
    return dest


def _pip_install(python: Path, *requirements: str) -> None:
    """Install into the venv of ``python`` with this interpreter's pip."""
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q",
                    *requirements], check=True, capture_output=True, timeout=600)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    base = tmp_path_factory.mktemp("pkg")
    src = _clean_copy(base / "src")
    dist = base / "dist"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dist),
                    str(src)], check=True, capture_output=True, timeout=600)
    (wheel,) = dist.glob("*.whl")
    env_dir = base / "venv"
    venv.create(env_dir, with_pip=False)  # this pip installs into it: no second pip to set up
    bindir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    py = bindir / "python"
    _pip_install(py, str(wheel), "setuptools>=77")
    work = base / "elsewhere"
    shutil.copytree(ROOT / "samples", work / "samples")
    return {"wheel": wheel, "ftn": bindir / "ftn", "python": py, "src": src, "work": work,
            "dist": dist}


def _ftn(installed: dict[str, Path], *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "NO_COLOR")}
    return subprocess.run([str(installed["ftn"]), *args], cwd=installed["work"], env=env,
                          capture_output=True, text=True, timeout=300, check=False)


@pytest.mark.slow
def test_wheel_holds_what_ftn_reads(installed: dict[str, Path]) -> None:
    names = zipfile.ZipFile(installed["wheel"]).namelist()
    for needed in ("verifier/RULES.md", "verifier/PROTOCOL.md", "notation/SPEC.md",
                   "notation/ftn/ftn.lark", "verifier/py.typed", "verifier/render/sarif.py",
                   "notation/ftn/lexer.py"):
        assert needed in names, needed
    inits = [*ROOT.glob("notation/**/__init__.py"), *ROOT.glob("verifier/**/__init__.py")]
    for init in sorted(inits):
        assert init.relative_to(ROOT).as_posix() in names, init  # every subpackage
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    meta = next(n for n in names if n.endswith(".dist-info/METADATA"))
    text = zipfile.ZipFile(installed["wheel"]).read(meta).decode()
    assert "License-Expression: MIT" in text and "Project-URL: Rule book, " in text


@pytest.mark.slow
def test_installed_wheel_runs_from_another_directory(installed: dict[str, Path]) -> None:
    r = _ftn(installed, "check", "samples/valid")
    assert r.returncode == 0 and r.stdout.endswith(": 0 errors, 0 warnings\n"), r.stderr
    r = _ftn(installed, "rules", "R8.2")
    assert r.returncode == 0 and r.stdout.startswith(
        "R8.2 An event is accepted only when it leaves its side at 61 or below.")
    r = _ftn(installed, "explain", "FT304")
    assert r.returncode == 0 and "  R8.2 An event is accepted only when" in r.stdout
    r = _ftn(installed, "--version")
    assert r.stdout == f"ftn {PYPROJECT['project']['version']}\n"
    r = _ftn(installed, "check", "samples/invalid/total-mismatch.ftn", "-f", "sarif")
    assert r.returncode == 1 and '"ruleId": "FT303"' in r.stdout
    assert not (installed["work"] / "verifier").exists()  # nothing but the wheel to read


@pytest.mark.slow
def test_sdist_has_the_samples_and_its_tests_pass(installed: dict[str, Path]) -> None:
    out = installed["dist"]
    subprocess.run(
        [str(installed["python"]), "-c",
         f"from setuptools import build_meta; build_meta.build_sdist({str(out)!r})"],
        cwd=installed["src"], check=True, capture_output=True, timeout=600,
    )
    (sdist,) = out.glob("*.tar.gz")
    with tarfile.open(sdist) as tar:
        names = tar.getnames()
        top = names[0].split("/")[0]
        for needed in ("samples/valid/four-players.ftn", "tests/unit/api/test_rulebook.py",
                       "docs/rules.md", "verifier/RULES.md", "mkdocs.yml", "LICENSE",
                       "CHANGELOG.md",
                       "tests/fixtures/sarif-schema-2.1.0.json", ".pre-commit-hooks.yaml"):
            assert f"{top}/{needed}" in names, needed
        if sys.version_info >= (3, 12):
            tar.extractall(out, filter="data")
        else:  # pragma: no cover - the filter came with 3.12
            tar.extractall(out)
    _pip_install(installed["python"], "pytest")
    r = subprocess.run(
        [str(installed["python"]), "-m", "pytest", "-q", "-p", "no:cacheprovider",
         "tests/e2e/test_samples.py", "tests/unit/api/test_rulebook.py",
         "tests/e2e/test_docs.py"],
        cwd=out / top, capture_output=True, text=True, timeout=600, check=False,
    )
    assert r.returncode == 0, r.stdout[-3000:]
