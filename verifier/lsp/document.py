"""One open document of the editor: its text in pieces of whole games, the
findings of each piece kept until that piece's text changes.

Boundary: the language server's model of a text, over the public library
(``verifier.api``). It cuts the text at every game boundary
(``api.pieces``), so that a piece checked alone gives exactly the findings
that checking the whole file gives (each piece is checked as ``ftn check``
checks its pieces); it checks a piece only when the piece's own text (or
its first game's number) changed, and moves the findings of the others to
their new lines. Every check goes through ``api.check_piece``, under the
settings of the record's folder (``use``). It also finds, for a finding
that names another event (the later play that proves a knock illegal, the
earlier placement of a tile), that event's place, and the game that holds
a given line. A text too large to check as it is typed (more than
``MAX_CHARS`` characters, ``MAX_LINES`` lines or ``MAX_PIECES`` pieces) is
one finding that says so. It knows nothing of the protocol
(``lsp.server`` does) and does no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace

from notation import Game, Placement, Round
from verifier import Piece, Settings
from verifier.api.editor import piece_games, piece_judged, pieces
from verifier.api.findings import check_piece, no_games
from verifier.diagnostics import Diagnostic, Name
from verifier.lsp.text import LineMap

#: A document longer than this is not checked as it is typed (it is a
#: diagnostic instead): ``ftn check`` on the command line reads any size.
MAX_CHARS = 4 << 20
#: Nor one of more lines than this (the editor's lines: a lone "\r" ends
#: one too), or of more pieces (games; JSON Lines
#: lines): the work of a check grows with them, not only with the characters
#: (a JSON Lines text of two million "{}" lines is under ``MAX_CHARS``).
MAX_LINES = 250_000
MAX_PIECES = 5_000
#: Pieces kept that the current text no longer holds (for undo and redo).
KEEP = 64


@dataclass(frozen=True, slots=True)
class Related:
    """Another place a finding names: its line and column (1-based) and why."""

    line: int
    col: int
    message: str


@dataclass(frozen=True, slots=True)
class Finding:
    """A diagnostic of ``ftn check`` with the other places it names."""

    diagnostic: Diagnostic
    related: tuple[Related, ...] = ()


@dataclass
class _Checked:
    """The findings of one piece, at the lines of a piece that starts at
    line ``base`` (1, or 2 for any piece after the first), and its games."""

    base: int
    findings: list[Finding]
    games: int  # the highest game number it reached


def split_lines(text: str) -> tuple[list[str], bool]:
    """A text's lines as ``ftn check`` reads a file (``text.split("\\n")``,
    a "\\r" kept), and whether a BOM was dropped from its start."""
    bom = text.startswith("\ufeff")
    return (text[1:] if bom else text).split("\n"), bom


class Document:
    """The findings of one text, kept between edits (see the module doc)."""

    def __init__(self, source: str = "<input>") -> None:
        self.source = source  # its file name: the kind follows the extension
        self.text = ""
        self.lines: list[str] = []
        self.pieces: list[Piece] = []
        self.findings: list[Finding] = []
        self.checked = 0  # pieces checked by the last update (the others were kept)
        self.refused = False  # the text is not checked (too large, or not text)
        self.games = 0  # the highest game number the last check reached
        self.map = LineMap([""])  # the reader's lines and the protocol's
        self._cache: dict[tuple[str, str, int, bool], _Checked] = {}
        self.settings: Settings | None = None  # those of the record's folder (None: defaults)

    def use(self, settings: Settings | None) -> None:
        """Judge by these settings from now on (the pieces checked under
        others are checked again)."""
        if settings != self.settings:
            self.settings, self._cache = settings, {}

    def too_large(self, size: int) -> list[Finding]:
        """A text of ``size`` characters over ``MAX_CHARS``: not checked."""
        return self._refuse(_too_large(f"{size:,} characters", f"{MAX_CHARS:,}", self.source))

    def _refuse(self, why: Diagnostic) -> list[Finding]:
        """The text is not checked (nor split: nothing of it is asked for)."""
        self.text, self.lines, self.pieces, self._cache = "", [], [], {}
        self.map, self.refused, self.games = LineMap([""]), True, 0
        self.findings = [Finding(why)]
        return self.findings

    def update(self, text: str) -> list[Finding]:
        """Check a new text of the document; the findings of ``ftn check``."""
        if len(text) > MAX_CHARS:
            return self.too_large(len(text))
        lines = text.count("\n") + 1
        if "\r" in text:  # the editor's lines: a lone "\r" ends one too
            lines += text.count("\r") - text.count("\r\n")
        if lines > MAX_LINES:  # refused before the text is split (it can be millions)
            return self._refuse(_too_large(f"{lines:,} lines", f"{MAX_LINES:,}", self.source))
        self.text = text
        self.lines, bom = split_lines(text)
        self.map = LineMap(self.lines, "\r" in text)
        refused = _refused(text, self.source)
        self.pieces = [] if refused is not None else pieces(self.lines, self.source)
        if refused is None and len(self.pieces) > MAX_PIECES:
            held = sum(1 for p in self.pieces if any(s.strip() for s in p.lines))
            if held > MAX_PIECES:
                refused = _too_large(f"{held:,} games (or JSON lines)", f"{MAX_PIECES:,}",
                                     self.source)
        self.refused = refused is not None
        if refused is not None:
            self.pieces, self._cache, self.games = [], {}, 0
            self.findings = [Finding(refused)]
            return self.findings
        found, games = self._check_all()
        if bom:  # ftn check reads the text without its BOM: columns of line 1 move
            found = [_moved(f, 0, 1) if f.diagnostic.line == 1 else f for f in found]
        if games == 0 and not found:
            empty = no_games(self.source, self.settings)
            if empty is not None:
                found.append(Finding(empty))
        self.findings, self.games = found, games
        return found

    def _check_all(self) -> tuple[list[Finding], int]:
        """The findings of every piece (those of a piece seen before kept),
        and the highest game number reached."""
        cache = self._cache
        found: list[Finding] = []
        games = 0
        self.checked = 0
        for p in self.pieces:
            key = (p.how, "\n".join(p.lines), p.first_game, p.first_line == 1)
            done = cache.pop(key, None)
            if done is None:
                done = self._check(p)
                self.checked += 1
            cache[key] = done  # the most recently used last
            games = max(games, done.games)
            shift = p.first_line - done.base
            found.extend(_moved(f, shift) for f in done.findings)
        # Kept besides the pieces of this text: those of the texts before it,
        # the least recently used dropped first (an undo finds its pieces).
        for stale in list(cache)[: max(0, len(cache) - len(self.pieces) - KEEP)]:
            del cache[stale]
        return found, games

    def _check(self, p: Piece) -> _Checked:
        base = 1 if p.first_line == 1 else 2
        at = replace(p, first_line=base)
        found, games = check_piece(at, self.settings)
        findings = [Finding(d, related(at, d) if _names_another(d) else ()) for d in found]
        return _Checked(base, findings, games)

    # -- places --------------------------------------------------------------

    def piece_at(self, line: int) -> Piece | None:
        """The piece that holds line ``line`` (1-based)."""
        for p in self.pieces:
            if p.first_line <= line < p.first_line + len(p.lines):
                return p
        return None

    def game_at(self, line: int) -> tuple[Game, int, Piece, tuple[int, ...]] | None:
        """The record of the FTN game that holds line ``line`` (from its
        'game' line to its 'end' line), its number, its piece, and the lines
        of it that could not be read (a game with syntax errors is read
        without them, as ``ftn check`` judges it); None outside a game or in
        one that cannot be judged."""
        p = self.piece_at(line)
        if p is None or p.how != "ftn":
            return None
        for g, number, lost in piece_judged(p):
            if g.line <= line <= g.end_line:
                return g, number, p, lost
        return None


_SURROGATE = re.compile("[\ud800-\udfff]")


def _too_large(what: str, limit: str, source: str) -> Diagnostic:
    return Diagnostic(
        "", "too-large", "error",
        f"this document holds {what}, more than the editor's limit of {limit}: it is too "
        f"large to check as it is typed; run 'ftn check {source}'", 1, 1, 0, source=source)


def _refused(text: str, source: str) -> Diagnostic | None:
    """Why a text is not checked as it is typed: not text (what an editor
    hands over for bytes that are not UTF-8); else None."""
    bad = _SURROGATE.search(text)
    if bad is not None:
        line = text.count("\n", 0, bad.start()) + 1
        col = bad.start() - (text.rfind("\n", 0, bad.start()) + 1) + 1
        return Diagnostic(
            "", "not-utf8", "error",
            "not UTF-8: this document holds bytes that are not UTF-8 text (as 'ftn check' "
            "says of the file); save it as UTF-8", line, col, 0, source=source)
    return None


def _moved(f: Finding, lines: int, cols: int = 0) -> Finding:
    if not lines and not cols:
        return f
    d = f.diagnostic
    return Finding(
        replace(d, line=d.line + lines, col=d.col + cols),
        tuple(Related(r.line + lines, r.col, r.message) for r in f.related))


_EVENT = re.compile(r"\bevent (\d+)(?: of round (\d+))?\b")
_HOLDER = re.compile(r"\((\S+) does\)")


def _names_another(d: Diagnostic) -> bool:
    return d.name in (Name.KNOCK_WHILE_ABLE, Name.TILE_NOT_IN_HAND) or (
        d.event is not None and _EVENT.search(d.message) is not None)


def related(piece: Piece, d: Diagnostic) -> tuple[Related, ...]:
    """The other places a finding names: the events its message cites
    ("later (event 8) plays 3-2", "already placed at event 2"), else for a
    knock while able the hand that held the tile, for a tile not in hand the
    hand that holds it."""
    if piece.how != "ftn":
        return ()
    found = _round_at(piece, d.line)
    if found is None:
        return ()
    game, rnd = found
    out: list[Related] = []
    for m in _EVENT.finditer(d.message):
        n, other = int(m.group(1)), m.group(2)
        named = rnd if other is None else next(
            (r for r in game.rounds if str(r.number) == other), None)
        if named is None or (named is rnd and n == d.event) or not 1 <= n <= len(named.events):
            continue
        ev = named.events[n - 1]
        what = (f"{ev.seat} plays {ev.tile[0]}-{ev.tile[1]}" if isinstance(ev, Placement)
                else f"{ev.seat} knocks")
        where = "" if named is rnd else f" of round {named.number}"
        out.append(Related(ev.line, ev.col, f"event {n}{where}: {what}"))
    if not out:
        seat = None
        if d.name == Name.KNOCK_WHILE_ABLE:
            knock = next((e for e in rnd.events if e.line == d.line), None)
            seat = knock.seat if knock is not None else None
        elif d.name == Name.TILE_NOT_IN_HAND:
            h = _HOLDER.search(d.message)
            seat = h.group(1) if h else None
        deal = next((x for x in rnd.deals if x.seat == seat), None)
        if deal is not None:
            out.append(Related(deal.line, deal.col, f"the hand dealt to {seat}"))
    return tuple(out)


def _round_at(piece: Piece, line: int) -> tuple[Game, Round] | None:
    for g in _games(piece):
        rounds = [r for r in g.rounds if r.line <= line]
        if g.line <= line <= g.end_line and rounds:
            return g, rounds[-1]
    return None


def _games(piece: Piece) -> Iterator[Game]:
    for g, _ in piece_games(piece):
        if g is not None:
            yield g
