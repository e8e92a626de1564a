"""One renderer family for every command that reports findings (``ftn check``,
``ftn audit``), chosen with ``--format``.

Boundary: formatting only. A renderer takes plain data, the ``Diagnostic``
values one at a time (``finding``), then the ``Summary`` (``finish``), or an
``AuditSummary`` (``audit``), plus a ``Context`` (the source-line lookup,
colour, width), and writes to a stream. It reads no file, judges nothing and
does not care where the findings came from. ``RENDERERS`` maps each format's
name to its renderer, whose module is imported when that format is first
asked for (a check in text loads neither JUnit's XML library nor SARIF's
rule book): adding a format is adding one module with one class and one
line here.

May import: ``audit``, ``replay``, ``rules``, ``files``, ``notation`` and the
registry of ``diagnostics`` and the ``rulebook``; nothing of the pipeline or
above it.
"""

from __future__ import annotations

import importlib
import shutil
from collections.abc import Iterator, Mapping
from typing import IO

from verifier.render.base import Context, Renderer, want_color


class _Renderers(Mapping[str, type[Renderer]]):
    """Format name to renderer class, each imported when first looked up."""

    def __init__(self, where: dict[str, str]) -> None:
        self._where = where  # name: "module:Class" in this package

    def __getitem__(self, name: str) -> type[Renderer]:
        module, cls = self._where[name].split(":")
        found: type[Renderer] = getattr(importlib.import_module(f".{module}", __name__), cls)
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(self._where)

    def __len__(self) -> int:
        return len(self._where)


#: Every output format: the name ``--format`` takes, its renderer, and what
#: it is for (the command line's help), one line each.
_REGISTRY = (
    ("text", "text:TextRenderer", "for people, with the source line"),
    ("concise", "concise:ConciseRenderer", "one line a finding"),
    ("json", "json:JsonRenderer", ""),
    ("jsonl", "jsonl:JsonlRenderer", "one finding a line, streamed"),
    ("github", "github:GithubRenderer", "GitHub Actions annotations"),
    ("sarif", "sarif:SarifRenderer", "SARIF 2.1.0, for code scanning"),
    ("junit", "junit:JunitRenderer", "JUnit XML"),
)
RENDERERS: Mapping[str, type[Renderer]] = _Renderers({n: where for n, where, _ in _REGISTRY})


def formats_help() -> str:
    """Every format with what it is for: "text (for people, ...), ... or junit (JUnit XML)"."""
    said = [f"{n} ({about})" if about else n for n, _, about in _REGISTRY]
    return ", ".join(said[:-1]) + " or " + said[-1]


def stream_context(color: str, out: IO[str], ctx: Context | None = None) -> Context:
    """``ctx`` (by default a new one) coloured as ``--color`` says for
    ``out`` and as wide as its terminal (no width when it is not one)."""
    ctx = Context() if ctx is None else ctx
    ctx.color = want_color(color, out)
    ctx.width = shutil.get_terminal_size().columns if out.isatty() else None
    return ctx


def for_stream(format: str, color: str, out: IO[str], ctx: Context | None = None) -> Renderer:
    """The renderer of ``format`` writing to ``out``, coloured as ``color``
    says (``--color``; only the formats for people are ever coloured)."""
    ctx = stream_context(color, out, ctx)
    ctx.color = ctx.color and format in ("text", "concise")
    return RENDERERS[format](out, ctx)


__all__ = ["RENDERERS", "for_stream", "formats_help", "stream_context"]
