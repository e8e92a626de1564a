"""The reference replay drawn: ``ftn replay``'s table, and its JSON.

Boundary: takes a game's typed trace (``replay.reference.ReplayedGame``:
the replay's plain data) and draws it, a game at a time, as the lines of the
table (``TABLE``: one line per event, each round's result, the winner) or
as one game of the 'replay' schema's document (``JSON``), each with the
frame of the whole document (``Layout``: what comes before the first game,
between two games, after the last, and for no game). The replay job draws
each game in its worker with the drawing it is given
(``pipeline.jobs.rewrite.replay_piece``), chosen above it
(``api.replay_file``). It replays and reads nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from notation.json.encoding import indented
from verifier.files.escaping import escape_controls
from verifier.files.formats import Layout
from verifier.replay.reference import OpenEnd, ReplayedEvent, ReplayedGame


class Drawing(NamedTuple):
    """How the games of a replay are written: each game (``game``) and
    the frame of the whole (``layout``)."""

    game: Callable[[ReplayedGame], str]
    layout: Layout


def table(g: ReplayedGame) -> str:
    """One game of the reference replay as ``ftn replay``'s table."""
    return "\n".join(_lines(g)) + "\n"


def json_game(g: ReplayedGame) -> str:
    """One game of the reference replay as a game of the 'replay' document,
    indented as ``json.dumps(doc, indent=2)`` indents it."""
    return "    " + indented(g.to_dict()).replace("\n", "\n    ")


#: ``ftn replay``: the table, game after game.
TABLE = Drawing(table, Layout("", "", "", "\n"))

#: ``ftn replay --format json``: the games of one document.
JSON = Drawing(json_game, Layout('{\n  "version": 1,\n  "games": [\n', ",\n", "\n  ]\n}\n",
                                 '{\n  "version": 1,\n  "games": []\n}\n'))


def _end_text(end: OpenEnd) -> str:
    v = end.value
    return f"{v}-{v}" if end.double else str(v)


def _numbers(values: tuple[int, ...]) -> str:
    return ",".join(map(str, values))


def _lines(g: ReplayedGame) -> list[str]:
    """One game of the reference replay as the lines of ``ftn replay``'s
    table, one line per event."""
    out = [f"game {g.game} ({g.file}): seats {' '.join(g.seats)}; "
           f"totals in side order ({','.join(g.sides)}); target {g.target}"]
    for r in g.rounds:
        out.append(f"  round {r.round}, opened by {r.opener}")
        out.append(
            "    #  seat  tile   end  ends          total  pts  bonus  event      totals"
        )
        out.extend(_event_line(e) for e in r.events)
        res, s = r.result, g.stopped
        if res is None and s is not None and s.round == r.round:
            out.append(f"    (the replay of the round ends at {s.line}:{s.col}: "
                       f"{s.code} {s.name})")
        elif res is None:
            out.append("    (the round does not end)")
        else:
            who = f" {res.seat}" if res.seat else ""
            out.append(f"    result: {res.outcome}{who}, totals {_numbers(res.totals)}")
    if g.stopped is not None:
        s = g.stopped
        out.append(f"  stopped at {s.line}:{s.col}: {s.code} {s.name}: {s.message}")
    out.append(f"  winner: {g.winner or 'none yet'}; totals {_numbers(g.totals)}")
    return [escape_controls(line) for line in out]


def _event_line(e: ReplayedEvent) -> str:
    """One event's line of the table."""
    totals = _numbers(e.totals)
    if e.type == "knock" or e.tile is None or e.ends is None:
        return f"  {e.event:>3}  {e.seat:<5} knock{'':<53}{totals}"
    ends = f"{_end_text(e.ends[0])} | {_end_text(e.ends[1])}"
    event = f"+{e.event_points}" if e.credited else f"over+{e.event_points}"
    tile = f"{e.tile[0]}-{e.tile[1]}"
    return (f"  {e.event:>3}  {e.seat:<5} {tile:<6} {e.end or '-':<4} "
            f"{ends:<13} {e.end_total:>5}  {e.placement_points:>3}  "
            f"{e.bonus:>5}  {event:<9}  {totals}")
