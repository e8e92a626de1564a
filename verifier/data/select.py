"""``ftn select``: the games that match some filters, written as records.

Boundary: the filters (``Filters``: tag values and player names with glob
patterns, the number of players, rule option values, findings by code,
clean or faulty), the work on one piece (``SelectWork``: each game
replayed once, ``facts.played``, for its findings and its canonical form,
and its text in the target format when it matches, with the key of its
deals and moves for ``--unique``) and the in-order sink that writes them
(``SelectSink``: through ``pipeline.jobs.rewrite.Output``, a temporary file
and a rename). A game goes through in canonical form, unchanged in
content. Memory holds a piece's texts and, for ``--unique``, a 16-byte key
per game kept. It parses no command line and renders no finding.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from pathlib import Path

from notation.hints import close_matches, offer, suggestion
from notation.model import Knock
from verifier.data.facts import Played, options, played, players, tag_values
from verifier.data.split import SplitFolder, foreign
from verifier.diagnostics import BY_NAME, Diagnostic
from verifier.files.formats import NOTATIONS, game_text
from verifier.files.outputs import interruptible
from verifier.files.pieces import Piece
from verifier.files.streams import InputError
from verifier.pipeline.driver import End, Start, Text, drive
from verifier.pipeline.jobs.rewrite import Joiner, Output, Part
from verifier.pipeline.plan import Plan
from verifier.pipeline.settings import Settings
from verifier.rules.ruleset import Rules


class FilterError(ValueError):
    """A filter that cannot be used; the message says why and what to type."""


def _pair(item: str, what: str) -> tuple[str, str]:
    key, eq, value = item.partition("=")
    if not eq or not key:
        raise FilterError(f"{what} takes KEY=GLOB, not {item!r}")
    return key, value


def _code(item: str) -> str:
    """A code, a prefix of codes (FT3), or a name, as a code prefix."""
    if item in BY_NAME:
        return BY_NAME[item].code
    up = item.upper()
    if not up.startswith("FT") or not any(e.code.startswith(up) for e in BY_NAME.values()):
        close = [n for n in BY_NAME if item.lower() in n][:3] or close_matches(item, BY_NAME, 3)
        hint = f" ({offer(close, '', ', ')})" if close else " (ftn codes lists them)"
        raise FilterError(f"--with/--without: {item!r} is not a code (FT304), a prefix of "
                          f"codes (FT3) or a name{hint}")
    return up


@dataclass(frozen=True)
class Places:
    """``--games``: games by their place in the input (1-based, counted
    across the inputs in order, a game that cannot be read counted too),
    as ranges ``(first, last)``."""

    ranges: tuple[tuple[int, int], ...]

    @classmethod
    def parse(cls, text: str) -> Places:
        """Places from ``10-20,35``; FilterError when they cannot be read."""
        ranges = []
        for item in text.split(","):
            m = _PLACE.fullmatch(item.strip())
            if m is None:
                raise FilterError(f"--games {text}: {item.strip()!r} is not a place: write game "
                                  "numbers and ranges, like 10-20,35 (counted from 1 across "
                                  "the inputs in order)")
            first = int(m[1])
            last = int(m[2]) if m[2] else first
            if first < 1:
                raise FilterError(f"--games {text}: games are counted from 1, not {first}")
            if last < first:
                raise FilterError(f"--games {text}: the range {item.strip()} runs backwards: "
                                  f"write {last}-{first}")
            ranges.append((first, last))
        return cls(tuple(ranges))

    def holds(self, place: int) -> bool:
        """Whether the game at ``place`` is one of them."""
        return any(a <= place <= b for a, b in self.ranges)


_PLACE = re.compile(r"([0-9]{1,18})(?:-([0-9]{1,18}))?")


@dataclass(frozen=True)
class Filters:
    """What a game must be to be selected (every filter given must hold):
    each ``tags`` (KEY, GLOB) matched by a value of a tag KEY; each
    ``players`` GLOB by a player's name; ``count`` players; each ``rules``
    (NAME, GLOB) by the value of the rule option NAME (``players``
    included); a finding whose code starts with one of ``with_codes``
    (when given) and none with one of ``without``; no finding (``clean``)
    or some (``faulty``)."""

    tags: tuple[tuple[str, str], ...] = ()
    players: tuple[str, ...] = ()
    count: int | None = None
    rules: tuple[tuple[str, str], ...] = ()
    with_codes: tuple[str, ...] = ()
    without: tuple[str, ...] = ()
    clean: bool = False
    faulty: bool = False

    @classmethod
    def parse(cls, tags: Iterable[str] = (), player: Iterable[str] = (),
              count: int | None = None, rules: Iterable[str] = (),
              with_codes: Iterable[str] = (), without: Iterable[str] = (),
              clean: bool = False, faulty: bool = False) -> Filters:
        """Filters from their words; FilterError when one cannot be used."""
        if clean and faulty:
            raise FilterError("--clean and --faulty exclude each other")
        known = set(options_names())
        rule_pairs = tuple(_pair(r, "--rule") for r in rules)
        for name, _ in rule_pairs:
            if name not in known:
                hint = suggestion(name, sorted(known), "", 1)
                hint += " " if hint else ""
                raise FilterError(f"--rule: {name!r} is not a rule option ({hint}the options "
                                  f"are {', '.join(sorted(known))})")
        return cls(tuple(_pair(t, "--tag") for t in tags), tuple(player), count, rule_pairs,
                   tuple(_code(w) for w in with_codes), tuple(_code(w) for w in without),
                   clean, faulty)

    def match(self, p: Played) -> bool:
        ds = p.findings
        if (self.clean and ds) or (self.faulty and not ds):
            return False
        if self.with_codes and not any(d.code.startswith(self.with_codes) for d in ds):
            return False
        if self.without and any(d.code.startswith(self.without) for d in ds):
            return False
        for key, glob in self.tags:
            if not any(fnmatchcase(v, glob) for v in tag_values(p.game, key)):
                return False
        names = players(p.game, p.setup)
        if not all(any(fnmatchcase(n, g) for n in names) for g in self.players):
            return False
        if self.count is not None or self.rules:
            if p.setup is None:
                return False
            opts = options(p.setup.rules)
            if self.count is not None and p.setup.rules.players != self.count:
                return False
            if not all(fnmatchcase(opts[k], g) for k, g in self.rules):
                return False
        return True


def options_names() -> list[str]:
    return list(options(Rules.main_form(2)))


def deal_key(p: Played) -> bytes:
    """What ``--unique`` compares: the seats, and each round's opener,
    deals and moves (the ends as resolved), whatever the tags and claims."""
    game = p.canonical()
    h = hashlib.blake2b(digest_size=16)
    h.update(repr(p.setup.names if p.setup else ()).encode())
    for rnd in game.rounds:
        h.update(repr((rnd.opener, [(d.seat, d.tiles) for d in rnd.deals])).encode())
        h.update(repr([(e.seat,) if isinstance(e, Knock) else (e.seat, e.tile, e.end)
                       for e in rnd.events]).encode())
    return h.digest()


@dataclass
class Chosen:
    """What one piece gives: the games read, the texts of those that match
    (with their keys for ``--unique``), and the problems of those that
    cannot be read."""

    games: int = 0
    texts: list[Kept] = field(default_factory=list)
    problems: list[Diagnostic] = field(default_factory=list)
    top: int = 0  # the highest game number of the piece (in its input)


@dataclass(frozen=True)
class Kept:
    """A game that matches: its key for ``--unique``, its number in its
    input, its value of the ``--split-by`` tag (None: no such tag) and its
    text."""

    key: bytes
    number: int
    value: str | None
    text: str


@dataclass(frozen=True)
class SelectWork:
    """The work on one piece: the games that pass ``filters``, in format
    ``to``, judged by the ``settings`` of their input (by label; none: the
    defaults), as ``ftn check`` judges them."""

    filters: Filters
    to: str
    unique: bool = False
    split_by: str | None = None
    settings: Mapping[str, Settings] = field(default_factory=dict)

    def __call__(self, piece: Piece) -> Chosen:
        out = Chosen()
        for p in played(piece, trace=False, ends=True, settings=self.settings.get(piece.source)):
            if isinstance(p, list):
                out.problems.extend(p)
                out.top = max([out.top, *(d.game for d in p)])
                continue
            out.games += 1
            out.top = max(out.top, p.number)
            if self.filters.match(p):
                key = deal_key(p) if self.unique else b""
                value = None if self.split_by is None else first_value(p, self.split_by)
                out.texts.append(Kept(key, p.number, value,
                                      game_text(p.canonical(), self.to)))
        return out


def first_value(p: Played, key: str) -> str | None:
    """The value of a game's first tag ``key`` (its words joined by a
    space), None without one."""
    return next((" ".join(t.values) for t in p.game.tags if t.key == key), None)


class SelectSink:
    """The games chosen, in input order (those at ``places`` only, when
    given), written to ``out`` as they come, or to ``folder``'s file of
    their value (once each, with ``unique``); the problems to ``show`` with
    their piece; ``games``, ``kept``, ``unreadable`` count them."""

    def __init__(self, to: str, out: Output, unique: bool,
                 show: Callable[[list[Diagnostic], Piece], None],
                 places: Places | None = None, folder: SplitFolder | None = None) -> None:
        self.layout = NOTATIONS[to].layout
        self.joiner, self.out, self.unique = Joiner(self.layout), out, unique
        self.show, self.places, self.folder = show, places, folder
        self.seen: set[bytes] = set()
        self.games = self.kept = self.unreadable = 0
        self.failed: list[InputError] = []
        self.base = 0  # the games of the inputs before this one
        self.top = 0  # the highest game number of this input so far

    def start(self, s: Start) -> None:
        pass

    def add(self, piece: Piece, got: Chosen) -> None:
        problems = got.problems
        if self.places is not None:  # the games at other places are not looked at
            problems = [d for d in problems if not d.game or self.places.holds(self.base + d.game)]
        self.show(problems, piece)
        self.unreadable += len({d.game for d in problems})
        self.games += got.games
        self.top = max(self.top, got.top)
        kept = [k for k in got.texts if self._keeps(k)]
        self.kept += len(kept)
        if self.folder is None:
            text = self.layout.sep.join(k.text for k in kept)
            self.out.write(self.joiner.add(Part(text, len(kept))))
            return
        by_value: dict[str | None, list[str]] = {}
        for k in kept:
            by_value.setdefault(k.value, []).append(k.text)
        for value, texts in by_value.items():
            self.folder.write(value, texts)

    def _keeps(self, k: Kept) -> bool:
        if self.places is not None and not self.places.holds(self.base + k.number):
            return False
        if self.unique:
            if k.key in self.seen:
                return False
            self.seen.add(k.key)
        return True

    def end(self, e: End) -> None:
        self.base += self.top
        self.top = 0
        if e.error is not None:
            self.failed.append(e.error)

    def text(self) -> str:
        """What was kept, as ``ftn select`` says it: "3 of 10 games (2
        unreadable)", and with a split, "into 2 files in DIR"."""
        said = f"{self.kept} of {self.games} games" + (
            f" ({self.unreadable} unreadable)" if self.unreadable else "")
        if self.folder is not None:
            n = len(self.folder.files)
            said += f" into {n} file{'' if n == 1 else 's'} in {self.folder.folder}"
        return said


def split_folder(key: str, output: Path | None, to: str) -> SplitFolder:
    """The folder of ``--split-by KEY`` (``-o DIR``, made when missing), or
    FilterError (also for a folder that holds files that are not of an
    earlier split: they are never replaced or removed)."""
    if not key:
        raise FilterError("--split-by takes a tag's key, like event or date")
    if output is None:
        raise FilterError("--split-by writes one file per value into a folder: name it "
                          "with -o DIR")
    if output.exists() and not output.is_dir():
        raise FilterError(f"--split-by: {output} is not a folder: -o names the folder "
                          "to write the files in")
    other = foreign(output)
    if other:
        shown = ", ".join(other[:3]) + (f" and {len(other) - 3} more" if len(other) > 3 else "")
        raise FilterError(f"--split-by: {output} holds files that are not of an earlier split "
                          f"({shown}): name a new or empty folder with -o, or one that an "
                          "earlier --split-by wrote (its files are then replaced)")
    return SplitFolder(output, to)


def select_all(inputs: Iterable[str | Text], filters: Filters, to: str, out: Output,
               show: Callable[[list[Diagnostic], Piece], None], unique: bool = False,
               jobs: int = 1, dask: str | None = None, places: Places | None = None,
               split: tuple[str, SplitFolder] | None = None, plan: Plan | None = None
               ) -> SelectSink:
    """``ftn select``: the games of every input that pass ``filters`` (and
    stand at ``places``), written to ``out`` in format ``to`` (a file:
    whole, once every input is read; not at all when one stops being
    readable partway, WriteError when it cannot be written), or with
    ``split`` (KEY, folder) to the folder's file of their value of tag KEY
    (the same: every file, or none). Each game is judged by its input's
    settings in ``plan`` (None: the defaults), as ``ftn check`` judges it."""
    folder = None if split is None else split[1]
    sink = SelectSink(to, out, unique, show, places, folder)
    work = SelectWork(filters, to, unique, None if split is None else split[0],
                      plan.by_label if plan is not None else {})
    try:
        with interruptible(out.path is not None or folder is not None):
            drive(work, sink, inputs, jobs, dask)
        if sink.failed:
            _abort(out, folder)
            return sink
        if folder is not None:
            folder.commit()
            return sink
        out.write(sink.joiner.end())
        out.commit()
    except BaseException:
        _abort(out, folder)
        raise
    return sink


def _abort(out: Output, folder: SplitFolder | None) -> None:
    out.abort()
    if folder is not None:
        folder.abort()
