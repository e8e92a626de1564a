"""The records the tests share: generated corpora of games (with findings
mutated in, with awkward bytes), line-level mutants of a text, one
hand-counted round (``ROUND``) with a wrong copy (``WRONG``), and the
registry's example record with wrong claims that ``--fix`` and the editor's
fixes correct (``FOUR``, ``THREE``). It makes records; it checks nothing."""

from __future__ import annotations

import functools
import random
import re
from pathlib import Path

from golden import mutate

from notation.ftn.printer import print_games
from support.ftn import run_ftn
from verifier.rules.generate import generate_games

# Round 1 of `ftn generate -p 4 -s 3`, cut after its result (winner none:
# a record of part of a game). Hand-counted: 14 placements and 9 knocks;
# N+S scores 3 (S 5-6) + 4 (N 3-6) + 1 (S 6-4) + 2 (N 3-2) + 4 (S 2-2) = 14,
# E+W 1 (W 1-1) + 3 (W 4-4) + 3 (W 2-1) = 7; the round is blocked (R7.3).
ROUND = """game
[ftn "1"]
[seat "N" "Ann"]
[seat "E" "Bob"]
[seat "S" "Cy"]
[seat "W" "Di"]
[first "E"]
[event "Spring 2025"]
[season "2025"]

round 1 opener E
  deal N 1-3 1-4 2-3 3-6 5-5
  deal E 0-1 0-5 0-6 1-6 4-5
  deal S 0-3 2-2 2-5 4-6 5-6
  deal W 0-0 0-2 1-1 1-2 4-4
  E 1-0 =1 +0 (0,0)
  S 0-3 R =4 +0 (0,0)
  W 1-1 L =5 +1 (0,1)
  N 1-4 L =7 +0 (0,1)
  E 4-5 L =8 +0 (0,1)
  S 5-6 L =9 +3 (3,1)
  W knock
  N 3-6 R =12 +4 (7,1)
  E 6-1 R =7 +0 (7,1)
  S 6-4 L =5 +1 (8,1)
  W 4-4 L =9 +3 (8,4)
  N 1-3 R =11 +0 (8,4)
  E knock
  S knock
  W knock
  N 3-2 R =10 +2 (10,4)
  E knock
  S 2-2 R =12 +4 (14,4)
  W 2-1 R =9 +3 (14,7)
  N knock
  E knock
  S knock
  W knock
  result blocked (14,7)

winner none
end
"""
# The same with N 3-6 claiming +5: one points-mismatch (FT302, R6.2), the
# totals still right.
WRONG = ROUND.replace("N 3-6 R =12 +4", "N 3-6 R =12 +5")

# The registry's example record (verifier/diagnostics.py), its claims right:
# S and N knock in turn after N's 1-1, and the round is blocked at (5,3).
BASE = """\
game
[ftn "1"]
[seat "N" "Ann"]
[seat "S" "Sam"]
[first "N"]
round 1 opener N
  deal N 6-6 6-3 5-5 4-1 2-0 3-3 1-1
  deal S 6-4 3-1 5-0 2-2 4-4 6-2 0-0
  N 6-6 =12 +4 (4,0)
  S 6-4 L =16 +0 (4,0)
  N 6-3 R =7 +0 (4,0)
  S 4-4 L =11 +0 (4,0)
  N 3-3 R =14 +0 (4,0)
  S 3-1 R =9 +3 (4,3)
  N 4-1 L =2 +0 (4,3)
  S knock
  N 1-1 L =3 +1 (5,3)
  S knock
  N knock
  result blocked (5,3)
end
"""
# The same with four mistakes (lines 1-based):
#   line 10  S 6-4 L =15: the ends are 4 and 6-6 (12), so the end total is 16
#            (R6.1), no points: FT301, claimed 15, computed 16;
#   line 14  S 3-1 R =9 +2: 9 scores 9/3 = 3 (R6.2): FT302, claimed +2,
#            computed +3; its totals (4,3) are right (4 + 0, 0 + 3);
#   line 15  N 4-1 L =2 +0 (4,4): nothing scored since (4,3): FT303, claimed
#            (4,4), computed (4,3); the next totals (5,3) are right again;
#   line 19  N 5-5 L after the round is blocked (S and N knocked, R7.5):
#            FT206, a move: never changed by a fix.
FOUR = (BASE.replace("S 6-4 L =16", "S 6-4 L =15")
        .replace("S 3-1 R =9 +3", "S 3-1 R =9 +2")
        .replace("N 4-1 L =2 +0 (4,3)", "N 4-1 L =2 +0 (4,4)")
        .replace("  N knock\n", "  N 5-5 L\n"))
# The same with N's knock at line 19 in place of the illegal move: its three
# wrong claims alone, and the warning FT401 at line 21 (nobody reached 61).
THREE = FOUR.replace("  N 5-5 L\n", "  N knock\n")


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


def mutants(text: str, rng: random.Random) -> str:
    """A copy of a text with line-level defects and oddities: lines dropped,
    doubled, swapped or cut; comments and blanks added; seats renamed to
    reserved words; claims made long or odd; CRLF line ends."""
    out: list[str] = []
    for line in text.split("\n"):
        r = rng.random() * 4  # about one line in 40 changed
        if r < 0.01:
            continue  # dropped
        if r < 0.02:
            out += [line, line]
        elif r < 0.03 and out:
            out.insert(len(out) - 1, line)  # swapped with the one before
        elif r < 0.04:
            out.append(line[: rng.randrange(len(line) + 1)])  # cut
        elif r < 0.05:
            out.append(line + "  # a note")
        elif r < 0.06:
            out += ["# a comment", line]
        elif r < 0.07:
            out += ["", " \t", line]
        elif r < 0.08:
            out.append(re.sub(r"^(\s*)[A-Za-z]\w*", r"\1" + rng.choice(
                ["knock", "none", "end", "round", "Ab_1"]), line))
        elif r < 0.09:
            out.append(re.sub(r"\d+", lambda m: m.group() * rng.choice([1, 7, 20]), line,
                              count=1))
        elif r < 0.10:
            out.append(line.replace(" ", rng.choice(["\t", "  ", ""]), 1))
        else:
            out.append(line)
    return ("\r\n" if rng.random() < 0.2 else "\n").join(out)


def generated(tmp_path: Path, n: int, players: int = 2, seed: int = 7) -> Path:
    p = tmp_path / f"gen{players}.ftn"
    code, _, err = run_ftn(["generate", "-p", str(players), "-n", str(n), "-s", str(seed),
                            "-o", str(p)])
    assert code == 0, err
    return p
