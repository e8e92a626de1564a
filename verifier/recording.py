"""A game recorded as it is played: what ``ftn record`` knows and decides.

Boundary: the logic of a scorer's session, without its terminal or its
file (``cli/record.py`` has both). The record is its FTN lines so far, the
last game open (no ``end`` yet); ``derive`` reads them and replays them
through the engine (``replay.check_game`` with an observer: the engine
adapter of this module) into a ``Derived``: the position, the events seen,
the findings. ``plan`` says what comes next: lines to write without asking
(a ``round`` line, a forced knock, the knocks that show a block, a
``result``, the ``winner`` and ``end``), a hand to ask for, the opener to
ask for, or a move. A move or a deal is tried on the lines
(``try_event``, ``deal_line``) and either refused, with the rule it breaks
(``refusal``, the rule book's words), or given back as the line to write,
every claim written in (the canonical form, as ``ftn fill`` writes it), with
its count in words (``count_words``: "fifteen for 8"). ``undo_point`` says
which lines an undo takes back. No I/O.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from notation.model import EndTotalClaim, Game, Knock, Placement, Round, Tag, TotalsClaim
from notation.printer import event_text, tag_text

from . import rulebook
from .diagnostics import Diagnostic
from .engine import Placed, Scored, Stepper, deal_problems, highest_double_holder
from .fill import computed_points
from .judge import outcome_text
from .observers import Observer
from .reading import read_ftn
from .replay import check_game
from .results import GameReport
from .setup import SEAT_RE, Setup, fmt_totals, read_header

_END = re.compile(r"[ \t]*end[ \t]*(#.*)?\Z")
_TILE = re.compile(r"(\d{1,2})-(\d{1,2})\Z")
_PAIR = re.compile(r"(\d)(\d)\Z")
COMMANDS = ("undo", "show", "help", "quit", "close")

_ONES = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
         "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
         "eighteen", "nineteen")
_TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")


def number_words(n: int) -> str:
    """``15`` as "fifteen", ``42`` as "forty-two" (0 to 99; digits beyond)."""
    if 0 <= n < 20:
        return _ONES[n]
    if 20 <= n < 100:
        return _TENS[n // 10] + ("" if n % 10 == 0 else "-" + _ONES[n % 10])
    return str(n)


def count_words(placed: Placed, scored: Scored, setup: Setup) -> str:
    """An event's score as a board counts it: "fifteen for 8", "nine for 3,
    and 1 for the domino: 4", "seven, no score"; then what is pegged, or why
    nothing is (R8.2), or that the side wins (R8.4)."""
    words = number_words(placed.end_total)
    side = setup.side_names[scored.side]
    said = f"{words} for {placed.points}" if placed.points else f"{words}, no score"
    if placed.bonus:
        said += f", and {placed.bonus} for the domino"
        if placed.points:
            said += f": {scored.amount}"
    if not scored.amount:
        return said
    target = setup.rules.target
    if not scored.credited:
        before = scored.total
        return (f"{said}; but {before} + {scored.amount} = {before + scored.amount} is past "
                f"{target}: {side} pegs nothing (R8.2)")
    before = scored.total - scored.amount
    said += f"; {side} pegs {scored.amount}: {before} to {scored.total}"
    if scored.won:
        said += f"; {side} reaches {target} and wins (R8.4)"
    return said


def refusal(d: Diagnostic) -> str:
    """Why a move or deal is refused: the finding and the rules it cites, in
    the rule book's words."""
    out = [f"refused: {d.message}"]
    for rule_id in rulebook.expand(d.rule):
        rule = rulebook.get(rule_id)
        if rule is not None:
            out.append(f"  {rule.id}: {rule.title}")
    return "\n".join(out)


# --------------------------------------------------------------------------
# The header.


def header_lines(seats: list[str], players: list[str], preset: str | None,
                 options: list[tuple[str, str]], first: str | None) -> list[str]:
    """The header of a new record, from its ``game`` line on (ValueError,
    with what to type, when the set-up is impossible)."""
    for s in seats:
        if not SEAT_RE.match(s):
            raise ValueError(f"{s!r} cannot name a seat: a letter, then letters, digits or _, "
                             "and not a word of FTN (game, end, round, deal, result, winner, "
                             "knock, none)")
    if len(set(seats)) != len(seats):
        raise ValueError("each seat needs its own name")
    tags = [Tag("ftn", ("1",))]
    tags += [Tag("seat", (s, p) if p else (s,)) for s, p in zip(seats, players, strict=True)]
    if first is not None:
        tags.append(Tag("first", (first,)))
    if preset is not None and preset != "pagat":
        tags.append(Tag("rules", (preset,)))
    tags += [Tag("rule", (k, v)) for k, v in options]
    found = read_header(Game(tuple(tags)))
    if not isinstance(found, Setup):
        problems = [found] if not isinstance(found, list) else found
        raise ValueError("; ".join(p.message for p in problems))
    return ["game", *(tag_text(t) for t in tags)]


def parse_tiles(text: str, setup: Setup) -> list[tuple[int, int] | None] | str:
    """A hand as typed ("6-6 6-3 ...", "66 63 ..." on sets up to double-nine,
    "?" for a tile not known; "unknown" or nothing: the whole hand), or what
    is wrong with it."""
    rules = setup.rules
    words = text.replace(",", " ").split()
    if not words or [w.lower() for w in words] == ["unknown"]:
        return [None] * rules.hand_size
    tiles: list[tuple[int, int] | None] = []
    for w in words:
        tile = parse_tile(w, setup)
        if tile is None and w != "?":
            return f"{w!r} is not a tile: write tiles like 6-3, '?' for one not known"
        tiles.append(tile)
    if len(tiles) != rules.hand_size:
        return (f"{len(tiles)} tiles; a hand is {rules.hand_size} (R2.1): write '?' for a tile "
                "not known, or 'unknown' for the whole hand")
    return tiles


def parse_tile(word: str, setup: Setup) -> tuple[int, int] | None:
    m = _TILE.match(word) or (_PAIR.match(word) if setup.rules.max_pip <= 9 else None)
    return None if m is None else (int(m.group(1)), int(m.group(2)))


def deal_line(seat: str, tiles: list[tuple[int, int] | None],
              dealt: list[list[tuple[int, int]]], setup: Setup) -> str:
    """The ``deal`` line of a hand (``dealt``: the known tiles of the hands
    dealt before it this round, in seat order: the hands are asked so), or
    ValueError with the rule it breaks."""
    known = [t for t in tiles if t is not None]
    hands = [*dealt, known]
    hands += [[] for _ in range(setup.rules.players - len(hands))]
    problems = deal_problems(setup.rules, hands, setup.names, complete=False)
    if problems:
        rule = rulebook.get("R2.2")
        raise ValueError(f"refused: {problems[0][1]}" + (f"\n  R2.2: {rule.title}" if rule else ""))
    return f"  deal {seat} " + " ".join("?" if t is None else f"{t[0]}-{t[1]}" for t in tiles)


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
        if not last.events and len(last.deals) < rules.players and not state.over:
            return Action("deal", seat=names[len(last.deals)], round=number - 1)
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
        m = _TILE.match(w)
        out.append(None if m is None else (int(m.group(1)), int(m.group(2))))
    return out


def scores_text(setup: Setup, scores: list[int] | tuple[int, ...]) -> str:
    """``N 12, S 30``."""
    return ", ".join(f"{n} {v}" for n, v in zip(setup.side_names, scores, strict=True))


def try_event(d: Derived, text: str, comment: str | None = None, source: str = "<record>"
              ) -> tuple[str, str] | Diagnostic:
    """An event line tried on the record (``text``: "S 6-4 L", "S knock"):
    the line to write, every claim in, and its count in words; or the
    finding that refuses it."""
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


def dealt_so_far(d: Derived, buffered: list[str]) -> list[list[tuple[int, int]]]:
    """The known tiles of the hands already dealt in the round being dealt."""
    if buffered:
        lines = buffered
    elif d.game is not None and d.game.rounds:
        lines = [d.lines[x.line - 1] for x in d.game.rounds[-1].deals]
    else:
        lines = []
    return [[t for t in _tiles(line) if t is not None] for line in lines]


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


HELP = """Type a move and press Enter:
  6-4 L      the tile 6-4 at the left end (R at the right; leave it out when it
             fits one end only); a lead is just the tile: its order is left-right
  knock      the seat cannot place (R4.4); a knock that is forced is written for you
  6-4 L # a note   a comment, kept on the line
  undo       take back the last move or hand
  show       the position again
  close      end the record here, unfinished ("winner none")
  quit       stop; ftn record --resume FILE goes on later (Ctrl-D too)"""


def parse_move(text: str, seat: str, setup: Setup) -> tuple[str, str | None] | str:
    """A move as typed: the event text ("S 6-4 L", "S knock") and its
    comment; or a command ("undo", ...); or, for what cannot be read, a
    message that says what to type (a string starting "?")."""
    body, _, comment = text.partition("#")
    words = body.split()
    if not words:
        return "?type a move, like 6-3 L or knock ('help' lists what to type)"
    if len(words) == 1 and words[0].lower() in COMMANDS:
        return words[0].lower()
    who = seat
    if words[0] in setup.names and len(words) > 1:
        who, words = words[0], words[1:]
    comment_text = comment.rstrip() if comment.strip() else None
    if [w.lower() for w in words] in (["knock"], ["k"], ["pass"]):
        return f"{who} knock", comment_text
    tile = parse_tile(words[0], setup)
    if tile is None or len(words) > 2:
        return (f"?{body.strip()!r} is not a move: type a tile and an end, like 6-3 L, or "
                "knock ('help' lists what to type)")
    end = ""
    if len(words) == 2:
        end = {"l": "L", "left": "L", "r": "R", "right": "R"}.get(words[1].lower(), "")
        if not end:
            return f"?{words[1]!r} is not an end: L (left) or R (right)"
    return f"{who} {tile[0]}-{tile[1]}" + (f" {end}" if end else ""), comment_text
