"""What the editor asks of a record besides its findings: hover texts, the
fixes of wrong claims and of slips whose message says what to write (one,
or all), the filled claims of a game, the completions of a placement line,
the outline of games and rounds and the ranges that fold.

Boundary: pure functions of a ``Document`` (and a place in it), in the
document's own lines and 1-based columns of characters; they return text
(Markdown for hovers) and edits as plain values (``verifier.Edit``, the
edits of ``ftn check --fix``), and know nothing of the
protocol (``lsp.server`` turns them into its messages). The judgements are
the public library's: the replay's reference trace (``api.trace``), the
filled claims (``api.fill_text``), the fixes of ``ftn check --fix``
(``api.claim_edit`` for one claim or slip, ``api.header_edit`` for a
header tag, ``api.fix_piece`` for all), the seat to
act and its legal moves (``api.turn``), the registry and the rule book;
nothing here decides a rule.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from notation import Game, Knock, Round
from verifier import Edit, InputError, Piece, rulebook
from verifier.api.editor import claim_edit, piece_games, piece_judged, trace, turn
from verifier.api.fixes import fix_piece, header_edit
from verifier.api.rewrite import fill_text
from verifier.diagnostics import Diagnostic, lookup
from verifier.lsp.document import Document, Finding


@dataclass(frozen=True, slots=True)
class Fix:
    """A code action: its title and its edit."""

    title: str
    edit: Edit
    finding: Finding | None = None


# --------------------------------------------------------------------------
# Hover


_WORD = re.compile(r"[A-Za-z0-9.+\-]+")
_RULE_ID = re.compile(r"[RV]\d+(?:\.\d+)?")


def word_at(line: str, col: int) -> str:
    """The word (letters, digits, '.', '-', '+') at 1-based column ``col``."""
    for m in _WORD.finditer(line):
        if m.start() < col <= m.end() or (m.end() == col - 1 and col - 1 == len(line)):
            return m.group().strip(".-+")
    return ""


def hover(doc: Document, line: int, col: int) -> str | None:
    """Markdown for the place (1-based line and column): a code or a name of
    the registry, a rule number, or an event, result or winner line."""
    if not 1 <= line <= len(doc.lines):
        return None
    word = word_at(doc.lines[line - 1], col)
    if word:
        entry = lookup(word)
        if entry is not None:
            return explain(word)
        if _RULE_ID.fullmatch(word.upper()) and rulebook.get(word) is not None:
            rule = rulebook.get(word)
            assert rule is not None
            return f"**{rule.id}** ({rulebook.anchor(rule.id)})\n\n{rule.text}"
    return event_hover(doc, line)


def explain(key: str) -> str | None:
    """``ftn explain``'s text of a code (or name), as Markdown."""
    entry = lookup(key)
    if entry is None:
        return None
    out = [f"**{entry.code} {entry.name}** ({entry.severity}, rule {entry.rule})", "",
           entry.summary, "", entry.why]
    if entry.fix_note is not None:
        out += ["", entry.fix_note]
    cited = rulebook.cited_text(entry.rule)
    if cited:
        out += ["", f"The rules it cites ({entry.rule}):", "", cited]
    return "\n".join(out)


class _OpenEnd(Protocol):
    """An open end of the line as the trace gives it."""

    @property
    def value(self) -> int: ...

    @property
    def double(self) -> bool: ...


def _ends(ends: Sequence[_OpenEnd] | None) -> str:
    if ends is None:
        return "none (the lead opens the line)"
    return " | ".join(f"{x.value}-{x.value}" if x.double else str(x.value) for x in ends)


def _totals(names: tuple[str, ...], values: tuple[int, ...]) -> str:
    return ", ".join(f"{n} {v}" for n, v in zip(names, values, strict=False))


def event_hover(doc: Document, line: int) -> str | None:
    """What the replay makes of the event (or result, or winner) on a line:
    the ends before and after, the end total and its points, the bonus,
    credited or discarded, and every side's total."""
    found = doc.game_at(line)
    if found is None:
        return None
    game, number, piece, lost = found
    if line in lost:
        return None  # a line being typed
    rep = trace(game, number, piece.source, lost)
    if rep is None:
        return None
    sides, target, why = rep.sides, rep.target, rep.why
    for pos, rnd in enumerate(game.rounds):
        traced = rep.rounds[pos] if pos < len(rep.rounds) else None
        events = {e.event: e for e in traced.events} if traced else {}
        if rnd.result is not None and rnd.result.line == line:
            res = traced.result if traced else None
            if res is None:
                return f"round {rnd.number}: the replay did not reach the end of this round"
            who = f" {res.seat}" if res.seat else ""
            return (f"**round {rnd.number}: {res.outcome}{who}**\n\n"
                    f"totals: {_totals(sides, res.totals)} (target {target})")
        for n, ev in enumerate(rnd.events, 1):
            if ev.line != line:
                continue
            e = events.get(n)
            if e is None:
                stop = rep.stopped
                cause = (f": it stopped at line {stop.line} ({stop.code} {stop.name})"
                         if stop else "")
                return f"round {rnd.number}, event {n}: not replayed{cause}"
            before = next((events[m] for m in range(n - 1, 0, -1)
                           if m in events and events[m].type == "place"), None)
            head = f"**round {rnd.number}, event {n}: {e.seat}"
            if isinstance(ev, Knock) or e.type == "knock" or e.tile is None:
                return (f"{head} knocks**\n\nends: {_ends(before.ends if before else None)}\n\n"
                        f"totals: {_totals(sides, e.totals)} (target {target})")
            a, b = e.tile
            out = [f"{head} places {a}-{b}" + (f" at {e.end}" if e.end else "") + "**",
                   "", f"ends before: {_ends(before.ends if before else None)}", "",
                   f"ends after: {_ends(e.ends)}", "",
                   f"end total {e.end_total}, {e.placement_points} points (R6.2): "
                   f"{why[pos].get(n, '')}"]
            if e.bonus:
                out += ["", f"domino bonus: {e.bonus} (R7.1, R7.2)"]
            if e.credited:
                out += ["", f"{e.side} scores {e.event_points}: credited"]
            else:  # the totals stay as they were
                was = e.totals[sides.index(e.side)]
                out += ["", f"{e.side} would score {e.event_points}: discarded, it would "
                        f"take {e.side} from {was} past the target {target} (R8.2)"]
            out += ["", f"totals: {_totals(sides, e.totals)} (target {target})"]
            return "\n".join(out)
    if game.winner is not None and game.winner.line == line:
        final = ", ".join(f"{n} {v}" for n, v in zip(sides, rep.scores, strict=False))
        who = rep.winner or "none (no side reached the target)"
        return f"**winner: {who}**\n\ntotals: {final} (target {target})"
    return None


# --------------------------------------------------------------------------
# Code actions


def claim_fix(doc: Document, f: Finding) -> Fix | None:
    """"Use the computed value" for a wrong claim of an FTN record: the
    claimed text at the finding's place replaced by the computed value, as
    ``ftn check --fix`` writes it (``api.claim_edit``); "Write ..." for a
    slip whose message says what to write (``api.claim_edit``, and
    ``api.header_edit`` for a header tag)."""
    d = f.diagnostic
    piece = next((p for p in doc.pieces if p.how == "ftn"
                  and p.first_line <= d.line < p.first_line + len(p.lines)), None)
    e = claim_edit(doc.lines, d)
    if e is None and d.code == "FT002" and piece is not None:
        e = header_edit(piece, d, doc.settings)
    if e is None or (piece is not None and _silenced(doc, piece, d.line)):
        return None
    title = (f"Use the computed value: {d.computed} (not {d.claimed})" if d.computed
             else "Add the 'end' line" if e.text.startswith("\n") else f"Write {e.text}")
    return Fix(title, e, f)


def _silenced(doc: Document, piece: Piece, line: int) -> bool:
    """Whether a line holds a ``noqa`` comment and ``ftn check --fix`` leaves
    it as it is (a claim it silences a finding of is never edited)."""
    text = piece.lines[line - piece.first_line]
    if "noqa" not in text.lower():
        return False
    new = fix_piece(piece, doc.settings)
    return len(new) == len(piece.lines) and new[line - piece.first_line] == text


def _fixable(d: Diagnostic) -> bool:
    """Whether a finding is of a code whose claims ``ftn check --fix`` fixes."""
    entry = lookup(d.code)
    return entry is not None and entry.fixable


def has_fixes(doc: Document) -> bool:
    """Whether ``fix_all`` has something to fix: a finding of a code that
    ``ftn check --fix`` fixes, in an FTN document."""
    return any(p.how == "ftn" for p in doc.pieces) and any(
        _fixable(f.diagnostic) for f in doc.findings)


def fix_all(doc: Document) -> list[Edit]:
    """Every fix of the document, as ``ftn check --fix`` makes them (the
    claims of its fixable findings, and the totals after them that followed
    them): the pieces that hold a fixable finding fixed (``api.fix_piece``),
    an edit for each line that changed, over the characters that changed."""
    wanted = sorted(f.diagnostic.line for f in doc.findings if _fixable(f.diagnostic))
    out: list[Edit] = []
    for p in doc.pieces:
        last = p.first_line + len(p.lines)
        at = bisect_left(wanted, p.first_line)  # the first fixable finding from the piece on
        if p.how != "ftn" or at == len(wanted) or wanted[at] >= last:
            continue
        new = fix_piece(p, doc.settings)
        if len(new) != len(p.lines):  # a line added (an 'end'): the piece's lines anew
            last = p.first_line + len(p.lines) - 1
            out.append(Edit(p.first_line, 1, last, len(p.lines[-1]) + 1, "\n".join(new)))
            continue
        out += [_changed(n, old, now) for n, (old, now) in enumerate(
            zip(p.lines, new, strict=True), p.first_line) if old != now]
    return out


def _changed(line: int, old: str, new: str) -> Edit:
    """The edit of one line: its characters from the first that changed to
    the last."""
    start = 0
    while start < min(len(old), len(new)) and old[start] == new[start]:
        start += 1
    end = 0
    while end < min(len(old), len(new)) - start and old[-1 - end] == new[-1 - end]:
        end += 1
    return Edit(line, start + 1, line, len(old) - end + 1, new[start:len(new) - end])


def _fill(text: str) -> str | None:
    """A game's text with its claims filled in (``ftn fill``), or None when
    it cannot be filled."""
    try:
        return fill_text(text)
    except InputError:
        return None


def fill_fixes(doc: Document, line: int) -> list[Fix]:
    """"Fill the claims" of the game that holds a line, and of that line
    alone (when the filled game has the same lines: a record in canonical
    form), where that changes them."""
    found = doc.game_at(line)
    if found is None:
        return []
    game, number, _, lost = found
    if lost:
        return []  # (a game with lines that cannot be read cannot be filled)
    first, last = game.line, game.end_line
    crlf = doc.lines[last - 1].endswith("\r")
    old = "\n".join(ln.rstrip("\r") for ln in doc.lines[first - 1 : last]) + "\n"
    new = _fill(old)
    if new is None or new == old:
        return []
    out = [Fix(f"Fill the claims of game {number}",
               Edit(first, 1, last + 1, 1, new.replace("\n", "\r\n") if crlf else new))]
    olds, news = old.split("\n"), new.split("\n")
    i = line - first
    if len(olds) == len(news) and olds[i] != news[i]:
        here = doc.lines[line - 1].rstrip("\r")
        out.insert(0, Fix(f"Fill the claims of line {line}",
                          Edit(line, 1, line, len(here) + 1, news[i])))
    return out


# --------------------------------------------------------------------------
# Completion


@dataclass(frozen=True, slots=True)
class Item:
    """A completion: its label, what it means, and the text it writes over
    the line from its first character that is not blank to the cursor."""

    label: str
    detail: str
    text: str


_EVENT_LINE = re.compile(r"\s*(\S+)?\s*\S*$")
_KEYWORDS = ("game", "round", "deal", "result", "winner", "end")


def complete(doc: Document, line: int, col: int) -> list[Item]:
    """On an event line of a round: the seat to act, and when its hand is
    known every legal move (the tiles that fit, at the ends they fit, or a
    knock); in a blocked round, the knock that may still show the block."""
    if not 1 <= line <= len(doc.lines):
        return []
    current = doc.lines[line - 1][: col - 1]
    if current.strip() and not _EVENT_LINE.fullmatch(current):
        return []
    first = current.split()[0] if current.split() else ""
    if first in _KEYWORDS or first.startswith(("[", "#")):
        return []  # a deal, round, result... line, a tag, a comment: not an event
    start = next((n for n in range(line - 1, 0, -1)
                  if doc.lines[n - 1].lstrip().startswith("game")), None)
    if start is None:
        return []
    head = doc.lines[start - 1 : line - 1]
    if any(s.strip() == "end" for s in head[1:]) or not any(
            s.lstrip().startswith("round") for s in head):
        return []
    reads = list(piece_games(Piece(doc.source, "ftn", [*head, "end"], start)))
    game = reads[0][0] if len(reads) == 1 else None
    if game is None or not game.rounds or game.rounds[-1].result is not None:
        return []
    next_ = turn(game, 1, doc.source)
    if next_ is None:
        return []
    seat = next_.seat
    if next_.blocked:  # the knocks that show the block may follow (R7.5)
        return [Item(seat, f"{seat} to knock (the round is blocked)", seat + " "),
                Item(f"{seat} knock", "the knock that shows the block (R7.5)", f"{seat} knock")]
    items = [Item(seat, f"{seat} to play", seat + " ")]
    if next_.moves is None:
        return items  # its hand is not known: which tiles fit is not known either
    for m in next_.moves:
        if m.tile is None:
            items.append(Item(f"{seat} knock", f"{seat} holds no tile that fits (R4.3)",
                              f"{seat} knock"))
            continue
        a, b = m.tile
        where = f" {m.end}" if m.end else ""
        items.append(Item(f"{seat} {a}-{b}{where}", f"{seat} places {a}-{b}" + (
            f" at the {'left' if m.end == 'L' else 'right'} end" if m.end else " (the lead)"),
            f"{seat} {a}-{b}{where}"))
    return items


# --------------------------------------------------------------------------
# Outline and folding


@dataclass(frozen=True, slots=True)
class Span:
    """An entry of the outline: its name and detail, its lines (``first``
    to ``last``, 1-based, both included) and the entries inside it."""

    name: str
    detail: str
    first: int
    last: int
    children: tuple[Span, ...] = ()


def _round_last(r: Round) -> int:
    """The last line of a round: that of its result, event or deal."""
    lines = [r.line, *(d.line for d in r.deals), *(e.line for e in r.events)]
    return max(lines + ([r.result.line] if r.result is not None else []))


def _players(g: Game) -> str:
    """A game's seats and players, and its event, as its tags give them."""
    seats = [" ".join(t.values) for t in g.tags if t.key == "seat"]
    event = next((t.values[0] for t in g.tags if t.key == "event" and t.values), "")
    return "; ".join(x for x in (", ".join(seats), event) if x)


def _game_last(doc: Document, g: Game) -> int:
    """The last line of a game in the document: its 'end' line; of a game
    without one (the last game while it is typed, or one that the next
    'game' line cuts short), the last line that is not blank before the
    text's end or that next game."""
    last = min(g.end_line, len(doc.lines))
    if last > g.line and doc.lines[last - 1].split()[:1] == ["game"]:
        last -= 1  # the next game's line, where the reader ended this one
    while last > g.line and not doc.lines[last - 1].strip():
        last -= 1
    return last


def outline(doc: Document) -> list[Span]:
    """The games of an FTN document that a check judges (one with a line
    being typed too, or without its 'end' line), each from its 'game' line
    to its last (``_game_last``), with its rounds (from the 'round' line to
    the round's last line). A JSON document has none."""
    out = []
    for p in doc.pieces:
        if p.how != "ftn":
            continue
        for g, number, _ in piece_judged(p):
            rounds = tuple(Span(f"round {r.number}", f"opener {r.opener}", r.line,
                                _round_last(r)) for r in g.rounds)
            out.append(Span(f"game {number}", _players(g), g.line, _game_last(doc, g), rounds))
    return out


def folds(doc: Document) -> list[tuple[int, int, bool]]:
    """The ranges of lines that fold (first, last, whether it is a comment
    block), in order of their first line: each game and round of the
    outline, and each run of two or more comment lines."""
    out = [(s.first, s.last, False) for g in outline(doc) for s in (g, *g.children)
           if s.last > s.first]
    run = 0
    for n, text in enumerate([*doc.lines, ""], 1):
        if text.lstrip().startswith("#"):
            run += 1
            continue
        if run >= 2:
            out.append((n - run, n - 1, True))
        run = 0
    return sorted(out)


def fixes(doc: Document, line: int, end_line: int, shown: int | None = None) -> list[Fix]:
    """The code actions for a range of lines: the computed value of each
    wrong claim in it (of the first ``shown`` findings of the document, those
    the editor shows: an action names its diagnostic), and the filled claims
    of the game at its start."""
    findings = doc.findings if shown is None else doc.findings[:shown]
    out = [fx for f in findings if line <= f.diagnostic.line <= end_line
           for fx in [claim_fix(doc, f)] if fx is not None]
    return out + fill_fixes(doc, line)


__all__ = ["Fix", "Item", "Span", "claim_fix", "complete", "explain", "fill_fixes",
           "fix_all", "fixes", "folds", "has_fixes", "hover", "outline", "word_at"]
