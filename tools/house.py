"""Figures of the house: what a restructuring is measured by.

    python tools/house.py                      # every figure below, as text
    python tools/house.py --json               # the same as one JSON document
    python tools/house.py --trace check FILE   # one command's calls, package by package

The figures: modules and lines per package (``notation``, ``verifier`` and
each folder under them); the public surface (the names of ``verifier.api``,
``verifier`` and ``notation``); the imports written inside functions; the
project's modules that ``ftn check`` of one game loads; and, for a command,
the project's functions it calls in the order of their first calls
(``sys.setprofile``), with the number of times that path leaves a package
and comes back to it later (a package left for another and entered again
counts once a return).

Boundary: a tool for people (and the notes of a restructuring); it reads the
sources and runs ``ftn`` in a child process; it changes nothing.
"""

from __future__ import annotations

import argparse
import ast
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("notation", "verifier")
ONE_GAME = ROOT / "samples" / "valid" / "two-players-r8-3.ftn"


def package_of(path: Path) -> str:
    """The package a source file belongs to: its folder, dotted."""
    return ".".join(path.relative_to(ROOT).parent.parts)


def sizes() -> dict[str, tuple[int, int]]:
    """Modules and lines of each package (its own files, not its folders')."""
    out: dict[str, list[int]] = {}
    for top in PACKAGES:
        for p in sorted((ROOT / top).rglob("*.py")):
            entry = out.setdefault(package_of(p), [0, 0])
            entry[0] += 1
            entry[1] += len(p.read_text(encoding="utf-8").splitlines())
    return {k: (v[0], v[1]) for k, v in sorted(out.items())}


def inner_imports() -> dict[str, int]:
    """Imports written inside a function, per package."""
    out: Counter[str] = Counter()
    for top in PACKAGES:
        for p in (ROOT / top).rglob("*.py"):
            tree = ast.parse(p.read_text(encoding="utf-8"))
            for f in ast.walk(tree):
                if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    out[package_of(p)] += sum(isinstance(n, (ast.Import, ast.ImportFrom))
                                              for n in ast.walk(f))
    return dict(sorted((k, v) for k, v in out.items() if v))


_SURFACE = """
import json, importlib
out = {}
for name in ("verifier.api", "verifier", "notation"):
    m = importlib.import_module(name)
    out[name] = sorted(getattr(m, "__all__", [n for n in vars(m) if not n.startswith("_")]))
print(json.dumps(out))
"""


def surface() -> dict[str, list[str]]:
    """The public names: each module's ``__all__``."""
    run = subprocess.run([sys.executable, "-c", _SURFACE], capture_output=True, text=True,
                         check=True, cwd=ROOT)
    result: dict[str, list[str]] = json.loads(run.stdout)
    return result


_LOADED = """
import sys
from verifier.cli.app import main
sys.argv = ["ftn", "check", sys.argv[1]]
try:
    main()
except SystemExit:
    pass
mods = sorted(m for m in sys.modules if m.split(".")[0] in ("notation", "verifier"))
sys.stderr.write("\\n".join(mods) + "\\n")
"""


def loaded() -> list[str]:
    """The project's modules that ``ftn check`` of one game loads."""
    run = subprocess.run([sys.executable, "-c", _LOADED, str(ONE_GAME)], capture_output=True,
                         text=True, cwd=ROOT)
    return [m for m in run.stderr.splitlines() if m.split(".")[0] in PACKAGES]


_TRACE = """
import sys, json
from verifier.cli.app import main
calls = []
def prof(frame, event, arg):
    if event == "call":
        mod = frame.f_globals.get("__name__", "")
        if mod.split(".")[0] in ("notation", "verifier"):
            calls.append((mod, frame.f_code.co_qualname))
sys.argv = ["ftn", *json.loads(sys.argv[1])]
sys.setprofile(prof)
try:
    main()
except SystemExit:
    pass
sys.setprofile(None)
sys.stderr.write("\\n" + json.dumps(calls) + "\\n")
"""


def trace(args: list[str]) -> list[tuple[str, str]]:
    """The project's functions ``ftn ARGS`` calls, in order (module, name)."""
    run = subprocess.run([sys.executable, "-c", _TRACE, json.dumps(args)], capture_output=True,
                         text=True, cwd=ROOT)
    last = run.stderr.strip().splitlines()[-1]
    return [(m, f) for m, f in json.loads(last)]


def path_of(calls: list[tuple[str, str]]) -> tuple[list[str], int]:
    """The packages the path goes through, function by function in the
    order of their first calls (a loop's repetitions are not the path's
    shape), each change once (module ``a.b.c`` is in package ``a.b``), and
    how many times it comes back to a package it left."""
    steps: list[str] = []
    for mod, _ in dict.fromkeys(calls):
        pkg = mod.rsplit(".", 1)[0] if mod.count(".") > 0 else mod
        if not steps or steps[-1] != pkg:
            steps.append(pkg)
    seen: set[str] = set()
    returns = 0
    for i, pkg in enumerate(steps):
        if pkg in seen and steps[i - 1] != pkg:
            returns += 1
        seen.add(pkg)
    return steps, returns


def first_calls(calls: list[tuple[str, str]]) -> list[str]:
    """Each function once, in the order of its first call."""
    seen: dict[str, None] = {}
    for mod, f in calls:
        seen.setdefault(f"{mod}.{f}", None)
    return list(seen)


def report() -> dict[str, object]:
    return {"sizes": sizes(), "inner_imports": inner_imports(), "surface": surface(),
            "one_game_check_loads": loaded()}


def print_text(doc: dict[str, object]) -> None:
    sz = doc["sizes"]
    assert isinstance(sz, dict)
    print("package                      modules  lines")
    for k, (m, n) in sz.items():
        print(f"{k:<28} {m:>7} {n:>6}")
    print(f"{'all':<28} {sum(m for m, _ in sz.values()):>7} {sum(n for _, n in sz.values()):>6}")
    inner = doc["inner_imports"]
    assert isinstance(inner, dict)
    print(f"\nimports inside functions: {sum(inner.values())}  {inner}")
    names = doc["surface"]
    assert isinstance(names, dict)
    for k, v in names.items():
        print(f"\n{k}: {len(v)} names\n  {' '.join(v)}")
    mods = doc["one_game_check_loads"]
    assert isinstance(mods, list)
    print(f"\nftn check of one game loads {len(mods)} modules of the project")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--trace", nargs=argparse.REMAINDER, help="a command's arguments")
    a = ap.parse_args()
    if a.trace:
        calls = trace(a.trace)
        steps, returns = path_of(calls)
        print(f"ftn {' '.join(a.trace)}: {len(calls)} calls of {len(first_calls(calls))} "
              f"functions; packages in order: {' > '.join(steps)}")
        print(f"package changes: {len(steps) - 1}; returns to a package left: {returns}")
        for f in first_calls(calls):
            print("  " + f)
        return
    doc = report()
    if a.json:
        print(json.dumps(doc, indent=1))
    else:
        print_text(doc)


if __name__ == "__main__":
    main()
