"""One game set-up: seats, sides, rules and options, from a record's header
or from what a program declares.

Boundary: reads a record's header tags (``notation.model.Tag``) into a
``Setup``: the seat names, the side names, the ``Rules`` (through
``rules.options.resolve``), the first opener, and which declared options decide
which diagnostics. A header that cannot be read gives ``HeaderProblem`` s
(message and the element to place it at), never an exception. The replay,
the live protocol, the generator and the test engines all start a game from
a ``Setup``. No I/O, no diagnostics of its own (the replay turns problems
into ``bad-header``), no rules of play (``rules.round`` and ``rules.game`` have them).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache

from notation.hints import close_matches, did_you_mean
from notation.model import MAX_DIGITS, RESERVED_WORDS, Game, Tag
from verifier.diagnostics import DiagnosticName, Name
from verifier.rules.game import GameState
from verifier.rules.options import Problem, known_options, resolve
from verifier.rules.ruleset import Rules

FORMAT_VERSIONS = ("1",)
START_ROUND_RE = re.compile(r"0*[1-9][0-9]*\Z")
START_TOTALS_RE = re.compile(r"(?:[0-9]+(?:,[0-9]+)*|\?)\Z")
#: The totals of ``[start "K" "?"]``: not known.
UNKNOWN_TOTALS = "?"
#: The target a game from unknown totals is played to: never met.
UNREACHABLE_TARGET = 10 ** 18
SEAT_RE = re.compile(
    r"(?!(?:" + "|".join(RESERVED_WORDS) + r")(?![A-Za-z0-9_]))[A-Za-z][A-Za-z0-9_]*\Z"
)


def fmt_totals(values: Sequence[int]) -> str:
    """Totals as FTN writes them: ``(12,7)``."""
    return "(" + ",".join(str(v) for v in values) + ")"


@dataclass(frozen=True)
class Setup:
    """Everything a game's play depends on before its first round."""

    rules: Rules
    names: tuple[str, ...]
    first: int = 0  # the first opener's seat (R3.1)
    side_names: tuple[str, ...] = field(default=())
    seat_of: dict[str, int] = field(default_factory=dict)
    # Diagnostics whose verdict a declared option decides: name -> (option
    # ids, e.g. "V3", and the words to cite it with).
    options_cited: dict[str, tuple[str, str]] = field(default_factory=dict)
    # Where the record starts ([start "6" "52,47"]): the number of its first
    # round, and every side's total then (None: a game's start, all 0).
    start_round: int = 1
    start_totals: tuple[int, ...] | None = None
    # False for [start "6" "?"]: the totals as the record starts are not
    # known (the replay counts from 0, and judges nothing that rests on them).
    totals_known: bool = True

    @classmethod
    def of(cls, rules: Rules, names: Sequence[str], first: int = 0) -> Setup:
        """The set-up of a game of these rules and seat names."""
        names = tuple(names)
        sides = tuple(
            "+".join(names[s] for s in rules.seats_of_side(side))
            for side in range(rules.side_count)
        )
        return cls(rules, names, first, sides, {n: i for i, n in enumerate(names)},
                   options_cited(rules))

    @classmethod
    def declared(cls, names: Sequence[str], first: str | int = 0, preset: str | None = None,
                 options: Sequence[tuple[str, str]] = ()) -> Setup:
        """The set-up of a game whose options are declared as words (a
        preset, NAME=VALUE pairs); ValueError when they are impossible."""
        rules, problems = resolve(len(names), preset, list(options))
        if rules is None:
            raise ValueError("; ".join(p.message for p in problems))
        at = list(names).index(first) if isinstance(first, str) else first
        return cls.of(rules, names, at)

    def new_game(self, game_class: type[GameState] = GameState) -> GameState:
        """The scores and round count of a game about to start, or, for a
        record that starts in mid-game, as its first round starts."""
        rules = self.rules
        if not self.totals_known:
            # [start "K" "?"]: the totals are counted from 0, and no target is
            # met (the judge leaves open what rests on it).
            rules = replace(rules, target=UNREACHABLE_TARGET)
        state = game_class(rules, self.first)
        if self.start_totals is not None:
            state.scores = list(self.start_totals)
        state.round_number = self.start_round - 1
        return state

    def starting_at(self, round_number: int, totals: Sequence[int]) -> Setup:
        """The same set-up for a record that starts at this round with these
        totals (the first opener kept)."""
        return replace(self, start_round=round_number, start_totals=tuple(totals))

    def side_of_seat(self, seat: int) -> str:
        """The name of the side a seat plays for."""
        return self.side_names[self.rules.side_of[seat]]


@dataclass(frozen=True, slots=True)
class HeaderProblem:
    """Why a header cannot be read, and the tag (or the game) it is about;
    ``proposed``, the one text its message proposes in the tag (its name:
    -1, or its value at an index), if any."""

    message: str
    at: Tag | Game
    claimed: str | None = None
    proposed: tuple[int, str] | None = None


#: The tags the header's checks read (every other tag is free).
KNOWN_TAGS = ("ftn", "seat", "first", "start", "rules", "rule")


def _near_tag(game: Game, key: str) -> Tag | None:
    """A free tag whose name is a slip of ``key`` (``[frist "N"]`` for
    ``first``), if any: where a missing tag is reported."""
    for tag in game.tags:
        if tag.key not in KNOWN_TAGS and close_matches(tag.key, KNOWN_TAGS, 1) == [key]:
            return tag
    return None


def _missing(game: Game, key: str, message: str) -> HeaderProblem:
    """A missing tag, reported at the free tag it was probably meant to be
    (with its name), else at the game."""
    near = _near_tag(game, key)
    if near is None:
        return HeaderProblem(message, game)
    return HeaderProblem(f"[{near.key}]: did you mean [{key}]? ({message})", near,
                         proposed=(-1, key))


def read_header(game: Game, preset: str | None = None
                ) -> Setup | HeaderProblem | list[HeaderProblem]:
    """The set-up a record's header declares, or every problem found in it;
    ``preset``: the rules preset of a header without a ``[rules]`` tag (the
    settings'; None: pagat, R9)."""
    return _Header(game, preset).read()


def assumed_setup(game: Game, preset: str | None = None) -> Setup | None:
    """The set-up of a header whose problems are all tag names misspelt
    (``[frist "N"]``, ``[seta "S"]``: a free tag whose name is a slip of a
    known one's): each read as the tag it was meant to be, so that the rest
    of the record can still be judged (the slips themselves are reported
    by ``read_header``); None when that does not make a set-up.
    ``preset``: as for ``read_header``."""
    tags = []
    for tag in game.tags:
        meant = None if tag.key in KNOWN_TAGS else close_matches(tag.key, KNOWN_TAGS, 1)
        tags.append(replace(tag, key=meant[0]) if meant else tag)
    if tags == list(game.tags):
        return None
    found = read_header(replace(game, tags=tuple(tags)), preset)
    return found if isinstance(found, Setup) else None


def judged_setup(game: Game, preset: str | None = None) -> Setup | None:
    """The set-up a check judges a record by: its header's, else, when the
    header's problems are all tag names misspelt, the one read with the
    names meant (``assumed_setup``); None when neither makes one.
    ``preset``: as for ``read_header``."""
    found = read_header(game, preset)
    return found if isinstance(found, Setup) else assumed_setup(game, preset)


#: The tag that names the team a seat plays for in league play:
#: ``[team "N" "Red Lion"]`` (notation/SPEC.md 3).
TEAM = "team"


def team_problems(game: Game, setup: Setup) -> list[HeaderProblem]:
    """Each ``[team]`` tag that names no seat of the game (its first value
    is not a seat, or it has no team after it), with the close match."""
    out = []
    for tag in game.tags:
        if tag.key != TEAM:
            continue
        seats = ", ".join(setup.names)
        if len(tag.values) != 2:
            out.append(HeaderProblem(f"[team] takes a seat, then its team: [team "
                                     f"\"{setup.names[0]}\" \"Red Lion\"] (seats: {seats})",
                                     tag))
        elif tag.values[0] not in setup.names:
            seat = tag.values[0]
            hint = did_you_mean(seat, setup.names, n=1)
            out.append(HeaderProblem(f"[team] names {seat!r}, not a seat of this game{hint} "
                                     f"(seats: {seats})", tag))
    return out


def seat_teams(game: Game, names: Sequence[str]) -> tuple[str | None, ...]:
    """The team of each seat of ``names`` that a ``[team]`` tag gives (the
    first such tag; None: none)."""
    given: dict[str, str] = {}
    for tag in game.tags:
        if tag.key == TEAM and len(tag.values) == 2:
            given.setdefault(tag.values[0], tag.values[1])
    return tuple(given.get(n) for n in names)


#: The tags a header may give once only.
_ONCE = ("ftn", "first", "rules", "start")


class _Header:
    """One record's header read: its tags one by one (a method for each kind
    that the checks read), then the set-up they make, or every problem
    found, in the order of the phases (tags, seats and rules, start, first
    opener). ``default``: the preset when no ``[rules]`` tag names one."""

    def __init__(self, game: Game, default: str | None = None) -> None:
        self.game = game
        self.default = default
        self.seats: list[str] = []
        self.first: Tag | None = None
        self.start: Tag | None = None
        self.preset: Tag | None = None
        self.declared: list[tuple[str, str]] = []
        self.option_tags: list[Tag] = []  # the [rule] tag of each declaration
        self.seen: set[str] = set()
        self.found: list[HeaderProblem] = []
        self.bad_seat = False  # a [seat] tag already reported

    def read(self) -> Setup | HeaderProblem | list[HeaderProblem]:
        """The set-up, or the problems in order of place."""
        for tag in self.game.tags:
            self.tag(tag)
        if "ftn" not in self.seen:
            self.found.append(_missing(self.game, "ftn", 'the [ftn "1"] tag is missing'))
        rules = self.ruleset()
        begins = None if rules is None else self.begins(rules)
        self.check_first(_by_lot(self.named(), self.declared) if rules is None
                         else rules.opener == "rotate")
        if self.found or rules is None or begins is None:
            return _sorted(self.found)
        setup = _setup_of(rules, tuple(self.seats), self.first_opener(begins[0]))
        if self.start is None:
            return setup
        return replace(setup, start_round=begins[0], start_totals=begins[1],
                       totals_known=begins[1] is not None)

    def tag(self, tag: Tag) -> None:
        """Read one tag (every tag the checks do not read is free)."""
        k = tag.key
        if k in _ONCE and k in self.seen:
            self.found.append(HeaderProblem(f"the tag [{k}] is given twice", tag))
            return
        self.seen.add(k)
        if k == "ftn":
            self.version(tag)
        elif k == "seat":
            self.seat(tag)
        elif k == "first":
            self.first = tag
        elif k == "start":
            self.start = tag
        elif k == "rules":
            if len(tag.values) != 1:
                self.found.append(HeaderProblem('[rules] takes one preset: [rules "pagat"]', tag))
            else:
                self.preset = tag
        elif k == "rule":
            self.rule(tag)

    def version(self, tag: Tag) -> None:
        """``[ftn "1"]``: the format version."""
        v = tag.values
        if len(v) != 1 or v[0] not in FORMAT_VERSIONS:
            self.found.append(HeaderProblem(
                "the format version must be " + " or ".join(f'"{x}"' for x in FORMAT_VERSIONS)
                + ': [ftn "1"]', tag, " ".join(v) or None,
            ))

    def seat(self, tag: Tag) -> None:
        """``[seat "N" "Alice"]``: the next seat clockwise."""
        v = tag.values
        if not 1 <= len(v) <= 2 or not SEAT_RE.match(v[0]):
            self.bad_seat = True
            self.found.append(HeaderProblem(
                '[seat] takes a seat name (a letter, then letters, digits or _; not a '
                'reserved word) and an optional player: [seat "N" "Alice"]', tag,
            ))
        elif v[0] in self.seats:
            self.bad_seat = True
            self.found.append(HeaderProblem(f"seat {v[0]} is given twice", tag))
        else:
            self.seats.append(v[0])

    def rule(self, tag: Tag) -> None:
        """``[rule "NAME" "VALUE"]``: one option declared."""
        if len(tag.values) != 2:
            self.found.append(HeaderProblem(
                f'[rule] takes an option and its value: [rule "target" "100"]; '
                f"known options: {known_options()}", tag,
            ))
        else:
            self.declared.append((tag.values[0], tag.values[1]))
            self.option_tags.append(tag)

    def ruleset(self) -> Rules | None:
        """The rules the seats, the preset and the options declare; None
        when they cannot be (the problems found, each at its tag)."""
        seats, game = self.seats, self.game
        named = self.named()
        if len(seats) < 2 and not self.bad_seat:
            self.found.append(_missing(
                game, "seat", f"{len(seats)} seat{'' if len(seats) == 1 else 's'}; at least 2 "
                '[seat] tags are needed, one a seat in clockwise order: [seat "N"]'))
        if len(seats) < 2:
            # What is wrong with each declaration alone is still said.
            rules = None
            problems = tuple(p for p in _resolve(2, named, tuple(self.declared))[1]
                             if p.index is not None)
        else:
            rules, problems = _resolve(len(seats), named, tuple(self.declared))
        if rules is None:
            preset = self.preset
            self.found += [
                HeaderProblem(p.message, (
                    preset if p.index == -1 and preset is not None
                    else self.option_tags[p.index] if p.index is not None and p.index >= 0
                    else game
                ), proposed=p.proposed)
                for p in problems
            ]
        return rules

    def named(self) -> str | None:
        """The preset: the ``[rules]`` tag's, else the default."""
        return self.preset.values[0] if self.preset is not None else self.default

    def begins(self, rules: Rules) -> tuple[int, tuple[int, ...] | None] | None:
        """The first round and the totals then (``[start]``; a game's start
        without it); None when the tag is wrong (its problem found)."""
        if self.start is None:
            return 1, None
        begins = read_start(self.start, rules, self.seats)
        if isinstance(begins, HeaderProblem):
            self.found.append(begins)
            return None
        return begins

    def check_first(self, by_lot: bool) -> None:
        """The ``[first]`` tag: given when the first opener is chosen by lot
        (R3.1) and the record starts with the game, and one of the seats."""
        first, seats = self.first, self.seats
        if first is None and by_lot and self.start is None:
            self.found.append(_missing(
                self.game, "first", 'the [first "SEAT"] tag (the first opener, R3.1) is missing'))
        if first is not None and len(seats) >= 2 and (
                len(first.values) != 1 or first.values[0] not in seats):
            opener = first.values[0] if len(first.values) == 1 else ""
            near = close_matches(opener, seats) if opener else []
            self.found.append(HeaderProblem(
                f"[first] must name one seat of {', '.join(seats)}"
                + did_you_mean(opener, seats, '"'), first,
                proposed=(0, near[0]) if len(near) == 1 else None))

    def first_opener(self, first_round: int) -> int:
        """The first opener's seat (R3.1): ``[first]``'s; for a record that
        starts in mid-game (at round ``first_round``) without it, the one
        that follows from the opener of its first round (R3.2); else the
        first seat."""
        seats, rounds = self.seats, self.game.rounds
        if self.first is not None:
            return seats.index(self.first.values[0])
        if self.start is not None and rounds and rounds[0].opener in seats:
            return (seats.index(rounds[0].opener) - (first_round - 1)) % len(seats)
        return 0


def _by_lot(preset: str | None, declared: list[tuple[str, str]]) -> bool:
    """Whether the first opener is chosen by lot (R3.1), as far as options
    that cannot all be read say."""
    opener = "highest-double" if preset == "online" else "lot"
    for name, value in declared:
        if name == "opener":
            opener = value
    return opener != "highest-double"


def _sorted(found: list[HeaderProblem]) -> HeaderProblem | list[HeaderProblem]:
    """Problems in order of place (a problem of the game as a whole first)."""
    found.sort(key=lambda p: (p.at.line, p.at.col))
    return found[0] if len(found) == 1 else found


# The records of an archive mostly share their seats and rules: each set-up
# is worked out once (a ``Setup`` and ``Rules`` are frozen, and nothing
# changes the mappings they hold).
@lru_cache(maxsize=256)
def _resolve(players: int, preset: str | None, declared: tuple[tuple[str, str], ...]
             ) -> tuple[Rules | None, tuple[Problem, ...]]:
    rules, problems = resolve(players, preset, declared)
    return rules, tuple(problems)


@lru_cache(maxsize=256)
def _setup_of(rules: Rules, names: tuple[str, ...], first: int) -> Setup:
    return Setup.of(rules, names, first)


def read_start(tag: Tag, rules: Rules, seats: Sequence[str]
               ) -> tuple[int, tuple[int, ...] | None] | HeaderProblem:
    """The first round and the totals of a ``[start "ROUND" "T1,T2,..."]``
    tag (None for ``"?"``: not known), or what is wrong with it."""
    usage = ('[start] takes the number of the first round recorded and the totals of every '
             'side as it starts: [start "6" "52,47"] ([start "6" "?"] when they are not '
             'known)')
    v = tag.values
    if len(v) != 2 or not START_ROUND_RE.match(v[0]) or not START_TOTALS_RE.match(v[1]):
        return HeaderProblem(usage, tag, " ".join(v) or None)
    if any(len(x.lstrip("0")) > MAX_DIGITS for x in (v[0], *v[1].split(","))):
        return HeaderProblem(f"[start]: a number of more than {MAX_DIGITS} digits", tag)
    if v[1] == UNKNOWN_TOTALS:
        return int(v[0]), None
    totals = tuple(int(x) for x in v[1].split(","))
    sides = rules.side_count
    if len(totals) != sides:
        names = ", ".join("+".join(seats[s] for s in rules.seats_of_side(i))
                          for i in range(sides))
        return HeaderProblem(f"[start] gives {len(totals)} totals for {sides} sides ({names})",
                             tag, v[1])
    if rules.immediate_end and max(totals) >= rules.target:
        return HeaderProblem(f"[start] totals {v[1]}: a side at {rules.target} or past it "
                             "has already won (R8.2, R8.4)", tag, v[1])
    return int(v[0]), totals


@lru_cache(maxsize=64)
def options_cited(rules: Rules) -> dict[str, tuple[str, str]]:
    """For each diagnostic, the declared options (R9) that decide it, when
    they differ from the main form (computed once per set of rules: treat the
    dict as read-only)."""
    main = Rules.main_form(rules.players) if rules.players <= 4 else None
    cites: dict[str, list[tuple[str, str]]] = {}
    N = Name

    def add(names: tuple[DiagnosticName, ...], vid: str, words: str) -> None:
        for n in names:
            cites.setdefault(n, []).append((vid, words))

    if rules.divisors != (3, 5):
        add((N.POINTS_MISMATCH,), "V3", "divisors " + ",".join(map(str, rules.divisors)))
    if rules.target != 61:
        add((N.OVERSHOOT_ACCEPTED, N.WRONGLY_DISCARDED, N.BONUS_SPLIT, N.WINNER_MISMATCH,
             N.GAME_UNFINISHED, N.TOTAL_MISMATCH), "V2", f"target {rules.target}")
    if not rules.immediate_end:
        add((N.OVERSHOOT_ACCEPTED, N.WRONGLY_DISCARDED, N.WINNER_MISMATCH, N.RESULT_MISMATCH),
            "V4", "immediate end off")
    if rules.bonus != 1:
        add((N.BONUS_MISMATCH, N.BONUS_SPLIT, N.POINTS_MISMATCH), "V7", f"bonus {rules.bonus}")
    if main is None or (rules.max_pip, rules.hand_size) != (main.max_pip, main.hand_size):
        add((N.BAD_DEAL,), "V1", f"a {rules.max_pip}-{rules.max_pip} set, hands of "
            f"{rules.hand_size}")
    if main is None or rules.partnerships != main.partnerships:
        add((N.NOT_YOUR_TURN, N.RESULT_MISMATCH, N.BONUS_MISMATCH), "V6",
            "partnerships " + ("on" if rules.partnerships else "off"))
    return {
        name: (", ".join(v for v, _ in found), "; ".join(w for _, w in found))
        for name, found in cites.items()
    }
