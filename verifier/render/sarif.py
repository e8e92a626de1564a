"""``--format sarif``: SARIF 2.1.0, the format GitHub code scanning and most CI
dashboards read.

Boundary: one run; ``tool.driver`` names ftn, its version and home, and lists
the rules of the registry (each with its summary, why it matters, the text of
the rule-book rules it cites, and a link into the rule book); an audit adds
its own defect classes. Each finding is a result with its rule, level,
message and physical location (file, line, column); for a JSON input the JSON
Pointer is the logical location. Written at the end, never coloured.
"""

from __future__ import annotations

from pathlib import PurePath
from typing import Any
from urllib.parse import quote

from notation.json.encoding import indented
from verifier import rulebook
from verifier.audit.defects import DEFECTS
from verifier.diagnostics import ERROR, NOTE, REGISTRY, Code, Diagnostic
from verifier.files.escaping import escape_controls
from verifier.pipeline.results import Summary
from verifier.render.base import Renderer

SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"
#: What a finding cites when it is not a rule of the game: the notation, the protocol.
_OTHER_DOCS = {
    "FTN": f"{rulebook.PROJECT_URL}/blob/main/notation/SPEC.md",
    "protocol": f"{rulebook.PROJECT_URL}/blob/main/verifier/PROTOCOL.md",
}

#: A severity as SARIF names its level.
_LEVEL = {ERROR: "error", NOTE: "note"}


def tool_version() -> str:
    """The installed version of the package (``0+unknown`` when not installed)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("ftn-tools")
    except PackageNotFoundError:  # pragma: no cover - run from a bare checkout
        return "0+unknown"


def _descriptor(rule_id: str, name: str, severity: str, citation: str, short: str,
                why: str) -> dict[str, Any]:
    book = rulebook.cited_text(citation)
    help_text = f"{short} {why}".strip()
    if book:
        help_text += f"\n\nThe rule book ({citation}):\n\n{book}"
    first = rulebook.expand(citation)
    return {
        "id": rule_id,
        "name": name,
        "shortDescription": {"text": short},
        "fullDescription": {"text": f"{short} {why}".strip()},
        "help": {"text": help_text},
        "helpUri": rulebook.anchor(first[0]) if first else _OTHER_DOCS.get(
            citation, rulebook.RULEBOOK_URL),
        "defaultConfiguration": {"level": _LEVEL.get(severity, "warning")},
        "properties": {"rule": citation},
    }


def registry_descriptor(c: Code) -> dict[str, Any]:
    return _descriptor(c.code, c.name, c.severity, c.rule, c.summary, c.why)


def artifact_uri(source: str) -> str:
    """A file name as a URI reference: relative paths stay relative."""
    path = PurePath(source)
    if path.is_absolute():
        return "file://" + quote(path.as_posix())
    return quote(path.as_posix())


def result(d: Diagnostic, index: int) -> dict[str, Any]:
    """One finding as a SARIF result."""
    physical: dict[str, Any] = {"artifactLocation": {"uri": artifact_uri(d.source)}}
    if d.line >= 1:
        physical["region"] = {"startLine": d.line, "startColumn": max(1, d.col)}
    location: dict[str, Any] = {"physicalLocation": physical}
    if d.pointer is not None:
        location["logicalLocations"] = [{"fullyQualifiedName": d.pointer}]
    props: dict[str, Any] = {"name": d.name, "rule": d.rule, "game": d.game}
    for key in ("round", "event", "claimed", "computed"):
        value = getattr(d, key)
        if value is not None:
            props[key] = value
    return {
        "ruleId": d.code,
        "ruleIndex": index,
        "level": _LEVEL.get(d.severity, "warning"),
        "message": {"text": escape_controls(d.message)},
        "locations": [location],
        "properties": props,
    }


def log(findings: list[Diagnostic], rules: list[dict[str, Any]], ok: bool) -> dict[str, Any]:
    """The SARIF log of one run."""
    index = {r["id"]: i for i, r in enumerate(rules)}
    return {
        "$schema": SCHEMA_URI,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "ftn",
                "fullName": "FTN tools (ftn-tools)",
                "version": tool_version(),
                "informationUri": rulebook.PROJECT_URL,
                "rules": rules,
            }},
            "invocations": [{"executionSuccessful": True, "exitCode": 0 if ok else 1}],
            "columnKind": "unicodeCodePoints",
            "results": [result(d, index[d.code]) for d in findings],
        }],
    }


class SarifRenderer(Renderer):
    """Keeps the findings; writes the log at the end."""

    def finish(self, summary: Summary) -> None:
        rules = [registry_descriptor(c) for c in REGISTRY]
        known = {r["id"] for r in rules}
        for name, (citation, what) in DEFECTS.items():  # an audit's own classes
            if name not in known and any(d.code == name for d in self.findings):
                rules.append(_descriptor(name, name, ERROR, citation, what[:1].upper()
                                         + what[1:] + ".", "A defect class of ftn audit."))
                known.add(name)
        doc = log(self.findings, rules, summary.errors == 0)
        self.out.write(indented(doc) + "\n")
