"""What a record claims, read without judging it: the totals a round's
record ends at, the totals it implies it starts from, and where a tile was
placed before.

Boundary: reads ``notation.model`` records with a game's
``rules.start.Setup``; no rules of play (``rules.round``, ``rules.game``),
no judgement (``replay.judge``), no diagnostics. The
replay and the audit's classifier both read claims through here.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from notation.model import Placement, Round
from verifier.rules.start import Setup
from verifier.rules.tiles import tile_key


def already_placed(rnd: Round, n: int, ev: Placement) -> str | None:
    """Why event ``n`` cannot place its tile, when an earlier event of the
    round placed it already."""
    key = tile_key(*ev.tile)
    for m, before in enumerate(rnd.events[: n - 1], 1):
        if isinstance(before, Placement) and tile_key(*before.tile) == key:
            a, b = ev.tile
            by = "" if before.seat == ev.seat else f" by {before.seat}"
            return f"{ev.seat} places {a}-{b}, already placed at event {m}{by} (R4.5)"
    return None


def claimed_totals(rnd: Round, start: Sequence[int], setup: Setup) -> tuple[int, ...] | None:
    """The totals a round's record claims at its end: the result's, else the
    last claimed totals with the points claimed after them added (from
    ``start``, for a record that claims points and no totals); None when it
    claims neither."""
    if rnd.result is not None and rnd.result.totals is not None:
        return rnd.result.totals.values
    totals = list(start)
    known = False
    side_of = setup.rules.side_of
    for ev in rnd.events:
        if ev.totals is not None:
            if len(ev.totals.values) != len(totals):
                return None
            totals, known = list(ev.totals.values), True
        elif isinstance(ev, Placement) and ev.points is not None:
            known = True
            seat = setup.seat_of.get(ev.seat)
            if seat is not None and not ev.points.discarded:
                totals[side_of[seat]] += ev.points.total
    return tuple(totals) if known else None


def implied_start(rnd: Round, setup: Setup, played: int | None = None
                  ) -> tuple[int, tuple[int, ...]] | None:
    """The totals a round's record implies it starts from, after a round cut
    short (R8.5). Of its first ``played`` events (those the replay plays;
    all when None), before a placement that claims no points or is not by a
    seat, each totals claim of every side, less the points claimed credited
    up to it, gives a start. A wrong points claim (or a lost event) moves
    every later start by the same amount, a wrong totals claim only its
    own: the start taken is the one the first two claims in a row that
    agree give; when no two in a row agree, the first claim's. The event of
    the first claim that gives it, and the start; None when no claim gives
    one."""
    rules, seat_of = setup.rules, setup.seat_of
    gained = [0] * rules.side_count
    starts: list[tuple[int, tuple[int, ...]]] = []
    events = rnd.events if played is None else rnd.events[:played]
    for n, ev in enumerate(events, 1):
        if isinstance(ev, Placement):
            if ev.points is None or ev.seat not in seat_of:
                break
            if not ev.points.discarded:
                gained[rules.side_of[seat_of[ev.seat]]] += ev.points.total
        tc = ev.totals
        if tc is not None and len(tc.values) == len(gained):
            starts.append((n, tuple(t - g for t, g in zip(tc.values, gained, strict=True))))
    if not starts:
        return None
    start = next((a for (_, a), (_, b) in pairwise(starts) if a == b), starts[0][1])
    return next((n, s) for n, s in starts if s == start)
