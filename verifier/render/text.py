"""``--format text``: for people. Each finding with its source line and a caret,
then the summary; colour on a terminal. A source line longer than
``WINDOW`` characters is shown as a window around the column, with the
column given (a finding on a 10 MB line prints about 200 characters).

Boundary: writes exactly what ``render_diagnostic`` and ``Summary.text``
write when colour is off, and the same text with ANSI styles when it is
on. An audit: each failing game's first divergence and position, then the table of defect
classes (rich) and the share of clean games and rounds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from verifier.diagnostics import Diagnostic
from verifier.files.escaping import escape_controls as esc
from verifier.pipeline.results import Summary
from verifier.render.base import Renderer, paint, severity_style, table

if TYPE_CHECKING:  # the audit is imported where one is rendered: a check needs none
    from verifier.audit.defects import AuditSummary
    from verifier.replay.observers import Divergence

#: Source lines longer than this are shown as a window around the column.
WINDOW = 100


def window(line: str, col: int) -> tuple[str, int, bool]:
    """A long line cut to ``WINDOW`` characters around column ``col``: the text
    shown (with "..." where it was cut), the column of the caret in it, and
    whether it was cut."""
    if len(line) <= WINDOW:
        return line, col, False
    start = min(max(0, col - 1 - WINDOW // 2), max(0, len(line) - WINDOW))
    end = start + WINDOW
    head = "..." if start > 0 else ""
    tail = "..." if end < len(line) else ""
    return head + line[start:end] + tail, col - start + len(head), True


def diagnostic_text(d: Diagnostic, line_text: str | None, color: bool) -> str:
    """One finding: ``path:line:col: CODE name: message``, the source line with a
    caret under the column, and the claimed and computed values, the rule and
    the place in the game (``render_diagnostic``, painted)."""
    sev = severity_style(d.severity)
    out = [
        paint(f"{esc(d.source)}:{d.line}:{d.col}:", "bold", color)
        + " " + paint(f"{d.code} {d.name}", sev, color) + f": {esc(d.message)}"
    ]
    if line_text is not None:
        num = str(d.line)
        pad = " " * len(num)
        shown, col, cut = window(line_text.replace("\t", " "), d.col)
        before = esc(shown[: max(0, col - 1)])  # escaped, the caret stays under its column
        shown, col = before + esc(shown[max(0, col - 1):]), len(before) + 1
        out.append(paint(f" {num} |", "blue", color) + f" {shown}")
        out.append(paint(f" {pad} |", "blue", color) + f" {' ' * (col - 1)}"
                   + paint("^", sev, color)
                   + (f" column {d.col} of {len(line_text)}" if cut else ""))
    extra = []
    values = [f"{what}: {esc(str(value))}" for what, value in (("claimed", d.claimed),
                                                              ("computed", d.computed))
              if value is not None]
    if values:
        extra.append(", ".join(values))
    if d.rule:
        extra.append(f"rule {d.rule}")
    if d.game:
        where = f"game {d.game}"
        if d.round is not None:
            where += f", round {d.round}"
        if d.event is not None:
            where += f", event {d.event}"
        extra.append(where)
    if extra:
        out.append(paint(f" {' ' * len(str(d.line))} =", "blue", color) + " " + "; ".join(extra))
    return "\n".join(out)


class TextRenderer(Renderer):
    """Findings as they come, then the unknowns (when asked) and the summary."""

    def finding(self, d: Diagnostic) -> None:
        self.out.write(diagnostic_text(d, self.ctx.line_of(d.source, d.line), self.ctx.color))
        self.out.write("\n")

    def finish(self, summary: Summary) -> None:
        color = self.ctx.color
        if self.ctx.unknowns is not None:
            for u in self.ctx.unknowns:
                self.out.write(paint(f"{esc(u.source)}:{u.line}:{u.col}:", "bold", color)
                               + f" not verifiable: {esc(u.message)}\n")
            n = len(self.ctx.unknowns)
            self.out.write(f"{n} thing{'' if n == 1 else 's'} the records leave unverified\n")
        line = summary.text()
        if color:
            line = paint(line, "bold red" if summary.errors else "bold green", color)
        self.out.write(line + "\n")

    def audit(self, summary: AuditSummary) -> None:
        self.out.write(audit_text(summary, self))


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def audit_text(summary: AuditSummary, r: Renderer) -> str:
    """Failing games with their first divergence, then the table of classes."""
    color = r.ctx.color
    out = []
    for g in summary.games:
        source = paint(esc(g.source), "bold", color)
        if g.skipped is not None:
            out.append(f"{source}: game {g.game}: not played to the engine: {esc(g.skipped)}")
        if g.failure is not None:
            out.append(f"{source}: game {g.game}: "
                       f"{paint('engine-failure', 'bold red', color)}: {esc(g.failure)}")
        if g.unreadable is not None:
            what = f"game {g.game}" if g.game else "input"
            out.append(f"{source}: {what}: "
                       f"{paint('unreadable-record', 'bold red', color)}: {esc(g.unreadable)}")
        if not g.divergences:
            continue
        out.extend(_game_lines(g.game, g.divergences, color))
    doc = summary.to_dict()
    text = "\n".join(out) + "\n" if out else ""
    if doc["classes"]:
        text += "\n" + table(
            ["class", "rule", "games", "rounds"],
            [[c["class"], c["rule"], str(c["games"]), str(c["rounds"])] for c in doc["classes"]],
            r.ctx, justify=["left", "left", "right", "right"], styles=["bold red"],
        )
    clean = (
        f"clean: {doc['cleanGames']} of {doc['games']} games "
        f"({_pct(doc['cleanGames'], doc['games'])}), {doc['cleanRounds']} of {doc['rounds']} "
        f"rounds ({_pct(doc['cleanRounds'], doc['rounds'])})"
    )
    if doc["unreadable"]:
        n = len(doc["unreadable"])
        clean += f"; {n} unreadable input{'' if n == 1 else 's'} (not records)"
    ok = doc["cleanGames"] == doc["games"] and not doc["unreadable"]
    return text + paint(clean, "bold green" if ok else "bold red", color) + "\n"


def _game_lines(game: int, divs: list[Divergence], color: bool) -> list[str]:
    """A failing game: its first diverging round (class, why, position,
    later findings of the round), then the class of every other one."""
    from verifier.audit.defects import classify

    div = divs[0]
    d = div.diagnostic
    cls, rule = classify(div)
    where = esc(d.source if d.source == "<engine>" else f"{d.source}:{d.line}:{d.col}")
    place = div.where or (f"round {d.round}, event {d.event}" if d.event else f"round {d.round}"
                          if d.round else "the game")
    why = esc(div.explained.message if div.explained is not None else d.message)
    out = [f"{paint(where, 'bold', color)}: game {game}, {place}: "
           f"{paint(cls, 'bold red', color)} ({rule}): {why}"]
    hands = "; ".join(
        f"{s} {' '.join(f'{a}-{b}' for a, b in h) or '-'}" for s, h in div.hands.items()
    )
    when = f" {div.moment}" if div.moment else ""
    out.append(f"    position{when}: hands {hands or '-'}; ends {div.ends}; totals "
               f"{','.join(map(str, div.totals)) or '-'}; to play {div.to_play or '-'}")
    for later in div.later[:3]:
        at = f"event {later.event}" if later.event is not None else "end of the round"
        line = "" if later.source == "<engine>" else f" (line {later.line})"
        out.append(f"    later in the round, {at}{line}: {later.name}: "
                   f"{esc(later.message)}")
    if len(div.later) > 3:
        out.append(f"    and {len(div.later) - 3} more finding(s) later in the round")
    if len(divs) > 1:
        others = ", ".join(f"{o.where or 'the game'} {classify(o)[0]}" for o in divs[1:6])
        more = f", and {len(divs) - 6} more" if len(divs) > 6 else ""
        out.append(f"    other diverging rounds: {others}{more}")
    return out


def render_diagnostic(d: Diagnostic, line_text: str | None) -> str:
    """``path:line:col: CODE name: message``, the source line with a caret
    under the column, and the claimed and computed values (the ``text``
    format without colour)."""
    return diagnostic_text(d, line_text, False)


def source_line(text: str, line: int) -> str | None:
    """Line ``line`` (1-based) of a text, without its line end; None when
    there is none."""
    lines = text.split("\n")
    return lines[line - 1].rstrip("\r") if 1 <= line <= len(lines) else None
