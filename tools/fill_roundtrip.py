"""Strip the claims of records, fill them in again: ``ftn fill`` of the
stripped text must be ``ftn fmt`` of the record.

    python tools/fill_roundtrip.py [--games N] [--seed S]

checks every valid sample, then N generated games (default 1,000) of 2, 3
and 4 players each, and the same games with hands hidden (partial records,
``generate --hide``), and prints what it checked and every difference.
Exit 1 when something differs. ``tests/unit/pipeline/test_fill.py`` imports it and runs
it on fewer games.

Stripping takes out every claim that ``ftn fill`` decides: the end total,
points and totals of each placement, the totals of each knock, each
``result`` line, and the ``winner`` line. Two things are kept, since fill
cannot make them up: comments (a ``result`` or ``winner`` line that carries
comments keeps its outcome or side, its totals stripped), and ``winner
none`` (the writer's word that the record stops on purpose; its totals are
stripped). A few samples spell a claim otherwise than the canonical form on
purpose (``+0`` for a discarded event, a side out of seat order): for them
the filled text differs from ``fmt`` exactly in the lines ``EXPECTED``
lists.
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from notation.ftn.printer import print_games  # noqa: E402
from notation.ftn.reader import parse_games  # noqa: E402
from notation.model import Event, Game, Knock, Placement, Round, Winner  # noqa: E402
from verifier.pipeline.jobs.fill import fill_text  # noqa: E402
from verifier.pipeline.jobs.rewrite import format_text  # noqa: E402
from verifier.rules.generate import generate_games, hide  # noqa: E402

SAMPLES = ROOT / "samples" / "valid"

#: Samples whose claims are spelled otherwise than the canonical form, on
#: purpose: the line of ``fmt`` and the line ``fill`` writes instead.
EXPECTED: dict[str, list[tuple[str, str]]] = {
    # a discarded event written "+0" (what was credited: nothing)
    "discarded-plus-zero.ftn": [
        ("  S 3-4 L =6 +0 (60,59)  # R8.3: 59 + (2 + 1) = 62 > 61: discarded whole; +0, "
         "nothing credited",
         "  S 3-4 L =6 over+2+1 (60,59)  # R8.3: 59 + (2 + 1) = 62 > 61: discarded whole; +0, "
         "nothing credited"),
    ],
    # the winning side out of seat order
    "four-players-side-out-of-order.ftn": [("winner S+N (61,49)", "winner N+S (61,49)")],
    # knocks with the totals they leave (fill writes none), a discarded "+0"
    "start-mid-game.ftn": [
        ("  N knock (40,58)", "  N knock"),
        ("  S knock (44,58)", "  S knock"),
        ("  S 4-4 L =20 +0 (48,58)  # discarded again (58 + 4 = 62): +0, nothing credited",
         "  S 4-4 L =20 over+4 (48,58)  # discarded again (58 + 4 = 62): +0, nothing credited"),
    ],
}


def strip_round(rnd: Round) -> Round:
    events: list[Event] = []
    for ev in rnd.events:
        if isinstance(ev, Knock):
            events.append(ev._replace(totals=None))
        else:
            assert isinstance(ev, Placement)
            events.append(ev._replace(end_total=None, points=None, totals=None))
    res = rnd.result
    if res is not None:
        res = replace(res, totals=None) if res.comments.before or res.comments.after else None
    return replace(rnd, events=tuple(events), result=res)


def strip_game(game: Game) -> Game:
    """The record with every claim that fill decides taken out (the module doc)."""
    w: Winner | None = game.winner
    if w is not None:
        keep = w.side == "none" or w.comments.before or w.comments.after
        w = replace(w, totals=None) if keep else None
    return replace(game, rounds=tuple(strip_round(r) for r in game.rounds), winner=w)


def strip_text(text: str) -> str:
    return print_games(strip_game(g) for g in parse_games(text))


#: Samples whose stripped claims rest on totals the record does not know
#: ([start "K" "?"]): what fill writes instead of fmt, a file each (checked by
#: hand against the sample: the end totals and points alone, no running
#: totals, no ``over``, no round won at the target, no winner).
WHOLE = ROOT / "tests" / "fixtures" / "fill"


def expected_text(name: str, text: str) -> str:
    """``ftn fmt`` of a record, with the lines fill writes otherwise."""
    whole = WHOLE / name
    if whole.is_file():
        return whole.read_text(encoding="utf-8")
    out, errors = format_text(text, name)
    assert out is not None, errors
    for before, after in EXPECTED.get(name, []):
        assert before in out.split("\n"), f"{name}: {before!r} is not a line of fmt"
        out = out.replace(before + "\n", after + "\n", 1)
    return out


def differences(name: str, text: str) -> list[str]:
    """Where fill of the stripped record differs from the expected text."""
    want = expected_text(name, text)
    got, errors = fill_text(strip_text(text), name)
    if got is None:
        return [f"{name}: the stripped text does not read: {errors[0].message}"]
    if got == want:
        return []
    a, b = want.split("\n"), got.split("\n")
    if len(a) != len(b):
        return [f"{name}: fmt has {len(a)} lines, fill {len(b)}"]
    return [f"{name}:{i}: fmt {x!r}, fill {y!r}"
            for i, (x, y) in enumerate(zip(a, b, strict=True), 1) if x != y]


def samples() -> list[tuple[str, str]]:
    return [(p.name, p.read_text(encoding="utf-8")) for p in sorted(SAMPLES.glob("*.ftn"))]


def generated(players: int, games: int, seed: int) -> list[tuple[str, str]]:
    """Generated games, whole and with hands hidden (``--hide`` all,
    first, some), each as its own text."""
    rng = random.Random(seed)
    out = []
    for i, game in enumerate(generate_games(players, games, seed + players), 1):
        out.append((f"{players}p-{i}", print_games([game])))
        mode = ("all", "first", "some")[i % 3]
        out.append((f"{players}p-{i}-hide-{mode}", print_games([hide(game, mode, rng)])))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=1000, help="generated games per player count")
    ap.add_argument("--seed", type=int, default=21)
    args = ap.parse_args(argv)
    found: list[str] = []
    checked = 0
    for name, text in samples():
        found += differences(name, text)
        checked += 1
    print(f"samples: {checked} records checked")
    for players in (2, 3, 4):
        items = generated(players, args.games, args.seed)
        for name, text in items:
            found += differences(name, text)
        print(f"{players} players: {len(items)} records checked "
              f"({args.games} games, each also with hands hidden)")
        checked += len(items)
    for line in found:
        print(line)
    print(f"{checked} records, {len(found)} differences")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
