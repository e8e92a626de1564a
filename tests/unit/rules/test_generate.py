"""Property tests over generated games (verifier.rules.generate).

Generated games of every player count must replay clean; printing then
reading gives the same record; the canonical form is a fixed point; and a
single changed event is caught, with the code that fits the change.
"""

from __future__ import annotations

import json
import random

import pytest

from notation.ftn.printer import print_games
from notation.ftn.reader import parse_games
from notation.model import Game, Knock, Placement
from verifier.api import check_text
from verifier.pipeline.jobs.rewrite import format_text
from verifier.replay.game import check_game
from verifier.rules.generate import generate_game, generate_games, seat_names
from verifier.rules.ruleset import Rules
from verifier.rules.start import Setup

GAMES = 40  # per player count (the slow tests check thousands)


@pytest.fixture(scope="module", params=[2, 3, 4])
def corpus(request: pytest.FixtureRequest) -> tuple[int, str, list[Game]]:
    players: int = request.param
    text = print_games(generate_games(players, GAMES, 1000 + players))
    return players, text, parse_games(text)


def test_generated_games_check_clean(corpus: tuple[int, str, list[Game]]) -> None:
    _, text, games = corpus
    rep = check_text(text)
    assert (rep.games, rep.errors, rep.warnings) == (GAMES, 0, 0)
    for n, g in enumerate(games, 1):
        r = check_game(g, n)
        assert r.complete and r.winner is not None
        assert max(r.scores) == 61  # every game ends exactly on the target (R8.4)


def test_print_then_parse_gives_the_same_record(corpus: tuple[int, str, list[Game]]) -> None:
    _, _, games = corpus
    again = parse_games(print_games(games))
    assert [g.without_positions() for g in again] == [g.without_positions() for g in games]


def test_fmt_is_idempotent_and_generated_text_is_canonical(
    corpus: tuple[int, str, list[Game]],
) -> None:
    _, text, _ = corpus
    out, errors = format_text(text)
    assert errors == [] and out == text


def test_same_seed_same_games() -> None:
    a = print_games(generate_games(3, 5, 42))
    assert a == print_games(generate_games(3, 5, 42))
    assert a != print_games(generate_games(3, 5, 43))


def test_seat_names() -> None:
    assert seat_names(2) == ("N", "S") and seat_names(4) == ("N", "E", "S", "W")
    assert seat_names(6) == ("P1", "P2", "P3", "P4", "P5", "P6")


# -- a single changed event is caught -----------------------------------------------


def _replace_event(game: Game, r: int, e: int, new: Placement | Knock | None) -> Game:
    from dataclasses import replace

    rnd = game.rounds[r]
    events = list(rnd.events)
    if new is None:
        del events[e]
    else:
        events[e] = new
    rounds = list(game.rounds)
    rounds[r] = replace(rnd, events=tuple(events))
    return replace(game, rounds=tuple(rounds))


def _mutations(game: Game, rng: random.Random) -> tuple[Game, str, int, int]:
    """One random change to one event: (game, expected code, line, col)."""
    while True:
        r = rng.randrange(len(game.rounds))
        rnd = game.rounds[r]
        e = rng.randrange(len(rnd.events))
        ev = rnd.events[e]
        kind = rng.choice(["end_total", "points", "totals", "tile", "seat", "knock", "drop"])
        if isinstance(ev, Placement):
            assert ev.end_total and ev.points and ev.totals
            if kind == "end_total":
                new = ev._replace(end_total=ev.end_total._replace(value=ev.end_total.value + 1))
                changed = _replace_event(game, r, e, new)
                return changed, "end-total-mismatch", ev.line, ev.end_total.col
            if kind == "points":
                new = ev._replace(points=ev.points._replace(points=ev.points.points + 1))
                # One more on the placement of a partner's last tile (four
                # players, no bonus written: the side's domino comes later)
                # is a bonus given to the first partner out (FT307, R7.2).
                size = len(rnd.deals[0].tiles)
                out = sum(1 for x in rnd.events[: e + 1] if isinstance(x, Placement)
                          and x.seat == ev.seat) == size
                name = ("bonus-mismatch" if out and len(rnd.deals) == 4
                        and ev.points.bonus is None else "points-mismatch")
                return _replace_event(game, r, e, new), name, ev.line, ev.points.col
            if kind == "totals" and any(ev.totals.values):
                values = list(ev.totals.values)
                i = next(i for i, v in enumerate(values) if v)
                values[i] -= 1
                new = ev._replace(totals=ev.totals._replace(values=tuple(values)))
                return _replace_event(game, r, e, new), "total-mismatch", ev.line, ev.totals.col
            if kind == "tile":
                deal = next(d for d in rnd.deals if d.seat == ev.seat)
                held = {frozenset(t) for t in deal.tiles if t is not None}
                other = next(
                    t for d in rnd.deals if d.seat != ev.seat for t in d.tiles
                    if t is not None and frozenset(t) not in held
                )
                new = ev._replace(tile=other)
                return _replace_event(game, r, e, new), "tile-not-in-hand", ev.line, ev.col
            if kind == "seat":
                seats = [d.seat for d in rnd.deals if d.seat != ev.seat]
                new = ev._replace(seat=rng.choice(seats))
                return _replace_event(game, r, e, new), "not-your-turn", ev.line, ev.col
            if kind == "knock" and e > 0:
                knock = Knock(ev.seat, ev.line, ev.col)
                return _replace_event(game, r, e, knock), "knock-while-able", ev.line, ev.col
        elif kind == "drop" and e + 1 < len(rnd.events):
            nxt = rnd.events[e + 1]
            after_last = all(isinstance(x, Knock) for x in rnd.events[e:])
            if not after_last and nxt.seat != ev.seat:
                # Without the knock, the next seat plays out of turn.
                return _replace_event(game, r, e, None), "not-your-turn", nxt.line, nxt.col


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_single_changed_event_is_caught(players: int) -> None:
    rng = random.Random(players)
    text = print_games(generate_games(players, 40, 77 + players))
    for game in parse_games(text):
        for _ in range(5):
            bad, code, line, col = _mutations(game, rng)
            rep = check_game(bad)
            found = [(d.name, d.line, d.col) for d in rep.diagnostics if d.severity != "note"]
            assert found == [(code, line, col)], (code, line, col)
            # at most the note that the rest of the round is not judged
            assert [d.name for d in rep.diagnostics if d.severity == "note"] in (
                [], ["claims-unjudged"])


def test_generator_options_are_read_from_rules() -> None:
    # The generator plays whatever Rules say: a lower target ends sooner.
    rules = Rules(players=2, hand_size=7, target=15)
    g = generate_game(random.Random(3), Setup.of(rules, ("N", "S")))
    assert g.winner is not None and g.winner.totals is not None
    assert max(g.winner.totals.values) == 15


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_json_round_trips_of_generated_games(players: int) -> None:
    """FTN -> JSON -> FTN and JSON -> FTN -> JSON are exact (334 games each)."""
    from verifier.pipeline.jobs.rewrite import convert_text

    text = print_games(generate_games(players, 334, 500 + players))
    js, errors = convert_text(text, "jsonl")
    assert errors == [] and js is not None
    back, _ = convert_text(js, "ftn")
    assert back == text
    again, _ = convert_text(back, "jsonl")
    assert again == js
    assert [json.loads(x) for x in js.splitlines()] == [
        json.loads(x) for x in (again or "").splitlines()
    ]


# -- variants and partial records -------------------------------------------------------

# Every option combination the generator is tested with, and how many games.
COMBOS: list[tuple[int, str | None, tuple[tuple[str, str], ...], int]] = [
    (2, None, (), 150),
    (3, None, (), 150),
    (4, None, (), 150),
    (6, None, (("set", "double-nine"), ("hand", "more")), 100),
    (12, None, (("set", "double-twelve"), ("hand", "more")), 8),
    (3, None, (("set", "double-nine"), ("hand", "fewer")), 150),
    (5, None, (("set", "double-twelve"), ("hand", "fewer")), 60),
    (2, None, (("target", "100"),), 120),
    (2, None, (("set", "double-nine"), ("hand", "fewer"), ("divisors", "3,5,7,11,13")), 150),
    (3, None, (("immediate-end", "off"),), 150),
    (2, None, (("opener", "highest-double"),), 150),
    (4, None, (("partnerships", "off"),), 150),
    (2, None, (("bonus", "0"),), 150),
    (3, "online", (), 150),
    (5, None, (("hand", "5"),), 150),
    (4, None, (("hand", "6"),), 150),
    (2, None, (("hand", "9"),), 150),
]


def test_the_option_combinations_cover_2000_games() -> None:
    assert sum(count for *_, count in COMBOS) >= 2000


@pytest.mark.slow
@pytest.mark.parametrize(("players", "preset", "declared", "count"), COMBOS, ids=[
    ",".join([f"{p}p", *([preset] if preset else []), *(f"{k}={v}" for k, v in declared)])
    for p, preset, declared, _ in COMBOS])
def test_every_option_combination_checks_clean_full_and_partial(
        players: int, preset: str | None, declared: tuple[tuple[str, str], ...],
        count: int) -> None:
    """The generated games of one option combination, each checked as a
    full record and as three kinds of partial record."""
    from verifier.rules.generate import hide_hands

    games = list(generate_games(players, count, 900 + players, preset, declared))
    seats = [t.values[0] for t in games[0].tags if t.key == "seat"]
    rng = random.Random(players)
    for n, game in enumerate(games, 1):
        for variant in (
            game,
            hide_hands(game),
            hide_hands(game, seats[:1]),
            hide_hands(game, seats, rng, 0.3),
        ):
            rep = check_game(variant, n)
            assert rep.diagnostics == [], (players, preset, declared, n)
            assert rep.complete
    assert len(games) == count


class _Cheat:
    """Plays a round where one seat knocks while it could place."""

    @staticmethod
    def round(seed: int, players: int) -> tuple[str, str, int] | None:
        from verifier.rules.moves import KNOCK
        from verifier.rules.round import RoundState
        from verifier.rules.tiles import full_set

        rng = random.Random(seed)
        rules = Rules.main_form(players)
        deck = full_set(6)
        rng.shuffle(deck)
        n = rules.hand_size
        hands = [sorted(deck[i * n : (i + 1) * n]) for i in range(players)]
        names = seat_names(players)
        rs = RoundState(rules, hands, 0, names)
        events: list[str] = []
        cheat: tuple[int, int, int, int] | None = None
        while not rs.over:
            seat = rs.turn
            moves = rs.legal_moves()
            if cheat is None and rs.ntiles >= 2 and moves != [KNOCK] and rng.random() < 0.3:
                cheat = (len(events), seat, rs.left, rs.right)
                rs.turn = rs.next_seat(seat)  # the illegal knock, behind the engine's back
                events.append(f"{names[seat]} knock")
                continue
            move = rng.choice(moves)
            if move is KNOCK:
                rs.knock(seat)
                events.append(f"{names[seat]} knock")
                continue
            assert move.tile is not None
            p = rs.place(seat, move.tile[0], move.tile[1], move.end)
            events.append(f"{names[seat]} {move.tile[0]}-{move.tile[1]}" + (
                f" {p.end}" if p.end else ""))
        if cheat is None:
            return None
        i, seat, left, right = cheat
        proved = any(
            e.split()[0] == names[seat] and e.split()[1] != "knock"
            and ({int(x) for x in e.split()[1].split("-")} & {left, right})
            for e in events[i + 1 :]
        )
        if not proved:
            return None
        head = ["game", '[ftn "1"]', *(f'[seat "{s}"]' for s in names), f'[first "{names[0]}"]',
                f"round 1 opener {names[0]}"]
        deals = [f"  deal {s} " + " ".join(f"{a}-{b}" for a, b in h)
                 for s, h in zip(names, hands, strict=True)]
        body = [f"  {e}" for e in events] + ["end"]
        knock_line = len(head) + i + 1
        partial = "\n".join(head + body) + "\n"
        full = "\n".join(head + deals + body) + "\n"
        return partial, full, knock_line


@pytest.mark.parametrize("players", [2, 3, 4])
def test_an_illegal_knock_is_caught_in_full_and_partial_records(players: int) -> None:
    from verifier.api import check_text

    caught = 0
    for seed in range(150):
        made = _Cheat.round(seed, players)
        if made is None:
            continue
        partial, full, line = made
        for text, at in ((partial, line), (full, line + players)):
            rep = check_text(text)
            errors = [(d.name, d.line) for d in rep.diagnostics if d.severity == "error"]
            assert errors == [("knock-while-able", at)], (seed, text)
        caught += 1
    assert caught >= 50


@pytest.mark.slow
def test_random_option_combinations_check_clean_full_and_partial() -> None:
    """Options together (prime scoring with V4, V5 with a deal table...):
    random combinations, each possible one played and checked."""
    from verifier.rules.generate import hide_hands
    from verifier.rules.options import resolve

    rng = random.Random(2026)
    choices = {
        "set": ["double-six", "double-nine", "double-twelve"],
        "hand": ["more", "fewer", "4", "6"],
        "target": ["31", "61", "100"],
        "divisors": ["3,5", "3,5,7,11,13"],
        "immediate-end": ["on", "off"],
        "opener": ["lot", "highest-double"],
        "partnerships": ["on", "off"],
        "bonus": ["0", "1"],
    }
    played = 0
    while played < 400:
        players = rng.choice([2, 3, 4, 5, 6, 8])
        declared = tuple((k, rng.choice(v)) for k, v in choices.items() if rng.random() < 0.6)
        if resolve(players, None, declared)[0] is None:
            continue
        for n, game in enumerate(generate_games(players, 2, rng.randrange(10**6), None,
                                                declared), 1):
            for variant in (game, hide_hands(game)):
                rep = check_game(variant, n)
                assert rep.diagnostics == [] and rep.complete, (players, declared)
            played += 1
