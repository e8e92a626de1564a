"""Records read: the games of a file, a stream or a text, as data.

Boundary: part of ``verifier.api``; imports ``files`` and ``pipeline``'s
reader.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from verifier.files.formats import read
from verifier.files.inputs import read_text
from verifier.files.streams import InputError
from verifier.pipeline.jobs.load import read_any

if TYPE_CHECKING:
    from notation.model import Game
    from verifier.files.formats import Read

__all__ = ["games", "load", "read_games"]


def load(path: str | os.PathLike[str]) -> list[Game]:
    """The records of a file (FTN or JSON, ``-`` standard input, compressed or
    not), ready for ``Board.from_game``; InputError when the file or one of
    its games cannot be read (its place, code and message). ``read_text``
    gives the text, ``read_games`` the games one at a time with their
    problems."""
    name = os.fspath(path)
    return games(read_text(name), name)


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
    found, errors = read_any(text, name)
    if errors:
        d = errors[0]
        raise InputError(f"{d.source}:{d.line}:{d.col}: {d.code} {d.name}: {d.message}")
    return found

