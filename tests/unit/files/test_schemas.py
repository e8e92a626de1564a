"""Tests of the published JSON Schemas (verifier.files.published, notation.json.schema)."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest
from support.paths import SCHEMA_DIR

from verifier.files.published import SCHEMAS, schema_text


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_schema_passes_the_meta_schema(name: str) -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMAS[name]())


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_published_file_is_the_schema(name: str) -> None:
    path = SCHEMA_DIR / f"{name}.schema.json"
    assert path.read_text(encoding="utf-8") == schema_text(name)
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert doc["$id"].endswith(f"/{name}.schema.json")
    assert doc["title"] and doc["description"] and doc["examples"]


def _properties_without_description(schema: Any, path: str = "") -> list[str]:
    missing = []
    if isinstance(schema, dict):
        for key, sub in schema.get("properties", {}).items():
            if not (isinstance(sub, dict) and sub.get("description")):
                missing.append(f"{path}/properties/{key}")
        for key, sub in schema.items():
            missing += _properties_without_description(sub, f"{path}/{key}")
    elif isinstance(schema, list):
        for i, sub in enumerate(schema):
            missing += _properties_without_description(sub, f"{path}/{i}")
    return missing


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_every_property_has_a_description(name: str) -> None:
    assert _properties_without_description(SCHEMAS[name]()) == []


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_examples_are_valid(name: str) -> None:
    schema = SCHEMAS[name]()
    validator = jsonschema.Draft202012Validator(schema)
    for example in schema["examples"]:
        assert list(validator.iter_errors(example)) == []
