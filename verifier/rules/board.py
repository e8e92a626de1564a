"""A game of Fives and Threes to play move by move: the rules as a library.

Boundary: ``Board`` is the public, typed model of one game, in the spirit of
python-chess's ``Board``: start a game (seats, a preset and rule options, a
seed or given hands, a record's position, or a position string), ask its
state (whose turn, the hands, the line and its ends, the end total, the
totals, whether the round or the game is over, the winner), list the
``legal_moves()``, ``play`` a move and get the ``ScoredEvent`` it made,
``copy()`` and ``pop()`` (undo), and write the position as one line
(``position()``; ``rules.position`` reads and writes it) or the game played
so far as an FTN record. It adds no rule of its own: every move is applied
and scored by the engine (``rules.game.Stepper``), the rules come from
``rules.start.Setup`` and ``rules.options``, and an illegal move raises the
engine's typed ``rules.illegal.IllegalMoveError`` (one subclass per way a move
can break a rule, each with the rule it breaks). No I/O: nothing is read or
printed here; the record is a ``notation.model.Game``, printed by
``notation.ftn.printer``.

    >>> import random
    >>> board = Board(4, seed=1)
    >>> rng = random.Random(1)
    >>> while not board.is_game_over():
    ...     event = board.play(rng.choice(board.legal_moves()))
    >>> board.winner in board.sides
    True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from notation.ftn.printer import print_game
from notation.model import Game, Knock, Placement, Tag, Tile
from verifier.rules.game import GameState, Stepper, copy_game
from verifier.rules.generate import seat_names
from verifier.rules.illegal import (
    GameOverError,
    IllegalMoveError,
    NotYourTurnError,
    RoundOverError,
    WrongOpenerError,
)
from verifier.rules.moves import KNOCK, Move
from verifier.rules.perft import perft_moves
from verifier.rules.plays import (
    GameResult,
    PlayedRound,
    RoundOutcome,
    ScoredEvent,
    line_of,
    parse_move,
    record_hands,
    write_record,
)
from verifier.rules.position import PositionError, read_position, rule_options, write_position
from verifier.rules.round import RoundState, copy_round
from verifier.rules.ruleset import Rules
from verifier.rules.scoring import Placed, Scored
from verifier.rules.start import HeaderProblem, Setup, read_header
from verifier.rules.tiles import deal_problems, full_set

__all__ = ["KNOCK", "Board", "GameResult", "Move", "PositionError", "RoundOutcome", "ScoredEvent",
           "parse_move"]


@dataclass(frozen=True, slots=True)
class _Snapshot:
    """The board just before a move: what ``pop`` puts back (never changed)."""

    game: GameState
    round: RoundState
    last: tuple[Placed, Scored] | None
    by_target: bool
    rounds: int
    events: int
    rng: tuple[Any, ...]


class Board:
    """One game of Fives and Threes, played a move at a time.

    ``players`` is a number of seats (named N, S or N, E, W or N, E, S, W;
    P1, P2... past four) or the seat names, in clockwise order. ``preset``
    (``"pagat"``, the default, or ``"online"``) and ``options`` (option name
    to value, as ``[rule "NAME" "VALUE"]`` declares them: ``{"target":
    "100"}``) give the rules (R9); ValueError when they are impossible.
    ``seed`` seeds the lot for the first opener (R3.1) and the deals;
    ``first`` names the first opener instead; ``hands`` gives the first
    round's hands (seat order) instead of a random deal. With ``auto_deal``
    (the default) the next round is dealt as soon as one ends; otherwise the
    board waits for ``deal()``."""

    def __init__(self, players: int | Sequence[str] = 2, *, preset: str | None = None,
                 options: Mapping[str, str] | Sequence[tuple[str, str]] = (),
                 seed: int | None = None, first: int | str | None = None,
                 hands: Sequence[Sequence[Tile]] | None = None,
                 auto_deal: bool = True) -> None:
        names = seat_names(players) if isinstance(players, int) else tuple(players)
        declared = tuple(options.items()) if isinstance(options, Mapping) else tuple(options)
        setup = Setup.declared(names, 0, preset, declared)
        rng = random.Random(seed)
        # The first opener: by the neutral lot (R3.1), unless it is given.
        at = rng.randrange(len(names)) if first is None else setup.seat_of.get(
            first, -1) if isinstance(first, str) else first
        if not 0 <= at < len(names):
            raise ValueError(f"first: {first!r} is not a seat of {', '.join(names)}")
        tags = [Tag("ftn", ("1",)), *(Tag("seat", (n,)) for n in names),
                Tag("first", (names[at],))]
        if preset is not None:
            tags.append(Tag("rules", (preset,)))
        tags += [Tag("rule", (k, v)) for k, v in declared]
        self._start(replace(setup, first=at), tuple(tags), rng, auto_deal)
        self._deal(hands)

    def _start(self, setup: Setup, tags: tuple[Tag, ...], rng: random.Random,
               auto_deal: bool) -> None:
        self.setup = setup  # the seats, sides and rules
        self._tags = tags
        self._rng = rng
        self.auto_deal = auto_deal
        self._game = setup.new_game()
        self._step: Stepper | None = None
        self._rounds: list[PlayedRound] = []
        self._undo: list[_Snapshot] = []

    @classmethod
    def from_game(cls, game: Game, round: int | None = None, event: int | None = None, *,
                  seed: int | None = None, auto_deal: bool = True) -> Board:
        """The board at a record's position: after ``event`` events of round
        ``round`` (counted as the record numbers them; ``event`` None: all of
        them; ``round`` None: the whole record). Every hand up to there must be
        known; the record's claims are not read (the board computes its own).
        ValueError when the header cannot be read or a hand is not known; an
        ``IllegalMoveError`` (round and event named) for an illegal move."""
        found = read_header(game)
        if not isinstance(found, Setup):
            problems = [found] if isinstance(found, HeaderProblem) else found
            raise ValueError("; ".join(p.message for p in problems))
        board = cls.__new__(cls)
        tags = tuple(Tag(t.key, t.values) for t in game.tags)
        board._start(found, tags, random.Random(seed), auto_deal=False)
        for rnd in game.rounds:
            if round is not None and rnd.number > round:
                break
            hands = record_hands(rnd, found.names)
            if board._rounds and not board.is_round_over():
                raise ValueError(f"round {rnd.number} starts before round "
                                 f"{board.round_number} is over")
            board._deal(hands)
            if board.opener != rnd.opener:
                raise WrongOpenerError(f"round {rnd.number} is opened by {rnd.opener}; it is "
                                       f"{board.opener}'s turn to open", "R3.2")
            last = len(rnd.events) if event is None or rnd.number != round else event
            for n, ev in enumerate(rnd.events[:last], 1):
                board._replay_event(rnd.number, n, ev)
        board.auto_deal = auto_deal
        if auto_deal and board.is_round_over() and not board.is_game_over():
            board._deal(None)
        return board

    @classmethod
    def from_position(cls, text: str, *, seed: int | None = None,
                      auto_deal: bool = True) -> Board:
        """The board at a position string (SPEC: "Positions"; ``position()``
        writes it): the game goes on from there by the rules, with no moves
        to undo and the round's earlier moves unknown (``events`` starts
        empty; ``line`` is the position's). A hand written as ``?N`` holds
        N tiles not known: ``legal_moves`` lists the moves of its known
        tiles (or a knock), and ``play`` takes any tile it may hold (R2.2).
        ``seed`` seeds the deals of the rounds after it; with ``auto_deal``
        a position whose round is over is followed by the next deal.
        ``PositionError`` (a ValueError, with ``.column``) for a string
        that is not a position."""
        start = read_position(text)
        setup, names = start.setup, start.setup.names
        tags = (Tag("ftn", ("1",)), *(Tag("seat", (n,)) for n in names),
                Tag("first", (names[setup.first],)),
                *(Tag("rule", option) for option in rule_options(setup.rules)))
        game = start.game
        if game.round_number > 1 or any(game.scores):
            tags += (Tag("start", (str(game.round_number), ",".join(map(str, game.scores)))),)
        board = cls.__new__(cls)
        board._start(setup, tags, random.Random(seed), auto_deal)
        board._game = start.game
        board._step = Stepper(start.game, start.round)
        board._rounds = [PlayedRound(start.game.round_number, start.opener,
                                     tuple(board.hand(n) for n in names), line=start.line)]
        if auto_deal and board.is_round_over() and not board.is_game_over():
            board._deal(None)
        return board

    def position(self) -> str:
        """The position string of the board now (SPEC: "Positions"), as
        ``from_position`` reads it: the seats, the hands, the line, the seat
        to play, the knocks that still matter (while a hand is not known),
        the totals, the round and its opener, the rule options."""
        rnd = self._rounds[-1]
        return write_position(self.setup, self._rs, self._game, self.line, rnd.number,
                              rnd.opener)

    def _replay_event(self, number: int, n: int, ev: Placement | Knock) -> None:
        step = self._step
        assert step is not None
        try:
            if isinstance(ev, Knock) and step.round.outcome == "blocked" and not step.game.over:
                seat = self.setup.seat_of.get(ev.seat, -1)
                step.round.knock(seat)  # a knock that shows the block (R7.5)
                return
            self.play(KNOCK if isinstance(ev, Knock) else Move(ev.tile, ev.end), ev.seat)
        except IllegalMoveError as e:
            raise type(e)(f"round {number}, event {n}: {e.message}", e.rule) from None

    # -- dealing ------------------------------------------------------------

    def _deal(self, hands: Sequence[Sequence[Tile]] | None) -> None:
        rules, names, game = self.setup.rules, self.setup.names, self._game
        if hands is None:
            deck = full_set(rules.max_pip)
            self._rng.shuffle(deck)
            n = rules.hand_size
            dealt = [sorted(deck[i * n:(i + 1) * n]) for i in range(rules.players)]
        else:
            dealt = [list(h) for h in hands]
            problems = deal_problems(rules, dealt, names)
            if problems:
                raise ValueError("; ".join(message for _, message in problems))
        number = game.round_number + 1
        opener = game.opener_for(number, dealt)
        self._step = Stepper(game, game.new_round(dealt, opener, names))
        self._rounds.append(PlayedRound(number, opener, tuple(tuple(h) for h in dealt)))

    def deal(self, hands: Sequence[Sequence[Tile]] | None = None) -> None:
        """Deal the next round once the round in play is over (with
        ``auto_deal`` off), or deal the round in play again while none of it
        has been played; ``hands`` gives the hands (seat order), else they are
        dealt at random. ValueError when a round is under way, the game is
        over, or the hands are not a deal of the set (R2.1, R2.2)."""
        if self.is_game_over():
            raise ValueError("the game is over")
        rnd = self._rounds[-1]
        played = bool(rnd.events or rnd.line)
        if played and not self.is_round_over():
            raise ValueError(f"round {self.round_number} is under way")
        if not played:
            self._rounds.pop()
            self._game.round_number -= 1
        self._deal(hands)

    # -- the state ----------------------------------------------------------

    @property
    def _rs(self) -> RoundState:
        assert self._step is not None
        return self._step.round

    @property
    def rules(self) -> Rules:
        """The rule options in force (R9)."""
        return self.setup.rules

    @property
    def seats(self) -> tuple[str, ...]:
        """The seat names, in clockwise order (R1.2)."""
        return self.setup.names

    @property
    def sides(self) -> tuple[str, ...]:
        """The side names (``N+S`` for partners, R1.3), in side order."""
        return self.setup.side_names

    @property
    def round_number(self) -> int:
        """The number of the round in play (or the last one)."""
        return self._rounds[-1].number

    @property
    def opener(self) -> str:
        """The seat that opens the round in play (R3)."""
        return self.seats[self._rounds[-1].opener]

    @property
    def turn(self) -> str | None:
        """The seat to play, or None when the round or the game is over."""
        return None if self.is_round_over() else self.seats[self._rs.turn]

    def hand(self, seat: str | int) -> tuple[Tile, ...]:
        """The tiles ``seat`` holds now, low half first, in order."""
        return tuple((k >> 5, k & 31) for k in sorted(self._rs.hands[self._seat(seat)]))

    @property
    def held(self) -> dict[str, int]:
        """How many tiles every seat holds now, known or not (a board from a
        position may hold tiles not known: ``hand`` gives the known ones)."""
        rs = self._rs
        return {name: rs.held[i] for i, name in enumerate(self.seats)}

    @property
    def hands(self) -> dict[str, tuple[Tile, ...]]:
        """Every seat's tiles now."""
        return {name: self.hand(name) for name in self.seats}

    @property
    def line(self) -> tuple[Tile, ...]:
        """The tiles of the round in play from the left end to the right, each
        written as it lies (``line[0][0]`` and ``line[-1][1]`` are the ends)."""
        rnd = self._rounds[-1]
        return line_of(rnd.events, rnd.line)

    @property
    def ends(self) -> tuple[int, int] | None:
        """The open numbers at the left and right ends; None before the lead."""
        rs = self._rs
        return (rs.left, rs.right) if rs.ntiles else None

    @property
    def end_total(self) -> int:
        """The count of the open ends (R5, R6.1); 0 before the lead."""
        return self._rs.end_total() if self._rs.ntiles else 0

    @property
    def totals(self) -> tuple[int, ...]:
        """Every side's total, in side order (R8.5)."""
        return tuple(self._game.scores)

    @property
    def events(self) -> tuple[ScoredEvent, ...]:
        """The moves of the round in play so far."""
        return tuple(self._rounds[-1].events)

    @property
    def move_stack(self) -> tuple[ScoredEvent, ...]:
        """Every move of the game so far, in order."""
        return tuple(ev for r in self._rounds for ev in r.events)

    def is_round_over(self) -> bool:
        """Whether the round in play is over (won, blocked, or the game won)."""
        return self._step is None or self._step.over

    def is_game_over(self) -> bool:
        """Whether a side has won the game (R8.4, V4)."""
        return self._game.over

    @property
    def winner(self) -> str | None:
        """The side that won, or None while the game goes on."""
        w = self._game.winner
        return None if w is None or not self._game.over else self.sides[w]

    def result(self) -> GameResult | None:
        """The winner and the final totals, or None while the game goes on."""
        return None if self.winner is None else GameResult(self.winner, self.totals)

    def round_outcome(self, number: int | None = None) -> RoundOutcome | None:
        """How round ``number`` (default: the one in play) ended, or None
        while it goes on."""
        rnd = next((r for r in self._rounds if r.number == number), None) if number \
            else self._rounds[-1]
        return None if rnd is None else rnd.outcome()

    def legal_moves(self) -> list[Move]:
        """The moves the seat to play may make: for the lead, each tile of its
        hand once (low half first; under V5, the tile that must lead); after
        it, each tile that fits at each end it fits (R4.1, R4.2); a knock when
        nothing fits (R4.4); none once the round or the game is over."""
        return perft_moves(self._rs, self._game)

    def is_legal(self, move: Move | str, seat: str | int | None = None) -> bool:
        """Whether ``play(move, seat)`` would be accepted."""
        try:
            self.copy().play(move, seat)
        except IllegalMoveError:
            return False
        return True

    def _seat(self, seat: str | int) -> int:
        if isinstance(seat, int):
            if not 0 <= seat < len(self.seats):
                raise NotYourTurnError(f"seat {seat} is not a seat of this game", "R1.2")
            return seat
        at = self.setup.seat_of.get(seat)
        if at is None:
            raise NotYourTurnError(f"{seat} is not a seat of this game (seats: "
                                   f"{', '.join(self.seats)})", "R1.2")
        return at

    # -- moves --------------------------------------------------------------

    def play(self, move: Move | str, seat: str | int | None = None) -> ScoredEvent:
        """Play ``move`` (a ``Move`` or its text, ``parse_move``) for the seat
        to play, or for ``seat``, and return what it scored. An illegal move
        raises an ``IllegalMoveError`` (``NotYourTurnError``,
        ``TileNotInHandError``, ``TileDoesNotFitError``,
        ``AmbiguousPlacementError``, ``KnockWhileAbleError``,
        ``WrongOpenerError``, ``RoundOverError``, ``GameOverError``) and
        changes nothing."""
        move = parse_move(move) if isinstance(move, str) else move
        if move.end not in (None, "L", "R") or (move.tile is None and move.end is not None):
            raise ValueError(f"not a move: {move!r}; the end is 'L', 'R' or None")
        step, game = self._step, self._game
        assert step is not None
        if game.over:
            raise GameOverError(f"{self.winner} has won the game; nothing is played after "
                                "that", "R8.4")
        rs = step.round
        if rs.over:
            raise RoundOverError(f"round {self.round_number} is over ({rs.outcome}); deal "
                                 "the next one", "R7.5")
        at = rs.turn if seat is None else self._seat(seat)
        rnd = self._rounds[-1]
        snap = _Snapshot(copy_game(game), copy_round(rs), step.last, step.by_target,
                         len(self._rounds), len(rnd.events), self._rng.getstate())
        try:
            if move.tile is None:
                step.knock(at)
                end_total, points, bonus, discarded = None, 0, 0, False
            else:
                placed, scored = step.place(at, move.tile[0], move.tile[1], move.end)
                move = Move(move.tile, placed.end)
                end_total, points, bonus = placed.end_total, placed.points, placed.bonus
                discarded = not scored.credited
        except IllegalMoveError:
            self._restore(snap)
            raise
        outcome = None
        if step.over:
            game.end_round()  # V4: the highest total past the target wins
            found = step.outcome()
            outcome = None if found is None else found[0]
        event = ScoredEvent(rnd.number, len(rnd.events) + 1, self.seats[at],
                            self.setup.side_of_seat(at), move, end_total, points, bonus,
                            discarded, tuple(game.scores), outcome)
        rnd.events.append(event)
        self._undo.append(snap)
        if step.over and not game.over and self.auto_deal:
            self._deal(None)
        return event

    push = play

    def pop(self) -> ScoredEvent:
        """Undo the last move (a round dealt after it goes too) and return
        it; IndexError when no move has been played."""
        if not self._undo:
            raise IndexError("no move to undo")
        snap = self._undo.pop()
        event = self._rounds[snap.rounds - 1].events[snap.events]
        self._restore(snap)
        return event

    undo = pop

    def _restore(self, snap: _Snapshot) -> None:
        self._game = copy_game(snap.game)
        self._step = Stepper(self._game, copy_round(snap.round))
        self._step.last = snap.last
        self._step.by_target = snap.by_target
        del self._rounds[snap.rounds:]
        del self._rounds[-1].events[snap.events:]
        self._rng.setstate(snap.rng)

    def copy(self) -> Board:
        """An independent board in the same state, with the same moves to undo."""
        new = Board.__new__(Board)
        new._start(self.setup, self._tags, random.Random(), self.auto_deal)
        new._rng.setstate(self._rng.getstate())
        new._game = copy_game(self._game)
        step = self._step
        assert step is not None
        new._step = Stepper(new._game, copy_round(step.round))
        new._step.last, new._step.by_target = step.last, step.by_target
        new._rounds = [replace(r, events=list(r.events)) for r in self._rounds]
        new._undo = list(self._undo)  # snapshots are never changed
        return new

    # -- the record ---------------------------------------------------------

    def game_record(self) -> Game:
        """The game played so far as an FTN record (``notation.model.Game``),
        every claim written: end totals, points (the bonus apart, ``over`` for
        a discarded event), totals, each finished round's result and, once
        the game is over, the winner. ValueError for a board set up from a
        position in mid-round, or with a hand not known: the moves before
        it, or the deal, are not known."""
        first = self._rounds[0]
        if first.line or any(len(h) != self.rules.hand_size for h in first.hands):
            raise ValueError("the board was set up from a position in mid-round or with a hand "
                             "not known: the record would lack its deal or its first moves")
        return write_record(self._tags, self.seats, self._rounds, self.result())

    def ftn(self) -> str:
        """The game played so far as FTN text, in the canonical form."""
        return print_game(self.game_record())

    def __repr__(self) -> str:
        state = (f"{self.winner} won" if self.is_game_over()
                 else "round over" if self.is_round_over() else f"{self.turn} to play")
        ends = "no tile" if self.ends is None else f"ends {self.ends[0]}|{self.ends[1]}"
        totals = ",".join(map(str, self.totals))
        return f"<Board round {self.round_number}, {state}, {ends}, totals ({totals})>"
