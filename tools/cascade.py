"""No cascade after a cut round: drop the last one to three events and the
result of a round that is not the last, in each of N generated games (2, 3
and 4 players in turn), and check that ``ftn check`` reports the finding of
the cut and nothing later: the round unfinished (FT208, unless what was
dropped were knocks the block did not need), once; where the cut dropped
points, the next round starts from the totals its record implies, with no
total-mismatch (R8.5).

    python tools/cascade.py [N]      # 1,000 games by default

Prints the counts; exit 1 if any record gets another finding.
``tests/unit/audit/test_audit_causes.py`` imports ``stray`` and runs it on fewer games.
Boundary: a check run by hand (``tools/``); it builds records and calls the
replay.
"""

from __future__ import annotations

import random
import sys
from dataclasses import replace

from notation.model import Game, Placement
from verifier.replay.game import check_game
from verifier.rules.generate import generate_games


def cut(game: Game, rng: random.Random) -> tuple[Game, int, int]:
    """The game with a non-last round cut short: the record, the round's
    index (1-based), and the points the dropped placements claimed."""
    k = rng.randrange(len(game.rounds) - 1)
    rnd = game.rounds[k]
    drop = rng.randint(1, min(3, len(rnd.events) - 1))
    lost = sum(ev.points.total for ev in rnd.events[-drop:]
               if isinstance(ev, Placement) and ev.points is not None)
    rounds = list(game.rounds)
    rounds[k] = replace(rnd, events=rnd.events[:-drop], result=None)
    return replace(game, rounds=tuple(rounds)), k + 1, lost


def stray(n: int, seed: int = 1) -> tuple[int, list[str]]:
    """Cut ``n`` games; the number of records whose cut dropped points (each
    reported by its round-unfinished alone), and a line for each record with
    a finding that does not follow from the cut."""
    rng = random.Random(seed)
    bad: list[str] = []
    scored = 0
    done = 0
    for players in (2, 3, 4):
        count = n // 3 + (1 if players <= n % 3 else 0)
        for number, game in enumerate(generate_games(players, count, seed + players), 1):
            if len(game.rounds) < 2:
                continue
            done += 1
            record, k, lost = cut(game, rng)
            found = [d for d in check_game(record, number).diagnostics if d.severity == "error"]
            names = [d.name for d in found]
            scored += lost > 0
            ok = set(names) <= {"round-unfinished"} and len(names) <= 1 and (
                names == ["round-unfinished"] or not lost)
            if not ok:
                bad.append(f"{players} players, game {number}, round {k} cut: " + "; ".join(
                    f"{d.name} (round {d.round}, event {d.event}): {d.message}" for d in found))
    return scored, bad + ([] if done else ["no game had two rounds"])


def main(argv: list[str]) -> int:
    n = int(argv[0]) if argv else 1000
    scored, bad = stray(n)
    print(f"{n} games cut: {scored} dropped points, "
          f"{len(bad)} with a finding that does not follow from the cut")
    for line in bad[:10]:
        print("  " + line)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
