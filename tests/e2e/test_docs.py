"""The records shown in README.md, the manual's pages and notation/SPEC.md
say what the docs claim they say, and CI runs the README's test command and
builds the manual."""

from __future__ import annotations

import re
from pathlib import Path

from support.paths import ROOT, SAMPLES

from verifier.api import check_text
from verifier.pipeline.jobs.rewrite import format_text


def blocks(path: Path) -> list[str]:
    return re.findall(r"```[a-z]*\n(.*?)```", path.read_text(encoding="utf-8"), re.S)


def test_spec_annotated_example_checks_clean() -> None:
    spec = blocks(ROOT / "notation" / "SPEC.md")
    records = [b for b in spec if b.lstrip().startswith("# Annotated")]
    assert len(records) == 1
    rep = check_text(records[0])
    assert (rep.games, rep.events, rep.diagnostics) == (1, 22, [])
    out, errors = format_text(records[0])
    assert errors == [] and out is not None


def test_readme_short_record_checks_clean_and_is_canonical() -> None:
    """The first record of the README: a whole game (to the target 5, won by
    N at 5-3 on the ninth event, R8.4) that ``ftn check`` finds nothing in
    and ``ftn fmt --check`` leaves as it is."""
    record = next(b for b in blocks(ROOT / "README.md") if b.startswith("game\n"))
    rep = check_text(record)
    assert (rep.games, rep.events, rep.diagnostics) == (1, 9, [])
    assert format_text(record) == (record, [])
    assert record.rstrip().endswith("winner N (5,3)\nend")


def test_readme_says_what_the_first_command_prints() -> None:
    from verifier.api import check_text

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    files = sorted((SAMPLES / "valid").glob("*.ftn"))
    reports = [check_text(p.read_text(encoding="utf-8"), str(p)) for p in files]
    games = sum(r.games for r in reports)
    events = sum(r.events for r in reports)
    assert f"The first prints `{len(files)} files, {games} games, {events} events: 0 errors, " \
        "0 warnings`." in readme


def test_ci_runs_the_readme_test_command() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8").split("\n")
    i = readme.index("# 2. install with the test extra, then run the tests")
    command = readme[i + 1]
    assert "pytest" in command and command.startswith("python3 -m venv .venv")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "awk '/^# 2\\. /{getline; print; exit}' README.md" in ci
    assert 'bash -c "$cmd"' in ci and 'exit "$rc"' in ci


def test_ci_builds_the_manual_strictly() -> None:
    """.ci/run builds the site with --strict (a broken link or anchor, a
    page left out of the nav, a command without its page fail it), from
    the docs extra, and mkdocs.yml asks for nothing at view time: no web font
    (a CDN), no repository facts (GitHub's API)."""
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "pip install -q '.[docs]'" in ci
    (build,) = [line for line in ci.split("\n") if line.startswith('step "docs site"')]
    assert "mkdocs build --strict" in build and "--quiet" not in build  # it hides warnings
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert "\n  font: false\n" in config and "\nstrict: true\n" in config
    assert "\nrepo_url:" not in config  # Material would call GitHub's API on every view
    for key in ("omitted_files", "absolute_links", "unrecognized_links", "anchors"):
        assert f"\n  {key}: warn\n" in config, key


def test_the_json_page_s_example_is_a_valid_unfinished_game() -> None:
    (doc,) = [b for b in blocks(ROOT / "docs" / "json.md") if b.startswith('{"format"')]
    rep = check_text(doc, "readme.jsonl")
    assert [d.name for d in rep.diagnostics] == ["game-unfinished"]
    assert format_text(doc, "readme.jsonl") == (doc, [])


def _spec_section(number: int) -> str:
    spec = (ROOT / "notation" / "SPEC.md").read_text(encoding="utf-8")
    start = spec.index(f"\n## {number}. ")
    end = spec.find("\n## ", start + 1)
    return spec[start:] if end < 0 else spec[start:end]


def test_spec_minimum_record_checks_and_is_canonical() -> None:
    import textwrap

    (block,) = re.findall(r"```\n(.*?)```", _spec_section(12), re.S)
    record = textwrap.dedent(block)
    rep = check_text(record)
    assert [d.name for d in rep.diagnostics] == ["game-unfinished"]
    assert format_text(record) == (record, [])


def test_spec_json_section_names_every_field_of_the_schema() -> None:
    from notation.json.schema import RECORD_SCHEMA

    section = _spec_section(11)
    names: set[str] = set()

    def walk(schema: object) -> None:
        if isinstance(schema, dict):
            names.update(schema.get("properties", {}))
            for sub in schema.values():
                walk(sub)
        elif isinstance(schema, list):
            for sub in schema:
                walk(sub)

    walk(RECORD_SCHEMA)
    # Fields of places (pos) are FTN columns, described in the schema itself.
    missing = sorted(n for n in names - {"line", "col", "endLine"} if f"`{n}`" not in section)
    assert missing == []
