"""Every game of a piece read and replayed once, for the data commands.

Boundary: reads a piece (``files.pieces.Piece``) and replays each game through
the reference replay (``replay.game.replay``) with the observers asked for:
the reference trace (``replay.reference.Trace``: typed rounds and events, what
``ftn replay`` writes) and the ends as resolved (``replay.observers.Ends``, the
canonical form).
Its findings are the check's (the same replay); a game that cannot be read
gives its reading problems instead. It also names what a game is grouped
and filtered by: its players, tag values, rule options. It computes no
points itself, writes and renders nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from notation.model import Game
from verifier.diagnostics import Diagnostic
from verifier.files.formats import Read, read_lines
from verifier.files.pieces import Piece
from verifier.pipeline.jobs.check import judge_noqa, replay_read
from verifier.pipeline.settings import Settings
from verifier.pipeline.suppressions import Noqa, marks
from verifier.replay.game import replay
from verifier.replay.inputs import Reading
from verifier.replay.observers import Ends, Observer
from verifier.replay.reference import ReplayedRound, Trace
from verifier.replay.results import GameReport
from verifier.rules.options import describe
from verifier.rules.ruleset import Rules
from verifier.rules.start import Setup, judged_setup


@dataclass
class Played:
    """One game read and replayed: its record, the replay's report, the
    findings ``ftn check`` gives for it (``findings``: the reading problems,
    the replay's, as suppressed and kept, in order of place), its set-up
    (None when the header cannot be read), its trace when asked for (the
    rounds as traced) and its ends as resolved."""

    number: int
    game: Game
    report: GameReport
    findings: list[Diagnostic]
    setup: Setup | None
    trace: tuple[ReplayedRound, ...] = ()
    ends: Ends | None = None
    #: The lines that could not be read, of a game read in spite of syntax
    #: errors (``played``'s ``damaged``): the record is of the others.
    lost: tuple[int, ...] = ()

    def canonical(self) -> Game:
        """The record in canonical form (``replay.game.canonical_game``)."""
        assert self.ends is not None
        return self.ends.resolve(self.game)


def played(piece: Piece, trace: bool = True, ends: bool = False, damaged: bool = False,
           settings: Settings | None = None) -> Iterator[Played | list[Diagnostic]]:
    """Each game of a piece replayed (a ``Played``), or the reading problems
    of one that cannot be read, in order: one list a game, as ``ftn check``
    counts games (the FTN reader gives each syntax error of a game, then the
    game read without its bad lines, judged from the lines that could be
    read, as ``ftn check`` judges it). ``damaged``: such a game is a
    ``Played`` too, of the lines that could be read (``Played.lost``), for
    the counts and tables; never for what writes records. A problem met
    before a game that reads (text outside a game) is among that game's
    findings, as ``ftn check`` sorts it. The findings are ``ftn check``'s:
    those that a ``noqa`` comment of an FTN piece silences are left out, and
    a suppression that silences nothing is FT403 (``check.judge_noqa``);
    ``settings`` (the piece's input's: ``settings.Settings``), as the check
    applies them: the findings that ``select`` and ``ignore`` leave out are
    dropped, and a record read whole without a ``[rules]`` tag is played
    under the ``rules`` preset (the record itself is left as written)."""
    noqa = marks(piece.lines, piece.first_line) if piece.how == "ftn" else None
    keep, preset = _kept(settings), settings.preset if settings is not None else None
    pending: list[Diagnostic] | None = None  # the problems of game ``held``
    judged: Game | None = None  # the game of them read in spite of syntax errors
    held = 0
    for r in read_lines(piece.lines, piece.source, piece.how, piece.first_line,
                        piece.first_game):
        game = r.game if r.game is not None or not damaged else r.damaged
        if game is None:
            if pending is not None and r.number != held:
                yield _sorted(keep(judge_noqa(pending, noqa, judged, held, piece.source)))
                pending, judged = None, None
            held = r.number
            pending = [*(pending or []), *r.problems]
            rep = replay_read(r, piece.source)  # a game with syntax errors: judged too
            if rep is not None:
                pending.extend(rep.diagnostics)
                judged = r.damaged
            continue
        before: list[Diagnostic] = []
        if pending is not None:
            if held == r.number:
                before = pending
            else:
                yield _sorted(keep(judge_noqa(pending, noqa, judged, held, piece.source)))
            pending, judged = None, None
        yield _replayed(r, game, piece.source, [*before, *r.problems], (trace, ends),
                        (noqa, keep, preset if game is r.game else None))
    if pending is not None:
        yield _sorted(keep(judge_noqa(pending, noqa, judged, held, piece.source)))


def _sorted(found: list[Diagnostic]) -> list[Diagnostic]:
    return sorted(found, key=_place)


Keep = Callable[[list[Diagnostic]], list[Diagnostic]]


def _kept(settings: Settings | None) -> Keep:
    """The findings that ``settings`` report (``Settings.keep``; None: all)."""
    if settings is None:
        return lambda found: found
    return lambda found: [d for d in found if settings.keep(d)]


def _replayed(r: Read, game: Game, source: str, before: list[Diagnostic],
              asked: tuple[bool, bool], judging: tuple[dict[int, Noqa] | None, Keep, str | None]
              ) -> Played:
    """One game replayed with the observers ``asked`` for (the trace, the
    ends; ``r``: how it was read; ``game``: its record, or the lines of it
    that could be read), its findings those of ``ftn check`` (``before``:
    the reading problems that come first; ``judging``: the piece's
    suppressions, the findings the settings keep, and the preset the game
    is played under if it names none), in order of place."""
    (trace, ends), (noqa, keep, preset) = asked, judging
    setup = judged_setup(game, preset)  # (tag names misspelt: those meant, as the check judges it)
    watch: list[Observer] = []
    tracer = Trace(setup) if trace and setup is not None else None
    if tracer is not None:
        watch.append(tracer)
    resolved = Ends() if ends else None
    if resolved is not None:
        watch.append(resolved)
    lost = r.lost if game is r.damaged else ()
    reading = Reading(source, r.locate, tuple(lost), tuple(r.lost_keys) if lost else (), preset)
    rep = replay(game, r.number, reading, watch)
    found = _sorted(keep(judge_noqa([*before, *rep.diagnostics], noqa, game, r.number,
                                    source)))  # as ftn check gives them
    return Played(r.number, game, rep, found, setup,
                  tracer.traced() if tracer is not None else (), resolved, lost)


def _place(d: Diagnostic) -> tuple[int, int]:
    return d.line, d.col


def tag_values(game: Game, key: str) -> list[str]:
    """The values of every tag ``key`` of a game, each tag's values joined
    by a space (``[seat "N" "Ann"]``: "N Ann"), and each value alone."""
    out: list[str] = []
    for t in game.tags:
        if t.key == key:
            out.append(" ".join(t.values))
            if len(t.values) > 1:
                out.extend(t.values)
    return out


def players(game: Game, setup: Setup | None) -> tuple[str, ...]:
    """The player at each seat: the name its ``seat`` tag gives after the
    seat, else the seat's own name."""
    named = {t.values[0]: " ".join(t.values[1:]) for t in game.tags
             if t.key == "seat" and len(t.values) > 1}
    seats = setup.names if setup is not None else tuple(
        t.values[0] for t in game.tags if t.key == "seat" and t.values)
    return tuple(named.get(s) or s for s in seats)


def options(rules: Rules) -> dict[str, str]:
    """Every rule option's value (as a record declares it) and the players."""
    return {"players": str(rules.players), **describe(rules)}


def rules_text(rules: Rules) -> str:
    """The rules in a few words: the players, and the options that differ
    from the main form for them ("4 players, main form"; "2 players,
    target=121")."""
    main = describe(Rules.main_form(rules.players))
    differ = [f"{k}={v}" for k, v in describe(rules).items() if main.get(k) != v]
    return f"{rules.players} players, " + (" ".join(differ) if differ else "main form")


#: ``--by``'s words that are not tag keys.
GROUPS = ("player", "seat", "side", "rules", "players")


#: The ``--by`` keys that are not tags.
BY_KEYS = ("player", "seat", "side", "rules", "players")


def group_values(p: Played, by: str) -> list[str]:
    """The groups a game belongs to under ``--by``: each of its players,
    seats or sides; its rules; its number of players; else the values of
    its tag ``by`` ("(none)" without one)."""
    setup = p.setup
    if by == "player":
        found = list(dict.fromkeys(players(p.game, setup)))
    elif by == "seat":
        found = list(setup.names) if setup is not None else []
    elif by == "side":
        found = list(setup.side_names) if setup is not None else []
    elif by == "rules":
        found = [rules_text(setup.rules)] if setup is not None else []
    elif by == "players":
        found = [str(setup.rules.players)] if setup is not None else []
    else:
        found = [" ".join(t.values) for t in p.game.tags if t.key == by]
    return found or ["(none)"]
