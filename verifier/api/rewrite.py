"""Records rewritten: converted to another notation, replayed (as a table or
JSON), formatted, filled with the tags they lack.

Boundary: part of ``verifier.api``; imports the driver, ``pipeline``'s
rewrite, fill and load jobs, and ``replay``.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from verifier.api.inputs import Say, Show, _hidden, _inputs, _note_fallback, _quiet
from verifier.files.formats import NOTATIONS
from verifier.files.inputs import walked_links
from verifier.files.streams import InputError
from verifier.pipeline.driver import Text, collect, open_one
from verifier.pipeline.jobs.fill import fill_all, new_tags
from verifier.pipeline.jobs.fill import fill_text as filled
from verifier.pipeline.jobs.rewrite import (
    Output,
    convert_piece,
    convert_text,
    fmt_all,
    fmt_status,
    replay_piece,
    replayed_games,
    rewrite,
    target_of,
)
from verifier.pipeline.jobs.rewrite import format_text as formatted
from verifier.pipeline.modes import Mode
from verifier.pipeline.plan import Plan
from verifier.render.trace import JSON, TABLE
from verifier.replay.reference import replayed_game

if TYPE_CHECKING:
    from notation.model import Game
    from verifier.diagnostics import Diagnostic
    from verifier.pipeline.jobs.rewrite import Rewritten
    from verifier.replay.reference import ReplayedGame

__all__ = [
    "convert", "convert_file", "fill_files", "fill_text", "format_files", "format_text",
    "replay", "replay_file", "replay_text",
]


def replay(game: Game, number: int = 1, name: str = "<input>") -> ReplayedGame:
    """The reference replay of one record: every round, and every event with
    the state the rules give after it (``.to_dict()``: one game of the
    'replay' schema, as ``ftn replay --format json`` writes it)."""
    return replayed_game(game, number, name)


def replay_text(text: str, name: str = "<input>") -> tuple[dict[str, Any], list[Diagnostic]]:
    """The reference replay of every game of a text ('replay' schema), or
    the diagnostics that keep the text from being read."""
    ((_, (games, errors)),) = collect(replayed_games, Text(text, name))
    return {"version": 1, "games": [g.to_dict() for g in games]}, errors


def convert(text: str, to: str, name: str = "<input>", positions: bool = False) -> str:
    """A text (FTN or JSON) in the canonical form of ``to`` ("ftn", "json" for
    an array, "jsonl"); InputError listing the first problem when it cannot
    be read."""

    out, errors = convert_text(text, to, name, positions=positions)
    if out is None:
        d = errors[0]
        raise InputError(f"{d.source}:{d.line}:{d.col}: {d.code} {d.name}: {d.message}")
    return out


def convert_file(source: str, output: Path | None = None, to: str | None = None,
                 positions: bool = False, jobs: int = 1, show: Show | None = None,
                 warn: Say = _quiet) -> bool:
    """The records of one input (``-``: standard input) written in the
    canonical form of ``to`` (else the kind that ``output``'s name ends in,
    else FTN for JSON and JSON for FTN) to ``output`` (a file written whole
    and compressed as its name ends, else standard output), a game at a
    time as they are read (here or in ``jobs`` workers); ``positions``: each
    element's FTN line and column in JSON. Whether every game could be read
    (at one that cannot, nothing more is written, a file not at all, and
    the problems go to ``show``). InputError for an input that cannot be
    read, ValueError for ``positions`` of an input that is not FTN,
    WriteError for an output that cannot be written."""

    one = open_one(source)
    _note_fallback(warn)(one.kind or "ftn")
    if positions and one.kind != "ftn":
        raise ValueError("positions need FTN input")
    target = target_of(to, output) or ("ftn" if one.kind != "ftn" else "json")
    done = rewrite(one, partial(convert_piece, to=target, positions=positions),
                   NOTATIONS[target].layout,
                   Output.named(output), show or _hidden, jobs)
    return done.ok


def replay_file(source: str, output: Path | None = None, as_json: bool = False,
                show: Show | None = None, warn: Say = _quiet) -> Rewritten:
    """The reference replay of every game of one input (``-``: standard
    input), as text or (``as_json``) JSON of the 'replay' schema, written to
    ``output`` (else standard output) a game at a time: ``.ok`` whether
    every game could be read (as for ``convert_file``), ``.stopped`` whether
    some replay stopped at an illegal move. InputError, WriteError."""

    one = open_one(source)
    _note_fallback(warn)(one.kind or "ftn")
    drawn = JSON if as_json else TABLE
    return rewrite(one, partial(replay_piece, draw=drawn.game, sep=drawn.layout.sep),
                   drawn.layout, Output(output), show or _hidden)


def format_files(plan: Plan, mode: Mode = Mode.PRINT, say: Say = print, warn: Say = _quiet,
                 show: Show | None = None) -> int:
    """Every input of ``plan`` in the canonical form (``ftn fmt``), in
    ``plan.run.jobs`` workers; ``mode``: ``Mode.PRINT`` (to ``say``),
    ``Mode.CHECK`` (only name to ``say`` the files that are not canonical),
    ``Mode.DIFF`` (a unified diff of each change, on standard output) or
    ``Mode.WRITE`` (rewrite them in place; never a file that does not
    parse). Problems go to ``warn`` and
    ``show``. The exit status: 2 when an input could not be read or
    written, 1 when one does not parse (or, checking or showing the diff,
    is not canonical), else 0."""

    done = fmt_all(plan.names, mode, say, warn, show or _hidden, plan.run.jobs,
                   linked=plan.linked)
    return fmt_status(done.ops, bool(plan.unreadable) or done.failed > 0)


def fill_files(paths: Sequence[str | os.PathLike[str]], mode: Mode = Mode.PRINT,
               say: Say = print, warn: Say = _quiet, show: Show | None = None, jobs: int = 1,
               exclude: Sequence[str] = (), tags: Sequence[str] = (), teams: Sequence[str] = ()
               ) -> int:
    """The claims that the records of ``paths`` (files and directories,
    without what ``exclude``'s globs name; ``-``: standard input) leave
    out, written in from the replay (``ftn fill``); ``mode``: as
    ``format_files``'s. An input that cannot be read is said to ``warn``
    (the others are filled all the same); the symbolic links to files that
    a directory walk finds are read, never written. The exit status, as
    ``format_files``'s (2 when no input can be read), and 1 when a replay
    stopped before the end. ``tags`` ("KEY=VALUE") and ``teams``
    ("SEAT=TEAM"): header tags added to each game without a tag KEY (a
    ``team`` tag for that seat); one that cannot be added is said to
    ``warn`` (exit status 2, before any input is read)."""
    added, bad = new_tags(tags, teams)
    if bad is not None:
        warn(f"ftn fill: {bad}")
        return 2

    names, unreadable = _inputs(paths, exclude, warn)
    if unreadable and not names:
        return 2
    linked = walked_links([os.fspath(p) for p in paths], names)
    return fill_all(names, mode, say, warn, show or _hidden, jobs, bool(unreadable), linked,
                    added)


def format_text(text: str, name: str = "<input>") -> str:
    """A text in the canonical form of its own kind (FTN; a JSON array; JSON
    Lines) and with its own line ends, as ``ftn fmt`` writes it (a text of
    no game given back as it is); InputError naming the first problem when
    it cannot be read."""

    out, errors = formatted(text, name)
    if out is None:
        d = errors[0]
        raise InputError(f"{d.source}:{d.line}:{d.col}: {d.code} {d.name}: {d.message}")
    return out


def fill_text(text: str, name: str = "<input>") -> str:
    """A text with the claims its records leave out written in from the
    replay, in its own kind and line ends, as ``ftn fill`` prints it (a
    text of no game given back as it is); InputError naming the first
    problem when it cannot be read."""

    out, errors = filled(text, name)
    if out is None:
        d = errors[0]
        raise InputError(f"{d.source}:{d.line}:{d.col}: {d.code} {d.name}: {d.message}")
    return out

