"""Where a record's rounds and game end, for the replay: a record that
stops in mid-round, a round after one cut short, an audit's resync.

Boundary: ``RoundEnds`` decides what the replay knows after a round that
does not end as the rules' does: the audit's resync from the claimed (or
computed) totals, the start a round's record implies after a round cut
short (no cascade: later findings are defects of their own), and the
finding or note of a record that stops in mid-round. ``replay.game.Replay``
holds one per game and hands it what it acts on: the round being stepped
(``rules.game.Stepper``), the judge, the game's totals; it reports through
the replay (a ``Reporter``: places, findings and notes). It judges no claim
and steps no move of the game itself (to learn how many events of a round
the replay will play, it steps copies).
"""

from __future__ import annotations

from typing import Protocol

from notation.model import NOBODY, Game, Knock, Round
from verifier.diagnostics import DiagnosticName, Name
from verifier.replay.claims import claimed_totals, implied_start
from verifier.replay.inputs import Resync
from verifier.replay.judge import Claim, Judge, Located
from verifier.rules.game import GameState, Stepper, copy_game
from verifier.rules.illegal import IllegalMoveError
from verifier.rules.round import copy_round
from verifier.rules.start import Setup

Place = tuple[int, int, "str | None"]
"""A finding's place: its line and column, and for JSON its pointer."""


class Reporter(Protocol):
    """What the round ends report through (the replay): the place of an
    element, and a finding or a note there."""

    def where(self, el: Located, claim: Claim | None = None, part: str = "") -> Place:
        """The place of an element (or of one of its claims)."""
        ...

    def finding(self, event: int | None, name: DiagnosticName, message: str, at: Place,
                claimed: str | None = None, computed: str | None = None) -> None:
        """A finding of the round in play, at its event ``event`` (None: of
        the round as a whole)."""
        ...

    def note(self, message: str, at: Located) -> None:
        """Something left undecided (``--explain-unknowns``)."""
        ...


class RoundEnds:
    """The round-end decisions of one game's replay (see the module doc)."""

    def __init__(self, game: Game, setup: Setup, resync: Resync | None,
                 reporter: Reporter) -> None:
        self.game = game
        self.setup = setup
        self.resync = resync  # an audit's (None: a check)
        self.reporter = reporter

    def game_end(self) -> Place:
        """Where a record ends: its ``end`` line (FTN), or its last element
        (JSON: a game's own place is where it starts, and a finding about
        its end must sort after every other of the game)."""
        g = self.game
        if g.pointer is None:
            return g.end_line, 1, None
        last: Located = g
        if g.winner is not None:
            last = g.winner
        elif g.rounds:
            rnd = g.rounds[-1]
            last = rnd.result or (rnd.events[-1] if rnd.events else rnd)
        return self.reporter.where(last)

    def record_stops(self, index: int, step: Stepper) -> None:
        """The record stops in the middle of its last round: an audit's
        finding of that round (a round that ends there is evidence, like a
        claim); for ``ftn check``, the game's ``game-unfinished`` says so,
        or under ``winner none`` a note."""
        g = self.game
        at = self.game_end()
        what = (f"round {index} is not over ({self.setup.names[step.round.turn]} to play, "
                f"{step.round.ends_text()}) when the record stops")
        if self.resync is not None:
            if not self.setup.totals_known:
                return  # from totals not known, a side may have reached the target (R8.4)
            self.reporter.finding(None, Name.ROUND_UNFINISHED, what, at)
        elif g.winner is not None and g.winner.side == NOBODY:
            self.reporter.note(f"{what}: how it ends is not known", g.winner)

    def adopt_start(self, index: int, rnd: Round, step: Stepper,
                    judge: Judge) -> tuple[int, ...] | None:
        """After a round whose replay ended early (R8.5): start this one
        (round ``index``, ``step`` dealt and no event played) from the
        totals its record implies (``replay.claims.implied_start``, of the
        events the replay will play), with no finding (no cascade: the
        computed totals are not known); else the judge adopts the first
        totals. The totals the round now starts from, when they changed;
        else None."""
        state = step.game
        found = implied_start(rnd, self.setup, self.playable(rnd, step))
        if found is None:
            return None
        _, start = found
        judge.adopt = False
        judge.reset()  # the drift is forgotten
        judge.new_round(index, state.scores)
        if list(start) == state.scores:
            return None
        state.scores[:] = start
        judge.new_round(index, start)
        return start

    def playable(self, rnd: Round, step: Stepper) -> int:
        """How many of the round's events the replay will play: those before
        the first it stops at (a seat that is not one, an illegal move),
        found by stepping copies of ``step``'s round (of the base class) and
        game, with no finding. Not where a side reaches the target: that
        rests on the start this is asked for."""
        seat_of = self.setup.seat_of
        trial = Stepper(copy_game(step.game), copy_round(step.round))
        for n, ev in enumerate(rnd.events, 1):
            seat = seat_of.get(ev.seat)
            if seat is None:
                return n - 1
            try:
                if isinstance(ev, Knock):
                    trial.knock(seat)
                else:
                    a, b = ev.tile
                    trial.place(seat, a, b, ev.end)
            except IllegalMoveError:
                return n - 1
        return len(rnd.events)

    def resync_after(self, rnd: Round, state: GameState, round_start: tuple[int, ...]) -> None:
        """An audit after a diverging round (which started from the totals
        ``round_start``): go on from the claimed totals (or the computed
        ones), the game not over."""
        if self.resync is Resync.CLAIMED:
            claimed = claimed_totals(rnd, round_start, self.setup)
            if claimed is not None and len(claimed) == len(state.scores):
                state.scores = list(claimed)
        state.over = False
