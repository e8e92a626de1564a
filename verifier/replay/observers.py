"""What a replay can be asked to record besides its findings: observers.

Boundary: the ``Observer`` hooks that ``replay.game.Replay`` calls as it steps a
game (in the spirit of python-chess's visitors), and the observers the tools
use (``replay.reference.Trace``, the reference trace, is one too): ``Ends``
(each placement's end as resolved, for the canonical form, and where the
replay first ended), ``Final`` (the last position, for perft) and
``Divergences`` (the audit: each round's first finding with the position
where it was found, as a typed ``Divergence``).
Observers only watch: they never change the game, judge a claim or emit a
diagnostic. No I/O.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from notation.model import Game, Knock, Placement, Round
from verifier.diagnostics import Diagnostic, Name
from verifier.rules.game import GameState, Stepper
from verifier.rules.illegal import IllegalMoveError
from verifier.rules.round import RoundState
from verifier.rules.scoring import Placed, Scored
from verifier.rules.tiles import tile_key


class Observer:
    """Hooks called by the replay, in order; each does nothing here."""

    def round_started(self, index: int, rnd: Round, step: Stepper) -> None:
        """A round's hands are dealt and its opener known."""

    def knocked(self, n: int, ev: Knock, seat: int, step: Stepper) -> None:
        """Event ``n`` of the round, a knock, was applied."""

    def placed(self, n: int, ev: Placement, placed: Placed, scored: Scored,
               step: Stepper) -> None:
        """Event ``n``, a placement, was applied and scored (claims not yet judged)."""

    def illegal(self, n: int, ev: Placement | Knock, error: IllegalMoveError,
                step: Stepper) -> None:
        """Event ``n`` is illegal; the round stops here."""

    def round_ended(self, index: int, rnd: Round, step: Stepper | None,
                    completed: bool) -> None:
        """A round is done with: ``completed`` when all its events were
        applied (over or not), else it stopped (``step`` is None when it
        stopped before its first event could be played)."""

    def found(self, d: Diagnostic, step: Stepper | None, state: GameState | None) -> None:
        """The replay reported a finding (``step`` is the round in play, if any)."""

    def game_ended(self) -> None:
        """The replay of the game is over (finished or stopped)."""


# --------------------------------------------------------------------------
# The ends as resolved, the last position.


class Ends(Observer):
    """Per round, the end each event went to as the engine resolved it: "L"
    or "R" after the lead, None for the lead and knocks, "" for events the
    replay did not reach (a round it did not play has none: the replay of a
    round may end before its deal is played, and the next round's go on);
    and how many rounds it had started when its replay of a round (or of
    the game) first ended (``stopped_at``)."""

    def __init__(self) -> None:
        self.rounds: dict[int, list[str | None]] = {}  # by the round record's id
        self.ends: list[str | None] = []  # the round in play's
        self.started: list[int] = []  # the ids of the rounds started, in order
        self.stopped_at: int | None = None

    def round_started(self, index: int, rnd: Round, step: Stepper) -> None:
        self.ends = self.rounds[id(rnd)] = [""] * len(rnd.events)
        self.started.append(id(rnd))

    def knocked(self, n: int, ev: Knock, seat: int, step: Stepper) -> None:
        self.ends[n - 1] = None

    def placed(self, n: int, ev: Placement, placed: Placed, scored: Scored,
               step: Stepper) -> None:
        self.ends[n - 1] = placed.end

    def round_ended(self, index: int, rnd: Round, step: Stepper | None,
                    completed: bool) -> None:
        if not completed and self.stopped_at is None:
            self.stopped_at = len(self.started)

    def resolve(self, game: Game, until_stop: bool = False) -> Game:
        """The game (the one replayed) with every reached placement's end
        written as resolved (and none on a lead): the canonical form writes
        the end. ``until_stop``: those of the rounds up to the one where the
        replay first ended, what a fill or a conversion writes (the later
        rounds are played from totals the record implies)."""
        kept = set(self.started[:self.stopped_at] if until_stop else self.started)
        rounds = []
        for rnd in game.rounds:
            ends = self.rounds.get(id(rnd)) if id(rnd) in kept else None
            if ends is not None:
                events = []
                for ev, end in zip(rnd.events, ends, strict=True):
                    if type(ev) is Placement and end != "" and ev.end != end:
                        ev = ev._replace(end=end)
                    events.append(ev)
                rnd = replace(rnd, events=tuple(events))
            rounds.append(rnd)
        return replace(game, rounds=tuple(rounds))


class Final(Observer):
    """The position after the last round the replay completed (for perft
    and the next turn, which ask it of a replay that did not stop)."""

    def __init__(self) -> None:
        self.position: tuple[RoundState, GameState] | None = None

    def round_ended(self, index: int, rnd: Round, step: Stepper | None,
                    completed: bool) -> None:
        if completed and step is not None:
            self.position = (step.round, step.game)


# --------------------------------------------------------------------------
# The audit.


@dataclass(frozen=True, slots=True)
class Facts:
    """What the audit's defect classes look at, of the event where a round
    first diverged: the line after it, how it ended, what was placed."""

    ntiles: int | None = None  # tiles on the line
    left: int | None = None
    left_double: bool = False
    right: int | None = None
    right_double: bool = False
    outcome: str | None = None  # the round's outcome after the event, if any
    bonus: int | None = None
    played_before: bool = False  # the event's tile was placed earlier in the round
    tile_replayed: bool = False  # the round's record places one tile twice
    side: int | None = None  # the placing side (live audits)
    before: int | None = None  # its total before the event (live audits)


@dataclass(frozen=True, slots=True)
class Explained:
    """What the audit's classifier makes of a round's first divergence:
    the defect classes whose wrong computation reproduces what the record
    claims (none: unexplained; two or more: each reproduces it), the event
    it is named at (an earlier placement, for a tile joined by its wrong
    half), and why, in words."""

    classes: tuple[str, ...]
    event: int | None
    message: str


@dataclass(frozen=True, slots=True)
class Divergence:
    """Where a record first departs from the rules in a round: the finding and
    the position then: hands, ends, totals, seat to play; where that is
    (``where``: "round 4, event 5", "result of round 4", "header") and when
    (``moment``: "after event 5", "before event 6", "at the end of round
    4"); the round's later findings; and the classifier's verdict."""

    diagnostic: Diagnostic
    hands: dict[str, list[tuple[int, int]]]
    ends: str
    totals: tuple[int, ...]
    to_play: str | None
    facts: Facts = field(default_factory=Facts)
    where: str = ""
    moment: str = ""
    later: tuple[Diagnostic, ...] = ()
    explained: Explained | None = None


def position(step: Stepper | None, state: GameState | None, names: tuple[str, ...],
             ) -> tuple[dict[str, list[tuple[int, int]]], str, tuple[int, ...], str | None]:
    """Hands, ends, totals and the seat to play of a position."""
    hands: dict[str, list[tuple[int, int]]] = {}
    ends, to_play = "no round", None
    if step is not None:
        rs = step.round
        hands = {names[s]: [(k >> 5, k & 31) for k in sorted(h)] for s, h in enumerate(rs.hands)}
        ends = rs.ends_text()
        to_play = None if rs.over else names[rs.turn]
    return hands, ends, tuple(state.scores) if state is not None else (), to_play


@dataclass
class RoundSeen:
    """One round as an audit saw it: its number, record and starting
    totals, the end each placement went to, and its error findings."""

    index: int
    rnd: Round
    start: tuple[int, ...]
    ends: list[str | None] = field(default_factory=list)
    first: Divergence | None = None
    later: list[Diagnostic] = field(default_factory=list)


class Divergences(Observer):
    """Every round as seen (for the classifier), each with its first error
    and the position where it was found, and its later errors; and the
    errors found outside rounds (the header, the winner line)."""

    def __init__(self, names: tuple[str, ...] = ()) -> None:
        self.names = names
        self.rounds: list[RoundSeen] = []
        self.outside: list[Divergence] = []
        self.current: RoundSeen | None = None
        self.illegal_at: int | None = None
        self.facts = Facts()
        self.played: set[int] = set()

    def round_started(self, index: int, rnd: Round, step: Stepper) -> None:
        cur = self.current
        if cur is not None and cur.index == index:  # found wrong as it opened
            cur.rnd, cur.start = rnd, tuple(step.game.scores)
        else:
            self.current = RoundSeen(index, rnd, tuple(step.game.scores))

    def knocked(self, n: int, ev: Knock, seat: int, step: Stepper) -> None:
        if self.current is not None:
            self.current.ends.append(None)

    def placed(self, n: int, ev: Placement, placed: Placed, scored: Scored,
               step: Stepper) -> None:
        self.played.add(tile_key(*ev.tile))
        if self.current is not None:
            self.current.ends.append(placed.end)
        self.facts = Facts(step.round.ntiles, placed.left, placed.left_double, placed.right,
                           placed.right_double, placed.outcome, placed.bonus)

    def illegal(self, n: int, ev: Placement | Knock, error: IllegalMoveError,
                step: Stepper) -> None:
        tile = ev.tile if isinstance(ev, Placement) else None
        self.illegal_at = n
        self.facts = Facts(step.round.ntiles, outcome=step.round.outcome,
                           played_before=tile is not None and tile_key(*tile) in self.played)

    def found(self, d: Diagnostic, step: Stepper | None, state: GameState | None) -> None:
        if d.severity != "error":
            return
        cur = self.current
        if cur is not None and cur.first is not None:
            cur.later.append(d)
            return
        if d.event is not None:
            where = f"round {d.round}, event {d.event}"
            moment = ("before" if self.illegal_at == d.event else "after") + f" event {d.event}"
        elif d.round is not None and cur is None:  # a round's line, before it starts
            where, moment = f"the 'round' line of round {d.round}", f"as round {d.round} starts"
            step = None
        elif cur is not None:
            where = (f"the 'round' line of round {d.round}" if d.name == Name.ROUND_UNFINISHED
                     else f"result of round {cur.index}")
            moment = f"at the end of round {cur.index}"
        elif d.name == Name.BAD_HEADER:
            where, moment = "header", "before the game"
        else:
            where, moment = "winner line", "at the end of the game"
        div = Divergence(d, *position(step, state, self.names), self.facts, where, moment)
        if cur is None and d.round is not None:
            cur = self.current = RoundSeen(d.round, Round(d.round, ""), tuple(
                state.scores) if state is not None else ())
        if cur is None:
            self.outside.append(div)
        else:
            cur.first = div

    def round_ended(self, index: int, rnd: Round, step: Stepper | None,
                    completed: bool) -> None:
        cur = self.current
        if cur is None or cur.index != index:
            cur = RoundSeen(index, rnd, ())
        cur.rnd = rnd
        if cur.first is not None and _replays_a_tile(rnd):
            cur.first = replace(cur.first, facts=replace(cur.first.facts, tile_replayed=True))
        self.rounds.append(cur)
        self.current = None
        self.illegal_at = None
        self.facts = Facts()
        self.played = set()

    @property
    def clean_rounds(self) -> int:
        return sum(1 for r in self.rounds if r.first is None)


def _replays_a_tile(rnd: Round) -> bool:
    """Whether a round's record places the same tile twice."""
    seen: set[int] = set()
    for ev in rnd.events:
        if isinstance(ev, Placement):
            k = tile_key(*ev.tile)
            if k in seen:
                return True
            seen.add(k)
    return False
