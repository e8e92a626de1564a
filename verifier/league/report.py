"""``ftn standings``'s and ``ftn ratings``' output as text, CSV or JSON.

Boundary: renders ``standings.Table`` s, ``ratings.Ratings`` and the games
left out (``outcomes.LeftOut``) and nothing else: a table per group as people
read it (rank, name, then the columns of its kind), head to head when
asked, the notes; CSV one row per row of a table (a text a spreadsheet
would run as a formula written behind a ``'``); JSON the same as a
document. The HTML page is ``page``'s.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator, Sequence
from typing import Any

from notation.json.encoding import indented_by_json
from verifier.files.escaping import csv_cell, escape_controls
from verifier.league.outcomes import LeftOut
from verifier.league.ratings import Ratings
from verifier.league.standings import ALL, Meeting, Row, Scheme, Table

#: What ``ftn standings --format`` writes.
STANDINGS_FORMATS = ("text", "csv", "json", "html")

#: The columns of each kind of table: (heading, Row attribute).
COLUMNS: dict[str, tuple[tuple[str, str], ...]] = {
    "team": (("P", "played"), ("W", "won"), ("D", "drawn"), ("L", "lost"),
             ("GF", "games_for"), ("GA", "games_against"), ("PF", "points_for"),
             ("PA", "points_against"), ("Pts", "match_points")),
    "player": (("P", "played"), ("W", "won"), ("L", "lost"), ("PF", "points_for"),
               ("PA", "points_against")),
}
COLUMNS["pair"] = COLUMNS["player"]
#: What each heading stands for, said under a text table.
KEY = {"P": "played", "W": "won", "D": "drawn", "L": "lost", "GF": "games for",
       "GA": "games against", "PF": "points for", "PA": "points against",
       "Pts": "match points"}


def cells(row: Row, kind: str) -> list[int]:
    return [getattr(row, attr) for _, attr in COLUMNS[kind]]


def _aligned(rows: list[list[str]]) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return ["  " + "  ".join(c.rjust(w) if i != 1 else c.ljust(w)
                              for i, (c, w) in enumerate(zip(r, widths, strict=True))).rstrip()
            for r in rows]


def meeting_text(m: Meeting, kind: str) -> str:
    what = "matches" if kind == "team" else "games"
    drawn = f", {m.drawn} drawn" if kind == "team" else ""
    games = f" (games {m.games_for}-{m.games_against})" if kind == "team" else ""
    return (f"  {escape_controls(m.name)} v {escape_controls(m.other)}: {m.played} {what}, "
            f"{m.won} won{drawn}, {m.lost} lost{games}")


def _table_lines(t: Table, head_to_head: bool) -> Iterator[str]:
    title = f"by {t.kind}" + (f", {t.group}" if t.group != ALL else "")
    yield f"Standings {title}"
    heads = ["#", t.kind, *(h for h, _ in COLUMNS[t.kind])]
    body = [[str(i), escape_controls(r.name), *map(str, cells(r, t.kind))]
            for i, r in enumerate(t.rows, 1)]
    yield from _aligned([heads, *body]) if body else ["  (no games)"]
    yield "  " + ", ".join(f"{h} {KEY[h]}" for h, _ in COLUMNS[t.kind])
    for note in t.notes:
        yield f"  note: {escape_controls(note)}"
    if head_to_head and t.meetings:
        yield "Head to head"
        yield from (meeting_text(m, t.kind) for m in t.meetings)


def scheme_text(s: Scheme) -> str:
    return (f"match points: win {s.win}, draw {s.draw}, loss by one game {s.loss_by_one}, "
            f"loss {s.loss}; {s.games} games a match")


def left_out_lines(left: Sequence[LeftOut]) -> Iterator[str]:
    if left:
        yield f"Left out: {len(left)} game{'s' * (len(left) != 1)} with errors"
        yield from ("  " + escape_controls(x.text()) for x in left)


def text(tables: Sequence[Table], left: Sequence[LeftOut], scheme: Scheme,
         head_to_head: bool = False) -> str:
    out: list[str] = []
    for t in tables:
        out += [*_table_lines(t, head_to_head), ""]
    if tables and tables[0].kind == "team":
        out += [scheme_text(scheme), ""]
    out += [*left_out_lines(left)]
    return "\n".join(out).rstrip("\n") + "\n"


def document(tables: Sequence[Table], left: Sequence[LeftOut], scheme: Scheme,
             head_to_head: bool = False) -> dict[str, Any]:
    """The standings as one JSON-ready document."""
    def table_doc(t: Table) -> dict[str, Any]:
        doc: dict[str, Any] = {
            "group": t.group or None, "by": t.kind,
            "rows": [{"rank": i, "name": r.name,
                      **{attr: getattr(r, attr) for _, attr in COLUMNS[t.kind]}}
                     for i, r in enumerate(t.rows, 1)],
            "notes": t.notes}
        if head_to_head:
            doc["headToHead"] = [vars(m).copy() for m in t.meetings]
        return doc

    return {"scheme": {"win": scheme.win, "draw": scheme.draw,
                       "lossByOne": scheme.loss_by_one, "loss": scheme.loss,
                       "games": scheme.games},
            "tables": [table_doc(t) for t in tables],
            "leftOut": [{"file": x.source, "game": x.number, **x.finding.to_dict()}
                        for x in left]}


def csv_text(tables: Sequence[Table]) -> str:
    """One row per row of every table: group, kind, rank, name, columns."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    attrs = [a for _, a in COLUMNS["team"]]
    w.writerow(["group", "by", "rank", "name", *attrs])
    for t in tables:
        mine = {a for _, a in COLUMNS[t.kind]}
        for i, r in enumerate(t.rows, 1):
            w.writerow([csv_cell(t.group), t.kind, i, csv_cell(r.name),
                        *(getattr(r, a) if a in mine else "" for a in attrs)])
    return buf.getvalue()


def render(tables: Sequence[Table], left: Sequence[LeftOut], scheme: Scheme, format: str,
           head_to_head: bool = False) -> str:
    """The standings in ``format`` (``STANDINGS_FORMATS`` but html, ``page``'s)."""
    if format == "json":
        return indented_by_json(document(tables, left, scheme, head_to_head)) + "\n"
    if format == "csv":
        return csv_text(tables)
    return text(tables, left, scheme, head_to_head)


#: The columns of the ratings table.
RATING_HEADS = ("#", "player", "mu", "sigma", "ordinal", "games", "won")


def rating_rows(ratings: Ratings) -> list[list[object]]:
    return [[i, x.name, f"{x.mu:.2f}", f"{x.sigma:.2f}", f"{x.ordinal:.2f}", x.games, x.won]
            for i, x in enumerate(ratings.table(), 1)]


def render_ratings(ratings: Ratings, left: Sequence[LeftOut], format: str,
                   pictured: Sequence[str] = ()) -> str:
    """The ratings in ``format`` (``STANDINGS_FORMATS`` but html, ``page``'s);
    ``pictured``: the players whose history the JSON document holds."""
    rows = rating_rows(ratings)
    if format == "json":
        return indented_by_json({
            "model": ratings.model, "games": ratings.games, "unrated": ratings.unrated,
            "players": [vars(x) for x in ratings.table()],
            "history": {n: [{"game": i, "date": d or None, "ordinal": o}
                            for i, d, o in ratings.history.get(n, [])] for n in pictured},
            "leftOut": [{"file": x.source, "game": x.number, **x.finding.to_dict()}
                        for x in left]}) + "\n"
    if format == "csv":
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(["rank", "player", "mu", "sigma", "ordinal", "games", "won"])
        w.writerows([[r[0], csv_cell(r[1]), *r[2:]] for r in rows])
        return buf.getvalue()
    head = (f"Ratings: {ratings.games} games in date order (openskill {ratings.model}; "
            "ordinal = mu - 3 sigma)")
    unrated = [f"{ratings.unrated} games without a winner not rated"] if ratings.unrated else []
    table = _aligned([list(RATING_HEADS), *[[str(c) for c in r] for r in rows]]) if rows else []
    return "\n".join([head, *table, *unrated, *left_out_lines(left)]) + "\n"
