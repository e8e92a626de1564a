"""Tests of verifier.api: the README's "From Python" example runs and prints
what the README says; replay documents are valid; input errors are typed."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from support.docs import page
from support.paths import ROOT, SAMPLES, SCHEMA_DIR

import verifier
from verifier import api


def _readme_example() -> tuple[str, str]:
    """The code of the README's "From Python" section and what it says it prints."""
    section = page("library/index.md")
    code, printed = re.findall(r"```(?:python)?\n(.*?)```", section, re.S)[:2]
    return code, printed


def test_the_readme_example_runs_and_prints_what_the_readme_says() -> None:
    code, printed = _readme_example()
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0, r.stderr
    assert r.stdout == printed


def test_check_takes_a_path_or_a_stream_and_gives_typed_diagnostics() -> None:
    path = SAMPLES / "invalid" / "overshoot-accepted.ftn"
    by_path = api.check(path)
    with path.open(encoding="utf-8") as f:
        by_stream = api.check(f)
    assert [d.to_dict() for d in by_path.diagnostics] == [
        d.to_dict() for d in by_stream.diagnostics]
    (d,) = by_path.diagnostics
    assert (d.code, d.line, d.col, d.claimed, d.computed) == ("FT304", 183, 14, "+2+1", "over+2+1")


def test_read_games_streams_ftn_and_reads_json() -> None:
    reads = list(api.read_games(io.StringIO((SAMPLES / "valid" / "four-players.ftn").read_text(
        encoding="utf-8")), name="four.ftn"))
    assert len(reads) == 1 and reads[0].game is not None and reads[0].problems == []
    bad = list(api.read_games(SAMPLES / "invalid" / "syntax-error.jsonl"))
    assert [r.game is None for r in bad] == [True, False] and bad[0].problems
    lines = iter((SAMPLES / "valid" / "two-players-r8-3.ftn").read_text(
        encoding="utf-8").splitlines(keepends=True))
    first = next(api.read_games(lines, name="<stream>"))  # an FTN stream, no suffix
    assert first.game is not None and first.game.rounds[10].number == 11


@pytest.mark.slow
def test_replay_of_every_invalid_sample_is_valid_against_the_replay_schema() -> None:
    # Where a replay stopped is a line and column of 1 or more (never 0:0),
    # a JSON record with an illegal move's too.
    schema = json.loads((SCHEMA_DIR / "replay.schema.json").read_text(encoding="utf-8"))
    checked = 0
    for path in sorted((SAMPLES / "invalid").iterdir()):
        if path.suffix not in (".ftn", ".jsonl", ".json"):
            continue
        doc, errors = api.replay_text(path.read_text(encoding="utf-8"), str(path))
        jsonschema.validate(doc, schema)
        for g in doc["games"]:
            if g["stopped"] is not None:
                assert g["stopped"]["line"] >= 1 and g["stopped"]["col"] >= 1
                checked += 1
        for kind in ("json", "jsonl"):
            text = api.convert(path.read_text(encoding="utf-8"), kind, str(path)) if (
                not errors and path.suffix == ".ftn") else None
            if text is None:
                continue
            twin, _ = api.replay_text(text, f"{path.stem}.{kind}")
            jsonschema.validate(twin, schema)
            for g in twin["games"]:
                if g["stopped"] is not None:
                    assert g["stopped"]["line"] >= 1 and g["stopped"]["pointer"]
    assert checked >= 8


def test_input_errors_are_typed() -> None:
    with pytest.raises(verifier.InputError, match="cannot read"):
        api.check(Path("no/such/file.ftn"))
    with pytest.raises(verifier.InputError, match=r"syntax-error\.ftn:\d+:\d+: FT001"):
        api.convert((SAMPLES / "invalid" / "syntax-error.ftn").read_text(encoding="utf-8"), "json",
                    "syntax-error.ftn")


def test_the_package_loads_the_api_when_first_used() -> None:
    import verifier

    assert verifier.api is api
    with pytest.raises(AttributeError):
        verifier.no_such_thing  # noqa: B018


def test_the_library_page_lists_every_public_name_once_with_the_count() -> None:
    text = page("library/api.md")
    rows = re.findall(r"^\| `(\w+)` \| \S", text, re.M)
    assert sorted(rows) == sorted(api.__all__)  # each name once, no other
    assert f"**{len(api.__all__)} names.**" in text


def _api_modules() -> list[str]:
    """The modules of the package ``verifier.api``, by name."""
    import pkgutil

    return sorted(m.name for m in pkgutil.iter_modules(api.__path__))


def test_every_public_name_is_the_one_its_module_holds_with_every_module_loaded() -> None:
    """A module of the package named as a public name would hide it once
    imported (the import binds the module on the package): with every
    module loaded, each name is still the function or class of its module."""
    import importlib

    modules = _api_modules()
    assert {"findings", "inputs", "editor"} <= set(modules)
    for name in modules:
        importlib.import_module(f"verifier.api.{name}")
    assert sorted(set(modules) & set(api.__all__)) == []
    for name in api.__all__:
        held = getattr(importlib.import_module(f"verifier.api.{api._HOMES[name]}"), name)
        assert getattr(api, name) is held, name


def test_the_door_lists_the_public_names_and_refuses_another() -> None:
    assert dir(api) == sorted(api.__all__) and len(api.__all__) == 56
    with pytest.raises(AttributeError, match="has no attribute 'check_all'"):
        api.check_all  # type: ignore[attr-defined]  # noqa: B018


def test_a_type_checker_finds_every_public_name_in_its_module() -> None:
    """The door's ``TYPE_CHECKING`` block imports each public name from the
    module that holds it, once: what mypy and an editor follow."""
    import ast

    tree = ast.parse((ROOT / "verifier" / "api" / "__init__.py").read_text(encoding="utf-8"))
    block = next(n for n in tree.body if isinstance(n, ast.If)
                 and isinstance(n.test, ast.Name) and n.test.id == "TYPE_CHECKING")
    taken = [(a.name, n.module) for n in block.body if isinstance(n, ast.ImportFrom)
             for a in n.names]
    assert sorted(name for name, _ in taken) == sorted(api.__all__)
    assert all(module == f"verifier.api.{api._HOMES[name]}" for name, module in taken)


def test_the_modules_of_the_library_import_at_their_top() -> None:
    """Inside the package, an import in a function is only for what a run
    may never need: the JSON validator, slow to load."""
    import ast

    found = []
    for path in sorted((ROOT / "verifier" / "api").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        inner = {(n.lineno, ast.unparse(n)) for f in ast.walk(tree)
                 if isinstance(f, ast.FunctionDef) for n in ast.walk(f)
                 if isinstance(n, (ast.Import, ast.ImportFrom))}
        found += [f"{path.name}: {text}" for _, text in sorted(inner)]
    assert found == ["inputs.py: from verifier.files.validation import FALLBACK_NOTE, FAST"]
