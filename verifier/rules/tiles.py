"""The tiles (``RULES.md`` R1.1, R2): the set, a tile's key, and what is
wrong with a deal.

Boundary: tiles are pairs of pips, written either way round; a tile's key
is its identity whichever way round it is written (the low half in the high
bits), and the hands of ``rules.round.RoundState`` are sets of keys. No
rule of play, no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence

from verifier.rules.ruleset import Rules


def tile_key(a: int, b: int) -> int:
    """A tile's identity, whichever way round it is written."""
    return (a << 5) | b if a <= b else (b << 5) | a


def key_tile(key: int) -> tuple[int, int]:
    """The tile of a key, low half first."""
    return key >> 5, key & 31


def full_set(max_pip: int) -> list[tuple[int, int]]:
    """Every tile of a double-``max_pip`` set, each once (R1.1)."""
    return [(a, b) for a in range(max_pip + 1) for b in range(a, max_pip + 1)]


def deal_problems(
    rules: Rules,
    hands: Sequence[Sequence[tuple[int, int]]],
    names: Sequence[str] | None = None,
    complete: bool = True,
) -> list[tuple[int | None, str]]:
    """What is wrong with a deal (R2.1, R2.2), each with the seat concerned
    (None for the deal as a whole); empty if nothing. With ``complete`` off,
    the hands are the known tiles only: their sizes are not checked."""
    size, top = rules.hand_size, rules.max_pip
    if len(hands) == rules.players and (not complete or all(len(h) == size for h in hands)):
        # The common case, checked at once: every tile is one of the set's,
        # and no tile comes twice (either way round).
        keys: set[int] = set()
        dealt = 0
        for h in hands:
            for a, b in h:
                if not (0 <= a <= top and 0 <= b <= top):
                    break
                keys.add((a << 5) | b if a <= b else (b << 5) | a)
                dealt += 1
            else:
                continue
            break
        else:
            if len(keys) == dealt:
                return []
    out: list[tuple[int | None, str]] = []
    if len(hands) != rules.players:
        out.append((None, f"{len(hands)} hands for {rules.players} players"))
    seen: dict[int, int] = {}
    for seat, hand in enumerate(hands):
        who = names[seat] if names else f"seat {seat}"
        if len(hand) != rules.hand_size and complete:
            out.append(
                (seat, f"{who} is dealt {len(hand)} tiles; the hand size is {rules.hand_size}")
            )
        for a, b in hand:
            if not (0 <= a <= rules.max_pip and 0 <= b <= rules.max_pip):
                out.append(
                    (seat, f"{who} is dealt {a}-{b}, not in the set (0 to {rules.max_pip})")
                )
                continue
            k = tile_key(a, b)
            if k in seen:
                first = names[seen[k]] if names else f"seat {seen[k]}"
                out.append((seat, f"{a}-{b} is dealt twice ({first} and {who})"))
            else:
                seen[k] = seat
    return out

