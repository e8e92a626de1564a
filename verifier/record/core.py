"""The scorer at the table: one typed line in, the recorder's answer out.

Boundary: the pure core of a recording session (no I/O, no terminal, no
file): a ``Recorder`` holds the record's lines so far (from its header on)
and takes one line at a time as ``ftn record`` reads it (a move like
``6-3 R``, ``knock``, a hand, an opener, ``undo``, ``close``, ``help``...),
and answers with an ``Answer``: the lines to append to the record and the
words said, in their order (``steps``), how many lines an undo keeps
(``kept``), the refusal with its rule, and what it asks next (``Ask``:
the prompt, the choices, the position to show). ``Recorder.position``
gives the position as data for a screen (whose turn, the ends, the totals,
the tiles a scorer can tap and the ends each fits). What is decided comes
from ``game`` and what is said from ``words``; the terminal session
(``session``) and the browser's scorer (through ``api.recorder``) are
loops over this class. ``new_header`` makes a new record's header from a
set-up form, through the same words.

May import what ``game`` and ``words`` import; not ``session`` or
``journal``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from verifier import rulebook
from verifier.diagnostics import Diagnostic
from verifier.record.game import (
    Action,
    Derived,
    dealt_so_far,
    derive,
    moves,
    plan,
    position_lines,
    round_lines,
    scores_text,
    try_event,
    undo_point,
)
from verifier.record.words import (
    COMMANDS,
    HELP,
    deal_line,
    header_lines,
    parse_move,
    parse_tiles,
    refusal,
)
from verifier.rules.options import resolve
from verifier.rules.round import RoundState

#: The prompt when the game is over.
DONE_PROMPT = "Enter to finish, or undo: "


@dataclass
class Step:
    """Lines appended to the record (none, or some), then words said (or none)."""

    lines: list[str] = field(default_factory=list)
    text: str | None = None


@dataclass
class Ask:
    """What the recorder asks next: ``kind`` is "deal" (``seat``'s hand),
    "opener" (who opens ``round``), "play" (``seat``'s move) or "done"
    (the game is over: Enter to finish, or undo); ``position``: the lines
    shown before the prompt (a new turn, or ``show``)."""

    kind: str
    prompt: str
    choices: list[str]
    seat: str = ""
    round: int = 0
    position: list[str] = field(default_factory=list)


@dataclass
class Answer:
    """What one typed line did: the record cut back to its first ``kept``
    lines (an undo), then ``steps`` in order; ``refused``: the finding that
    refused a move; ``stop``: the scorer asked to stop (``quit``);
    ``finished``: the scorer is done with a complete record."""

    asks: Ask
    steps: list[Step] = field(default_factory=list)
    kept: int | None = None
    refused: Diagnostic | None = None
    stop: bool = False
    finished: bool = False

    def said(self) -> list[str]:
        """The words said, in order."""
        return [s.text for s in self.steps if s.text is not None]

    def data(self) -> dict[str, Any]:
        """The answer as JSON data (for the browser's scorer)."""
        refused = None
        if self.refused is not None:
            d = self.refused
            refused = {"message": d.message, "rule": d.rule, "code": d.code, "name": d.name,
                       "rules": [{"id": r.id, "title": r.title} for r in _rules(d.rule)]}
        return {
            "steps": [{"lines": s.lines, "text": s.text} for s in self.steps],
            "kept": self.kept, "refused": refused, "stop": self.stop,
            "finished": self.finished, "said": self.said(),
            "asks": {"kind": self.asks.kind, "prompt": self.asks.prompt,
                     "choices": self.asks.choices, "seat": self.asks.seat,
                     "round": self.asks.round, "position": self.asks.position},
        }


def _rules(rule: str | None) -> list[rulebook.Rule]:
    found = (rulebook.get(r) for r in rulebook.expand(rule or ""))
    return [r for r in found if r is not None]


class Recorder:
    """A record being written, a typed line at a time (its header given)."""

    def __init__(self, lines: list[str], name: str = "<record>") -> None:
        self.name = name
        self.lines = list(lines)
        self.buffered: list[str] = []  # V5: the hands of a round whose opener is not known yet
        self.d: Derived = derive(self.lines, name)
        self.asks = Ask("done", DONE_PROMPT, ["undo"])

    # -- the answers ------------------------------------------------------------

    def begin(self) -> Answer:
        """What is written without asking, then the first question."""
        steps: list[Step] = []
        return self._answer(steps)

    def type(self, text: str) -> Answer:
        """One line as typed at the question asked (``asks``)."""
        kind = self.asks.kind
        if kind == "done":
            return self._at_done(text)
        if kind == "deal":
            return self._deal(text)
        if kind == "opener":
            return self._opener(text)
        return self._play(text)

    def _answer(self, steps: list[Step], kept: int | None = None, position: bool = True
                ) -> Answer:
        """The lines written without asking (after ``steps``), then the next
        question (``position``: shown again before a move)."""
        while True:
            action = plan(self.d, self.buffered)
            if action.kind != "auto":
                break
            self._write(action.lines)
            if action.takes_buffer:
                self.buffered = []
            steps.append(Step(action.lines, action.say))
            if action.lines[-1] == "end":
                steps.append(Step(text=f"The record is complete: {self.name} (ftn check "
                                       f"{self.name} checks it)."))
        self.asks = self._question(action, position)
        return Answer(self.asks, steps, kept)

    def _question(self, action: Action, position: bool) -> Ask:
        d = self.d
        if action.kind == "done":
            return Ask("done", DONE_PROMPT, ["undo"])
        if action.kind == "deal":
            size = d.setup.rules.hand_size
            return Ask("deal", f"Hand of {action.seat} ({size} tiles like 6-3, ? for one not "
                               "known; Enter: unknown): ", list(COMMANDS), action.seat,
                       action.round)
        if action.kind == "opener":
            return Ask("opener", f"Who opens round {action.round} (the holder of the highest "
                                 "double, V5)? ", list(d.setup.names), round=action.round)
        shown = position_lines(d, action.seat) if position else []
        return Ask("play", f"{action.seat}> ", [*moves(d), "knock", *COMMANDS], action.seat,
                   action.round, shown)

    def _again(self, steps: list[Step], refused: Diagnostic | None = None,
               position: list[str] | None = None) -> Answer:
        """The same question asked again (after a message or a refusal)."""
        self.asks = Ask(self.asks.kind, self.asks.prompt, self.asks.choices, self.asks.seat,
                        self.asks.round, position or [])
        return Answer(self.asks, steps, refused=refused)

    def _write(self, lines: list[str]) -> None:
        self.lines += lines
        self.d = derive(self.lines, self.name)

    # -- each question ------------------------------------------------------------

    def _at_done(self, text: str) -> Answer:
        if text.lower() != "undo":
            return Answer(self.asks, finished=True)
        return self._undo()

    def _deal(self, text: str) -> Answer:
        d, seat = self.d, self.asks.seat
        if text.lower() in COMMANDS:
            return self._command(text.lower()) or self._answer([])
        tiles = parse_tiles(text, d.setup)
        if isinstance(tiles, str):
            return self._answer([Step(text=tiles)])
        try:
            line = deal_line(seat, tiles, dealt_so_far(d, self.buffered), d.setup)
        except ValueError as e:
            return self._answer([Step(text=str(e))])
        if d.setup.rules.opener == "highest-double":
            self.buffered.append(line)
            return self._answer([])
        self._write([line])
        return self._answer([Step([line])])

    def _opener(self, seat: str) -> Answer:
        if seat in self.d.setup.names:
            lines = round_lines(self.asks.round, seat, self.buffered).lines
            self.buffered = []
            self._write(lines)
            return self._answer([Step(lines)])
        done = self._command(seat)
        if done is not None:
            return done
        if seat == "show":
            return self._answer([])
        return self._answer([Step(text=f"type one of: {' '.join(self.d.setup.names)}")])

    def _play(self, typed: str) -> Answer:
        d, seat = self.d, self.asks.seat
        got = parse_move(typed, seat, d.setup)
        if isinstance(got, str):
            if got.startswith("?"):
                return self._again([Step(text=got[1:])])
            if got == "show":
                return self._again([], position=position_lines(d, seat))
            return self._command(got) or self._answer([])
        text, comment = got
        tried = try_event(d, text, comment, self.name)
        if isinstance(tried, tuple):
            line, words = tried
            self._write([line])
            return self._answer([Step([line], f"{line.strip().split('  #')[0]}: {words}")])
        return self._again([Step(text=refusal(tried))], refused=tried)

    # -- the commands -----------------------------------------------------------

    def _command(self, word: str) -> Answer | None:
        """A command typed at a question (None for ``show`` and for what is
        no command): ``help``, ``quit``, ``undo``, ``close``."""
        if word == "help":
            return self._answer([Step(text=HELP)])
        if word == "quit":
            return Answer(self.asks, stop=True)
        if word == "undo":
            return self._undo()
        if word == "close":
            return self._close()
        return None

    def _undo(self) -> Answer:
        found = undo_point(self.d, self.buffered)
        if found is None:
            return self._answer([Step(text="nothing to undo (the header stays: to change it, "
                                            "start a new file)")])
        held, (keep, self.buffered) = self.buffered, found
        gone = self.lines[keep:] or held[len(self.buffered):]
        kept = keep if keep < len(self.lines) else None
        del self.lines[keep:]
        self.d = derive(self.lines, self.name)
        shown = [g.strip() for g in gone if g.strip()]
        # (under V5 a round's line goes with its hands: the hand is what is undone)
        said = "undone: " + (shown[-1] if shown[0].startswith("round ") else shown[0])
        return self._answer([Step(text=said)], kept)

    def _close(self) -> Answer:
        d = self.d
        step = d.watch.step
        scores = step.game.scores if step is not None else d.setup.new_game().scores
        totals = "(" + ",".join(map(str, scores)) + ")"
        lines = ["", f"winner none {totals}", "end"]
        self._write(lines)
        return self._answer([Step(lines, f"Closed unfinished ({scores_text(d.setup, scores)}): "
                                         f"winner none. {self.name} is complete.")])

    # -- the position, for a screen ----------------------------------------------

    def position(self) -> dict[str, Any]:
        """The position as data: the round and event, whose turn, the ends
        and end total, each side's total, and the tiles the seat to play may
        be tapped for (its hand when known, else every tile still in play),
        each with whether it fits and the ends to choose between (two only
        where the choice changes the line, R4.2)."""
        d = self.d
        out: dict[str, Any] = {"ask": self.asks.kind, "seat": self.asks.seat,
                               "round": self.asks.round, "lines": len(self.lines),
                               "closed": d.closed}
        if d.report is None or d.report.setup is None:
            return out
        setup = d.setup
        step = d.watch.step
        scores = list(step.game.scores) if step is not None else list(
            setup.new_game().scores)
        out["sides"] = list(setup.side_names)
        out["seats"] = list(setup.names)
        tags = d.game.tags if d.game is not None else ()
        out["people"] = {t.values[0]: t.values[1] for t in tags
                         if t.key == "seat" and len(t.values) > 1}
        out["totals"] = scores
        out["target"] = setup.rules.target
        out["hand_size"] = setup.rules.hand_size
        out["max_pip"] = setup.rules.max_pip
        if self.asks.kind == "play" and step is not None:
            out.update(_play_position(d))
        return out


def _play_position(d: Derived) -> dict[str, Any]:
    """Whose turn, the ends, and the tiles to tap (see ``Recorder.position``)."""
    step, game = d.watch.step, d.game
    assert step is not None and game is not None
    rs = step.round
    seat = rs.turn
    lines = position_lines(d, d.setup.names[seat])
    held = {(k >> 5, k & 31) for k in rs.hands[seat]}
    if rs.unknown[seat]:
        top = d.setup.rules.max_pip
        taken = rs.played | {k for s, h in enumerate(rs.hands) if s != seat for k in h}
        held |= {(a, b) for a in range(top + 1) for b in range(a, top + 1)
                 if (a << 5 | b) not in taken}
    tiles = [{"tile": f"{a}-{b}", **_ends(rs, a, b)} for a, b in sorted(held)]
    return {"turn": d.setup.names[seat], "event": len(game.rounds[-1].events) + 1,
            "lead": not rs.ntiles, "ends_text": rs.ends_text() if rs.ntiles else "",
            "end_total": rs.end_total() if rs.ntiles else 0,
            "held": rs.held[seat], "unknown": rs.unknown[seat], "tiles": tiles,
            "text": lines}


def _ends(rs: RoundState, a: int, b: int) -> dict[str, Any]:
    """Whether a-b fits, and the ends to choose between: both only when the
    lines they make differ (R4.2, as ``RoundState`` decides an end left
    out), none for a lead."""
    if not rs.ntiles:
        return {"fits": True, "ends": []}
    left = rs.left in (a, b)
    right = rs.right in (a, b)
    if left and right:
        double = a == b
        after_left = sorted(((b if a == rs.left else a, double), (rs.right, rs.right_double)))
        after_right = sorted(((rs.left, rs.left_double), (b if a == rs.right else a, double)))
        return {"fits": True, "ends": [] if after_left == after_right else ["L", "R"]}
    return {"fits": left or right, "ends": ["L"] if left else ["R"] if right else []}


def parse_options(text: str) -> list[tuple[str, str]] | str:
    """Rule options as ``ftn record`` reads them ("target=100, hand=7"), or
    what to type instead."""
    pairs = [w.partition("=") for w in text.replace(",", " ").split()]
    if any(not sep for _, sep, _ in pairs):
        return "type NAME=VALUE pairs, like target=100 opener=highest-double"
    return [(k.lower(), v) for k, _, v in pairs]


def new_header(seats: list[str], people: list[str], preset: str,
               options: list[tuple[str, str]], first: str | None) -> list[str] | str:
    """A new record's header from a set-up (as ``ftn record`` asks it), or
    what is wrong with it, in words."""
    players = len(seats)
    rules, problems = resolve(players, preset, options)
    if rules is None:
        return "; ".join(p.message for p in problems)
    if rules.opener != "rotate":
        first = None
    elif first not in seats:
        return f"who opens round 1 (drawn by lot, R3.1)? one of: {' '.join(seats)}"
    try:
        return header_lines(seats, people, preset, options, first)
    except ValueError as e:
        return str(e)
