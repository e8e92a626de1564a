"""A game recorded as it is played: what ``ftn record`` knows and decides.

Boundary: the game side of a scorer's session, without its terminal or its
file (``session`` and ``journal`` have them) or its words (``words``). The record is
its FTN lines so far, the last game open (no ``end`` yet); ``derive`` reads
them and replays them through the engine (``replay.game.check_game`` with an
observer: the engine adapter of this module) into a ``Derived``: the
position, the events seen, the findings. ``plan`` says what comes next:
lines to write without asking (a ``round`` line, a forced knock, the
knocks that show a block, a ``result``, the ``winner`` and ``end``), a hand
to ask for, the opener to ask for, or a move. A move is tried on the lines
(``try_event``) and either refused (the finding, with its rule) or given
back as the line to write, every claim written in (the canonical form, as
``ftn fill`` writes it), with its count in words. ``undo_point`` says which
lines an undo takes back. No I/O.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from notation.ftn.printer import event_text
from notation.model import EndTotalClaim, Game, Knock, Placement, Round, TotalsClaim
from verifier.diagnostics import Diagnostic
from verifier.files.formats import read_ftn
from verifier.record.words import TILE, control_in, count_words
from verifier.replay.fill import computed_points
from verifier.replay.game import check_game
from verifier.replay.judge import outcome_text
from verifier.replay.observers import Observer
from verifier.replay.results import GameReport
from verifier.rules.game import Stepper, highest_double_holder
from verifier.rules.scoring import Placed, Scored
from verifier.rules.start import Setup, fmt_totals

_END = re.compile(r"[ \t]*end[ \t]*(#.*)?\Z")

# --------------------------------------------------------------------------
# The engine adapter: the record so far, replayed.


@dataclass
class Seen:
    """One event of the record as replayed: its line, and whether the
    session wrote it itself (a forced knock, a knock that shows a block)."""

    line: int
    auto: bool
    placed: Placed | None = None
    scored: Scored | None = None
    totals: tuple[int, ...] = ()


class _Watch(Observer):
    def __init__(self) -> None:
        self.step: Stepper | None = None
        self.rounds: list[list[Seen]] = []
        self.was_over = False

    def round_started(self, index: int, rnd: Round, step: Stepper) -> None:
        self.step, self.was_over = step, False
        self.rounds.append([])

    def knocked(self, n: int, ev: Knock, seat: int, step: Stepper) -> None:
        rs = step.round
        self.rounds[-1].append(Seen(ev.line, self.was_over or not rs.unknown[seat]))
        self.was_over = rs.outcome is not None

    def placed(self, n: int, ev: Placement, placed: Placed, scored: Scored,
               step: Stepper) -> None:
        self.rounds[-1].append(Seen(ev.line, False, placed, scored, tuple(step.game.scores)))
        self.was_over = step.round.outcome is not None


@dataclass
class Derived:
    """The record so far, read and replayed."""

    lines: list[str]
    closed: bool = False  # the last game has its 'end'
    problems: list[Diagnostic] = field(default_factory=list)  # it cannot be read
    game: Game | None = None
    report: GameReport | None = None
    watch: _Watch = field(default_factory=_Watch)

    @property
    def setup(self) -> Setup:
        assert self.report is not None and self.report.setup is not None
        return self.report.setup

    @property
    def errors(self) -> list[Diagnostic]:
        rep = self.report
        return [] if rep is None else [d for d in rep.diagnostics if d.severity == "error"]


def derive(lines: list[str], source: str = "<record>") -> Derived:
    """Read the lines of a record (its last game open or not) and replay
    its last game."""
    d = Derived(lines)
    last = next((line for line in reversed(lines) if line.strip()
                 and not line.lstrip().startswith("#")), "")
    d.closed = bool(_END.match(last))
    reads = list(read_ftn(lines if d.closed else [*lines, "end"], source))
    for r in reads:
        d.problems += r.problems
    if d.problems or not reads or reads[-1].game is None:
        return d
    d.game = reads[-1].game
    d.report = check_game(d.game, reads[-1].number, source, None, [d.watch])
    return d


@dataclass
class Action:
    """What comes next: ``kind`` is "auto" (``lines`` to write, ``say``
    to show), "deal" (ask ``seat``'s hand), "opener" (ask who opens),
    "play" (ask ``seat``'s move) or "done" (the game is over)."""

    kind: str
    lines: list[str] = field(default_factory=list)
    say: str = ""
    seat: str = ""
    round: int = 0
    takes_buffer: bool = False  # the lines end with the deal lines held (V5)


def plan(d: Derived, buffered: list[str]) -> Action:
    """What comes next after the lines of ``d`` (and, under V5, the deal
    lines of the coming round, ``buffered``: its opener is not known yet)."""
    if d.closed:
        return Action("done")
    setup, game, step = d.setup, d.game, d.watch.step
    assert game is not None
    names, rules = setup.names, setup.rules
    rounds = game.rounds
    number = setup.start_round + len(rounds)
    if rounds and step is not None:
        last, rs, state = rounds[-1], step.round, step.game
        dealt = {x.seat for x in last.deals}
        if not last.events and len(dealt) < rules.players and not state.over:
            due = next(n for n in names if n not in dealt)  # in seat order
            return Action("deal", seat=due, round=number - 1)
        if not step.over:
            seat = rs.turn
            if not rs.unknown[seat] and not rs.can_place(seat):
                return Action("auto", [f"  {names[seat]} knock"],
                              f"{names[seat]} knocks: nothing fits {rs.ends_text()} (R4.4)")
            return Action("play", seat=names[seat], round=number - 1)
        totals = fmt_totals(state.scores)
        if last.result is None:
            knocks = [] if state.over else [f"  {names[s]} knock" for s in rs.block_knocks()]
            outcome = outcome_text(step, names)
            say = {"blocked": "nobody can place: the round is blocked (R7.3)",
                   "target": "the game is won in mid-round (R8.4)"}.get(
                       outcome, f"{outcome.split()[-1]} is out: domino (R7.1)")
            return Action("auto", [*knocks, f"  result {outcome} {totals}"],
                          f"Round {number - 1}: {say}; totals {scores_text(setup, state.scores)}")
        if state.over:
            side = setup.side_names[state.winner or 0]
            return Action("auto", ["", f"winner {side} {totals}", "end"],
                          f"{side} wins the game, {scores_text(setup, state.scores)}")
    if rules.opener == "highest-double":
        if len(buffered) < rules.players:
            return Action("deal", seat=names[len(buffered)], round=number)
        hands = [[t for t in _tiles(line) if t is not None] for line in buffered]
        if any(len(h) < rules.hand_size for h in hands):
            return Action("opener", round=number)
        opener = names[highest_double_holder(hands) or 0]
        return round_lines(number, opener, buffered, True)
    first = setup.new_game().opener_for(number, [])
    return round_lines(number, names[first], [])


def round_lines(number: int, opener: str, deals: list[str], held: bool = False) -> Action:
    """The lines that start round ``number`` (``held``: ``deals`` are the
    deal lines held until the opener was known, V5)."""
    return Action("auto", ["", f"round {number} opener {opener}", *deals],
                  f"Round {number}: {opener} opens (R3)", takes_buffer=held)


def _tiles(line: str) -> list[tuple[int, int] | None]:
    out: list[tuple[int, int] | None] = []
    for w in line.split()[2:]:
        m = TILE.match(w)
        out.append(None if m is None else (int(m.group(1)), int(m.group(2))))
    return out


def scores_text(setup: Setup, scores: list[int] | tuple[int, ...]) -> str:
    """``N 12, S 30``."""
    return ", ".join(f"{n} {v}" for n, v in zip(setup.side_names, scores, strict=True))


def try_event(d: Derived, text: str, comment: str | None = None, source: str = "<record>"
              ) -> tuple[str, str] | Diagnostic:
    """An event line tried on the record (``text``: "S 6-4 L", "S knock"):
    the line to write, every claim in, and its count in words; or the
    finding that refuses it. ``comment`` is one line of plain text, as
    ``words.parse_move`` gives it (ValueError for one that is not)."""
    if comment is not None and control_in(comment) is not None:
        raise ValueError("a comment is one line of plain text: words.parse_move refuses "
                         "the others")
    d2 = derive([*d.lines, "  " + text], source)
    if d2.problems:
        return d2.problems[0]
    before = len(d.errors)
    if len(d2.errors) > before:
        return d2.errors[before]
    seen = d2.watch.rounds[-1][-1]
    seat = text.split()[0]
    if seen.placed is None or seen.scored is None:
        return _with_comment(f"{seat} knock", comment), f"{seat} knocks"
    p, s = seen.placed, seen.scored
    ev = Placement(seat, p.tile, p.end, EndTotalClaim(p.end_total, 0),
                   computed_points(p, s), TotalsClaim(seen.totals, 0), 0, 0)
    return _with_comment(event_text(ev), comment), count_words(p, s, d2.setup)


def _with_comment(text: str, comment: str | None) -> str:
    return "  " + text + (f"  #{comment}" if comment else "")


def undo_point(d: Derived, buffered: list[str]) -> tuple[int, list[str]] | None:
    """What an undo keeps: the number of lines, and the deal lines held for
    the coming round (V5); None when there is nothing to take back (the
    header stays)."""
    if buffered:
        return len(d.lines), buffered[:-1]
    if d.game is None:
        return None
    rounds, seen = d.game.rounds, d.watch.rounds
    v5 = d.setup.rules.opener == "highest-double"
    for i in range(len(rounds) - 1, -1, -1):
        user = [e for e in (seen[i] if i < len(seen) else []) if not e.auto]
        rnd = rounds[i]
        if user:
            keep = user[-1].line - 1
        elif rnd.deals and v5:
            keep = rnd.line - 1
            return _trimmed(d.lines, keep), [d.lines[x.line - 1] for x in rnd.deals[:-1]]
        elif rnd.deals:
            keep = rnd.deals[-1].line - 1
        else:
            continue
        return _trimmed(d.lines, keep), []
    return None


def _trimmed(lines: list[str], keep: int) -> int:
    while keep and not lines[keep - 1].strip():
        keep -= 1
    return keep


def dealt_so_far(d: Derived, buffered: list[str]) -> dict[str, list[tuple[int, int]]]:
    """The known tiles of the hands already dealt in the round being dealt,
    by seat."""
    if buffered:
        lines = buffered
    elif d.game is not None and d.game.rounds:
        lines = [d.lines[x.line - 1] for x in d.game.rounds[-1].deals]
    else:
        lines = []
    return {line.split()[1]: [t for t in _tiles(line) if t is not None] for line in lines}


def moves(d: Derived) -> list[str]:
    """The moves of the seat to play, as typed: "6-4 L", "3-3" (a lead);
    empty when its hand is not fully known."""
    step = d.watch.step
    if step is None:
        return []
    rs = step.round
    if rs.unknown[rs.turn]:
        return []
    if not rs.ntiles:
        return [f"{a}-{b}" for a, b in rs.fitting_tiles(rs.turn)
                if rs.required is None or (a, b) == rs.required]
    if rs.left == rs.right and rs.left_double == rs.right_double:  # either end: the same
        return [f"{a}-{b}" for a, b in rs.fitting_tiles(rs.turn)]
    return [f"{m.tile[0]}-{m.tile[1]} {m.end}" for m in rs.legal_moves() if m.tile is not None]


def position_lines(d: Derived, seat: str) -> list[str]:
    """What the scorer sees before a move: the round and event, whose turn,
    the ends and end total, every side's total, and the hand and the tiles
    that fit (when the hand is known)."""
    step, game, setup = d.watch.step, d.game, d.setup
    assert step is not None and game is not None
    rs = step.round
    number = setup.start_round + len(game.rounds) - 1
    n = len(game.rounds[-1].events) + 1
    head = f"Round {number}, event {n}: {seat} to play; "
    ends = rs.ends_text()
    head += (("" if ends.startswith("the lead") else "ends ") + f"{ends}, end total "
             f"{rs.end_total()}" if rs.ntiles else "the lead")
    out = [head, f"  totals: {scores_text(setup, step.game.scores)}"]
    turn = rs.turn
    held = " ".join(f"{k >> 5}-{k & 31}" for k in sorted(rs.hands[turn]))
    unknown = rs.unknown[turn]
    if unknown and not held:
        out.append(f"  {seat}'s hand is not known ({rs.held[turn]} tiles)")
    elif unknown:
        out.append(f"  {seat} holds {held} and {unknown} tiles not known")
    else:
        fit = moves(d)
        out.append(f"  {seat} holds {held}; " + (f"fits: {', '.join(fit)}" if fit
                                                  else "nothing fits"))
    return out
