"""Rule options (RULES.md R9): presets and declared options to ``Rules``.

Boundary: turns the option words a record declares (``[rules "PRESET"]``,
``[rule "NAME" "VALUE"]``) and its number of seats into one ``Rules`` value,
or into messages that say what is wrong and what is allowed; ``describe``
goes back. No I/O; it knows tags only as (name, value) strings, not the
notation. The simple options (a row of ``notation.options`` with a ``Rules``
field) are read, checked and described from their rows alone, so that a new
one needs nothing here; ``set``, ``hand`` and ``partnerships`` are read by
hand. The values are checked in this order, so that several bad ones are
reported in it: ``set``, the simple options in the table's order,
``partnerships``, ``hand``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from notation.hints import aside, close_matches
from notation.options import OPTIONS as TABLE
from notation.options import PRESET_TEXT, PRESETS, Option
from verifier.rules.ruleset import Rules

__all__ = ["OPTIONS", "PRESETS", "PRESET_TEXT", "Problem", "describe", "given",
           "known_options", "resolve"]

SETS = {"double-six": 6, "double-nine": 9, "double-twelve": 12}
MAX_PLAYERS = {6: 5, 9: 11, 12: 12}  # the online game's limits (R9 V1)

# R9 V1: the online game's two deal tables, tiles per player ("-" = None).
_TABLE_ROWS = {
    #      d6 more, d9 more, d12 more, d6 fewer, d9 fewer, d12 fewer
    2: (14, 16, 16, 5, 10, 10),
    3: (9, 16, 16, 5, 10, 10),
    4: (7, 13, 16, 7, 10, 10),
    5: (5, 11, 16, 5, 10, 10),
    6: (None, 8, 15, None, 8, 10),
    7: (None, 7, 13, None, 7, 10),
    8: (None, 6, 11, None, 6, 10),
    9: (None, 6, 10, None, 6, 10),
    10: (None, 5, 9, None, 5, 9),
    11: (None, 5, 8, None, 5, 8),
    12: (None, None, 7, None, None, 7),
}
DEAL_TABLES: dict[str, dict[int, dict[int, int | None]]] = {
    table: {
        pip: {p: row[offset + i] for p, row in _TABLE_ROWS.items()}
        for i, pip in enumerate((6, 9, 12))
    }
    for table, offset in (("more", 0), ("fewer", 3))
}

#: Every option: its name, and what it may be (``notation.options``, the
#: one table of them).
OPTIONS: dict[str, str] = {o.name: o.text for o in TABLE}

#: The simple options, in the table's order, by the ``Rules`` field each sets.
SIMPLE: dict[str, Option] = {o.field: o for o in TABLE if o.field is not None}


def _whole(value: str) -> bool:
    """Whether a value is a whole number in ASCII digits ("²" and "١٢" are
    digits to ``str.isdigit``, but not numbers of FTN), of at most 18 digits
    (SPEC: the limits; Python would not read 4,301)."""
    return value.isascii() and value.isdigit() and len(value) <= 18


#: The words an option takes (for "did you mean"; numbers aside).
WORDS: dict[str, tuple[str, ...]] = {
    "set": tuple(SETS), "hand": ("more", "fewer"), "partnerships": ("on", "off"),
    **{o.name: words for o in SIMPLE.values()
       if (words := tuple(w for w in o.words or () if not _whole(w)))},
}


@dataclass(frozen=True, slots=True)
class Problem:
    """What is wrong with a declaration; ``index`` is the declaration's
    position in the list given (None: the combination as a whole);
    ``proposed``, the one word its message proposes in its place (the
    declaration's name: 0, or value: 1, and the word), if any."""

    index: int | None
    message: str
    proposed: tuple[int, str] | None = None


def _one(word: str, choices: Iterable[str], index: int) -> tuple[int, str] | None:
    """The one close match of a word (``aside``'s, when it offers one), as
    the word proposed at ``index`` of its declaration; else None."""
    found = close_matches(word, choices)
    return (index, found[0]) if len(found) == 1 else None


def known_options(sep: str = "; ") -> str:
    """Every option with its values, for messages (``sep`` between options:
    a line end lists them one a line, never cut inside one)."""
    return sep.join(f"{name}: {text}" for name, text in OPTIONS.items())


def given(items: Iterable[str]) -> list[tuple[str, str]]:
    """Options given as NAME=VALUE (``--rule`` of ftn generate and ftn audit)
    as the (name, value) pairs that a header declares; ValueError for an
    item without '='. The pairs themselves are judged by ``resolve``."""
    pairs = []
    for item in items:
        name, eq, value = item.partition("=")
        if not eq:
            raise ValueError(f"--rule takes NAME=VALUE, not {item!r}")
        pairs.append((name, value))
    return pairs


def _onoff(value: str) -> bool | None:
    return {"on": True, "off": False}.get(value)


def resolve(
    players: int, preset: str | None, declared: Sequence[tuple[str, str]]
) -> tuple[Rules | None, list[Problem]]:
    """The rules for ``players`` seats under a preset (None: pagat) and the
    options declared in order; or None and every problem found."""
    name = "pagat" if preset is None else preset  # [rules ""] names no preset
    if name not in PRESETS:
        known = "; ".join(f'"{n}": {t}' for n, t in PRESET_TEXT.items())
        return None, [Problem(-1, f"unknown rules preset {name!r}{aside(name, PRESETS)}; "
                                  f"known presets: {known}", _one(name, PRESETS, 0))]
    problems = [Problem(i, f"unknown rule option {opt!r}{aside(opt, OPTIONS)}; "
                           f"known options: {known_options()}", _one(opt, OPTIONS, 0))
                for i, (opt, _) in enumerate(declared) if opt not in OPTIONS]
    if problems:
        return None, problems
    words = _Words({**PRESETS[name], **dict(declared)}, declared)
    if words.problems:
        return None, words.problems
    return words.rules(players)


class _Words:
    """The option words in force (a preset's, and the declarations over
    it), each read and checked on its own (``problems``, in the order of
    the checks: ``set``, the simple options in the table's order,
    ``partnerships``, ``hand``); then, by ``rules``, together."""

    def __init__(self, values: dict[str, str | None],
                 declared: Sequence[tuple[str, str]]) -> None:
        self.values = values
        self.declared = declared
        self.problems: list[Problem] = []
        self.pip = SETS.get(values["set"] or "")
        if self.pip is None:
            self.bad("set")
        self.fields = self.simple()
        self.partners = None if values["partnerships"] is None else _onoff(values["partnerships"])
        if values["partnerships"] is not None and self.partners is None:
            self.bad("partnerships")
        self.hand = values["hand"]
        if self.hand is not None and not (
            self.hand in DEAL_TABLES or (_whole(self.hand) and int(self.hand) >= 1)
        ):
            self.bad("hand")

    def bad(self, opt: str) -> None:
        """A value that option ``opt`` does not take, found at its declaration."""
        index = next((i for i, (o, _) in enumerate(self.declared) if o == opt), None)
        value = self.values[opt] or ""
        near = aside(value, WORDS.get(opt, ()))
        self.problems.append(Problem(index, f"bad value {value!r} for {opt}: "
                                            f"{OPTIONS[opt]}{near}",
                                     _one(value, WORDS.get(opt, ()), 1)))

    def simple(self) -> dict[str, Any]:
        """The simple options' ``Rules`` fields (one a preset leaves out
        keeps the field's default)."""
        fields: dict[str, Any] = {}
        for field, option in SIMPLE.items():
            if option.name not in self.values:  # a preset that does not name it
                continue
            word = self.values[option.name] or ""
            if option.words is None:
                if _whole(word) and int(word) >= 1:
                    fields[field] = int(word)
                else:
                    self.bad(option.name)
            elif word in option.words:
                fields[field] = option.words[word]
            else:
                self.bad(option.name)
        return fields

    def rules(self, players: int) -> tuple[Rules | None, list[Problem]]:
        """The rules of the words read, for ``players`` seats; or None and
        why they cannot be together (the set's players, the hand size,
        partnerships, the deal)."""
        pip = self.pip
        assert pip is not None
        limit = MAX_PLAYERS[pip]
        if not 2 <= players <= limit:
            return None, [Problem(None, f"{players} seats; {self.values['set']} allows 2 to "
                                        f"{limit} players (V1)")]
        hand = self.hand_size(pip, players)
        if isinstance(hand, Problem):
            return None, [hand]
        partners = players == 4 if self.partners is None else self.partners  # R1.3
        if partners and players != 4:
            return None, [Problem(None, f"partnerships need 4 players, not {players} (V6)")]
        rules = Rules(players=players, max_pip=pip, hand_size=hand, partnerships=partners,
                      **self.fields)
        combo = rules.problems()
        if combo:
            return None, [Problem(None, "; ".join(combo))]
        return rules, []

    def hand_size(self, pip: int, players: int) -> int | Problem:
        """The hand size the ``hand`` word gives (R2.1 when none, V1), or why
        there is none."""
        word = self.hand
        if word is None:
            if players not in (2, 3, 4):
                return Problem(None, f"R2.1 gives hand sizes for 2 to 4 players; declare "
                                     f'one for {players}: [rule "hand" "N"], or "more" / '
                                     '"fewer" (V1)')
            return {2: 7, 3: 5, 4: 5}[players]  # R2.1
        if word in DEAL_TABLES:
            size = DEAL_TABLES[word][pip].get(players)
            if size is None:
                return Problem(None, f"the '{word}' deal table has no hand size for "
                                     f"{players} players with {self.values['set']}")
            return size
        return int(word)


def describe(rules: Rules) -> dict[str, str]:
    """The option values of a ``Rules``, as a record would declare them,
    in the table's order; ValueError for a simple option's field that no
    word gives (a ``Rules`` made by hand, not by ``resolve``)."""
    by_hand = {
        "set": next(n for n, p in SETS.items() if p == rules.max_pip),
        "hand": str(rules.hand_size),
        "partnerships": "on" if rules.partnerships else "off",
    }
    return {o.name: by_hand[o.name] if o.field is None else _word(o, getattr(rules, o.field))
            for o in TABLE}


def _word(option: Option, value: Any) -> str:
    """The word of a simple option that gives its field ``value``."""
    if option.words is None:
        return str(value)
    for word, meant in option.words.items():
        if meant == value:
            return word
    raise ValueError(f"{option.name}: no value gives {value!r}")
