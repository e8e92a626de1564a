"""Random legal games with correct claims, seeded and reproducible.

Boundary: builds ``notation.model`` records by playing random legal moves in
the engine and writing down what the engine computes as the claims. It does
no I/O; the CLI prints the records (``game_texts`` gives each one's text as
soon as it is made). The same seed gives the same games on
every platform (only ``random.Random`` with an explicit seed is used).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import replace

from notation.ftn.printer import print_game
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
from verifier.rules.game import GameState, Stepper
from verifier.rules.moves import KNOCK
from verifier.rules.scoring import Placed, Scored
from verifier.rules.start import Setup
from verifier.rules.tiles import full_set

SEAT_NAMES = {2: ("N", "S"), 3: ("N", "E", "W"), 4: ("N", "E", "S", "W")}
MAX_ROUNDS = 2000


def seat_names(players: int) -> tuple[str, ...]:
    """Default seat names: compass points for 2-4 players, else P1, P2, ..."""
    return SEAT_NAMES.get(players) or tuple(f"P{i + 1}" for i in range(players))


def generate_game(
    rng: random.Random,
    setup: Setup,
    title: str = "",
    preset: str | None = None,
    declared: Sequence[tuple[str, str]] = (),
    game_class: type[GameState] = GameState,
) -> Game:
    """One complete game (to the target) of random legal moves, every claim
    written: end totals, points, totals, results and the winner. ``setup``
    gives the rules and seat names (its first opener is drawn here);
    ``preset`` and ``declared`` are the rule options the header declares (they
    must be what the rules are made of); ``game_class`` plays it (an engine
    under test may bring its own)."""
    rules, names = setup.rules, setup.names
    first = rng.randrange(rules.players)  # the neutral lot (R3.1)
    state = game_class(rules, first)
    tiles = full_set(rules.max_pip)
    rounds: list[Round] = []
    while not state.over:
        if len(rounds) >= MAX_ROUNDS:
            raise ValueError(f"the game did not finish within {MAX_ROUNDS} rounds "
                             f"(target {rules.target})")
        rounds.append(_play_round(rng, state, names, tiles, len(rounds) + 1))
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
        Winner(setup.side_names[state.winner], TotalsClaim(tuple(state.scores), 0)),
    )


def _play_round(rng: random.Random, state: GameState, names: tuple[str, ...],
                tiles: list[tuple[int, int]], k: int) -> Round:
    """Round ``k`` of the game: dealt from a shuffle of ``tiles``, played to
    its end by random legal moves (the knocks that show a block included),
    every claim written."""
    rules = state.rules
    deck = tiles[:]
    rng.shuffle(deck)
    n = rules.hand_size
    hands = [sorted(deck[i * n : (i + 1) * n]) for i in range(rules.players)]
    opener = state.opener_for(k, hands)
    step = Stepper(state, state.new_round(hands, opener, names))
    rs = step.round
    events: list[Event] = []
    while not step.over:
        seat = rs.turn
        move = rng.choice(rs.legal_moves())
        if move is KNOCK:
            step.knock(seat)
            events.append(Knock(names[seat], 0, 0))
            continue
        assert move.tile is not None
        placed, scored = step.place(seat, move.tile[0], move.tile[1], move.end)
        events.append(_placement(names[seat], move.tile, placed, scored, state))
    if not state.over:
        # The knocks that show a block (R7.5).
        for seat in rs.block_knocks():
            step.knock(seat)
            events.append(Knock(names[seat], 0, 0))
    state.end_round()
    found = step.outcome()
    assert found is not None
    outcome, who = found
    return Round(
        k, names[opener], tuple(_deals(names, hands)), tuple(events),
        RoundResult(outcome, None if who is None else names[who],
                    TotalsClaim(tuple(state.scores), 0)),
    )


def _placement(seat: str, tile: tuple[int, int], placed: Placed, scored: Scored,
               state: GameState) -> Placement:
    """A placement with every claim written as the engine computed it."""
    return Placement(
        seat,
        tile,
        placed.end,
        EndTotalClaim(placed.end_total, 0),
        PointsClaim(
            placed.points, placed.bonus if placed.bonus else None,
            not scored.credited, 0,
        ) if not scored.credited or scored.amount == placed.points + placed.bonus
        # An engine under test that credited a part of the event.
        else PointsClaim(scored.amount, None, False, 0),
        TotalsClaim(tuple(state.scores), 0),
        0,
        0,
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
    game_class: type[GameState] = GameState,
) -> Iterator[Game]:
    """``count`` games for ``players`` players from ``seed``, under the main
    form or the preset and options given (ValueError if they are impossible,
    or if a game does not finish: a target too high to reach)."""
    rng = random.Random(seed)
    setup = Setup.declared(seat_names(players), 0, preset, declared)
    for i in range(count):
        yield generate_game(
            rng, setup, f"generated {players}p seed {seed} game {i + 1}", preset, declared,
            game_class,
        )


def game_texts(games: Iterable[Game]) -> Iterator[str]:
    """Each game as canonical FTN as soon as it is made (the pieces of
    ``print_games``: one blank line between games), so that memory does not
    grow with their number."""
    for n, game in enumerate(games):
        yield ("\n" if n else "") + print_game(game)


def write_games(games: Iterable[Game], write: Callable[[str], object]) -> int:
    """``game_texts`` to ``write``, a game at a time; how many there were."""
    n = 0
    for text in game_texts(games):
        write(text)
        n += 1
    return n


def hide_hands(game: Game, keep: Sequence[str] = (), rng: random.Random | None = None,
               share: float = 0.0) -> Game:
    """A partial copy of a record, as a scorer who sees only the plays would
    write it: the deals of the seats in ``keep`` stay, the others are left
    out; with ``rng`` and ``share`` > 0, that share of the kept tiles become
    '?' as well."""
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


HIDE_MODES = ("none", "all", "first", "some")


def hide(game: Game, mode: str, rng: random.Random) -> Game:
    """A partial copy as ``generate --hide`` writes it: ``none`` keeps every
    hand, ``all`` leaves every deal out, ``first`` keeps only the first seat's
    hand, ``some`` makes a third of the tiles '?'."""
    seats = [t.values[0] for t in game.tags if t.key == "seat"]
    if mode == "all":
        return hide_hands(game, ())
    if mode == "first":
        return hide_hands(game, seats[:1])
    if mode == "some":
        return hide_hands(game, seats, rng, 1 / 3)
    return game


def generated_texts(players: int, games: int, seed: int, preset: str | None,
                    declared: Sequence[tuple[str, str]], mode: str = "none") -> Iterator[str]:
    """``ftn generate``: each game as FTN as soon as it is made (``game_texts``),
    partial as ``hide``'s ``mode`` says (reproducible from the seed);
    ValueError for rules that cannot be."""
    rng = random.Random(seed)
    return game_texts(hide(g, mode, rng) for g in generate_games(players, games, seed, preset,
                                                                 declared))


def generated_text(players: int, games: int, seed: int, preset: str | None,
                   declared: Sequence[tuple[str, str]], mode: str = "none") -> str:
    """``generated_texts`` as one text."""
    return "".join(generated_texts(players, games, seed, preset, declared, mode))
