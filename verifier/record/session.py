"""The questions and answers of ``ftn record`` (``journal.open_journal``
opens the file).

Boundary: the terminal side of a session: it asks (``input``; ``readline``
edits the line and completes the moves that fit, when there is a terminal),
prints what ``verifier.record.game`` decides, and writes what it gives to the
``Journal``; ``Session.record`` says why a session stopped and closes the
file. The header is written once its questions are answered (its tags
have a fixed order that the answers come in otherwise); under V5 (the
highest double leads) a round's hands are held until its opener is known,
then written with its ``round`` line. It decides nothing about the game
itself.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from notation.options import PRESETS
from verifier.files.escaping import escape_lines
from verifier.record.game import (
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
from verifier.record.journal import Stopped
from verifier.record.words import (
    COMMANDS,
    HELP,
    deal_line,
    header_lines,
    parse_move,
    parse_tiles,
    refusal,
)
from verifier.render.text import render_diagnostic
from verifier.rules.generate import seat_names
from verifier.rules.options import known_options, resolve

if TYPE_CHECKING:
    from verifier.record.journal import Journal


class Stop(Exception):
    """The scorer stops: ``quit``, end of input (Ctrl-D) or Ctrl-C."""

    def __init__(self, interrupted: bool = False) -> None:
        super().__init__("stop")
        self.interrupted = interrupted


def err(message: str) -> None:
    """A message on standard error (control characters shown escaped)."""
    sys.stderr.write(escape_lines(message) + "\n")
    sys.stderr.flush()


_choices: list[str] = []  # what the completer offers at the prompt


def _complete(text: str, state: int) -> str | None:
    found = [c for c in _choices if c.startswith(text)]
    return found[state] if state < len(found) else None


def _readline() -> None:
    if not sys.stdin.isatty():
        return
    try:
        import readline
    except ImportError:  # pragma: no cover - a Python without it
        return
    readline.set_completer(_complete)
    readline.set_completer_delims("")
    readline.parse_and_bind("tab: complete")


#: What is said of a line whose bytes are not UTF-8 (a Latin-1 terminal, a
#: paste): the file is UTF-8, and never gets them.
NOT_UTF8 = "ftn record: that line is not UTF-8 text: type it again"


def ask(prompt: str, choices: list[str] | None = None) -> str:
    """One answer (Stop at end of input or Ctrl-C); a line that is not UTF-8
    is said so and asked again."""
    _choices[:] = choices or []
    while True:
        try:
            answer = input(prompt).strip()
        except EOFError:
            raise Stop() from None
        except KeyboardInterrupt:
            raise Stop(interrupted=True) from None
        except UnicodeDecodeError:  # standard input decoded strictly
            err(NOT_UTF8)
            continue
        if _is_utf8(answer):
            return answer
        err(NOT_UTF8)


def _is_utf8(text: str) -> bool:
    """Whether ``text`` came from UTF-8 bytes: a byte that is not reads as a
    lone surrogate (``surrogateescape``, as Python reads a C-locale
    terminal), which no UTF-8 file can hold."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def say(text: str) -> None:
    """A message on standard output (control characters from the file, its
    names and its comments among them, shown escaped)."""
    print(escape_lines(text), flush=True)


class Session:
    """One scorer's session on one file."""

    def __init__(self, journal: Journal, name: str) -> None:
        self.journal, self.name = journal, name
        self.buffered: list[str] = []  # V5: the hands of a round whose opener is not known yet
        self.d: Derived | None = None

    def run(self, resume: bool) -> int:
        """The session; its exit status (0, or 1/2 for a file that cannot
        be resumed)."""
        _readline()
        if not any(line.strip() for line in self.journal.lines):
            self.journal.append(self.header())
        elif resume:
            status = self.check_resumable()
            if status is not None:
                return status
        self.d = derive(self.journal.lines, self.name)
        while True:
            if self.step():
                try:
                    answer = ask("Enter to finish, or undo: ", ["undo"])
                except Stop:
                    return 0  # the record is complete: nothing is lost
                if answer.lower() != "undo":
                    return 0
                self.undo()

    def record(self, resume: bool) -> int:
        """``run``, the file closed at the end; said: a stop (``quit``,
        Ctrl-D, Ctrl-C), a line that cannot be written or a file changed by
        another program (``journal.Stopped``: where the lines are). The exit
        status: 0, 1 or 2 as ``run`` gives, 130 after Ctrl-C, 2 after a
        failed write."""
        name = self.name
        try:
            try:
                code = self.run(resume)
            finally:
                self.journal.close()  # Stopped: the file is not the one written any more
        except Stop as stop:
            print()
            err(f"ftn record: stopped; every line entered is in {name}: ftn record --resume "
                f"{name} goes on")
            code = 130 if stop.interrupted else 0
        except Stopped as e:  # a full disk, the file saved anew by another program
            print()
            err(f"ftn record: {e}")
            code = 2
        except OSError as e:
            err(f"ftn record: {name}: cannot write: {e.strerror or e}; the lines before it "
                "are in the file")
            code = 2
        return code if code in (0, 1, 130) else 2

    def check_resumable(self) -> int | None:
        d = derive(self.journal.lines, self.name)
        shown = d.problems or d.errors
        for p in shown:
            line = self.journal.lines[p.line - 1] if 0 < p.line <= len(self.journal.lines) else None
            err(render_diagnostic(p, line))
        if d.problems:
            err(f"ftn record: {self.name} cannot be read: nothing resumed")
            return 2
        if d.errors:
            err(f"ftn record: {self.name} has errors: fix them (ftn check {self.name}), then "
                "resume")
            return 1
        if d.closed:
            say(f"{self.name}: the game is complete (it has its 'end'): nothing to resume")
            return 0
        say(f"Resuming {self.name} ({len(self.journal.lines)} lines).")
        return None

    # -- the header ---------------------------------------------------------

    def header(self) -> list[str]:
        while True:
            answer = ask("Players [2]: ") or "2"
            if answer.isdigit() and int(answer) >= 2:
                players = int(answer)
                break
            say("type the number of players: 2, 3 or 4 (more under a variant: see 'ftn rules V1')")
        default = " ".join(seat_names(players))
        while True:
            seats = (ask(f"Seats, clockwise [{default}]: ") or default).split()
            if len(seats) == players and len(set(seats)) == players:
                break
            say(f"type {players} different seat names, clockwise, separated by spaces")
        people = [ask(f"Player at {s} (Enter for none): ") for s in seats]
        while True:
            preset = (ask("Rules: pagat (the main form) or online [pagat]: ") or "pagat").lower()
            if preset in PRESETS:
                break
            say(f"type one of: {', '.join(PRESETS)}")
        while True:
            typed = ask("Rule options, like target=100 (Enter for none, ? to list them): ")
            if typed == "?":
                say(known_options("\n"))
                continue
            pairs = [w.partition("=") for w in typed.replace(",", " ").split()]
            if any(not sep for _, sep, _ in pairs):
                say("type NAME=VALUE pairs, like target=100 opener=highest-double")
                continue
            options = [(k.lower(), v) for k, _, v in pairs]
            rules, problems = resolve(players, preset, options)
            if rules is None:
                say("; ".join(p.message for p in problems))
                continue
            first = None
            if rules.opener == "rotate":
                while first not in seats:
                    first = ask(f"Who opens round 1 (drawn by lot, R3.1)? [{seats[0]}]: ") \
                        or seats[0]
                    if first not in seats:
                        say(f"type one of: {' '.join(seats)}")
            try:
                return header_lines(seats, people, preset, options, first)
            except ValueError as e:
                say(str(e))
                return self.header()

    # -- the game -------------------------------------------------------------

    def step(self) -> bool:
        """One thing done (written, asked, refused); True once the game is over."""
        d = self.d
        assert d is not None
        action = plan(d, self.buffered)
        if action.kind == "done":
            return True
        if action.kind == "auto":
            self.write(action.lines)
            if action.takes_buffer:
                self.buffered = []
            say(action.say)
            if action.lines[-1] == "end":
                say(f"The record is complete: {self.name} (ftn check {self.name} checks it).")
        elif action.kind == "deal":
            self.deal(action.seat)
        elif action.kind == "opener":
            seat = ask(f"Who opens round {action.round} (the holder of the highest double, "
                       "V5)? ", list(d.setup.names))
            if seat in d.setup.names:
                self.write(round_lines(action.round, seat, self.buffered).lines)
                self.buffered = []
            elif not self.command(seat):
                say(f"type one of: {' '.join(d.setup.names)}")
        else:
            self.play(action.seat)
        return False

    def write(self, lines: list[str]) -> None:
        self.journal.append(lines)
        self.d = derive(self.journal.lines, self.name)

    def deal(self, seat: str) -> None:
        d = self.d
        assert d is not None
        size = d.setup.rules.hand_size
        typed = ask(f"Hand of {seat} ({size} tiles like 6-3, ? for one not known; "
                    "Enter: unknown): ", list(COMMANDS))
        if typed.lower() in COMMANDS:
            self.command(typed.lower())
            return
        tiles = parse_tiles(typed, d.setup)
        if isinstance(tiles, str):
            say(tiles)
            return
        try:
            line = deal_line(seat, tiles, dealt_so_far(d, self.buffered), d.setup)
        except ValueError as e:
            say(str(e))
            return
        if d.setup.rules.opener == "highest-double":
            self.buffered.append(line)
        else:
            self.write([line])

    def play(self, seat: str) -> None:
        d = self.d
        assert d is not None
        for line in position_lines(d, seat):
            say(line)
        while True:
            typed = ask(f"{seat}> ", [*moves(d), "knock", *COMMANDS])
            got = parse_move(typed, seat, d.setup)
            if isinstance(got, str):
                if got.startswith("?"):
                    say(got[1:])
                    continue
                if got == "show":
                    for line in position_lines(d, seat):
                        say(line)
                    continue
                self.command(got)
                return
            text, comment = got
            tried = try_event(d, text, comment, self.name)
            if isinstance(tried, tuple):
                line, words = tried
                self.write([line])
                say(f"{line.strip().split('  #')[0]}: {words}")
                return
            say(refusal(tried))

    def command(self, word: str) -> bool:
        """A command typed at a prompt; False when it is none."""
        if word == "help":
            say(HELP)
        elif word == "quit":
            raise Stop()
        elif word == "undo":
            self.undo()
        elif word == "close":
            self.close()
        else:
            return word == "show"
        return True

    def undo(self) -> None:
        d = self.d
        assert d is not None
        found = undo_point(d, self.buffered)
        if found is None:
            say("nothing to undo (the header stays: to change it, start a new file)")
            return
        held, (keep, self.buffered) = self.buffered, found
        gone = self.journal.keep(keep) or held[len(self.buffered):]
        self.d = derive(self.journal.lines, self.name)
        shown = [g.strip() for g in gone if g.strip()]
        # (under V5 a round's line goes with its hands: the hand is what is undone)
        say("undone: " + (shown[-1] if shown[0].startswith("round ") else shown[0]))

    def close(self) -> None:
        d = self.d
        assert d is not None
        step = d.watch.step
        scores = step.game.scores if step is not None else d.setup.new_game().scores
        totals = "(" + ",".join(map(str, scores)) + ")"
        self.write(["", f"winner none {totals}", "end"])
        say(f"Closed unfinished ({scores_text(d.setup, scores)}): winner none. "
            f"{self.name} is complete.")

