"""Cut whole games into one-round records that say where they start.

    python tools/cut.py GAMES.ftn > ROUNDS.ftn

Each round of each game becomes a record of its own: the game's header with
``[start "K" "T1,T2,..."]`` (round K starts from the totals the game's
record claims at the end of round K-1), the round, and ``winner none``
(nobody has won yet), or the game's own winner line after its last round.
Such records check clean when the game did, and the audit names the same
defect classes in them as in the whole games (``tests/unit/audit/test_cut.py``).
Boundary: a tool (``tests/unit/audit/test_cut.py`` imports ``one_round_records``); it
reads and prints FTN and judges nothing.
"""

from __future__ import annotations

import sys
from dataclasses import replace

from notation.ftn.printer import print_games
from notation.ftn.reader import parse_games
from notation.model import NOBODY, Game, Tag
from verifier.replay.claims import claimed_totals
from verifier.rules.start import Setup, read_header


def one_round_records(game: Game) -> list[Game]:
    """One record per round of ``game``, each starting where its round starts."""
    setup = read_header(game)
    assert isinstance(setup, Setup), "a game whose header cannot be read"
    totals = setup.start_totals or (0,) * setup.rules.side_count
    first = setup.start_round
    kept = tuple(t for t in game.tags if t.key != "start")
    out = []
    for pos, rnd in enumerate(game.rounds):
        k = first + pos
        start = Tag("start", (str(k), ",".join(map(str, totals))))
        last = pos == len(game.rounds) - 1
        winner = game.winner if last or game.winner is None else replace(
            game.winner, side=NOBODY, totals=None)
        out.append(replace(game, tags=(*kept, start), rounds=(rnd,), winner=winner))
        totals = claimed_totals(rnd, totals, setup) or totals
    return out


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    with open(argv[0], encoding="utf-8") as f:
        games = parse_games(f.read(), argv[0])
    sys.stdout.write(print_games(r for g in games for r in one_round_records(g)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
