"""The layout of the packages: ``notation`` stands alone, and no module
imports itself back through others. Modules are cut where their concept
is, not at a count of lines: there is no cap."""

from __future__ import annotations

import ast
from pathlib import Path

from paths import ROOT

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
               for m in edges["verifier.cli"] | edges["verifier.pipeline.jobs.check"])


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

