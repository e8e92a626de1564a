"""``ftn export``'s flat tables: their columns, and the rows of one game.

Boundary: what each table holds (``TABLES``: a column's name and type,
"int", "str" or "bool") and the rows of one replayed game (``Rows.add``):
``games``, ``sides``, ``tags``, ``rounds``, ``events`` (one row per event
of the record, with the reference replay's values, the record's claims and
the codes of the findings about it) and ``findings`` (the check's, one a
row). Every computed value is the reference replay's (``Trace``), every
finding the check's; nothing is computed again. Rows are columns of
lists (what the Parquet and CSV writers take a batch of). No I/O.
"""

from __future__ import annotations

from typing import Any

from notation.model import Knock, Placement, PointsClaim, TotalsClaim
from verifier.data.facts import Played, players, rules_text
from verifier.diagnostics import ERROR, WARNING, Diagnostic
from verifier.replay.reference import ReplayedEvent, ReplayedRound

_GAME = (("game_id", "int"), ("file", "str"), ("game", "int"))
#: Every table's columns, in order: (name, type).
TABLES: dict[str, tuple[tuple[str, str], ...]] = {
    "games": (*_GAME, ("readable", "bool"), ("players", "int"), ("seats", "str"),
              ("names", "str"), ("rules", "str"), ("target", "int"), ("rounds", "int"),
              ("events", "int"), ("replayed", "int"), ("complete", "bool"), ("winner", "str"),
              ("totals", "str"),
              ("claimed_winner", "str"), ("claimed_totals", "str"), ("findings", "int"),
              ("errors", "int"), ("warnings", "int"), ("codes", "str")),
    "sides": (*_GAME, ("side", "int"), ("name", "str"), ("players", "str"),
              ("start", "int"), ("total", "int"), ("points", "int"), ("won", "bool")),
    "tags": (*_GAME, ("position", "int"), ("key", "str"), ("value", "str")),
    "rounds": (*_GAME, ("round", "int"), ("opener", "str"), ("events", "int"),
               ("replayed", "bool"), ("outcome", "str"), ("domino_seat", "str"),
               ("start_totals", "str"), ("totals", "str"), ("claimed_outcome", "str"),
               ("claimed_totals", "str"),
               ("finding", "str")),
    "events": (*_GAME, ("round", "int"), ("event", "int"), ("seat", "str"), ("side", "str"),
               ("player", "str"), ("kind", "str"), ("tile", "str"), ("end", "str"),
               ("left", "int"), ("left_double", "bool"), ("right", "int"),
               ("right_double", "bool"), ("end_total", "int"), ("placement_points", "int"),
               ("bonus", "int"), ("event_points", "int"), ("credited", "bool"),
               ("totals", "str"), ("side_total", "int"), ("replayed", "bool"),
               ("claimed_end_total", "int"), ("claimed_points", "int"),
               ("claimed_bonus", "int"), ("claimed_over", "bool"), ("claimed_totals", "str"),
               ("finding", "str")),
    "findings": (*_GAME, ("round", "int"), ("event", "int"), ("code", "str"), ("name", "str"),
                 ("severity", "str"), ("line", "int"), ("col", "int"), ("message", "str"),
                 ("claimed", "str"), ("computed", "str")),
}


def _totals(values: Any) -> str | None:
    """Totals as one value: "14,7" (a flat table holds no list)."""
    if values is None:
        return None
    if isinstance(values, TotalsClaim):
        values = values.values
    return ",".join(str(v) for v in values)


def _codes(ds: list[Diagnostic]) -> str | None:
    return ",".join(d.code for d in ds) or None


class Rows:
    """The rows of some games, a list per column per table; ``games``
    counts the games (``game_id`` is the game's number among them, from 0:
    the sink makes it global)."""

    def __init__(self) -> None:
        self.tables: dict[str, dict[str, list[Any]]] = {
            t: {name: [] for name, _ in cols} for t, cols in TABLES.items()}
        self.games = 0

    def _row(self, table: str, **values: Any) -> None:
        for name, col in self.tables[table].items():
            col.append(values.get(name))

    def unreadable(self, file: str, ds: list[Diagnostic]) -> None:
        """A game that cannot be read: a games row and its findings."""
        gid, number = self.games, ds[0].game
        self.games += 1
        self._findings(gid, file, number, ds)
        self._row("games", game_id=gid, file=file, game=number, readable=False,
                  findings=len(ds), errors=sum(d.severity == ERROR for d in ds),
                  warnings=sum(d.severity == WARNING for d in ds), codes=_codes(ds))

    def _findings(self, gid: int, file: str, number: int, ds: list[Diagnostic]) -> None:
        for d in ds:
            self._row("findings", game_id=gid, file=file, game=number, round=d.round,
                      event=d.event, code=d.code, name=d.name, severity=d.severity,
                      line=d.line, col=d.col, message=d.message, claimed=d.claimed,
                      computed=d.computed)

    def add(self, file: str, p: Played) -> None:
        """One game replayed: its rows in every table. A game whose header
        cannot be set up (``p.setup`` None: nothing was replayed) has its
        rounds and events rows all the same, of what the record says; no
        sides rows (its sides are not known)."""
        gid, number, g = self.games, p.number, p.game
        self.games += 1
        self._findings(gid, file, number, p.findings)
        ids = {"game_id": gid, "file": file, "game": number}
        for i, t in enumerate(g.tags, 1):
            self._row("tags", **ids, position=i, key=t.key, value=" ".join(t.values))
        self._game(ids, p)
        who = _who(p)
        if p.setup is not None:
            self._sides(ids, p, who)
        self._rounds(ids, p, who)

    def _game(self, ids: dict[str, Any], p: Played) -> None:
        rep, setup, g, ds = p.report, p.setup, p.game, p.findings
        self._row("games", **ids, readable=not p.lost,
                  players=setup.rules.players if setup else None,
                  seats=" ".join(setup.names) if setup else None,
                  names=",".join(players(g, setup)) if setup else None,
                  rules=rules_text(setup.rules) if setup else None,
                  target=setup.rules.target if setup else None, rounds=len(g.rounds),
                  events=rep.events, replayed=sum(len(r.events) for r in p.trace),
                  complete=rep.complete,
                  winner=rep.winner, totals=_totals(rep.scores) if setup else None,
                  claimed_winner=g.winner.side if g.winner else None,
                  claimed_totals=_totals(g.winner.totals) if g.winner else None,
                  findings=len(ds), errors=sum(d.severity == ERROR for d in ds),
                  warnings=sum(d.severity == WARNING for d in ds), codes=_codes(ds))

    def _sides(self, ids: dict[str, Any], p: Played, who: dict[str, str]) -> None:
        setup, rep = p.setup, p.report
        assert setup is not None
        names, sides, side_of = setup.names, setup.side_names, setup.rules.side_of
        start = setup.start_totals or (0,) * len(sides)
        for i, side in enumerate(sides):
            seats = [s for s in range(len(names)) if side_of[s] == i]
            self._row("sides", **ids, side=i + 1, name=side,
                      players="+".join(who[names[s]] for s in seats), start=start[i],
                      total=rep.scores[i], points=rep.scores[i] - start[i],
                      won=rep.winner == side)

    def _rounds(self, ids: dict[str, Any], p: Played, who: dict[str, str]) -> None:
        """A row for each round of the record, and for each of its events."""
        setup = p.setup
        at: dict[tuple[int | None, int | None], list[Diagnostic]] = {}
        for d in p.findings:
            at.setdefault((d.round, d.event), []).append(d)
        traced = {r.round: r for r in p.trace}
        sides = setup.side_names if setup is not None else ()
        for pos, rnd in enumerate(p.game.rounds):
            index = setup.start_round + pos if setup is not None else rnd.number
            tr = traced.get(index)
            res, claimed = tr.result if tr is not None else None, rnd.result
            last = tr.events[-1].totals if tr and tr.events else None
            self._row("rounds", **ids, round=index, opener=rnd.opener, events=len(rnd.events),
                      replayed=tr is not None, outcome=res.outcome if res else None,
                      domino_seat=res.seat if res else None,
                      start_totals=_totals(_start_totals(tr, sides)),
                      totals=_totals(res.totals if res else last),
                      claimed_outcome=claimed.outcome if claimed else None,
                      claimed_totals=_totals(claimed.totals) if claimed else None,
                      finding=_codes(at.get((index, None), [])))
            evs = {e.event: e for e in tr.events} if tr else {}
            for n, ev in enumerate(rnd.events, 1):
                self._event(ids, index, n, ev, evs.get(n), who, setup, at.get((index, n), []))

    def _event(self, ids: dict[str, Any], index: int, n: int, ev: Placement | Knock,
               tr: ReplayedEvent | None, who: dict[str, str], setup: Any,
               ds: list[Diagnostic]) -> None:
        seat = ev.seat
        side = tr.side if tr else (setup.side_of_seat(setup.seat_of[seat])
                                      if setup is not None and seat in setup.seat_of else None)
        row: dict[str, Any] = {**ids, "round": index, "event": n, "seat": seat, "side": side,
                               "player": who.get(seat), "replayed": tr is not None,
                               "claimed_totals": _totals(ev.totals), "finding": _codes(ds)}
        if tr is not None:
            row["totals"] = _totals(tr.totals)
            sides = setup.side_names
            row["side_total"] = tr.totals[sides.index(side)] if side in sides else None
        if isinstance(ev, Knock):
            self._row("events", **row, kind="knock")
            return
        pts: PointsClaim | None = ev.points
        row.update(kind="place", tile=f"{ev.tile[0]}-{ev.tile[1]}", end=ev.end,
                   claimed_end_total=ev.end_total.value if ev.end_total else None,
                   claimed_points=pts.points if pts else None,
                   claimed_bonus=pts.bonus if pts else None,
                   claimed_over=pts.discarded if pts else None)
        if tr is not None and tr.tile is not None and tr.ends is not None:
            (left, right) = tr.ends
            row.update(tile=f"{tr.tile[0]}-{tr.tile[1]}", end=tr.end,
                       left=left.value, left_double=left.double, right=right.value,
                       right_double=right.double, end_total=tr.end_total,
                       placement_points=tr.placement_points, bonus=tr.bonus,
                       event_points=tr.event_points, credited=tr.credited)
        self._row("events", **row)


def _who(p: Played) -> dict[str, str]:
    """The player at each seat: as the set-up names them, or of a game not
    set up, as its ``seat`` tags do (a seat given twice: no one)."""
    if p.setup is not None:
        return dict(zip(p.setup.names, players(p.game, p.setup), strict=True))
    seats = [t.values[0] for t in p.game.tags if t.key == "seat" and t.values]
    return {s: name for s, name in zip(seats, players(p.game, None), strict=True)
            if seats.count(s) == 1}


def _start_totals(tr: ReplayedRound | None, sides: tuple[str, ...]) -> list[int] | None:
    """The totals a replayed round started from: those before its first
    event. They are the round before's totals, except after a round cut short,
    where the replay goes on from the totals the record claims (R8.5): that
    step is in no event's points."""
    if not tr or not tr.events:
        return None
    first = tr.events[0]
    totals = list(first.totals)
    if first.type == "place" and first.credited and first.event_points is not None:
        totals[sides.index(first.side)] -= first.event_points
    return totals
