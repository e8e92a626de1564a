"""Render diagnostics for people (text with a caret) and for machines (JSON).

Boundary: formatting only. Takes diagnostics and the source lines they point
into and returns strings; it reads no file and decides nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .diagnostics import Diagnostic
from .jsonwrite import dumps as dumps  # JSON text as the CLI writes it
from .shown import escape_controls

REPORT_VERSION = 1


@dataclass
class Summary:
    """Counts over everything checked."""

    files: int = 0
    games: int = 0
    events: int = 0
    errors: int = 0
    warnings: int = 0

    def text(self) -> str:
        def n(k: int, word: str) -> str:
            return f"{k} {word}" + ("" if k == 1 else "s")

        return (
            f"{n(self.files, 'file')}, {n(self.games, 'game')}, {n(self.events, 'event')}: "
            f"{n(self.errors, 'error')}, {n(self.warnings, 'warning')}"
        )

    def to_dict(self) -> dict[str, int]:
        return {
            "files": self.files, "games": self.games, "events": self.events,
            "errors": self.errors, "warnings": self.warnings,
        }


def report_json(diagnostics: Sequence[Diagnostic], summary: Summary) -> dict[str, Any]:
    """The ``--format json`` document."""
    return {
        "version": REPORT_VERSION,
        "diagnostics": [d.to_dict() for d in diagnostics],
        "summary": summary.to_dict(),
    }


def _end_text(end: dict[str, Any]) -> str:
    v = end["value"]
    return f"{v}-{v}" if end["double"] else str(v)


def render_trace(doc: dict[str, Any]) -> str:
    """The reference replay as a readable table, one line per event."""
    return "\n".join(line for g in doc["games"] for line in trace_lines(g)) + "\n"


def trace_lines(g: dict[str, Any]) -> list[str]:
    """One game of the reference replay as table lines (``render_trace``)."""
    out = []
    sides = ",".join(g["sides"])
    out.append(f"game {g['game']} ({g['file']}): seats {' '.join(g['seats'])}; "
               f"totals in side order ({sides}); target {g['target']}")
    for r in g["rounds"]:
        out.append(f"  round {r['round']}, opened by {r['opener']}")
        out.append(
            "    #  seat  tile   end  ends          total  pts  bonus  event      totals"
        )
        for e in r["events"]:
            totals = ",".join(map(str, e["totals"]))
            if e["type"] == "knock":
                out.append(f"  {e['event']:>3}  {e['seat']:<5} knock{'':<53}{totals}")
                continue
            ends = f"{_end_text(e['ends'][0])} | {_end_text(e['ends'][1])}"
            event = f"+{e['eventPoints']}" if e["credited"] else f"over+{e['eventPoints']}"
            tile = f"{e['tile'][0]}-{e['tile'][1]}"
            out.append(
                f"  {e['event']:>3}  {e['seat']:<5} {tile:<6} {e['end'] or '-':<4} "
                f"{ends:<13} {e['endTotal']:>5}  {e['placementPoints']:>3}  "
                f"{e['bonus']:>5}  {event:<9}  {totals}"
            )
        res = r["result"]
        if res is None:
            out.append("    (the round does not end)")
        else:
            who = f" {res['seat']}" if res["seat"] else ""
            out.append(f"    result: {res['outcome']}{who}, totals "
                       f"{','.join(map(str, res['totals']))}")
    if g["stopped"] is not None:
        s = g["stopped"]
        out.append(f"  stopped at {s['line']}:{s['col']}: {s['code']} {s['name']}: "
                   f"{s['message']}")
    winner = g["winner"] or "none yet"
    out.append(f"  winner: {winner}; totals {','.join(map(str, g['totals']))}")
    return [escape_controls(line) for line in out]
