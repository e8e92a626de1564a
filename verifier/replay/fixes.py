"""Fixes: the edit that writes a wrong claim's computed value in place of
the claim, on the record's own line, and the text a slip's message says to
write.

Boundary: from the lines of an FTN text and the findings of its check
(``Diagnostic``: the claimed and the computed text, the place of the
claim), the edits that fix them (``claim_edit``, ``claim_edits``) and the
lines with the edits applied (``apply``). A claim is fixed only when its
code is marked fixable in the registry (``Code.fixable``: a claim, never a
move), it is about FTN text (no JSON Pointer), its computed value has the
form of the claim it replaces, and the claim read at the finding's column
(the reader's place of it: ``claim_span``, never a search of the line) is
the claimed one; anything else is left as it is. A syntax error whose
message says what to write is fixed by that text (``syntax_edit``: the
reader's diagnosis of the line, ``ftn.diagnose.proposal``), a game without
its 'end' line by one (``end_edit``: the one edit that adds a line), a
header tag by its close match (``tag_edit``: the tag read again at its
column). It checks nothing (the check job does, again after the fixes:
``pipeline.jobs.fixes``), reads no file and writes none.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass

from notation.ftn.diagnose import diagnose_line, proposal
from notation.model import Game, Knock, Placement, Round, TotalsClaim
from verifier.diagnostics import Diagnostic, Name, lookup
from verifier.replay.observers import Observer
from verifier.rules.game import GameState, Stepper
from verifier.rules.illegal import IllegalMoveError
from verifier.rules.scoring import Placed, Scored

__all__ = ["ClaimEdit", "Edit", "Totals", "apply", "claim_edit", "claim_edits", "claim_span",
           "disjoint", "drift_edits", "end_edit", "fixable", "syntax_edit", "tag_edit"]


@dataclass(frozen=True, slots=True)
class Edit:
    """Replace the text from (line, col) to (end_line, end_col) (1-based,
    the end excluded) by ``text``."""

    line: int
    col: int
    end_line: int
    end_col: int
    text: str


@dataclass(frozen=True, slots=True)
class ClaimEdit:
    """The edit of one claim and the findings it fixes (two findings may be
    about one claim: a points claim whose placement points and bonus are
    both wrong)."""

    edit: Edit
    findings: tuple[Diagnostic, ...]


# The forms a computed value is written in, by the kind of claim: an end
# total, points (``+P``, ``+P+B``, ``over+P``...), totals, a round's outcome
# (``target`` alone: SPEC §6 names no seat after it), a winner (a side, or
# ``none``).
_END_TOTAL = r"\d+"
_POINTS = r"(?:over)?\+\d+(?:\+\d+)?"
_TOTALS = r"\(\d+(?:,\d+)*\)"
_SEAT = r"[A-Za-z][A-Za-z0-9_]*"
_FORMS: dict[str, re.Pattern[str]] = {
    Name.END_TOTAL_MISMATCH: re.compile(_END_TOTAL),
    Name.POINTS_MISMATCH: re.compile(_POINTS),
    Name.BONUS_MISMATCH: re.compile(_POINTS),
    Name.BONUS_SPLIT: re.compile(_POINTS),
    Name.WRONGLY_DISCARDED: re.compile(_POINTS),
    Name.OVERSHOOT_ACCEPTED: re.compile(f"{_POINTS}|{_TOTALS}"),
    Name.TOTAL_MISMATCH: re.compile(_TOTALS),
    Name.RESULT_MISMATCH: re.compile(f"blocked|target|domino {_SEAT}"),
    Name.WINNER_MISMATCH: re.compile(f"{_SEAT}(?:\\+{_SEAT})*"),
}

# The claims as the grammar writes them (``ftn.lark``'s END_TOTAL, POINTS,
# TOTALS; the outcome of a RESULT line, the side of a WINNER line), matched
# at the column the reader recorded for the claim (a claim's own column; a
# result's or a winner's, that of its line's first word): group 1 is what an
# edit replaces.
_AT_END_TOTAL = re.compile(r"=([0-9]+)(?![0-9])")
_AT_POINTS = re.compile(r"((?:over)?\+[0-9]+(?:\+[0-9]+)?)(?![0-9+])")
_AT_TOTALS = re.compile(r"(\([0-9]+(?:,[0-9]+)*\))")
_AT_RESULT = re.compile(rf"result[ \t]+(blocked|target|domino[ \t]+{_SEAT})(?![A-Za-z0-9_])")
_AT_WINNER = re.compile(rf"winner[ \t]+({_SEAT}(?:\+{_SEAT})*)(?![A-Za-z0-9_+])")
_NUMBER = re.compile(r"[0-9]+")

#: What ``ftn check`` says of the totals claimed after a round cut short, which
#: the replay adopts (``replay.judge``): the points the round lost are not
#: known, so the computed totals are no fix.
ADOPTED = "the round before was cut short"


def fixable(d: Diagnostic) -> bool:
    """Whether a finding can be fixed by writing its computed value: a
    claim of a fixable code, in FTN text, whose computed value has the form
    of its claim."""
    entry = lookup(d.code)
    if entry is None or not entry.fixable or d.pointer is not None:
        return False
    if d.claimed is None or d.computed is None or d.claimed == d.computed:
        return False
    form = _FORMS.get(d.name)
    if form is None or not form.fullmatch(d.computed):
        return False
    return not (d.name == Name.TOTAL_MISMATCH and ADOPTED in d.message)


def _token(d: Diagnostic) -> re.Pattern[str]:
    """The shape of the claim a finding is about, as it stands at its column."""
    if d.name == Name.END_TOTAL_MISMATCH:
        return _AT_END_TOTAL
    if d.name == Name.RESULT_MISMATCH:
        return _AT_RESULT
    if d.name == Name.WINNER_MISMATCH:
        return _AT_WINNER
    return _AT_TOTALS if (d.claimed or "").startswith("(") else _AT_POINTS


def written(text: str, words: bool = False) -> str:
    """A claim's text as the check quotes it: numbers without leading zeros
    (``=010``'s 10); ``words`` (a result's, a winner's: seats may hold
    digits), one space apart (``domino  N``'s ``domino N``)."""
    if words:
        return " ".join(text.split())
    return _NUMBER.sub(lambda m: str(int(m.group())), text)


def claim_span(line: str, d: Diagnostic) -> tuple[int, int] | None:
    """Where the claim of a finding stands on its line (0-based, the end
    excluded): the claim read at the finding's column, the reader's place of
    it, never searched for; None when the text there is not that claim."""
    token = _token(d)
    m = token.match(line, max(d.col - 1, 0))
    if m is None or written(m.group(1), token in (_AT_RESULT, _AT_WINNER)) != d.claimed:
        return None
    return m.start(1), m.end(1)


def claim_edit(lines: Sequence[str], d: Diagnostic, first_line: int = 1) -> Edit | None:
    """The edit that writes a fixable finding's computed value in place of
    its claimed text (``lines`` from line ``first_line`` on); None when it
    is not fixable or the claimed text is not at its place."""
    if not fixable(d) or not first_line <= d.line < first_line + len(lines):
        return None
    assert d.computed is not None
    span = claim_span(lines[d.line - first_line], d)
    if span is None:
        return None
    return Edit(d.line, span[0] + 1, d.line, span[1] + 1, d.computed)


# ---------------------------------------------------------------------------
# Slips whose message says what to write: a syntax error's proposal, the
# 'end' line a game lacks, a header tag's close match.

#: What the reader says of a game without its 'end' line: where the next
#: game starts, or where the text ends.
NO_END = ("a new game starts before this one has its 'end' line", "the file ends inside a game")


def _bare(text: str) -> str:
    return text[:-1] if text.endswith("\r") else text


def syntax_edit(lines: Sequence[str], d: Diagnostic, first_line: int = 1) -> Edit | None:
    """The edit of a syntax error whose message says what to write (the
    reader's own diagnosis of the line, ``ftn.diagnose.proposal``, at the
    finding's column and with its message), or of a game without its 'end'
    line (``end_edit``); None for any other finding."""
    if d.name != Name.SYNTAX_ERROR or d.pointer is not None:
        return None
    if d.message.startswith(NO_END):
        return end_edit(lines, d, first_line)
    if not first_line <= d.line < first_line + len(lines):
        return None
    text = _bare(lines[d.line - first_line])
    edit = proposal(text)
    if edit is None or edit[0] != d.col - 1 or diagnose_line(text)[1] != d.message:
        return None
    return Edit(d.line, edit[0] + 1, d.line, edit[1] + 1, edit[2])


def end_edit(lines: Sequence[str], d: Diagnostic, first_line: int = 1) -> Edit | None:
    """The 'end' line a game lacks, after its last line (the blank and
    comment lines before the next game, or the end of the text, are not
    the game's): an edit that adds a line (in the line ends of the line
    before it)."""
    at = d.line - first_line  # the next game's 'game' line, or the end of the text
    j = min(at if d.message.startswith(NO_END[1]) else at - 1, len(lines) - 1)
    while j >= 0 and (not lines[j].strip() or lines[j].lstrip().startswith("#")):
        j -= 1
    if j < 0:
        return None
    text = lines[j]
    end = len(text) + 1
    return Edit(first_line + j, end, first_line + j, end,
                "\nend" + ("\r" if text.endswith("\r") else ""))


_KEY_AT = re.compile(r"\[[ \t]*([A-Za-z0-9_-]+)")
_STRING_AT = re.compile(r'[ \t]*("(?:[^"\\]|\\.)*")')


def tag_edit(line: str, number: int, col: int, index: int, word: str) -> Edit | None:
    """The edit that writes ``word`` as the name (``index`` -1) or the value
    at ``index`` of the header tag read at column ``col`` of line
    ``number``: the tag read again there, a value written as a JSON string."""
    m = _KEY_AT.match(line, col - 1)
    if m is None:
        return None
    span = m.span(1)
    for _ in range(index + 1):
        m = _STRING_AT.match(line, m.end())
        if m is None:
            return None
        span = m.span(1)
    text = word if index < 0 else json.dumps(word, ensure_ascii=False)
    return Edit(number, span[0] + 1, number, span[1] + 1, text)


def claim_edits(lines: Sequence[str], found: Sequence[Diagnostic],
                first_line: int = 1) -> list[ClaimEdit]:
    """The edits that fix the fixable findings among ``found``, in order of
    place: one a claim (the findings about one claim share it); an edit that
    overlaps another on its line is left for later (a check after the
    first edits finds what it is about again)."""
    by_span: dict[tuple[int, int, int], tuple[Edit, list[Diagnostic]]] = {}
    for d in found:
        e = claim_edit(lines, d, first_line) or syntax_edit(lines, d, first_line)
        if e is None:
            continue
        key = (e.line, e.col, e.end_col)
        if key not in by_span:
            by_span[key] = (e, [d])
        elif by_span[key][0].text == e.text:
            by_span[key][1].append(d)
    kept = set(disjoint([e for e, _ in by_span.values()]))
    return [ClaimEdit(e, tuple(ds)) for e, ds in sorted(by_span.values(), key=_place)
            if e in kept]


def _place(item: tuple[Edit, list[Diagnostic]]) -> tuple[int, int]:
    return item[0].line, item[0].col


def disjoint(edits: Sequence[Edit]) -> list[Edit]:
    """The edits in order of place, each once, less those that overlap an
    edit before them on their line."""
    out: list[Edit] = []
    for e in sorted(set(edits), key=lambda e: (e.line, e.col, e.end_col, e.text)):
        if out and out[-1].line == e.line and e.col < out[-1].end_col:
            continue
        out.append(e)
    return out


def apply(lines: Sequence[str], edits: Sequence[Edit], first_line: int = 1) -> list[str]:
    """The lines (from line ``first_line`` on) with the edits made; edits of
    one line each, none overlapping another (an edit whose text holds a line
    end adds a line)."""
    out = list(lines)
    for e in sorted(edits, key=lambda e: (e.line, e.col), reverse=True):
        i = e.line - first_line
        text = out[i]
        out[i] = text[: e.col - 1] + e.text + text[e.end_col - 1:]
    if any("\n" in e.text for e in edits):
        return "\n".join(out).split("\n")
    return out


# ---------------------------------------------------------------------------
# The totals after a wrong one: what the check passes over.


#: A totals claim as the replay met it: its line and column, the totals
#: claimed and those computed there.
Seen = tuple[int, int, tuple[int, ...], tuple[int, ...]]


class Totals(Observer):
    """Every totals claim of a game, in the order the replay judges them
    (placements, knocks, a round's result, the winner), with the totals
    computed there; None where the replay leaves a gap (an illegal move, a
    round that stops or is not over: what follows is judged from other
    totals)."""

    def __init__(self, game: Game) -> None:
        self.seen: list[Seen | None] = []
        self.state: GameState | None = None
        w = game.winner
        self.winner = None if w is None or w.totals is None else (w.line, w.totals)

    def _claim(self, line: int, claim: TotalsClaim | None, scores: list[int]) -> None:
        if claim is not None:
            self.seen.append((line, claim.col, claim.values, tuple(scores)))

    def round_started(self, index: int, rnd: Round, step: Stepper) -> None:
        self.state = step.game

    def knocked(self, n: int, ev: Knock, seat: int, step: Stepper) -> None:
        self._claim(ev.line, ev.totals, step.game.scores)

    def placed(self, n: int, ev: Placement, placed: Placed, scored: Scored,
               step: Stepper) -> None:
        self._claim(ev.line, ev.totals, step.game.scores)

    def illegal(self, n: int, ev: Placement | Knock, error: IllegalMoveError,
                step: Stepper) -> None:
        self.seen.append(None)

    def round_ended(self, index: int, rnd: Round, step: Stepper | None,
                    completed: bool) -> None:
        if completed and step is not None and rnd.result is not None:
            self._claim(rnd.result.line, rnd.result.totals, step.game.scores)
        if not completed or step is None or not step.over:
            self.seen.append(None)

    def game_ended(self) -> None:
        if self.winner is not None and self.state is not None:
            self._claim(self.winner[0], self.winner[1], self.state.scores)


def _totals(text: str) -> tuple[int, ...] | None:
    if not _FORMS[Name.TOTAL_MISMATCH].fullmatch(text):
        return None
    return tuple(int(v) for v in text[1:-1].split(","))


def _written(values: tuple[int, ...]) -> str:
    return "(" + ",".join(str(v) for v in values) + ")"


def drift_edits(lines: Sequence[str], d: Diagnostic, seen: Sequence[Seen | None],
                first_line: int = 1) -> list[Edit]:
    """The totals claims after a wrong one (``d``, a fixable finding of
    totals) that are off by as much as it is, side by side: the check
    passes over them (they are wrong only because of it, R8.5), and once
    ``d`` is fixed they are wrong; their edits, up to the first claim that
    is off otherwise (or right) or a gap of the replay (``Totals``)."""
    claimed, computed = _totals(d.claimed or ""), _totals(d.computed or "")
    if not fixable(d) or claimed is None or computed is None or len(claimed) != len(computed):
        return []
    off = tuple(a - b for a, b in zip(claimed, computed, strict=True))
    at = next((i for i, s in enumerate(seen) if s is not None and s[0] == d.line), None)
    out: list[Edit] = []
    for s in seen[at + 1:] if at is not None else ():
        if s is None or len(s[2]) != len(off) or tuple(
                a - b for a, b in zip(s[2], s[3], strict=True)) != off:
            break
        line, col, was, now = s
        if not first_line <= line < first_line + len(lines):
            break
        m = _AT_TOTALS.match(lines[line - first_line], max(col - 1, 0))
        if m is None or written(m.group(1)) != _written(was):
            break
        out.append(Edit(line, m.start(1) + 1, line, m.end(1) + 1, _written(now)))
    return out
