"""Tests of ``ftn record`` (``verifier.record.game``, ``verifier.cli.record``,
``verifier.record.session``): a game recorded move by move is the record
``ftn generate`` writes of it; an illegal move is refused with its rule; an
undo takes a move back, in the file too; a session killed with SIGKILL
leaves every line entered, and ``--resume`` finishes it; bad input gives a
message, never a traceback.

The pseudo-terminal tests drive the command as a person would: a prompt
is waited for, then an answer typed."""

from __future__ import annotations

import fcntl
import os
import platform
import re
import select
import signal
import subprocess
import termios
import time
from pathlib import Path

import pytest
from support.ftn import Ftn, command, run_ftn
from support.paths import ROOT

from notation.ftn.printer import print_games
from notation.ftn.reader import parse_games
from notation.model import Knock, Placement
from verifier.api import check_text
from verifier.record.game import derive, plan, try_event
from verifier.record.journal import Journal
from verifier.record.words import count_words, number_words, parse_move
from verifier.rules.generate import generate_games
from verifier.rules.scoring import Placed, Scored
from verifier.rules.start import Setup

HEADER_ANSWERS = ["2", "", "Ann", "Sam", "", "", "N"]
HEADER = ['game', '[ftn "1"]', '[seat "N" "Ann"]', '[seat "S" "Sam"]', '[first "N"]']
DEALS = ["6-6 6-3 5-5 4-1 2-0 3-3 1-1", "6-4 3-1 5-0 2-2 4-4 6-2 0-0"]


def session(tmp_path: Path, answers: list[str], *args: str) -> tuple[int, str, str, Path]:
    path = tmp_path / "g.ftn"
    r = run_ftn(["record", str(path), *args], stdin="\n".join(answers) + "\n")
    return r.returncode, r.stdout, r.stderr, path


def test_words_of_a_count() -> None:
    assert [number_words(n) for n in (0, 7, 15, 20, 42)] == [
        "zero", "seven", "fifteen", "twenty", "forty-two"]
    setup = Setup.declared(("N", "S"))
    fifteen = Placed(0, (5, 5), "L", 5, True, 5, False, 15, 8, 0, False, None)
    assert count_words(fifteen, Scored(0, 8, True, 20, False), setup) == (
        "fifteen for 8; N pegs 8: 12 to 20")
    out = Placed(1, (3, 4), "L", 3, False, 3, False, 6, 2, 1, True, "domino")
    assert count_words(out, Scored(1, 3, False, 59, False), setup) == (
        "six for 2, and 1 for the domino: 3; but 59 + 3 = 62 is past 61: S pegs nothing (R8.2)")
    win = Placed(0, (6, 6), None, 6, True, 6, True, 12, 4, 0, False, None)
    assert count_words(win, Scored(0, 4, True, 61, True), setup) == (
        "twelve for 4; N pegs 4: 57 to 61; N reaches 61 and wins (R8.4)")
    none = Placed(0, (6, 4), "L", 4, False, 6, True, 16, 0, 0, False, None)
    assert count_words(none, Scored(0, 0, True, 4, False), setup) == "sixteen, no score"


def test_moves_as_typed() -> None:
    setup = Setup.declared(("N", "S"))
    assert parse_move("6-4 l", "S", setup) == ("S 6-4 L", None)
    assert parse_move("64 R # a note", "S", setup) == ("S 6-4 R", " a note")
    assert parse_move("pass", "S", setup) == ("S knock", None)
    assert parse_move("N 6-4", "S", setup) == ("N 6-4", None)  # refused later: not N's turn
    assert parse_move("UNDO", "S", setup) == "undo"
    assert str(parse_move("6-4 X", "S", setup)).startswith("?'X' is not an end")
    assert str(parse_move("hello", "S", setup)).startswith("?'hello' is not a move")


def lines_after() -> list[str]:
    """The record's lines after the header and the two hands of round 1."""
    return [*HEADER, "", "round 1 opener N", "  deal N " + DEALS[0], "  deal S " + DEALS[1]]


def test_an_illegal_move_is_refused_with_its_rule_and_nothing_is_written(tmp_path: Path) -> None:
    d = derive(lines_after())
    assert plan(d, []).kind == "play"
    # 5-5 leads fine (N's move, any tile): 10 scores 2; the record is not changed
    assert try_event(d, "N 5-5") == ("  N 5-5 =10 +2 (2,0)", "ten for 2; N pegs 2: 0 to 2")
    assert d.lines == lines_after()
    d2 = derive([*lines_after(), "  N 6-6 =12 +4 (4,0)"])
    got = try_event(d2, "S 3-1 L")
    assert not isinstance(got, tuple) and got.name == "tile-does-not-fit" and got.rule == "R4.1"
    got = try_event(d2, "N 6-3 L")
    assert not isinstance(got, tuple) and got.name == "not-your-turn"
    got = try_event(d2, "S knock")
    assert not isinstance(got, tuple) and got.name == "knock-while-able"
    assert try_event(d2, "S 6-4") == ("  S 6-4 L =16 +0 (4,0)", "sixteen, no score")


def test_a_session_with_a_refusal_an_undo_and_a_forced_knock(tmp_path: Path) -> None:
    moves = ["6-6", "knock", "6-4", "5-5 L", "6-3 R", "undo", "6-3 R", "4-4 L", "3-3 R",
             "3-1 R", "4-1 L", "1-1 L", "quit"]
    code, out, err, path = session(tmp_path, [*HEADER_ANSWERS, *DEALS, *moves])
    assert code == 0, out + err
    assert "refused: S knocks but holds 2-6, 4-6, fitting the lead 6-6\n  R4.4: " in out
    assert "refused: 5-5 does not fit the left end 4\n  R4.1: Every placement" in out
    assert "undone: S 6-4 L =16 +0 (4,0)" not in out and "undone: N 6-3 R =7 +0 (4,0)" in out
    assert "S knocks: nothing fits 1 | 1 (R4.4)" in out  # written for S: forced
    assert "N 1-1 L =3 +1 (5,3): three for 1; N pegs 1: 4 to 5" in out
    assert "Round 1: nobody can place: the round is blocked (R7.3); totals N 5, S 3" in out
    text = path.read_text(encoding="utf-8")
    want = [
        *lines_after(), "  N 6-6 =12 +4 (4,0)", "  S 6-4 L =16 +0 (4,0)",
        "  N 6-3 R =7 +0 (4,0)", "  S 4-4 L =11 +0 (4,0)", "  N 3-3 R =14 +0 (4,0)",
        "  S 3-1 R =9 +3 (4,3)", "  N 4-1 L =2 +0 (4,3)", "  S knock", "  N 1-1 L =3 +1 (5,3)",
        "  S knock", "  N knock", "  result blocked (5,3)", "", "round 2 opener S"]
    assert text == "\n".join(want) + "\n"
    assert "ftn record --resume" in err and "Traceback" not in err


def test_undo_takes_back_hands_and_goes_back_into_the_round_before(tmp_path: Path) -> None:
    moves = ["6-6", "6-4", "6-3 R", "4-4 L", "3-3 R", "3-1 R", "4-1 L", "1-1 L"]
    answers = [*HEADER_ANSWERS, DEALS[0], "undo", DEALS[0], DEALS[1], "6-6", "undo", "undo",
               DEALS[1], *moves, "undo", "1-1 L", "quit"]
    code, out, _, path = session(tmp_path, answers)
    assert code == 0
    assert out.count("undone: deal N ") == 1 and out.count("undone: deal S ") == 1
    assert out.count("undone: N 6-6 =12 +4 (4,0)") == 1
    # At round 2's first hand, an undo takes back round 1's last move (its
    # result, the knocks written for it and round 2's line go with it).
    assert "undone: N 1-1 L =3 +1 (5,3)" in out
    assert "nothing to undo" not in out
    text = path.read_text(encoding="utf-8")
    assert text.endswith("  N 1-1 L =3 +1 (5,3)\n  S knock\n  N knock\n  result blocked (5,3)\n"
                         "\nround 2 opener S\n")
    assert text.count("round 2") == 1 and text.count("deal N") == 1


def test_a_file_dealt_out_of_order_is_resumed_at_the_hand_missing(tmp_path: Path, ftn: Ftn) -> None:
    path = tmp_path / "g.ftn"
    path.write_text("\n".join([*HEADER, "", "round 1 opener N", "  deal S " + DEALS[1]]) + "\n",
                    encoding="utf-8")
    r = ftn(["record", "--resume", str(path)], stdin=DEALS[1] + "\n" + DEALS[0]
                      + "\nquit\n")
    assert r.returncode == 0
    assert "refused: 6-4 is dealt twice (N and S)" in r.stdout  # S's hand typed for N
    assert path.read_text(encoding="utf-8").endswith(f"  deal S {DEALS[1]}\n  deal N {DEALS[0]}\n")


def test_close_ends_the_record_unfinished_and_it_checks_clean(tmp_path: Path) -> None:
    code, _out, _, path = session(tmp_path, [*HEADER_ANSWERS, *DEALS, "6-6", "close", ""])
    assert code == 0
    text = path.read_text(encoding="utf-8")
    assert text.endswith("  N 6-6 =12 +4 (4,0)\n\nwinner none (4,0)\nend\n")
    assert check_text(text).errors == 0 and check_text(text).warnings == 0


def test_unknown_hands_are_written_and_the_plays_checked(tmp_path: Path) -> None:
    code, out, _, path = session(tmp_path, [*HEADER_ANSWERS, "unknown", "", "6-6", "6-6 L",
                                            "6-4", "quit"])
    assert code == 0
    assert "N's hand is not known (7 tiles)" in out
    assert "refused: S places 6-6, already placed at event 1 by N (R4.5)\n  R2.2: " in out
    assert path.read_text(encoding="utf-8").split("\n")[7:11] == [
        "  deal N ? ? ? ? ? ? ?", "  deal S ? ? ? ? ? ? ?", "  N 6-6 =12 +4 (4,0)",
        "  S 6-4 L =16 +0 (4,0)"]


def test_highest_double_holds_the_hands_until_the_opener_is_known(tmp_path: Path) -> None:
    """V5: the round line names the holder of the highest double, so the
    hands are written with it once all are typed; an undo takes a hand back."""
    hands = ["0-0 0-1 0-2 0-3 0-4 0-5 0-6 1-1 1-2", "2-2 2-3 2-4 2-5 2-6 3-3 3-4 3-5 3-6",
             "4-4 4-5 4-6 5-5 5-6 6-6 1-3 1-4 1-5"]
    answers = ["3", "", "", "", "", "online", "", hands[0], hands[1], "undo", hands[1],
               hands[2], "undo", "undo", hands[1], hands[2], "5-5", "6-6", "quit"]
    code, out, _, path = session(tmp_path, answers)
    assert code == 0
    assert out.count("undone: deal E ") == 2 and out.count("undone: deal W ") == 1
    assert "Round 1: W opens (R3)" in out  # W holds 6-6
    assert "refused: W leads 5-5; the lead must be 6-6" in out and "\n  V5: " in out
    assert path.read_text(encoding="utf-8") == "\n".join([
        'game', '[ftn "1"]', '[seat "N"]', '[seat "E"]', '[seat "W"]', '[rules "online"]', "",
        "round 1 opener W", *(f"  deal {s} {h}" for s, h in zip("NEW", hands, strict=True)),
        "  W 6-6 =12 +4 (0,0,4)"]) + "\n"


def test_bad_answers_are_asked_again(tmp_path: Path) -> None:
    answers = ["one", "2", "N N", "", "", "", "nope", "", "target=x", "target=15", "Q", "S",
               "6-6 6-3", "6-6 6-3 5-5 4-1 2-0 3-3 9-9", *DEALS, "quit"]
    code, out, err, path = session(tmp_path, answers)
    assert code == 0, err
    assert "type the number of players" in out and "type 2 different seat names" in out
    assert "type one of: pagat, online" in out and "bad value 'x' for target" in out
    assert "type one of: N S" in out
    assert "2 tiles; a hand is 7 (R2.1)" in out
    assert "refused: N is dealt 9-9, not in the set (0 to 6)" in out
    assert path.read_text(encoding="utf-8").startswith(
        'game\n[ftn "1"]\n[seat "N"]\n[seat "S"]\n[first "S"]\n[rule "target" "15"]\n')


def test_refusals_of_the_file(tmp_path: Path, ftn: Ftn) -> None:
    path = tmp_path / "g.ftn"
    path.write_text("game\n", encoding="utf-8")
    r = ftn(["record", str(path)], stdin="")
    assert r.returncode == 2 and "exists: ftn record --resume" in r.stderr
    r = ftn(["record", "--resume", str(tmp_path / "none.ftn")], stdin="")
    assert r.returncode == 2 and "no such file" in r.stderr
    path.write_text('game\n[ftn "1"]\n[seat "N"]\n[seat "S"]\n[first "N"]\n\nround 1 opener N\n'
                    '  N 6-6 L R\n', encoding="utf-8")
    r = ftn(["record", "--resume", str(path)], stdin="")
    assert r.returncode == 2 and ":8:" in r.stderr and "cannot be read" in r.stderr
    assert "Traceback" not in r.stderr
    path.write_text('game\n[ftn "1"]\n[seat "N"]\n[seat "S"]\n[first "S"]\n\nround 1 opener N\n',
                    encoding="utf-8")
    r = ftn(["record", "--resume", str(path)], stdin="")
    assert r.returncode == 1 and "wrong-opener" in r.stderr and "fix them" in r.stderr
    done = tmp_path / "done.ftn"
    done.write_text(print_games(generate_games(2, 1, 3)), encoding="utf-8")
    r = ftn(["record", "--resume", str(done)], stdin="")
    assert r.returncode == 0 and "nothing to resume" in r.stdout
    r = ftn(["record", str(tmp_path / "g.ftn.gz")], stdin="")
    assert r.returncode == 2 and "plain FTN" in r.stderr
    latin = tmp_path / "latin.ftn"
    latin.write_bytes(b"game\n# caf\xe9\n")
    r = ftn(["record", "--resume", str(latin)], stdin="")
    assert r.returncode == 2 and "latin.ftn:2: not UTF-8 text (byte 11 of the file)" in r.stderr
    held = Journal(done, create=False)  # another session has it
    try:
        r = ftn(["record", "--resume", str(done)], stdin="")
        assert r.returncode == 2 and "another ftn record session is writing to it" in r.stderr
    finally:
        os.close(held.fd)
    r = ftn(["record", str(tmp_path / "new.ftn")], stdin="2\n")  # then EOF
    assert r.returncode == 0 and "Traceback" not in r.stderr and "stopped" in r.stderr


# -- through a pseudo-terminal ---------------------------------------------------

# The numbers of the system calls that wait for input (read, poll, select,
# pselect6, ppoll) on the machines whose numbers are known here.
WAITING_CALLS = {"x86_64": {"0", "7", "23", "270", "271"},
                 "aarch64": {"63", "72", "73"}}.get(platform.machine())
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[=>]|\r")


def _own_terminal() -> None:
    """In the child, what a shell with job control gives a foreground job:
    the pseudo-terminal as its controlling terminal (so that Ctrl-C is
    SIGINT, as at a real one), and SIGINT and SIGQUIT at their defaults.
    A test run started in the background by a shell without job control
    (``pytest &`` in a script) inherits them ignored, and a Python started
    with SIGINT ignored never turns Ctrl-C into KeyboardInterrupt: every
    Ctrl-C of the test is lost that way."""
    for s in (signal.SIGINT, signal.SIGQUIT):
        signal.signal(s, signal.SIG_DFL)
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class Terminal:
    """``ftn record`` on a pseudo-terminal: prompts waited for, answers typed."""

    def __init__(self, *args: str, locale: str | None = None, term: str = "dumb") -> None:
        master, slave = os.openpty()
        env = {**os.environ, "PYTHONPATH": str(ROOT), "TERM": term, "INPUTRC": "/dev/null"}
        if locale is not None:  # the terminal's: LC_ALL=C reads bytes as they come
            env["LC_ALL"] = locale
        self.p = subprocess.Popen(command("record", *args),
                                  stdin=slave, stdout=slave, stderr=slave, cwd=ROOT, env=env,
                                  start_new_session=True, preexec_fn=_own_terminal)
        os.close(slave)
        self.fd, self.seen = master, ""

    def expect(self, text: str, timeout: float = 30) -> str:
        """Wait until ``text`` has been printed; what came before it."""
        end = time.monotonic() + timeout
        while text not in self.seen:
            left = end - time.monotonic()
            assert left > 0, f"waited for {text!r}; the terminal shows:\n{self.seen[-2000:]}"
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.fd, 65536)
                except OSError:  # the command ended
                    chunk = b""
                assert chunk, f"the command ended before {text!r}:\n{self.seen[-2000:]}"
                self.seen += ANSI.sub("", chunk.decode("utf-8", "replace"))
        before, _, self.seen = self.seen.partition(text)
        return before

    def type(self, answer: str | bytes) -> None:
        os.write(self.fd, (answer if isinstance(answer, bytes) else answer.encode()) + b"\n")

    def waiting(self, timeout: float = 30) -> None:
        """Wait until the command is blocked reading the terminal, as it is
        when a person presses a key at its prompt. CPython's readline loses
        a SIGINT that comes between drawing the prompt and its ``select``
        (until the next key): a Ctrl-C typed the instant the prompt shows,
        as a test types it, is sometimes lost on a loaded machine (19 of 100
        in a reproducer with both cores busy; 6 of 60 with four busy loops).
        Linux says what a process waits in (``/proc/PID/syscall``); where
        it cannot be read, half a second is waited instead."""
        if WAITING_CALLS is None:
            time.sleep(0.5)
            return
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                state = Path(f"/proc/{self.p.pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
                call = Path(f"/proc/{self.p.pid}/syscall").read_text().split()[0]
            except (OSError, IndexError):
                time.sleep(0.5)
                return
            if state == "S" and call in WAITING_CALLS:
                return
            time.sleep(0.01)
        raise AssertionError("the command never waited for the terminal")

    def interrupt(self, answer: str) -> None:
        """Press Ctrl-C at the prompt (once the command waits there) and
        wait for ``answer``; if it does not come, say which signals the
        command ignores, blocks or has pending."""
        self.waiting()
        os.write(self.fd, b"\x03")  # Ctrl-C
        try:
            self.expect(answer, timeout=30)
        except AssertionError as e:
            try:
                status = Path(f"/proc/{self.p.pid}/status").read_text().splitlines()
            except OSError:
                status = []
            signals = "; ".join(line for line in status if line.startswith(("Sig", "ShdPnd")))
            raise AssertionError(f"{e}\nthe command's signals: {signals or 'not known'}") from None

    def close(self) -> int:
        try:
            return self.p.wait(timeout=30)
        finally:
            if self.p.poll() is None:
                self.p.kill()
                self.p.wait()
            os.close(self.fd)


def script(game_text: str) -> tuple[list[tuple[str, str, str]], str]:
    """What a scorer types to record a generated 2-player game: (prompt,
    answer, the line it writes), and the record the session must write."""
    game = parse_games(game_text)[0]
    steps: list[tuple[str, str, str]] = []
    for rnd in game.rounds:
        for d in rnd.deals:
            tiles = " ".join(f"{a}-{b}" for a, b in d.tiles if True)  # type: ignore[misc]
            steps.append((f"Hand of {d.seat} ", tiles, f"  deal {d.seat} {tiles}"))
        for ev in rnd.events:
            if isinstance(ev, Knock):
                continue  # every hand is known: each knock is forced, written for the scorer
            assert isinstance(ev, Placement)
            move = f"{ev.tile[0]}-{ev.tile[1]}" + (f" {ev.end}" if ev.end else "")
            line = next(x for x in game_text.split("\n")
                        if x.startswith(f"  {ev.seat} {move} ="))
            steps.append((f"{ev.seat}> ", move, line))
    want = "\n".join(x for x in game_text.split("\n") if not x.startswith("[event "))
    return steps, want


def header(t: Terminal, first: str) -> None:
    for prompt, answer in [("Players [2]: ", "2"), ("Seats, clockwise [N S]: ", ""),
                           ("Player at N", "Player 1"), ("Player at S", "Player 2"),
                           ("Rules: ", ""), ("Rule options", ""), ("Who opens round 1", first)]:
        t.expect(prompt)
        t.type(answer)


@pytest.mark.slow
def test_ctrl_c_at_a_prompt_stops_with_every_line_kept(tmp_path: Path) -> None:
    path = tmp_path / "g.ftn"
    t = Terminal(str(path))
    try:
        header(t, "N")
        t.expect("Hand of N ")
        t.type(DEALS[0])
        t.expect("Hand of S ")
        t.interrupt("stopped; every line entered is in")
        assert t.close() == 130
    finally:
        if t.p.poll() is None:
            t.p.kill()
    assert path.read_text(encoding="utf-8").endswith("  deal N " + DEALS[0] + "\n")


@pytest.mark.slow
def test_a_whole_game_through_a_terminal_killed_then_resumed(tmp_path: Path) -> None:
    """Must show 3: a complete 2-player game through a pseudo-terminal, with
    one illegal move refused and one undo; killed with SIGKILL halfway, every
    line entered is in the file; --resume finishes it; it checks clean."""
    game_text = print_games(generate_games(2, 1, 11))
    steps, want = script(game_text)
    first = re.search(r'\[first "(\w+)"\]', game_text).group(1)  # type: ignore[union-attr]
    path = tmp_path / "game.ftn"
    half = len(steps) // 2
    t = Terminal(str(path))
    try:
        header(t, first)
        for i, (prompt, answer, _) in enumerate(steps[:half]):
            t.expect(prompt)
            if i == 3:  # the second move of round 1: a knock while able
                t.type("knock")
                t.expect("refused: ")
                assert "R4.4: " in t.expect(prompt)
            t.type(answer)
            if i == 5:  # take it back, and type it again
                t.expect(steps[i + 1][0])
                t.type("undo")
                t.expect("undone: " + steps[i][2].strip())
                t.expect(prompt)
                t.type(answer)
        t.expect(steps[half][0])  # the move before it is on the disk
        os.kill(t.p.pid, signal.SIGKILL)
        assert t.close() == -signal.SIGKILL
    finally:
        if t.p.poll() is None:
            t.p.kill()
    kept = path.read_text(encoding="utf-8")
    assert want.startswith(kept)  # every line as it will stand, and nothing else
    for _, _, line in steps[:half]:
        assert line + "\n" in kept  # every line entered
    t = Terminal("--resume", str(path))
    try:
        t.expect("Resuming ")
        for prompt, answer, _ in steps[half:]:
            t.expect(prompt)
            t.type(answer)
        t.expect("The record is complete")
        t.expect("Enter to finish, or undo: ")
        t.type("")
        assert t.close() == 0
    finally:
        if t.p.poll() is None:
            t.p.kill()
    text = path.read_text(encoding="utf-8")
    assert text == want
    report = check_text(text)
    assert (report.errors, report.warnings) == (0, 0)


def test_a_line_that_is_not_utf8_is_asked_again_and_never_written(tmp_path: Path) -> None:
    """A Latin-1 name typed in a terminal read byte for byte (the C locale),
    and a pasted hand with a stray byte: each is said and asked again; the
    session goes on and the file is UTF-8 with the lines typed again."""
    path = tmp_path / "g.ftn"
    t = Terminal(str(path), locale="C")
    try:
        t.expect("Players [2]: ")
        t.type("2")
        t.expect("Seats, clockwise [N S]: ")
        t.type("")
        t.expect("Player at N")
        t.type(b"Ren\xe9e Lee")
        t.expect("that line is not UTF-8 text: type it again")
        t.expect("Player at N")
        t.type("Renee Lee")
        for prompt, answer in [("Player at S", "Sam"), ("Rules: ", ""), ("Rule options", ""),
                               ("Who opens round 1", "N")]:
            t.expect(prompt)
            t.type(answer)
        t.expect("Hand of N ")
        t.type(DEALS[0].encode() + b" \xff")
        t.expect("that line is not UTF-8 text: type it again")
        t.expect("Hand of N ")
        t.type(DEALS[0])
        t.expect("Hand of S ")
        t.type("quit")
        t.expect("stopped; every line entered is in")
        assert t.close() == 0
    finally:
        if t.p.poll() is None:
            t.p.kill()
    text = path.read_bytes().decode("utf-8")  # raises on a byte that is not UTF-8
    assert "Traceback" not in t.seen
    assert text == "\n".join(['game', '[ftn "1"]', '[seat "N" "Renee Lee"]', '[seat "S" "Sam"]',
                              '[first "N"]', "", "round 1 opener N",
                              f"  deal N {DEALS[0]}", ""])


@pytest.mark.parametrize("through_a_symlink", [False, True])
def test_a_file_resume_refuses_is_left_byte_for_byte(tmp_path: Path,
                                                    through_a_symlink: bool, ftn: Ftn) -> None:
    """--resume reads and judges the whole file before it writes a byte: a
    file it refuses, whose last line has no line end, gets none added (nor
    its target, through a symlink)."""
    path = tmp_path / "g.ftn"
    bad = ('game\n[ftn "1"]\n[seat "N"]\n[seat "S"]\n[first "S"]\n\nround 1 opener N')
    path.write_bytes(bad.encode("utf-8"))
    named = path
    if through_a_symlink:
        named = tmp_path / "link.ftn"
        named.symlink_to(path.name)
    r = ftn(["record", "--resume", str(named)], stdin="")
    assert r.returncode == 1 and "wrong-opener" in r.stderr and "fix them" in r.stderr
    assert path.read_bytes() == bad.encode("utf-8")
    done = tmp_path / "done.ftn"
    whole = print_games(generate_games(2, 1, 3)).rstrip("\n")
    done.write_bytes(whole.encode("utf-8"))
    r = ftn(["record", "--resume", str(done)], stdin="")
    assert r.returncode == 0 and "nothing to resume" in r.stdout
    assert done.read_bytes() == whole.encode("utf-8")


def test_a_last_line_without_its_line_end_gets_it_with_the_first_line_appended(
        tmp_path: Path) -> None:
    path = tmp_path / "g.ftn"
    path.write_bytes(b"game\r\n[ftn \"1\"]")
    j = Journal(path, create=False)
    try:
        assert path.read_bytes() == b"game\r\n[ftn \"1\"]"  # opening writes nothing
        j.append(['[seat "N"]'])
        assert path.read_bytes() == b"game\r\n[ftn \"1\"]\r\n[seat \"N\"]\r\n"
        assert j.keep(2) == ['[seat "N"]']
        assert path.read_bytes() == b"game\r\n[ftn \"1\"]\r\n"
        j.append(["end"])
        assert path.read_bytes() == b"game\r\n[ftn \"1\"]\r\nend\r\n"
    finally:
        os.close(j.fd)


@pytest.mark.slow
def test_a_paste_of_several_lines_given_whole_by_readline_is_refused(tmp_path: Path) -> None:
    """A terminal that is not dumb gets readline's bracketed paste (on by
    default since readline 8.1): a paste of several lines is one answer,
    its line ends in it. It is refused whole; none of its lines is written."""
    path = tmp_path / "g.ftn"
    t = Terminal(str(path), term="xterm")
    try:
        header(t, "N")
        for seat, hand in zip("NS", DEALS, strict=True):
            t.expect(f"Hand of {seat} ")
            t.type(hand)
        t.expect("N> ")
        os.write(t.fd, b"\x1b[200~6-6 # nice\nwinner N (61,0)\nend\x1b[201~\r")
        t.expect("what was typed holds a line end (LF: a second line) at column 11")
        t.expect("N> ")
        t.type("6-6 # nice")
        t.expect("S> ")
        t.type("quit")
        t.expect("stopped; every line entered is in")
        assert t.close() == 0
    finally:
        if t.p.poll() is None:
            t.p.kill()
    text = path.read_text(encoding="utf-8")
    assert text.endswith(f"  deal S {DEALS[1]}\n  N 6-6 =12 +4 (4,0)  # nice\n")
    assert "winner" not in text and "Traceback" not in t.seen
