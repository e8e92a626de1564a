"""The published JSON Schemas (draft 2020-12): record, replay, report.

Boundary: data only. ``record`` is the notation's (``notation.json.schema``);
``replay`` is the shape of ``ftn replay --format json``; ``report`` the shape
of ``ftn check --format json``. The files in ``schemas/`` are these, written
out (a test keeps them equal); ``ftn schema NAME`` prints one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from notation.json.encoding import indented_by_json
from notation.json.schema import DRAFT, RECORD_SCHEMA, SCHEMA_BASE, SEAT_PATTERN, SIDE_PATTERN

_INT = {"type": "integer", "minimum": 0}


def _d(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {**schema, "description": description}


_TOTALS = {"type": "array", "items": _INT, "minItems": 1}
_NULLABLE_SEAT = {"type": ["string", "null"], "pattern": SEAT_PATTERN}

_DIAGNOSTIC: dict[str, Any] = {
    "type": "object",
    "description": "One finding at one place of one record.",
    "properties": {
        "code": _d({"type": "string", "pattern": "^FT[0-9]{3}$"}, "The stable code."),
        "name": _d({"type": "string", "pattern": "^[a-z]+(-[a-z]+)*$"}, "The stable name."),
        "severity": _d({"enum": ["error", "warning", "note"]},
                       "error, warning or note (said, never counted as a problem)."),
        "message": _d({"type": "string"}, "What is wrong, with the claimed and computed values."),
        "file": _d({"type": "string"}, "The file (or <stdin>)."),
        "line": _d({"type": "integer", "minimum": 1}, "Line (1-based)."),
        "col": _d({"type": "integer", "minimum": 1}, "Column (1-based, in characters)."),
        "pointer": _d(
            {"type": ["string", "null"]},
            "JSON Pointer to the value, for JSON input; null for FTN.",
        ),
        "game": _d(_INT, "The game's number in its file (0: outside any game)."),
        "round": _d({"type": ["integer", "null"], "minimum": 1}, "The round's number, or null."),
        "event": _d(
            {"type": ["integer", "null"], "minimum": 1},
            "The event's number within its round, or null.",
        ),
        "rule": _d({"type": "string"}, "The rule enforced (RULES.md ids), or FTN for syntax."),
        "claimed": _d({"type": ["string", "null"]}, "The value the record claims, if any."),
        "computed": _d({"type": ["string", "null"]}, "The value the rules give, if any."),
    },
    "required": ["code", "name", "severity", "message", "file", "line", "col", "game",
                 "round", "event", "rule", "claimed", "computed"],
    "additionalProperties": False,
}

REPORT_SCHEMA: dict[str, Any] = {
    "$schema": DRAFT,
    "$id": SCHEMA_BASE + "report.schema.json",
    "title": "ftn check report",
    "description": "The output of 'ftn check --format json': every diagnostic, then counts.",
    "type": "object",
    "properties": {
        "version": _d({"const": 1}, "The version of this report format."),
        "diagnostics": _d(
            {"type": "array", "items": _DIAGNOSTIC}, "The findings, by file and place."
        ),
        "unknowns": {
            "type": "array",
            "description": "With --explain-unknowns: what partial records leave unverified.",
            "items": {
                "type": "object",
                "description": "One thing that could not be verified, and why.",
                "properties": {
                    "message": _d({"type": "string"}, "What could not be verified, and why."),
                    "file": _d({"type": "string"}, "The file."),
                    "line": _d({"type": "integer", "minimum": 1}, "Line (1-based)."),
                    "col": _d({"type": "integer", "minimum": 1}, "Column (1-based)."),
                    "pointer": _d({"type": ["string", "null"]}, "JSON Pointer, for JSON input."),
                    "game": _d(_INT, "The game's number in its file."),
                    "round": _d({"type": ["integer", "null"]}, "The round's number, or null."),
                    "event": _d({"type": ["integer", "null"]}, "The event's number, or null."),
                },
                "required": ["message", "file", "line", "col", "pointer", "game", "round",
                             "event"],
                "additionalProperties": False,
            },
        },
        "summary": {
            "type": "object",
            "description": "Counts over everything checked.",
            "properties": {
                "files": _d(_INT, "Files read."),
                "games": _d(_INT, "Games found."),
                "events": _d(_INT, "The records' own events (every event line of the "
                             "games read)."),
                "replayed": _d(_INT, "Of those, the events the replay played, where fewer "
                               "(after an illegal move, or a line that cannot be read)."),
                "errors": _d(_INT, "Diagnostics of severity error."),
                "warnings": _d(_INT, "Diagnostics of severity warning."),
            },
            "required": ["files", "games", "events", "errors", "warnings"],
            "additionalProperties": False,
        },
    },
    "required": ["version", "diagnostics", "summary"],
    "additionalProperties": False,
    "examples": [{
        "version": 1,
        "diagnostics": [{
            "code": "FT304", "name": "overshoot-accepted", "severity": "error",
            "message": "credited +2+1, but 59 + 3 = 62 > 61: the event is discarded whole",
            "file": "game.ftn", "line": 183, "col": 14, "pointer": None, "game": 1,
            "round": 11, "event": 13, "rule": "R8.2", "claimed": "+2+1",
            "computed": "over+2+1",
        }],
        "summary": {"files": 1, "games": 1, "events": 122, "errors": 1, "warnings": 0},
    }],
}

_END = {
    "type": "object",
    "description": "One open end of the line.",
    "properties": {
        "value": _d(_INT, "The number shown at the end."),
        "double": _d({"type": "boolean"}, "Whether the end is a terminal double (counts twice)."),
    },
    "required": ["value", "double"],
    "additionalProperties": False,
}

_STEP = {
    "type": "object",
    "description": "One event and the state after it, as the rules give it.",
    "properties": {
        "event": _d({"type": "integer", "minimum": 1}, "The event's number within its round."),
        "type": _d({"enum": ["place", "knock"]}, "A placement or a knock."),
        "seat": _d({"type": "string", "pattern": SEAT_PATTERN}, "The seat that acted."),
        "side": _d({"type": "string", "pattern": SIDE_PATTERN}, "The seat's side."),
        "tile": _d(
            {"type": "array", "items": _INT, "minItems": 2, "maxItems": 2},
            "The tile placed, as written (placements only).",
        ),
        "end": _d(
            {"enum": ["L", "R", None]},
            "Where it went: L or R, null for the lead (placements only).",
        ),
        "ends": _d(
            {"type": "array", "items": _END, "minItems": 2, "maxItems": 2},
            "The open ends after the placement: [left, right].",
        ),
        "endTotal": _d(_INT, "The end total after the placement (R5, R6.1)."),
        "placementPoints": _d(_INT, "The placement's points (R6.2)."),
        "bonus": _d(_INT, "The domino bonus earned by this placement (R7.1, R7.2)."),
        "eventPoints": _d(_INT, "The whole event: placement points + bonus (R8.1)."),
        "credited": _d(
            {"type": "boolean"},
            "Whether the event was credited; false when discarded as an overshoot (R8.2).",
        ),
        "totals": _d(_TOTALS, "Every side's total after the event, in side order."),
    },
    "required": ["event", "type", "seat", "side", "totals"],
    "if": {"properties": {"type": {
        "const": "place", "description": "A placement has the placement's fields.",
    }}},
    "then": {"required": ["tile", "end", "ends", "endTotal", "placementPoints", "bonus",
                          "eventPoints", "credited"]},
    "additionalProperties": False,
}

REPLAY_SCHEMA: dict[str, Any] = {
    "$schema": DRAFT,
    "$id": SCHEMA_BASE + "replay.schema.json",
    "title": "FTN reference replay",
    "description": "The output of 'ftn replay --format json': for every game, every event "
                   "with the state the rules give after it. Other implementations compare "
                   "their own state against it, event by event.",
    "type": "object",
    "properties": {
        "version": _d({"const": 1}, "The version of this replay format."),
        "games": {
            "type": "array",
            "description": "The games, in file order.",
            "items": {
                "type": "object",
                "description": "One game's replay.",
                "properties": {
                    "file": _d({"type": "string"}, "The file the game came from."),
                    "game": _d({"type": "integer", "minimum": 1}, "The game's number in its file."),
                    "seats": _d(
                        {"type": "array", "items": {"type": "string", "pattern": SEAT_PATTERN}},
                        "The seats in clockwise order.",
                    ),
                    "sides": _d(
                        {"type": "array", "items": {"type": "string", "pattern": SIDE_PATTERN}},
                        "The sides, in the order of totals.",
                    ),
                    "target": _d({"type": "integer", "minimum": 1}, "The target (61 by default)."),
                    "rounds": {
                        "type": "array",
                        "description": "The rounds replayed.",
                        "items": {
                            "type": "object",
                            "description": "One round.",
                            "properties": {
                                "round": _d({"type": "integer", "minimum": 1}, "Its number."),
                                "opener": _d(
                                    {"type": "string", "pattern": SEAT_PATTERN},
                                    "The seat that opened it.",
                                ),
                                "events": _d({"type": "array", "items": _STEP}, "Its events."),
                                "result": {
                                    "type": ["object", "null"],
                                    "description": "How it ended; null if it did not.",
                                    "properties": {
                                        "outcome": _d(
                                            {"enum": ["domino", "blocked", "target"]},
                                            "domino, blocked, or target (the game was won).",
                                        ),
                                        "seat": _d(_NULLABLE_SEAT, "The seat that dominoed."),
                                        "totals": _d(_TOTALS, "The totals at the end."),
                                    },
                                    "required": ["outcome", "seat", "totals"],
                                    "additionalProperties": False,
                                },
                            },
                            "required": ["round", "opener", "events", "result"],
                            "additionalProperties": False,
                        },
                    },
                    "winner": _d(
                        {"type": ["string", "null"], "pattern": SIDE_PATTERN},
                        "The side that reached the target, or null.",
                    ),
                    "totals": _d(_TOTALS, "The final totals."),
                    "complete": _d({"type": "boolean"}, "Whether a side reached the target."),
                    "stopped": {
                        **_DIAGNOSTIC,
                        "type": ["object", "null"],
                        "description": "The illegal move (or bad header or deal) that stopped "
                                       "the replay, or null.",
                    },
                },
                "required": ["file", "game", "seats", "sides", "target", "rounds", "winner",
                             "totals", "complete", "stopped"],
                "additionalProperties": False,
            },
        },
    },
    "required": ["version", "games"],
    "additionalProperties": False,
    "examples": [{
        "version": 1,
        "games": [{
            "file": "game.ftn", "game": 1, "seats": ["N", "S"], "sides": ["N", "S"],
            "target": 61,
            "rounds": [{
                "round": 1, "opener": "N",
                "events": [{
                    "event": 1, "type": "place", "seat": "N", "side": "N", "tile": [6, 6],
                    "end": None,
                    "ends": [{"value": 6, "double": True}, {"value": 6, "double": True}],
                    "endTotal": 12, "placementPoints": 4, "bonus": 0, "eventPoints": 4,
                    "credited": True, "totals": [4, 0],
                }],
                "result": None,
            }],
            "winner": None, "totals": [4, 0], "complete": False, "stopped": None,
        }],
    }],
}

SCHEMAS: dict[str, Callable[[], dict[str, Any]]] = {
    "record": lambda: RECORD_SCHEMA,
    "replay": lambda: REPLAY_SCHEMA,
    "report": lambda: REPORT_SCHEMA,
}


def schema_text(name: str) -> str:
    """A schema as the file in ``schemas/`` holds it."""
    return indented_by_json(SCHEMAS[name]()) + "\n"
