"""Settings: ``ftn.toml`` (top-level keys) or ``[tool.ftn]`` of
``pyproject.toml``, found from each input upwards, under the command
line's options.

Boundary: finds, reads and checks settings files, and merges them with the
options given (``Overrides``) into one ``Settings`` per input, as ruff does:
the command line over the file over the defaults. In a folder ``ftn.toml``
beats ``pyproject.toml`` (a ``pyproject.toml`` without ``[tool.ftn]`` is no
settings file: the search goes on upwards); the closest folder wins; each
input is judged by the settings of its own folder (``settings_for``; the
language server calls it too), and the run-wide keys (``format``, ``jobs``)
come from the first input's. The search goes up a folder at a time from
the input's path with its ``..`` taken away (the folders above the file
itself, however deep). A file is read by ``files.tomlfile``: a regular file of
at most ``MAX_BYTES`` (1 MiB), opened without blocking. A bad file (a FIFO, a
device, a folder, a larger file, TOML that is not valid or nests too deeply
to read) is a ``SettingsError`` that says file:line:col. It reads no record
and renders no finding: the check and the audit jobs (``pipeline.jobs``)
apply ``Settings.keep`` and the preset.

Keys: ``select`` and ``ignore`` (codes ``FT302``, names ``points-mismatch``,
prefixes ``FT3``, ``ALL``: the more specific selector wins, ``ignore`` on a
tie; FT001-FT003, the errors that keep a game from being replayed, are
always reported, as ruff always reports syntax errors), ``extend-exclude``
(globs, as ``--exclude``), ``rules`` (the preset of a record without a
``[rules]`` tag), ``format``, ``jobs``; ``league`` (a table: the match
points of ``ftn standings``, ``LEAGUE``).
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from notation.hints import aside, did_you_mean
from notation.options import PRESETS
from verifier.diagnostics import BY_CODE, BY_NAME, Diagnostic
from verifier.files.tomlfile import SettingsError, parsed, place, read_bytes

FILES = ("ftn.toml", "pyproject.toml")  # in one folder, the first found wins
# A record that cannot be read (FT001, FT003) or whose header cannot be set
# up (FT002: the game is not replayed) is never a silent pass.
ALWAYS = frozenset({"FT001", "FT002", "FT003"})
DEFAULTS: dict[str, Any] = {
    "select": ("ALL",), "ignore": (), "extend-exclude": (), "rules": "pagat", "format": "text",
    "jobs": 1, "league": {},
}
KEYS = tuple(DEFAULTS)
#: ``[tool.ftn.league]`` (``[league]`` of ``ftn.toml``): the match points of
#: ``ftn standings``, for a won match, a drawn one, one lost by a single
#: game and one lost by more, and the games a match has (the Solihull &
#: Warwickshire league's: 9 games a night, 3 points to the winner, 1 to the
#: loser at 5-4).
LEAGUE: dict[str, int] = {"win": 3, "draw": 2, "loss-by-one": 1, "loss": 0, "games": 9}
DEFAULT, CLI = "default", "command line"


# --------------------------------------------------------------------------
# Selectors: codes, names, prefixes.


def codes_of(selector: str) -> tuple[str, ...]:
    """The codes a selector names (none: it is unknown): a code, a name, a
    prefix of codes (``FT3``), or ``ALL``."""
    if selector == "ALL":
        return tuple(BY_CODE)
    if selector in BY_NAME:
        return (BY_NAME[selector].code,)
    return tuple(c for c in BY_CODE if selector and c.startswith(selector))


def _specificity(selector: str) -> int:
    return 0 if selector == "ALL" else 5 if selector in BY_NAME else len(selector)


def unknown_selector(selector: str) -> str | None:
    """Why a selector is unknown, with the close match (None: it is known)."""
    if codes_of(selector):
        return None
    hint = did_you_mean(selector, [*BY_CODE, *BY_NAME], n=1)
    return (f"unknown code {selector!r}{hint} (a code such as 'FT302', a name such as "
            "'points-mismatch', a prefix such as 'FT3', or 'ALL'; ftn codes lists them)")


@dataclass(frozen=True)
class Layer:
    """One source's ``select`` (None: keep what came before) and ``ignore``."""

    select: tuple[str, ...] | None = None
    ignore: tuple[str, ...] = ()


def enabled(layers: Sequence[Layer]) -> frozenset[str]:
    """The codes reported after each layer in turn (as ruff: a layer's
    ``select`` replaces what came before; within a layer the most specific
    selector that names a code decides, ``ignore`` on a tie)."""
    on = set(BY_CODE)
    for layer in layers:
        now = set()
        for code in BY_CODE:
            best: tuple[int, int] | None = None  # (specificity, 1 when ignored)
            for ignored, selectors in ((0, layer.select or ()), (1, layer.ignore)):
                for s in selectors:
                    if code in codes_of(s) and (best is None or (_specificity(s), ignored) > best):
                        best = (_specificity(s), ignored)
            if (layer.select is None and code in on) if best is None else best[1] == 0:
                now.add(code)
        on = now
    return frozenset(on)


# --------------------------------------------------------------------------
# Settings.


@dataclass(frozen=True)
class Overrides:
    """What the command line (or a caller of the API) says, over any file;
    ``config``: the one settings file to use; ``isolated``: use none."""

    select: tuple[str, ...] | None = None
    ignore: tuple[str, ...] = ()
    format: str | None = None
    jobs: int | None = None
    rules: str | None = None
    config: str | None = None
    isolated: bool = False

    def problems(self) -> list[str]:
        """What is wrong with the options (unknown codes, an unknown preset)."""
        out = [f"--{opt} {s}: {why}" for opt, sel in (("select", self.select or ()),
                                                        ("ignore", self.ignore))
               for s in sel if (why := unknown_selector(s)) is not None]
        if self.rules is not None and self.rules not in PRESETS:
            out.append(f"--rules {self.rules}: unknown preset; known: {', '.join(PRESETS)}")
        return out


@dataclass(frozen=True)
class Settings:
    """The settings one input is judged by, and where each came from
    (``origins``: a key to ``default``, ``command line`` or a file)."""

    select: tuple[str, ...] = DEFAULTS["select"]
    ignore: tuple[str, ...] = ()
    extend_exclude: tuple[str, ...] = ()
    rules: str = "pagat"
    format: str = "text"
    jobs: int = 1
    file: str | None = None
    origins: Mapping[str, str] = field(default_factory=dict)
    codes: frozenset[str] = frozenset(BY_CODE)
    league: Mapping[str, int] = field(default_factory=lambda: dict(LEAGUE))

    def keep(self, d: Diagnostic) -> bool:
        """Whether a finding is reported (and counted)."""
        return d.code in self.codes or d.code in ALWAYS

    @property
    def preset(self) -> str | None:
        """The preset of records without a ``[rules]`` tag (None: pagat)."""
        return None if self.rules == "pagat" else self.rules

    def origin(self, key: str) -> str:
        return self.origins.get(key, DEFAULT)


def merge(values: Mapping[str, Any], file: str | None, over: Overrides) -> Settings:
    """A file's values (already checked) under the options, over the defaults."""
    origins = {k: file for k in values if file is not None and k not in ("select", "ignore")}
    layers = [Layer(values.get("select"), values.get("ignore", ()))]
    if over.select is not None or over.ignore:
        layers.append(Layer(over.select, over.ignore))
    select: tuple[str, ...] = DEFAULTS["select"]
    ignore: tuple[str, ...] = ()
    ignored_by: list[str] = []
    for layer, who in zip(layers, (file or DEFAULT, CLI), strict=False):
        if layer.select is not None:
            select, ignore, ignored_by = layer.select, (), []  # a select starts afresh
            origins["select"] = who
        if layer.ignore:
            ignore += layer.ignore
            ignored_by.append(who)
    if ignored_by:
        origins["ignore"] = ", ".join(ignored_by)
    got = {k: values.get(k, DEFAULTS[k]) for k in ("rules", "format", "jobs")}
    for key, given in (("rules", over.rules), ("format", over.format), ("jobs", over.jobs)):
        if given is not None:
            got[key], origins[key] = given, CLI
    return Settings(select, ignore, tuple(values.get("extend-exclude", ())), got["rules"],
                    got["format"], got["jobs"], file, origins, enabled(layers),
                    {**LEAGUE, **values.get("league", {})})


# --------------------------------------------------------------------------
# Files: found, read, checked.


def shown(path: Path) -> str:
    """A settings file's name as messages show it (relative to the current
    folder when it is under it)."""
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def read_file(path: Path, formats: Sequence[str] = ()) -> dict[str, Any] | None:
    """The checked settings of one file (None: a ``pyproject.toml`` without
    ``[tool.ftn]``; ``formats``: the names its ``format`` may take, none
    given any); SettingsError when it cannot be used."""
    name = shown(path)
    data = read_bytes(path, name)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        at = e.start + 3 * data.startswith(b"\xef\xbb\xbf")  # the byte, in the file
        line, col = data.count(b"\n", 0, at) + 1, at - data.rfind(b"\n", 0, at)
        raise SettingsError(name, line, col, "not UTF-8: a settings file is TOML, "
                                             "written in UTF-8") from None
    pyproject = path.name == "pyproject.toml"
    if pyproject and "ftn" not in text:
        return None  # another tool's file: not read at all
    doc = parsed(text, name)
    table_path: tuple[str, ...] = ("tool", "ftn") if pyproject else ()
    table: Any = doc
    for part in table_path:
        table = table.get(part) if isinstance(table, dict) else None
    if table is None and pyproject:
        return None
    return check_table(table, text, name, table_path, formats)


def check_table(table: Any, text: str, name: str, at: tuple[str, ...],
                formats: Sequence[str] = ()) -> dict[str, Any]:
    """The values of a settings table, each checked (SettingsError at the
    first that is wrong: its file, line and column; ``formats``: as for
    ``read_file``)."""
    where = "[" + ".".join(at) + "]" if at else ""
    if not isinstance(table, dict):
        raise SettingsError(name, *place(text, at[:-1], at[-1]), f"{where} must be a table")
    out: dict[str, Any] = {}
    for key, value in table.items():
        def bad(message: str, needle: str | None = None, key: str = key) -> SettingsError:
            return SettingsError(name, *place(text, at, key, needle), message)

        if key not in DEFAULTS:
            hint = did_you_mean(key, KEYS, n=1)
            inside = f" in {where}" if where else ""
            raise bad(f"unknown key {key!r}{inside}{hint} (known keys: {', '.join(KEYS)})")
        if key in ("select", "ignore", "extend-exclude"):
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                example = '["*.tmp.ftn"]' if key == "extend-exclude" else '["FT3"]'
                raise bad(f"{key} must be a list of strings, such as {key} = {example}", "=")
            if key != "extend-exclude":
                for v in value:
                    why = unknown_selector(v)
                    if why is not None:
                        raise bad(f"{key}: {why}", v)
            out[key] = tuple(value)
        elif key == "league":
            out[key] = _league(value, text, name, (*at, key))
        elif key == "jobs":
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise bad("jobs must be a whole number, 0 or more (0: one per core), "
                          "such as jobs = 4", "=")
            out[key] = value
        else:
            known = list(PRESETS) if key == "rules" else list(formats)
            if not isinstance(value, str) or (known and value not in known):
                what = "preset" if key == "rules" else "format"
                got = f" {value!r}" if isinstance(value, str) else ""
                hint = aside(value, known, n=1) if got else ""
                raise bad(f"unknown {what}{got}: {key} must be one of {', '.join(known)}{hint}",
                          value if isinstance(value, str) else "=")
            out[key] = value
    return out


def _league(table: Any, text: str, name: str, at: tuple[str, ...]) -> dict[str, int]:
    """The values of a ``league`` table (``LEAGUE``'s keys, whole numbers;
    ``games`` 1 or more); SettingsError at the first that is wrong."""
    where = "[" + ".".join(at) + "]"
    if not isinstance(table, dict):
        raise SettingsError(name, *place(text, at[:-1], at[-1]),
                            f"{where} must be a table, such as {where} win = 3")
    out: dict[str, int] = {}
    for key, value in table.items():
        if key not in LEAGUE:
            raise SettingsError(name, *place(text, at, key), f"unknown key {key!r} in {where}"
                                f"{did_you_mean(key, LEAGUE, n=1)} (known keys: "
                                f"{', '.join(LEAGUE)})")
        least = 1 if key == "games" else 0
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise SettingsError(name, *place(text, at, key, "="),
                                f"{key} must be a whole number, {least} or more, such as "
                                f"{key} = {LEAGUE[key]}")
        out[key] = value
    return out


# --------------------------------------------------------------------------
# Which file: from an input upwards.


class Resolver:
    """The settings of each input of a run, each folder's file found and
    read once (``overrides.config``: that file for every input;
    ``isolated``: none); ``formats``: the names a file's ``format`` may
    take, in the order a message lists them (the output formats are
    render's, above this layer: ``api`` gives their names; none given, any
    name is taken)."""

    def __init__(self, overrides: Overrides | None = None, formats: Sequence[str] = ()) -> None:
        self.overrides = overrides or Overrides()
        self.formats = formats
        self._folders: dict[Path, Path | None] = {}
        self._read: dict[Path | None, Settings] = {}

    def file_for(self, folder: Path) -> Path | None:
        """The settings file that applies in ``folder``: its own, or the
        closest above it (looked for from ``folder`` upwards, a folder at a
        time, however deep it is)."""
        walked: list[Path] = []
        found: Path | None = None
        at = folder
        while True:
            if at in self._folders:
                found = self._folders[at]
                break
            walked.append(at)
            found = self._own(at)
            if found is not None or at.parent == at:
                break
            at = at.parent
        for f in walked:
            self._folders[f] = found
        return found

    def _own(self, folder: Path) -> Path | None:
        """The settings file of ``folder`` itself, if it has one (a name too
        long for the system, or a folder that cannot be looked in, has
        none)."""
        for name in FILES:
            candidate = folder / name
            try:
                here = candidate.is_file()
            except OSError:
                here = False
            if here and self._values(candidate):
                return candidate
        return None

    def _values(self, path: Path) -> bool:
        """Whether ``path`` holds settings (read and checked, and kept)."""
        if path not in self._read:
            values = read_file(path, self.formats)
            if values is None:
                return False
            self._read[path] = merge(values, shown(path), self.overrides)
        return True

    def for_path(self, name: str, is_file: bool = False) -> Settings:
        """The settings of an input (``-``: of the current folder;
        ``is_file``: known not to be a folder)."""
        o = self.overrides
        if o.isolated:
            path: Path | None = None
        elif o.config is not None:
            path = Path(o.config).absolute()
            if path not in self._read:
                values = read_file(path, self.formats)
                if values is None:
                    raise SettingsError(shown(path), 1, 1, "no [tool.ftn] table in this file")
                self._read[path] = merge(values, shown(path), o)
        else:
            p = Path.cwd() if name == "-" else Path(os.path.normpath(Path(name).absolute()))
            path = self.file_for(p.parent if is_file or not _is_dir(p) else p)
        if path is None:
            if None not in self._read:
                self._read[None] = merge({}, None, o)
            return self._read[None]
        return self._read[path]


def _is_dir(path: Path) -> bool:
    try:
        return path.is_dir()
    except OSError:  # a name too long for the system
        return False


def settings_for(path: str | os.PathLike[str], overrides: Overrides | None = None) -> Settings:
    """The settings a record at ``path`` is judged by (its folder's file,
    or the closest above; the entry point of an editor's server).
    SettingsError when that file is bad."""
    return Resolver(overrides).for_path(os.fspath(path))


def describe(groups: Sequence[tuple[Settings, Sequence[str]]]) -> str:
    """``ftn check --show-settings``: each settings (as TOML) with the
    inputs it judges and where each value comes from."""
    out: list[str] = []
    for s, labels in groups:
        more = f" and {len(labels) - 1} more" if len(labels) > 1 else ""
        first = labels[0] if labels and labels[0] else "-"
        out.append(f"# {first}{more}: {s.file or 'no settings file'}")
        values = {"select": list(s.select), "ignore": list(s.ignore),
                  "extend-exclude": list(s.extend_exclude), "rules": s.rules,
                  "format": s.format, "jobs": s.jobs}
        for key, value in values.items():
            out.append(f"{f'{key} = {json.dumps(value)}':<40} # {s.origin(key)}")
        reported = sorted(s.codes | ALWAYS)
        every = len(reported) == len(BY_CODE)
        out.append(f"# reported: {f'all {len(reported)} codes' if every else ', '.join(reported)}")
        out.append("")
    return "\n".join(out)
