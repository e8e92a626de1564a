"""Random legal games with correct claims, seeded and reproducible.

Boundary: builds ``notation.model`` records by playing random legal moves in
the engine and writing down what the engine computes as the claims. It does
no I/O; the CLI prints the records. The same seed gives the same games on
every platform (only ``random.Random`` with an explicit seed is used).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from notation.model import (
    Deal,
    EndTotalClaim,
    Event,
    Game,
    Knock,
    Placement,
    PointsClaim,
    Round,
    RoundResult,
    Tag,
    TotalsClaim,
    Winner,
)

from .engine import KNOCK, GameState, Rules, full_set
from .options import resolve

SEAT_NAMES = {2: ("N", "S"), 3: ("N", "E", "W"), 4: ("N", "E", "S", "W")}
MAX_ROUNDS = 2000


def seat_names(players: int) -> tuple[str, ...]:
    """Default seat names: compass points for 2-4 players, else P1, P2, ..."""
    return SEAT_NAMES.get(players) or tuple(f"P{i + 1}" for i in range(players))


def generate_game(
    rng: random.Random,
    rules: Rules,
    title: str = "",
    preset: str | None = None,
    declared: Sequence[tuple[str, str]] = (),
) -> Game:
    """One complete game (to the target) of random legal moves, every claim
    written: end totals, points, totals, results and the winner. ``preset``
    and ``declared`` are the rule options the header declares (they must be
    what ``rules`` is made of)."""
    names = seat_names(rules.players)
    first = rng.randrange(rules.players)  # the neutral lot (R3.1)
    state = GameState(rules, first)
    sides = rules.side_count
    side_names = [
        "+".join(names[s] for s in rules.seats_of_side(i)) for i in range(sides)
    ]
    tiles = full_set(rules.max_pip)
    rounds: list[Round] = []
    while not state.over:
        if len(rounds) >= MAX_ROUNDS:  # pragma: no cover - never seen
            raise RuntimeError("game did not finish")
        deck = tiles[:]
        rng.shuffle(deck)
        n = rules.hand_size
        hands = [sorted(deck[i * n : (i + 1) * n]) for i in range(rules.players)]
        k = len(rounds) + 1
        opener = state.opener_for(k, hands)
        rs = state.new_round(hands, opener, names)
        events: list[Event] = []
        last_seat = opener
        by_target = False
        while not rs.over and not state.over:
            seat = rs.turn
            move = rng.choice(rs.legal_moves())
            if move is KNOCK:
                rs.knock(seat)
                events.append(Knock(names[seat], 0, 0))
                continue
            assert move.tile is not None
            placed = rs.place(seat, move.tile[0], move.tile[1], move.end)
            scored = state.score(placed)
            last_seat = seat
            by_target = scored.won and placed.outcome != "domino"
            events.append(
                Placement(
                    names[seat],
                    move.tile,
                    placed.end,
                    EndTotalClaim(placed.end_total, 0),
                    PointsClaim(
                        placed.points, placed.bonus if placed.bonus else None,
                        not scored.credited, 0,
                    ),
                    TotalsClaim(tuple(state.scores), 0),
                    0,
                    0,
                )
            )
        if not state.over:
            # The knocks that show a block (R7.5).
            for seat in rs.block_knocks():
                rs.knock(seat)
                events.append(Knock(names[seat], 0, 0))
        state.end_round()
        if rs.outcome == "domino":
            outcome, who = "domino", names[last_seat]
        elif by_target:
            outcome, who = "target", None
        else:
            outcome, who = "blocked", None
        rounds.append(
            Round(
                k, names[opener], tuple(_deals(names, hands)), tuple(events),
                RoundResult(outcome, who, TotalsClaim(tuple(state.scores), 0)),
            )
        )
    assert state.winner is not None
    tags = [Tag("ftn", ("1",))]
    tags += [Tag("seat", (names[i], f"Player {i + 1}")) for i in range(rules.players)]
    if rules.opener == "rotate":
        tags.append(Tag("first", (names[first],)))
    if preset is not None:
        tags.append(Tag("rules", (preset,)))
    tags += [Tag("rule", (name, value)) for name, value in declared]
    if title:
        tags.append(Tag("event", (title,)))
    return Game(
        tuple(tags), tuple(rounds),
        Winner(side_names[state.winner], TotalsClaim(tuple(state.scores), 0)),
    )


def _deals(names: tuple[str, ...], hands: list[list[tuple[int, int]]]) -> Iterator[Deal]:
    for name, hand in zip(names, hands, strict=True):
        yield Deal(name, tuple(hand))


def generate_games(
    players: int,
    count: int,
    seed: int,
    preset: str | None = None,
    declared: Sequence[tuple[str, str]] = (),
) -> Iterator[Game]:
    """``count`` games for ``players`` players from ``seed``, under the main
    form or the preset and options given (ValueError if they are impossible)."""
    rng = random.Random(seed)
    rules, problems = resolve(players, preset, declared)
    if rules is None:
        raise ValueError("; ".join(p.message for p in problems))
    for i in range(count):
        yield generate_game(
            rng, rules, f"generated {players}p seed {seed} game {i + 1}", preset, declared
        )


def hide_hands(game: Game, keep: Sequence[str] = (), rng: random.Random | None = None,
               share: float = 0.0) -> Game:
    """A partial copy of a record, as a scorer who sees only the plays would
    write it: the deals of the seats in ``keep`` stay, the others are left
    out; with ``rng`` and ``share`` > 0, that share of the kept tiles become
    '?' as well."""
    from dataclasses import replace

    rounds = []
    for rnd in game.rounds:
        deals = []
        for d in rnd.deals:
            if d.seat not in keep:
                continue
            tiles = d.tiles
            if rng is not None and share > 0:
                tiles = tuple(None if rng.random() < share else t for t in tiles)
            deals.append(replace(d, tiles=tiles))
        rounds.append(replace(rnd, deals=tuple(deals)))
    return replace(game, rounds=tuple(rounds))
