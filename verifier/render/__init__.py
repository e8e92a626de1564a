"""One renderer family for every command that reports findings (``ftn check``,
``ftn audit``), chosen with ``--format``.

Boundary: formatting only. A renderer takes plain data, the ``Diagnostic``
values one at a time (``finding``), then the ``Summary`` (``finish``), or an
``AuditSummary`` (``audit``), plus a ``Context`` (the source-line lookup,
colour, width), and writes to a stream. It reads no file, judges nothing and
does not care where the findings came from. ``FORMATS`` maps each format's
name to its ``OutputFormat``: what the format is for, how a command treats
it, and its renderer, whose module is imported when that format is first
asked for (a check in text loads neither JUnit's XML library nor SARIF's
rule book): adding a format is adding one module with one class and one
line here. ``trace`` draws the reference replay (``ftn replay``'s table
and JSON) from its typed trace.

May import: ``pipeline.results`` (the plain data it formats: a check's
``Summary`` and ``Context``), ``audit``, ``replay``, ``rules``, ``files``,
``notation`` and the registry of ``diagnostics`` and the ``rulebook``;
nothing of the commands above it.
"""

from __future__ import annotations

import importlib
import shutil
from collections.abc import Mapping
from typing import IO

from verifier.pipeline.results import Context
from verifier.render.base import Renderer, want_color


class OutputFormat:
    """One format of ``--format``: its name, its renderer (``module``:
    the module of this package that holds it, imported when first used),
    what it is for (the command line's help) and how a command treats it:
    ``for_people`` (coloured, and closed by a line that says the count),
    ``keeps_lines`` (written at the end: it keeps every finding's source
    line), ``shows_unknowns`` (it can say why each unknown claim is
    unknown). A plain class: a dataclass compiles its methods when it is
    made, which every command's start-up would pay."""

    __slots__ = ("about", "for_people", "keeps_lines", "module", "name", "renderer_name",
                 "shows_unknowns")

    def __init__(self, name: str, module: str, renderer_name: str, about: str = "", *,
                 for_people: bool = False, keeps_lines: bool = False,
                 shows_unknowns: bool = False) -> None:
        self.name, self.module, self.renderer_name, self.about = (
            name, module, renderer_name, about)
        self.for_people, self.keeps_lines = for_people, keeps_lines
        self.shows_unknowns = shows_unknowns

    @property
    def renderer(self) -> type[Renderer]:
        """The renderer's class (its module imported now if it was not)."""
        found: type[Renderer] = getattr(
            importlib.import_module(f".{self.module}", __name__), self.renderer_name)
        return found


#: Every output format by the name ``--format`` takes, one line each.
FORMATS: Mapping[str, OutputFormat] = {f.name: f for f in (
    OutputFormat("text", "text", "TextRenderer", "for people, with the source line",
                 for_people=True, shows_unknowns=True),
    OutputFormat("concise", "concise", "ConciseRenderer", "one line a finding",
                 for_people=True, shows_unknowns=True),
    OutputFormat("json", "json", "JsonRenderer", shows_unknowns=True),
    OutputFormat("jsonl", "jsonl", "JsonlRenderer", "one finding a line, streamed",
                 shows_unknowns=True),
    OutputFormat("github", "github", "GithubRenderer", "GitHub Actions annotations"),
    OutputFormat("sarif", "sarif", "SarifRenderer", "SARIF 2.1.0, for code scanning"),
    OutputFormat("junit", "junit", "JunitRenderer", "JUnit XML", keeps_lines=True),
)}


def formats_help() -> str:
    """Every format with what it is for: "text (for people, ...), ... or junit (JUnit XML)"."""
    said = [f"{f.name} ({f.about})" if f.about else f.name for f in FORMATS.values()]
    return ", ".join(said[:-1]) + " or " + said[-1]


def stream_context(color: str, out: IO[str], ctx: Context | None = None) -> Context:
    """``ctx`` (by default a new one) coloured as ``--color`` says for
    ``out`` and as wide as its terminal (no width when it is not one)."""
    ctx = Context() if ctx is None else ctx
    ctx.color = want_color(color, out)
    ctx.width = shutil.get_terminal_size().columns if out.isatty() else None
    return ctx


def for_stream(format: OutputFormat, color: str, out: IO[str],
               ctx: Context | None = None) -> Renderer:
    """The renderer of ``format`` writing to ``out``, coloured as ``color``
    says (``--color``; only the formats for people are ever coloured)."""
    ctx = stream_context(color, out, ctx)
    ctx.color = ctx.color and format.for_people
    return format.renderer(out, ctx)


__all__ = ["FORMATS", "OutputFormat", "for_stream", "formats_help", "stream_context"]
