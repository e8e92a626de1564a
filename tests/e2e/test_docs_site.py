"""The manual's site hooks (tools/docs_site.py): each command's reference
made from the ftn app, the table of the commands, a command without its
page found, and the repository's files shown as pages with their links
made to work there; and the site built with ``mkdocs build --strict``, its
API pages and a command's reference read (``.ci/run`` builds it too, from
the extra ``docs`` alone)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import docs_site
import pytest
from support.docs import page
from support.paths import ROOT

from verifier.cli.app import COMMANDS

URL = "https://github.com/ftn-tools/ftn-tools/blob/main/"


def test_a_command_s_reference_is_its_own_help() -> None:
    ref = docs_site.command_page("fmt")
    assert ref.startswith("## Reference\n")
    assert "### `ftn fmt`\n\n```text\nftn fmt [OPTIONS] {PATH...}\n```\n" in ref
    assert "\nPrint records in the canonical form; JSON stays JSON.\n" in ref
    # An argument, a flag with its short form, an option with its value and default.
    assert "\n| `PATH...` (required) |  |  | FTN, JSON or JSON Lines files" in ref
    assert "\n| `--diff`, `-d` |  |  | Show what would change, as a unified diff" in ref
    assert "\n| `--jobs`, `-j` | `N` | `1` | Worker processes (0: one per core)" in ref
    # Markdown's characters are escaped, so that *.ftn is not made italic.
    assert r"searched for \*.ftn, \*.json, \*.jsonl and \*.ndjson" in ref


def test_an_enum_default_and_a_group_s_commands() -> None:
    check = docs_site.command_page("check")
    assert "\n| `--format`, `-f` | `FORMAT` | `text` |" in check
    scorer = docs_site.command_page("scorer")
    assert "\n#### `ftn scorer build`\n" in scorer and "\n#### `ftn scorer serve`\n" in scorer
    assert "| `--port`, `-p` | `PORT` | `8361` |" in scorer


def test_rich_markup_is_shown_as_written() -> None:
    # Help texts escape a bracket for Rich (verifier.cli.params).
    assert docs_site.plain("pip install 'ftn-tools\\[dask]' <x> a|b") == (
        "pip install 'ftn-tools\\[dask\\]' &lt;x&gt; a\\|b")
    assert "(pip install 'ftn-tools\\[dask\\]')" in docs_site.command_page("check")


def test_the_table_of_commands_links_each_page_in_order() -> None:
    rows = docs_site.commands_table().strip().split("\n")[2:]
    assert [r.split("`")[1] for r in rows] == [f"ftn {n}" for n in COMMANDS]
    assert rows[0].startswith("| [`ftn check`](check.md) | Replay every game and report")
    assert docs_site.COMMANDS_TABLE in page("commands/index.md")


def test_a_command_without_its_page_and_a_page_of_no_command() -> None:
    pages = {f"commands/{n}.md" for n in COMMANDS} | {"commands/index.md", "index.md"}
    assert docs_site.missing_pages(pages) == ([], [])
    assert docs_site.missing_pages(pages - {"commands/fill.md"} | {"commands/fil.md"}) == (
        ["fill"], ["fil"])


def test_expand_puts_the_generated_parts_in() -> None:
    fmt = docs_site.expand(page("commands/fmt.md"), "commands/fmt.md")
    assert fmt.startswith(page("commands/fmt.md").rstrip() + "\n\n## Reference\n")
    index = docs_site.expand(page("commands/index.md"), "commands/index.md")
    assert docs_site.COMMANDS_TABLE not in index and "| [`ftn stats`](stats.md) |" in index


@pytest.mark.parametrize(("source", "target", "on", "made"), [
    ("notation/SPEC.md", "ftn/ftn.lark", "spec.md", URL + "notation/ftn/ftn.lark"),
    ("README.md", "docs/scale.md#the-compiled-core", "index.md", "scale.md#the-compiled-core"),
    ("README.md", "verifier/RULES.md", "index.md", "rules.md"),
    ("README.md", "notation/SPEC.md#3-header-tags", "commands/check.md",
     "../spec.md#3-header-tags"),
    ("README.md", "LICENSE", "index.md", URL + "LICENSE"),
    ("README.md", "#quick-start", "index.md", "#quick-start"),
    ("README.md", "https://pre-commit.com", "index.md", "https://pre-commit.com"),
])
def test_a_link_of_an_included_file_works_on_its_page(source: str, target: str, on: str,
                                                      made: str) -> None:
    assert docs_site._link(target, source, on) == made


def test_the_included_files_are_pages_of_one_line_each() -> None:
    for source, name in docs_site.INCLUDED.items():
        assert page(name) == f"<!-- include {source} -->\n", name
    spec = docs_site.expand(page("spec.md"), "spec.md")
    assert spec.startswith("# FTN 1") and f"]({URL}notation/ftn/ftn.lark)" in spec


def test_a_link_to_a_file_not_in_the_repository_is_a_warning(
        caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level("WARNING", logger="mkdocs.plugins.ftn"):
        assert docs_site._link("gone.md", "notation/SPEC.md", "spec.md") == URL + "notation/gone.md"
    assert caplog.messages == ["notation/SPEC.md links to gone.md, which is not in the repository"]


@pytest.mark.slow
def test_the_site_builds_strictly_with_the_api_and_the_command_reference(
        tmp_path: Path) -> None:
    """``mkdocs build --strict``: no warning (a broken link or anchor, a page
    out of the nav, a command without its page, a docstring mkdocstrings
    cannot read); the API pages document the public library, the lazy
    exports of ``verifier`` and ``notation`` included; a command's page
    carries the reference made from the app."""
    site = tmp_path / "site"
    # Not --quiet: it hides the warnings from --strict too (the build passes).
    r = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict",
                        "--site-dir", str(site)], cwd=ROOT, capture_output=True, text=True,
                       timeout=600, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert r.returncode == 0, r.stderr

    def text(name: str) -> str:
        return (site / name / "index.html").read_text(encoding="utf-8")

    top = text("library/verifier")
    for name in ("legal_moves", "from_game", "IllegalMoveError", "ScoredEvent",
                 "TileNotInHandError", "InputError", "SettingsError"):
        assert name in top, name
    api = text("library/api")
    for name in ("check_report", "convert_file", "audit_engine", "format_files", "plan"):
        assert name in api, name
    notation = text("library/notation")
    for name in ("parse_games", "print_games", "Placement", "PRESETS"):
        assert name in notation, name
    fmt = text("commands/fmt")
    assert "ftn fmt [OPTIONS] {PATH...}" in fmt
    assert "Only report files that are not canonical" in fmt
    assert 'href="scale/#the-compiled-core"' in text("")  # the README's link, made to work
