"""The audit's classifier: which defect class explains a round's divergence.

Boundary: takes the rounds an audit saw (``replay.observers.RoundSeen``: each
round's record, the totals it started from, the end each placement went to,
its findings) and names the defect class of each diverging round by testing
every class as a hypothesis: the round is replayed from its start under the
class's wrong engine (``audit.variants``), and the class is named when that replay
reproduces everything the record claims up to and including the round's
first divergence (whatever the record claims there: an end total, points,
running totals, a knock's totals, the result, the round going on or ending)
while the rules do not. Where several classes do, the one that agrees with
more of the round is kept; where they agree equally far, a class that the
same game's record contradicts where the rules agree with it is dropped; the
rest are all named. When none does, the divergence is ``unexplained`` (a
wrong claim) or keeps its diagnostic's name (an illegal move). No I/O.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import cache

from notation.model import Game, Placement, Round
from verifier.audit.variants import AT_ONE_EVENT, DEFECTS, PARTNERS_ONLY, VARIANTS, engine_of
from verifier.diagnostics import Diagnostic, Name
from verifier.replay.game import Replay
from verifier.replay.inputs import Audit, Reading, Resync
from verifier.replay.observers import Explained, RoundSeen
from verifier.rules.game import GameState
from verifier.rules.start import Setup
from verifier.rules.tiles import tile_key

#: Findings about a claim: unexplained when no class reproduces them.
CLAIMS = frozenset({
    Name.END_TOTAL_MISMATCH, Name.POINTS_MISMATCH, Name.TOTAL_MISMATCH, Name.OVERSHOOT_ACCEPTED,
    Name.WRONGLY_DISCARDED, Name.BONUS_SPLIT, Name.BONUS_MISMATCH, Name.RESULT_MISMATCH,
})
#: Findings about a move that a wrong engine may explain.
MOVES = frozenset({
    Name.TILE_DOES_NOT_FIT, Name.TILE_NOT_IN_HAND, Name.NOT_YOUR_TURN, Name.KNOCK_WHILE_ABLE,
    Name.EVENT_AFTER_ROUND_END, Name.EVENT_AFTER_GAME_END, Name.ROUND_UNFINISHED,
})
UNEXPLAINED = "unexplained"


@cache
def _engine(name: str, at: int = 0) -> type[GameState]:
    return engine_of(name, at)


def position_of(d: Diagnostic, events: int) -> int:
    """Where in a round a finding is: its event, or after the last (the
    result, or the round not over when the next starts)."""
    return d.event if d.event is not None else events + 1


def horizon(setup: Setup, seen: RoundSeen, following: Round | None,
            game_class: type[GameState]) -> int:
    """How far the round's record agrees with what ``game_class`` computes,
    from the round's start: the last event before the first disagreement;
    the number of events when only the end of the round disagrees; one more
    when nothing does."""
    found = _errors(setup, seen, following, game_class)
    if found is None:
        return -1
    n = len(seen.rnd.events)
    errors = [position_of(d, n) for d in found]
    return min(errors) - 1 if errors else n + 1


_HYPOTHESIS = Reading("<hypothesis>")


def _errors(setup: Setup, seen: RoundSeen, following: Round | None,
            game_class: type[GameState]) -> list[Diagnostic] | None:
    """The errors of the round's record replayed from its start under
    ``game_class`` (None: that engine cannot follow the record)."""
    rnd = seen.rnd
    replay = Replay(Game(rounds=(rnd,)), 1, _HYPOTHESIS, (),
                    setup.starting_at(seen.index, seen.start), Audit(Resync.CLAIMED, game_class))
    try:
        replay.start()
        replay.play_round(seen.index, rnd, following, 0)
    except Exception:  # a wrong engine that cannot follow the record explains nothing
        return None
    return [d for d in replay.report.diagnostics if d.severity == "error"]


def _all_but_the_word(setup: Setup, seen: RoundSeen, following: Round | None,
                      name: str) -> Diagnostic | None:
    """Where the record's round ends with a ``result`` whose outcome word
    neither the rules nor any class computes: the one finding of class
    ``name``'s replay when that is the word alone (its round ends there, as
    the record's does, and every other claim agrees), else None."""
    found = _errors(setup, seen, following, _engine(name))
    if not found or any(d.event is not None or d.name != Name.RESULT_MISMATCH for d in found):
        return None
    d = found[0]
    return d if len(found) == 1 and not (d.computed or "").startswith("not over") else None


def _flip_candidates(seen: RoundSeen, upto: int) -> list[int]:
    """The placements whose end may have been joined by its wrong half and
    explain a divergence at ``upto``: the last one at each end by then (a
    later placement at that end would not have fitted)."""
    last: dict[str, int] = {}
    for n, (ev, end) in enumerate(zip(seen.rnd.events, seen.ends, strict=False), 1):
        if n > upto:
            break
        if end is not None and isinstance(ev, Placement) and ev.tile[0] != ev.tile[1]:
            last[end] = n
    return sorted(set(last.values()))


def _stay_candidates(seen: RoundSeen) -> list[int]:
    """The placements whose tile may have stayed in its hand: the first
    placement of each tile that the record places again in the round (a
    tile is named only when the record shows it placed again; a phantom
    tile that never shows is no evidence of which one it was)."""
    first: dict[int, int] = {}
    out = []
    for n, ev in enumerate(seen.rnd.events, 1):
        if isinstance(ev, Placement):
            key = tile_key(*ev.tile)
            if key in first:
                out.append(first[key])
            else:
                first[key] = n
    return sorted(set(out))


def _phantom_candidates(setup: Setup, seen: RoundSeen, upto: int) -> list[int]:
    """The placements whose tile may have stayed in its hand, unseen, and
    explain a divergence at ``upto``: those of the sides of the seats that
    placed last before it and that acted at it."""
    events = seen.rnd.events
    rules, seat_of = setup.rules, setup.seat_of
    sides = set()
    for n in (upto, upto - 1):
        if 1 <= n <= len(events) and events[n - 1].seat in seat_of:
            sides.add(rules.side_of[seat_of[events[n - 1].seat]])
    out = []
    seen_tiles: dict[int, int] = {}
    for n, ev in enumerate(events[: upto - 1], 1):
        if not isinstance(ev, Placement) or ev.seat not in seat_of:
            continue
        if rules.side_of[seat_of[ev.seat]] in sides:
            out.append(n)
        seen_tiles.setdefault(tile_key(*ev.tile), n)
    for ev in events:
        if isinstance(ev, Placement):
            first = seen_tiles.get(tile_key(*ev.tile))
            if first is not None and ev is not events[first - 1]:
                out.append(first)
    return sorted(set(out))


def _refuted(setup: Setup, rounds: Sequence[RoundSeen], following: Sequence[Round | None],
             skip: int, name: str) -> int | None:
    """A round of the game whose record the rules reproduce where ``name``'s
    wrong engine does not (its number), or None."""
    for i, other in enumerate(rounds):
        if i == skip or not other.start or not other.rnd.events:
            continue
        n = len(other.rnd.events)
        agree = n + 1 if other.first is None else position_of(other.first.diagnostic, n) - 1
        if horizon(setup, other, following[i], _engine(name)) < agree:
            return other.index
    return None


def explain(setup: Setup, rounds: Sequence[RoundSeen], following: Sequence[Round | None],
            i: int) -> Explained | None:
    """The defect classes that explain round ``rounds[i]``'s first
    divergence (None: a finding no engine computes, such as a bad deal)."""
    seen = rounds[i]
    first = seen.first
    if first is None or not seen.start:
        return None
    d = first.diagnostic
    if d.name not in CLAIMS and d.name not in MOVES:
        return None
    if d.event is None and d.name not in CLAIMS and d.name != Name.ROUND_UNFINISHED:
        return None
    trial = _Trial(setup, rounds, following, i, d)
    trial.defects()
    trial.accidents()
    return trial.verdict()


class _Trial:
    """Every defect class tried on one round's first divergence ``d``: the
    classes that reproduce the record up to it (``found``: class -> its
    score, twice its horizon, and the event it is named at), then the
    verdict."""

    def __init__(self, setup: Setup, rounds: Sequence[RoundSeen],
                 following: Sequence[Round | None], i: int, d: Diagnostic) -> None:
        self.setup, self.rounds, self.following, self.i = setup, rounds, following, i
        self.seen = seen = rounds[i]
        self.d = d
        self.n = len(seen.rnd.events)
        self.at = position_of(d, self.n)
        self.nxt = following[i]
        self.found: dict[str, tuple[int, int]] = {}
        self.words: dict[str, Diagnostic] = {}  # class -> the result word it does not explain
        # Whether the rules' round goes on where the record's ends (only then
        # can a class that ends it there explain all but the result's word).
        self.goes_on = any(x.name == Name.ROUND_UNFINISHED or (
            x.name == Name.RESULT_MISMATCH and (x.computed or "").startswith("not over"))
            for x in (d, *seen.later))

    def classes(self) -> list[str]:
        """The defect classes that may explain the round as a whole (not at
        one event; those of partners only with partners)."""
        partners = self.setup.rules.partnerships
        return [name for name in VARIANTS
                if name not in AT_ONE_EVENT and (partners or name not in PARTNERS_ONLY)]

    def defects(self) -> None:
        """Each class as a wrong engine for the whole round: found when its
        horizon reaches the divergence; scored twice the horizon, one more
        when the class's round ends where the record's does and only the
        result's word differs."""
        setup, seen, nxt, n = self.setup, self.seen, self.nxt, self.n
        for name in self.classes():
            h = horizon(setup, seen, nxt, _engine(name))
            if h >= self.at:
                ends_there = h == n and self.goes_on
                word = _all_but_the_word(setup, seen, nxt, name) if ends_there else None
                if word is not None:
                    self.words[name] = word
                self.found[name] = (2 * h + (word is not None), 0)

    def accidents(self) -> None:
        """A one-time accident (a tile joined by its wrong half, a tile kept
        in a hand) is named from what the moves show: the divergence is a
        move, or a later finding of the round is explained as well; a number
        alone would fit too many accidents."""
        setup, seen, nxt, n, at = self.setup, self.seen, self.nxt, self.n, self.at
        found = self.found
        later = [position_of(x, n) for x in seen.later if position_of(x, n) > at]
        needs = at if self.d.name in MOVES else min(later) if later else None
        if needs is None:
            return
        for name, candidates in (("tile-flipped", _flip_candidates(seen, at)),
                                 ("tile-stays-in-hand", _stay_candidates(seen))):
            for k in candidates:
                h = horizon(setup, seen, nxt, _engine(name, k))
                if h >= needs and (name not in found or 2 * h > found[name][0]):
                    found[name] = (2 * h, k)
        if "tile-stays-in-hand" not in found:
            # A tile kept in a hand that the record never shows placed again:
            # the class may explain the round, but no tile is named (its event
            # is kept negative: not shown).
            for k in _phantom_candidates(setup, seen, at):
                h = horizon(setup, seen, nxt, _engine("tile-stays-in-hand", k))
                if h >= needs and ("tile-stays-in-hand" not in found
                                   or 2 * h > found["tile-stays-in-hand"][0]):
                    found["tile-stays-in-hand"] = (2 * h, -k)

    def all_but_the_word(self) -> Explained | None:
        """Where no class reproduces the round and its record ends it with a
        result the rules' round goes on past: the first class that
        reproduces every claim but the result's word, if any."""
        d = self.d
        for name in self.classes():
            word = _all_but_the_word(self.setup, self.seen, self.nxt, name)
            if word is not None:
                return Explained((name,), None, f"{DEFECTS[name][1]}; that reproduces every "
                                 f"claim of the round but one, the rules do not; it does not "
                                 f"explain the result's word: claimed {word.claimed!r}, "
                                 f"computed {word.computed!r} under that defect: {d.message}")
        return None

    def verdict(self) -> Explained | None:
        """The classes that explain the round best, in words: those of the
        best score (a defect before a tile kept in a hand the record does not
        show), less those another round of the game refutes."""
        d, found = self.d, self.found
        if not found:
            if self.goes_on and d.name == Name.RESULT_MISMATCH and d.event is None:
                ex = self.all_but_the_word()
                if ex is not None:
                    return ex
            if d.name in CLAIMS:
                return Explained((), None, f"no defect class reproduces what the record claims "
                                 f"(claimed {d.claimed}, computed {d.computed}): {d.message}")
            return None
        best = max(h for h, _ in found.values())
        names = [c for c in DEFECTS if c in found and found[c][0] == best]
        if any(c not in AT_ONE_EVENT for c in names):
            # One defect explains the round as well as a tile kept in a hand that
            # the record does not show: the defect is named.
            names = [c for c in names if found[c][1] >= 0]
        dropped = []
        if len(names) > 1:
            for c in list(names):
                if c in AT_ONE_EVENT or len(names) == 1:
                    continue
                r = _refuted(self.setup, self.rounds, self.following, self.i, c)
                if r is not None:
                    names.remove(c)
                    dropped.append(f"{c} would too, but round {r}'s record shows the rules' "
                                   "computation where it differs")
        ex = _words(self.seen, d, names, found, dropped)
        if len(names) == 1 and names[0] in self.words:
            w = self.words[names[0]]
            ex = replace(ex, message=f"{ex.message}; it does not explain the result's word: "
                         f"claimed {w.claimed!r}, computed {w.computed!r} under that defect")
        return ex


def _words(seen: RoundSeen, d: Diagnostic, names: list[str],
           found: dict[str, tuple[int, int]], dropped: list[str]) -> Explained:
    """The verdict in words."""
    tail = f" ({'; '.join(dropped)})" if dropped else ""
    if len(names) > 1:
        return Explained(tuple(names), None, f"each of {', '.join(names)} reproduces what the "
                         f"record claims: {d.message}{tail}")
    name = names[0]
    k = found[name][1]
    if not k:
        return Explained((name,), None, f"{DEFECTS[name][1]}; that reproduces what the record "
                         f"claims, the rules do not: {d.message}{tail}")
    if k < 0:
        seat = seen.rnd.events[-k - 1].seat
        return Explained((name,), None, f"{DEFECTS[name][1]}: a tile placed by {seat} stayed "
                         "in its hand (the record places no tile again: which one is not "
                         f"shown); that reproduces what the record claims, the rules do not: "
                         f"{d.message}{tail}")
    ev = seen.rnd.events[k - 1]
    assert isinstance(ev, Placement)
    tile = f"{ev.seat} {ev.tile[0]}-{ev.tile[1]}"
    if name == "tile-flipped":
        side = "left" if seen.ends[k - 1] == "L" else "right"
        why = (f"{tile} at event {k} was joined to the {side} end by its wrong half: that "
               "end kept the number it was joined to")
    else:
        why = f"{tile}, placed at event {k}, stayed in the hand of {ev.seat}"
    where = "here" if d.event == k else (
        f"at event {d.event}" if d.event is not None else "at the end of the round")
    return Explained((name,), k, f"{why}; that explains what the record shows {where}, the "
                     f"rules do not: {d.message}")


def explain_game(setup: Setup, game: Game, rounds: Sequence[RoundSeen]
                 ) -> list[Explained | None]:
    """The verdict of each round an audit saw (None for a clean round, or
    one no class applies to)."""
    by_index = {setup.start_round + p: r for p, r in enumerate(game.rounds)}
    following = [by_index.get(r.index + 1) for r in rounds]
    verdicts = [explain(setup, rounds, following, i) if r.first is not None else None
                for i, r in enumerate(rounds)]
    # Where several classes explain a round equally well, and exactly one of
    # them is what another round of the game can only be explained by, the
    # game's record has shown that defect: it is named alone.
    alone = [(i, v.classes[0]) for i, v in enumerate(verdicts)
             if v is not None and len(v.classes) == 1]
    for i, v in enumerate(verdicts):
        if v is None or len(v.classes) < 2:
            continue
        shown = {c: f"round {rounds[r].index} shows {c} alone"
                 for r, c in alone if c in v.classes and r != i}
        if not shown:
            # One defect that explains other rounds of the game as well is
            # fewer defects than an accident at one event in each of them.
            shown = {c: f"it explains round {rounds[r].index} as well, where {c} would "
                        "need another accident" for c in v.classes if c not in AT_ONE_EVENT
                     for r, w in enumerate(verdicts) if r != i and w is not None
                     and c in w.classes and all(x in AT_ONE_EVENT for x in v.classes
                                                 if x != c)}
        if len(shown) == 1:
            (c, reason), = shown.items()
            others = ", ".join(x for x in v.classes if x != c)
            verdicts[i] = Explained((c,), None, f"{DEFECTS[c][1]}; that reproduces what the "
                                    f"record claims, the rules do not ({others} would too, "
                                    f"but {reason}): {v.message.split(': ', 1)[1]}")
    return verdicts
