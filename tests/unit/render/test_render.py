"""Tests of verifier.render: the registry of formats, and that every format
reports the same findings as ``--format json``, for every sample, for
``ftn check`` and ``ftn audit``."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest
from jsonschema.validators import validator_for
from support.ftn import Ftn

from verifier.render import FORMATS
from verifier.render.base import Renderer

ROOT = Path(__file__).resolve().parents[3]
SAMPLES = sorted(
    p for folder in ("valid", "invalid") for p in (ROOT / "samples" / folder).iterdir()
    if p.suffix in (".ftn", ".json", ".jsonl")
)
SARIF_SCHEMA = json.loads(
    (ROOT / "tests" / "fixtures" / "sarif-schema-2.1.0.json").read_text(encoding="utf-8")
)

Finding = tuple[str, str, int, int]  # code, file, line, col


def test_registry() -> None:
    assert list(FORMATS) == ["text", "concise", "json", "jsonl", "github", "sarif", "junit"]
    assert all(issubclass(f.renderer, Renderer) for f in FORMATS.values())


def test_each_format_says_how_a_command_treats_it() -> None:
    # Coloured and closed by the count line: the formats for people; the
    # source lines kept to the end: JUnit's, which writes them all at once.
    assert [f.name for f in FORMATS.values() if f.for_people] == ["text", "concise"]
    assert [f.name for f in FORMATS.values() if f.keeps_lines] == ["junit"]
    assert [f.name for f in FORMATS.values() if f.shows_unknowns] == [
        "text", "concise", "json", "jsonl"]


def _from_json(out: str) -> list[Finding]:
    return [(d["code"], d["file"], d["line"], d["col"]) for d in json.loads(out)["diagnostics"]]


_HEAD = re.compile(r"^(.+):(\d+):(\d+): (\S+) \S+: ")


def _from_lines(out: str) -> list[Finding]:
    found = []
    for line in out.split("\n"):
        m = _HEAD.match(line)
        if m:
            found.append((m.group(4), m.group(1), int(m.group(2)), int(m.group(3))))
    return found


def _from_jsonl(out: str) -> list[Finding]:
    docs = [json.loads(line) for line in out.splitlines()]
    assert docs[-1]["type"] == "summary"
    return [(d["code"], d["file"], d["line"], d["col"]) for d in docs if d["type"] == "diagnostic"]


_GH = re.compile(r"^::(error|warning|notice) file=([^,]*),line=(\d+),col=(\d+),title=(\S+) \S+::")


def _from_github(out: str) -> list[Finding]:
    commands = [line for line in out.split("\n") if line.startswith("::")]
    found = []
    for line in commands:
        m = _GH.match(line)
        assert m, line
        found.append((m.group(5), m.group(2), int(m.group(3)), int(m.group(4))))
    return found


def _from_sarif(out: str) -> list[Finding]:
    doc = json.loads(out)
    validator_for(SARIF_SCHEMA)(SARIF_SCHEMA).validate(doc)
    (run_,) = doc["runs"]
    found = []
    for r in run_["results"]:
        loc = r["locations"][0]["physicalLocation"]
        assert run_["tool"]["driver"]["rules"][r["ruleIndex"]]["id"] == r["ruleId"]
        uri = unquote(loc["artifactLocation"]["uri"])
        found.append((r["ruleId"], uri.removeprefix("file://"),
                      loc["region"]["startLine"], loc["region"]["startColumn"]))
    return found


def _from_junit(out: str) -> list[Finding]:
    root = ET.fromstring(out)
    found = []
    for case in root.iter("testcase"):
        m = re.match(r"^(\S+) \S+ at (\d+):(\d+)$", case.get("name", ""))
        if m:
            found.append((m.group(1), case.get("classname", ""), int(m.group(2)),
                          int(m.group(3))))
    return found


PARSE = {
    "text": _from_lines, "concise": _from_lines, "jsonl": _from_jsonl, "github": _from_github,
    "sarif": _from_sarif, "junit": _from_junit,
}


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_every_format_reports_the_findings_of_json(path: Path, ftn: Ftn) -> None:
    code, out, _ = ftn(["check", str(path), "--format", "json"])
    expected = _from_json(out)
    assert set(PARSE) | {"json"} == set(FORMATS)
    for fmt, parse in PARSE.items():
        fcode, fout, _ = ftn(["check", str(path), "--format", fmt])
        assert fcode == code, fmt
        assert parse(fout) == expected, fmt


def test_all_samples_at_once_and_github_is_one_line_a_finding(ftn: Ftn) -> None:
    paths = [str(p) for p in SAMPLES]
    _, out, _ = ftn(["check", *paths, "--format", "json"])
    doc = json.loads(out)
    expected = _from_json(out)
    invalid = [p for p in SAMPLES if p.parent.name == "invalid"]
    assert len(expected) == len(doc["diagnostics"]) >= len(invalid)  # one or more each
    for fmt, parse in PARSE.items():
        assert parse(ftn(["check", *paths, "--format", fmt])[1]) == expected, fmt
    _, gh, _ = ftn(["check", *paths, "--format", "github"])
    commands = [line for line in gh.split("\n") if line.startswith("::")]
    assert len(commands) == len(expected)
    errors = sum(1 for d in doc["diagnostics"] if d["severity"] == "error")
    assert sum(1 for c in commands if c.startswith("::error file=")) == errors
    assert gh.endswith(f"{doc['summary']['errors']} errors, {doc['summary']['warnings']} "
                       "warnings\n")


def test_sarif_has_the_json_pointer_of_json_input(ftn: Ftn) -> None:
    path = ROOT / "samples" / "invalid" / "schema-violation.jsonl"
    _, out, _ = ftn(["check", str(path), "--format", "sarif"])
    pointers = [d["pointer"] for d in json.loads(ftn(["check", str(path), "-f", "json"])[1])[
        "diagnostics"]]
    results = json.loads(out)["runs"][0]["results"]
    assert [r["locations"][0]["logicalLocations"][0]["fullyQualifiedName"] for r in results] == (
        pointers
    )
    assert pointers[0] == "/rounds/0/events/0/tile"


def _audit_json_count(doc: dict[str, Any]) -> int:
    return sum(len(g["divergences"]) + (g["failure"] is not None)
               for g in doc["failing"]) + len(doc["unreadable"])


@pytest.mark.slow
def test_audit_formats_report_the_same_findings(ftn: Ftn) -> None:
    paths = [str(p) for p in SAMPLES]
    code, out, _ = ftn(["audit", *paths, "--format", "json"])
    n = _audit_json_count(json.loads(out))
    assert code == 1 and n > 20
    _, jsonl, _ = ftn(["audit", *paths, "--format", "jsonl"])
    assert sum(1 for line in jsonl.splitlines() if '"type":"diagnostic"' in line) == n
    _, gh, _ = ftn(["audit", *paths, "--format", "github"])
    assert sum(1 for line in gh.split("\n") if line.startswith("::error ")) == n
    _, sarif, _ = ftn(["audit", *paths, "--format", "sarif"])
    doc = json.loads(sarif)
    validator_for(SARIF_SCHEMA)(SARIF_SCHEMA).validate(doc)
    assert len(doc["runs"][0]["results"]) == n
    _, concise, _ = ftn(["audit", *paths, "--format", "concise"])
    assert len([line for line in concise.split("\n") if line]) == n + 1  # and the summary
    _, junit, _ = ftn(["audit", *paths, "--format", "junit"])
    root = ET.fromstring(junit)
    doc_json = json.loads(out)
    assert root.get("tests") == str(doc_json["games"] + len(doc_json["unreadable"]))
    assert root.get("failures") == str(len(doc_json["failing"]) + len(doc_json["unreadable"]))
