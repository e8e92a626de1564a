"""The settings of a run's inputs (``settings``), and the check and audit
work under them.

Boundary: lists a run's inputs as the driver does (``input_names``), each
named path walked without the globs of its settings' ``extend-exclude``,
and gives each input the settings of its folder (``Plan``); ``CheckWork``
and ``AuditWork`` are the jobs' work functions with a default preset (a
record without a ``[rules]`` tag). The findings that ``select`` and
``ignore`` leave out are dropped by the check's sink (``jobs.CheckSink``),
not here. It renders nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from ..check import Batch
from ..diagnostics import BY_CODE, Diagnostic
from ..inputs import InputError
from ..parallel import AuditItem, Piece, audit_piece, auditor, check_piece
from ..settings import Overrides, Resolver, Settings
from .driver import Text, input_names, label_of

ALL = frozenset(BY_CODE)


@dataclass
class Plan:
    """Every input of a run and the settings it is judged by; ``run`` holds
    the run-wide keys (``format``, ``jobs``: the first input's settings)."""

    names: list[str] = field(default_factory=list)
    unreadable: list[InputError] = field(default_factory=list)
    run: Settings = field(default_factory=Settings)
    by_label: dict[str, Settings] = field(default_factory=dict)

    def settings(self, label: str) -> Settings:
        return self.by_label.get(label, self.run)

    def keep(self, d: Diagnostic) -> bool:
        """Whether a finding is reported under its input's settings."""
        return self.settings(d.source).keep(d)

    def filter(self) -> Callable[[Diagnostic], bool] | None:
        """``keep``, or None when every input's settings report every code."""
        every = all(s.codes == ALL for s in (self.run, *self.by_label.values()))
        return None if every else self.keep

    def distinct(self) -> list[tuple[Settings, list[str]]]:
        """Each different settings and the inputs judged by it, in order."""
        groups: dict[int, tuple[Settings, list[str]]] = {}
        for label in self.by_label or {"": self.run}:
            s = self.settings(label)
            groups.setdefault(id(s), (s, []))[1].append(label)
        return list(groups.values())

    def presets(self) -> tuple[str | None, dict[str, str]]:
        """The preset of records without ``[rules]``: the one that all
        inputs share, else each input's."""
        found = {s.preset for s in self.by_label.values()} or {self.run.preset}
        if len(found) == 1:
            return found.pop(), {}
        return None, {k: s.preset for k, s in self.by_label.items() if s.preset is not None}


def plan(paths: Sequence[str], exclude: Sequence[str] = (),
         overrides: Overrides | None = None, resolver: Resolver | None = None) -> Plan:
    """The inputs the paths name and the settings of each (SettingsError
    when a settings file that applies is bad). A directory is walked without
    ``exclude`` and its settings' ``extend-exclude``."""
    r = resolver or Resolver(overrides)
    out = Plan()
    for p in paths:
        s = r.for_path(p)
        names, bad = input_names([p], [*exclude, *s.extend_exclude])
        out.names += names
        out.unreadable += bad
        for n in names:
            out.by_label[label_of(n)] = s if n == p else r.for_path(n, is_file=True)
    out.run = out.by_label[label_of(out.names[0])] if out.names else r.for_path(
        paths[0] if paths else "-")
    return out


@dataclass(frozen=True)
class CheckWork:
    """The check of a piece, records without ``[rules]`` under ``preset``
    (or, by input, ``by_source``'s)."""

    preset: str | None = None
    by_source: Mapping[str, str] = field(default_factory=dict)

    def __call__(self, piece: Piece) -> list[Batch]:
        return check_piece(piece, self.by_source.get(piece.source, self.preset))


@dataclass(frozen=True)
class AuditWork:
    """The audit of a piece (``resync``), as ``CheckWork`` for presets."""

    resync: str = "claimed"
    preset: str | None = None
    by_source: Mapping[str, str] = field(default_factory=dict)

    def __call__(self, piece: Piece) -> list[AuditItem]:
        preset = self.by_source.get(piece.source, self.preset)
        if preset is None:
            return auditor(self.resync)(piece)
        return audit_piece(piece, self.resync, preset)


def work_of(p: Plan | None) -> CheckWork | None:
    """The check's work under a plan (None: the plain check)."""
    if p is None:
        return None
    preset, by_source = p.presets()
    return CheckWork(preset, by_source) if preset or by_source else None


def audit_work_of(p: Plan | None, resync: str) -> AuditWork | None:
    if p is None:
        return None
    preset, by_source = p.presets()
    return AuditWork(resync, preset, by_source) if preset or by_source else None


__all__ = ["AuditWork", "CheckWork", "Plan", "Text", "audit_work_of", "plan", "work_of"]
