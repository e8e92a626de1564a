"""A game's position as one line of text, as FEN is for chess (SPEC:
"Positions"): the seats, the hands (or how many tiles a hand holds where
they are not known), the line, the player to move, the knocks that still
matter, the totals, the round and its opener, and the rule options.

Boundary: reads a position string into the engine's state (a ``Setup``, a
``GameState`` and the ``RoundState`` in play) and writes the string of a
state; every way a string can be wrong is a ``PositionError`` with its
column (1-based) and what was expected there. It keeps no history (the
moves that led to a position are not in it) and applies no rule of play of
its own: the rounds and the game are the engine's (``rules.round``,
``rules.game``), the options ``rules.options``'. No I/O.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from notation.hints import did_you_mean
from notation.model import Tile
from verifier.rules.game import GameState
from verifier.rules.options import PRESETS, describe, resolve
from verifier.rules.round import RoundState
from verifier.rules.ruleset import Rules
from verifier.rules.start import SEAT_RE, Setup
from verifier.rules.tiles import key_tile, tile_key

__all__ = ["FIELDS", "PositionError", "Start", "read_position", "write_position"]

#: The fields of a position, in order.
FIELDS = ("seats", "hands", "line", "turn", "knocks", "totals", "round", "opener", "rules")

_NUMBER = re.compile(r"[0-9]{1,18}\Z")
_PIP = re.compile(r"([0-9]{1,2})-([0-9]{1,2})\Z")
_UNKNOWN = re.compile(r"\?([0-9]{1,2})\Z")
_KNOCK = re.compile(r"([^@]+)@([0-9]{1,2})\|([0-9]{1,2})\Z")


class PositionError(ValueError):
    """A position string that cannot be read: the column (1-based) where
    it goes wrong, and what was expected there."""

    def __init__(self, column: int, message: str) -> None:
        super().__init__(f"column {column}: {message}")
        self.column = column
        self.message = message


@dataclass(frozen=True, slots=True)
class Start:
    """The engine's state a position string sets up."""

    setup: Setup
    game: GameState
    round: RoundState
    line: tuple[Tile, ...]
    opener: int


@dataclass(frozen=True, slots=True)
class _Piece:
    """One piece of the text (a field, or an item of one) and its column."""

    text: str
    col: int

    def split(self, sep: str) -> list[_Piece]:
        out, col = [], self.col
        for part in self.text.split(sep):
            out.append(_Piece(part, col))
            col += len(part) + len(sep)
        return out

    def fail(self, message: str) -> PositionError:
        return PositionError(self.col, message)


def _fields(text: str) -> list[_Piece]:
    """The nine fields, each with its column; one space between two."""
    if not text:
        raise PositionError(1, f"expected a position ({len(FIELDS)} fields: "
                               f"{' '.join(FIELDS)}), found nothing")
    if text != text.strip():
        col = 1 if text[:1].isspace() else len(text.rstrip()) + 1
        raise PositionError(col, "expected no space before the first field or after the last")
    pieces = _Piece(text, 1).split(" ")
    for i, p in enumerate(pieces):
        if not p.text:
            raise p.fail(f"expected one space between two fields, then the {FIELDS[i]} field")
    if len(pieces) != len(FIELDS):
        at = pieces[-1].col + len(pieces[-1].text) if len(pieces) < len(FIELDS) else \
            pieces[len(FIELDS)].col
        what = f"the {FIELDS[len(pieces)]} field" if len(pieces) < len(FIELDS) else \
            "the end of the position"
        raise PositionError(at, f"expected {what} ({len(FIELDS)} fields: "
                                f"{' '.join(FIELDS)}); found {len(pieces)}")
    return pieces


def _shown(text: str) -> str:
    """A piece of the text as a message quotes it ("nothing" when empty)."""
    return f"'{text}'" if text else "nothing"


def _number(p: _Piece, what: str) -> int:
    if not _NUMBER.match(p.text):
        raise p.fail(f"expected {what} (a whole number), found {_shown(p.text)}")
    return int(p.text)


def _tile(p: _Piece, rules: Rules) -> Tile:
    m = _PIP.match(p.text)
    if m is None:
        raise p.fail(f"expected a tile (6-3), found {_shown(p.text)}")
    a, b = int(m[1]), int(m[2])
    if max(a, b) > rules.max_pip:
        raise p.fail(f"{a}-{b} is not in the set (pips 0 to {rules.max_pip}, R1.1)")
    return a, b


class _Reader:
    """One position string read field by field (the seats and the rules
    first: the others are read against them)."""

    def __init__(self, text: str) -> None:
        self.f = dict(zip(FIELDS, _fields(text), strict=True))
        self.seats = self.read_seats()
        self.rules = self.read_rules()
        self.seen: dict[int, _Piece] = {}

    def seat(self, p: _Piece) -> int:
        if p.text not in self.seats:
            raise p.fail(f"expected a seat of {','.join(self.seats)}, found {_shown(p.text)}"
                         + did_you_mean(p.text, self.seats, "'"))
        return self.seats.index(p.text)

    def read_seats(self) -> tuple[str, ...]:
        names: list[str] = []
        for p in self.f["seats"].split(","):
            if not SEAT_RE.match(p.text):
                raise p.fail(f"expected a seat name (a letter, then letters, digits or _; "
                             f"not a reserved word), found {_shown(p.text)}")
            if p.text in names:
                raise p.fail(f"seat {p.text} is given twice")
            names.append(p.text)
        if len(names) < 2:
            raise self.f["seats"].fail("expected at least 2 seats, comma-separated: N,S")
        return tuple(names)

    def read_rules(self) -> Rules:
        field = self.f["rules"]
        pairs: list[tuple[str, str]] = []
        items = [] if field.text == "-" else field.split(";")
        for p in items:
            name, eq, value = p.text.partition("=")
            if not eq or not name:
                raise p.fail(f"expected a rule option NAME=VALUE (target=100) or - for the "
                             f"default rules, found {_shown(p.text)}")
            pairs.append((name, value))
        rules, problems = resolve(len(self.seats), None, pairs)
        if rules is None:
            at = problems[0].index
            raise (items[at] if at is not None and at >= 0 else field).fail(problems[0].message)
        return rules

    def claim(self, p: _Piece, tile: Tile) -> int:
        """A tile's key; a tile given twice (in hands or line) is refused (R2.2)."""
        k = tile_key(*tile)
        if k in self.seen:
            raise p.fail(f"{tile[0]}-{tile[1]} is given twice (R2.2: the set has each tile "
                         f"once; first at column {self.seen[k].col})")
        self.seen[k] = p
        return k

    def read_hand(self, p: _Piece) -> tuple[list[Tile], int]:
        if p.text == "-":
            return [], 0
        tiles: list[Tile] = []
        items = p.split(",")
        unknown = 0
        for i, item in enumerate(items):
            m = _UNKNOWN.match(item.text)
            if m is not None and i == len(items) - 1 and int(m[1]) > 0:
                unknown = int(m[1])
            elif item.text.startswith("?"):
                raise item.fail("expected ?N (N tiles not known, N from 1) as the hand's "
                                f"last item, found {_shown(item.text)}")
            else:
                tile = _tile(item, self.rules)
                self.claim(item, tile)
                tiles.append(key_tile(tile_key(*tile)))
        return sorted(tiles), unknown

    def read_hands(self) -> tuple[list[list[Tile]], list[int]]:
        field = self.f["hands"]
        parts = field.split("/")
        if len(parts) != len(self.seats):
            raise field.fail(f"expected {len(self.seats)} hands separated by / (one a seat, "
                             f"in seat order; - for an empty hand), found {len(parts)}")
        hands, unknown = [], []
        for seat, p in zip(self.seats, parts, strict=True):
            tiles, n = self.read_hand(p)
            if len(tiles) + n > self.rules.hand_size:
                raise p.fail(f"{seat} holds {len(tiles) + n} tiles; a hand is "
                             f"{self.rules.hand_size} (R2.1)")
            hands.append(tiles)
            unknown.append(n)
        return hands, unknown

    def read_line(self) -> list[Tile]:
        field = self.f["line"]
        if field.text == "-":
            return []
        line: list[Tile] = []
        for p in field.split(","):
            tile = _tile(p, self.rules)
            if line and line[-1][1] != tile[0]:
                raise p.fail(f"expected a tile whose left half is {line[-1][1]} (each tile "
                             f"as it lies, R4.1), found {tile[0]}-{tile[1]}")
            self.claim(p, tile)
            line.append(tile)
        return line

    def read_knocks(self) -> tuple[list[tuple[int, int, int]], set[int]]:
        field = self.f["knocks"]
        pending: list[tuple[int, int, int]] = []
        knocked: set[int] = set()
        for p in [] if field.text == "-" else field.split(","):
            m = _KNOCK.match(p.text)
            if m is None and "@" in p.text:
                raise p.fail(f"expected SEAT@L|R (a knock and the ends when it was made), "
                             f"found {_shown(p.text)}")
            if m is None:
                knocked.add(self.seat(p))
                continue
            seat = self.seat(_Piece(m[1], p.col))
            if max(int(m[2]), int(m[3])) > self.rules.max_pip:
                raise p.fail(f"expected the ends at the knock (pips 0 to "
                             f"{self.rules.max_pip}), found {_shown(p.text)}")
            pending.append((seat, int(m[2]), int(m[3])))
        return pending, knocked

    def read_totals(self) -> list[int]:
        field = self.f["totals"]
        sides = self.rules.side_count
        totals = [_number(p, "a total") for p in field.split(",")]
        if len(totals) != sides:
            raise field.fail(f"expected {sides} totals (one a side, comma-separated), "
                             f"found {len(totals)}")
        over = [t for t in totals if t > self.rules.target]
        if self.rules.immediate_end and over:
            raise field.fail(f"a total of {over[0]} is past the target {self.rules.target}: "
                             "an event past it is discarded (R8.2)")
        return totals


def read_position(text: str) -> Start:
    """The engine's state of a position string; ``PositionError`` (with
    its column) when it is not one."""
    r = _Reader(text)
    hands, unknown = r.read_hands()
    line = r.read_line()
    dealt = sum(len(h) + n for h, n in zip(hands, unknown, strict=True)) + len(line)
    rules = r.rules
    if dealt != rules.players * rules.hand_size:
        raise r.f["hands"].fail(
            f"the hands hold {dealt - len(line)} tiles and the line {len(line)}; a deal is "
            f"{rules.players} hands of {rules.hand_size} (R2.1), {rules.players * rules.hand_size}"
            " tiles")
    pending, knocked = r.read_knocks()
    if (pending or knocked) and not line:
        raise r.f["knocks"].fail("expected - : nobody knocks before the lead (R3.3: any "
                                 "tile leads)")
    if (pending or knocked) and not any(unknown):
        raise r.f["knocks"].fail("expected - : knocks are written only while a hand is not "
                                 "known (with every hand known, a knock proves itself, R4.4)")
    totals = r.read_totals()
    number = _number(r.f["round"], "the round's number")
    if number < 1:
        raise r.f["round"].fail("expected the round's number, from 1")
    opener = r.seat(r.f["opener"])
    first = (opener - number + 1) % rules.players  # R3.2
    setup = Setup.of(rules, r.seats, first)
    game = setup.new_game()
    game.round_number = number - 1
    game.scores = totals
    rs = game.new_round(hands, opener, r.seats, unknown)
    _lay(rs, line)
    rs.pending = [(s, a, b, None) for s, a, b in pending]
    rs.knocked = knocked
    _turn(r, rs, game, line, opener)
    return Start(setup, game, rs, tuple(line), opener)


def _lay(rs: RoundState, line: Sequence[Tile]) -> None:
    """The line's state in the round: its ends, the doubles at them, its
    tiles played (tracked while a hand is not known)."""
    rs.ntiles = len(line)
    if line:
        rs.left, rs.right = line[0][0], line[-1][1]
        rs.left_double = line[0][0] == line[0][1]
        rs.right_double = line[-1][0] == line[-1][1]
    if rs.tracking:
        rs.played = {tile_key(*t) for t in line}
    rs.emptied = [held == 0 for held in rs.held]


def _over(rs: RoundState, game: GameState) -> str | None:
    """How the round is over by its state (a side's domino, R7.1, R7.2; a
    block, R7.3, R7.5; the target, R8.4), or None."""
    rules = rs.rules
    for side in range(rules.side_count):
        if all(rs.held[s] == 0 for s in rules.seats_of_side(side)):
            rs.winner_side = side
            return "domino"
    if game.rules.immediate_end and game.rules.target in game.scores:
        return "target"
    if rs.ntiles and rs._nobody_can_place():
        return "blocked"
    holding = [s for s in range(rules.players) if rs.held[s]]
    if rs.ntiles and rs.partial and all(s in rs.knocked for s in holding):
        return "blocked"
    return None


def _turn(r: _Reader, rs: RoundState, game: GameState, line: Sequence[Tile],
          opener: int) -> None:
    """The player to move, checked against the state: ``-`` exactly when the
    round (or the game) is over; before the lead, the opener (V5: the seat
    holding the lead the rules require)."""
    field = r.f["turn"]
    over = _over(rs, game)
    if field.text == "-":
        if over is None:
            raise field.fail("expected the seat to play: the round is not over")
        _end(rs, game, over)
        return
    if over is not None:
        raise field.fail(f"expected - : the round is over ({over})")
    seat = r.seat(field)
    if not rs.held[seat]:
        raise field.fail(f"{field.text} holds no tile: it cannot be the player to move (R7.2)")
    if not line and seat != opener:
        raise field.fail(f"expected {r.seats[opener]}: before the lead the opener plays (R3.3)")
    if not line and rs.required is not None and tile_key(*rs.required) not in rs.hands[seat]:
        key = tile_key(*rs.required)
        holder = next((s for s, hand in enumerate(rs.hands) if key in hand), None)
        who = "" if holder is None else f" ({r.seats[holder]} holds it)"
        raise r.f["opener"].fail(f"under opener=highest-double the lead must be "
                                 f"{rs.required[0]}-{rs.required[1]}{who} (V5)")
    rs.turn = seat


def _end(rs: RoundState, game: GameState, over: str) -> None:
    """A round over: its outcome, and the game's end when a side has won
    (R8.4; V4: the highest total at or past the target, alone at the top)."""
    if over != "target":
        rs.outcome = over
    top = max(game.scores)
    rules = game.rules
    if top >= rules.target and (rules.immediate_end or game.scores.count(top) == 1):
        game.over, game.winner = True, game.scores.index(top)


@lru_cache(maxsize=64)
def rule_options(rules: Rules) -> tuple[tuple[str, str], ...]:
    """The options that differ from the default rules for the seats (pagat:
    R2.1's hand, R1.3's partnerships), as ``[rule]`` tags name them."""
    base = dict(PRESETS["pagat"])
    base["hand"] = {2: "7", 3: "5", 4: "5"}.get(rules.players)
    base["partnerships"] = "on" if rules.players == 4 else "off"
    return tuple((k, v) for k, v in describe(rules).items() if base.get(k) != v)


def _tiles(tiles: Sequence[Tile]) -> str:
    return ",".join(f"{a}-{b}" for a, b in tiles)


def write_position(setup: Setup, rs: RoundState, game: GameState, line: Sequence[Tile],
                   number: int, opener: int) -> str:
    """The position string of a state (``line``: the round's tiles as they
    lie; ``number`` and ``opener``: the round in play and its opener)."""
    names = setup.names
    hands = []
    for keys, n in zip(rs.hands, rs.unknown, strict=True):
        items = [_tiles([key_tile(k) for k in sorted(keys)])] if keys else []
        items += [f"?{n}"] if n else []
        hands.append(",".join(items) or "-")
    knocks = [f"{names[s]}@{a}|{b}" for s, a, b, _ in rs.pending] if rs.partial else []
    knocks += [names[s] for s in sorted(rs.knocked)] if rs.partial else []
    over = rs.over or game.over
    options = rule_options(setup.rules)
    return " ".join((
        ",".join(names), "/".join(hands), _tiles(line) or "-",
        "-" if over else names[rs.turn], ",".join(knocks) or "-",
        ",".join(map(str, game.scores)), str(number), names[opener],
        ";".join(f"{k}={v}" for k, v in options) or "-",
    ))
