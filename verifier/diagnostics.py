"""The registry of diagnostics: stable codes, names, rules, and examples.

Boundary: data and the ``Diagnostic`` value only. This module decides what
each code means and shows; it does not detect anything (``replay`` does) and
does not print (``render`` and the CLI do). Codes and names are stable: other
tools match on them. The manual's table (``docs/diagnostics.md``) and ``ftn
codes`` are generated from ``REGISTRY``; a test replays every entry's example
and checks that its code fires.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, NewType

ERROR = "error"
WARNING = "warning"
#: Said, never counted as a problem: what a check left undecided.
NOTE = "note"

# --------------------------------------------------------------------------
# The names, each written once, as the constants of ``Name``: every module
# that reports or matches a diagnostic uses them. Their type,
# ``DiagnosticName``, is a distinct type of ``str`` for mypy, that no other
# string has: a misspelt constant (``Name.TILE_NOT_IN_HAND`` mistyped) and a
# bare string where a name is wanted are both errors for mypy, never a
# finding that matches nothing. At run time a name is a plain ``str``.

DiagnosticName = NewType("DiagnosticName", str)
"""The name of a diagnostic of the registry (``tile-not-in-hand``): one of
``Name``'s constants."""


class Name:
    """The name of every diagnostic, as a constant: ``Name.TILE_NOT_IN_HAND``
    is ``"tile-not-in-hand"``, of type ``DiagnosticName``. The registry gives
    each its code, in this order."""

    SYNTAX_ERROR: Final = DiagnosticName("syntax-error")
    BAD_HEADER: Final = DiagnosticName("bad-header")
    SCHEMA_VIOLATION: Final = DiagnosticName("schema-violation")
    BAD_DEAL: Final = DiagnosticName("bad-deal")
    WRONG_OPENER: Final = DiagnosticName("wrong-opener")
    NOT_YOUR_TURN: Final = DiagnosticName("not-your-turn")
    TILE_NOT_IN_HAND: Final = DiagnosticName("tile-not-in-hand")
    TILE_DOES_NOT_FIT: Final = DiagnosticName("tile-does-not-fit")
    AMBIGUOUS_PLACEMENT: Final = DiagnosticName("ambiguous-placement")
    KNOCK_WHILE_ABLE: Final = DiagnosticName("knock-while-able")
    EVENT_AFTER_ROUND_END: Final = DiagnosticName("event-after-round-end")
    EVENT_AFTER_GAME_END: Final = DiagnosticName("event-after-game-end")
    ROUND_UNFINISHED: Final = DiagnosticName("round-unfinished")
    END_TOTAL_MISMATCH: Final = DiagnosticName("end-total-mismatch")
    POINTS_MISMATCH: Final = DiagnosticName("points-mismatch")
    TOTAL_MISMATCH: Final = DiagnosticName("total-mismatch")
    OVERSHOOT_ACCEPTED: Final = DiagnosticName("overshoot-accepted")
    WRONGLY_DISCARDED: Final = DiagnosticName("wrongly-discarded")
    BONUS_SPLIT: Final = DiagnosticName("bonus-split")
    BONUS_MISMATCH: Final = DiagnosticName("bonus-mismatch")
    RESULT_MISMATCH: Final = DiagnosticName("result-mismatch")
    WINNER_MISMATCH: Final = DiagnosticName("winner-mismatch")
    GAME_UNFINISHED: Final = DiagnosticName("game-unfinished")
    NO_GAMES: Final = DiagnosticName("no-games")
    UNUSED_NOQA: Final = DiagnosticName("unused-noqa")
    TEAM_SEAT_UNKNOWN: Final = DiagnosticName("team-seat-unknown")
    CLAIMS_UNJUDGED: Final = DiagnosticName("claims-unjudged")


@dataclass(frozen=True, slots=True)
class Code:
    """One entry of the registry."""

    code: str
    name: DiagnosticName
    severity: str
    rule: str
    summary: str
    why: str
    example: str

    @property
    def fixable(self) -> bool:
        """Whether ``ftn check --fix`` fixes findings of this code: writes
        the computed value in place of a claim it finds wrong (``FIXABLE``),
        or the text its message says to write (``FIXABLE_SLIPS``)."""
        return self.code in FIXABLE or self.code in FIXABLE_SLIPS

    @property
    def fix_note(self) -> str | None:
        """What ``ftn explain`` says of its fix (None: no fix)."""
        return FIX_NOTE if self.code in FIXABLE else (
            FIX_SLIP_NOTE if self.code in FIXABLE_SLIPS else None)


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One finding, at one place of one record.

    ``line``/``col`` are 1-based; ``game`` is the game's number in its file;
    ``round`` and ``event`` (1-based, events counted within their round) are
    None where the finding is not inside one. ``claimed``/``computed`` hold
    the two values a claim diagnostic compares."""

    code: str
    name: str
    severity: str
    message: str
    line: int
    col: int
    game: int
    round: int | None = None
    event: int | None = None
    rule: str = ""
    claimed: str | None = None
    computed: str | None = None
    source: str = "<input>"
    pointer: str | None = None  # JSON Pointer to the value, for JSON input

    def to_dict(self) -> dict[str, Any]:
        """A plain dict (JSON-ready), keys in a fixed order."""
        return {
            "code": self.code,
            "name": self.name,
            "severity": self.severity,
            "message": self.message,
            "file": self.source,
            "line": self.line,
            "col": self.col,
            "pointer": self.pointer,
            "game": self.game,
            "round": self.round,
            "event": self.event,
            "rule": self.rule,
            "claimed": self.claimed,
            "computed": self.computed,
        }


class Counted:
    """Mixin for reports that hold ``diagnostics``: their counts by severity."""

    diagnostics: list[Diagnostic]

    @property
    def errors(self) -> int:
        return sum(1 for d in self.diagnostics if d.severity == ERROR)

    @property
    def warnings(self) -> int:
        return sum(1 for d in self.diagnostics if d.severity == WARNING)


# --------------------------------------------------------------------------
# Examples: one small record, changed a little for each code.

_BASE = """\
game
[ftn "1"]
[seat "N" "Ann"]
[seat "S" "Sam"]
[first "N"]
round 1 opener N
  deal N 6-6 6-3 5-5 4-1 2-0 3-3 1-1
  deal S 6-4 3-1 5-0 2-2 4-4 6-2 0-0
  N 6-6 =12 +4 (4,0)
  S 6-4 L =16 +0 (4,0)
  N 6-3 R =7 +0 (4,0)
  S 4-4 L =11 +0 (4,0)
  N 3-3 R =14 +0 (4,0)
  S 3-1 R =9 +3 (4,3)
  N 4-1 L =2 +0 (4,3)
  S knock
  N 1-1 L =3 +1 (5,3)
  S knock
  N knock
  result blocked (5,3)
end
"""

# A round that ends in a domino, with a target of 12 declared: N is at 10
# and places its last tile for 2 points + the bonus 1: 10 + 3 > 12.
_DOMINO = """\
game
[ftn "1"]
[seat "N"]
[seat "S"]
[first "N"]
[rule "target" "12"]
round 1 opener N
  deal N 0-1 0-5 0-6 1-6 4-4 4-6 5-5
  deal S 0-3 1-3 1-4 2-2 2-3 4-5 6-6
  N 4-4 =8 +0 (0,0)
  S 4-5 R =13 +0 (0,0)
  N 5-5 R =18 +6 (6,0)
  S 4-1 L =11 +0 (6,0)
  N 1-6 L =16 +0 (6,0)
  S 6-6 L =22 +0 (6,0)
  N 5-0 R =12 +4 (10,0)
  S 0-3 R =15 +8 (10,8)
  N 6-4 L =7 +0 (10,8)
  S 3-1 R =5 +1 (10,9)
  N 1-0 R =4 +0 (10,9)
  S knock
  N 0-6 R =10 over+2+1 (10,9)
  result domino N (10,9)
end
"""


def _example(base: str, *edits: tuple[str, str]) -> str:
    """``base`` with each (old, new) line edit applied once."""
    text = base
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


_R1 = "round 1 opener N\n"

REGISTRY: tuple[Code, ...] = (
    Code(
        "FT001", Name.SYNTAX_ERROR, ERROR, "FTN",
        "The text breaks the FTN grammar.",
        "Nothing in a game that does not parse can be checked; the rest of the file still is.",
        _example(_BASE, ("  N 3-3 R =14 +0 (4,0)", "  N 3-3 X =14")),
    ),
    Code(
        "FT002", Name.BAD_HEADER, ERROR, "FTN",
        "A header tag or round line is missing, repeated, malformed or unknown.",
        "Without seats, a first opener and known rules the game cannot be replayed.",
        _example(_BASE, ('[first "N"]\n', "")),
    ),
    Code(
        "FT003", Name.SCHEMA_VIOLATION, ERROR, "FTN",
        "A JSON record does not match the record schema (schemas/record.schema.json).",
        "A document of the wrong shape cannot be read as a record; the message names the "
        "failing keyword and the expected form.",
        '{"format": "ftn-json-1", "tags": [], "rounds": [{"number": 1, "opener": "N", '
        '"deals": [], "events": [{"type": "place", "seat": "N", "tile": [6]}]}]}\n',
    ),
    Code(
        "FT101", Name.BAD_DEAL, ERROR, "R2.1, R2.2",
        "A deal has the wrong number of hands or tiles, a tile twice, or a tile not in the set.",
        "Every later judgement (fits, knocks, the domino) rests on the hands.",
        _example(_BASE, ("6-4 3-1 5-0 2-2 4-4 6-2 0-0", "6-4 3-1 5-0 2-2 4-4 6-2 6-6")),
    ),
    Code(
        "FT102", Name.WRONG_OPENER, ERROR, "R3.1, R3.2, V5",
        "A round is opened by the wrong seat, or (V5) not with the highest double.",
        "The opening passes clockwise every round; the wrong opener changes who scores first.",
        _example(_BASE, ('[first "N"]', '[first "S"]')),
    ),
    Code(
        "FT201", Name.NOT_YOUR_TURN, ERROR, "R1.2, R7.2",
        "A seat places or knocks out of turn (an emptied partner included).",
        "Turns go clockwise; a seat that played out of turn changed the game.",
        _example(_BASE, ("  S 6-4 L =16 +0 (4,0)", "  N 6-3 R =15 +5 (9,0)")),
    ),
    Code(
        "FT202", Name.TILE_NOT_IN_HAND, ERROR, "R2.2, R4.5",
        "A seat places a tile it was not dealt, or has already placed.",
        "There is no drawing: a seat can only play what it holds.",
        _example(_BASE, ("  N 6-3 R =7 +0 (4,0)", "  N 2-2 R")),
    ),
    Code(
        "FT203", Name.TILE_DOES_NOT_FIT, ERROR, "R4.1",
        "The tile does not match the open end it is placed at.",
        "A placement joins equal numbers; anything else is not a move.",
        _example(_BASE, ("  N 6-3 R =7 +0 (4,0)", "  N 5-5 R")),
    ),
    Code(
        "FT204", Name.AMBIGUOUS_PLACEMENT, ERROR, "R4.2",
        "The end is left out, and the tile fits both ends with different results.",
        "The two lines score differently; the record must say which was played.",
        _example(_BASE, ("  N 4-1 L =2 +0 (4,3)", "  N 4-1 =2 +0 (4,3)")),
    ),
    Code(
        "FT205", Name.KNOCK_WHILE_ABLE, ERROR, "R4.3, R4.4",
        "A seat knocks while it holds a tile that fits.",
        "A player who can place must place.",
        _example(_BASE, ("  N 6-3 R =7 +0 (4,0)", "  N knock")),
    ),
    Code(
        "FT206", Name.EVENT_AFTER_ROUND_END, ERROR, "R7.5",
        "An event follows the end of its round (other than the knocks that show a block).",
        "Once a round is won or blocked, nothing more is played in it.",
        _example(_BASE, ("  N knock\n", "  N knock\n  S 2-2\n")),
    ),
    Code(
        "FT207", Name.EVENT_AFTER_GAME_END, ERROR, "R8.4",
        "An event or round follows the moment a side reached the target.",
        "A side that reaches the target exactly wins at once; nothing is played after.",
        _example(
            _BASE, ('[first "N"]\n', '[first "N"]\n[rule "target" "5"]\n'),
            ("  N knock\n  result blocked (5,3)\n", "  result target (5,3)\n"),
        ),
    ),
    Code(
        "FT208", Name.ROUND_UNFINISHED, ERROR, "R7",
        "A round's result line, or the next round, comes before the round was won or blocked.",
        "Events are missing from the record, or a round was abandoned; the next round is "
        "judged from the totals its record implies.",
        _example(
            _BASE,
            ("  N 4-1 L =2 +0 (4,3)\n", ""),
            ("  S knock\n  N 1-1 L =3 +1 (5,3)\n  S knock\n  N knock\n  result blocked (5,3)\n",
             "round 2 opener S\n"
             "  deal N 6-4 3-1 5-0 2-2 4-4 6-2 0-0\n"
             "  deal S 6-6 6-3 5-5 4-1 2-0 3-3 1-1\n"),
        ),
    ),
    Code(
        "FT301", Name.END_TOTAL_MISMATCH, ERROR, "R5, R6.1",
        "The claimed end total differs from the count of the open ends.",
        "End totals decide the points; a wrong one usually means a miscounted double.",
        _example(_BASE, ("  S 6-4 L =16", "  S 6-4 L =15")),
    ),
    Code(
        "FT302", Name.POINTS_MISMATCH, ERROR, "R6.2",
        "The claimed points of a placement differ from its end total's points.",
        "The score is the sum of these points; one wrong claim makes every total wrong.",
        _example(_BASE, ("  S 3-1 R =9 +3 (4,3)", "  S 3-1 R =9 +2 (4,3)")),
    ),
    Code(
        "FT303", Name.TOTAL_MISMATCH, ERROR, "R8.5",
        "A claimed running total differs from the sum of the accepted points.",
        "Totals decide the winner; a total that is off only because of a mismatch "
        "reported earlier is not reported again.",
        _example(_BASE, ("  S 3-1 R =9 +3 (4,3)", "  S 3-1 R =9 +3 (4,4)")),
    ),
    Code(
        "FT304", Name.OVERSHOOT_ACCEPTED, ERROR, "R8.2",
        "Points that take a side past the target were credited, or a total is past it.",
        "An event that would pass the target is discarded whole; accepting it "
        "changes who wins.",
        _example(
            _BASE, ('[first "N"]\n', '[first "N"]\n[rule "target" "3"]\n'),
            ("  N 4-1 L =2 +0 (4,3)\n  S knock\n  N 1-1 L =3 +1 (5,3)\n  S knock\n"
             "  N knock\n  result blocked (5,3)\n", "  result target (4,3)\nwinner S (4,3)\n"),
        ),
    ),
    Code(
        "FT305", Name.WRONGLY_DISCARDED, ERROR, "R8.2",
        "An event marked as discarded (over+...) keeps its side within the target.",
        "Only an event that would pass the target is discarded; these points were due.",
        _example(_BASE, ("  S 3-1 R =9 +3 (4,3)", "  S 3-1 R =9 over+3 (4,0)")),
    ),
    Code(
        "FT306", Name.BONUS_SPLIT, ERROR, "R8.1",
        "The placement's points were credited apart from the domino bonus.",
        "Placement and bonus are one event, tested against the target together "
        "(R8.3: at 59, 2 + 1 is discarded whole).",
        _example(_DOMINO, ("  N 0-6 R =10 over+2+1 (10,9)", "  N 0-6 R =10 +2 (12,9)")),
    ),
    Code(
        "FT307", Name.BONUS_MISMATCH, ERROR, "R7.1, R7.2",
        "A claimed domino bonus is missing, or given where none is due.",
        "The bonus is due only to the side that empties (both partners, with four).",
        _example(_BASE, ("  N 1-1 L =3 +1 (5,3)", "  N 1-1 L =3 +1+1 (5,3)")),
    ),
    Code(
        "FT308", Name.RESULT_MISMATCH, ERROR, "R7.1-R7.3",
        "The claimed outcome of a round differs from the replay's.",
        "Who dominoed, or whether the round was blocked, decides the bonus and the tally.",
        _example(_BASE, ("  result blocked (5,3)", "  result domino N (5,3)")),
    ),
    Code(
        "FT309", Name.WINNER_MISMATCH, ERROR, "R8.4",
        "The claimed winner differs from the side that reached the target, or there is none.",
        "The winner is the side that reaches the target exactly, first.",
        _example(_BASE, ("  result blocked (5,3)\n", "  result blocked (5,3)\nwinner N (5,3)\n")),
    ),
    Code(
        "FT401", Name.GAME_UNFINISHED, WARNING, "R8.4",
        "The record stops before any side reaches the target.",
        "A partial record can be checked, but it has no winner yet.",
        _BASE,
    ),
    Code(
        "FT402", Name.NO_GAMES, WARNING, "FTN",
        "The input holds no game at all (it is empty, or only comments and blank lines).",
        "An empty upload or a wrong file would otherwise pass as clean; with --strict "
        "it fails.",
        "# the records of the evening, to follow\n",
    ),
    Code(
        "FT403", Name.UNUSED_NOQA, WARNING, "FTN",
        "A noqa comment silences nothing on its line, or names a code that is not one.",
        "A suppression left behind after the mistake was mended would silence the next "
        "mistake made on that line; remove it, or name the code it is for.",
        _example(_BASE, ("  N 6-3 R =7 +0 (4,0)", "  N 6-3 R =7 +0 (4,0)  # noqa: FT302")),
    ),
    Code(
        "FT404", Name.TEAM_SEAT_UNKNOWN, WARNING, "FTN",
        "A [team] tag names no seat of the game: its first value is not a seat, or it "
        "gives a team and no seat.",
        "League tables count a game for the team of each seat; a team tag whose seat is "
        "misspelt or missing would leave that player's team out of the table unseen.",
        _example(_BASE, ('[first "N"]\n', '[first "N"]\n[team "N" "Red Lion"]\n'
                                          '[team "SS" "Crown"]\n')),
    ),
    Code(
        "FT501", Name.CLAIMS_UNJUDGED, NOTE, "R8.5",
        "A round's replay ended early (a line that cannot be read, an illegal move, a seat "
        "that is not the game's): the rest of its claims are not judged.",
        "A line that cannot be read, a move the rules refuse or a seat not of the game "
        "leaves the rest of the round unknown; the next round (a new deal) is judged from "
        "the totals its record implies, so every later mistake is still found, and none "
        "that follows from the first.",
        _example(_BASE, ("  N 4-1 L =2 +0 (4,3)", "  N 4")),
    ),
)

BY_NAME: dict[str, Code] = {c.name: c for c in REGISTRY}
BY_CODE: dict[str, Code] = {c.code: c for c in REGISTRY}


def lookup(key: str) -> Code | None:
    """A registry entry by code (``FT304``, any case) or name."""
    return BY_CODE.get(key.upper()) or BY_NAME.get(key.lower())


#: The codes of wrong claims (end totals, points, bonuses, running totals,
#: overshoots, round results, the winner): ``ftn check --fix`` writes the
#: computed value in place of the claim. Never a move, an opener or a header.
FIXABLE: frozenset[str] = frozenset(
    ("FT301", "FT302", "FT303", "FT304", "FT305", "FT306", "FT307", "FT308", "FT309"))
#: The codes of slips whose message may say what to write (``write =10``,
#: ``write knock, not pass``, ``write (4,0)``, ``write R``, straight quotes,
#: a word's or a tag's one close match, a game's missing 'end' line):
#: ``ftn check --fix`` writes it, where the message says one text.
FIXABLE_SLIPS: frozenset[str] = frozenset(("FT001", "FT002"))
#: What ``ftn explain`` says of a fixable code.
FIX_NOTE = ("Fix: ftn check --fix writes the computed value in place of the claim "
            "(ftn check --diff shows it first).")
#: What ``ftn explain`` says of the codes of ``FIXABLE_SLIPS``.
FIX_SLIP_NOTE = ("Fix: where the message says one text to write (write =10, write knock, "
                 "write (4,0), write R, straight quotes, a close match: did you mean [first]?, "
                 "a game's missing 'end' line), ftn check --fix writes it and checks the "
                 "record again (ftn check --diff shows it first).")


def table_markdown() -> str:
    """The registry as a Markdown table (the manual's is generated from it)."""
    rows = ["| code | name | severity | rule | summary |", "|---|---|---|---|---|"]
    for c in REGISTRY:
        rows.append(f"| {c.code} | `{c.name}` | {c.severity} | {c.rule} | {c.summary} |")
    return "\n".join(rows) + "\n"
