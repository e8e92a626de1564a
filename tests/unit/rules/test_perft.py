"""Perft: the published counts of the positions in samples/perft/, checked
against the engine (``ftn perft``) and against a brute-force counter written
here, independently of the engine (its own line, hands, turns and scores)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from support.ftn import Ftn
from support.paths import PERFT, SAMPLES

from notation.ftn.reader import parse_games
from notation.model import Game, Knock, Placement

POSITIONS = sorted(PERFT.glob("*.ftn"))
COUNTS = re.compile(r"^# perft: (.*)$", re.M)


def published(path: Path) -> dict[int, int]:
    m = COUNTS.search(path.read_text(encoding="utf-8"))
    assert m, f"{path.name} publishes no counts"
    return {int(d): int(n) for d, n in (item.split("=") for item in m[1].split())}


class Brute:
    """A plain model of a main-form position: tiles as (left, right) pairs in
    a list for the line, sets of frozensets for hands."""

    def __init__(self, game: Game) -> None:
        seats = [t.values[0] for t in game.tags if t.key == "seat"]
        self.n = len(seats)
        self.seat = {s: i for i, s in enumerate(seats)}
        self.side = [i % 2 if self.n == 4 else i for i in range(self.n)]
        self.scores = [0] * (2 if self.n == 4 else self.n)
        self.size = 7 if self.n == 2 else 5
        self.over = False
        for rnd in game.rounds:
            self.hands: list[set[frozenset[int]]] = [set() for _ in range(self.n)]
            for d in rnd.deals:
                self.hands[self.seat[d.seat]] = {frozenset(t) for t in d.tiles if t}
            self.line: list[tuple[int, int]] = []
            self.turn = self.seat[rnd.opener]
            self.done = False
            for ev in rnd.events:
                if isinstance(ev, Knock):
                    if not self.done:
                        self.turn = self.next(self.turn)
                    continue
                assert isinstance(ev, Placement)
                self.play(ev.tile, ev.end)

    def next(self, s: int) -> int:
        for k in range(1, self.n + 1):
            if self.hands[(s + k) % self.n]:
                return (s + k) % self.n
        return s

    def total(self) -> int:
        if len(self.line) == 1:
            return sum(self.line[0])
        (a, b), (c, d) = self.line[0], self.line[-1]
        return (a * 2 if a == b else a) + (d * 2 if c == d else d)

    def fits(self, tile: frozenset[int]) -> list[str]:
        if not self.line:
            return ["-"]
        out = []
        if self.line[0][0] in tile:
            out.append("L")
        if self.line[-1][1] in tile:
            out.append("R")
        return out

    def moves(self) -> list[tuple[tuple[int, int], str] | None]:
        if self.done or self.over:
            return []
        found: list[tuple[tuple[int, int], str] | None] = []
        for tile in sorted(self.hands[self.turn], key=sorted):
            a, b = sorted(tile) if len(tile) == 2 else (min(tile), min(tile))
            for end in self.fits(tile):
                found.append(((a, b), end))
        return found or [None]

    def play(self, t: tuple[int, int], end: str | None) -> None:
        a, b = t
        seat = self.turn
        self.hands[seat].discard(frozenset(t))
        if not self.line:
            self.line.append((a, b))
        elif end == "L" or (end is None and self.line[0][0] in t):
            keep = self.line[0][0]
            self.line.insert(0, (b, a) if a == keep else (a, b))
        else:
            keep = self.line[-1][1]
            self.line.append((a, b) if a == keep else (b, a))
        points = sum(self.total() // d for d in (3, 5) if self.total() and self.total() % d == 0)
        side = self.side[seat]
        emptied = all(not self.hands[s] for s in range(self.n) if self.side[s] == side)
        bonus = 1 if emptied else 0
        if self.scores[side] + points + bonus <= 61:
            self.scores[side] += points + bonus
        if self.scores[side] == 61:
            self.over = True
        if emptied:
            self.done = True
            return
        self.turn = self.next(seat)
        holders = [s for s in range(self.n) if self.hands[s]]
        if all(not self.fits(tile) for s in holders for tile in self.hands[s]):
            self.done = True

    def count(self, depth: int) -> int:
        if depth == 0:
            return 1
        total = 0
        for move in self.moves():
            child = Brute.__new__(Brute)
            child.__dict__ = {k: (v.copy() if isinstance(v, list) else v)
                              for k, v in self.__dict__.items()}
            child.hands = [set(h) for h in self.hands]
            if move is None:
                child.turn = child.next(child.turn)
            else:
                child.play(move[0], move[1] if move[1] != "-" else None)
            total += child.count(depth - 1)
        return total


def test_at_least_three_positions_are_published() -> None:
    assert len(POSITIONS) >= 3


@pytest.mark.parametrize("path", POSITIONS, ids=lambda p: p.name)
def test_published_counts_match_the_engine_and_brute_force(path: Path, ftn: Ftn) -> None:
    counts = published(path)
    assert max(counts) >= 5
    brute = Brute(parse_games(path.read_text(encoding="utf-8"))[0])
    for depth, want in counts.items():
        result = ftn(["perft", str(path), "--depth", str(depth)])
        assert result.returncode == 0 and result.stdout.strip() == str(want), (depth, result.stdout)
        assert brute.count(depth) == want, depth


def test_perft_needs_known_hands(ftn: Ftn) -> None:
    path = SAMPLES / "valid" / "partial-no-deals.ftn"
    r = ftn(["perft", str(path), "-d", "1"])
    assert r.returncode == 1 and "needs every hand" in r.stderr


def test_divide_sums_to_the_count(ftn: Ftn) -> None:
    path = PERFT / "lead-2p.ftn"
    out = ftn(["perft", str(path), "-d", "3", "--divide"]).stdout
    lines = out.strip().split("\n")
    assert lines[-1] == "total: 40"
    assert sum(int(x.split(": ")[1]) for x in lines[:-1]) == 40
    assert lines[0] == "0-2: 5"


def test_a_record_that_does_not_replay_clean_is_refused_for_its_first_stop() -> None:
    # Round 1's third event is illegal (S 1-1: the ends are 5 and 3), and
    # round 2's first totals are wrong: the check reports both (its replay
    # goes on with round 2); perft refuses the record for the finding where
    # the replay first ended alone, the round-1 illegal move.
    from verifier.replay.game import check_game
    from verifier.replay.perft import NoStart, last_position

    text = (SAMPLES / "valid" / "two-players-r8-3.ftn").read_text(encoding="utf-8")
    text = text.replace("  S 5-0 L =3 +1 (0,3)\n", "  S 1-1 L =3 +1 (0,3)\n", 1)
    text = text.replace("  N 6-6 R =13 +0 (1,3)\n", "  N 6-6 R =13 +0 (1,4)\n", 1)
    games = parse_games(text)
    errors = [d.name for d in check_game(games[0]).diagnostics if d.severity == "error"]
    assert errors == ["tile-does-not-fit", "total-mismatch"]
    with pytest.raises(NoStart) as refused:
        last_position(games, [], "x.ftn")
    assert [(d.name, d.round) for d in refused.value.problems] == [("tile-does-not-fit", 1)]
