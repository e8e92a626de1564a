"""``ftn select --split-by KEY``: one file per value of a tag, in a folder,
named so that no value can name a path outside it.

Boundary: the naming scheme (``file_stem``: a tag's value to a file name
that is safe on every common file system) and the writer of the folder's
files (``SplitFolder``: the files written aside and put in place together
at the end, as ``ftn export``'s tables, none when the run fails; the
folder's earlier split replaced whole, named by its ``MANIFEST``; a folder
that holds other files is refused, ``foreign``). It chooses no game and
reads no record.

The scheme, for the value of the first tag KEY of a game (its words
joined by a space):

- ASCII letters, digits, ``-`` and ``_`` stay; a ``.`` or a space stays
  when it is neither the first nor the last character; every other
  character (``/``, ``\\``, ``:``, NUL, control characters, ``%``, ``~``,
  parentheses, anything not ASCII) is written ``%XX`` for each byte of its
  UTF-8 (``Zoë``: ``Zo%C3%AB``; ``../x``: ``%2E.%2Fx``). The encoding is
  one to one, so two values never share a name, and no name is ``.``,
  ``..``, holds a separator or ends in a dot or a space.
- A name that Windows reserves (``CON``, ``NUL``, ``COM1``... whatever the
  case or extension) has its first character written ``%XX``.
- A name longer than ``MAX_STEM`` characters is cut and ends in ``~`` and
  16 hexadecimal digits of a hash of the whole value.
- The games without the tag go to ``(none)``, those whose value is empty
  to ``(empty)``: parentheses are always encoded in a value's name, so
  neither can be one.
- Two names that differ only in case (one file on a case-insensitive file
  system) are kept apart: the later value, in input order, gets ``~2``
  (``~3``...) after its name.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
from pathlib import Path

from verifier.files.folder import FileSet
from verifier.files.formats import NOTATIONS
from verifier.files.outputs import WriteError
from verifier.pipeline.jobs.rewrite import Joiner, Part

#: The longest name made of a value (before its extension).
MAX_STEM = 100
#: Where the games without the tag go, and those whose value is empty.
NONE_STEM, EMPTY_STEM = "(none)", "(empty)"
#: The names Windows reserves for devices, with any extension.
RESERVED = frozenset({"CON", "PRN", "AUX", "NUL", *(f"COM{i}" for i in range(1, 10)),
                      *(f"LPT{i}" for i in range(1, 10))})
_KEPT = re.compile(r"[A-Za-z0-9_-]")


def _encoded(ch: str) -> str:
    return "".join(f"%{b:02X}" for b in ch.encode("utf-8", "surrogatepass"))


def file_stem(value: str | None) -> str:
    """The name (without its extension) of the file of the games whose tag
    has ``value`` (None: the games without the tag); the module's scheme."""
    if value is None:
        return NONE_STEM
    if not value:
        return EMPTY_STEM
    last = len(value) - 1
    stem = "".join(ch if _KEPT.match(ch) or (ch in ". " and 0 < i < last) else _encoded(ch)
                   for i, ch in enumerate(value))
    if stem.split(".")[0].upper() in RESERVED:
        stem = _encoded(stem[0]) + stem[1:]
    if len(stem) > MAX_STEM:
        digest = hashlib.blake2b(value.encode("utf-8", "surrogatepass"), digest_size=8)
        stem = stem[: MAX_STEM - 17] + "~" + digest.hexdigest()
    return stem


#: The list of a split's files, kept in its folder (one name a line): what
#: the next split into that folder may replace.
MANIFEST = ".ftn-split"


def previous_split(folder: Path) -> set[str]:
    """The files of the earlier split that ``folder`` holds: its
    ``MANIFEST``'s names (none without one)."""
    try:
        text = (folder / MANIFEST).read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError):
        return set()
    return {n for n in text.split("\n") if n and "/" not in n and n not in (".", "..")}


def foreign(folder: Path) -> list[str]:
    """The files in ``folder`` that are not of an earlier split (its
    ``MANIFEST``'s, the manifest itself, and temporary files a split left
    when it was killed), sorted."""
    try:
        there = os.listdir(folder)
    except FileNotFoundError:
        return []
    ours = previous_split(folder) | {MANIFEST}
    return sorted(n for n in there if n not in ours
                  and not (n.startswith(".ftn-split.") and n.endswith(".tmp")))


class SplitFolder:
    """The files of a split, written into ``folder`` in format ``to``: each
    value's games appended to its file in a staging folder beside it
    (``files.folder.FileSet``: opened only while written to, so any number
    of values takes few descriptors), then the whole set, with its
    ``MANIFEST``, put in place by ``commit`` as ``ftn export`` puts its
    tables (a folder that holds an earlier split alone is swapped with the
    new one in one step where the system can, and the earlier split's files
    are gone either way), or every file of it removed by ``abort``. The
    folder must hold no file but an earlier split's (``foreign``: checked
    before, ``data.select.split_folder``). ``files`` maps each name to its
    value, in input order."""

    def __init__(self, folder: Path, to: str) -> None:
        self.folder, self.to = folder, to
        self.layout = NOTATIONS[to].layout
        self.files: dict[str, str | None] = {}
        self._name: dict[str | None, str] = {}
        self._folded: set[str] = set()
        self._path: dict[str, Path] = {}
        self._joiner: dict[str, Joiner] = {}
        self._set: FileSet | None = None

    def name_of(self, value: str | None) -> str:
        """The file name of ``value`` (the module's scheme, kept apart from
        the names given before it whatever the case)."""
        name = self._name.get(value)
        if name is not None:
            return name
        stem = file_stem(value)
        name, n = f"{stem}.{self.to}", 1
        while name.casefold() in self._folded:
            n += 1
            name = f"{stem}~{n}.{self.to}"
        self._folded.add(name.casefold())
        self._name[value] = name
        self.files[name] = value
        return name

    def write(self, value: str | None, texts: list[str]) -> None:
        """More games of ``value``, in canonical form (WriteError when they
        cannot be written)."""
        name = self.name_of(value)
        joiner = self._joiner.setdefault(name, Joiner(self.layout))
        try:
            self._append(name, joiner.add(Part(self.layout.sep.join(texts), len(texts))))
        except OSError as e:
            raise WriteError(f"{self.folder / name}: cannot write: {e.strerror or e}") from None

    def _fileset(self) -> FileSet:
        if self._set is None:
            self._set = FileSet(self.folder, (), keep=False)
        return self._set

    def _append(self, name: str, text: str) -> None:
        path = self._path.get(name)
        if path is None:
            path = self._path[name] = self._fileset().place(name)
        with path.open("ab") as f:
            f.write(text.encode("utf-8"))

    def commit(self) -> None:
        """Every file ended, then the set and its manifest put in place, the
        earlier split's files gone (WriteError when it cannot be)."""
        try:
            self._commit()
        except OSError as e:
            raise WriteError(f"{e.filename or self.folder}: cannot write: "
                             f"{e.strerror or e}") from None

    def _commit(self) -> None:
        for name, joiner in self._joiner.items():
            self._append(name, joiner.end())
        earlier = previous_split(self.folder)
        files = self._fileset()
        files.open(MANIFEST).write("".join(f"{n}\n" for n in self.files).encode("utf-8"))
        files.owned = earlier | set(self.files) | {MANIFEST}
        files.commit()
        self._set = None
        for name in earlier - set(self.files):  # (gone already where the folders were swapped)
            with contextlib.suppress(FileNotFoundError):
                (self.folder / name).unlink()

    def abort(self) -> None:
        """Every file of the set removed; nothing else touched."""
        if self._set is not None:
            self._set.abort()
            self._set = None
