"""Tests of verifier.render.sarif: a SARIF 2.1.0 log (the schema is the OASIS
one, kept in tests/fixtures)."""

from __future__ import annotations

import io
import json
from pathlib import Path

from jsonschema.validators import validator_for

from verifier import rulebook
from verifier.diagnostics import BY_CODE, REGISTRY, Diagnostic
from verifier.pipeline.results import Context, Summary
from verifier.render.sarif import SarifRenderer, artifact_uri, registry_descriptor, result

ROOT = Path(__file__).resolve().parents[3]
SCHEMA = json.loads((ROOT / "tests" / "fixtures" / "sarif-schema-2.1.0.json").read_text("utf-8"))

D = Diagnostic("FT003", "schema-violation", "error", "keyword minItems", 1, 152, 1,
               source="dir/a b.jsonl", pointer="/rounds/0/events/0/tile")


def test_artifact_uri() -> None:
    assert artifact_uri("dir/a b.jsonl") == "dir/a%20b.jsonl"
    assert artifact_uri("/srv/x.ftn") == "file:///srv/x.ftn"
    assert artifact_uri("<stdin>") == "%3Cstdin%3E"


def test_result() -> None:
    assert result(D, 2) == {
        "ruleId": "FT003", "ruleIndex": 2, "level": "error",
        "message": {"text": "keyword minItems"},
        "locations": [{
            "physicalLocation": {"artifactLocation": {"uri": "dir/a%20b.jsonl"},
                                 "region": {"startLine": 1, "startColumn": 152}},
            "logicalLocations": [{"fullyQualifiedName": "/rounds/0/events/0/tile"}],
        }],
        "properties": {"name": "schema-violation", "rule": "", "game": 1},
    }


def test_rule_descriptor_carries_the_rule_book() -> None:
    desc = registry_descriptor(BY_CODE["FT304"])
    assert desc["shortDescription"]["text"] == BY_CODE["FT304"].summary
    assert desc["helpUri"] == f"{rulebook.RULEBOOK_URL}#r8-the-exact-target-of-61"
    assert "R8.2 An event is accepted only when it leaves its side at 61" in desc["help"]["text"]
    assert desc["defaultConfiguration"] == {"level": "error"}
    assert registry_descriptor(BY_CODE["FT401"])["defaultConfiguration"] == {"level": "warning"}
    assert registry_descriptor(BY_CODE["FT001"])["helpUri"].endswith("/notation/SPEC.md")


def test_log_validates() -> None:
    out = io.StringIO()
    r = SarifRenderer(out, Context())
    r.finding(D)
    r.finish(Summary(1, 1, 0, 1, 0))
    doc = json.loads(out.getvalue())
    validator_for(SCHEMA)(SCHEMA).validate(doc)
    (run,) = doc["runs"]
    driver = run["tool"]["driver"]
    assert driver["name"] == "ftn" and driver["informationUri"] == rulebook.PROJECT_URL
    assert [d["id"] for d in driver["rules"]] == [c.code for c in REGISTRY]
    assert run["results"][0]["ruleIndex"] == 2 and run["invocations"][0]["exitCode"] == 1
