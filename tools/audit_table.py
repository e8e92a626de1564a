"""How well the audit names each wrong engine's defect, in every form of
record: a table engine x form -> share of the affected rounds whose class is
the engine's.

    python tools/audit_table.py [GAMES [ENGINE]]    # 200 games, every engine by default

Each wrong engine of ``tests/engines/`` plays GAMES games (seed 5; four
players for the partners' defects) and writes them in three forms: every
claim (``full``), the running totals only (``totals``), the points only
(``points``); and it answers the protocol live over the reference games
(``live``: ``ftn audit --engine``, in-process). The engine notes the rounds
where its defect changed what it computed (``_base.fired``); a round is
*affected* when it did and the audit finds the round diverging (a defect can
change nothing the record shows: a 1-1 lead doubled still scores 0).
``alone``: the affected rounds whose class is the engine's alone; ``both``:
those where it is named with another class that reproduces the same claims
(the audit names both, as it must when one number cannot tell them apart);
``share``: the two together, of the affected rounds (``alone%``: the first
alone); ``missed``: rounds where the defect fired and the record shows
nothing wrong; ``other``: diverging rounds where it did not fire. For the
correct engine, ``share`` is that of clean rounds.
``tests/unit/audit/test_audit.py`` holds the threshold (95%, a slow test).
It imports the test engines from ``tests/engines/`` and their catalogue
(``tests/support/engines_catalog.py``); the tests import ``classes_of``, ``table``
and ``generate`` from it.
Boundary: a figure run by hand (``tools/``); it runs the engines and the
audit in-process.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

#: The test engines and their catalogue (``tests/support/engines_catalog.py``).
TESTS = Path(__file__).resolve().parent.parent / "tests"
sys.path[:0] = [str(TESTS), str(TESTS / "engines")]

from _base import FIRED, FORMS, Engine, strip  # noqa: E402
from _base import generate as generate  # noqa: E402  (used by the tests too)
from support.engines_catalog import RULES, WRONG  # noqa: E402

from notation.model import Game  # noqa: E402
from verifier.audit.defects import GameAudit, audit_game, classify  # noqa: E402
from verifier.live.protocol import audit_one  # noqa: E402
from verifier.rules.game import GameState  # noqa: E402
from verifier.rules.generate import generate_games  # noqa: E402
from verifier.rules.round import RoundState  # noqa: E402

SEED = 5


@dataclass
class Row:
    """One engine in one form."""

    engine: str
    form: str
    rounds: int = 0
    fired: int = 0
    affected: int = 0
    named: int = 0
    both: int = 0
    missed: int = 0
    other: int = 0

    @property
    def share(self) -> float:
        """The affected rounds whose class is the engine's (alone, or with
        another class that reproduces the same claims)."""
        return (self.named + self.both) / self.affected if self.affected else 1.0

    @property
    def alone(self) -> float:
        """The affected rounds whose class is the engine's alone."""
        return self.named / self.affected if self.affected else 1.0


def _module(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, TESTS / "engines" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def classes_of(name: str) -> tuple[type[RoundState], type[GameState]]:
    """The round and game classes of a test engine."""
    mod = _module(name)
    rc, gc = RoundState, GameState
    for value in vars(mod).values():
        if isinstance(value, type) and value.__module__ == mod.__name__:
            if issubclass(value, RoundState):
                rc = value
            elif issubclass(value, GameState):
                gc = value
    return rc, gc


class InProcess:
    """A test engine asked in-process, as ``protocol`` asks a live one."""

    def __init__(self, name: str) -> None:
        self.engine = Engine(*classes_of(name))

    def ask(self, msg: dict[str, Any], expect: str) -> dict[str, Any]:
        reply = self.engine.handle(msg)
        assert reply is not None and reply["type"] == expect
        return reply


def _live(name: str, games: int, players: int) -> Iterator[tuple[GameAudit, set[int]]]:
    """The live audits of engine ``name`` over the reference games, with
    the rounds where its defect fired."""
    eng = InProcess(name)
    for number, game in enumerate(generate_games(players, games, SEED,
                                                 declared=RULES.get(name, ())), 1):
        FIRED.clear()
        audit = audit_one(eng, game, number)
        yield audit, set(FIRED)


def _played(name: str, games: int, players: int) -> list[tuple[Game, set[int]]]:
    """The games engine ``name`` plays and records in full, each with the
    rounds where its defect fired: played once, then written in each form."""
    rc, gc = classes_of(name)
    return list(generate(rc, gc, players, games, SEED, "full", RULES.get(name, ())))


def _records(played: list[tuple[Game, set[int]]], form: str
             ) -> Iterator[tuple[GameAudit, set[int]]]:
    for number, (game, fired) in enumerate(played, 1):
        rep = audit_game(strip(game, form), number)
        yield GameAudit("<record>", number, rep.rounds, rep.clean_rounds,
                        list(rep.divergences)), fired


def measure(name: str, form: str, games: int, players: int, want: str | None,
            played: list[tuple[Game, set[int]]]) -> Row:
    """Audit ``games`` games of engine ``name`` in ``form``: ``played``, the
    engine's games in full, written in ``form`` (``live``: the engine
    answers the protocol over reference games instead)."""
    row = Row(name, form)
    found_games = (_live(name, games, players) if form == "live"
                   else _records(played, form))
    for rep, fired in found_games:
        assert rep.failure is None, rep.failure
        row.rounds += rep.rounds
        found = {d.diagnostic.round: classify(d)[0] for d in rep.divergences
                 if d.diagnostic.round is not None}
        row.fired += len(fired)
        for r in fired:
            if r not in found:
                row.missed += 1
                continue
            row.affected += 1
            if found[r] == want:
                row.named += 1
            elif want is not None and want in found[r].split(" or "):
                row.both += 1
        row.other += sum(1 for r in found if r not in fired)
        if want is None:
            row.named += rep.clean_rounds
            row.affected = row.rounds
    return row


def engine_rows(name: str, games: int = 200, players: int | None = None) -> Iterator[Row]:
    """Engine ``name`` (``correct``, or one of ``WRONG``) in every form: its
    games played once, written in each form, then asked live."""
    want, wrong_players = (WRONG[name][0], WRONG[name][2]) if name in WRONG else (None, 2)
    players = players or wrong_players
    played = _played(name, games, players)
    for form in (*FORMS, "live"):
        row = measure(name, form, games, players, want, played)
        if want is None:
            row.engine = f"{name} ({players} players)"
        yield row


def table(games: int = 200, only: str | None = None) -> Iterator[Row]:
    """Every wrong engine (or those whose name contains ``only``) in every
    form, then the correct engine."""
    for name in WRONG:
        if only is None or only in name:
            yield from engine_rows(name, games)
    for players in (2, 4):
        yield from engine_rows("correct", games, players)


def main(argv: list[str]) -> int:
    games = int(argv[0]) if argv else 200
    only = argv[1] if len(argv) > 1 else None
    print(f"{'engine':33} {'form':6} {'rounds':>6} {'fired':>5} {'affected':>8} "
          f"{'alone':>5} {'both':>4} {'share':>6} {'alone%':>6} {'missed':>6} {'other':>5}",
          flush=True)
    for r in table(games, only):
        print(f"{r.engine:33} {r.form:6} {r.rounds:6} {r.fired:5} {r.affected:8} {r.named:5} "
              f"{r.both:4} {100 * r.share:5.1f}% {100 * r.alone:5.1f}% {r.missed:6} "
              f"{r.other:5}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
