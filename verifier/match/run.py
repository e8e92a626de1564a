"""``ftn match``'s run: the deals scheduled, each played once a seating
(the seats rotated, so that the luck of the deal cancels), games in
parallel, every game's record and the results gathered.

Boundary: parses ``--engine`` (``Entrant``), seats the engines, starts
and restarts their processes (``live.process.EngineProcess``; the built-in
players in-process, ``builtin.InProcess``), plays the games
(``referee.play_game``) in this process or in worker processes
(``pipeline.workers``), and gathers ``Results`` (``stats``), stopping
where the SPRT decides. Each game's FTN text goes to the caller as it is
made (in game order, whatever ``jobs``); it writes nothing itself.
"""

from __future__ import annotations

import hashlib
import math
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from notation.ftn.printer import print_game
from verifier.live.process import EngineError, EngineProcess
from verifier.match.builtin import PLAYERS, InProcess
from verifier.match.referee import FAILURE, Asks, Defect, Finding, Played, play_game
from verifier.match.stats import Elo, Mean, Sprt, elo_estimate

BUILTIN = "builtin:"


@dataclass(frozen=True)
class Entrant:
    """An engine of the match: its name, and its command or built-in player."""

    name: str
    command: str

    @property
    def builtin(self) -> str | None:
        return self.command[len(BUILTIN):] if self.command.startswith(BUILTIN) else None


def read_entrant(text: str) -> Entrant:
    """``NAME=COMMAND`` or ``builtin:PLAYER`` (named PLAYER); ValueError."""
    name, eq, command = text.partition("=")
    if not eq:
        name, command = text[len(BUILTIN):], text
    name, command = name.strip(), command.strip()
    if not eq and not text.startswith(BUILTIN):
        raise ValueError(f"--engine {text!r}: give NAME=COMMAND, or builtin:PLAYER "
                         f"(players: {', '.join(PLAYERS)})")
    if not name or not name.replace("_", "a").replace("-", "a").isalnum():
        raise ValueError(f"--engine {text!r}: the name is letters, digits, '-' and '_'")
    if command.startswith(BUILTIN) and command[len(BUILTIN):] not in PLAYERS:
        raise ValueError(f"--engine {text!r}: no built-in player "
                         f"{command[len(BUILTIN):]!r} (players: {', '.join(PLAYERS)})")
    if not command:
        raise ValueError(f"--engine {text!r}: the command is empty")
    return Entrant(name, command)


@dataclass(frozen=True)
class MatchPlan:
    """What ``ftn match`` plays."""

    entrants: tuple[Entrant, ...]
    players: int
    games: int
    seed: int = 1
    preset: str | None = None
    options: tuple[tuple[str, str], ...] = ()
    timeout: float = 5.0
    jobs: int = 1
    sprt: Sprt | None = None

    def __post_init__(self) -> None:
        e, p = len(self.entrants), self.players
        if len({x.name for x in self.entrants}) != e:
            raise ValueError("two engines have the same name: name them NAME=COMMAND")
        if not 2 <= e <= 4:
            raise ValueError(f"a match needs 2 to 4 engines, not {e}: give --engine 2 to 4 "
                             "times (NAME=COMMAND, or builtin:random, builtin:greedy...)")
        if not (e == p or (p == 4 and e == 2)) or not 2 <= p <= 4:
            raise ValueError(f"{e} engines for {p} players: give one engine a seat (2, 3 or 4), "
                             "or two engines for four players (two partnerships)")
        if self.sprt is not None and e != 2:
            raise ValueError("--sprt compares two engines")

    @property
    def seatings(self) -> int:
        """Games a deal: one a rotation of the engines round the table."""
        return len(self.entrants)

    @property
    def deals(self) -> int:
        return math.ceil(self.games / self.seatings)

    def seated(self, rotation: int) -> tuple[int, ...]:
        """The engine (its index) at each seat, clockwise, in a rotation."""
        e = len(self.entrants)
        return tuple((s + rotation) % e for s in range(self.players))


def deal_seed(seed: int, deal: int) -> int:
    """The seed of deal ``deal`` (0-based) of the match's ``seed``."""
    digest = hashlib.sha256(f"ftn match {seed} deal {deal}".encode()).digest()
    return int.from_bytes(digest[:7], "big")


@dataclass
class GameDone:
    """A game's outcome as the match counts it (picklable)."""

    number: int
    seed: int
    seated: tuple[int, ...]
    winners: tuple[int, ...]  # the engines of the winning side
    defect: Defect | None
    findings: list[Finding]
    points: list[tuple[int, list[int]]]  # per engine: its side's points each round
    text: str


class Engines:
    """The engines' connections of one process: one an engine and a seat
    number within the game, started when first needed, ended on failure."""

    def __init__(self, plan: MatchPlan) -> None:
        self.plan = plan
        self.open: dict[tuple[int, int], Any] = {}

    def get(self, engine: int, k: int) -> Asks:
        key = (engine, k)
        if key not in self.open:
            ent = self.plan.entrants[engine]
            if ent.builtin is not None:
                self.open[key] = InProcess(PLAYERS[ent.builtin]())
            else:
                self.open[key] = EngineProcess(ent.command, self.plan.timeout)
        conn: Asks = self.open[key]
        return conn

    def drop(self, engine: int) -> None:
        for key in [k for k in self.open if k[0] == engine]:
            self.open.pop(key).close(graceful=False)

    def close(self) -> None:
        for conn in self.open.values():
            conn.close()
        self.open.clear()


class _Unstartable:
    """An engine that could not be started: every question its failure."""

    def __init__(self, why: str) -> None:
        self.why = why

    def ask(self, msg: dict[str, Any], expect: str | tuple[str, ...]) -> dict[str, Any]:
        raise EngineError(f"cannot start: {self.why}")


def play_one(plan: MatchPlan, engines: Engines, number: int) -> GameDone:
    """Game ``number`` (1-based) of the match."""
    deal, rotation = divmod(number - 1, plan.seatings)
    seed = deal_seed(plan.seed, deal)
    seated = plan.seated(rotation)
    seats: list[Asks] = []
    for s, e in enumerate(seated):
        try:
            seats.append(engines.get(e, seated[:s].count(e)))
        except OSError as err:
            seats.append(_Unstartable(str(err)))
    names = [plan.entrants[e].name for e in seated]
    played = play_game(number, seed, names, seats, plan.preset, plan.options)
    if played.defect is not None and played.defect.kind == FAILURE:
        engines.drop(seated[names.index(played.defect.engine)])
    return _done(plan, number, seed, seated, played)


def _done(plan: MatchPlan, number: int, seed: int, seated: tuple[int, ...],
          played: Played) -> GameDone:
    by_engine: dict[int, int] = {}  # each engine's side
    for s, e in enumerate(seated):
        by_engine.setdefault(e, played.side_of[s])
    points = [(e, [r[side] for r in played.round_points]) for e, side in by_engine.items()]
    if played.defect is not None:
        loser = [x.name for x in plan.entrants].index(played.defect.engine)
        # With two engines the other wins; with more, nobody does.
        winners = tuple(e for e in by_engine if e != loser) if len(by_engine) == 2 else ()
    else:
        winners = tuple(sorted(e for e, side in by_engine.items() if side == played.winning))
    return GameDone(number, seed, seated, winners, played.defect, played.findings, points,
                    print_game(played.record))


@dataclass
class EngineScore:
    """One engine's figures: games, wins, losses by a defect, points a round."""

    name: str
    games: int = 0
    wins: int = 0
    defects: int = 0
    points: Mean = field(default_factory=Mean)


@dataclass
class Results:
    """A match's results as they stand."""

    plan: MatchPlan
    engines: list[EngineScore]
    games: int = 0
    pentanomial: list[int] = field(default_factory=lambda: [0] * 5)
    defects: list[tuple[int, Defect]] = field(default_factory=list)  # with the game's number
    findings: list[tuple[int, Finding]] = field(default_factory=list)
    llr: float | None = None
    verdict: str | None = None
    _pair: list[GameDone] = field(default_factory=list)

    def add(self, game: GameDone) -> None:
        self.games += 1
        for e in set(game.seated):
            self.engines[e].games += 1
        for e in game.winners:
            self.engines[e].wins += 1
        for e, pts in game.points:
            for p in pts:
                self.engines[e].points.add(p)
        if game.defect is not None:
            self.engines[[x.name for x in self.engines].index(game.defect.engine)].defects += 1
            self.defects.append((game.number, game.defect))
        self.findings += [(game.number, f) for f in game.findings]
        if len(self.plan.entrants) == 2:
            self._paired(game)

    def _paired(self, game: GameDone) -> None:
        """The pair of a deal, counted once both its games are in."""
        self._pair.append(game)
        if len(self._pair) < 2:
            return
        wins = sum(1 for g in self._pair if 0 in g.winners)
        self._pair.clear()
        self.pentanomial[2 * wins] += 1
        if self.plan.sprt is not None:
            self.llr, self.verdict = self.plan.sprt.verdict(self.pentanomial)

    @property
    def elo(self) -> Elo | None:
        """The first engine's Elo over the second (two engines)."""
        return elo_estimate(self.pentanomial) if len(self.plan.entrants) == 2 else None


_ENGINES: Engines | None = None  # a worker process's engines


def _in_worker(plan: MatchPlan, deal: int) -> list[GameDone]:
    """The games of deal ``deal`` (0-based), one a seating, in a worker."""
    global _ENGINES
    if _ENGINES is None or _ENGINES.plan != plan:
        _ENGINES = Engines(plan)
    first = deal * plan.seatings + 1
    return [play_one(plan, _ENGINES, n) for n in range(first, first + plan.seatings)]


def _games(plan: MatchPlan) -> Iterator[GameDone]:
    """Every game in order, played here or by ``jobs`` workers (a deal each
    time)."""
    if plan.jobs <= 1:
        engines = Engines(plan)
        try:
            for number in range(1, plan.deals * plan.seatings + 1):
                yield play_one(plan, engines, number)
        finally:
            engines.close()
        return
    from verifier.pipeline.workers import dead_worker_is_an_error, pool

    with dead_worker_is_an_error(), pool(plan.jobs) as ex:
        window: deque[Any] = deque()
        deal = 0
        try:
            while window or deal < plan.deals:
                while deal < plan.deals and len(window) < 4 * plan.jobs:
                    window.append(ex.submit(_in_worker, plan, deal))
                    deal += 1
                yield from window.popleft().result()
        finally:
            for fut in window:
                fut.cancel()


def play_match(plan: MatchPlan, progress: Callable[[Results], None] | None = None
               ) -> tuple[Results, Iterator[str]]:
    """The match: its ``Results`` (filled in as the games are played) and
    each game's FTN text as it is played (iterate it to play the match:
    it stops after the last game, or after the pair that decides the SPRT)."""
    results = Results(plan, [EngineScore(e.name) for e in plan.entrants])

    def texts() -> Iterator[str]:
        for game in _games(plan):
            results.add(game)
            if progress is not None:
                progress(results)
            yield ("\n" if game.number > 1 else "") + game.text
            if results.verdict is not None:
                return

    return results, texts()
