"""Replay a game record through the rules engine and judge what it claims.

Boundary: this module joins the two layers. It reads ``notation.model``
records (never text: that is the readers' work), sets the game up from its
header (``rules.start.Setup``), steps every round with the engine's
``rules.game.Stepper``, has the ``replay.judge.Judge`` compare every claim,
and returns ``Diagnostic`` s from the registry with their real places
(line and column; for JSON, the JSON Pointer too, located by the reader's
``locate``). It does no I/O and no rendering. A game is replayed once,
by one replay (``replay``) whose inputs are values: the game, how it was
read (``inputs.Reading``), the set-up when not the header's, and for an
audit ``inputs.Audit`` (the resync, the engine); what a tool wants besides
the findings (the typed trace, the resolved ends, the last position, the
audit's divergences) the observers it hands in record as it steps
(``replay.observers``), and what follows the computed values alone (a
fill, the canonical form, the last position) is cut where the replay
first ended (``GameReport.first_stop``, ``until_stop``). Where a round
ends when not as the rules' do it asks of the ``replay.ends.RoundEnds`` it
holds.

What it decides:
* the header (through ``rules.start``): a header whose problems are tag
  names misspelt is reported, and the game judged from the set-up
  ``rules.start.assumed_setup`` reads with the names meant; a tag that
  could not be read is absent, and when it is one the set-up reads (or
  its name cannot be told) the header's problems are not reported, since
  they may follow from it; then each round's deal and opener;
* every event, in order; an illegal move, or a seat name that is not the
  game's (on an event, 'round' or 'deal' line), ends its round's replay,
  since the round's later claims could not be judged, said once
  (``claims-unjudged``, a note) when claims of the round come after it;
  the next round starts from the totals its record implies (R8.5), with
  no finding of its own (no cascade). A round whose events stop before it
  ended (its result line, or the next round, comes first) is reported once
  (``round-unfinished``) and the next round starts likewise. A move after
  the game was won, a seat name not the game's met again in a later round
  (the header lacks it) or a deal that cannot be played ends the game's
  (every later round would say it again: a header or rules that are not
  the record's). An audit goes on with the next round, from the claimed
  totals or the computed ones (its ``Resync``);
* a record read in spite of syntax errors (``lost``: the lines that could
  not be read): a round's replay ends at its first line lost, as at an
  illegal move;
* every claim, through the ``Judge``. A wrong claim does not stop the replay.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, NoReturn, cast

from notation.hints import aside
from notation.model import (
    NOBODY,
    TOTALS,
    Game,
    Knock,
    Placement,
    PointsClaim,
    Round,
    TotalsClaim,
)
from verifier.diagnostics import BY_NAME, Diagnostic, DiagnosticName, Name
from verifier.replay.claims import already_placed
from verifier.replay.ends import Place, RoundEnds
from verifier.replay.inputs import CHECK_READING, Audit, Locate, Reading
from verifier.replay.judge import At, Judge, Located
from verifier.replay.observers import Ends, Final, Observer
from verifier.replay.results import GameReport, Unknown
from verifier.rules.game import GameState, Stepper
from verifier.rules.illegal import IllegalMoveError
from verifier.rules.round import RoundState
from verifier.rules.ruleset import Rules
from verifier.rules.start import (
    KNOWN_TAGS,
    HeaderProblem,
    Setup,
    assumed_setup,
    fmt_totals,
    read_header,
    team_problems,
)
from verifier.rules.tiles import deal_problems

__all__ = [
    "Audit", "GameReport", "Locate", "Reading", "Replay", "Unknown", "canonical_game",
    "check_game", "final_position", "replay",
]


class _Stop(Exception):
    """Raised inside a replay when the rest of the game (or, in an audit, of
    the round) cannot be judged."""


class _RoundStop(_Stop):
    """Raised inside a replay when the rest of the round cannot be judged,
    from line ``line`` on (after its event ``after``, 0 for none, where a
    finding stops it), just after the finding that says why (``why``
    names it; none at a line that could not be read: ``found``): the next
    round can."""

    def __init__(self, line: int, found: bool = True, why: str = "an illegal move",
                 after: int | None = None) -> None:
        super().__init__()
        self.line, self.found, self.why, self.after = line, found, why, after


@dataclass(frozen=True, slots=True)
class _Play:
    """Which event an undecided knock (or the play that proves it) was, for
    the engine to hand back in a finding."""

    at: Placement | Knock
    event: int

    def __str__(self) -> str:
        return f"event {self.event}"


class Replay:
    """The replay of one game (one object per game)."""

    def __init__(self, game: Game, number: int = 1, reading: Reading = CHECK_READING,
                 observers: Sequence[Observer] = (), setup: Setup | None = None,
                 audit: Audit | None = None) -> None:
        self.game = game
        self.lost = sorted(reading.lost)  # the lines that could not be read
        self.lost_keys = reading.lost_keys  # the names of the tags among them ("": not known)
        self.cut = False  # a round's replay ended before its record did
        self.renumbered = 0  # the record's round numbers less their places (it went on from one)
        # The engine that plays it (a wrong one, for the audit's classifier),
        # and the set-up, when not the header's.
        self.game_class = audit.engine if audit is not None else GameState
        self.given = setup
        self.source = reading.source
        self.locate = reading.locate
        self.preset = reading.preset  # that of a record naming none
        self.resync = audit.resync if audit is not None else None  # an audit's
        self.observers = list(observers)
        self.on_event = [o for o in self.observers
                         if type(o).placed is not Observer.placed
                         or type(o).knocked is not Observer.knocked]
        self.report = GameReport(number)
        self.round_no: int | None = None
        self.event_no: int | None = None
        self.step: Stepper | None = None
        self.state: GameState | None = None
        self.setup = _NO_SETUP
        self.judge: Judge | None = None
        self.ends: RoundEnds | None = None  # where rounds end when not as the rules' do
        self.last_diverged = False  # an audit: the last round had an error
        self.round_start: tuple[int, ...] = ()  # the totals as the round in play started
        self.strangers: set[str] = set()  # the seat names not the game's met so far

    # -- places and findings -------------------------------------------------

    def where(self, el: Located | Any, claim: PointsClaim | TotalsClaim | Any = None,
              part: str = "") -> Place:
        """The place of an element (or of one of its claims): its line and
        column, and for JSON its pointer, located in the text."""
        pointer = el.pointer
        if pointer is None:
            return el.line, claim.col if claim is not None else el.col, None
        pointer += part
        line, col = self.locate(pointer) if self.locate is not None else (1, 1)
        return line, col, pointer

    def emit(self, name: DiagnosticName, message: str, at: Place,
             claimed: str | None = None, computed: str | None = None,
             rule: str | None = None) -> None:
        entry = BY_NAME[name]
        cited = self.setup.options_cited.get(name)
        if cited:
            message += f" (under {cited[1]})"
        line, col, pointer = at
        d = Diagnostic(
            entry.code, name, entry.severity, message, line, col, self.report.game,
            self.round_no, self.event_no,
            (rule or entry.rule) + (f", {cited[0]}" if cited else ""), claimed, computed,
            self.source, pointer,
        )
        self.report.diagnostics.append(d)
        for o in self.observers:
            o.found(d, self.step, self.state)

    def finding(self, event: int | None, name: DiagnosticName, message: str, at: Place,
                claimed: str | None = None, computed: str | None = None) -> None:
        """A finding at event ``event`` of the round in play (None: of the
        round as a whole)."""
        self.event_no, before = event, self.event_no
        self.emit(name, message, at, claimed, computed)
        self.event_no = before

    def note(self, message: str, at: Any) -> None:
        line, col, pointer = self.where(at)
        self.report.unknowns.append(Unknown(
            message, line, col, self.report.game, self.round_no, self.event_no, self.source,
            pointer,
        ))

    # -- the game -----------------------------------------------------------

    def run(self) -> GameReport:
        """Replay the whole game; return what was found."""
        rep = self.report
        rep.events = sum(len(rnd.events) for rnd in self.game.rounds)
        try:
            self.start()
            state = self.state
            assert state is not None
            rounds = self.game.rounds
            # A record may start in mid-game: its rounds are numbered from there.
            first = self.setup.start_round
            for pos, rnd in enumerate(rounds):
                index = first + pos + self.renumbered
                self.round_no, self.event_no = index, None
                errors = rep.errors
                if state.over:
                    self.emit(Name.EVENT_AFTER_GAME_END,
                              f"round {rnd.number} starts after "
                              f"{self.setup.side_names[state.winner or 0]} won the game",
                              self.where(rnd))
                    if self.resync is None:
                        raise _Stop
                    state.over, state.winner = False, None
                following = rounds[pos + 1] if pos + 1 < len(rounds) else None
                lost = self.lost_in(rnd, following)
                if lost is not None and lost <= self.first_move(rnd):
                    self.round_cut(index, rnd, lost, None)  # not played
                    continue
                if rnd.number != index:
                    self.emit(Name.BAD_HEADER, f"round {index} is numbered {rnd.number}",
                              self.where(rnd), claimed=str(rnd.number), computed=str(index))
                    index = self.renumber(index, rnd, following)
                self.play_round(index, rnd, following, errors, lost)
            self.finish()
        except _Stop:
            rep.stopped = rep.diagnostics[-1] if rep.diagnostics else None
            self.first_stop()
            rep.scores = tuple(self.state.scores) if self.state is not None else (
                (0,) * max(1, len(self.setup.side_names)))
        for o in self.observers:
            o.game_ended()
        # (they hold this replay or its methods: no cycle to collect)
        self.judge = self.ends = None
        return rep

    def renumber(self, index: int, rnd: Round, following: Round | None) -> int:
        """The number a round misnumbered is played as: its own where the
        record goes on from it (the next round numbered one more: a round
        line too many or one missing before it, after which every round
        would be misnumbered and misopened, R3.2), else its place (a slip in
        this number alone)."""
        if following is None or following.number != rnd.number + 1 or rnd.number < 1:
            return index
        self.renumbered += rnd.number - index
        return rnd.number

    def start(self) -> None:
        found = self.given or read_header(self.game, self.preset)
        if isinstance(found, Setup):
            self.setup = self.report.setup = found
            self.state = found.new_game(self.game_class)
            self.judge = Judge(found, self._judged, self.note)
            self.ends = RoundEnds(self.game, found, self.resync, self)
            for p in team_problems(self.game, found):
                self.emit(Name.TEAM_SEAT_UNKNOWN, p.message, self.where(p.at))
            return
        if not any(k in KNOWN_TAGS or not k for k in self.lost_keys):  # (else they may follow)
            for p in [found] if isinstance(found, HeaderProblem) else found:
                self.emit(Name.BAD_HEADER, p.message, self.where(p.at), claimed=p.claimed)
        checked = self.resync is None and self.given is None
        assumed = assumed_setup(self.game, self.preset) if checked else None
        if assumed is None:
            raise _Stop
        self.given = assumed  # the rest is judged all the same
        self.start()

    def _judged(self, name: DiagnosticName, message: str, at: At,
                claimed: str | None = None, computed: str | None = None) -> None:
        self.emit(name, message, self.where(*at), claimed, computed)

    def lost_in(self, rnd: Round, following: Round | None) -> int | None:
        """The first line of a round's record that could not be read (from
        its 'round' line to the next round's, or the game's 'end' line), or
        None."""
        end = following.line if following is not None else self.game.end_line
        return next((line for line in self.lost if rnd.line <= line < end), None)

    @staticmethod
    def first_move(rnd: Round) -> int:
        """The line of a round's first event (or result): before it, the
        round cannot be played."""
        if rnd.events:
            return rnd.events[0].line
        return rnd.result.line if rnd.result is not None else rnd.line + 1

    def round_cut(self, index: int, rnd: Round, line: int, cause: Diagnostic | None,
                  why: str = "", after: int | None = None) -> None:
        """The replay of round ``index`` ended at line ``line`` (after its
        event ``after``, for the finding ``cause``, ``why`` naming it; or,
        ``after`` None, at a line that could not be read): the rest of its
        claims are not judged, said once when it has any
        (``claims-unjudged``, a note), and the next round starts from the
        totals its record implies, with no finding of its own (R8.5). The
        report's ``stopped`` is the first such finding (or note)."""
        judge = self.judge
        assert judge is not None
        self.cut = True
        judge.adopt = True
        events = rnd.events[after:] if after is not None else [
            ev for ev in rnd.events if ev.line > line]
        rest: list[Located] = [ev for ev in events if ev.totals is not None or (
            isinstance(ev, Placement) and (ev.points is not None or ev.end_total is not None))]
        if rnd.result is not None and (after is not None or rnd.result.line > line):
            rest.append(rnd.result)
        if rest:
            self.round_no, self.event_no = index, None
            lines = "1 line" if len(rest) == 1 else f"{len(rest)} lines"
            where = f"event {after}" if after else "before its first event"
            at = "a line that cannot be read" if cause is None else f"{why} ({where})"
            self.emit(Name.CLAIMS_UNJUDGED, f"the replay of round {index} ended at {at}: the "
                      f"claims of the rest of the round ({lines}, from here) are not judged; "
                      "the next round starts from the totals its record implies",
                      self.where(rest[0]))
            cause = cause or self.report.diagnostics[-1]
        if self.report.stopped is None:
            self.report.stopped = cause

    def first_stop(self) -> None:
        """A round's replay (or the game's) ended here, just after the
        finding that says why: the report's ``first_stop``, the first time."""
        rep = self.report
        if rep.before_stop is None:
            rep.before_stop = len(rep.diagnostics)
            rep.first_stop = rep.diagnostics[-1] if rep.diagnostics else None

    def stranger(self, name: str) -> None:
        """A seat name that is not the game's: the first time, a slip that
        costs its round; met again in a later round,
        the header lacks it, and every round would say it again: the game's
        replay stops there, with no finding of its own."""
        if name in self.strangers:
            raise _Stop
        self.strangers.add(name)

    def play_round(self, index: int, rnd: Round, following: Round | None, errors: int,
                   lost: int | None = None) -> None:
        """Deal, open and play one round; judge its claims and result
        (``errors``: how many the game had before the round began; ``lost``:
        the line where its replay ends, one that could not be read)."""
        state, judge, ends = self.state, self.judge, self.ends
        assert state is not None and judge is not None and ends is not None
        self.round_start = tuple(state.scores)
        if self.resync is not None:
            judge.reset()
        judge.new_round(index, self.round_start)
        self.step = cast("Stepper | None", None)  # not narrowed to None: open_round sets it
        completed = False
        try:
            step = self.open_round(index, rnd, state)
            if judge.adopt:  # after a round cut short, once dealt (R8.5)
                start = ends.adopt_start(index, rnd, step, judge)
                if start is not None:
                    self.round_start = start
            for o in self.observers:
                o.round_started(index, rnd, step)
            self.play_events(rnd if lost is None else replace(rnd, events=tuple(
                ev for ev in rnd.events if ev.line < lost)), step)
            if lost is not None:
                raise _RoundStop(lost, found=False)
            completed = True
            self.round_over(index, rnd, following, step)
            self.report.rounds += 1
        except _RoundStop as stop:
            self.first_stop()
            if self.resync is None:  # (an audit resyncs its own way)
                self.round_cut(index, rnd, stop.line,
                               self.report.diagnostics[-1] if stop.found else None, stop.why,
                               stop.after)
            self.report.rounds += 1
        except _Stop:
            if self.resync is None:
                raise
            self.report.rounds += 1
        finally:
            for o in self.observers:
                o.round_ended(index, rnd, self.step, completed)
        self.last_diverged = self.report.errors > errors
        if self.resync is not None and self.last_diverged:
            ends.resync_after(rnd, state, self.round_start)

    def round_over(self, index: int, rnd: Round, following: Round | None, step: Stepper
                   ) -> None:
        """After a round's events were played: what it leaves undecided, its
        result judged, and a round that is not over when the next starts (or
        the record stops)."""
        state, judge, ends = step.game, self.judge, self.ends
        assert judge is not None and ends is not None
        if step.round.partial:
            self.note_round_unknowns(step.round, rnd)
        if step.over:
            state.end_round()
        if rnd.result is not None and self.cut_short(index, rnd, step):
            return
        if rnd.result is not None:
            self.event_no = None
            judge.result(rnd.result, step)
        if following is not None and not step.over:
            self.round_no, self.event_no = index + 1, None
            self.emit(Name.ROUND_UNFINISHED,
                      f"round {index} is not over ({self.setup.names[step.round.turn]} to "
                      f"play, {step.round.ends_text()}) when round {following.number} "
                      "starts", self.where(following))
            self.round_no = index
            if self.resync is None:  # (an audit resyncs its own way)
                self.cut = True  # the next round starts where its claims say (R8.5)
                judge.adopt = True
        elif following is None and not step.over and not state.over:
            ends.record_stops(index, step)

    def cut_short(self, index: int, rnd: Round, step: Stepper) -> bool:
        """A round whose result line comes before the round is over: its
        events stop before it ended (the last of them missing), said once
        there (``round-unfinished``); its result is not judged and the next
        round starts from the totals its record implies, with no finding of
        its own (R8.5). Whether it was so (never in an audit, which judges
        the result as claimed; nor where totals not known leave open that
        the target ended the round, R8.4)."""
        res, judge = rnd.result, self.judge
        assert res is not None and judge is not None
        if step.over or self.resync is not None or not (
                self.setup.totals_known or res.outcome in ("domino", "blocked")):
            return False
        self.event_no = None
        self.emit(Name.ROUND_UNFINISHED,
                  f"round {index} is not over at its result ("
                  f"{self.setup.names[step.round.turn]} to play, {step.round.ends_text()}): "
                  "its events stop before it ended; the result is not judged, and the next "
                  "round starts from the totals its record implies", self.where(res))
        if res.totals is not None:  # (a total past the target is wrong all the same)
            judge.past_target(res.totals.values, (res, res.totals, TOTALS))
        self.cut = True
        judge.adopt = True
        return True

    def open_round(self, index: int, rnd: Round, state: GameState) -> Stepper:
        hands, unknown = self.hands(rnd)
        partial = any(unknown)
        names = self.setup.names
        opener = self.setup.seat_of.get(rnd.opener)
        if opener is None:
            self.stranger(rnd.opener)
            self.emit(Name.WRONG_OPENER, f"{rnd.opener} is not a seat{aside(rnd.opener, names)}; "
                      f"the seats are {', '.join(names)}", self.where(rnd))
            raise _RoundStop(rnd.line, why=_STRANGER, after=0)
        if partial and self.setup.rules.opener == "highest-double":
            self.note("the opener (the holder of the highest double, V5) cannot be checked: "
                      "not every hand is known", rnd)
        else:
            due = state.opener_for(index, hands)
            if opener != due:
                self.emit(
                    Name.WRONG_OPENER,
                    f"round {index} is opened by {rnd.opener}; it is {names[due]}'s turn "
                    "to open", self.where(rnd), claimed=rnd.opener, computed=names[due],
                )
        rs = state.new_round(hands, opener, names, unknown if partial else None)
        self.step = Stepper(state, rs)
        return self.step

    def play_events(self, rnd: Round, step: Stepper) -> None:
        state, judge, rs = step.game, self.judge, step.round
        assert judge is not None
        seat_of = self.setup.seat_of
        partial = rs.partial
        watchers = self.on_event
        place, knock, judged = step.place, step.knock, judge.event  # the hot loop
        n = 0
        played = False  # every event of the round played
        try:
            for n, ev in enumerate(rnd.events, 1):
                self.event_no = n
                if state.over:
                    self.emit(Name.EVENT_AFTER_GAME_END,
                              f"{self.setup.side_names[state.winner or 0]} has already won "
                              "the game", self.where(ev))
                    raise _Stop
                seat = seat_of.get(ev.seat)
                if seat is None:
                    self.stranger(ev.seat)
                    self.emit(Name.NOT_YOUR_TURN, f"{ev.seat} is not a seat of this game"
                              f"{aside(ev.seat, self.setup.names)}; it is "
                              f"{self.setup.names[rs.turn]}'s turn", self.where(ev))
                    raise _RoundStop(ev.line, why=_STRANGER, after=n)
                try:
                    if isinstance(ev, Knock):
                        knock(seat, _Play(ev, n) if partial else None)
                        if watchers:
                            for o in watchers:
                                o.knocked(n, ev, seat, step)
                        if ev.totals is not None:
                            judge.knock(ev, n, state)
                        continue
                    a, b = ev.tile
                    placed, scored = place(seat, a, b, ev.end, _Play(ev, n) if partial else None)
                    if watchers:
                        for o in watchers:
                            o.placed(n, ev, placed, scored, step)
                    judged(ev, n, placed, scored, state)  # raises no IllegalMoveError
                except IllegalMoveError as e:
                    self.illegal(n, ev, e, step, rnd)
            played = True
        finally:
            self.report.replayed += n if played else n - 1

    def illegal(self, n: int, ev: Placement | Knock, e: IllegalMoveError, step: Stepper,
                rnd: Round) -> NoReturn:
        for o in self.observers:
            o.illegal(n, ev, e, step)
        if e.kind == Name.EVENT_AFTER_ROUND_END and step.round.pending:
            # The round looks blocked by knocks; a later play of the round
            # may prove one of them false: say that instead.
            e = self.look_ahead(step.round, rnd, n) or e
        if isinstance(e.token, _Play):  # a knock proven illegal by this play
            self.event_no = e.token.event
            self.emit(BY_NAME[e.kind].name, e.message, self.where(e.token.at), rule=e.rule)
        else:
            message = e.message
            if e.kind == Name.TILE_NOT_IN_HAND and isinstance(ev, Placement):
                message = already_placed(rnd, n, ev) or message
            self.emit(BY_NAME[e.kind].name, message, self.where(ev), rule=e.rule)
        raise _RoundStop(ev.line, after=n) from None

    def hands(self, rnd: Round) -> tuple[list[list[tuple[int, int]]], list[int]]:
        """The known tiles of every seat and how many of its tiles are not
        known (a hand left out, or '?' tiles)."""
        rules, names, seat_of = self.setup.rules, self.setup.names, self.setup.seat_of
        size = rules.hand_size
        hands: list[list[tuple[int, int]] | None] = [None] * rules.players
        unknown = [0] * rules.players
        bad = False
        for d in rnd.deals:
            seat = seat_of.get(d.seat)
            if seat is None:
                self.stranger(d.seat)
                self.emit(Name.BAD_DEAL, f"deal for {d.seat}, which is not a seat"
                          f"{aside(d.seat, self.setup.names)}", self.where(d))
                raise _RoundStop(d.line, why=_STRANGER, after=0)
            if hands[seat] is not None:
                self.emit(Name.BAD_DEAL, f"{d.seat} is dealt twice", self.where(d))
                raise _Stop
            if len(d.tiles) != size:
                self.emit(Name.BAD_DEAL, f"{d.seat} is dealt {len(d.tiles)} tiles; the hand size "
                          f"is {size} (write '?' for a tile not known)", self.where(d))
                bad = True
            tiles: tuple[Any, ...] = d.tiles  # objects: compiled, no pair built again
            known = [t for t in tiles if t is not None]
            hands[seat] = known
            unknown[seat] = size - len(known)
            if unknown[seat]:
                self.note(f"{unknown[seat]} of the {size} tiles dealt to {d.seat} are not known",
                          d)
        for s, h in enumerate(hands):
            if h is None:
                unknown[s] = size
                self.note(f"the hand of {names[s]} is not known (no deal line)", rnd)
        full = [h or [] for h in hands]
        problems = deal_problems(rules, full, names, complete=False)
        if problems or bad:
            where = {seat_of[d.seat]: d for d in rnd.deals}
            for seat, message in problems:
                at = where.get(seat, rnd) if seat is not None else rnd
                self.emit(Name.BAD_DEAL, message, self.where(at))
            raise _Stop  # (a deal wrong for the rules: every later one would be too)
        return full, unknown

    def look_ahead(self, rs: RoundState, rnd: Round, n: int) -> IllegalMoveError | None:
        """The first later placement of the round (from event ``n``) that
        proves an undecided knock illegal, as a finding; else None."""
        for m, ev in enumerate(rnd.events[n - 1 :], n):
            seat = self.setup.seat_of.get(ev.seat)
            if isinstance(ev, Placement) and seat is not None:
                found = rs.proven_knock(seat, *ev.tile, _Play(ev, m))
                if found is not None:
                    return found
        return None

    def note_round_unknowns(self, rs: RoundState, rnd: Round) -> None:
        names = self.setup.names
        for seat, _, _, token in rs.pending:
            assert isinstance(token, _Play)
            self.event_no = token.event
            self.note(
                f"the knock by {names[seat]} ({token}) cannot be checked: "
                f"{names[seat]} held tiles that are not known, and none of those it "
                "played later in the round fitted the ends of the knock", token.at,
            )
        self.event_no = None
        if rs.outcome == "blocked" and rs.partial:
            unknown = [names[s] for s in range(self.setup.rules.players) if rs.unknown[s]]
            self.note(
                f"the block of round {self.round_no} rests on the knocks written: the hands of "
                f"{', '.join(unknown)} are not fully known", rnd,
            )

    def finish(self) -> None:
        """After the last round: the winner line, and whether the game ended."""
        state, judge, ends = self.state, self.judge, self.ends
        assert state is not None and judge is not None and ends is not None
        g, rep = self.game, self.report
        self.round_no = self.event_no = None
        self.step = None
        rep.scores = tuple(state.scores)
        rep.complete = state.over
        if state.over and state.winner is not None:
            rep.winner = self.setup.side_names[state.winner]
        if self.resync is not None and self.last_diverged:
            return  # an audit: what follows would follow from the last round's divergence
        if self.cut and judge.adopt:  # the totals since a round's replay ended are not known
            w = g.winner
            if w is not None and w.totals is not None:  # (but a total past the target)
                judge.past_target(w.totals.values, (w, w.totals, TOTALS))
                last = g.rounds[-1].result if g.rounds else None
                if last is not None and last.totals is not None:  # (and one claimed just before)
                    judge.restated(w.totals, (w, w.totals, TOTALS), last.totals,
                                   g.rounds[-1].number)
            return
        if g.winner is not None:
            judge.winner(g.winner, state)
        if not self.setup.totals_known:
            if g.winner is None:  # (a winner line is noted by the judge)
                judge.unfinished(g)
        elif not state.over and (g.winner is None or g.winner.side != NOBODY):
            # (``winner none`` says itself that no side has won: a record of
            # part of a game, like a round cut out of it.)
            self.emit(Name.GAME_UNFINISHED, f"the record stops before any side reaches "
                      f"{self.setup.rules.target}: totals {fmt_totals(state.scores)}",
                      ends.game_end())


_NO_SETUP = Setup(Rules.main_form(2), ())  # until the header is read
#: Why a round's replay ended at a seat that is not the game's (for claims-unjudged).
_STRANGER = "a seat that is not the game's"


# --------------------------------------------------------------------------
# What the tools call.


def replay(game: Game, number: int = 1, reading: Reading = CHECK_READING,
           observers: Sequence[Observer] = (), setup: Setup | None = None,
           audit: Audit | None = None) -> GameReport:
    """The one replay of a game (see the module doc): its findings, as the
    report; what a tool wants besides them its ``observers`` record as it
    steps. ``reading``: how the record was read (its source, the place of a
    JSON Pointer, the lines that could not be read, the preset of a record
    that names none); ``setup``: the rules
    and seats when not the header's; ``audit``: a replay as an audit (None:
    a check)."""
    return Replay(game, number, reading, observers, setup, audit).run()


def check_game(game: Game, number: int = 1, source: str = "<input>",
               locate: Locate | None = None, observers: Sequence[Observer] = (),
               lost: Sequence[int] = (), lost_keys: Sequence[str] = ()) -> GameReport:
    """Replay one game as ``ftn check`` does and return what it found;
    ``lost``: the lines of its record that could not be read, ``lost_keys``
    the names of the tags among them."""
    return replay(game, number, Reading(source, locate, tuple(lost), tuple(lost_keys)), observers)


def final_position(game: Game, source: str = "<input>"
                   ) -> tuple[GameReport, tuple[RoundState, GameState] | None]:
    """Replay one game; its report and its last position (after the last
    round completed), if any: that of the record when the replay did not
    stop (``first_stop`` None; perft and the next turn ask no other)."""
    final = Final()
    rep = check_game(game, 1, source, None, [final])
    return rep, final.position


def canonical_game(game: Game, number: int = 1, source: str = "<input>") -> Game:
    """The record in canonical form: every placement reached before the
    replay first ended with its end written as the engine resolves it
    (R4.2), none on a lead."""
    ends = Ends()
    check_game(game, number, source, None, [ends])
    return ends.resolve(game, until_stop=True)
