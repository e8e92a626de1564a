"""The JSON Schema of FTN's JSON form (draft 2020-12).

Boundary: data only. ``RECORD_SCHEMA`` states the shape of one game record
in JSON, the twin of the grammar in ``ftn.lark``: what a document must look
like to be read, nothing about whether the game it records was legal. It
also refuses what one header tag alone gets wrong (the values of ``ftn``,
``seat``, ``first``, ``rules``, ``rule``: the checker's ``bad-header`` in FTN),
so that a document it accepts gets no syntax-level finding but those that
need several elements (SPEC.md 11; ``tests/unit/notation/test_schema_edges.py``). It is
published as ``schemas/record.schema.json`` (a test keeps the two equal).
"""

from __future__ import annotations

from typing import Any

from notation.options import END as _END
from notation.options import OPTIONS as _TABLE
from notation.options import PRESETS as _PRESETS
from notation.options import WHOLE as _WHOLE

SCHEMA_BASE = "https://ftn.example.org/schemas/"
DRAFT = "https://json-schema.org/draft/2020-12/schema"

# Every pattern ends in _END, "$(?!\n)", not "$" (``notation.options``).
SEAT_PATTERN = r"^(?!(?:game|end|round|deal|result|winner|knock|none)$)[A-Za-z][A-Za-z0-9_]*" + _END
SIDE_PATTERN = (
    r"^(?!(?:game|end|round|deal|result|winner|knock|none)(?:\+|$))[A-Za-z][A-Za-z0-9_]*"
    r"(?:\+(?!(?:game|end|round|deal|result|winner|knock|none)(?:\+|$))[A-Za-z][A-Za-z0-9_]*)*"
    + _END
)
# A winner: a side, or "none" (no side has won).
WINNER_PATTERN = r"^(?:none" + _END + "|" + SIDE_PATTERN[1:] + ")"
# A comment's text after "#": one line, no trailing blanks (FTN drops them).
COMMENT_PATTERN = r"^(?:[^\r\n]*[^\r\n \t])?" + _END
KEY_PATTERN = r"^[a-z][a-z0-9_]*" + _END

#: The rules presets a [rules] tag may name, and the rule options of
#: [rule "NAME" "VALUE"] tags with the values each takes (SPEC.md 3, RULES.md
#: R9): what the checker accepts of one tag alone (``notation.options``, the one table).
PRESETS = tuple(_PRESETS)
RULE_OPTIONS: dict[str, dict[str, Any]] = {o.name: o.values for o in _TABLE}
_OPTION_TEXT = {o.name: o.short for o in _TABLE}

_COUNT = {"type": "integer", "minimum": 0}
_PIP = {"type": "integer", "minimum": 0, "maximum": 99}
_LINE = {"type": "integer", "minimum": 0, "description": "Line in the FTN source (1-based)."}
_COL = {"type": "integer", "minimum": 0, "description": "Column in the FTN source (1-based)."}


def _pos(*claims: str) -> dict[str, Any]:
    props: dict[str, Any] = {"line": _LINE, "col": _COL}
    for c in claims:
        props[c] = {**_COL, "description": f"Column of the {c} claim in the FTN source."}
    return {
        "type": "object",
        "description": "Where the element stood in the FTN source (written on request; "
                       "ignored when read).",
        "properties": props,
        "required": ["line", "col"],
        "additionalProperties": False,
    }


def _totals(what: str) -> dict[str, Any]:
    return {
        "type": "array",
        "description": f"Claim: the running total of every side {what}, in side order "
                       "(sides ordered by their first seat).",
        "items": _COUNT,
        "minItems": 1,
        "examples": [[27, 12]],
    }


_COMMENTS = {
    "type": "object",
    "description": "Comments attached to the element: the comment lines before it and the "
                   "comment at the end of its own line (texts without the '#').",
    "properties": {
        "before": {
            "type": "array",
            "description": "Comment lines just before the element, in order.",
            "items": {"type": "string", "pattern": COMMENT_PATTERN},
        },
        "after": {
            "type": "string",
            "description": "The comment at the end of the element's line.",
            "pattern": COMMENT_PATTERN,
        },
    },
    "additionalProperties": False,
}

_SEAT = {"type": "string", "pattern": SEAT_PATTERN, "examples": ["N"]}
_TILE = {
    "type": "array",
    "description": "A tile as written: [first half, second half]; for the lead this order "
                   "fixes the left and right ends.",
    "prefixItems": [_PIP, _PIP],
    "items": False,
    "minItems": 2,
    "examples": [[6, 3]],
}

_PLACE = {
    "type": "object",
    "description": "A placement: a seat joins a tile to an end of the line.",
    "properties": {
        "type": {"const": "place", "description": "The kind of event."},
        "seat": {**_SEAT, "description": "The seat that places."},
        "tile": {**_TILE, "description": "The tile placed, as written."},
        "end": {
            "enum": ["L", "R"],
            "description": "The end it is joined to; absent on the lead, and where the end "
                           "makes no difference (RULES.md R4.2).",
        },
        "endTotal": {**_COUNT, "description": "Claim: the end total after the placement."},
        "points": {
            **_COUNT,
            "description": "Claim: the points of the event (with the bonus, unless 'bonus' "
                           "is given apart).",
        },
        "bonus": {**_COUNT, "description": "Claim: the domino bonus, written apart."},
        "discarded": {
            "type": "boolean",
            "description": "Claim: the event was discarded as an overshoot of the target "
                           "(FTN 'over'); the points say what was discarded.",
        },
        "totals": _totals("after the event"),
        "comments": _COMMENTS,
        "pos": _pos("endTotal", "points", "totals"),
    },
    "required": ["type", "seat", "tile"],
    "dependentRequired": {"bonus": ["points"], "discarded": ["points"]},
    "additionalProperties": False,
}

_KNOCK = {
    "type": "object",
    "description": "A knock: the seat could not place and passed.",
    "properties": {
        "type": {"const": "knock", "description": "The kind of event."},
        "seat": {**_SEAT, "description": "The seat that knocks."},
        "totals": _totals("after the knock (a knock credits nothing)"),
        "comments": _COMMENTS,
        "pos": _pos("totals"),
    },
    "required": ["type", "seat"],
    "additionalProperties": False,
}

_ROUND = {
    "type": "object",
    "description": "One round: its opener, the deals, the events in order, and the result.",
    "properties": {
        "number": {
            "type": "integer", "minimum": 1,
            "description": "The round's number: 1, 2, 3... in order.",
        },
        "opener": {**_SEAT, "description": "The seat that opened the round."},
        "deals": {
            "type": "array",
            "description": "The hands dealt, one per seat (a hand not known is left out).",
            "items": {
                "type": "object",
                "description": "The hand dealt to one seat.",
                "properties": {
                    "seat": {**_SEAT, "description": "The seat dealt to."},
                    "tiles": {
                        "type": "array",
                        "description": "The tiles of the hand; null for a tile not known.",
                        "items": {"anyOf": [_TILE, {"type": "null"}]},
                        "minItems": 1,
                    },
                    "comments": _COMMENTS,
                    "pos": _pos(),
                },
                "required": ["seat", "tiles"],
                "additionalProperties": False,
            },
        },
        "events": {
            "type": "array",
            "description": "Placements and knocks, in the order played.",
            "items": {
                "type": "object",
                "description": "An event: a placement or a knock, told apart by 'type'.",
                "required": ["type"],
                "properties": {"type": {"enum": ["place", "knock"], "description": "The kind."}},
                "if": {"properties": {"type": {
                    "const": "knock", "description": "A knock has a schema of its own.",
                }}},
                "then": _KNOCK,
                "else": _PLACE,
            },
        },
        "result": {
            "type": "object",
            "description": "Claim: how the round ended (the outcome may be left out: the "
                           "totals alone are then claimed).",
            "properties": {
                "outcome": {
                    "enum": ["domino", "blocked", "target"],
                    "description": "domino: a side emptied its hands; blocked: nobody could "
                                   "place; target: a side reached the target in mid-round.",
                },
                "seat": {**_SEAT, "description": "The seat whose placement dominoed."},
                "totals": _totals("at the end of the round"),
                "comments": _COMMENTS,
                "pos": _pos("totals"),
            },
            "if": {"required": ["outcome"], "properties": {"outcome": {
                "const": "domino", "description": "A domino names its seat; nothing else does.",
            }}},
            "then": {"required": ["seat"]},
            "else": {"not": {"required": ["seat"]}},
            "additionalProperties": False,
        },
        "comments": _COMMENTS,
        "pos": _pos(),
    },
    "required": ["number", "opener", "deals", "events"],
    "additionalProperties": False,
}



def _tag_values(key: str, values: dict[str, Any]) -> dict[str, Any]:
    """If a tag's key is ``key``, its values must match ``values``."""
    return {
        "if": {
            "properties": {"key": {"const": key, "description": f"A [{key}] tag."}},
            "required": ["key"],
        },
        "then": {"properties": {"values": {"type": "array", **values}}},
    }


def _one_string(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"type": "string", **schema, "description": description}


# What each known tag's values must be (SPEC.md 3). Checks that need more
# than one tag (a tag missing or repeated, a seat named twice, [first] naming
# no seat, an impossible combination of options) are the checker's
# (bad-header); SPEC.md 11 lists them.
_TAG_VALUES = [
    _tag_values("ftn", {
        "prefixItems": [{"const": "1", "description": "The format version: \"1\"."}],
        "minItems": 1, "maxItems": 1,
        "description": "[ftn] takes one value, the version: [ftn \"1\"].",
    }),
    _tag_values("seat", {
        "prefixItems": [
            _one_string({"pattern": SEAT_PATTERN}, "A seat name: a letter, then letters, "
                        "digits or _; not game, end, round, deal, result, winner, knock."),
            {"type": "string", "description": "The player's name."},
        ],
        "minItems": 1, "maxItems": 2,
        "description": "[seat] takes a seat name and an optional player: "
                       "[seat \"N\" \"Alice\"].",
    }),
    _tag_values("first", {
        "prefixItems": [_one_string({"pattern": SEAT_PATTERN}, "The seat that opens round 1.")],
        "minItems": 1, "maxItems": 1,
        "description": "[first] takes one seat: [first \"N\"].",
    }),
    _tag_values("start", {
        "prefixItems": [
            _one_string({"pattern": f"^{_WHOLE}" + _END},
                        "The number of the first round the record holds (1 or more)."),
            _one_string({"pattern": r"^(?:[0-9]+(?:,[0-9]+)*|\?)" + _END},
                        "The total of every side as that round starts, in side order, "
                        "joined by commas: \"52,47\"; or \"?\" when they are not known."),
        ],
        "minItems": 2, "maxItems": 2,
        "description": "[start] takes the first recorded round and the totals it starts from: "
                       "[start \"6\" \"52,47\"].",
    }),
    _tag_values("rules", {
        "prefixItems": [_one_string({"enum": list(PRESETS)},
                                    f"A preset: {' or '.join(PRESETS)}.")],
        "minItems": 1, "maxItems": 1,
        "description": "[rules] takes one preset: [rules \"pagat\"].",
    }),
    _tag_values("rule", {
        "prefixItems": [
            _one_string({"enum": list(RULE_OPTIONS)}, "A rule option (RULES.md R9)."),
            {"type": "string", "description": "The option's value."},
        ],
        "minItems": 2, "maxItems": 2,
        "description": "[rule] takes an option and its value: [rule \"target\" \"100\"].",
        "allOf": [
            {
                "if": {"prefixItems": [{"const": name}]},
                "then": {"prefixItems": [
                    True, _one_string(schema, f"The value of {name}: {_OPTION_TEXT[name]}."),
                ]},
            }
            for name, schema in RULE_OPTIONS.items()
        ],
    }),
]

# The league tags (SPEC.md 3, league play): their values are described, not
# constrained, in JSON as in FTN (a [team] tag that names no seat is the
# checker's warning team-seat-unknown, in both).
_LEAGUE_TAGS = {
    "competition": "[competition] names the league or cup: [competition \"Solihull & "
                   "Warwickshire\"].",
    "season": "[season] names the season: [season \"2026\"].",
    "date": "[date] gives the day the game was played, as YYYY-MM-DD: "
            "[date \"2026-01-14\"] (ftn ratings takes games in date order).",
    "match": "[match] names the match (a night between two teams) the game belongs to, "
             "the same for each of its games: [match \"Red Lion v Crown\"].",
    "team": "[team] takes a seat, then the team it plays for: [team \"N\" \"Red Lion\"] "
            "(a tag that names no seat is the warning team-seat-unknown).",
}
_TAG_VALUES += [_tag_values(key, {"items": {"type": "string"}, "description": text})
                for key, text in _LEAGUE_TAGS.items()]

_EXAMPLE = {
    "format": "ftn-json-1",
    "tags": [
        {"key": "ftn", "values": ["1"]},
        {"key": "seat", "values": ["N", "Ann"]},
        {"key": "seat", "values": ["S", "Sam"]},
        {"key": "first", "values": ["N"]},
    ],
    "rounds": [
        {
            "number": 1,
            "opener": "N",
            "deals": [
                {"seat": "N", "tiles": [[6, 6], [6, 3], [5, 5], [4, 1], [2, 0], [3, 3], [1, 1]]},
                {"seat": "S", "tiles": [[6, 4], [3, 1], [5, 0], [2, 2], [4, 4], [6, 2], [0, 0]]},
            ],
            "events": [
                {"type": "place", "seat": "N", "tile": [6, 6], "endTotal": 12, "points": 4,
                 "totals": [4, 0], "comments": {"after": " lead 6-6: 12/3 = 4"}},
                {"type": "place", "seat": "S", "tile": [6, 4], "end": "L", "endTotal": 16,
                 "points": 0, "totals": [4, 0]},
                {"type": "knock", "seat": "N"},
            ],
        }
    ],
}

RECORD_SCHEMA: dict[str, Any] = {
    "$schema": DRAFT,
    "$id": SCHEMA_BASE + "record.schema.json",
    "title": "FTN record (JSON form)",
    "description": "One game of Fives and Threes as recorded: the JSON twin of an FTN game "
                   "block (notation/SPEC.md). JSON Lines files hold one per line; JSON files "
                   "one, or an array of them.",
    "type": "object",
    "properties": {
        "format": {"const": "ftn-json-1", "description": "Names this JSON form and its version."},
        "tags": {
            "type": "array",
            "description": "The header tags in order: ftn, seat (one per seat, clockwise), "
                           "first, rules, rule, and free tags such as event or date.",
            "items": {
                "type": "object",
                "description": "One header tag: [key \"value\" ...].",
                "properties": {
                    "key": {
                        "type": "string", "pattern": KEY_PATTERN,
                        "description": "The tag's name.", "examples": ["seat"],
                    },
                    "values": {
                        "type": "array",
                        "description": "The tag's values.",
                        "items": {"type": "string"},
                        "examples": [["N", "Alice"]],
                    },
                    "comments": _COMMENTS,
                    "pos": _pos(),
                },
                "required": ["key", "values"],
                "additionalProperties": False,
                "allOf": _TAG_VALUES,
            },
        },
        "rounds": {"type": "array", "description": "The rounds, in order.", "items": _ROUND},
        "winner": {
            "type": "object",
            "description": "Claim: the side that won the game.",
            "properties": {
                "side": {
                    "type": "string", "pattern": WINNER_PATTERN,
                    "description": "The side: its seats joined by '+' in seat order; or "
                                   "\"none\", the claim that no side has won.",
                    "examples": ["N+S", "none"],
                },
                "totals": _totals("at the end of the game"),
                "comments": _COMMENTS,
                "pos": _pos("totals"),
            },
            "required": ["side"],
            "additionalProperties": False,
        },
        "comments": {**_COMMENTS, "description": "Comments attached to the 'game' line."},
        "endComments": {**_COMMENTS, "description": "Comments attached to the 'end' line."},
        "closing": {
            "type": "array",
            "description": "Comment lines after the last game's 'end' line.",
            "items": {"type": "string", "pattern": COMMENT_PATTERN},
        },
        "pos": {
            "type": "object",
            "description": "Where the game stood in the FTN source.",
            "properties": {
                "line": _LINE,
                "col": _COL,
                "endLine": {**_LINE, "description": "Line of the 'end' line."},
            },
            "required": ["line", "col"],
            "additionalProperties": False,
        },
    },
    "required": ["format", "tags", "rounds"],
    "additionalProperties": False,
    "examples": [_EXAMPLE],
}
