"""Hostile input through the ``ftn`` command: each hostile input ends in a
diagnostic or a clean error with exit 1 or 2, never a traceback or a hang. Run
as subprocesses, as a user runs them; the timeout is a guard against a hang,
not a measure of speed."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from support.ftn import CHECKOUT, Ftn, Ran
from support.paths import SAMPLES

HEADER = '[ftn "1"]\n[seat "N"]\n[seat "S"]\n[first "N"]\n'


def clean(p: Ran[str], codes: tuple[int, ...] = (1, 2)) -> str:
    assert "Traceback" not in p.stderr and "Traceback" not in p.stdout, p.stderr
    assert p.returncode in codes, (p.returncode, p.stderr)
    return p.stdout + p.stderr


# (file name, its text, the command, what the output says)
REPRODUCERS = [
    ("r.ftn", "game\nround " + "1" * 4301 + " opener N\nend\n", "check",
     "r.ftn:2:7: FT001 syntax-error: a number of more than 18 digits"),
    ("b.json", "9" * 4301 + "\n", "check",
     "b.json:1:1: FT001 syntax-error: bad JSON: a number of more than 18 digits"),
    ("d.json", "[" * 1000 + "\n", "check",
     "d.json:1:65: FT001 syntax-error: bad JSON: nested deeper than 64 levels"),
    ("n.json", "[NaN]\n", "check", "n.json:1:2: FT001 syntax-error: bad JSON: NaN is not JSON"),
    ("s.jsonl", '{"format":"ftn-json-1","tags":[],"rounds":[],"comments":{"before":["\\udfff"]}}\n',
     "check", "s.jsonl:1:69: FT001 syntax-error: a string holds a lone surrogate escape"),
    ("t.ftn", 'game\n[ftn "1"]\n[event "\\ud800"]\nend\n', "fmt",
     "ftn fmt: t.ftn: not formatted: it does not parse"),
    ("t.ftn", 'game\n[ftn "1"]\n[event "\\ud800"]\nend\n', "convert",
     "ftn convert: t.ftn: not converted: it cannot be read"),
    ("o.ftn", f'game\n{HEADER}[rule "target" "²"]\nend\n', "check",
     "bad value '²' for target"),
    ("o.ftn", f'game\n{HEADER}[rule "target" "{"9" * 4301}"]\nend\n', "check",
     "FT002 bad-header"),
    # The records fuzzer, case 781,754 of its 1,000,000 (audit): int() refuses 4,301 digits.
    *[(f"s{i}.ftn", f'game\n{HEADER}[start "{r}" "{t}"]\nend\n', command,
       f"s{i}.ftn:6:1: {says}[start]: a number of more than 18 digits")
      for i, (r, t) in enumerate([("9" * 4302, "?"), ("2", "0," + "1" * 4301),
                                  ("1" + "0" * 18, "0,0")])
      for command, says in (("check", "FT002 bad-header: "),
                            ("audit", "game 1, header: bad-header (FTN): "))],
]


@pytest.mark.parametrize("name,text,command,says", REPRODUCERS,
                         ids=[f"{c}-{n}-{i}" for i, (n, _, c, _s) in enumerate(REPRODUCERS)])
def test_reproducer_ends_in_a_diagnostic(tmp_path: Path, name: str, text: str, command: str,
                                         says: str, ftn: Ftn) -> None:
    (tmp_path / name).write_text(text, encoding="utf-8")
    assert says in clean(ftn([command, name], process=True, cwd=tmp_path, timeout=60, env=CHECKOUT))


@pytest.mark.parametrize("command", ["convert", "replay", "perft", "show"])
def test_one_file_commands_refuse_a_folder_of_records(tmp_path: Path, command: str,
                                                      ftn: Ftn) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    for n in ("four-players.ftn", "three-players.ftn"):
        (folder / n).write_bytes((SAMPLES / "valid" / n).read_bytes())
    out = clean(ftn([command, "games"], process=True, cwd=tmp_path, timeout=60, env=CHECKOUT), (2,))
    assert f"ftn {command}: games: is a directory; {command} reads one file" in out


def test_closed_stdin(tmp_path: Path, ftn: Ftn) -> None:
    p = ftn(["check", "-"], process=True, cwd=tmp_path, timeout=60, env=CHECKOUT,
            preexec=lambda: os.close(0))  # as the shell's <&- leaves it
    assert clean(p, (2,)).strip() == "ftn: <stdin>: cannot read: standard input is closed"


def test_generate_a_target_no_game_reaches(tmp_path: Path, ftn: Ftn) -> None:
    out = clean(ftn(["generate", "--rule", "target=30000"], process=True, cwd=tmp_path, timeout=60,
                    env=CHECKOUT), (2,))
    assert "ftn generate: the game did not finish within 2000 rounds (target 30000)" in out


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_not_waited_on(tmp_path: Path, ftn: Ftn) -> None:
    os.mkfifo(tmp_path / "p.ftn")  # nobody writes: reading it would wait for ever
    out = clean(ftn(["check", "p.ftn"], process=True, cwd=tmp_path, timeout=60, env=CHECKOUT), (2,))
    assert "ftn: p.ftn: cannot read: not a regular file (a FIFO, socket or device)" in out


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
def test_dev_zero_is_refused_not_read(tmp_path: Path, ftn: Ftn) -> None:
    out = clean(ftn(["check", "/dev/zero"], process=True, cwd=tmp_path, timeout=60, env=CHECKOUT),
                (2,))
    assert "ftn: /dev/zero: cannot read: not a regular file" in out


def test_a_fifo_named_as_stdin_is_read(tmp_path: Path, ftn: Ftn) -> None:
    text = (SAMPLES / "valid" / "four-players.ftn").read_bytes()
    p = ftn(["check", "-"], process=True, stdin=text, cwd=tmp_path, timeout=60,
            binary=True, env=CHECKOUT)
    assert p.returncode == 0 and b"0 errors" in p.stdout
