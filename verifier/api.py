"""The Python API: read, check, replay, audit, convert, format, fill,
select, count and show records, the run of every ``ftn`` command, and an
editor's open text (its pieces of whole games, their findings, a game's
trace, the seat to act).

Boundary: the public library, the surface that the ``ftn`` command line,
the language server and other programs use (``docs/build_api.py``
documents it). Each function takes paths, a text, an open text stream or
a piece of a text (``verifier.Piece``) and options, runs the job of the
layers below (``pipeline`` and its jobs, ``data``, ``show``, ``live``,
``record``, ``scorer``, and for an editor ``replay`` and ``rules`` too), and returns
data: records (``notation.model``), typed diagnostics (``Diagnostic``),
the reference replay (typed, ``ReplayedGame``; for an editor
``GameTrace`` and ``Turn``), summaries, converted text; or it hands what
it finds to the renderer or the callbacks that the caller gives (``say``
for a line of output, ``warn`` for a line of standard error, ``show`` for
diagnostics with their source). It prints nothing of its own and exits nothing: input that
cannot be read raises ``InputError`` with a message that says where (bad
records give diagnostics), and the other typed errors are the package's
(``verifier.SettingsError``, ``verifier.WriteError``...). What a check
runs (reading inputs, the settings, the driver and its workers, the check
job, the replay, the text renderer) is imported with this module; the work
that a check of one game does not run (the other jobs of ``pipeline.jobs``,
``data``, ``show``, ``record``, ``live``, ``scorer``, the typed trace,
perft, generated games, the rule book, the JSON validator) when its
function is first called, as the command line loads a command's module
only when it runs it: a check of one game loads only what it runs.

    from verifier import api
    report = api.check("samples/valid/two-players-r8-3.ftn")
    for d in report.diagnostics:
        print(d.code, d.line, d.col, d.message)
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from verifier.diagnostics import lookup
from verifier.files.formats import NOTATIONS, read, read_lines, sniff
from verifier.files.formats import pieces as pieces_of
from verifier.files.inputs import read_text, walked_links
from verifier.files.pieces import Piece, ftn_pieces_at_game_ends
from verifier.files.streams import InputError
from verifier.pipeline.driver import Text, collect, drive, input_names, open_one
from verifier.pipeline.jobs import check as checking
from verifier.pipeline.jobs.check import check_text
from verifier.pipeline.modes import Mode
from verifier.pipeline.plan import Plan
from verifier.pipeline.plan import plan as plan_of
from verifier.pipeline.settings import Overrides, Resolver, Settings
from verifier.pipeline.workers import capped, shown_number
from verifier.pipeline.workers import capped as workers
from verifier.render import FORMATS
from verifier.render.progress import Progress
from verifier.render.text import render_diagnostic, source_line
from verifier.replay.game import final_position
from verifier.replay.observers import Observer
from verifier.rules.options import given
from verifier.rules.start import judged_setup

if TYPE_CHECKING:
    from notation.model import Game, Placement, Round
    from verifier.audit.defects import AuditSummary
    from verifier.data.export import ExportSink
    from verifier.data.select import SelectSink
    from verifier.data.stats import StatsSink
    from verifier.diagnostics import Diagnostic
    from verifier.files.formats import Read
    from verifier.league.outcomes import LeagueSink
    from verifier.match.run import Results
    from verifier.pipeline.jobs.check import FileReport
    from verifier.pipeline.jobs.fixes import Tally
    from verifier.pipeline.jobs.rewrite import Rewritten
    from verifier.pipeline.results import Context, Summary
    from verifier.record.core import Recorder
    from verifier.render.base import Renderer
    from verifier.replay.fixes import Edit
    from verifier.replay.reference import ReplayedGame, ReplayedRound
    from verifier.rules.game import Stepper
    from verifier.rules.moves import Move
    from verifier.rules.scoring import Placed, Scored
    from verifier.rules.start import Setup
    from verifier.scorer.build import Site

__all__ = [
    "GameTrace", "Mode", "Turn", "audit", "audit_engine", "audit_report", "check", "check_piece",
    "check_report", "check_text", "claim_edit", "convert", "convert_file", "explain", "export",
    "fill_files", "fill_text", "fix_piece", "fix_report", "fix_text", "format_files",
    "format_text", "games", "generate", "header_edit", "load", "match", "match_report",
    "no_games", "page",
    "perft", "perft_position", "piece_games", "piece_judged", "pieces", "plan", "position_svg",
    "ratings", "read_games", "read_text", "record", "record_header", "recorder", "replay",
    "replay_file", "replay_text", "schema", "scorer_build", "scorer_serve", "select",
    "settings_for", "standings", "stats", "trace", "turn", "workers",
]

Source = str | os.PathLike[str] | TextIO
#: Where a line of text goes (standard output or error, for the command line).
Say = Callable[[str], None]
#: Where diagnostics about a piece of an input (or a whole text) are shown.
Show = Callable[[list["Diagnostic"], "Piece | str"], None]


def _quiet(_: str) -> None:
    """Say nothing."""


# --------------------------------------------------------------------------
# Records in: texts, games, inputs.


def load(path: str | os.PathLike[str]) -> list[Game]:
    """The records of a file (FTN or JSON, ``-`` standard input, compressed or
    not), ready for ``Board.from_game``; InputError when the file or one of
    its games cannot be read (its place, code and message). ``read_text``
    gives the text, ``read_games`` the games one at a time with their
    problems."""
    name = os.fspath(path)
    return games(read_text(name), name)


def _text(source: Source, name: str | None) -> tuple[str, str]:
    if isinstance(source, (str, os.PathLike)):
        path = os.fspath(source)
        return name or path, read_text(path)
    return name or str(getattr(source, "name", "<stream>")), source.read()


def read_games(source: str | os.PathLike[str] | Iterable[str], name: str | None = None,
               kind: str | None = None) -> Iterator[Read]:
    """The games of a file (a path), an open text stream or any iterable of
    lines, one ``Read`` each:
    ``.game`` the record, or ``.problems`` the diagnostics that kept it from
    being read. FTN streams are read a line at a time."""
    if isinstance(source, (str, os.PathLike)):
        path = os.fspath(source)
        yield from read(read_text(path), name or path, kind)
    else:
        yield from read(source, name or str(getattr(source, "name", "<stream>")), kind)


def games(text: str, name: str = "<input>") -> list[Game]:
    """Every record of a text; InputError when one cannot be read."""
    from verifier.pipeline.jobs.load import read_any

    found, errors = read_any(text, name)
    if errors:
        d = errors[0]
        raise InputError(f"{d.source}:{d.line}:{d.col}: {d.code} {d.name}: {d.message}")
    return found


def _inputs(paths: Sequence[str | os.PathLike[str]], exclude: Sequence[str] = (),
           warn: Say = _quiet) -> tuple[list[str], list[InputError]]:
    """The record files that ``paths`` name (``-``: standard input;
    directories walked for record files, without what ``exclude``'s globs
    name), each checked to open before any is read, and those that cannot
    be, each said to ``warn`` (``ftn: NAME: why``)."""
    names, unreadable = input_names([os.fspath(p) for p in paths], exclude)
    for e in unreadable:
        warn(f"ftn: {e}")
    return names, unreadable


def plan(paths: Sequence[str | os.PathLike[str]], exclude: Sequence[str] = (), *,
         select: Sequence[str] | None = None, ignore: Sequence[str] = (),
         format: str | None = None, jobs: int | None = None,
         config: str | os.PathLike[str] | None = None, isolated: bool = False,
         warn: Say = _quiet) -> Plan:
    """The inputs that ``paths`` name and the settings each is judged by:
    those of the settings files found from each input upwards (or of
    ``config``; none with ``isolated``), with the options given here over
    them (``select``, ``ignore``: codes, names or prefixes; ``format``,
    ``jobs``). A settings file's ``jobs`` is kept within the most workers,
    said to ``warn`` when it asks for more. ValueError for an option that
    cannot be used, SettingsError for a settings file."""

    over = Overrides(tuple(select) if select is not None else None, tuple(ignore), format, jobs,
                     config=os.fspath(config) if config is not None else None,
                     isolated=isolated)
    for problem in over.problems():
        raise ValueError(problem)
    found = plan_of([os.fspath(p) for p in paths], exclude, over, Resolver(over, tuple(FORMATS)))
    run = found.run
    used, why = capped(run.jobs, f"jobs = {shown_number(run.jobs)} in {run.origin('jobs')}")
    if why is not None:
        warn(why)
        found.run = replace(run, jobs=used)
        found.by_label = {k: found.run if s is run else s for k, s in found.by_label.items()}
    return found


_noted = False


def _note_fallback(warn: Say) -> Callable[[str], None]:
    """What is told how each input is read ("ftn", "json", "jsonl"): the
    first JSON input read without the fast validator says so to ``warn``,
    once a process."""

    def note(how: str) -> None:
        global _noted
        if _noted or how == "ftn":
            return
        from verifier.files.validation import FALLBACK_NOTE, FAST  # slow to load: only for JSON

        if not FAST:
            _noted = True
            warn(FALLBACK_NOTE)

    return note


# --------------------------------------------------------------------------
# Checking.


def check(source: Source | Sequence[str | os.PathLike[str]], name: str | None = None,
          jobs: int = 1, dask: str | None = None, exclude: Sequence[str] = (), *,
          select: Sequence[str] | None = None, ignore: Sequence[str] = (),
          rules: str | None = None, config: str | os.PathLike[str] | None = None,
          discover: bool = False) -> FileReport:
    """Check every game of a file or stream, or of several files and
    directories (``exclude``: globs a directory walk skips), here or in
    ``jobs`` worker processes (0: one per core) or on the Dask scheduler at
    ``dask``: ``.diagnostics`` (typed, in order of place in each input),
    ``.games``, ``.events``, ``.errors``, ``.unknowns``. InputError for an
    input that cannot be read.

    Settings (the manual: Settings): ``select`` and ``ignore`` (codes, names,
    prefixes) choose the findings reported, ``rules`` is the preset of
    records without a ``[rules]`` tag; they go over the settings file
    ``config``, or with ``discover`` over those found from the inputs
    upwards, as ``ftn check`` does (none is read otherwise).
    SettingsError for a bad file, ValueError for an unknown code or preset."""
    over = Overrides(tuple(select) if select is not None else None, tuple(ignore), None, None,
                     rules, os.fspath(config) if config is not None else None,
                     isolated=config is None and not discover)
    if over.problems():
        raise ValueError(over.problems()[0])
    if not isinstance(source, (str, os.PathLike, Sequence)):
        label, text = _text(source, name)
        return check_text(text, label, settings=Resolver(over, tuple(FORMATS)).for_path(label))
    paths = [source] if isinstance(source, (str, os.PathLike)) else list(source)
    p: Plan = plan_of([os.fspath(x) for x in paths], exclude, over, Resolver(over, tuple(FORMATS)))
    names = p.names
    if p.unreadable:
        raise p.unreadable[0]
    rep, failed = checking.check_all(names, jobs, dask, plan=p, name=name or None)
    if failed:
        raise failed[0]
    return rep


def check_report(plan: Plan, render: Callable[[Context], Renderer], *, keep_lines: bool = False,
                 explain_unknowns: bool = False, dask: str | None = None, quiet: bool = True,
                 warn: Say = _quiet) -> tuple[Summary, list[InputError]]:
    """Check every input of ``plan`` under its settings in ``plan.run.jobs``
    workers (or on the Dask scheduler at ``dask``), each finding that they
    keep handed as it comes to the renderer that ``render`` makes for the
    run (``keep_lines``: the source line of every finding kept to the end,
    for renderers that write then; ``explain_unknowns``: what partial
    records leave unverified too), then the summary; progress on standard
    error unless ``quiet``. The summary, and the inputs unreadable partway
    (the others are checked all the same)."""
    note = _note_fallback(warn)
    return checking.check_report(plan, render, keep_lines, explain_unknowns, plan.run.jobs, dask,
                  Progress(quiet), lambda start: note(start.how))


def fix_report(plan: Plan, render: Callable[[Context], Renderer], mode: Mode = Mode.WRITE, *,
               keep_lines: bool = False, explain_unknowns: bool = False,
               dask: str | None = None, quiet: bool = True, warn: Say = _quiet
               ) -> tuple[Summary, list[InputError], Tally]:
    """``check_report`` with the wrong claims of every input of ``plan``
    fixed (``ftn check --fix``): the computed value written in place of
    each claim of a fixable code (``ftn codes``), not of a finding a
    ``noqa`` comment silences or the settings leave out, nor of a JSON
    record; then the findings that remain handed to the renderer, and the
    summary. ``mode``: ``Mode.WRITE`` (each FTN file whose text changes
    rewritten as ``ftn fmt --write`` rewrites, standard input printed on
    standard output), or ``Mode.DIFF`` (a unified diff of each change on standard output,
    nothing written). Files that cannot be written are said to ``warn``.
    The summary (of the fixed texts), the inputs unreadable partway, and
    what was fixed (``Tally``)."""
    from verifier.pipeline.jobs.fixes import fix_report as report

    note = _note_fallback(warn)
    return report(plan, render, mode, warn, keep_lines, explain_unknowns, dask,
                  Progress(quiet), lambda start: note(start.how))


def explain(code: str) -> str | None:
    """What ``ftn explain`` prints for a code (FT304) or a name
    (overshoot-accepted): meaning, why it matters, the rules it cites, an
    example and what ``ftn check`` says of it; None for an unknown code."""
    from verifier.rulebook import cited_text

    entry = lookup(code)
    if entry is None:
        return None
    out = [f"{entry.code} {entry.name} ({entry.severity}, rule {entry.rule})\n",
           f"{entry.summary}\n{entry.why}\n"]
    if entry.fix_note is not None:
        out.append(f"{entry.fix_note}\n")
    cited = cited_text(entry.rule)
    if cited:
        out.append(f"The rules it cites ({entry.rule}; 'ftn rules RULE' prints one):\n")
        out.append("\n".join(f"  {line}" if line else "" for line in cited.split("\n")) + "\n")
    out.append("Example:\n")
    out += [f"  {i:>3}  {line}" for i, line in
            enumerate(entry.example.rstrip("\n").split("\n"), 1)]
    out.append("\nWhat 'ftn check' says of it:\n")
    out += [render_diagnostic(d, source_line(entry.example, d.line))
            for d in check_text(entry.example, "example").diagnostics if d.name == entry.name]
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------
# The replay, converting, formatting, filling.


def replay(game: Game, number: int = 1, name: str = "<input>") -> ReplayedGame:
    """The reference replay of one record: every round, and every event with
    the state the rules give after it (``.to_dict()``: one game of the
    'replay' schema, as ``ftn replay --format json`` writes it)."""
    from verifier.replay.reference import replayed_game

    return replayed_game(game, number, name)


def replay_text(text: str, name: str = "<input>") -> tuple[dict[str, Any], list[Diagnostic]]:
    """The reference replay of every game of a text ('replay' schema), or
    the diagnostics that keep the text from being read."""
    from verifier.pipeline.jobs.rewrite import replayed_games

    ((_, (games, errors)),) = collect(replayed_games, Text(text, name))
    return {"version": 1, "games": [g.to_dict() for g in games]}, errors


def convert(text: str, to: str, name: str = "<input>", positions: bool = False) -> str:
    """A text (FTN or JSON) in the canonical form of ``to`` ("ftn", "json" for
    an array, "jsonl"); InputError listing the first problem when it cannot
    be read."""
    from verifier.pipeline.jobs.rewrite import convert_text

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
    from verifier.pipeline.jobs.rewrite import Output, convert_piece, rewrite, target_of

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
    from verifier.pipeline.jobs.rewrite import Output, replay_piece, rewrite
    from verifier.render.trace import JSON, TABLE

    one = open_one(source)
    _note_fallback(warn)(one.kind or "ftn")
    drawn = JSON if as_json else TABLE
    return rewrite(one, partial(replay_piece, draw=drawn.game, sep=drawn.layout.sep),
                   drawn.layout, Output(output), show or _hidden)


def _hidden(problems: list[Diagnostic], piece: Piece | str) -> None:
    """Show nothing."""


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
    from verifier.pipeline.jobs.rewrite import fmt_all, fmt_status

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
    from verifier.pipeline.jobs.fill import fill_all, new_tags

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


# --------------------------------------------------------------------------
# Audits, perft, generated games.


def audit(paths: Sequence[str | os.PathLike[str]], resync: str = "claimed",
          exclude: Sequence[str] = (), jobs: int = 1, dask: str | None = None) -> AuditSummary:
    """Audit another implementation's records (files or directories, without
    what ``exclude``'s globs name), here or in ``jobs`` worker processes:
    each game's divergences from the reference replay, grouped by defect
    class; an input that cannot be read is counted as unreadable."""
    from verifier.pipeline.jobs.audit import audit_all

    names, bad = _inputs(paths, exclude)
    return audit_all(names, resync, jobs, dask, bad)


def audit_report(plan: Plan, resync: str = "claimed", dask: str | None = None,
                 quiet: bool = True, warn: Say = _quiet) -> AuditSummary:
    """``audit`` of the inputs of ``plan`` under their settings (the preset
    of records without ``[rules]``), in ``plan.run.jobs`` workers or on the
    Dask scheduler at ``dask``; progress on standard error unless
    ``quiet``."""
    from verifier.pipeline.jobs.audit import audit_all

    note = _note_fallback(warn)
    return audit_all(plan.names, resync, plan.run.jobs, dask, plan.unreadable, Progress(quiet),
                     lambda start: note(start.how), plan)


def audit_engine(engine: str, timeout: float = 5.0, *, players: int = 2, generate: int = 0,
                 seed: int = 1, preset: str | None = None, rules: Iterable[str] = (),
                 names: Sequence[str] = (), unreadable: Sequence[InputError] = ()
                 ) -> AuditSummary:
    """Audit a live engine, the command ``engine`` (it speaks the protocol
    of ``verifier/PROTOCOL.md``, and may take ``timeout`` seconds an
    answer): ``generate`` games of ``players`` (from ``seed``, under the
    preset and the ``rules`` options NAME=VALUE), then every game of the
    files ``names``, played to it. ValueError for rules that cannot be
    played or no reference game, ``verifier.Unreadable`` for a file whose
    records cannot be read, InputError (the first of ``unreadable``)."""
    from verifier.live.run import audit_live, reference_games

    games = reference_games(players, generate, seed, preset, given(rules), names, unreadable)
    return audit_live(engine, games, timeout)


def perft(text: str, name: str = "<input>", depth: int = 3, divide: bool = False) -> list[str]:
    """The lines of ``ftn perft``: the count of the legal continuations,
    ``depth`` moves deep, of the last position of a text's first game
    (``divide``: split by first move). ``verifier.NoStart`` when the text
    has no position to count from."""
    from verifier.pipeline.jobs.load import read_any
    from verifier.replay.perft import last_position, perft_lines

    rs, gs = last_position(*read_any(text, name), name)
    return perft_lines(rs, gs, depth, divide)


def perft_position(position: str, depth: int = 3, divide: bool = False) -> list[str]:
    """``perft``'s lines from a position string (``Board.position()``'s,
    notation/SPEC.md 13) instead of a record. ``verifier.PositionError``
    (with its column) for a string that is not a position,
    ``verifier.NoStart`` for a hand not known."""
    from verifier.replay.perft import perft_lines, position_start

    rs, gs = position_start(position)
    return perft_lines(rs, gs, depth, divide)


def generate(players: int = 2, games: int = 1, seed: int = 1, preset: str | None = None,
             rules: Iterable[str] = (), hide: str = "none", output: Path | None = None) -> None:
    """Random legal complete games with correct claims, ``games`` of
    ``players`` from ``seed`` (the same seed, the same games), under the
    preset and the ``rules`` options NAME=VALUE, hands hidden as ``hide``
    says ("none", "all", "first", "some"), written to ``output`` (whole, or
    not at all) or standard output. ValueError for rules that cannot be
    played, OSError for a file that cannot be written."""
    from verifier.files.outputs import write_chunks
    from verifier.rules.generate import generated_texts

    write_chunks(generated_texts(players, games, seed, preset, given(rules), hide), output)



def match(engines: Sequence[str], games: int = 100, *, players: int | None = None,
          seed: int = 1, preset: str | None = None, rules: Iterable[str] = (),
          timeout: float = 5.0, jobs: int = 1, sprt: str | None = None,
          output: Path | None = None, progress: Callable[[Results], None] | None = None
          ) -> Results:
    """``ftn match``: the engines (``NAME=COMMAND`` or ``builtin:PLAYER``,
    speaking the play protocol of ``verifier/PROTOCOL.md``) play ``games``
    games of ``players`` (default: one engine a seat) from ``seed``, each deal
    once a seating, under the preset and the ``rules`` options NAME=VALUE,
    every move checked; ``sprt`` (``ELO0,ELO1[,ALPHA,BETA]``) stops the match
    when decided. Every game is written to ``output`` as FTN (whole, or not at
    all); ``progress`` is called with the results after each game. Returns
    the ``verifier.match.run.Results``. ValueError for engines, rules or an
    SPRT that cannot be; OSError for a file that cannot be written."""
    from verifier.files.outputs import write_chunks
    from verifier.match.run import MatchPlan, play_match, read_entrant
    from verifier.match.stats import read_sprt
    from verifier.rules.options import given

    entrants = tuple(read_entrant(e) for e in engines)
    plan = MatchPlan(entrants, players or len(entrants), games, seed, preset,
                     tuple(given(rules)), timeout, jobs or os.cpu_count() or 1,
                     read_sprt(sprt) if sprt else None)
    results, texts = play_match(plan, progress)
    if output is None:
        for _ in texts:
            pass
    else:
        write_chunks(texts, output)
    return results


def match_report(results: Results, format: str = "text") -> str:
    """A match's results (``match``) as text for people, or as JSON
    (``format`` "json")."""
    import json

    from verifier.match.report import as_data, as_text

    if format == "json":
        return json.dumps(as_data(results), indent=2) + "\n"
    return as_text(results)

# --------------------------------------------------------------------------
# Records as data, a page, a game recorded, the published schemas.


def export(names: Sequence[str], folder: Path, to: str = "parquet", jobs: int = 1,
           dask: str | None = None, plan: Plan | None = None) -> ExportSink:
    """Flat tables of the records of ``names`` (games, sides, tags, rounds,
    events, findings) in ``folder``, as Parquet or CSV (``to``): all written,
    or none when an input stops being readable partway. ``.games``,
    ``.tables``, ``.failed``, ``.unreadable``; WriteError. ``plan``
    (``api.plan``): each input judged by its settings, as ``ftn check``
    judges it (None: the defaults)."""
    from verifier.data.export import PIECE, ExportSink, ExportWork
    from verifier.files.outputs import interruptible

    sink = ExportSink(folder, to)
    work = ExportWork(plan.by_label if plan is not None else {})
    try:
        with interruptible():
            drive(work, sink, names, jobs, dask, size=PIECE)
        if sink.failed:
            sink.abort()
        else:
            sink.commit()
    except BaseException:
        sink.abort()
        raise
    return sink


def select(paths: Sequence[str | os.PathLike[str]], to: str | None = None,
           output: Path | None = None, *, exclude: Sequence[str] = (),
           tags: Iterable[str] = (), player: Iterable[str] = (), players: int | None = None,
           rules: Iterable[str] = (), with_codes: Iterable[str] = (),
           without: Iterable[str] = (), clean: bool = False, faulty: bool = False,
           unique: bool = False, show: Show | None = None, warn: Say = _quiet, jobs: int = 1,
           dask: str | None = None, games: str | None = None, split_by: str | None = None,
           plan: Plan | None = None) -> tuple[SelectSink | None, list[InputError]]:
    """The games of the inputs that ``paths`` name (as ``inputs``, the
    unreadable said to ``warn``) that pass every filter given (``tags``
    KEY=GLOB, ``player`` GLOB, ``players`` N, ``rules`` NAME=GLOB, a finding
    ``with_codes``, none ``without``, ``clean``, ``faulty``; ``unique``: the
    same deals and moves once), written in canonical form ``to`` (ftn, json,
    jsonl; else the kind ``output``'s name ends in, else ftn) to ``output``
    (whole, at the end; compressed as its name ends) or standard output;
    ``games`` ("10-20,35") keeps the games at those places of the inputs
    (counted from 1, across the inputs in order); ``split_by`` KEY writes
    one file per value of the tag KEY into the folder ``output``
    (``data.split`` names them); ``plan`` (``api.plan``): the inputs, each
    judged by its settings as ``ftn check`` judges it (``paths`` and
    ``exclude`` are then not read; None: the defaults). What was kept (None
    when no input could be read), and the inputs that could not be listed.
    ``verifier.FilterError`` for a filter that cannot be read (before any
    input is), WriteError."""
    from verifier.data.select import Filters, Places, select_all, split_folder
    from verifier.pipeline.jobs.rewrite import Output, target_of

    filters = Filters.parse(tags, player, players, rules, with_codes, without, clean, faulty)
    places = None if games is None else Places.parse(games)
    target = (to or "ftn") if split_by is not None else (target_of(to, output) or "ftn")
    split = None if split_by is None else (split_by, split_folder(split_by, output, target))
    names, unreadable = (plan.names, plan.unreadable) if plan is not None else _inputs(
        paths, exclude, warn)
    if unreadable and not names:
        return None, unreadable
    out = Output.named(None if split is not None else output)
    return select_all(names, filters, target, out, show or _hidden, unique, jobs, dask,
                      places, split, plan), unreadable


def stats(names: Sequence[str], by: str | None = None, format: str = "text", jobs: int = 1,
          dask: str | None = None, plan: Plan | None = None) -> tuple[str, StatsSink]:
    """Counts over the games of ``names`` (results, findings per code,
    points per side, seat and player), apart for each ``by`` (player, seat,
    side, rules, players, or a tag's key): the report in ``format`` (text,
    json or csv), and the counts (``.total()``, ``.failed``). ``plan``
    (``api.plan``): each input judged by its settings, as ``ftn check``
    judges it (None: the defaults)."""
    from verifier.data.report import render
    from verifier.data.stats import stats_all

    done = stats_all(names, by, jobs, dask, plan)
    return render(done.groups, by, format), done


def standings(names: Sequence[str], by: str = "team", per: str | None = None,
              format: str = "text", head_to_head: bool = False, jobs: int = 1,
              dask: str | None = None, plan: Plan | None = None, title: str = "Standings"
              ) -> tuple[str, LeagueSink]:
    """League tables of the games of ``names`` without errors (``by``:
    player, pair or team; apart for each value of the tag ``per``), match
    points under the scheme of the first input's settings (``league``),
    head to head when asked: the report in ``format`` (text, csv, json,
    html), and the games read (``.results``, ``.left_out``: each game with
    errors and its first, ``.failed``). ``plan`` (``api.plan``): each input
    judged by its settings, as ``ftn check`` judges it (None: the defaults)."""
    from verifier.league.outcomes import league_games
    from verifier.league.page import standings_page
    from verifier.league.report import render
    from verifier.league.standings import Scheme, tables

    done = league_games(names, per, jobs, dask, plan)
    scheme = Scheme.of(plan.run.league if plan is not None else {})
    made = tables(done.results, by, scheme, per)
    if format == "html":
        return standings_page(made, done.left_out, scheme, head_to_head, title), done
    return render(made, done.left_out, scheme, format, head_to_head), done


def ratings(names: Sequence[str], format: str = "text", predict: Sequence[Sequence[str]] = (),
            history: Sequence[str] = (), jobs: int = 1, dask: str | None = None,
            plan: Plan | None = None, title: str = "Ratings"
            ) -> tuple[str, list[float], LeagueSink]:
    """openskill ratings of the players of the games of ``names`` without
    errors, in date order: the report in ``format`` (text, csv, json, html;
    ``history``: the players whose history it holds, default the five
    rated highest), the win probability of each team of ``predict`` (none
    asked: empty), and the games read. ``verifier.league.ratings.LeagueError``
    when openskill is missing (the message says what to install) or a
    player to predict was not rated."""
    from verifier.league.outcomes import league_games
    from verifier.league.page import ratings_page
    from verifier.league.ratings import model, rate_all
    from verifier.league.report import render_ratings

    model()  # (said before any record is read when openskill is missing)
    done = league_games(names, None, jobs, dask, plan)
    rated = rate_all(done.results)
    odds = rated.predict(predict) if predict else []
    shown = list(history) or [x.name for x in rated.table()[:5]]
    for name in history:
        rated.known(name)
    if format == "html":
        return ratings_page(rated, shown, done.left_out, title), odds, done
    return render_ratings(rated, done.left_out, format, shown), odds, done


def page(text: str, name: str = "<input>", game: int = 1, at: str | None = None,
         svg: bool = False) -> str:
    """A self-contained HTML page that replays the games of a text (opening
    at ``game``, at ``at``: "ROUND:EVENT"; else at its first finding, else
    at its end), or with ``svg`` one SVG picture of that position.
    ``verifier.ShowError`` for a text or a place it cannot show
    (``.code``: 1 unreadable, 2 a bad place)."""
    from verifier.show import page as pages
    from verifier.show.svg import position_svg as drawn

    if svg:
        data = pages.build(text, name, game)
        start = pages.parse_at(at, data) if at is not None else data["start"]
        return drawn(data, start[0], start[1])
    doc = pages.build_page(text, name, game)
    if at is not None:
        first = pages.opened(doc)
        first["start"] = pages.parse_at(at, first)
    return pages.page(doc)


def position_svg(position: str) -> str:
    """``ftn show --svg --position``: one SVG picture of a position string
    (``Board.position()``'s, notation/SPEC.md 13). ``verifier.PositionError``
    (with its column) for a string that is not a position."""
    from verifier.show.board import board_svg

    return board_svg(position)


def record(path: Path, resume: bool = False) -> int:
    """A game recorded as it is played, asked for line by line on the
    terminal and written to the FTN file ``path`` as each line is entered
    (``resume``: go on with the game it holds); the exit status.
    ``verifier.CannotRecord`` for a file that cannot be recorded into."""
    from verifier.record.journal import open_journal
    from verifier.record.session import Session

    return Session(open_journal(path, resume), str(path)).record(resume)


def recorder(lines: Sequence[str], name: str = "<record>") -> Recorder:
    """The recorder of ``ftn record`` on a record's lines so far (its header
    at least), without a terminal or a file: ``.begin()``, then
    ``.type(line)`` for each line as ``ftn record`` reads it, each giving
    back the lines to append, the words said, a refusal with its rule and
    what it asks next; ``.position()`` the position as data (the browser's
    scorer, ``ftn scorer``, runs on it)."""
    from verifier.record.core import Recorder

    return Recorder(list(lines), name)


def record_header(seats: Sequence[str], people: Sequence[str], preset: str = "pagat",
                  options: str = "", first: str | None = None) -> list[str] | str:
    """A new record's header (its lines from ``game`` on) from a set-up:
    the seats clockwise, the players' names ("" for none), the rules
    preset, rule options as ``ftn record`` reads them ("target=100
    hand=7"), the opener of round 1 when the rules draw it by lot (R3.1);
    or what is wrong with the set-up, in words."""
    from verifier.record.core import new_header, parse_options

    pairs = parse_options(options)
    if isinstance(pairs, str):
        return pairs
    return new_header(list(seats), list(people), preset, pairs, first)


def scorer_build(out: Path, say: Say = print) -> Site:
    """``ftn scorer build``: the scorer's site (a static web app that records
    a game on a phone, offline, on this engine run by Pyodide) written to
    the folder ``out``, all of its files or none; ``.weight()`` its files,
    bytes and gzip bytes. ``verifier.BuildError`` when it cannot be built
    (no Node or npm, no checkout, no network for the first download)."""
    from verifier.scorer.build import build

    return build(out, say)


def scorer_serve(folder: Path, port: int = 8361, say: Say = print) -> None:
    """``ftn scorer serve``: ``folder`` served on http://127.0.0.1:``port``/
    until interrupted; OSError when the port cannot be had."""
    from verifier.scorer.localhost import serve

    serve(folder, port, say)


def schema(name: str) -> str | None:
    """The text of the published JSON Schema ``name`` ("record", "replay" or
    "report"), as ``ftn schema`` prints it; None for another name."""
    from verifier.files.published import SCHEMAS, schema_text

    return schema_text(name) if name in SCHEMAS else None


# --------------------------------------------------------------------------
# An open text of an editor: its pieces, their findings, a game's replay.
# (The language server's, and any editor integration's.)


def settings_for(path: str | os.PathLike[str], *, select: Sequence[str] | None = None,
                 ignore: Sequence[str] = (), rules: str | None = None,
                 config: str | os.PathLike[str] | None = None) -> Settings:
    """The settings a record at ``path`` is judged by, as ``ftn check``
    finds them: those of the settings file of its folder (``ftn.toml`` or
    ``pyproject.toml``'s ``[tool.ftn]``, the closest above it), or of
    ``config``, with the options given here over them (``select``,
    ``ignore``: codes, names or prefixes; ``rules``: the preset of records
    without a ``[rules]`` tag). ``.keep(d)`` tells whether a finding is
    reported, ``.preset`` the preset. ValueError for an option that cannot
    be used, SettingsError for a bad settings file, OSError for a folder
    that cannot be read."""
    over = Overrides(tuple(select) if select is not None else None, tuple(ignore), None, None,
                     rules, os.fspath(config) if config is not None else None)
    for problem in over.problems():
        raise ValueError(problem)
    return Resolver(over, tuple(FORMATS)).for_path(os.fspath(path))


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


def check_piece(piece: Piece, settings: Settings | None = None) -> tuple[list[Diagnostic], int]:
    """The findings of one piece, as ``ftn check`` checks it under
    ``settings`` (``settings_for``: the preset of records without
    ``[rules]``, the findings kept; None: the defaults), in order of place,
    and the highest game number it reached (0: it holds no game)."""
    found: list[Diagnostic] = []
    number = 0
    for batch in checking.check_piece(piece, None if settings is None else settings.preset):
        found.extend(d for d in batch.diagnostics if settings is None or settings.keep(d))
        number = max(number, batch.number)
    return found, number


def claim_edit(lines: Sequence[str], finding: Diagnostic) -> Edit | None:
    """The edit that fixes one finding of a text's ``lines`` as ``ftn check
    --fix`` fixes it: the computed value in place of the claimed text, on
    its line, or the text a syntax error's message says to write (a missing
    'end' line: an edit whose text starts with a line end); 1-based lines
    and columns, the end excluded; None when the finding is not of a
    fixable claim (``ftn codes`` marks them) or its claim is not at its
    place, or its message proposes no one text."""
    from verifier.replay.fixes import claim_edit as edit
    from verifier.replay.fixes import syntax_edit

    return edit(lines, finding) or syntax_edit(lines, finding)


def header_edit(piece: Piece, finding: Diagnostic, settings: Settings | None = None
                ) -> Edit | None:
    """The edit that fixes a header finding (FT002) of a piece as ``ftn
    check --fix`` fixes it: the one word its message proposes, written in
    its tag (a tag's name, a seat, a rule option); None when it proposes
    none."""
    from verifier.pipeline.jobs.fixes import header_edits

    found = header_edits(piece, None if settings is None else settings.preset, [finding])
    return found[0].edit if found else None


def fix_piece(piece: Piece, settings: Settings | None = None) -> list[str]:
    """The lines of one piece with the wrong claims of its FTN records
    fixed, as ``ftn check --fix`` fixes them under ``settings`` (None: the
    defaults): the same lines, each fixed claim written anew (a JSON
    piece's as they are)."""
    from verifier.pipeline.jobs.fixes import fix_piece as fixed

    if settings is None:
        return fixed(piece).lines
    return fixed(piece, settings.preset, settings.keep).lines


def no_games(name: str = "<input>", settings: Settings | None = None) -> Diagnostic | None:
    """The finding of a text that holds no game at all (FT402: an empty
    input is not a silent pass), or None when ``settings`` leave it out."""
    found = checking.no_games(name)
    return found if settings is None or settings.keep(found) else None


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


def format_text(text: str, name: str = "<input>") -> str:
    """A text in the canonical form of its own kind (FTN; a JSON array; JSON
    Lines) and with its own line ends, as ``ftn fmt`` writes it (a text of
    no game given back as it is); InputError naming the first problem when
    it cannot be read."""
    from verifier.pipeline.jobs.rewrite import format_text as formatted

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
    from verifier.pipeline.jobs.fill import fill_text as filled

    out, errors = filled(text, name)
    if out is None:
        d = errors[0]
        raise InputError(f"{d.source}:{d.line}:{d.col}: {d.code} {d.name}: {d.message}")
    return out


def fix_text(text: str, name: str = "<input>", settings: Settings | None = None
             ) -> tuple[str, list[Diagnostic], list[Diagnostic]]:
    """A text with the wrong claims its FTN records make fixed, as ``ftn
    check --fix`` fixes them under ``settings`` (``settings_for``; None:
    the defaults): the text (the same lines, each fixed claim written
    anew), the findings fixed, and the findings of the fixed text (in
    order of place). A JSON text is given back as it is; a BOM the text
    starts with stays."""
    from verifier.pipeline.jobs.fixes import fix_piece, kept

    bom = "\ufeff" if text.startswith("\ufeff") else ""
    lines = text[len(bom):].split("\n")
    how, _ = sniff(lines, name)
    keep = None if settings is None else settings.keep
    part = fix_piece(Piece(name, how, lines), None if settings is None else settings.preset, keep)
    return bom + part.text, part.fixed, kept(part.batches, keep)


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
    from verifier.replay.reference import trace_game

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
