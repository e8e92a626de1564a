"""One HTML page to publish: the standings, or the ratings with their
history as a picture.

Boundary: renders ``standings.Table`` s, the games left out, and the
ratings (``ratings.Ratings``) as one self-contained page in the ``ftn
show`` viewer's colours and type (its palette, ``show.svg.PALETTE``):
every table sortable by a click on its heading (a few lines of inline
script), the history an inline SVG picture; no server, nothing fetched.
Computes nothing.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import TYPE_CHECKING

from verifier.files.escaping import escape_controls
from verifier.league.outcomes import LeftOut
from verifier.league.report import (
    COLUMNS,
    KEY,
    RATING_HEADS,
    meeting_text,
    rating_rows,
    scheme_text,
)
from verifier.league.standings import ALL, Scheme, Table
from verifier.show.svg import PALETTE

if TYPE_CHECKING:
    from verifier.league.ratings import Ratings

CSS = """
:root { --paper: #f7f5ef; --card: #fff; --ink: #1c1c1c; --muted: #5b6470; --line: #d8d3c4;
  --felt: #1d5b3c; --bad: #b91c1c; --bad-bg: #fdecec; --accent: #1f5fbf; }
* { box-sizing: border-box; }
body { margin: 0; background: var(--paper); color: var(--ink);
  font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
header { background: var(--felt); color: #fff; padding: 0.8rem 1rem; }
h1 { font-size: 1.3rem; margin: 0; }
header p { margin: 0.2rem 0 0; opacity: 0.85; }
main { padding: 0.6rem 1rem 2rem; max-width: 70rem; }
h2 { font-size: 0.95rem; margin: 1.2rem 0 0.4rem; color: var(--muted);
  text-transform: uppercase; letter-spacing: 0.04em; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; background: var(--card); border: 1px solid var(--line); }
th, td { padding: 0.3rem 0.55rem; border-bottom: 1px solid var(--line); text-align: right;
  white-space: nowrap; }
th { background: #ece7da; cursor: pointer; user-select: none; }
th[aria-sort="ascending"]::after { content: " \\25B2"; }
th[aria-sort="descending"]::after { content: " \\25BC"; }
td.name, th.name { text-align: left; }
tbody tr:nth-child(even) { background: #faf8f2; }
.key, .note { color: var(--muted); font-size: 0.9em; margin: 0.3rem 0; }
.left { background: var(--bad-bg); border-left: 4px solid var(--bad); padding: 0.4rem 0.7rem; }
.left li { font-family: ui-monospace, monospace; font-size: 0.85em; }
svg.history { background: var(--card); border: 1px solid var(--line); max-width: 100%;
  height: auto; }
svg text { font: 12px system-ui, sans-serif; fill: var(--muted); }
@media (max-width: 480px) { main { padding: 0.5rem; } th, td { padding: 0.3rem 0.3rem; }
  body { font-size: 14px; } }
"""

#: Sorts a table by the column whose heading is clicked (numbers as numbers).
SCRIPT = """
document.querySelectorAll("table.sortable th").forEach((th, i) => th.addEventListener(
  "click", () => {
    const body = th.closest("table").tBodies[0];
    const was = th.getAttribute("aria-sort");  // a name A-Z first, a number highest first
    const down = was ? was === "ascending" : !th.classList.contains("name");
    th.parentNode.querySelectorAll("th").forEach(h => h.removeAttribute("aria-sort"));
    th.setAttribute("aria-sort", down ? "descending" : "ascending");
    const key = r => { const t = r.cells[i].textContent, n = parseFloat(t);
      return isNaN(n) ? t : n; };
    const rows = [...body.rows].sort((a, b) => { const x = key(a), y = key(b);
      const c = typeof x === "number" && typeof y === "number" ? x - y
        : String(x).localeCompare(String(y)); return down ? -c : c; });
    rows.forEach(r => body.appendChild(r));
  }));
"""


def esc(text: object) -> str:
    return html.escape(escape_controls(str(text)))


def html_table(heads: Sequence[str], rows: Sequence[Sequence[object]], name_col: int = 1
               ) -> str:
    """A sortable table (the column ``name_col`` left-aligned)."""
    def cell(tag: str, i: int, v: object) -> str:
        cls = ' class="name"' if i == name_col else ""
        return f"<{tag}{cls}>{esc(v)}</{tag}>"

    head = "".join(cell("th", i, h) for i, h in enumerate(heads))
    body = "\n".join("<tr>" + "".join(cell("td", i, v) for i, v in enumerate(r)) + "</tr>"
                     for r in rows)
    return (f'<div class="scroll"><table class="sortable"><thead><tr>{head}</tr></thead>'
            f"<tbody>\n{body}\n</tbody></table></div>")


def frame(title: str, meta: str, body: str) -> str:
    """The page around its body."""
    return (f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{esc(title)}</title>\n<style>{CSS}</style>\n</head>\n<body>\n"
            f"<header><h1>{esc(title)}</h1><p>{esc(meta)}</p></header>\n<main>\n{body}\n"
            f"</main>\n<script>{SCRIPT}</script>\n</body>\n</html>\n")


def _standings_table(t: Table, head_to_head: bool) -> str:
    cols = COLUMNS[t.kind]
    title = f"By {t.kind}" + (f": {t.group}" if t.group != ALL else "")
    rows = [[i, r.name, *(getattr(r, a) for _, a in cols)] for i, r in enumerate(t.rows, 1)]
    out = [f"<h2>{esc(title)}</h2>", html_table(["#", t.kind, *(h for h, _ in cols)], rows),
           f'<p class="key">{esc(", ".join(f"{h} {KEY[h]}" for h, _ in cols))}</p>']
    out += [f'<p class="note">{esc(n)}</p>' for n in t.notes]
    if head_to_head and t.meetings:
        out.append("<h2>Head to head</h2><ul>" + "".join(
            f"<li>{esc(meeting_text(m, t.kind).strip())}</li>" for m in t.meetings) + "</ul>")
    return "\n".join(out)


def left_out_html(left: Sequence[LeftOut]) -> str:
    if not left:
        return ""
    items = "".join(f"<li>{esc(x.text())}</li>" for x in left)
    return (f'<h2>Left out</h2><div class="left"><p>{len(left)} game'
            f'{"s" * (len(left) != 1)} with errors, not counted:</p><ul>{items}</ul></div>')


def standings_page(tables: Sequence[Table], left: Sequence[LeftOut], scheme: Scheme,
                   head_to_head: bool = False, title: str = "Standings") -> str:
    body = "\n".join(_standings_table(t, head_to_head) for t in tables)
    kind = tables[0].kind if tables else "team"
    meta = scheme_text(scheme) if kind == "team" else f"games played, won and lost by {kind}"
    return frame(title, meta, body + "\n" + left_out_html(left))


def history_svg(ratings: Ratings, names: Sequence[str], width: int = 720,
                height: int = 300) -> str:
    """The ordinal of each of ``names`` after each of its games, over the
    games in date order: a line each, in the viewer's palette."""
    series = [(n, ratings.history.get(n, [])) for n in names]
    points = [v for _, h in series for _, _, v in h]
    if not points:
        return ""
    lo, hi = min(points), max(points)
    hi = hi if hi > lo else lo + 1
    last = max(1, ratings.games - 1)
    rows = (len(series) + 3) // 4  # the legend's rows, four names a row, above the plot
    left, top, right, bottom = 44, 14 + 14 * rows, width - 10, height - 26

    def px(i: int) -> float:
        return round(left + (right - left) * i / last, 1)

    def py(v: float) -> float:
        return round(bottom - (bottom - top) * (v - lo) / (hi - lo), 1)

    out = [f'<svg class="history" viewBox="0 0 {width} {height}" width="{width}" '
           f'height="{height}" xmlns="http://www.w3.org/2000/svg" role="img">']
    for v in (lo, (lo + hi) / 2, hi):
        out.append(f'<line x1="{left}" y1="{py(v)}" x2="{right}" y2="{py(v)}" '
                   f'stroke="#e4dfd2"/><text x="{left - 4}" y="{py(v) + 4}" '
                   f'text-anchor="end">{v:.1f}</text>')
    out.append(f'<text x="{left}" y="{height - 6}">game 1</text><text x="{right}" '
               f'y="{height - 6}" text-anchor="end">game {ratings.games}</text>')
    for k, (name, h) in enumerate(series):
        color = PALETTE[k % len(PALETTE)]
        pts = " ".join(f"{px(i)},{py(v)}" for i, _, v in h)
        out.append(f'<polyline points="{pts}" fill="none" stroke="{color}" stroke-width="2">'
                   f"<title>{esc(name)}</title></polyline>")
        out.append(f'<text x="{left + 6 + 150 * (k % 4)}" y="{14 + 14 * (k // 4)}" '
                   f'style="fill:{color}">&#9632; {esc(name)}</text>')
    out.append("</svg>")
    return "".join(out)


def ratings_page(ratings: Ratings, pictured: Sequence[str], left: Sequence[LeftOut],
                 title: str = "Ratings") -> str:
    meta = (f"{ratings.games} games rated in date order (openskill "
            f"{ratings.model}); ordinal = mu - 3 sigma")
    picture = history_svg(ratings, pictured)
    body = ((f"<h2>History: {esc(', '.join(pictured))}</h2>{picture}\n" if picture else "")
            + f"<h2>Ratings</h2>{html_table(RATING_HEADS, rating_rows(ratings))}\n"
            + left_out_html(left))
    return frame(title, meta, body)
