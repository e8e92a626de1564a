"""The drawings of ``ftn show``, as SVG text: the pip faces of a tile (0 to
12 pips, for the double-six, double-nine and double-twelve sets), one
position of a game (the line, its ends, the totals) as a standalone picture,
and the score race of a whole game.

Boundary: draws from the page data that ``page.build`` makes; computes no
game state and reads no record. Every piece of record text it writes is
escaped for XML (``escape``), what XML 1.0 cannot hold shown as ``\\x1b``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from html import escape as _html_escape
from typing import Any

from verifier.files.escaping import xml_text


def escape(text: str) -> str:
    """Record text as SVG text or an attribute's value: ``&``, ``<``, ``>``
    and quotes as entities, and each control character that XML 1.0 cannot
    hold, even as a reference, shown as ``\\x1b`` (the file stays
    well-formed)."""
    return _html_escape(xml_text(text))


# Pip centres on a 100 x 100 face: a 3 x 3 grid up to 9, a 3 x 4 grid above.
_G3 = (25, 50, 75)
_G4 = (19, 39.5, 60.5, 81)
_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    0: (),
    1: ((50, 50),),
    2: ((25, 25), (75, 75)),
    3: ((25, 25), (50, 50), (75, 75)),
    4: ((25, 25), (75, 25), (25, 75), (75, 75)),
    5: ((25, 25), (75, 25), (50, 50), (25, 75), (75, 75)),
    6: tuple((x, y) for y in _G3 for x in (25, 75)),
    7: (*((x, y) for y in _G3 for x in (25, 75)), (50, 50)),
    8: tuple((x, y) for y in _G3 for x in _G3 if (x, y) != (50, 50)),
    9: tuple((x, y) for y in _G3 for x in _G3),
    10: (*((x, y) for y in _G4 for x in (25, 75)), (50, 39.5), (50, 60.5)),
    11: (*((x, y) for y in _G4 for x in (25, 75)), (50, 29), (50, 50), (50, 71)),
    12: tuple((x, y) for y in _G4 for x in _G3),
}
# One colour per side (up to 12 sides: twelve players without partnerships).
PALETTE = ("#1f5fbf", "#c2410c", "#15803d", "#7e22ce", "#b91c1c", "#0e7490",
           "#a16207", "#be185d", "#4d7c0f", "#1e3a8a", "#78350f", "#475569")


def pips(n: int) -> tuple[tuple[float, float], ...]:
    """The pip centres of a face with ``n`` pips (0 to 12) on a 100 x 100 face."""
    return _PIPS[n]


def _face(n: int) -> str:
    r = 9 if n <= 9 else 7.5
    dots = "".join(f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}"/>' for x, y in pips(n))
    return f'<symbol id="ftn-f{n}" viewBox="0 0 100 100"><g class="pips">{dots}</g></symbol>'


def defs(max_pip: int) -> str:
    """The symbols of the faces 0 to ``max_pip`` (``#ftn-f0`` ...), as one
    ``<defs>`` element."""
    return "<defs>" + "".join(_face(n) for n in range(max_pip + 1)) + "</defs>"


def face_defs(max_pip: int) -> str:
    """A hidden SVG with one symbol per face (``#ftn-f0`` ...), which the
    page's tiles use."""
    return ('<svg class="defs" width="0" height="0" aria-hidden="true" focusable="false">'
            f"{defs(max_pip)}</svg>\n")


def tile(a: int, b: int, x: float, y: float, scale: float, down: bool = False) -> str:
    """One tile at (x, y): across (a on the left) or, for a double,
    crosswise (upright); ``down``: face down."""
    upright = a == b and not down
    w, h = (100, 200) if upright else (200, 100)
    body = (f'<rect x="1" y="1" width="{w - 2}" height="{h - 2}" rx="12" class="'
            f'{"back" if down else "face"}"/>')
    if not down:
        bar = ("12", "100", "88", "100") if upright else ("100", "12", "100", "88")
        body += '<line x1="{}" y1="{}" x2="{}" y2="{}" class="bar"/>'.format(*bar)
        for n, dx, dy in ((a, 0, 0), (b, 0, 100) if upright else (b, 100, 0)):
            body += (f'<use href="#ftn-f{n}" xlink:href="#ftn-f{n}" x="{dx}" y="{dy}" '
                     'width="100" height="100"/>')
    return (f'<g transform="translate({x:g} {y:g}) scale({scale:g})"><title>{a}-{b}</title>'
            f"{body}</g>")


#: The style of a standalone picture (tiles, pips, texts).
STYLE = (
    "<style>.face{fill:#fffdf7;stroke:#222;stroke-width:3}.back{fill:#2f4f6f;stroke:#222;"
    "stroke-width:3}.bar{stroke:#222;stroke-width:3}.pips{fill:#111}"
    "text{font-family:system-ui,sans-serif;fill:#111}.small{font-size:13px;fill:#444}"
    ".big{font-size:18px;font-weight:600}.over{fill:#b91c1c}</style>"
)


def _position(rnd: dict[str, Any], e: int) -> tuple[
        dict[str, Any] | None, list[int]]:
    ev = rnd["events"][e - 1] if e else None
    totals = ev["totals"] if ev is not None else rnd["start"]
    return ev, list(totals)


def _ends(rnd: dict[str, Any], e: int) -> tuple[str, str, int | None]:
    """The ends after event ``e`` as text, and the end total."""
    for ev in reversed(rnd["events"][:e]):
        if ev["type"] == "place":
            (le, re), total = ev["ends"], ev["endTotal"]
            def show(end: dict[str, Any]) -> str:
                v = end["value"]
                return f"{v} (double: {2 * v})" if end["double"] else str(v)
            return show(le), show(re), total
    return "none", "none", None


def event_words(ev: dict[str, Any] | None, data: dict[str, Any], rnd: dict[str, Any]) -> str:
    """What happened at an event, in words (as the page says it)."""
    if ev is None:
        return f"Round {rnd['round']}: {rnd['opener']} to lead"
    if ev["type"] == "knock":
        return f"{ev['seat']} knocks"
    tile = "-".join(map(str, ev["tile"])) if ev.get("tile") else "knocks"
    if ev["type"] == "illegal":
        return f"{ev['seat']} {tile}: illegal, the replay stopped here"
    where = "leads" if ev["end"] is None else f"at {ev['end']}"
    pts = f"+{ev['placementPoints']}"
    if ev["bonus"]:
        pts += f" + domino bonus {ev['bonus']}"
    if not ev["credited"]:
        side = data["sides"].index(ev["side"]) if ev["side"] in data["sides"] else 0
        before = ev["totals"][side]
        pts += (f" = {ev['eventPoints']}: discarded, {before} + {ev['eventPoints']} = "
                f"{before + ev['eventPoints']} > {data['target']} (R8.2)")
    return f"{ev['seat']} {tile} {where}, end total {ev['endTotal']}, {pts}"


def position_svg(data: dict[str, Any], r: int, e: int, width: int = 760) -> str:
    """A standalone picture of the position after event ``e`` of round ``r``:
    the line (wrapped), its ends and end total, the event and every side's total."""
    rnd = next(x for x in data["rounds"] if x["round"] == r)
    ev, totals = _position(rnd, e)
    s, gap, pad = 0.3, 4, 16
    row_h = 200 * s
    lines: list[str] = []
    x, y = float(pad), 92.0
    for a, b, n in rnd["line"]:
        if n > e:
            continue
        w = (100 if a == b else 200) * s
        if x + w > width - pad:
            x, y = pad, y + row_h + 10
        dy = 0 if a == b else 50 * s
        lines.append(tile(a, b, x, y + dy, s))
        x += w + gap
    y += row_h + 34
    left, right, total = _ends(rnd, e)
    head = data["title"] or data["file"]
    texts = [
        f'<text x="{pad}" y="28" class="big">{escape(head)}</text>',
        f'<text x="{pad}" y="52" class="small">game {data["game"]} · round {r} · event {e}'
        f"</text>",
        f'<text x="{pad}" y="74" class="{"over" if ev and ev.get("credited") is False else ""}">'
        f"{escape(event_words(ev, data, rnd))}</text>",
        f'<text x="{pad}" y="{y:g}">Open ends: left {left}, right {right}; end total '
        f'{"none" if total is None else total}</text>',
    ]
    y += 26
    score = " · ".join(f"{escape(side)} {t}" for side, t in zip(data["sides"], totals,
                                                                strict=False))
    texts.append(f'<text x="{pad}" y="{y:g}" class="big">Totals: {score} '
                 f'(target {data["target"]})</text>')
    height = y + pad
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        f'width="{width}" height="{height:g}" '
        f'viewBox="0 0 {width} {height:g}" role="img">'
        f"<title>{escape(head)}: round {r}, event {e}</title>{STYLE}{defs(data['maxPip'])}"
        f'<rect width="100%" height="100%" fill="#f5f1e6"/>'
        + "".join(texts) + "".join(lines) + "</svg>\n"
    )


def _label_width(r: int) -> int:
    return 7 * len(f"R{r}")  # at 11 to 12 px: about 7 px a character


def _round_labels(starts: list[tuple[int, int]], px: Callable[[int], float],
                  right: float) -> list[tuple[float, int, str]]:
    """Where the round labels stand, ``(x, round, anchor)``: one at each
    round's start, but none closer to the one before than its own width (a
    short round's label would overlap the next), and the last one, if it
    would pass ``right``, ends there instead."""
    shown: list[tuple[float, int, str]] = []
    for i, r in starts:
        x, anchor = px(i) + 2, "start"
        if x + _label_width(r) > right:
            x, anchor = right, "end"
        start = x - _label_width(r) if anchor == "end" else x
        if not shown or start - shown[-1][0] >= _label_width(shown[-1][1]) + 6:
            shown.append((x, r, anchor))
    return shown


@dataclass
class _Race:
    """The positions of a race: each one's link and totals, the discarded
    overshoots ``(position, side, would-be total, text)`` and the rounds'
    starts ``(position, round)``."""

    points: list[tuple[str, list[int]]] = field(default_factory=list)
    overs: list[tuple[int, int, int, str]] = field(default_factory=list)
    starts: list[tuple[int, int]] = field(default_factory=list)

    @classmethod
    def of(cls, data: dict[str, Any], link: str) -> _Race:
        """The race of a game's page data."""
        race = cls()
        points = race.points
        for rnd in data["rounds"]:
            race.starts.append((len(points), rnd["round"]))
            points.append((f"{link}r{rnd['round']}e0", rnd["start"]))
            for ev in rnd["events"]:
                if ev["type"] == "place" and not ev["credited"]:
                    side = data["sides"].index(ev["side"]) if ev["side"] in data["sides"] else 0
                    was = ev["totals"][side]
                    race.overs.append((len(points), side, was + ev["eventPoints"],
                                       f"round {rnd['round']}, event {ev['event']}: "
                                       f"{ev['side']} {was} + {ev['eventPoints']} = "
                                       f"{was + ev['eventPoints']} > {data['target']}: "
                                       "discarded (R8.2)"))
                points.append((f"{link}r{rnd['round']}e{ev['event']}", ev["totals"]))
        return race

    def top(self, target: int) -> int:
        """The highest total drawn: the target, a would-be total or a total."""
        return int(max([target, *(o[2] for o in self.overs),
                        *(max(t or [0]) for _, t in self.points)]))


class _Frame:
    """The race's drawing area: its size (grown by the legend's rows), the
    plot's margins, and where a position (``px``) and a total (``py``)
    are drawn."""

    def __init__(self, sides: list[str], positions: int, top: int, width: int,
                 height: int) -> None:
        self.slot = max(72, 24 + 8 * max((len(n) for n in sides), default=1))  # legend entry
        self.per_row = max(1, (width - 40) // self.slot)  # legend entries per row
        legend_rows = -(-len(sides) // self.per_row)
        self.width, self.height = width, height + 16 * (legend_rows - 1)
        self.left, self.right, self.up, self.down = 34, 12, 10 + 16 * legend_rows, 34
        self.span = max(1, positions - 1)
        self.top = top

    def px(self, i: int) -> float:
        return round(self.left + (self.width - self.left - self.right) * i / self.span, 1)

    def py(self, v: float) -> float:
        h, up, down = self.height, self.up, self.down
        return round(h - down - (h - up - down) * v / (self.top * 1.08), 1)


def race_svg(data: dict[str, Any], width: int = 760, height: int = 260, link: str = "",
             narrow: bool = False) -> str:
    """The score race: every side's total over the game's positions, the
    target line, round boundaries, discarded overshoots and findings marked.
    ``link`` goes before each position's ``r3e12`` in a link (``g2``: the
    game, in a page of several); ``narrow``: the drawing for a phone's width."""
    race = _Race.of(data, link)
    f = _Frame(data["sides"], len(race.points), race.top(data["target"]), width, height)
    kind = "race-narrow" if narrow else "race-wide"
    title = f"race-title-{link or 'g'}-{'n' if narrow else 'w'}"
    out = [f'<svg class="race-chart {kind}" viewBox="0 0 {f.width} {f.height}" role="img" '
           f'data-x0="{f.left}" data-x1="{f.width - f.right}" data-n="{len(race.points)}" '
           f'aria-labelledby="{title}"><title id="{title}">The score race: every '
           "side's total after each event</title>"]
    _race_axes(out, f, race, data["target"], link, narrow)
    _race_sides(out, f, race, data["sides"])
    _race_marks(out, f, race, data["findings"], link)
    out.append(f'<line class="cursor" x1="{f.left}" y1="{f.up}" x2="{f.left}" '
               f'y2="{f.height - f.down}"/>')
    out.append("</svg>")
    return "".join(out)


def _race_axes(out: list[str], f: _Frame, race: _Race, target: int, link: str,
               narrow: bool) -> None:
    """The plot, the rounds' lines and labels, the grid, the target's line
    and the axis's labels."""
    left, up, bottom, x1 = f.left, f.up, f.height - f.down, f.width - f.right
    out.append(f'<rect x="{left}" y="{up}" width="{x1 - left}" '
               f'height="{bottom - up}" class="plot"/>')
    for i, _ in race.starts:
        out.append(f'<line x1="{f.px(i)}" y1="{up}" x2="{f.px(i)}" y2="{bottom}" '
                   'class="round"/>')
    for x, r, anchor in _round_labels(race.starts, f.px, f.width - 1):
        out.append(f'<a href="#{link}r{r}e0"><text x="{x:g}" y="{bottom + 14}" '
                   f'class="rlabel" text-anchor="{anchor}">R{r}</text></a>')
    grid = next(g for g in (5, 10, 20, 50, 100, 200, 500, 10**9)
                if f.top / g <= (5 if narrow else 8))
    for v in range(grid, f.top + 1, grid):
        if abs(v - target) * 4 < grid:
            continue  # the target's own label stands there
        out.append(f'<line x1="{left}" y1="{f.py(v)}" x2="{x1}" y2="{f.py(v)}" '
                   f'class="grid"/><text x="{left - 4}" y="{f.py(v) + 4}" class="axis" '
                   f'text-anchor="end">{v}</text>')
    ty = f.py(target)
    out.append(f'<line x1="{left}" y1="{ty}" x2="{x1}" y2="{ty}" class="target"/>')
    out.append(f'<text x="{left - 4}" y="{ty + 4}" class="axis" text-anchor="end">'
               f'{target}</text>')
    out.append(f'<text x="{left - 4}" y="{f.py(0) + 4}" class="axis" text-anchor="end">0</text>')


def _race_sides(out: list[str], f: _Frame, race: _Race, sides: list[str]) -> None:
    """Each side's line of totals, and its entry in the legend."""
    for side, name in enumerate(sides):
        pts = " ".join(f"{f.px(i)},{f.py(t[side] if side < len(t) else 0)}"
                       for i, (_, t) in enumerate(race.points))
        color = PALETTE[side % len(PALETTE)]
        out.append(f'<polyline points="{pts}" fill="none" stroke="{color}" '
                   f'stroke-width="2.2" class="side"><title>{escape(name)}</title></polyline>')
        lx, ly = f.left + 6 + f.slot * (side % f.per_row), 16 + 16 * (side // f.per_row)
        out.append(f'<text x="{lx}" y="{ly}" fill="{color}" class="legend" '
                   f'data-side="{escape(name)}">■ {escape(name)}</text>')


def _race_marks(out: list[str], f: _Frame, race: _Race, findings: list[dict[str, Any]],
                link: str) -> None:
    """The discarded overshoots, each to its would-be total, and a flag
    under the position of each finding."""
    points = race.points
    for i, side, would, text in race.overs:
        x, y0, y1 = f.px(i), f.py(points[i][1][side]), f.py(would)
        out.append(f'<a href="#{points[i][0]}" class="over"><title>{escape(text)}</title>'
                   f'<line x1="{x}" y1="{y0}" x2="{x}" y2="{y1}"/>'
                   f'<path d="M{x - 5} {y1 - 5}l10 10m0 -10l-10 10"/>'
                   f'<text x="{x - 8}" y="{y1 - 3}" text-anchor="end">{would}</text></a>')
    index = {h: i for i, (h, _) in enumerate(points)}
    for d in findings:
        at = f"{link}r{d['at'][0]}e{d['at'][1]}"
        out.append(f'<a href="#{at}" class="flag">'
                   f"<title>{escape(d['code'] + ' ' + d['name'])}</title>"
                   f'<path d="M{f.px(index.get(at, 0))} {f.height - f.down}l-6 10h12z"/></a>')


def races(data: dict[str, Any], link: str = "", shown: bool = True) -> str:
    """One game's race for the page: the drawing for a wide screen and the
    one for a phone (the page's styles show one of them)."""
    wide = race_svg(data, link=link)
    narrow = race_svg(data, 360, 300, link=link, narrow=True)
    return (f'<div class="race" data-game="{data["game"]}"{"" if shown else " hidden"}>'
            f"{wide}{narrow}</div>")
