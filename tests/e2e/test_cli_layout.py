"""The command line and the language server call the public library: every
module of ``verifier/cli/`` imports (at its top, in its functions, for type
checking alike) only ``verifier.api`` and its modules (``verifier.api.findings``:
the module of the job a command runs), the package ``verifier`` itself (its
lazy public names: ``Board``, the typed errors...), the ``render`` family
(presentation), the registries ``verifier.diagnostics`` and
``verifier.rulebook``, ``notation``'s public names, its own modules, the
few names it takes from where they live (``OWNED``: the registries whose
names it offers as choices, how it shows text, a file written whole, the
one "did you mean", the context a renderer gets; the library does not name
them again for it), and
libraries outside the project; ``ftn server`` alone starts
``verifier.lsp.server``, the language server (a program above ``api``, as
the command line is). Every module of ``verifier/lsp/`` imports the same,
without the ``render`` family, with its own modules instead of the command
line's, and of ``OWNED`` only how text is shown on one line (and pygls,
lsprotocol, cattrs)."""

from __future__ import annotations

import ast
from pathlib import Path

from support.paths import ROOT

ALLOWED = ("verifier.api", "verifier.render", "verifier.diagnostics", "verifier.rulebook",
           "verifier.cli")
#: What the language server may import of the project besides the public names.
LSP = ("verifier.api", "verifier.diagnostics", "verifier.rulebook", "verifier.lsp")
#: What the command line takes from the modules that hold it, by name.
OWNED = {
    "verifier.files.formats": {"NOTATIONS", "RECORD_FILES"},
    "verifier.files.published": {"SCHEMAS"},
    "verifier.data.report": {"STATS_FORMATS"},
    "verifier.data.export": {"TABLE_FORMATS"},
    "verifier.league.report": {"STANDINGS_FORMATS"},
    "verifier.league.standings": {"KINDS"},
    "verifier.pipeline.jobs.audit": {"RESYNC"},
    "verifier.rules.generate": {"HIDE_MODES"},
    "verifier.files.escaping": {"escape_controls", "escape_lines"},
    "verifier.files.outputs": {"write_atomic"},
    "notation.hints": {"aside"},
    "verifier.pipeline.results": {"Context"},  # what a renderer gets besides the findings
}
#: What the language server takes so.
LSP_OWNED = {"verifier.files.escaping": {"escape_controls"}}
#: The one import of another program: ``ftn server`` runs the language server.
SERVER = ("verifier/cli/server.py", "verifier.lsp.server")


def imports(path: Path) -> list[tuple[str, list[str]]]:
    """Each ``import`` and ``from ... import`` of a module, anywhere in it:
    the module named, and the names taken from it."""
    found: list[tuple[str, list[str]]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found += [(a.name, []) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, f"{path}: a relative import"
            found.append((node.module or "", [a.name for a in node.names]))
    return found


def refused(module: str, names: list[str], allowed: tuple[str, ...] = ALLOWED,
            owned: dict[str, set[str]] | None = None) -> bool:
    """Whether an import reaches past the public library (and the modules
    ``allowed`` besides it, and the names ``owned`` of their modules)."""
    owned = OWNED if owned is None else owned
    if module.split(".")[0] not in ("verifier", "notation"):
        return False  # the standard library, Typer...
    if module in ("verifier", "notation"):  # the packages' public names, or allowed modules
        public = set(__import__(module).__all__)
        return any(n not in public and refused(f"{module}.{n}", [], allowed, owned)
                   for n in names)
    if module in owned and names and set(names) <= owned[module]:
        return False
    return not any(module == a or module.startswith(a + ".") for a in allowed)


def test_the_command_line_imports_only_the_public_library() -> None:
    found = []
    for path in sorted((ROOT / "verifier" / "cli").glob("*.py")):
        where = str(path.relative_to(ROOT))
        for module, names in imports(path):
            if refused(module, names) and (where, module) != SERVER:
                found.append(f"{where}: {module} {names}")
    assert found == []


def test_the_language_server_imports_only_the_public_library() -> None:
    paths = sorted((ROOT / "verifier" / "lsp").glob("*.py"))
    assert len(paths) >= 6  # __init__, document, features, framing, server, text, wire
    found = []
    for path in paths:
        where = str(path.relative_to(ROOT))
        found += [f"{where}: {module} {names}" for module, names in imports(path)
                  if refused(module, names, LSP, LSP_OWNED)]
    assert found == []


def test_the_check_of_imports_refuses_what_it_should() -> None:
    assert refused("verifier.pipeline.plan", ["plan"])
    assert refused("verifier.files.escaping", ["escape_lines", "plain"])
    assert not refused("verifier.files.escaping", ["escape_lines"])
    assert refused("verifier.files.formats", ["read"]) and refused("notation.hints", ["close"])
    assert refused("verifier.files.escaping", ["escape_lines"], LSP, LSP_OWNED)
    assert not refused("verifier.files.escaping", ["escape_controls"], LSP, LSP_OWNED)
    assert refused("verifier", ["plain"]) and refused("notation", ["model"])
    assert refused("notation.ftn.reader", ["parse"]) and refused("verifier.lsp.server", ["run"])
    assert not refused("verifier", ["api", "InputError"]) and not refused("notation", ["OPTIONS"])
    assert not refused("verifier", ["diagnostics", "rulebook"])
    assert not refused("verifier.render.text", ["source_line"])
    assert not refused("verifier.cli.console", ["err"]) and not refused("typer", [])
    # the language server's: no renderer, no command line; its own modules
    assert refused("verifier.render.text", ["source_line"], LSP, LSP_OWNED)
    assert refused("verifier.cli.console", ["err"], LSP, LSP_OWNED)
    assert refused("verifier.files.pieces", ["Piece"], LSP, LSP_OWNED)
    assert refused("notation.ftn.grammar", ["line_regex"], LSP, LSP_OWNED)
    assert not refused("verifier.lsp.document", ["Document"], LSP, LSP_OWNED)
    assert not refused("verifier", ["api", "Piece", "Settings", "rulebook"], LSP, LSP_OWNED)
    # the library's modules, for both
    assert not refused("verifier.api.findings", ["check_report"])
    assert not refused("verifier.api.editor", ["trace"], LSP, LSP_OWNED)
    assert refused("verifier.apiary", ["x"]) and refused("verifier.pipeline.jobs.check", ["x"])
    assert not refused("pygls.lsp.server", ["LanguageServer"], LSP, LSP_OWNED)
