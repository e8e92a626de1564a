"""``ftn fill``: the claims a record leaves out, filled in from the replay.

Boundary: command-line plumbing only. The filling is ``verifier.fill``'s
(``fill_item``, a piece at a time); the reading, the workers (``--jobs``)
and the safe rewriting (``--write``: a temporary file and a rename, the
mode, the compression and symlinks kept, a read-only file refused) are
``ftn fmt``'s (``rewriting.fmt_run``). This module adds what fill says:
``--diff`` (a unified diff, written as the pieces come: ``linediff``) and a
note for each game whose replay stopped before its end (an illegal move:
the claims after it are not filled; exit 1).
"""

from __future__ import annotations

import re
import sys
from typing import Annotated

import typer

from ..diagnostics import Diagnostic
from ..linediff import StreamDiff
from ..parallel import Piece
from ..rewrite import Part
from .common import EXIT_ERRORS, EXIT_USAGE, ExcludeOpt, Paths, app, err, fail
from .records import CheckOpt, JobsOpt
from .rewriting import _Formatted, _show

DiffOpt = Annotated[
    bool, typer.Option("--diff", "-d", help="Show what would be filled, as a unified diff.")
]
WriteOpt = Annotated[
    bool, typer.Option("--write", "-w", help="Fill in place (never a file that does not "
                       "parse; as ftn fmt --write rewrites).")
]


def note(d: Diagnostic) -> str:
    """What a stopped replay leaves unfilled, for people."""
    return (f"ftn fill: {d.source}:{d.line}:{d.col}: the replay stops here ({d.code} "
            f"{d.name}: {d.message}); the claims after it are not filled (ftn check says "
            "more)")


_END = re.compile(r"[ \t]*end[ \t]*(#.*)?\Z")


def _by_game(lines: list[str]) -> list[list[str]]:
    """Lines cut after each 'end' line (the diff of a game is quick to
    find; of a piece of a thousand games, not)."""
    out: list[list[str]] = [[]]
    for line in lines:
        out[-1].append(line)
        if _END.match(line):
            out.append([])
    return out


class _Filled(_Formatted):
    """One input of ``ftn fill``: ``ftn fmt``'s modes, ``diff`` besides, and
    a note for each game that could not be filled to its end."""

    COMMAND, WOULD, DONE, NOT_DONE = "fill", "would fill", "filled", "not filled"

    def __init__(self, path: str, mode: str, target: str, crlf: bool) -> None:
        super().__init__(path, mode, target, crlf)
        self.stopped = False
        self.diff = StreamDiff(self.label, self.label)
        self.carried: list[str] = []  # blank lines at a piece's end: the next piece's
        self.pending = ""  # the filled text after its last complete line

    def add(self, piece: Piece, part: Part) -> None:
        for d in getattr(part, "notes", ()):
            err(note(d))
        self.stopped |= part.stopped
        if self.mode != "diff":
            super().add(piece, part)
            return
        _show(part.problems, piece)
        text = self.joiner.add(part)
        if not self.joiner.ok:
            return
        old = self.carried + [line.rstrip("\r") for line in piece.lines]
        keep = len(old)
        while keep and not old[keep - 1].strip():
            keep -= 1
        old, self.carried = old[:keep], old[keep:]
        self._diff(old, text)

    def _diff(self, old: list[str], text: str, last: bool = False) -> None:
        lines = (self.pending + text).split("\n")
        self.pending = "" if last else lines.pop()
        if last and lines and lines[-1] == "":
            lines.pop()
        old_games, new_games = _by_game(old), _by_game(lines)
        out = []
        for i in range(max(len(old_games), len(new_games))):  # a game at a time: quick
            out += self.diff.add(old_games[i] if i < len(old_games) else [],
                                 new_games[i] if i < len(new_games) else [])
        if last:
            out += self.diff.end()
        if out:
            sys.stdout.write("\n".join(out) + "\n")

    def finish(self) -> str | None:
        if self.mode != "diff" or not self.joiner.ok:
            return super().finish()
        old = self.carried
        if old and old[-1] == "":  # the line end of the last line
            old = old[:-1]
        self._diff(old, self.joiner.end(), last=True)
        return None


@app.command()
def fill(paths: Paths, diff: DiffOpt = False, check_only: CheckOpt = False,
         write: WriteOpt = False, exclude: ExcludeOpt = None, jobs: JobsOpt = 1) -> None:
    """Write in every claim the replay decides: end totals, points, totals,
    results, the winner.

    Claims already written are kept as written (a wrong one too: ftn check
    still reports it); the output is in the canonical form, in the input's
    own kind (FTN, JSON, JSON Lines). A partial record gets what its known
    facts decide; after an illegal move nothing more is filled (said on
    standard error; exit 1). --diff shows the change, --check only names
    the files that would change (exit 1), --write fills them in place as ftn
    fmt --write rewrites (never a file that does not parse).
    """
    from ..fill import fill_item
    from .rewriting import fmt_run, fmt_status
    from .runs import input_names

    if sum((diff, check_only, write)) > 1:
        fail("ftn fill: --diff, --check and --write exclude each other")
    if write and "-" in paths:
        fail("ftn fill: --write cannot rewrite standard input")
    names, unreadable = input_names(paths, exclude)
    for e in unreadable:
        err(f"ftn: {e}")
    if unreadable and not names:
        raise typer.Exit(EXIT_USAGE)
    mode = "diff" if diff else "check" if check_only else "write" if write else "print"
    files: list[_Filled] = []

    def kept(path: str, mode: str, target: str, crlf: bool) -> _Filled:
        files.append(_Filled(path, mode, target, crlf))
        return files[-1]

    ops, failed = fmt_run(names, mode, jobs, fill_item, kept)
    status = fmt_status(ops, bool(unreadable) or failed > 0)
    if status == 0 and any(f.stopped for f in files):
        status = EXIT_ERRORS
    raise typer.Exit(status)

