"""``ftn stats``'s output: the counts as text for people, JSON, or CSV.

Boundary: renders ``stats.Stats`` (one, or one per group of ``--by``) and
nothing else: the findings per code as ``ruff --statistics`` lists them
(count, code, name), a table per side, seat and player name, the
distributions and the rule options. CSV is long ("tidy"): one value a row
(group, section, key, measure, value), for a spreadsheet or DuckDB; a text
that a spreadsheet would run as a formula is written behind a ``'``.
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from collections.abc import Iterator
from typing import Any

from notation.json.encoding import indented_by_json
from verifier.data.stats import ALL, Row, Stats
from verifier.files.escaping import csv_cell, escape_controls

#: What ``ftn stats --format`` writes.
STATS_FORMATS = ("text", "json", "csv")
_TABLES = (("sides", "side"), ("seats", "seat"), ("players", "player"))
_COLUMNS = ("games", "won", "points", "rounds", "points/round", "dominoes", "overshoots")


def _row_values(r: Row) -> list[str]:
    return [str(v) for v in (r.games, r.won, r.points, r.rounds)] + [
        f"{r.per_round:.2f}", str(r.dominoes), str(r.overshoots)]


def _table(head: list[str], rows: list[list[str]], indent: str = "  ") -> list[str]:
    widths = [max(len(x[i]) for x in [head, *rows]) for i in range(len(head))]
    out = []
    for x in [head, *rows]:
        cells = [x[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(x[1:], widths[1:],
                                                                      strict=True)]
        out.append((indent + "  ".join(cells)).rstrip())
    return out


def _counts(c: Counter[Any]) -> str:
    return ", ".join(f"{k}: {c[k]}" for k in sorted(c)) or "none"


def text_lines(st: Stats) -> Iterator[str]:
    """One ``Stats`` for people."""
    replayed = f"{st.replayed} replayed: " if st.replayed < st.events else ""
    yield (f"games {st.games} ({st.complete} complete, {st.unreadable} unreadable), "
           f"rounds {st.rounds}, events {st.events} ({replayed}{st.placements} placements, "
           f"{st.knocks} knocks)")
    res = st.results
    yield (f"results: domino {res['domino']}, blocked {res['blocked']}, "
           f"target {res['target']}")
    total = sum(st.findings.values())
    yield f"findings: {total}" if total else "findings: none"
    width = len(str(max(st.findings.values(), default=0)))
    for code, n in sorted(st.findings.items(), key=lambda kv: (-kv[1], kv[0])):
        yield f"  {n:>{width}}  {code}  {st.names.get(code, '')}"
    for attr, word in _TABLES:
        rows: dict[str, Row] = getattr(st, attr)
        if rows:
            yield f"{attr}:"
            yield from _table([word, *_COLUMNS], [[escape_controls(k), *_row_values(r)]
                                                  for k, r in sorted(rows.items())])
    yield f"end totals: {_counts(st.end_totals)}"
    yield f"placement points: {_counts(st.points)}"
    yield "rules:"
    for k in sorted(st.rules):
        yield f"  {st.rules[k]}  {k}"
    yield f"rule options: {', '.join(f'{k} ({st.options[k]})' for k in sorted(st.options))}"


def to_dict(st: Stats) -> dict[str, Any]:
    """One ``Stats``, JSON-ready (keys of numbers as strings, sorted; the
    events replayed where fewer than the records' own)."""
    return {
        "games": st.games, "complete": st.complete, "unreadable": st.unreadable,
        "rounds": st.rounds, "events": st.events,
        **({"replayed": st.replayed} if st.replayed < st.events else {}),
        "placements": st.placements, "knocks": st.knocks,
        "results": {k: st.results[k] for k in ("domino", "blocked", "target")},
        "findings": [{"code": c, "name": st.names.get(c, ""), "count": n}
                     for c, n in sorted(st.findings.items())],
        **{attr: {k: r.to_dict() for k, r in sorted(getattr(st, attr).items())}
           for attr, _ in _TABLES},
        "endTotals": {str(k): st.end_totals[k] for k in sorted(st.end_totals)},
        "placementPoints": {str(k): st.points[k] for k in sorted(st.points)},
        "rules": dict(sorted(st.rules.items())),
        "options": dict(sorted(st.options.items())),
    }


def _long(group: str, st: Stats) -> Iterator[list[Any]]:
    d = to_dict(st)
    for k in ("games", "complete", "unreadable", "rounds", "events", "placements", "knocks"):
        yield [group, "summary", "", k, d[k]]
    for k, n in d["results"].items():
        yield [group, "results", k, "count", n]
    for f in d["findings"]:
        yield [group, "findings", f["code"], f["name"], f["count"]]
    for attr, _ in _TABLES:
        for name, row in d[attr].items():
            for m, v in row.items():
                yield [group, attr, name, m, v]
    for section, key in (("endTotals", "endTotal"), ("placementPoints", "points"),
                         ("rules", "games"), ("options", "games")):
        for k, n in d[section].items():
            yield [group, section, k, key if section in ("rules", "options") else "count", n]


def render(groups: dict[str, Stats], by: str | None, fmt: str) -> str:
    """The report of every group (``by`` None: the one group ``ALL``)."""
    order = sorted(groups)
    if fmt == "json":
        doc: dict[str, Any] = {"version": 1}
        if by is None:
            doc.update(to_dict(groups.get(ALL, Stats())))
        else:
            doc["by"] = by
            doc["groups"] = {g: to_dict(groups[g]) for g in order}
        return indented_by_json(doc) + "\n"
    if fmt == "csv":
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(["group", "section", "key", "measure", "value"])
        for g in order or [ALL]:
            w.writerows(map(csv_cell, row) for row in _long(g, groups.get(g, Stats())))
        return buf.getvalue()
    if by is None:
        return "\n".join(map(escape_controls, text_lines(groups.get(ALL, Stats())))) + "\n"
    parts = [escape_controls(f"{by} {g}:") + "\n"
             + "\n".join("  " + escape_controls(line) for line in text_lines(groups[g])) + "\n"
             for g in order]
    return "\n".join(parts) or f"no games to group by {by}\n"
