"""The layout of the packages: ``notation`` stands alone, the layers of
``verifier`` hold, names tell modules apart, and no module imports itself
back through others. Modules are cut where their concept
is, not at a count of lines: there is no cap."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib  # type: ignore[import-not-found,no-redef,unused-ignore]

from support.paths import ROOT

PACKAGES = ("notation", "verifier")


def modules() -> dict[str, Path]:
    """Every module of the packages, by dotted name (a package by its own)."""
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def imported(name: str, path: Path) -> set[str]:
    """The absolute names a module imports, anywhere in it (in functions too),
    with relative imports resolved; ``from a import b`` gives ``a`` and
    ``a.b``."""
    is_package = path.name == "__init__.py"
    here = name.split(".") if is_package else name.split(".")[:-1]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here[: len(here) - (node.level - 1)]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            out.add(module)
            out |= {f"{module}.{a.name}" for a in node.names}
    return out


def graph() -> dict[str, set[str]]:
    """Module -> the modules of the packages it imports."""
    mods = modules()
    return {name: {m for m in imported(name, path) if m in mods and m != name}
            for name, path in mods.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The cycles a depth-first search meets, each as a path back to its start."""
    found: list[list[str]] = []
    done: set[str] = set()
    stack: list[str] = []
    on_stack: set[str] = set()

    def visit(node: str) -> None:
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(edges[node]):
            if nxt in on_stack:
                found.append([*stack[stack.index(nxt):], nxt])
            elif nxt not in done:
                visit(nxt)
        stack.pop()
        on_stack.discard(node)
        done.add(node)

    for node in sorted(edges):
        if node not in done:
            visit(node)
    return found


def test_the_import_graph_sees_the_packages() -> None:
    edges = graph()
    assert {"notation", "notation.ftn.reader", "verifier", "verifier.cli"} <= set(edges)
    assert any(m.startswith("notation")
               for m in edges["verifier.cli"] | edges["verifier.files.formats"])


def test_the_cycle_finder_finds_and_reports_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == [["a", "b", "c", "a"]]


def test_notation_never_imports_verifier() -> None:
    for name, path in modules().items():
        if name.split(".")[0] != "notation":
            continue
        bad = sorted(m for m in imported(name, path) if m.split(".")[0] == "verifier")
        assert bad == [], f"{path.relative_to(ROOT)} imports {', '.join(bad)}"


def test_no_import_cycle() -> None:
    found = [" -> ".join(c) for c in cycles(graph())]
    assert found == [], "import cycles:\n" + "\n".join(found)



def test_the_layers_hold() -> None:
    """``lint-imports`` (the contracts of ``pyproject.toml``) passes: no
    package imports from a layer above its own, and ``notation`` never
    imports ``verifier``."""
    script = Path(sys.executable).with_name("lint-imports")
    r = subprocess.run([str(script)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "Contracts: 2 kept, 0 broken." in r.stdout


def _layers() -> list[str]:
    with open(ROOT / "pyproject.toml", "rb") as f:
        config = tomllib.load(f)["tool"]["importlinter"]["contracts"]
    (contract,) = [c for c in config if c["type"] == "layers"]
    return [name.strip() for layer in contract["layers"] for name in layer.split("|")]


def test_every_package_of_verifier_is_in_a_layer() -> None:
    """A new package cannot stand outside the layers: each package of
    ``verifier`` is named in the contract, and at most 8 modules stand at
    the top (the public API, ``__main__``, the registry of diagnostics, the
    rule book and the benchmark)."""
    named = set(_layers())
    packages = {f"verifier.{p.parent.name}" for p in (ROOT / "verifier").glob("*/__init__.py")}
    assert packages - named == set()
    top = sorted(p.name for p in (ROOT / "verifier").glob("*.py"))
    assert len(top) <= 8, top


#: The endings by which two names of one concept differ: ``replay`` and
#: ``replayed``, ``recorder`` and ``recording``, ``rewrite`` and ``rewriting``.
SUFFIXES = ("ing", "ers", "er", "ed", "es", "s", "d", "e")


def stem(name: str) -> str:
    """A module's name without the ending of ``SUFFIXES`` it has, if any."""
    for suffix in SUFFIXES:
        if name.endswith(suffix) and len(name) - len(suffix) >= 3:
            return name[: -len(suffix)]
    return name


def test_stem_tells_the_forms_of_one_word() -> None:
    assert stem("replayed") == stem("replay") and stem("recording") == stem("recorder")
    assert stem("rewriting") == stem("rewrite") and stem("games") == stem("game")
    assert stem("json") != stem("jsonl") and stem("check") != stem("plain")


def test_no_two_modules_differ_only_by_an_ending() -> None:
    """Module (and package) names tell their modules apart: no two are forms
    of one word (the same name in two packages is the same word for one
    concept at two layers, as ``cli.fill`` and ``replay.fill``)."""
    by_stem: dict[str, set[str]] = {}
    for name in modules():
        last = name.rsplit(".", 1)[-1]
        by_stem.setdefault(stem(last), set()).add(last)
    clashes = {s: sorted(names) for s, names in by_stem.items()
               if len(names) > 1 and sorted(names) not in TWO_WORDS}
    assert clashes == {}


#: Names that share a root but not a concept: ``ftn scorer`` (the scorer's
#: app, a command named as the person it serves is named) and
#: ``rules.scoring`` (an event's points).
TWO_WORDS = [["scorer", "scoring"]]


#: A function does one step: more lines than this is more than one.
LONGEST_FUNCTION = 60

#: Benchmark scripts time whole runs and are no part of the library.
NOT_LIBRARY = {"verifier.bench"}


def long_functions(source: str, limit: int = LONGEST_FUNCTION) -> list[tuple[str, int, int]]:
    """The functions and methods of ``source`` over ``limit`` lines, as
    (name, first line, length), nested ones too, decorators not counted."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            assert node.end_lineno is not None
            length = node.end_lineno - node.lineno + 1
            if length > limit:
                found.append((node.name, node.lineno, length))
    return found


def test_long_functions_finds_a_long_function_and_a_nested_one() -> None:
    sixty = "".join(f"    x{i} = {i}\n" for i in range(60))
    short = "def short():\n" + sixty[: -len("    x59 = 59\n")]
    nested = "def outer():\n    def inner():\n" + sixty.replace("    ", "        ")
    # short: lines 1-60, not over; outer: 62 lines from line 61; inner: 61 from 62
    assert long_functions(short + nested) == [("outer", 61, 62), ("inner", 62, 61)]


def test_no_function_is_over_60_lines() -> None:
    """No function or method of the packages is over 60 lines (benchmark
    scripts aside): a longer one is split where its steps are."""
    found = [
        f"{path.relative_to(ROOT)}:{line}: {function} is {length} lines"
        for module, path in modules().items()
        if module not in NOT_LIBRARY
        for function, line, length in long_functions(path.read_text(encoding="utf-8"))
    ]
    assert found == []
