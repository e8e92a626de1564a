"""An editor's open text (what the language server asks): its pieces of whole
games, a finding's fix of a claim, the games of a piece, a game's trace,
the seat to act.

Boundary: part of ``verifier.api``; imports ``files``, ``replay``,
``rules`` and the check job.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from verifier.files.formats import pieces as pieces_of
from verifier.files.formats import read_lines, sniff
from verifier.files.pieces import Piece, ftn_pieces_at_game_ends
from verifier.replay.fixes import claim_edit as edit
from verifier.replay.fixes import syntax_edit
from verifier.replay.game import final_position
from verifier.replay.observers import Observer
from verifier.replay.reference import trace_game
from verifier.rules.start import judged_setup

if TYPE_CHECKING:
    from notation.model import Game, Placement, Round
    from verifier.diagnostics import Diagnostic
    from verifier.replay.fixes import Edit
    from verifier.replay.reference import ReplayedRound
    from verifier.rules.game import Stepper
    from verifier.rules.moves import Move
    from verifier.rules.scoring import Placed, Scored
    from verifier.rules.start import Setup

__all__ = [
    "GameTrace", "Turn", "claim_edit", "piece_games", "piece_judged", "pieces", "trace", "turn",
]


def pieces(lines: list[str], name: str = "<input>") -> list[Piece]:
    """A text's lines (``text.split("\\n")``, without a BOM) in pieces that
    each give, checked alone (``check_piece``), the findings that checking
    the whole text gives, each with the numbers of its first line and game:
    JSON as ``ftn check`` cuts it (a piece a JSON Lines line; a JSON
    document whole), FTN before every 'game' line whose last line before
    it, blank lines and comments aside, is an 'end' line. (``ftn check``
    does not cut where comments stand between two games, because ``ftn
    fmt`` and ``ftn convert`` give them to the game after; no comment ever
    makes a finding, so a check may cut there.) The kind of the text
    follows ``name``'s extension, else its first characters."""
    how, _ = sniff(lines, name)
    if how != "ftn":
        return list(pieces_of(lines, name, size=1))
    return ftn_pieces_at_game_ends(lines, name)


def claim_edit(lines: Sequence[str], finding: Diagnostic) -> Edit | None:
    """The edit that fixes one finding of a text's ``lines`` as ``ftn check
    --fix`` fixes it: the computed value in place of the claimed text, on
    its line, or the text a syntax error's message says to write (a missing
    'end' line: an edit whose text starts with a line end); 1-based lines
    and columns, the end excluded; None when the finding is not of a
    fixable claim (``ftn codes`` marks them) or its claim is not at its
    place, or its message proposes no one text."""
    return edit(lines, finding) or syntax_edit(lines, finding)


def piece_games(piece: Piece) -> Iterator[tuple[Game | None, int]]:
    """The records of a piece as they are read, at the piece's own lines,
    each with its number in the input (None for a game that cannot be
    read: ``check_piece`` says why)."""
    for r in read_lines(piece.lines, piece.source, piece.how, piece.first_line,
                        piece.first_game):
        yield r.game, r.number


def piece_judged(piece: Piece) -> Iterator[tuple[Game, int, tuple[int, ...]]]:
    """The records of a piece that a check judges, at the piece's own lines,
    each with its number in the input and the lines of it that could not be
    read (none for a game read whole; for a game read in spite of syntax
    errors, the game without them, as ``ftn check`` judges it: a round's
    replay ends at its first such line)."""
    for r in read_lines(piece.lines, piece.source, piece.how, piece.first_line,
                        piece.first_game):
        if r.game is not None:
            yield r.game, r.number, ()
        elif r.damaged is not None:
            yield r.damaged, r.number, r.lost


class GameTrace:
    """The reference replay of one record as an editor shows it (``trace``).

    ``rounds``: each round replayed, in play order, as the replay traced it
    (``ReplayedRound``: its events, each with its ends, end total, points,
    bonus, whether credited and the totals after it; its result, None when
    the replay did not reach the round's end); ``why``: for each
    of those rounds, the arithmetic of each placement's points by event
    number, as the checker's messages give it; ``sides``, ``target``; the
    final ``scores`` and ``winner``; ``stopped``: the finding at which the
    replay stopped (an illegal move), or None.

    A plain class (not a dataclass, whose making at import would cost a
    one-game check what the editor's types are never used for there)."""

    __slots__ = ("rounds", "scores", "sides", "stopped", "target", "why", "winner")

    def __init__(self, sides: tuple[str, ...], target: int, rounds: tuple[ReplayedRound, ...],
                 why: list[dict[int, str]], scores: tuple[int, ...], winner: str | None,
                 stopped: Diagnostic | None) -> None:
        self.sides, self.target, self.rounds, self.why = sides, target, rounds, why
        self.scores, self.winner, self.stopped = scores, winner, stopped


def trace(game: Game, number: int = 1, name: str = "<input>", lost: Sequence[int] = ()
          ) -> GameTrace | None:
    """The reference replay of one record (``ftn replay``'s trace: after an
    illegal move, the next round from the totals its record implies) with
    the arithmetic of its points; ``lost``: the lines of a record read in
    spite of syntax errors that could not be read (``piece_judged``); None
    when its header cannot be read (a header whose tag names are misspelt is
    read with the names meant, as the check reads it)."""
    setup = judged_setup(game)  # (tag names misspelt: those meant, as the check judges it)
    if setup is None:
        return None
    why, arithmetic = _arithmetic(setup)
    rep, traced = trace_game(game, number, name, None, lost, [why])
    if rep.setup is None:
        return None
    return GameTrace(rep.setup.side_names, rep.setup.rules.target, traced, arithmetic,
                     rep.scores, rep.winner, rep.stopped)


def _arithmetic(setup: Setup) -> tuple[Observer, list[dict[int, str]]]:
    """An observer of the replay that keeps the arithmetic of every
    placement's points (``Placed.why``), by round and event, and what it
    keeps."""
    rules = setup.rules
    rounds: list[dict[int, str]] = []

    class Why(Observer):
        def round_started(self, index: int, rnd: Round, step: Stepper) -> None:
            rounds.append({})

        def placed(self, n: int, ev: Placement, placed: Placed, scored: Scored,
                   step: Stepper) -> None:
            rounds[-1][n] = placed.why(rules.divisors)

    return Why(), rounds


class Turn:
    """Who acts after the last event of a record (``turn``): ``seat``, and
    ``moves``, its legal moves (a placement at each end its tile fits, or a
    knock), None when its hand is not known; ``blocked``: the round is
    blocked and ``seat``'s knock may still show the block (R7.5; no
    ``moves``). A plain class, as ``GameTrace`` is."""

    __slots__ = ("blocked", "moves", "seat")

    def __init__(self, seat: str, blocked: bool, moves: tuple[Move, ...] | None) -> None:
        self.seat, self.blocked, self.moves = seat, blocked, moves


def turn(game: Game, number: int = 1, name: str = "<input>") -> Turn | None:
    """Who acts next in a record's last round, as the replay finds it; None
    when the game is over, the replay stopped (or cannot start), or the
    round is over and no knock may follow."""
    rep, position = final_position(game, name)
    if rep.setup is None or position is None or rep.first_stop is not None:
        return None
    rs, state = position
    names = rep.setup.names
    if state.over:
        return None
    if rs.over:
        show = rs.block_knocks()
        return Turn(names[show[0]], True, ()) if show else None
    if rs.unknown[rs.turn]:
        return Turn(names[rs.turn], False, None)
    return Turn(names[rs.turn], False, tuple(rs.legal_moves()))

