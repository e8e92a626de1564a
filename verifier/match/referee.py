"""One game between engines under the referee: dealt, every move checked by
the rules, a defect a loss for the engine that made it, the engines' claims
judged as the audit judges a record's.

Boundary: plays one game on the public rules library (``rules.board.Board``,
dealt from the game's seed) with one engine a seat, each told only its own
hand and the public events (``messages``) and asked for its move on its
turn. A move the rules refuse (``rules.illegal``), a hang, an exit or an
answer out of shape ends the game (``Defect``: its class, the rule, the
position); an engine's claims that the rules do not give are ``Finding``\\s,
judged by the record audit (``audit.defects.audit_game``) on the record as
the engine claims it (``live.answers``). Returns the game as an FTN record
(``notation.model.Game``) with its outcome; starts and stops no process
(``run`` does) and writes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from notation.model import NOBODY, Game, Tag, Winner
from verifier.audit.defects import audit_game
from verifier.live.answers import View, with_claims
from verifier.live.process import EngineError
from verifier.match import messages as m
from verifier.rules.board import Board
from verifier.rules.illegal import IllegalMoveError
from verifier.rules.options import describe
from verifier.rules.plays import ScoredEvent

#: The most rounds a game may take (a target that no play reaches).
MAX_ROUNDS = 2000
#: The class of a hang, an exit or an answer out of the protocol's shape.
FAILURE = "engine-failure"


class Asks(Protocol):
    """An engine at a seat: one answer to one message."""

    def ask(self, msg: dict[str, Any], expect: str | tuple[str, ...]) -> dict[str, Any]: ...


@dataclass(frozen=True)
class Defect:
    """Why a game ended as a loss for one engine: its class (a diagnostic's
    name, or ``engine-failure``), the rule, what happened, where."""

    engine: str
    seat: str
    kind: str
    rule: str
    message: str
    round: int
    event: int  # the number the move would have had in its round
    position: str  # before the move (``Board.position()``)
    move: str = ""  # the move as FTN writes it ('' for a failure)

    def text(self, game: int | None = None) -> str:
        """One line: ``NAME (SEAT): game G, round R, event E: CLASS (RULE): ...``."""
        at = "" if game is None else f"game {game}, "
        return (f"{self.engine} ({self.seat}): {at}round {self.round}, event "
                f"{self.event}: {self.kind} ({self.rule}): {self.message}; "
                f"position {self.position}")


@dataclass(frozen=True)
class Finding:
    """A claim of an engine that the rules do not give (not a loss)."""

    engine: str
    seat: str
    kind: str
    rule: str
    message: str
    round: int | None
    event: int | None
    position: str

    def text(self, game: int | None = None) -> str:
        """One line: ``NAME (SEAT): game G, round R, event E: CLASS (RULE): ...``."""
        at = "" if game is None else f": game {game}"
        where = "" if self.round is None else f", round {self.round}" + (
            f", event {self.event}" if self.event else "")
        return (f"{self.engine} ({self.seat}){at}{where}: {self.kind} ({self.rule}): "
                f"{self.message}" + (f"; position {self.position}" if self.position else ""))


@dataclass
class Played:
    """A game as played: its record, the winning side (None: a defect ended
    it), the defect, the findings, and each finished round's points by side."""

    record: Game
    winner: str | None
    side_of: tuple[int, ...] = ()  # each seat's side (R1.3)
    winning: int | None = None  # the winner's side
    defect: Defect | None = None
    findings: list[Finding] = field(default_factory=list)
    round_points: list[tuple[int, ...]] = field(default_factory=list)


class _Forfeit(Exception):
    def __init__(self, defect: Defect) -> None:
        super().__init__(defect.message)
        self.defect = defect


@dataclass
class _Table:
    """The game in play: the board, the engine of each seat, their claims."""

    board: Board
    engines: tuple[str, ...]
    seats: Sequence[Asks]
    claims: dict[int, list[tuple[int, int, m.Claim]]] = field(default_factory=dict)

    def defect(self, seat: int, kind: str, rule: str, message: str, move: str = ""
               ) -> _Forfeit:
        b = self.board
        return _Forfeit(Defect(self.engines[seat], b.seats[seat], kind, rule, message,
                               b.round_number, len(b.events) + 1, b.position(), move))

    def ask(self, seat: int, msg: dict[str, Any], expect: str) -> dict[str, Any]:
        """The answer of the engine at ``seat``; a failure its ``_Forfeit``.
        A move answered to anything but ``go`` is a move out of turn."""
        try:
            reply = self.seats[seat].ask(msg, (expect, "move"))
        except EngineError as e:
            raise self.defect(seat, FAILURE, "protocol", str(e)) from None
        if reply["type"] != expect:
            raise self.defect(seat, "not-your-turn", "R1.2",
                              f"{self.board.seats[seat]} moves when told of "
                              f"{msg['type']!r}; it is not its turn")
        return reply

    def tell_all(self, msgs: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
        """Each seat told its message (in seat order): their answers."""
        return [self.ask(seat, msg, "ok") for seat, msg in enumerate(msgs)]


def play_game(number: int, seed: int, engines: Sequence[str], seats: Sequence[Asks],
              preset: str | None = None, options: Sequence[tuple[str, str]] = ()) -> Played:
    """Game ``number``, dealt from ``seed``, between ``engines`` (a name a
    seat, clockwise) answering at ``seats``. ValueError for rules that
    cannot be."""
    names = tuple(engines)
    board = Board(len(names), preset=preset, options=options, seed=seed, auto_deal=False)
    table = _Table(board, names, seats)
    played = Played(board.game_record(), None, tuple(board.rules.side_of))
    try:
        _start_game(table, number)
        while not board.is_game_over():
            if board.round_number > MAX_ROUNDS:
                raise ValueError(f"the game did not finish within {MAX_ROUNDS} rounds")
            played.round_points.append(_play_round(table))
            if not board.is_game_over():
                board.deal()
        table.tell_all([m.game_end(board.winner, board.totals)] * len(names))
        played.winner = board.winner
        played.winning = board.sides.index(board.winner) if board.winner else None
    except _Forfeit as f:
        played.defect = f.defect
        played.round_points = played.round_points[:board.round_number - 1]
    record = _record(table, seed, played.defect)
    played.findings = _findings(table, record, number)
    played.record = replace(record, tags=record.tags + tuple(
        Tag("finding", (f.text(),)) for f in played.findings))
    return played


def _start_game(table: _Table, number: int) -> None:
    b = table.board
    rules = describe(b.rules)
    for seat, name in enumerate(b.seats):
        table.ask(seat, m.new_game(number, name, b.seats, b.opener, rules), "ready")


def _play_round(table: _Table) -> tuple[int, ...]:
    """The round in play to its end, every move checked; each side's points."""
    b = table.board
    start = b.totals
    table.tell_all([m.new_round(b.round_number, b.opener, start, b.hand(s)) for s in b.seats])
    last: ScoredEvent | None = None
    while not b.is_round_over():
        last = _turn(table)
        replies = table.tell_all([m.event(last, _as_joined(b, last))] * len(b.seats))
        for seat, reply in enumerate(replies):
            _keep_claim(table, seat, reply, last)
    assert last is not None and last.outcome is not None
    who = last.seat if last.outcome == "domino" else None
    table.tell_all([m.round_end(last.round, last.outcome, who, b.totals)] * len(b.seats))
    return tuple(t - s for t, s in zip(b.totals, start, strict=True))


def _turn(table: _Table) -> ScoredEvent:
    """The seat to play asked for its move, and the move played: a move the
    rules refuse, or one out of shape, is its defect."""
    b = table.board
    assert b.turn is not None
    seat = b.seats.index(b.turn)
    reply = table.ask(seat, m.go(b.turn), "move")
    try:
        move = m.read_move(reply)
    except m.BadAnswer as e:
        raise table.defect(seat, FAILURE, "protocol", f"malformed move: {e}") from None
    try:
        return b.play(move, seat)
    except IllegalMoveError as e:
        raise table.defect(seat, e.kind, e.rule, f"{move}: {e.message}", str(move)) from None


def _as_joined(b: Board, ev: ScoredEvent) -> tuple[int, int] | None:
    """The tile just placed, its joining half first (the lead as it lies,
    left end first); None for a knock."""
    if ev.move.tile is None:
        return None
    if ev.move.end == "L":
        a, c = b.line[0]
        return c, a
    return b.line[-1] if ev.move.end == "R" else b.line[0]


def _keep_claim(table: _Table, seat: int, reply: dict[str, Any], ev: ScoredEvent) -> None:
    try:
        claim = m.read_claim(reply, len(table.board.sides))
    except m.BadAnswer as e:
        raise table.defect(seat, FAILURE, "protocol", f"malformed claim: {e}") from None
    if claim is not None:
        table.claims.setdefault(seat, []).append((ev.round, ev.event, claim))


def _record(table: _Table, seed: int, defect: Defect | None) -> Game:
    """The game as FTN: the engines' names as the seats' players, the seed,
    the referee's claims; a game a defect ended is ``winner none`` with the
    defect as a ``forfeit`` tag (the engines' wrong claims are added as
    ``finding`` tags once judged)."""
    b = table.board
    game = b.game_record()
    tags = [Tag("seat", (t.values[0], table.engines[b.seats.index(t.values[0])]))
            if t.key == "seat" else t for t in game.tags]
    tags.append(Tag("seed", (str(seed),)))
    if defect is not None:
        tags.append(Tag("forfeit", (defect.text(),)))
        game = replace(game, winner=Winner(NOBODY, None))
    return replace(game, tags=tuple(tags))


def _findings(table: _Table, record: Game, number: int) -> list[Finding]:
    """Each seat's claims judged as the record audit judges a record's: the
    referee's record with that engine's claims in place of the referee's."""
    found: list[Finding] = []
    for seat, claims in sorted(table.claims.items()):
        rounds = [list(r.events) for r in record.rounds]
        for r, n, (last, totals) in claims:
            view = View(None, frozenset(), last, totals, "on", None)
            rounds[r - 1][n - 1] = with_claims(rounds[r - 1][n - 1], view)
        theirs = replace(record, rounds=tuple(
            replace(rnd, events=tuple(evs)) for rnd, evs in zip(record.rounds, rounds,
                                                                 strict=True)))
        for d in audit_game(theirs, number, table.engines[seat]).divergences:
            diag = d.diagnostic
            kind = ", ".join(d.explained.classes) if d.explained and d.explained.classes \
                else diag.name
            found.append(Finding(table.engines[seat], table.board.seats[seat], kind,
                                 diag.rule, diag.message, diag.round, diag.event,
                                 _position(record, diag.round, diag.event)))
    return found


def _position(record: Game, rnd: int | None, event: int | None) -> str:
    """The position after event ``event`` of round ``rnd`` ('' outside a round)."""
    if rnd is None:
        return ""
    try:
        return Board.from_game(record, rnd, event or 0, auto_deal=False).position()
    except (ValueError, IllegalMoveError):
        return ""
