"""Validate JSON documents against the published schemas.

Boundary: schema checks only. Decides whether a document matches a schema,
and describes each violation (JSON Pointer, failing keyword, expected form).
It does not read files and does not replay games.

Two validators of the same draft (2020-12): ``jsonschema`` is the reference
and describes violations; ``jsonschema-rs`` (Rust) decides acceptance, a few
hundred times faster. Tests prove that both accept and reject the same
documents. Where ``jsonschema-rs`` cannot be imported, ``jsonschema`` does
both jobs, and ``FALLBACK_NOTE`` says so (the CLI prints it once on stderr).
``bounded`` is the same acceptance test, refusing as well every number of
more than ``MAX_DIGITS`` digits: the reader's ``Trust`` test. ``jsonschema``
is imported only when it is used (it is slow to load): a check of valid
JSON with ``jsonschema-rs`` never needs it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from notation.json.schema import SEAT_PATTERN
from notation.model import MAX_DIGITS, RESERVED_WORDS
from verifier.files.published import SCHEMAS

if TYPE_CHECKING:  # imported when needed: it is slow to load, and unused on valid input
    import jsonschema

try:  # pragma: no cover - depends on the platform
    import jsonschema_rs

    FAST = True
except ImportError:  # pragma: no cover - depends on the platform
    jsonschema_rs = None  # type: ignore[assignment]
    FAST = False

FALLBACK_NOTE = (
    "ftn: note: the fast JSON Schema validator (jsonschema-rs) is not installed; "
    "checking JSON with the slower reference validator (jsonschema)"
)


@dataclass(frozen=True, slots=True)
class Violation:
    """One way a document breaks its schema."""

    pointer: str  # JSON Pointer to the failing value
    keyword: str  # the schema keyword that failed
    message: str
    expected: str  # the description of the expected form, if the schema gives one


@cache
def reference(name: str) -> jsonschema.Draft202012Validator:
    """The reference validator (``jsonschema``) of a published schema."""
    import jsonschema

    return jsonschema.Draft202012Validator(SCHEMAS[name]())


@cache
def fast(name: str) -> Callable[[Any], bool]:
    """The fastest available acceptance test of a published schema."""
    if jsonschema_rs is not None:
        is_valid: Callable[[Any], bool] = jsonschema_rs.validator_for(SCHEMAS[name]()).is_valid
        return is_valid
    return reference(name).is_valid


#: The largest number of ``MAX_DIGITS`` digits.
LARGEST = 10**MAX_DIGITS - 1
# Keywords whose subschemas are not bounded: a bound there would widen
# what the whole accepts (under "not"), or steer an "if" otherwise.
_UNBOUNDED = frozenset({"if", "not", "oneOf", "const", "enum", "examples", "default"})


def with_bounds(schema: Any) -> Any:
    """A schema that accepts what ``schema`` does, less the documents with a
    number beyond ``LARGEST`` (or below ``-LARGEST``) where it asks for a
    number."""
    if isinstance(schema, list):
        return [with_bounds(s) for s in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: v if k in _UNBOUNDED else with_bounds(v) for k, v in schema.items()}
    types = schema.get("type")
    types = types if isinstance(types, list) else [types]
    if "integer" in types or "number" in types:
        out["maximum"] = min(schema.get("maximum", LARGEST), LARGEST)
        out["minimum"] = max(schema.get("minimum", -LARGEST), -LARGEST)
    return out


# The seat pattern without its look-ahead, for the Rust validator (whose
# "$" is the end of the text): a plain regular expression is checked faster.
_PLAIN_SEAT = {"pattern": "^[A-Za-z][A-Za-z0-9_]*$", "not": {"enum": list(RESERVED_WORDS)}}


def _plain_seats(schema: Any) -> Any:
    """The same schema, with each seat pattern as ``_PLAIN_SEAT``: it takes
    the same strings in ``jsonschema-rs``."""
    if isinstance(schema, list):
        return [_plain_seats(s) for s in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: _plain_seats(v) for k, v in schema.items()}
    if schema.get("pattern") == SEAT_PATTERN and "not" not in schema:
        out.update(_PLAIN_SEAT)
    return out


@cache
def bounded(name: str) -> Callable[[Any], bool]:
    """``fast(name)`` that refuses as well a document with a number of more
    than ``MAX_DIGITS`` digits where the schema asks for a number (and the
    record schema accepts a number nowhere else): no integer in a document
    it passes was written with more digits than the reader allows."""
    schema = with_bounds(SCHEMAS[name]())
    if jsonschema_rs is not None:
        rust = jsonschema_rs.validator_for(_plain_seats(schema))
        is_valid: Callable[[Any], bool] = rust.is_valid
        return is_valid
    import jsonschema

    return jsonschema.Draft202012Validator(schema).is_valid


@cache
def tags_test() -> Callable[[Any], bool]:
    """``bounded("record")``'s test of a record's tags alone (what
    ``notation.json.structs`` leaves to the schema): a list that passes is
    the ``tags`` of a document ``bounded`` passes, when the rest does."""
    record = with_bounds(SCHEMAS["record"]())
    schema = {"$schema": record["$schema"], **record["properties"]["tags"]}
    if jsonschema_rs is not None:
        is_valid: Callable[[Any], bool] = jsonschema_rs.validator_for(_plain_seats(schema)).is_valid
        return is_valid
    import jsonschema

    return jsonschema.Draft202012Validator(schema).is_valid


def _pointer(path: Any) -> str:
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in path)


def violations(name: str, doc: Any, limit: int = 20) -> list[Violation]:
    """How ``doc`` breaks schema ``name`` (empty if it does not), deepest first."""
    out = []
    errors = sorted(
        reference(name).iter_errors(doc), key=lambda e: (-len(e.path), list(map(str, e.path)))
    )
    for e in errors[:limit]:
        # Descend into if/then/else and anyOf to the error that names a field.
        leaf = e
        while leaf.context:
            leaf = max(leaf.context, key=lambda c: len(c.path))
        schema = leaf.schema if isinstance(leaf.schema, dict) else {}
        if leaf.validator == "additionalProperties" and "properties" in schema:
            expected = "only the properties " + ", ".join(schema["properties"])
        else:
            expected = str(schema.get("description", ""))
        out.append(
            Violation(_pointer(leaf.absolute_path), str(leaf.validator), leaf.message, expected)
        )
    return out
