"""League records for the tests: real games (the rules' generator, every
claim right) with the players, teams and league tags a test names, the
winner placed where the test wants it."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import replace

from notation.ftn.printer import print_game
from notation.model import Tag
from verifier.rules.generate import generate_game, seat_names
from verifier.rules.start import Setup


def game(rng: random.Random, winners: Sequence[str], losers: Sequence[str],
         teams: tuple[str, str] | None = None, **tags: str) -> str:
    """A complete game won by the side of ``winners`` (one player, or two
    partners) against ``losers``, its league ``tags`` (``date``, ``match``...)
    and, with ``teams``, the winners' team and the losers'."""
    n = 2 * len(winners)
    g = generate_game(rng, Setup.declared(seat_names(n)))
    assert g.winner is not None
    seats = seat_names(n)
    won = g.winner.side.split("+")
    lost = [s for s in seats if s not in won]
    people = dict(zip(won, winners, strict=True)) | dict(zip(lost, losers, strict=True))
    team_of = ({s: teams[0] for s in won} | {s: teams[1] for s in lost}) if teams else {}
    kept = [t for t in g.tags if t.key not in ("seat", "event")]
    named = [Tag("seat", (s, people[s])) for s in seats]
    extra = [Tag(k, (v,)) for k, v in tags.items()]
    extra += [Tag("team", (s, team_of[s])) for s in seats if s in team_of]
    return print_game(replace(g, tags=(kept[0], *named, *kept[1:], *extra)))


def free_for_all(rng: random.Random, people: Sequence[str], **tags: str) -> str:
    """A complete 3-player game, ``people`` at N, E, W in order."""
    g = generate_game(rng, Setup.declared(seat_names(3)))
    kept = [t for t in g.tags if t.key not in ("seat", "event")]
    named = [Tag("seat", (s, p)) for s, p in zip(seat_names(3), people, strict=True)]
    extra = [Tag(k, (v,)) for k, v in tags.items()]
    return print_game(replace(g, tags=(kept[0], *named, *kept[1:], *extra)))


def totals(text: str) -> tuple[int, ...]:
    """The final totals a game's winner line claims."""
    m = re.search(r"^winner \S+ \(([0-9,]+)\)", text, re.M)
    assert m is not None
    return tuple(int(v) for v in m[1].split(","))


def winner(text: str) -> str:
    m = re.search(r"^winner (\S+)", text, re.M)
    assert m is not None
    return m[1]
