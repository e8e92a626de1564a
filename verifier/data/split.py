"""``ftn select --split-by KEY``: one file per value of a tag, in a folder,
named so that no value can name a path outside it.

Boundary: the naming scheme (``file_stem``: a tag's value to a file name
that is safe on every common file system) and the writer of the folder's
files (``SplitFolder``: each file through a temporary file beside it and a
rename, all of them put in place at the end, none when the run fails). It
chooses no game and reads no record.

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

import hashlib
import os
import re
import tempfile
from pathlib import Path

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


class SplitFolder:
    """The files of a split, written into ``folder`` in format ``to``: each
    value's games appended to a temporary file (``.ftn-split.*.tmp``,
    opened only while written to: any number of values, few descriptors),
    then every file renamed into place by ``commit`` (a file of that name
    is replaced; a symbolic link of that name is replaced, not followed),
    or every temporary file removed by ``abort``. ``files`` maps each name
    to its value, in input order."""

    def __init__(self, folder: Path, to: str) -> None:
        self.folder, self.to = folder, to
        self.layout = NOTATIONS[to].layout
        self.files: dict[str, str | None] = {}
        self._name: dict[str | None, str] = {}
        self._folded: set[str] = set()
        self._tmp: dict[str, Path] = {}
        self._joiner: dict[str, Joiner] = {}

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

    def _append(self, name: str, text: str) -> None:
        tmp = self._tmp.get(name)
        if tmp is None:
            self.folder.mkdir(parents=True, exist_ok=True)
            fd, path = tempfile.mkstemp(prefix=".ftn-split.", suffix=".tmp", dir=self.folder)
            os.close(fd)
            tmp = self._tmp[name] = Path(path)
        with tmp.open("ab") as f:
            f.write(text.encode("utf-8"))

    def commit(self) -> None:
        """Every file ended, synced and renamed into place (WriteError when
        one cannot be)."""
        try:
            self._commit()
        except OSError as e:
            raise WriteError(f"{self.folder}: cannot write: {e.strerror or e}") from None

    def _commit(self) -> None:
        for name, joiner in self._joiner.items():
            self._append(name, joiner.end())
            with self._tmp[name].open("rb+") as f:
                os.fsync(f.fileno())
        for name, tmp in self._tmp.items():
            os.chmod(tmp, 0o666 & ~_umask())
            os.replace(tmp, self.folder / name)
        self._tmp.clear()

    def abort(self) -> None:
        """Every temporary file removed; nothing else touched."""
        for tmp in self._tmp.values():
            tmp.unlink(missing_ok=True)
        self._tmp.clear()


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
