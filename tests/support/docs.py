"""The manual's pages as the tests read them: a page of ``docs/`` and its
fenced code blocks, so that a test holds an example to what its page says
wherever the page lives. A plain module (``from support.docs import page``)."""

from __future__ import annotations

import re

from support.paths import ROOT

DOCS = ROOT / "docs"


def page(name: str) -> str:
    """The Markdown of ``docs/NAME`` (``"settings.md"``, ``"library/rules.md"``)."""
    return (DOCS / name).read_text(encoding="utf-8")


def blocks(text: str, lang: str = "") -> list[str]:
    """The fenced code blocks of ``text``; with ``lang``, those of that
    language only (``"python"``, ``"sh"``)."""
    info = re.escape(lang) if lang else "[a-z]*"
    return re.findall(rf"```{info}\n(.*?)```", text, re.S)
