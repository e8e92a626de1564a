"""The helpers the tests share: running ``ftn`` in-process or as a new
process, the generated corpora of games, and the children of a process
(``children``, from /proc). A plain module (``from helpers
import run``), as ``paths`` is, because conftest files are for pytest to
load, not to import."""

from __future__ import annotations

import functools
import os
import subprocess
import sys
from pathlib import Path

from golden import mutate
from paths import ROOT
from typer.testing import CliRunner

from notation.ftn.printer import print_games
from verifier.cli.app import app
from verifier.rules.generate import generate_games

runner = CliRunner()


def run(*args: str, stdin: str | bytes | None = None) -> tuple[int, str, str]:
    """``ftn ARGS`` in-process: the exit status, standard output and error."""
    r = runner.invoke(app, list(args), input=stdin)
    return r.exit_code, r.stdout, r.stderr


def ftn(args: list[str], stdin: str | None = None) -> tuple[int, str]:
    """``ftn ARGS`` as a user runs it (a new process): the exit status and
    standard output."""
    r = subprocess.run([sys.executable, "-m", "verifier", *args], input=stdin,
                       capture_output=True, text=True, cwd=ROOT, check=False)
    return r.returncode, r.stdout


def ftn_bytes(args: list[str], stdin: bytes | None = None) -> tuple[int, bytes, bytes]:
    """``ftn ARGS`` in a new process, its standard output and error as bytes."""
    r = subprocess.run([sys.executable, "-m", "verifier", *args], input=stdin,
                       capture_output=True, cwd=ROOT, check=False,
                       env={**os.environ, "PYTHONPATH": str(ROOT)})
    return r.returncode, r.stdout, r.stderr


def mutated(games: int, seed: int = 1) -> str:
    """Games of 2, 3 and 4 players with findings in them (mutated)."""
    text = "\n".join(print_games(generate_games(p, games, seed + p)) for p in (2, 3, 4))
    return mutate(text, seed)


def awkward(text: str) -> str:
    """An FTN text with a BOM, "\\r\\n" line ends and characters of 2, 3
    and 4 bytes in UTF-8 (in a comment and the event tags)."""
    lines = [line.replace('[event "', '[event "é 中 🎲 ') if line.startswith("[event")
             else line for line in text.split("\n")]
    lines.insert(0, "# ünïcode 🎲")
    return "\ufeff" + "\r\n".join(lines)


@functools.cache
def mixed(games: int, seed: int = 1) -> str:
    """Games of 2, 3 and 4 players, every other block with findings in it
    (mutated: claims changed, lines dropped; every game still reads)."""
    blocks = [print_games(generate_games(p, games, seed + p)) for p in (2, 3, 4)]
    return "\n".join(mutate(b, seed) if i % 2 else b for i, b in enumerate(blocks))


def children(pid: int) -> list[int]:
    """The live children of ``pid``."""
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            fields = Path(f"/proc/{name}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            found.append(int(name))
    return found
