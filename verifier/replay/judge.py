"""The claims judge: what a record claims against what the rules computed.

Boundary: compares the claims of one event, one round result or the winner
line (``notation.model`` claims) with the engine's
``rules.scoring.Placed``/``Scored`` and totals, and reports each
disagreement through its ``Report`` callback as a registry diagnostic name,
message and place. It keeps the one piece of state that judging needs
across events: how far the record's totals have drifted from the computed
ones because of mismatches already reported, so a total that is off only
for that reason is not reported again. It applies no move
(``rules.game.Stepper`` does), reads no header (``rules.start``) and
renders nothing.
``ftn check`` and ``ftn audit`` judge through this one class.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from notation.model import (
    END_TOTAL,
    NOBODY,
    POINTS,
    TOTALS,
    EndTotalClaim,
    Game,
    Knock,
    Placement,
    PointsClaim,
    Round,
    RoundResult,
    TotalsClaim,
    Winner,
    same_side,
)
from verifier.diagnostics import DiagnosticName, Name
from verifier.rules.game import GameState, Stepper
from verifier.rules.scoring import Placed, Scored
from verifier.rules.start import Setup, fmt_totals

Located = Placement | Knock | Round | RoundResult | Winner | Game
Claim = PointsClaim | TotalsClaim | EndTotalClaim


At = tuple[Located, "Claim | None", str]
"""Where a finding is: the element, the claim of it (if any) and the claim's
part of a JSON Pointer (``END_TOTAL``, ``POINTS``, ``TOTALS``, or ""). The
replay locates it only when a finding is reported."""


class Report(Protocol):
    """Where the judge sends a finding."""

    def __call__(self, name: DiagnosticName, message: str, at: At,
                 claimed: str | None = None, computed: str | None = None) -> None: ...


class Note(Protocol):
    """Where the judge sends what it cannot decide (``--explain-unknowns``)."""

    def __call__(self, message: str, at: Located) -> None: ...


#: Why a claim that rests on the totals cannot be judged ([start "K" "?"]).
_NOT_KNOWN = "the totals the record starts from are not known ([start] \"?\")"


def fmt_points(p: PointsClaim) -> str:
    """A points claim as FTN writes it: ``+2``, ``+2+1``, ``over+2+1``."""
    body = f"+{p.points}" + (f"+{p.bonus}" if p.bonus is not None else "")
    return ("over" + body) if p.discarded else body


def fmt_event(placed: Placed, scored: Scored) -> str:
    """What an event computed, in the form of a points claim."""
    body = f"+{placed.points}" + (f"+{placed.bonus}" if placed.bonus else "")
    return body if scored.credited else "over" + body


def outcome_text(step: Stepper, names: Sequence[str]) -> str:
    """A round's outcome as a ``result`` line writes it (or why it is not over)."""
    found = step.outcome()
    if found is None:
        return f"not over ({names[step.round.turn]} to play)"
    kind, seat = found
    return kind if seat is None else f"{kind} {names[seat]}"


class Judge:
    """Judges the claims of one game, event by event (see the module doc)."""

    def __init__(self, setup: Setup, report: Report, note: Note | None = None) -> None:
        self.setup = setup
        self.report = report
        # A record that starts from totals not known: what rests on them is
        # noted, not judged (the running totals once, the rest each time).
        self.note = note
        self.totals_known = setup.totals_known
        self.totals_noted = False
        sides = setup.rules.side_count
        # Claimed minus computed totals, per side, as far as explained by
        # mismatches already reported; and whether an overshoot was reported.
        self.drift = [0] * sides
        self.drifting = False  # any(self.drift), kept up to date
        self.over_reported = [False] * sides
        # What a total-mismatch names: where the totals last agreed (round,
        # event or None for the round's start, totals) and the events that
        # scored since (round, event, side, points, credited).
        self.round_no = 0
        self.agreed: tuple[int, int | None, tuple[int, ...]] = (0, None, ())
        self.since: list[tuple[int, int, int, int, bool]] = []
        # After a round whose replay ended early (an illegal move, a line
        # that cannot be read, events cut short), the next totals claimed are
        # adopted with no finding: the computed totals are not known, and
        # every later claim is judged from the record's own (no cascade).
        self.adopt = False
        self.past: set[tuple[int, int]] = set()  # the totals past the target said then

    def new_round(self, number: int, totals: Sequence[int]) -> None:
        """A round starts (its number, the totals then)."""
        self.round_no = number
        if not self.since and not self.drifting:
            self.agreed = (number, 0, tuple(totals))

    def reset(self) -> None:
        """Forget the drift (the audit does, at each round it resyncs)."""
        n = len(self.drift)
        self.drift = [0] * n
        self.drifting = False
        self.over_reported = [False] * n
        self.since = []

    # -- one placement -------------------------------------------------------

    def event(self, ev: Placement, n: int, placed: Placed, scored: Scored,
              state: GameState) -> None:
        """Judge a placement's claims (event ``n``): end total, points, totals."""
        et = ev.end_total
        if et is not None and et.value != placed.end_total:
            self.report(
                Name.END_TOTAL_MISMATCH,
                f"end total claimed {et.value}, computed {placed.end_total} "
                f"({placed.why(self.setup.rules.divisors)})",
                (ev, et, END_TOTAL),
                claimed=str(et.value), computed=str(placed.end_total),
            )
        pc = ev.points
        if pc is not None and (
            pc.discarded or not scored.credited or (
                pc.points != scored.amount if pc.bonus is None
                else pc.points != placed.points or pc.bonus != placed.bonus
            )
        ):
            self.points(ev, pc, placed, scored)
        tc = ev.totals
        if tc is not None and not self.drifting and tc.values == tuple(state.scores):
            # The totals agree: the events that scored before are forgotten.
            self.agreed = (self.round_no, n, tc.values)
            if self.since:
                self.since = []
            return
        if scored.amount:  # (only the totals judge what scored since they agreed)
            self.since.append((self.round_no, n, scored.side, scored.amount, scored.credited))
        if tc is not None:
            self.totals(tc, (ev, tc, TOTALS), state, n)

    def knock(self, ev: Knock, n: int, state: GameState) -> None:
        """Judge the totals a knock claims (event ``n``): a knock credits
        nothing, so they are the totals before it."""
        tc = ev.totals
        if tc is not None:
            self.totals(tc, (ev, tc, TOTALS), state, n)

    def points(self, ev: Placement, claim: PointsClaim, placed: Placed, scored: Scored) -> None:
        """Judge a points claim that differs from the computed event."""
        at = (ev, claim, POINTS)
        computed = fmt_event(placed, scored)
        claimed = fmt_points(claim)
        if claim.discarded:
            self.marked_discarded(ev, claim, placed, scored, at, claimed, computed)
            return
        credit = claim.total
        if not self.totals_known and credit == 0 and not claim.bonus:
            # +0 is right for a discarded event (R8.2), which the totals decide.
            self._unknown(f"whether the event was discarded (+0) cannot be checked: "
                          f"{_NOT_KNOWN}", ev)
            return
        if not scored.credited:
            if credit or claim.bonus:  # (+0: the event was discarded, and credited nothing, R8.2)
                self.credited_past(ev, claim, placed, scored, at, claimed, computed)
            return
        if self.amounts(claim, placed, at, claimed, computed):
            self._drift(scored.side, credit - scored.amount)

    def marked_discarded(self, ev: Placement, claim: PointsClaim, placed: Placed, scored: Scored,
                         at: At, claimed: str, computed: str) -> None:
        """Judge a points claim marked discarded (``over``): right when the
        event passes the target (R8.2), and then its amounts are judged."""
        if not self.totals_known:
            self._unknown(f"whether the event was discarded (over) cannot be checked: "
                          f"{_NOT_KNOWN}", ev)
        elif scored.credited:
            before = scored.total - scored.amount
            self.report(
                Name.WRONGLY_DISCARDED,
                f"the event is marked discarded, but {before} + {scored.amount} = "
                f"{before + scored.amount} does not pass {self.setup.rules.target}: it is "
                "credited",
                at, claimed=claimed, computed=computed,
            )
            self._drift(scored.side, -scored.amount)
            return
        self.amounts(claim, placed, at, claimed, computed)

    def credited_past(self, ev: Placement, claim: PointsClaim, placed: Placed, scored: Scored,
                      at: At, claimed: str, computed: str) -> None:
        """Judge a points claim that credits an event the target test
        discards (R8.2): its placement and bonus tested apart (R8.3), or an
        overshoot accepted."""
        side, credit = scored.side, claim.total
        p, b = placed.points, placed.bonus
        target = self.setup.rules.target
        before = scored.total  # (not credited: the total before the event)
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
            self.report(
                Name.BONUS_SPLIT,
                f"credited {claimed} (total {before + credit}): the placement's {p} and "
                f"the bonus {b} were tested apart; together {before} + {p} + {b} = "
                f"{before + p + b} > {target}, so both are discarded (R8.3)",
                at, claimed=claimed, computed=computed,
            )
        else:
            self.report(
                Name.OVERSHOOT_ACCEPTED,
                f"credited {claimed}, but {before} + {scored.amount} = "
                f"{before + scored.amount} > {target}: the event is discarded whole",
                at, claimed=claimed, computed=computed,
            )
            self.over_reported[side] = True
        self._drift(side, credit)

    def _drift(self, side: int, by: int) -> None:
        self.drift[side] += by
        self.drifting = any(self.drift)

    def amounts(self, claim: PointsClaim, placed: Placed, at: At,
                claimed: str, computed: str) -> bool:
        """Compare claimed points (and bonus) with the computed; report and
        return True when they differ."""
        p, b = placed.points, placed.bonus
        rules = self.setup.rules
        if claim.bonus is None:
            if claim.points == p + b:
                return False
            if b and claim.points == p:
                self.report(
                    Name.BONUS_MISMATCH,
                    f"claimed {claimed} without the domino bonus {b}; computed {computed}",
                    at, claimed=claimed, computed=computed,
                )
            elif not b and rules.bonus and placed.emptied and claim.points == p + rules.bonus:
                # A bonus in one number (+2 for +1+1): the same cause as written apart.
                self.report(
                    Name.BONUS_MISMATCH,
                    f"claimed {claimed}, the placement's {p} with a domino bonus of "
                    f"{rules.bonus}; computed {computed}: this placement does not end the "
                    "round with its side emptied",
                    at, claimed=claimed, computed=computed,
                )
            else:
                self.report(
                    Name.POINTS_MISMATCH,
                    f"points claimed {claimed}, computed {computed} ({placed.why(rules.divisors)})",
                    at, claimed=claimed, computed=computed,
                )
            return True
        wrong = False
        if claim.points != p:
            self.report(
                Name.POINTS_MISMATCH,
                f"placement points claimed {claim.points}, computed {p} "
                f"({placed.why(rules.divisors)})",
                at, claimed=claimed, computed=computed,
            )
            wrong = True
        if claim.bonus != b:
            reason = "the round ends here" if placed.outcome == "domino" else (
                "this placement does not end the round with its side emptied"
            )
            self.report(
                Name.BONUS_MISMATCH, f"bonus claimed {claim.bonus}, computed {b}: {reason}",
                at, claimed=claimed, computed=computed,
            )
            wrong = True
        return wrong

    # -- totals, results, the winner ------------------------------------------

    def totals(self, claim: TotalsClaim, at: At,
               state: GameState, n: int | None = None) -> None:
        """Judge claimed running totals against the computed ones (after
        event ``n``, or at the end of a round or game)."""
        computed = state.scores
        got = claim.values
        if self.adopt:
            if n is None:
                # a result's (or the winner's) totals are where a round ends,
                # not where the next starts: neither judged nor adopted, but
                # for a total past the target, wrong whatever was lost
                self.past_target(got, at)
                return
            if self.adopted(got, state, n):
                return
        if got == tuple(computed) and not self.drifting:  # the common case first
            self.agreed, self.since = (self.round_no, n, got), []
            return
        if not self.totals_known:
            if not self.totals_noted:
                self.totals_noted = True
                self._unknown(f"the running totals cannot be checked: {_NOT_KNOWN}", at[0])
            return
        if len(got) != len(computed):
            self.report(
                Name.TOTAL_MISMATCH,
                f"{len(got)} totals for {len(computed)} sides ({', '.join(self.setup.side_names)})",
                at, claimed=fmt_totals(got), computed=fmt_totals(computed),
            )
            return
        wrong, over = self.side_by_side(got, computed, at)
        if wrong:
            self.report(
                Name.TOTAL_MISMATCH,
                f"totals claimed {fmt_totals(got)}, computed {fmt_totals(computed)} "
                f"(wrong for {', '.join(wrong)}): {self.reason()}",
                at, claimed=fmt_totals(got), computed=fmt_totals(computed),
            )
        elif not self.drifting and not over:
            self.agreed, self.since = (self.round_no, n, got), []

    def adopted(self, got: tuple[int, ...], state: GameState, n: int) -> bool:
        """The first totals claimed after a round whose replay ended early:
        adopted, with no finding, and the replay goes on from them; whether
        they were (not when they are not one a side)."""
        computed = state.scores
        self.adopt = False
        if len(got) != len(computed):
            return False
        state.scores[:] = got
        self.reset()
        self.agreed = (self.round_no, n, got)
        return True

    def past_target(self, got: tuple[int, ...], at: At) -> None:
        """Claimed totals where the computed ones are not known (after a
        round whose replay ended early): a total past the target is an
        overshoot accepted all the same (R8.2), once for a total carried on
        (a result's, then the winner's)."""
        rules, names = self.setup.rules, self.setup.side_names
        if not rules.immediate_end or len(got) != len(names):
            return
        for i, c in enumerate(got):
            if c > rules.target and (i, c) not in self.past:
                self.past.add((i, c))
                self.report(
                    Name.OVERSHOOT_ACCEPTED,
                    f"{names[i]}'s total is claimed as {c}, past the target {rules.target} "
                    "(the totals before it are not known: a round's replay ended early)",
                    at, claimed=fmt_totals(got),
                )

    def restated(self, claim: TotalsClaim, at: At, before: TotalsClaim, number: int) -> None:
        """The winner's totals where the computed ones are not known (after
        the last round's replay ended early): no event lies between them and
        the last round's result, so they restate its totals; where they do
        not, the winner's are the slip (R8.5: a game ends at the totals its
        record implies). A total past the target in either is the overshoot
        ``past_target`` reports, and not said again."""
        got, implied = claim.values, before.values
        if got == implied or len(got) != len(implied):
            return
        rules = self.setup.rules
        if rules.immediate_end and max(*got, *implied) > rules.target:
            return
        wrong = [name for name, c, v in zip(self.setup.side_names, got, implied, strict=False)
                 if c != v]
        self.report(
            Name.TOTAL_MISMATCH,
            f"totals claimed {fmt_totals(got)}, but the result of round {number} just before "
            f"claims {fmt_totals(implied)} (wrong for {', '.join(wrong)}): no event lies between "
            "them, and that round's replay ended early, so its result's totals are the ones "
            "the record implies",
            at, claimed=fmt_totals(got), computed=fmt_totals(implied),
        )

    def side_by_side(self, got: tuple[int, ...], computed: Sequence[int],
                     at: At) -> tuple[list[str], bool]:
        """Each side's claimed total against the computed one: a total past
        the target is reported at once (an overshoot accepted, once per
        drift); the drift is updated. The sides whose total is wrong beyond
        the drift already reported, and whether a total passed the target."""
        rules, names = self.setup.rules, self.setup.side_names
        target = rules.target
        wrong = []
        over = False
        for i, (c, v) in enumerate(zip(got, computed, strict=True)):
            diff = c - v
            if c > target and rules.immediate_end:
                over = True
                if not (self.over_reported[i] and diff == self.drift[i]):
                    self.report(
                        Name.OVERSHOOT_ACCEPTED,
                        f"{names[i]}'s total is claimed as {c}, past the target "
                        f"{target}; computed {v}",
                        at, claimed=fmt_totals(got), computed=fmt_totals(computed),
                    )
                    self.over_reported[i] = True
            elif diff and diff != self.drift[i]:
                wrong.append(names[i])
            self.drift[i] = diff
        self.drifting = any(self.drift)
        return wrong, over

    def reason(self) -> str:
        """The events that scored since the totals last agreed, and their
        computed points: what a total-mismatch is about."""
        rnd, n, totals = self.agreed
        if not totals:
            return "no totals agreed before"
        where = (f"as round {rnd} started" if n == 0 else f"at the end of round {rnd}"
                 if n is None else f"after event {n} of round {rnd}")
        names = self.setup.side_names
        scored = [
            f"event {e}{'' if r == rnd else f' of round {r}'} {names[side]} "
            + (f"+{amount}" if credited else f"over+{amount} (discarded)")
            for r, e, side, amount, credited in self.since
        ]
        head = f"since the totals agreed at {fmt_totals(totals)} {where}"
        return head + (": " + ", ".join(scored) if scored else ", no event has scored")

    def result(self, res: RoundResult, step: Stepper) -> None:
        """Judge a round's ``result`` line (an outcome left out claims
        nothing: the replay's stands)."""
        claimed = (res.outcome or "") + (f" {res.seat}" if res.seat else "")
        computed = outcome_text(step, self.setup.names)
        if res.outcome == "target" and not self.totals_known:
            self._unknown(f"a round won at the target cannot be checked: {_NOT_KNOWN}", res)
        elif res.outcome is not None and claimed != computed:
            self.report(
                Name.RESULT_MISMATCH, f"result claimed {claimed!r}, computed {computed!r}",
                (res, None, ""), claimed=claimed, computed=computed,
            )
        if res.totals is not None:
            self.totals(res.totals, (res, res.totals, TOTALS), step.game)

    def winner(self, w: Winner, state: GameState) -> None:
        """Judge the ``winner`` line against the end of the game."""
        if not self.totals_known:
            if w.side != NOBODY:
                self._unknown(f"the winner cannot be checked: {_NOT_KNOWN}", w)
            return
        target = self.setup.rules.target
        computed = None if state.winner is None or not state.over else (
            self.setup.side_names[state.winner])
        if w.side == NOBODY:  # the claim that no side has won
            if state.over and computed is not None:
                self.report(
                    Name.WINNER_MISMATCH,
                    f"winner claimed none, but {computed} reached {target}: totals "
                    f"{fmt_totals(state.scores)}",
                    (w, None, ""), claimed=w.side, computed=computed,
                )
        elif not state.over:
            self.report(
                Name.WINNER_MISMATCH,
                f"winner claimed {w.side}, but no side has reached {target}: "
                f"totals {fmt_totals(state.scores)}",
                (w, None, ""), claimed=w.side, computed="none",
            )
        elif not same_side(w.side, computed):  # a side is a set of seats: S+N is N+S
            self.report(
                Name.WINNER_MISMATCH, f"winner claimed {w.side}, computed {computed}",
                (w, None, ""), claimed=w.side, computed=computed,
            )
        if w.totals is not None:
            self.totals(w.totals, (w, w.totals, TOTALS), state)

    def unfinished(self, game: Game) -> None:
        """A record from unknown totals stops: whether it is unfinished is left open."""
        self._unknown(f"whether a side reached the target cannot be checked: {_NOT_KNOWN}", game)

    def _unknown(self, message: str, at: Located) -> None:
        if self.note is not None:
            self.note(message, at)
