"""Claims filled in: what ``ftn fill`` writes into a record that gives the
moves.

Boundary: the library side of ``ftn fill`` (and of ``ftn record``, which
writes each event filled as it is entered). From one ``notation.model``
record it replays the game (``replay.check_game``) and writes in every claim
the replay decides and the record leaves out: a placement's end total, its
points (``+P+B`` with the domino bonus apart where one is due, ``over+P`` for
an event discarded as an overshoot: SPEC.md 5, as ``ftn generate`` writes
them) and the running totals; each finished round's ``result`` line with its
totals; the ``winner`` line of a finished game (or the totals of a
``winner`` line written without them). Claims already written are kept as
written, a wrong one too, so that ``ftn check`` still reports it; every end
is written as the canonical form writes it (``replay.canonical_game``).

What it does not decide, it leaves out: the claims after an illegal move
(the replay stops there), everything of a game whose header cannot be read,
the totals of a knock (the canonical form writes none), and ``winner none``
(a record that stops before any side has won may be a game still in play;
``winner none`` says it stops on purpose, and only its writer knows that).
Of a record whose starting totals are not known (``[start "K" "?"]``) it
writes only what the moves decide: end totals, points as scored (never
``over``: whether an event was discarded rests on the totals), and a round's
``result`` where it ended in a domino or a block, without totals; no running
totals, no round won at the target, no winner.

Also the work of the fill job on one piece of whole games (``fill_piece``,
the twin of ``rewrite.convert_piece``, run by the one pipeline) and the
whole-text function (``fill_text``, the twin of ``check.format_text``).
It opens no file and prints nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

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

from .check import LAYOUTS, game_text, newline_of, read_any
from .diagnostics import Diagnostic
from .engine import Placed, Scored, Stepper
from .observers import Ends
from .parallel import Piece
from .reading import Locate, kind_of
from .replay import check_game
from .results import GameReport
from .rewrite import Part, _games, format_target

__all__ = [
    "FillPart", "Filled", "computed_points", "fill", "fill_game", "fill_piece",
    "fill_text",
]


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
        self.playing = index
        self.events.append({})
        self.results.append(None)
        self.closing.append(None)

    def placed(self, n: int, ev: Placement, placed: Placed, scored: Scored,
               step: Stepper) -> None:
        super().placed(n, ev, placed, scored, step)
        self.events[-1][n] = (EndTotalClaim(placed.end_total, 0),
                              computed_points(placed, scored), _totals(step.game.scores))

    def round_ended(self, index: int, rnd: Round, step: Stepper | None,
                    completed: bool) -> None:
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
        resolved = self.resolve(game)
        # [start "K" "?"]: the totals are not known, so neither is anything
        # that rests on them (the running totals, whether an event was
        # discarded, a round won at the target, the winner): only the moves'
        # own claims are written (end totals, points, a domino or a block).
        self.known = report.setup is None or report.setup.totals_known
        rounds = [self._round(rnd, i) if i < len(self.events) else rnd
                  for i, rnd in enumerate(resolved.rounds)]
        winner = resolved.winner
        if report.stopped is None and self.known:  # the replay reached the end of the record
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
        """The finding the replay stopped at (an illegal move; a header or
        deal that cannot be read), or None when it reached the end."""
        return self.report.stopped


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


def fill_text(text: str, source: str = "<input>") -> tuple[str | None, list[Diagnostic]]:
    """A text (FTN, a JSON array, JSON Lines) filled in, in its own kind and
    line ends, as ``ftn fill`` prints it; or None and the diagnostics that
    keep it from being read. A text of no game is given back as it is (as
    ``fill --write`` leaves such a file)."""
    kind = kind_of(text, source)
    games, errors = read_any(text, source, kind)
    if errors:
        return None, errors
    if not games:
        return text, []
    to = "ftn" if kind == "ftn" else (
        "json" if text.lstrip("\ufeff \t\r\n").startswith("[") else "jsonl")
    out = LAYOUTS[to].join([game_text(fill(g, n, source).game, to)
                            for n, g in enumerate(games, 1)])
    if newline_of(text) == "\r\n":
        out = out.replace("\n", "\r\n")
    return out, []


# ---------------------------------------------------------------------------
# The job of one piece (``--jobs``): the twin of ``rewrite.convert_piece``.


@dataclass
class FillPart(Part):
    """A piece filled: ``Part``'s texts and problems, and a note for every
    game whose replay stopped before its end (what was not filled)."""

    notes: list[Diagnostic] = field(default_factory=list)


def fill_piece(piece: Piece) -> FillPart:
    """The games of a piece filled in, in the canonical form of the piece's
    own kind (FTN; a JSON array's games; JSON Lines)."""
    to = format_target(piece.how, piece.lines)
    texts: list[str] = []
    part = FillPart()
    for r in _games(piece, part):
        done = fill(r.game, r.number, piece.source, r.locate)
        if done.stopped is not None:
            part.notes.append(done.stopped)
            part.stopped = True
        texts.append(game_text(done.game, to))
    part.text, part.games = LAYOUTS[to].sep.join(texts), len(texts)
    return part
