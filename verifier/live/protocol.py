"""Audit a live engine: play reference games to it over the protocol of
``PROTOCOL.md`` and compare its view with the rules' after every event.

Boundary: talks JSON Lines to the engine (a subprocess: ``process``
runs it and bounds what it may send); computes the reference view with
the rules engine (``verifier.rules``); reports the first divergence of each
game as a ``GameAudit`` (``audit.defects``).
Timeouts, crashes, malformed replies and silence are failures of that game,
never a hang: every wait is bounded, and the engine and every process it
started are killed at the end.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import replace
from typing import Any, Protocol

from notation.model import Game, Knock, Placement, Round
from verifier.audit.defects import GameAudit, audit_game
from verifier.diagnostics import BY_NAME, Diagnostic, Name
from verifier.live.answers import (
    Malformed,
    View,
    engines_move,
    read_view,
    record,
    result_of,
    with_claims,
)
from verifier.live.process import EngineError as EngineError
from verifier.live.process import EngineProcess as EngineProcess
from verifier.replay.game import check_game
from verifier.replay.observers import Divergence, Facts, position
from verifier.rules.game import GameState, Stepper
from verifier.rules.illegal import IllegalMoveError
from verifier.rules.options import describe
from verifier.rules.round import RoundState
from verifier.rules.start import Setup
from verifier.rules.tiles import tile_key

PROTOCOL_VERSION = 1


class Asks(Protocol):
    """What the live audit needs of an engine: one answer to one message."""

    def ask(self, msg: dict[str, Any], expect: str) -> dict[str, Any]: ...


# --------------------------------------------------------------------------
# The reference view.


def _legal(rs: RoundState, gs: GameState) -> list[tuple[tuple[int, int], str | None]]:
    if rs.over or gs.over:
        return []
    moves = []
    for m in rs.legal_moves():
        if m.tile is not None:
            a, b = m.tile
            moves.append(((min(a, b), max(a, b)), m.end))
    return sorted(set(moves), key=lambda x: (x[0], x[1] or ""))


def view(step: Stepper, setup: Setup) -> dict[str, Any]:
    """The rules' view of a position, in the protocol's shape."""
    rs, gs = step.round, step.game
    found = step.outcome()
    state = "on" if found is None else found[0]
    last = step.last
    return {
        "type": "view",
        "toPlay": None if state != "on" else setup.names[rs.turn],
        "legal": [[list(t), e] for t, e in _legal(rs, gs)],
        "last": None if last is None else {
            "endTotal": last[0].end_total, "points": last[0].points, "bonus": last[0].bonus,
            "credited": last[1].credited,
        },
        "totals": list(gs.scores),
        "round": state,
        "winner": None if gs.winner is None else setup.side_names[gs.winner],
    }


def _moves(legal: list[list[Any]]) -> frozenset[tuple[tuple[int, int], str | None]]:
    return frozenset(((t[0], t[1]), e) for t, e in legal)


def _divergence(step: Stepper, setup: Setup, ref: dict[str, Any], name: str, got: str,
                want: str, what: str, number: int, index: int, n: int) -> Divergence:
    """A divergence that no record can show (the engine's legal moves are
    fewer than the rules', or another seat is to play): named by its
    diagnostic, with the position."""
    entry = BY_NAME.get(name)
    d = Diagnostic(
        entry.code if entry else "FT000", name, "error",
        f"{what}: the engine says {got}, the rules give {want}",
        1, 1, number, index, n or None, entry.rule if entry else "R4.1-R4.4",
        got, want, "<engine>",
    )
    hands, ends, _, _ = position(step, step.game, setup.names)
    return Divergence(d, hands, ends, tuple(ref["totals"]), ref["toPlay"], Facts(),
                      f"round {index}" + (f", event {n}" if n else ""),
                      f"after event {n}" if n else f"at the start of round {index}")


def _fmt_moves(moves: frozenset[tuple[tuple[int, int], str | None]]) -> str:
    return ", ".join(f"{a}-{b}" + (f" {e}" if e else "") for (a, b), e in sorted(
        moves, key=lambda m: (m[0], m[1] or ""))) or "none (a knock)"


def playable(game: Game, number: int = 1) -> Setup | str:
    """The set-up of a reference game that can be played to an engine, or why
    it cannot: its replay must be legal to the end, every hand known."""
    rep = check_game(game, number)
    if rep.stopped is not None or rep.setup is None:
        d = rep.stopped
        return ("its record is not legal" + (
            f": {d.code} {d.name} at {d.line}:{d.col}: {d.message}" if d else ""))
    for index, rnd in enumerate(game.rounds, 1):
        dealt = {d.seat: d.tiles for d in rnd.deals}
        if any(s not in dealt or None in dealt[s] for s in rep.setup.names):
            return f"round {index} does not give every hand (a partial record)"
    return rep.setup


def audit_one(eng: Asks, game: Game, number: int) -> GameAudit:
    """Play one reference game to the engine and judge the engine's record
    of it (``answers``) as the record audit does."""
    found = playable(game, number)
    if isinstance(found, str):
        return GameAudit("<reference>", number, 0, 0, [], skipped=found)
    setup = found
    names = setup.names
    eng.ask({"type": "new-game", "protocol": PROTOCOL_VERSION, "game": number,
             "seats": list(names), "first": names[setup.first],
             "rules": describe(setup.rules)}, "ready")
    gs = setup.new_game()
    totals = tuple(gs.scores)
    rounds: list[Round] = []
    winner: str | None = None
    ended = False  # the game ended at a round's end (V4: the views name no winner)
    direct: Divergence | None = None
    for index, rnd in enumerate(game.rounds, 1):
        # Each round starts, for the engine and the rules alike, from the
        # totals the engine ended the last one with (as its own record would).
        gs.scores, gs.over, gs.winner = list(totals), False, None
        dealt = {d.seat: d.tiles for d in rnd.deals}
        hands = [[t for t in dealt[s] if t is not None] for s in names]
        step = Stepper(gs, gs.new_round(hands, setup.seat_of[rnd.opener], names))
        got = _view(eng.ask({"type": "new-round", "round": index, "opener": rnd.opener,
                             "totals": list(totals),
                             "hands": {s: [list(t) for t in h]
                                       for s, h in zip(names, hands, strict=True)}},
                            "view"), setup)
        events, direct = _play_round(eng, step, setup, rnd, got, number, index)
        if direct is not None:
            break
        last = events[-1][1] if events else got
        rounds.append(replace(rnd, events=tuple(e for e, _ in events),
                              result=result_of(last, [e for e, _ in events])))
        totals = last.totals
        if last.winner is not None:
            winner = last.winner
            break
        if not gs.over:  # (over in play: the rules' winner, which the engine did not name)
            gs.scores = list(totals)
            gs.end_round()  # V4: the highest total past the target wins as the round ends
            if gs.over:
                ended = True
                break
    audited = audit_game(record(game, rounds, winner, totals, ended), number, "<engine>")
    if direct is None:
        return audited
    divs = audited.divergences
    at = len(divs) - len([d for d in divs if d.diagnostic.round is None])
    return GameAudit("<engine>", number, audited.rounds + 1, audited.clean_rounds,
                     [*divs[:at], direct, *divs[at:]])


#: The most events a round played by the engine's own moves may have.
OWN_MOVES = 200


def _own_moves(eng: Asks, step: Stepper, setup: Setup, got: View
               ) -> list[tuple[Placement | Knock, View]]:
    """The rest of a round as the engine plays it (its first legal move,
    or a knock), while it goes on: each with its view, up to the first
    that the rules refuse (which the record audit judges)."""
    out: list[tuple[Placement | Knock, View]] = []
    while got.round == "on" and got.to_play is not None and len(out) < OWN_MOVES:
        seat = got.to_play
        moves = sorted(got.legal, key=lambda m: (m[0], m[1] or ""))
        legal = True
        try:
            if moves:
                (a, b), end = moves[0]
                done, _ = step.place(setup.seat_of[seat], a, b, end)
                end = done.end
            else:
                step.knock(setup.seat_of[seat])
        except IllegalMoveError:
            legal = False
        if moves:
            ev: Placement | Knock = Placement(seat, (a, b), end, None, None, None, 0, 0)
            msg: dict[str, Any] = {"type": "event", "seat": seat, "tile": [a, b], "end": end}
        else:
            ev, msg = Knock(seat, 0, 0), {"type": "event", "seat": seat, "knock": True}
        got = _view(eng.ask(msg, "view"), setup)
        out.append((with_claims(ev, got), got))
        if not legal or step.round.over or step.game.over:
            break
    return out


def _differs(ref: dict[str, Any], got: View) -> bool:
    """Whether the engine's claims in a view differ from the rules'."""
    r = ref["last"]
    last = None if r is None else (r["endTotal"], r["points"], r["bonus"], r["credited"])
    return last != got.last or tuple(ref["totals"]) != got.totals


def _view(got: dict[str, Any], setup: Setup) -> View:
    try:
        return read_view(got, setup)
    except Malformed as e:
        raise EngineError(f"{e}: {json.dumps(got)[:80]}") from None


def _play_round(eng: Asks, step: Stepper, setup: Setup, rnd: Round, got: View,
                number: int, index: int
                ) -> tuple[list[tuple[Placement | Knock, View]], Divergence | None]:
    """Play the reference round's moves to the engine while both go on:
    each event with the engine's view after it. Where the engine's view
    departs from the rules' in its moves, the round ends with the engine's
    own move (which the record audit judges), or with a divergence no
    record can show."""
    events: list[tuple[Placement | Knock, View]] = []
    placed: set[int] = set()
    pending = list(rnd.events)
    n = 0
    diverged = False  # whether the engine's claims have departed from the rules'
    while got.round == "on":  # else the engine ended the round: its result line
        ref = view(step, setup)
        rules_legal = _moves(ref["legal"])
        seat = got.to_play
        if seat is None:
            break
        if ref["round"] != "on":  # the rules' round is over; the engine plays on
            own = engines_move(got, frozenset(), placed, seat) or Knock(seat, 0, 0)
            events.append((own, got))
            break
        if n >= len(pending):
            # The reference record stops (the target, from other totals):
            # the engine's record goes on with its own moves.
            events += _own_moves(eng, step, setup, got)
            break
        if seat != ref["toPlay"]:
            return events, _divergence(step, setup, ref, Name.NOT_YOUR_TURN, seat,
                                       str(ref["toPlay"]), "who plays next", number, index, n)
        mine = engines_move(got, rules_legal, placed, seat)
        if mine is not None:
            events.append((mine, got))
            break
        ev = pending[n]
        diverged = diverged or _differs(ref, got)
        if isinstance(ev, Placement) and not any(
                t == (min(ev.tile), max(ev.tile)) and (ev.end is None or e in (None, ev.end))
                for t, e in got.legal):
            if diverged:
                # The engine's line differs already: its record goes on with its own moves.
                events += _own_moves(eng, step, setup, got)
                break
            return events, _divergence(
                step, setup, ref, "illegal-move-offered", _fmt_moves(got.legal),
                _fmt_moves(rules_legal), "the engine's legal moves differ", number, index, n)
        n += 1
        if isinstance(ev, Knock):
            step.knock(setup.seat_of[ev.seat])
            msg: dict[str, Any] = {"type": "event", "seat": ev.seat, "knock": True}
        else:
            done, _ = step.place(setup.seat_of[ev.seat], ev.tile[0], ev.tile[1], ev.end)
            placed.add(tile_key(*ev.tile))
            msg = {"type": "event", "seat": ev.seat, "tile": list(ev.tile), "end": done.end}
        got = _view(eng.ask(msg, "view"), setup)
        events.append((with_claims(ev, got), got))
    return events, None


def audit_engine(command: str, games: Iterable[Game], timeout: float
                 ) -> Iterator[GameAudit]:
    """Audit a live engine over reference games: one ``GameAudit`` each.
    A failing engine is restarted for the next game."""
    eng: EngineProcess | None = None
    try:
        for number, game in enumerate(games, 1):
            if eng is None:
                try:
                    eng = EngineProcess(command, timeout)
                except OSError as e:
                    yield GameAudit("<engine>", number, 0, 0, [], f"cannot start: {e}")
                    continue
            try:
                yield audit_one(eng, game, number)
            except EngineError as e:
                yield GameAudit("<engine>", number, 0, 0, [], str(e))
                eng.close(graceful=False)
                eng = None
    finally:
        if eng is not None:
            eng.close()
