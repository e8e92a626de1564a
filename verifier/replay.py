"""Replay a game record through the rules engine and judge what it claims.

Boundary: this module joins the two layers. It reads ``notation.model``
records (never text: that is ``notation.parser``'s work), drives
``verifier.engine``, and returns ``Diagnostic`` s from the registry. It does no
I/O and no rendering.

What it decides:
* the header (seats, first opener, rules) and each round's deal and opener;
* every event, in order; an illegal move stops that game's replay, since
  later claims could not be judged;
* every claim (end total, points, bonus, discard, totals, result, winner).
  A wrong claim does not stop the replay: it goes on with the computed
  values, and a running total that is off only because of a mismatch already
  reported is not reported again.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from notation.model import Game, Knock, Placement, PointsClaim, Round, TotalsClaim, same_side

from .diagnostics import BY_NAME, Counted, Diagnostic
from .engine import (
    GameState,
    Illegal,
    Placed,
    RoundState,
    Rules,
    Scored,
    deal_problems,
    tile_key,
)
from .options import known_options, resolve

FORMAT_VERSIONS = ("1",)
SEAT_RE = re.compile(r"(?!(?:game|end|round|deal|result|winner|knock)(?![A-Za-z0-9_]))"
                     r"[A-Za-z][A-Za-z0-9_]*\Z")


class _Stop(Exception):
    """Raised inside a replay when the rest of the game cannot be judged."""


@dataclass(frozen=True, slots=True)
class _KnockAt:
    """Which knock an undecided knock was, for the engine to hand back."""

    line: int
    col: int
    event: int

    def __str__(self) -> str:
        return f"event {self.event}"


@dataclass(frozen=True, slots=True)
class Divergence:
    """Where a record first departs from the rules in a round (audit mode):
    the finding and the position then: hands, ends, totals, seat to play."""

    diagnostic: Diagnostic
    hands: dict[str, list[tuple[int, int]]]
    ends: str
    totals: tuple[int, ...]
    to_play: str | None
    context: dict[str, Any]  # facts the defect classes look at


@dataclass(frozen=True, slots=True)
class Unknown:
    """Something a partial record leaves undecided: not an error; listed by
    ``ftn check --explain-unknowns``."""

    message: str
    line: int
    col: int
    game: int
    round: int | None = None
    event: int | None = None
    source: str = "<input>"
    pointer: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """A plain dict (JSON-ready)."""
        return {
            "message": self.message, "file": self.source, "line": self.line, "col": self.col,
            "pointer": self.pointer, "game": self.game, "round": self.round,
            "event": self.event,
        }


@dataclass
class GameReport(Counted):
    """What replaying one game found.

    ``ends`` (when asked for) holds, per round, the end each event went to as
    the engine resolved it: "L"/"R" for placements after the lead, None for
    the lead and knocks, and "" for events the replay did not reach."""

    game: int
    diagnostics: list[Diagnostic] = field(default_factory=list)
    events: int = 0
    rounds: int = 0
    complete: bool = False
    winner: str | None = None
    scores: tuple[int, ...] = ()
    ends: list[list[str | None]] | None = None
    # The reference replay (when asked for): one dict per round, JSON-ready,
    # in the shape of the 'replay' schema's rounds.
    trace: list[dict[str, Any]] | None = None
    # The finding that stopped the replay (an illegal move, a bad header or
    # deal), if one did.
    stopped: Diagnostic | None = None
    # What a partial record leaves undecided.
    unknowns: list[Unknown] = field(default_factory=list)
    # The position after the last event (when asked for): the engine's round
    # and game states, for perft.
    final: tuple[RoundState, GameState] | None = None
    # Audit mode: the first finding of each round that has one, with the
    # position where it was found.
    divergences: list[Divergence] = field(default_factory=list)
    clean_rounds: int = 0
    seats: tuple[str, ...] = ()
    sides: tuple[str, ...] = ()
    target: int = 61


def _fmt_totals(values: Sequence[int]) -> str:
    return "(" + ",".join(str(v) for v in values) + ")"


def _fmt_points(p: PointsClaim) -> str:
    body = f"+{p.points}" + (f"+{p.bonus}" if p.bonus is not None else "")
    return ("over" + body) if p.discarded else body


def _fmt_event(placed: Placed, scored: Scored) -> str:
    body = f"+{placed.points}" + (f"+{placed.bonus}" if placed.bonus else "")
    return body if scored.credited else "over" + body


class _Replay:
    """The state of one game's replay (one object per game)."""

    def __init__(
        self, game: Game, number: int, source: str, want_ends: bool, want_trace: bool = False
    ) -> None:
        self.game = game
        self.want_state = False
        self.audit: str | None = None  # "claimed" or "computed": resync after a divergence
        self.current: RoundState | None = None
        self.state: GameState | None = None
        self.round_first: Divergence | None = None
        self.context: dict[str, Any] = {}
        self.report = GameReport(
            number, ends=[] if want_ends else None, trace=[] if want_trace else None
        )
        self.source = source
        self.round_no: int | None = None
        self.event_no: int | None = None
        self.names: tuple[str, ...] = ()
        self.seat_of: dict[str, int] = {}
        self.side_names: tuple[str, ...] = ()
        self.rules = Rules.main_form(2)
        # Claimed minus computed totals, per side, as far as explained by
        # mismatches already reported; and whether an overshoot was reported.
        self.drift: list[int] = []
        self.drifting = False  # any(self.drift), kept up to date
        # Diagnostics whose verdict a declared option decides: name ->
        # (option ids, e.g. "V3", and the words to cite it with).
        self.options_cited: dict[str, tuple[str, str]] = {}
        self.over_reported: list[bool] = []

    # -- output ------------------------------------------------------------

    def emit(
        self,
        name: str,
        message: str,
        line: int,
        col: int,
        rule: str | None = None,
        claimed: str | None = None,
        computed: str | None = None,
    ) -> None:
        entry = BY_NAME[name]
        cited = self.options_cited.get(name)
        if cited:
            message += f" (under {cited[1]})"
        d = Diagnostic(
            entry.code, name, entry.severity, message, line, col, self.report.game,
            self.round_no, self.event_no,
            (rule or entry.rule) + (f", {cited[0]}" if cited else ""), claimed, computed,
            self.source,
        )
        self.report.diagnostics.append(d)
        if self.audit is not None and self.round_first is None and d.severity == "error":
            self.round_first = self.snapshot(d)

    # -- header ------------------------------------------------------------

    def header(self) -> GameState:
        g = self.game
        line = g.line
        seats: list[str] = []
        first = None
        preset = None
        declared: list[tuple[str, str]] = []
        option_tags = []
        seen: set[str] = set()
        for tag in g.tags:
            k, v = tag.key, tag.values
            if k in ("ftn", "first", "rules") and k in seen:
                self.emit("bad-header", f"the tag [{k}] is given twice", tag.line, tag.col)
                raise _Stop
            seen.add(k)
            if k == "ftn":
                if len(v) != 1 or v[0] not in FORMAT_VERSIONS:
                    self.emit(
                        "bad-header",
                        f"[ftn] must be one of {', '.join(map(repr, FORMAT_VERSIONS))}",
                        tag.line, tag.col, claimed=" ".join(v),
                    )
                    raise _Stop
            elif k == "seat":
                if not 1 <= len(v) <= 2 or not SEAT_RE.match(v[0]):
                    self.emit(
                        "bad-header",
                        '[seat] takes a seat name (a letter, then letters, digits or _; not a '
                        'reserved word) and an optional player: [seat "N" "Alice"]',
                        tag.line, tag.col,
                    )
                    raise _Stop
                if v[0] in seats:
                    self.emit("bad-header", f"seat {v[0]} is given twice", tag.line, tag.col)
                    raise _Stop
                seats.append(v[0])
            elif k == "first":
                first = tag
            elif k == "rules":
                if len(v) != 1:
                    self.emit("bad-header", '[rules] takes one preset: [rules "pagat"]',
                              tag.line, tag.col)
                    raise _Stop
                preset = tag
            elif k == "rule":
                if len(v) != 2:
                    self.emit(
                        "bad-header",
                        f'[rule] takes an option and its value: [rule "target" "100"]; '
                        f"known options: {known_options()}", tag.line, tag.col,
                    )
                    raise _Stop
                declared.append((v[0], v[1]))
                option_tags.append(tag)
        if "ftn" not in seen:
            self.emit("bad-header", 'the [ftn "1"] tag is missing', line, g.col)
            raise _Stop
        if len(seats) < 2:
            self.emit("bad-header", f"{len(seats)} seats; at least 2 [seat] tags are needed",
                      line, g.col)
            raise _Stop
        rules, problems = resolve(len(seats), preset.values[0] if preset else None, declared)
        if rules is None:
            for p in problems:
                at = (preset if p.index == -1 else
                      option_tags[p.index] if p.index is not None else None)
                where = (at.line, at.col) if at is not None else (line, g.col)
                self.emit("bad-header", p.message, *where)
            raise _Stop
        if first is None and rules.opener == "rotate":
            self.emit("bad-header", 'the [first "SEAT"] tag (the first opener, R3.1) is missing',
                      line, g.col)
            raise _Stop
        if first is not None and (len(first.values) != 1 or first.values[0] not in seats):
            self.emit(
                "bad-header", f"[first] must name one seat of {', '.join(seats)}",
                first.line, first.col,
            )
            raise _Stop
        self.rules = rules
        self.options_cited = _options_cited(rules)
        self.names = tuple(seats)
        self.seat_of = {n: i for i, n in enumerate(seats)}
        r = self.rules
        self.side_names = tuple(
            "+".join(seats[s] for s in r.seats_of_side(side)) for side in range(r.side_count)
        )
        self.drift = [0] * r.side_count
        self.over_reported = [False] * r.side_count
        self.report.seats, self.report.sides, self.report.target = (
            self.names, self.side_names, r.target
        )
        return GameState(r, self.seat_of[first.values[0]] if first is not None else 0)

    # -- rounds ------------------------------------------------------------

    def hands(self, rnd: Round) -> tuple[list[list[tuple[int, int]]], list[int]]:
        """The known tiles of every seat and how many of its tiles are not
        known (a hand left out, or '?' tiles)."""
        size = self.rules.hand_size
        hands: list[list[tuple[int, int]] | None] = [None] * self.rules.players
        unknown = [0] * self.rules.players
        bad = False
        for d in rnd.deals:
            seat = self.seat_of.get(d.seat)
            if seat is None:
                self.emit("bad-deal", f"deal for {d.seat}, which is not a seat", d.line, d.col)
                raise _Stop
            if hands[seat] is not None:
                self.emit("bad-deal", f"{d.seat} is dealt twice", d.line, d.col)
                raise _Stop
            if len(d.tiles) != size:
                self.emit(
                    "bad-deal",
                    f"{d.seat} is dealt {len(d.tiles)} tiles; the hand size is {size} "
                    "(write '?' for a tile not known)", d.line, d.col,
                )
                bad = True
            known = [t for t in d.tiles if t is not None]
            hands[seat] = known
            unknown[seat] = size - len(known)
            if unknown[seat]:
                self.note(f"{unknown[seat]} of the {size} tiles dealt to {d.seat} are not known",
                          d.line, d.col)
        for s, h in enumerate(hands):
            if h is None:
                unknown[s] = size
                self.note(f"the hand of {self.names[s]} is not known (no deal line)",
                          rnd.line, rnd.col)
        full = [h or [] for h in hands]
        problems = deal_problems(self.rules, full, self.names, complete=False)
        if problems or bad:
            where = {self.seat_of[d.seat]: d for d in rnd.deals}
            for seat, message in problems:
                at = where.get(seat, rnd) if seat is not None else rnd
                self.emit("bad-deal", message, at.line, at.col)
            raise _Stop
        return full, unknown

    def snapshot(self, d: Diagnostic) -> Divergence:
        rs, state = self.current, self.state
        hands: dict[str, list[tuple[int, int]]] = {}
        ends, to_play = "no round", None
        if rs is not None:
            hands = {
                self.names[s]: [(k >> 5, k & 31) for k in sorted(h)]
                for s, h in enumerate(rs.hands)
            }
            ends = rs.ends_text()
            to_play = None if rs.over else self.names[rs.turn]
        totals = tuple(state.scores) if state is not None else ()
        return Divergence(d, hands, ends, totals, to_play, dict(self.context))

    def run_audit(self) -> GameReport:
        """Audit mode: every round is judged; after a divergence the next round
        starts from the claimed totals (or the computed ones)."""
        rep = self.report
        try:
            state = self.header()
        except _Stop:
            if rep.diagnostics:
                rep.divergences.append(self.snapshot(rep.diagnostics[-1]))
            return rep
        self.state = state
        for index, rnd in enumerate(self.game.rounds, 1):
            self.round_no, self.event_no = index, None
            self.round_first = None
            self.context = {}
            self.drift = [0] * len(self.drift)
            self.drifting = False
            self.over_reported = [False] * len(self.over_reported)
            if state.over:
                self.emit("event-after-game-end",
                          f"round {rnd.number} starts after {self.side_names[state.winner or 0]} "
                          "won the game", rnd.line, rnd.col)
                state.over, state.winner = False, None
            with contextlib.suppress(_Stop):
                self.play_round(state, rnd, index)
            rep.rounds += 1
            if self.round_first is None:
                rep.clean_rounds += 1
                continue
            first = self.round_first
            if _replays_a_tile(rnd):
                first.context["tile_replayed"] = True
            rep.divergences.append(first)
            if self.audit == "claimed":
                claimed = _claimed_totals(rnd)
                if claimed is not None and len(claimed) == len(state.scores):
                    state.scores = list(claimed)
            state.over = False
        rep.scores = tuple(state.scores)
        return rep

    def run(self) -> GameReport:
        if self.audit is not None:
            return self.run_audit()
        rep = self.report
        state: GameState | None = None
        try:
            state = self.header()
            prev: RoundState | None = None
            for index, rnd in enumerate(self.game.rounds, 1):
                self.round_no = index
                self.event_no = None
                if state.over:
                    self.emit(
                        "event-after-game-end",
                        f"round {rnd.number} starts after {self.side_names[state.winner or 0]} "
                        "won the game", rnd.line, rnd.col,
                    )
                    raise _Stop
                if prev is not None and not prev.over:
                    self.emit(
                        "round-unfinished",
                        f"round {index - 1} is not over ({self.names[prev.turn]} to play, "
                        f"{prev.ends_text()}) when round {rnd.number} starts",
                        rnd.line, rnd.col,
                    )
                if rnd.number != index:
                    self.emit(
                        "bad-header", f"round {index} is numbered {rnd.number}",
                        rnd.line, rnd.col, claimed=str(rnd.number), computed=str(index),
                    )
                prev = self.play_round(state, rnd, index)
                rep.rounds += 1
                if self.want_state:
                    rep.final = (prev, state)
            self.finish(state, prev)
        except _Stop:
            rep.stopped = rep.diagnostics[-1] if rep.diagnostics else None
            if state is not None:
                rep.scores = tuple(state.scores)
            else:
                rep.scores = (0,) * max(1, len(self.side_names))
        return rep

    def play_round(self, state: GameState, rnd: Round, index: int) -> RoundState:
        hands, unknown = self.hands(rnd)
        partial = any(unknown)
        opener = self.seat_of.get(rnd.opener)
        if opener is None:
            self.emit("wrong-opener", f"{rnd.opener} is not a seat", rnd.line, rnd.col)
            raise _Stop
        if partial and self.rules.opener == "highest-double":
            self.note("the opener (the holder of the highest double, V5) cannot be checked: "
                      "not every hand is known", rnd.line, rnd.col)
        else:
            due = state.opener_for(index, hands)
            if opener != due:
                self.emit(
                    "wrong-opener",
                    f"round {index} is opened by {rnd.opener}; it is {self.names[due]}'s turn "
                    "to open", rnd.line, rnd.col, claimed=rnd.opener, computed=self.names[due],
                )
        rs = state.new_round(hands, opener, self.names, unknown if partial else None)
        self.current = rs
        ends: list[str | None] | None = None
        if self.report.ends is not None:
            ends = [""] * len(rnd.events)
            self.report.ends.append(ends)
        rules = self.rules
        seat_of = self.seat_of
        last: Placed | None = None
        ended_by_target = False
        played: set[int] = set()  # tiles placed this round (audit mode)
        steps: list[dict[str, Any]] | None = None
        if self.report.trace is not None:
            steps = []
            self.report.trace.append(
                {"round": index, "opener": rnd.opener, "events": steps, "result": None}
            )
        for n, ev in enumerate(rnd.events, 1):
            self.event_no = n
            self.report.events += 1
            if state.over:
                self.emit(
                    "event-after-game-end",
                    f"{self.side_names[state.winner or 0]} has already won the game",
                    ev.line, ev.col,
                )
                raise _Stop
            seat = seat_of.get(ev.seat)
            if seat is None:
                self.emit(
                    "not-your-turn",
                    f"{ev.seat} is not a seat of this game; it is {self.names[rs.turn]}'s turn",
                    ev.line, ev.col,
                )
                raise _Stop
            try:
                if type(ev) is Knock:
                    rs.knock(seat, _KnockAt(ev.line, ev.col, n) if partial else None)
                    if ends is not None:
                        ends[n - 1] = None
                    if steps is not None:
                        steps.append(self.knock_step(n, seat, state))
                    continue
                assert isinstance(ev, Placement)
                a, b = ev.tile
                placed = rs.place(
                    seat, a, b, ev.end, _KnockAt(ev.line, ev.col, n) if partial else None
                )
            except Illegal as e:
                if self.audit is not None:
                    tile = getattr(ev, "tile", None)
                    self.context = {
                        "outcome": rs.outcome, "ntiles": rs.ntiles,
                        "played_before": tile is not None and tile_key(*tile) in played,
                    }
                if e.kind == "event-after-round-end" and rs.pending:
                    # The round looks blocked by knocks; a later play of the
                    # round may prove one of them false: say that instead.
                    e = self.look_ahead(rs, rnd, n) or e
                if isinstance(e.token, _KnockAt):  # a knock proven illegal by this play
                    self.event_no = e.token.event
                    self.emit(e.kind, e.message, e.token.line, e.token.col, rule=e.rule)
                else:
                    self.emit(e.kind, e.message, ev.line, ev.col, rule=e.rule)
                raise _Stop from None
            if ends is not None:
                ends[n - 1] = placed.end
            scored = state.score(placed)
            if self.audit is not None:
                played.add(tile_key(a, b))
                self.context = {
                    "ntiles": rs.ntiles, "left": placed.left, "left_double": placed.left_double,
                    "right": placed.right, "right_double": placed.right_double,
                    "outcome": placed.outcome, "bonus": placed.bonus,
                }
            if steps is not None:
                steps.append(self.place_step(n, placed, scored, state))
            last = placed
            if scored.won and placed.outcome != "domino":
                ended_by_target = True  # R8.4: the game ends here, even on a block
            if ev.end_total is not None and ev.end_total.value != placed.end_total:
                self.emit(
                    "end-total-mismatch",
                    f"end total claimed {ev.end_total.value}, computed {placed.end_total} "
                    f"({placed.why(rules)})",
                    ev.line, ev.end_total.col,
                    claimed=str(ev.end_total.value), computed=str(placed.end_total),
                )
            pc = ev.points
            if pc is not None and (
                pc.discarded or not scored.credited or (
                    pc.points != scored.amount if pc.bonus is None
                    else pc.points != placed.points or pc.bonus != placed.bonus
                )
            ):
                self.check_points(ev, pc, placed, scored)
            tc = ev.totals
            if tc is not None and (self.drifting or tc.values != tuple(state.scores)):
                self.check_totals(tc, ev.line, state)
        if partial:
            self.note_round_unknowns(rs, rnd)
        if rs.over or state.over:
            state.end_round()
        if self.report.trace is not None and (rs.over or state.over):
            outcome = self.outcome_text(rs, state, last, ended_by_target).split()
            self.report.trace[-1]["result"] = {
                "outcome": outcome[0],
                "seat": outcome[1] if len(outcome) > 1 else None,
                "totals": list(state.scores),
            }
        if rnd.result is not None:
            self.check_result(rnd, rs, state, last, ended_by_target)
        return rs

    def look_ahead(self, rs: RoundState, rnd: Round, n: int) -> Illegal | None:
        """The first later placement of the round (from event ``n``) that
        proves an undecided knock illegal, as a finding; else None."""
        for m, ev in enumerate(rnd.events[n - 1 :], n):
            seat = self.seat_of.get(ev.seat)
            if isinstance(ev, Placement) and seat is not None:
                found = rs.proven_knock(seat, *ev.tile, _KnockAt(ev.line, ev.col, m))
                if found is not None:
                    return found
        return None

    # -- what partial records leave undecided ---------------------------------

    def note(self, message: str, line: int, col: int) -> None:
        self.report.unknowns.append(
            Unknown(message, line, col, self.report.game, self.round_no, self.event_no,
                    self.source)
        )

    def note_round_unknowns(self, rs: RoundState, rnd: Round) -> None:
        for seat, _, _, token in rs.pending:
            assert isinstance(token, _KnockAt)
            self.event_no = token.event
            self.note(
                f"the knock by {self.names[seat]} ({token}) cannot be checked: "
                f"{self.names[seat]} held tiles that are not known, and none of those it "
                "played later in the round fitted the ends of the knock", token.line, token.col,
            )
        self.event_no = None
        if rs.outcome == "blocked" and rs.partial:
            unknown = [self.names[s] for s in range(self.rules.players) if rs.unknown[s]]
            self.note(
                f"the block of round {self.round_no} rests on the knocks written: the hands of "
                f"{', '.join(unknown)} are not fully known", rnd.line, rnd.col,
            )

    # -- the reference replay ----------------------------------------------

    def knock_step(self, n: int, seat: int, state: GameState) -> dict[str, Any]:
        return {
            "event": n, "type": "knock", "seat": self.names[seat],
            "side": self.side_names[self.rules.side_of[seat]], "totals": list(state.scores),
        }

    def place_step(
        self, n: int, placed: Placed, scored: Scored, state: GameState
    ) -> dict[str, Any]:
        return {
            "event": n,
            "type": "place",
            "seat": self.names[placed.seat],
            "side": self.side_names[scored.side],
            "tile": list(placed.tile),
            "end": placed.end,
            "ends": [
                {"value": placed.left, "double": placed.left_double},
                {"value": placed.right, "double": placed.right_double},
            ],
            "endTotal": placed.end_total,
            "placementPoints": placed.points,
            "bonus": placed.bonus,
            "eventPoints": scored.amount,
            "credited": scored.credited,
            "totals": list(state.scores),
        }

    # -- claims ------------------------------------------------------------

    def check_points(
        self, ev: Placement, claim: PointsClaim, placed: Placed, scored: Scored
    ) -> None:
        if not claim.discarded and scored.credited:  # the common case first
            if claim.bonus is None:
                if claim.points == scored.amount:
                    return
            elif claim.points == placed.points and claim.bonus == placed.bonus:
                return
        side = scored.side
        line, col = ev.line, claim.col
        computed = _fmt_event(placed, scored)
        claimed = _fmt_points(claim)
        p, b = placed.points, placed.bonus
        target = self.rules.target
        before = scored.total if not scored.credited else scored.total - scored.amount
        if claim.discarded:
            if scored.credited:
                self.emit(
                    "wrongly-discarded",
                    f"the event is marked discarded, but {before} + {scored.amount} = "
                    f"{before + scored.amount} does not pass {target}: it is credited",
                    line, col, claimed=claimed, computed=computed,
                )
                self.drift[side] -= scored.amount
                self.drifting = any(self.drift)
                return
            self.compare_amounts(claim, placed, line, col, claimed, computed)
            return
        credit = claim.total
        if not scored.credited:
            # The record's own total after the event, if it gives one.
            own = ev.totals.values[side] if ev.totals is not None and len(
                ev.totals.values) > side else None
            split = b and (
                (claim.bonus is None and claim.points == p and before + p <= target)
                or (own is not None and own in (before + p, before + b) and own <= target)
            )
            if split:
                if own is not None and own != before + credit:
                    credit = own - before  # what the record really credited
                self.emit(
                    "bonus-split",
                    f"credited {claimed} (total {before + credit}): the placement's {p} and "
                    f"the bonus {b} were tested apart; together {before} + {p} + {b} = "
                    f"{before + p + b} > {target}, so both are discarded (R8.3)",
                    line, col, claimed=claimed, computed=computed,
                )
            else:
                self.emit(
                    "overshoot-accepted",
                    f"credited {claimed}, but {before} + {scored.amount} = "
                    f"{before + scored.amount} > {target}: the event is discarded whole",
                    line, col, claimed=claimed, computed=computed,
                )
                self.over_reported[side] = True
            self.drift[side] += credit
            self.drifting = any(self.drift)
            return
        if self.compare_amounts(claim, placed, line, col, claimed, computed):
            self.drift[side] += credit - scored.amount
            self.drifting = any(self.drift)

    def compare_amounts(
        self, claim: PointsClaim, placed: Placed, line: int, col: int, claimed: str,
        computed: str,
    ) -> bool:
        """Compare claimed points (and bonus) with the computed; report and
        return True when they differ."""
        p, b = placed.points, placed.bonus
        if claim.bonus is None:
            if claim.points == p + b:
                return False
            if b and claim.points == p:
                self.emit(
                    "bonus-mismatch",
                    f"claimed {claimed} without the domino bonus {b}; computed {computed}",
                    line, col, claimed=claimed, computed=computed,
                )
            else:
                self.emit(
                    "points-mismatch",
                    f"points claimed {claimed}, computed {computed} ({placed.why(self.rules)})",
                    line, col, claimed=claimed, computed=computed,
                )
            return True
        wrong = False
        if claim.points != p:
            self.emit(
                "points-mismatch",
                f"placement points claimed {claim.points}, computed {p} "
                f"({placed.why(self.rules)})",
                line, col, claimed=claimed, computed=computed,
            )
            wrong = True
        if claim.bonus != b:
            reason = "the round ends here" if placed.outcome == "domino" else (
                "this placement does not end the round with its side emptied"
            )
            self.emit(
                "bonus-mismatch", f"bonus claimed {claim.bonus}, computed {b}: {reason}",
                line, col, claimed=claimed, computed=computed,
            )
            wrong = True
        return wrong

    def check_totals(self, claim: TotalsClaim, line: int, state: GameState) -> None:
        computed = state.scores
        got = claim.values
        if got == tuple(computed) and not self.drifting:  # the common case first
            return
        if len(got) != len(computed):
            self.emit(
                "total-mismatch",
                f"{len(got)} totals for {len(computed)} sides ({', '.join(self.side_names)})",
                line, claim.col, claimed=_fmt_totals(got), computed=_fmt_totals(computed),
            )
            return
        target = self.rules.target
        wrong = []
        for i, (c, v) in enumerate(zip(got, computed, strict=True)):
            diff = c - v
            if c > target and self.rules.immediate_end:
                if not (self.over_reported[i] and diff == self.drift[i]):
                    self.emit(
                        "overshoot-accepted",
                        f"{self.side_names[i]}'s total is claimed as {c}, past the target "
                        f"{target}; computed {v}",
                        line, claim.col, claimed=_fmt_totals(got), computed=_fmt_totals(computed),
                    )
                    self.over_reported[i] = True
            elif diff and diff != self.drift[i]:
                wrong.append(self.side_names[i])
            self.drift[i] = diff
        self.drifting = any(self.drift)
        if wrong:
            self.emit(
                "total-mismatch",
                f"totals claimed {_fmt_totals(got)}, computed {_fmt_totals(computed)} "
                f"(wrong for {', '.join(wrong)})",
                line, claim.col, claimed=_fmt_totals(got), computed=_fmt_totals(computed),
            )

    def outcome_text(
        self, rs: RoundState, state: GameState, last: Placed | None, by_target: bool
    ) -> str:
        if rs.outcome == "domino" and last is not None:
            return f"domino {self.names[last.seat]}"
        if by_target:
            return "target"
        if rs.outcome == "blocked":
            return "blocked"
        return f"not over ({self.names[rs.turn]} to play)"

    def check_result(
        self, rnd: Round, rs: RoundState, state: GameState, last: Placed | None,
        by_target: bool,
    ) -> None:
        res = rnd.result
        assert res is not None
        self.event_no = None
        claimed = res.outcome + (f" {res.seat}" if res.seat else "")
        computed = self.outcome_text(rs, state, last, by_target)
        if claimed != computed:
            self.emit(
                "result-mismatch", f"result claimed {claimed!r}, computed {computed!r}",
                res.line, res.col, claimed=claimed, computed=computed,
            )
        if res.totals is not None:
            self.check_totals(res.totals, res.line, state)

    def finish(self, state: GameState, last_round: RoundState | None) -> None:
        g = self.game
        rep = self.report
        self.round_no = None
        self.event_no = None
        rep.scores = tuple(state.scores)
        rep.complete = state.over
        if state.over and state.winner is not None:
            rep.winner = self.side_names[state.winner]
        w = g.winner
        if w is not None:
            if not state.over:
                self.emit(
                    "winner-mismatch",
                    f"winner claimed {w.side}, but no side has reached {self.rules.target}: "
                    f"totals {_fmt_totals(state.scores)}",
                    w.line, w.col, claimed=w.side, computed="none",
                )
            elif not same_side(w.side, rep.winner):
                self.emit(
                    "winner-mismatch", f"winner claimed {w.side}, computed {rep.winner}",
                    w.line, w.col, claimed=w.side, computed=rep.winner,
                )
            if w.totals is not None:
                self.check_totals(w.totals, w.line, state)
        if not state.over:
            self.emit(
                "game-unfinished",
                f"the record stops before any side reaches {self.rules.target}: totals "
                f"{_fmt_totals(state.scores)}",
                g.end_line, 1,
            )


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


def _claimed_totals(rnd: Round) -> tuple[int, ...] | None:
    """The totals a round's record claims at its end: the result's, else the
    last event's."""
    if rnd.result is not None and rnd.result.totals is not None:
        return rnd.result.totals.values
    for ev in reversed(rnd.events):
        if isinstance(ev, Placement) and ev.totals is not None:
            return ev.totals.values
    return None


def audit_game(game: Game, number: int = 1, source: str = "<input>",
               resync: str = "claimed") -> GameReport:
    """Replay one game in audit mode (see ``_Replay.run_audit``)."""
    replay = _Replay(game, number, source, False)
    replay.audit = resync
    return replay.run()


def _options_cited(rules: Rules) -> dict[str, tuple[str, str]]:
    """For each diagnostic, the declared options (R9) that decide it, when
    they differ from the main form."""
    main = Rules.main_form(rules.players) if rules.players <= 4 else None
    cites: dict[str, list[tuple[str, str]]] = {}

    def add(names: str, vid: str, words: str) -> None:
        for n in names.split():
            cites.setdefault(n, []).append((vid, words))

    if rules.divisors != (3, 5):
        add("points-mismatch", "V3", "divisors " + ",".join(map(str, rules.divisors)))
    if rules.target != 61:
        add("overshoot-accepted wrongly-discarded bonus-split winner-mismatch game-unfinished "
            "total-mismatch", "V2", f"target {rules.target}")
    if not rules.immediate_end:
        add("overshoot-accepted wrongly-discarded winner-mismatch result-mismatch", "V4",
            "immediate end off")
    if rules.bonus != 1:
        add("bonus-mismatch bonus-split points-mismatch", "V7", f"bonus {rules.bonus}")
    if main is None or (rules.max_pip, rules.hand_size) != (main.max_pip, main.hand_size):
        add("bad-deal", "V1", f"a {rules.max_pip}-{rules.max_pip} set, hands of "
            f"{rules.hand_size}")
    if main is None or rules.partnerships != main.partnerships:
        add("not-your-turn result-mismatch bonus-mismatch", "V6",
            "partnerships " + ("on" if rules.partnerships else "off"))
    return {
        name: (", ".join(v for v, _ in found), "; ".join(w for _, w in found))
        for name, found in cites.items()
    }


def check_game(
    game: Game,
    number: int = 1,
    source: str = "<input>",
    want_ends: bool = False,
    want_trace: bool = False,
    want_state: bool = False,
) -> GameReport:
    """Replay one game and return what it found (see the module doc). With
    ``want_trace``, ``trace`` holds the reference replay of every event; with
    ``want_state``, ``final`` holds the position after the last event."""
    replay = _Replay(game, number, source, want_ends, want_trace)
    replay.want_state = want_state
    return replay.run()


def resolve_ends(game: Game, report: GameReport) -> Game:
    """The game with every reached placement's end written as the engine
    resolved it (and none on a lead): the canonical form writes the end."""
    if report.ends is None:
        raise ValueError("replay with want_ends=True first")
    rounds = []
    for rnd, ends in zip(game.rounds, report.ends, strict=False):  # may stop early
        events = []
        for ev, end in zip(rnd.events, ends, strict=True):
            if type(ev) is Placement and end != "" and ev.end != end:
                ev = ev._replace(end=end)
            events.append(ev)
        rounds.append(replace(rnd, events=tuple(events)))
    rounds.extend(game.rounds[len(rounds):])
    return replace(game, rounds=tuple(rounds))
