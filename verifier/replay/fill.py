"""Claims filled in: what ``ftn fill`` writes into a record that gives the
moves.

Boundary: from one ``notation.model`` record it replays the game (the
check's replay, ``replay.game.check_game``; what it writes stops where
that replay first ended, at an illegal move: ``observers.Ends.stopped_at``)
and writes in
every claim the replay decides and the record leaves out: a placement's
end total, its points (``+P+B`` with the domino bonus apart where one is
due, ``over+P`` for an event
discarded as an overshoot: SPEC.md 5, as ``ftn generate`` writes them) and
the running totals; each finished round's ``result`` line with its totals;
the ``winner`` line of a finished game (or the totals of a ``winner`` line
written without them). Claims already written are kept as written, a wrong
one too, so that ``ftn check`` still reports it; every end is written as
the canonical form writes it (``replay.game.canonical_game``). ``ftn
record`` writes each event filled so as it is entered; the fill job over
inputs is ``pipeline.jobs.fill``'s.

What it does not decide, it leaves out: the claims after an illegal move
(the later rounds are played from totals the record implies), everything
of a game whose header cannot be read, the totals of a knock (the
canonical form writes none), and ``winner none`` (a record that stops
before any side has won may be a game still in play; ``winner none`` says
it stops on purpose, and only its writer knows that).
Of a record whose starting totals are not known (``[start "K" "?"]``) it
writes only what the moves decide: end totals, points as scored (never
``over``: whether an event was discarded rests on the totals), and a round's
``result`` where it ended in a domino or a block, without totals; no running
totals, no round won at the target, no winner. It opens no file and prints
nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from notation.model import (
    EndTotalClaim,
    Game,
    Placement,
    PointsClaim,
    Round,
    RoundResult,
    TotalsClaim,
    Winner,
)
from verifier.diagnostics import Diagnostic
from verifier.files.formats import Locate
from verifier.replay.game import check_game
from verifier.replay.observers import Ends
from verifier.replay.results import GameReport
from verifier.rules.game import Stepper
from verifier.rules.scoring import Placed, Scored

__all__ = ["Filled", "computed_points", "fill", "fill_game"]


def computed_points(placed: Placed, scored: Scored) -> PointsClaim:
    """The points claim of an event as the canonical form writes it: ``+P``,
    ``+P+B`` where a bonus is due (B is written only when it is not 0),
    ``over+P`` or ``over+P+B`` when the event was discarded (R8.2)."""
    return PointsClaim(placed.points, placed.bonus or None, not scored.credited, 0)


def _totals(values: list[int] | tuple[int, ...]) -> TotalsClaim:
    return TotalsClaim(tuple(values), 0)


class _Claims(Ends):
    """The replay's computed claims, by round and event, as it steps (and the
    resolved end of every placement, as ``Ends`` records them)."""

    def __init__(self) -> None:
        super().__init__()
        self.events: list[dict[int, tuple[EndTotalClaim, PointsClaim, TotalsClaim]]] = []
        self.results: list[RoundResult | None] = []
        self.closing: list[TotalsClaim | None] = []  # a completed round's totals at its end
        self.playing: int | None = None  # the index of the round in play
        self.known = True  # the totals are known ([start "K" "?"]: not)

    def round_started(self, index: int, rnd: Round, step: Stepper) -> None:
        super().round_started(index, rnd, step)
        if self.stopped_at is not None:
            return  # (played from the totals the record implies: nothing to write)
        self.playing = index
        self.events.append({})
        self.results.append(None)
        self.closing.append(None)

    def placed(self, n: int, ev: Placement, placed: Placed, scored: Scored,
               step: Stepper) -> None:
        super().placed(n, ev, placed, scored, step)
        if self.playing is None:
            return
        self.events[-1][n] = (EndTotalClaim(placed.end_total, 0),
                              computed_points(placed, scored), _totals(step.game.scores))

    def round_ended(self, index: int, rnd: Round, step: Stepper | None,
                    completed: bool) -> None:
        super().round_ended(index, rnd, step, completed)
        playing, self.playing = self.playing, None
        if not completed or step is None or playing != index:
            return  # stopped, or stopped before it started (a bad deal, a wrong opener)
        self.closing[-1] = _totals(step.game.scores)
        found = step.outcome()
        if found is not None:
            kind, seat = found
            names = step.round.names
            self.results[-1] = RoundResult(kind, None if seat is None else names[seat],
                                           self.closing[-1])

    def fill(self, game: Game, report: GameReport) -> Game:
        """The record with every decided claim it leaves out written in."""
        resolved = self.resolve(game, until_stop=True)
        # [start "K" "?"]: the totals are not known, so neither is anything
        # that rests on them (the running totals, whether an event was
        # discarded, a round won at the target, the winner): only the moves'
        # own claims are written (end totals, points, a domino or a block).
        self.known = report.setup is None or report.setup.totals_known
        rounds = [self._round(rnd, i) if i < len(self.events) else rnd
                  for i, rnd in enumerate(resolved.rounds)]
        winner = resolved.winner
        if report.first_stop is None and self.known:  # the replay reached the end of the record
            final = _totals(report.scores)
            if winner is None and report.complete and report.winner is not None:
                winner = Winner(report.winner, final)
            elif winner is not None and winner.totals is None:
                winner = replace(winner, totals=final)
        return replace(resolved, rounds=tuple(rounds), winner=winner)

    def _round(self, rnd: Round, i: int) -> Round:
        computed = self.events[i]
        events = []
        for n, ev in enumerate(rnd.events, 1):
            claims = computed.get(n)
            if claims is not None and isinstance(ev, Placement):
                et, pts, tot = claims
                if not self.known:
                    ev = ev._replace(end_total=ev.end_total or et,
                                     points=ev.points or pts._replace(discarded=False))
                else:
                    ev = ev._replace(end_total=ev.end_total or et, points=ev.points or pts,
                                     totals=ev.totals or tot)
            events.append(ev)
        result, decided = rnd.result, self.results[i]
        if not self.known:
            if result is None and decided is not None and decided.outcome != "target":
                result = replace(decided, totals=None)
        elif result is None:
            result = decided
        elif result.totals is None and self.closing[i] is not None:
            result = replace(result, totals=self.closing[i])
        return replace(rnd, events=tuple(events), result=result)


@dataclass
class Filled:
    """One record filled in, and the replay's report of it (``stopped``:
    the illegal move after which nothing more could be filled)."""

    game: Game
    report: GameReport

    @property
    def stopped(self) -> Diagnostic | None:
        """The finding the replay first stopped at (an illegal move; a
        header or deal that cannot be read), or None when it reached the
        end: nothing after it is filled."""
        return self.report.first_stop


def fill(game: Game, number: int = 1, source: str = "<input>",
         locate: Locate | None = None) -> Filled:
    """Replay one record and write in every claim the replay decides that it
    leaves out (see the module doc), in the canonical form."""
    claims = _Claims()
    report = check_game(game, number, source, locate, [claims])
    return Filled(claims.fill(game, report), report)


def fill_game(game: Game) -> Game:
    """One record with every claim the replay decides written in."""
    return fill(game).game
