"""The rule options of FTN (SPEC.md 3, RULES.md R9) and their presets: one
table, from which the record schema (``json.schema``), the verifier's set-up
(``verifier.rules.options``) and the command line's help (``verifier.cli``) are
all made.

Boundary: data only, with no import (so that a check of FTN, which loads
the verifier's set-up, loads no schema, and so that ``notation`` never
imports ``verifier``). A row says an option's name, the values a ``[rule
"NAME" "VALUE"]`` tag may give it (a JSON Schema of one string: what the
checker accepts of the tag alone), how a message about a bad value describes
them, the schema's shorter description and, for a simple option, the field
of the verifier's ``Rules`` it sets and the field's value for each word (or
none: the field is the whole number given, 1 or more). ``verifier.rules.options``
reads, checks and describes the simple options from these rows alone; three
are read there by hand (``set``: the player limits; ``hand``: the deal
tables and R2.1; ``partnerships``: R1.3 and 4 players). Adding a simple
option is a row here (appended: its bad values are reported after the
others') and its field and meaning in ``verifier.rules.ruleset.Rules``; a preset
that does not name it takes the field's default.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# Every pattern ends in "$(?!\n)", not "$": Python's "$" (used by the
# reference validator) also matches before a final newline, ECMA-262's (the
# fast validator's) does not; "(?!\n)" makes both refuse "N\n".
END = r"$(?!\n)"
WHOLE = r"0*[1-9][0-9]*"  # a positive whole number, ASCII digits


@dataclass(frozen=True)
class Option:
    """One rule option: its name, the schema of its values, how messages
    describe them (``text``) and how the record schema does (``short``).

    A simple option also names the ``Rules`` field it sets (``field``) and
    gives the field's value for each word it takes (``words``, in the order
    of the schema's enum); without ``words`` its value is a whole number,
    1 or more, and the field that number. The options read by hand have no
    ``field``."""

    name: str
    values: dict[str, Any]
    text: str
    short: str
    field: str | None = None
    words: dict[str, Any] | None = None


OPTIONS: tuple[Option, ...] = (
    Option("set", {"enum": ["double-six", "double-nine", "double-twelve"]},
           "double-six, double-nine or double-twelve (V1)",
           "double-six, double-nine or double-twelve (V1)"),
    Option("hand", {"pattern": f"^(?:more|fewer|{WHOLE})" + END},
           "tiles per player: a number, or more / fewer (the online game's deal tables, V1)",
           "tiles per player: a positive whole number, or more / fewer (V1)"),
    Option("target", {"pattern": f"^{WHOLE}" + END},
           "a positive whole number (V2; 61 by default)", "a positive whole number (V2)",
           field="target"),
    Option("divisors", {"enum": ["3,5", "3,5,7,11,13"]},
           "3,5 or 3,5,7,11,13 (V3, 'advanced' prime scoring)", "3,5 or 3,5,7,11,13 (V3)",
           field="divisors", words={"3,5": (3, 5), "3,5,7,11,13": (3, 5, 7, 11, 13)}),
    Option("immediate-end", {"enum": ["on", "off"]},
           "on or off (V4: off plays the round out, nothing discarded)", "on or off (V4)",
           field="immediate_end", words={"on": True, "off": False}),
    Option("opener", {"enum": ["lot", "highest-double"]},
           "lot or highest-double (V5)", "lot or highest-double (V5)",
           field="opener", words={"lot": "rotate", "highest-double": "highest-double"}),
    Option("partnerships", {"enum": ["on", "off"]},
           "on or off (V6; on needs 4 players)", "on or off (V6)"),
    Option("bonus", {"enum": ["1", "0"]}, "1 or 0 (V7: the domino bonus)", "1 or 0 (V7)",
           field="bonus", words={"1": 1, "0": 0}),
)
BY_NAME = {o.name: o for o in OPTIONS}

#: Presets: the option values they stand for (None: follow R2.1 / R1.3; a
#: simple option left out: its field's default), and what each is.
PRESETS: dict[str, dict[str, str | None]] = {
    "pagat": {
        "set": "double-six", "hand": None, "target": "61", "divisors": "3,5",
        "immediate-end": "on", "opener": "lot", "partnerships": None, "bonus": "1",
    },
    "online": {
        "set": "double-six", "hand": "more", "target": "61", "divisors": "3,5",
        "immediate-end": "on", "opener": "highest-double", "partnerships": "off", "bonus": "1",
    },
}
PRESET_TEXT = {
    "pagat": "the main form of RULES.md R1-R8 (the default)",
    "online": "the online game of seed 001: hands from the 'more' table, the highest "
              "double leads, no partnerships",
}
