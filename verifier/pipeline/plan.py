"""The settings of a run's inputs (``settings``).

Boundary: lists a run's inputs as the driver does (``input_names``), each
named path walked without the globs of its settings' ``extend-exclude``,
and gives each input the settings of its folder (``Plan``). The jobs
(``jobs``) apply them: the check's sink drops the findings that ``select``
and ``ignore`` leave out, and the work takes the preset of records without
a ``[rules]`` tag. It reads no record and renders nothing.
"""


from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from verifier.diagnostics import BY_CODE, Diagnostic
from verifier.files.inputs import walked_links
from verifier.files.streams import InputError
from verifier.pipeline.driver import input_names, label_of
from verifier.pipeline.settings import Overrides, Resolver, Settings, describe

ALL = frozenset(BY_CODE)


@dataclass
class Plan:
    """Every input of a run and the settings it is judged by; ``run`` holds
    the run-wide keys (``format``, ``jobs``: the first input's settings);
    ``linked``, the inputs that a directory walk found as symbolic links
    (``files.inputs.walked_links``: never written through)."""

    names: list[str] = field(default_factory=list)
    unreadable: list[InputError] = field(default_factory=list)
    run: Settings = field(default_factory=Settings)
    by_label: dict[str, Settings] = field(default_factory=dict)
    linked: frozenset[str] = frozenset()

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

    def described(self) -> str:
        """The settings each input is judged by, and where each value comes
        from, one block for each different settings (``ftn check
        --show-settings``)."""
        return describe(self.distinct())

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
    out.linked = walked_links(paths, out.names)
    out.run = out.by_label[label_of(out.names[0])] if out.names else r.for_path(
        paths[0] if paths else "-")
    return out
