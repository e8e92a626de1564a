"""JSON text as the tools write it: ``json.dumps(doc, ensure_ascii=False)``
compact (``separators=(",", ":")``) or indented (``indent=2``), byte for
byte, written by msgspec's encoder where it is installed.

Boundary: a document to its text, no more; what a document holds is its
writer's. msgspec writes what ``json`` writes for the values documents are
made of (dicts with string or integer keys, lists, tuples, strings, integers
of any size, True, False, None, int enums), with the same escapes and
separators. A document msgspec refuses (a lone surrogate such as a
``surrogateescape`` byte, a subclass of ``str``, a key that is None, a bool
or a tuple, an object neither writes) is written by ``json`` whole, for its
text or its error; a set, bytes or a dataclass, which ``json`` refuses and
msgspec writes, are in no document of the tools. Floats are not all written alike: msgspec writes
NaN and the infinities as ``null`` and the exponent form without its ``+``
and leading zero (``1e20``, ``1e-7`` for ``1e+20``, ``1e-07``, and
``0.00001`` for ``1e-05``); a float from ``1e-4`` to ``1e16`` is written
alike. A writer whose document may hold another float writes it with
``json`` (``indented_by_json``). msgspec is imported at the first document.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

_NOT_YET: Any = object()

#: What msgspec raises for a document it does not write (a lone surrogate is
#: a ``UnicodeEncodeError``, a ``ValueError``).
_REFUSED = (TypeError, ValueError, OverflowError, RecursionError)


def compact_by_json(doc: Any) -> str:
    """``json.dumps(doc, ensure_ascii=False, separators=(",", ":"))``."""
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":"))


def indented_by_json(doc: Any) -> str:
    """``json.dumps(doc, ensure_ascii=False, indent=2)``."""
    return json.dumps(doc, ensure_ascii=False, indent=2)


class _Writer:
    """One of the two texts: msgspec's (once loaded; None where it is not
    installed) where it writes the document, ``fallback``'s otherwise."""

    def __init__(self, indent: bool, fallback: Callable[[Any], str]) -> None:
        self.indent = indent
        self.fallback = fallback
        self.fast: Any = _NOT_YET

    def load(self) -> Callable[[Any], str] | None:
        """msgspec's writer (imported now), or None without msgspec."""
        try:
            from msgspec.json import Encoder, format
        except ImportError:  # pragma: no cover - msgspec is installed with the tools
            self.fast = None
            return None
        encode = Encoder().encode
        if self.indent:
            self.fast = lambda doc: format(encode(doc), indent=2).decode()
        else:
            self.fast = lambda doc: encode(doc).decode()
        return self.fast  # type: ignore[no-any-return]

    def __call__(self, doc: Any) -> str:
        fast = self.fast
        if fast is _NOT_YET:
            fast = self.load()
        if fast is not None:
            try:
                return fast(doc)  # type: ignore[no-any-return]
            except _REFUSED:
                pass
        return self.fallback(doc)


#: One document on one line: ``compact_by_json``'s text.
compact = _Writer(False, compact_by_json)

#: One document, each value on its line indented by two spaces a depth:
#: ``indented_by_json``'s text.
indented = _Writer(True, indented_by_json)
