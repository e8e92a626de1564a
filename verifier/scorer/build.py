"""``ftn scorer build``: the scorer's site written to a folder that any
static host serves.

Boundary: the build only. It takes the web sources of ``site/``, Pyodide's
files from its npm package (``npm ci`` of ``npm/package.json`` and its lock
file, integrity hashes checked by npm, into a cache kept by the lock's
hash), the project's wheel built from the checkout (``pip wheel``) and the
pure wheels that the recording path imports beyond the standard library
(lark, mypy_extensions: ``pip download``, cached), and writes them with
``site.json`` (the set-up's choices, the wheels, the build's name; written
into ``index.html`` too, so that the first screen needs no other fetch) and
``sw.js`` (the service worker, its cache named for Pyodide's version and a
hash of the files) into one flat folder, all of them or none
(``files.folder.FileSet``). ``BuildError`` says what is missing (Node and
npm, the checkout, the network the first time).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

from notation.options import PRESET_TEXT, PRESETS
from verifier.files.folder import FileSet
from verifier.rules.generate import seat_names

HERE = Path(__file__).resolve().parent
SOURCES = ("index.html", "app.js", "style.css", "worker.js", "engine.py",
           "manifest.webmanifest", "icon.svg", "icon-192.png", "icon-512.png")
#: Pyodide's files that the engine loads (of its npm package).
PYODIDE = ("pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip",
           "pyodide-lock.json")
#: The pure wheels the recording path imports besides the project's.
PURE = ("lark", "mypy_extensions")


class BuildError(Exception):
    """The site cannot be built; the message says why and what to do."""


@dataclass
class Site:
    """What a build wrote: the folder, each file's size and gzip size."""

    folder: Path
    sizes: dict[str, tuple[int, int]]
    cache: str

    def weight(self) -> tuple[int, int, int]:
        """Files, bytes, bytes compressed (gzip -9)."""
        return (len(self.sizes), sum(s for s, _ in self.sizes.values()),
                sum(z for _, z in self.sizes.values()))


def cache_dir() -> Path:
    """Where npm's install and the downloaded wheels are kept between builds."""
    base = os.environ.get("FTN_SCORER_CACHE")
    if base:
        return Path(base)
    xdg = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(xdg) / "ftn" / "scorer"


def checkout() -> Path:
    """The project's checkout: the one this package runs from, else the
    current folder when it is one."""
    for root in (HERE.parents[1], Path.cwd()):
        if (root / "pyproject.toml").is_file() and (root / "verifier" / "scorer").is_dir():
            return root
    raise BuildError("ftn scorer build makes the project's wheel from its checkout: run it in "
                     "the checkout's top folder (or from an install of it: pip install -e .)")


def _run(cmd: list[str], what: str, cwd: Path | None = None) -> None:
    try:
        done = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, check=False)
    except FileNotFoundError:
        raise BuildError(f"{what}: {cmd[0]} is not installed (the build needs Node 18 or "
                         "later and npm)") from None
    if done.returncode != 0:
        tail = "\n".join((done.stderr or done.stdout).strip().splitlines()[-8:])
        raise BuildError(f"{what} failed ({' '.join(cmd[:3])} ...):\n{tail}")


def pyodide_dir(cache: Path) -> Path:
    """Pyodide's npm package installed by ``npm ci`` from the lock file (kept
    in the cache under the lock's hash)."""
    lock = (HERE / "npm" / "package-lock.json").read_bytes()
    home = cache / ("npm-" + hashlib.sha256(lock).hexdigest()[:16])
    found = home / "node_modules" / "pyodide"
    if (found / "package.json").is_file() and all((found / f).is_file() for f in PYODIDE):
        return found
    work = Path(tempfile.mkdtemp(prefix=".npm-", dir=_made(cache)))
    try:
        for name in ("package.json", "package-lock.json"):
            shutil.copyfile(HERE / "npm" / name, work / name)
        _run(["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund"], "npm ci", work)
        shutil.rmtree(home, ignore_errors=True)
        try:
            os.replace(work, home)
        except OSError:  # another build put it there meanwhile
            if not (found / "package.json").is_file():
                raise
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return found


def _made(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def wheels(cache: Path, work: Path) -> list[Path]:
    """The project's wheel built from the checkout (in ``work``), then the
    pure wheels it needs, at the versions installed here."""
    source = _copy(checkout(), work / "src")
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(work),
          str(source)], "pip wheel (the project's wheel)")
    (own,) = work.glob("ftn_tools-*.whl")
    return [own, *(pure_wheel(name, cache) for name in PURE)]


#: What the wheel is built from (pyproject.toml's packages and data).
PACKAGE_FILES = ("pyproject.toml", "setup.py", "README.md", "LICENSE", "MANIFEST.in")


def _copy(root: Path, to: Path) -> Path:
    """The files the wheel is built from, copied: a build writes its own
    folders (build/, *.egg-info) into the copy, never into the checkout,
    and no file left there by an older build gets into the wheel."""
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", "*.so", "*.egg-info")
    for name in ("notation", "verifier"):
        shutil.copytree(root / name, to / name, ignore=skip)
    for name in PACKAGE_FILES:
        if (root / name).is_file():
            shutil.copyfile(root / name, to / name)
    return to


def pure_wheel(name: str, cache: Path) -> Path:
    """The pure wheel of the distribution ``name`` at the version installed
    here (``pip download``, kept in the cache)."""
    store = _made(cache / "wheels")
    version = metadata.version(name)
    stem = f"{name.replace('-', '_')}-{version}-"
    have = sorted(store.glob(stem + "*-none-any.whl"))
    if not have:
        pin = f"{name}=={version}"
        _run([sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
              "-q", "-d", str(store), pin], f"pip download {pin}")
        have = sorted(store.glob(stem + "*-none-any.whl"))
        if not have:
            raise BuildError(f"pip download {pin} gave no pure wheel")
    return have[0]


def setup_data() -> dict[str, object]:
    """The set-up screen's choices, from the rules' own tables."""
    return {
        "presets": {name: {"text": PRESET_TEXT.get(name, name), "lot": o.get("opener") == "lot",
                           "target": o.get("target")} for name, o in PRESETS.items()},
        "seats": {str(n): list(seat_names(n)) for n in (2, 3, 4)},
    }


def collect(cache: Path, work: Path) -> dict[str, bytes]:
    """Every file of the site but ``sw.js`` and ``site.json``, by name."""
    files = {name: (HERE / "site" / name).read_bytes() for name in SOURCES}
    engine = pyodide_dir(cache)
    for name in PYODIDE:
        files[name] = (engine / name).read_bytes()
    for wheel in wheels(cache, work):
        files[wheel.name] = wheel.read_bytes()
    return files


def build(out: Path, say: Callable[[str], None] = print) -> Site:
    """The site written to ``out``."""
    cache = cache_dir()
    with tempfile.TemporaryDirectory(prefix="ftn-scorer-") as tmp:
        files = collect(cache, Path(tmp))
    version = json.loads((pyodide_dir(cache) / "package.json").read_text())["version"]
    digest = hashlib.sha256()
    for name in sorted(files):
        digest.update(name.encode() + b"\0" + hashlib.sha256(files[name]).digest())
    name = f"ftn-scorer-pyodide-{version}-{digest.hexdigest()[:12]}"
    site = {**setup_data(), "build": name, "pyodide": version,
            "wheels": sorted(n for n in files if n.endswith(".whl"))}
    files["site.json"] = json.dumps(site, indent=1).encode()
    inline = json.dumps(site).replace("<", "\\u003c")  # no </script> in it
    files["index.html"] = files["index.html"].replace(
        b"<!--SITE-DATA-->",
        b'<script type="application/json" id="site-data">' + inline.encode() + b"</script>")
    template = (HERE / "site" / "sw.js").read_text(encoding="utf-8")
    listed = json.dumps(["./", *sorted(files)])
    files["sw.js"] = template.replace('"@CACHE@"', json.dumps(name)).replace(
        '["@FILES@"]', listed).encode()
    _write(out, files)
    say(f"ftn scorer: the site is in {out} ({len(files)} files; Pyodide {version})")
    return Site(out, {n: (len(b), len(gzip.compress(b, 9))) for n, b in files.items()}, name)


def _write(out: Path, files: dict[str, bytes]) -> None:
    """All the files into ``out`` at once (or none)."""
    fs = FileSet(out, files)
    try:
        for name, data in files.items():
            fs.open(name).write(data)
    except BaseException:
        fs.abort()
        raise
    fs.commit()
