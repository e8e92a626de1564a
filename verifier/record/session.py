"""The questions and answers of ``ftn record`` (``journal.open_journal``
opens the file).

Boundary: the terminal side of a session: it asks (``input``; ``readline``
edits the line and completes the moves that fit, when there is a terminal),
hands each answer to a ``verifier.record.core.Recorder``, prints what it
says and writes what it gives to the ``Journal``; ``Session.record`` says
why a session stopped and closes the file. The header is written once its
questions are answered (its tags have a fixed order that the answers come
in otherwise). It decides nothing about the game itself.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from notation.options import PRESETS
from verifier.files.escaping import escape_lines
from verifier.record.core import Answer, Recorder, parse_options
from verifier.record.game import derive
from verifier.record.journal import Stopped
from verifier.record.words import header_lines
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
    """One scorer's session on one file: a loop over a ``Recorder``."""

    def __init__(self, journal: Journal, name: str) -> None:
        self.journal, self.name = journal, name

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
        table = Recorder(self.journal.lines, self.name)
        answer = table.begin()
        while True:
            self.apply(answer)
            if answer.stop:
                raise Stop()
            if answer.finished:
                return 0
            question = answer.asks
            for line in question.position:
                say(line)
            try:
                typed = ask(question.prompt, question.choices)
            except Stop:
                if question.kind == "done":
                    return 0  # the record is complete: nothing is lost
                raise
            answer = table.type(typed)

    def apply(self, answer: Answer) -> None:
        """An answer's changes to the file and its words, in order."""
        if answer.kept is not None:
            self.journal.keep(answer.kept)
        for step in answer.steps:
            if step.lines:
                self.journal.append(step.lines)
            if step.text is not None:
                say(step.text)

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
            options = parse_options(typed)
            if isinstance(options, str):
                say(options)
                continue
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
