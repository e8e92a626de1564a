"""JSON texts decoded by msgspec where it gives the values ``json`` gives.

Boundary: a text to a Python value, no more: the limits, the errors and
their places are ``json.text``'s, the records ``json.form``'s.

msgspec (installed with the tools on CPython) decodes a text about twice as
fast as the standard library, and to the same values: the same dicts (the
last of equal keys kept, in the same order), lists, strings, integers of
any size, True, False and None; its numbers with a fraction or an exponent
go to the same hook. A text it refuses is the fallback's to read, for its
value or its error (lone surrogates, NaN, trailing text, depth among them).
It is imported at the first text (it loads ``typing``, ``decimal`` and
more: a tenth of the start-up of a check that reads no JSON).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

_NOT_YET: Any = object()


class Decode:
    """``fallback(text)``'s value, by msgspec (``fast``, once loaded; None
    where it is not installed) when it reads the text; ``float_hook`` is
    what ``fallback`` does with such numbers."""

    def __init__(self, float_hook: Callable[[str], Any], fallback: Callable[[str], Any]) -> None:
        self.float_hook = float_hook
        self.fallback = fallback
        self.fast: Any = _NOT_YET

    def load(self) -> Callable[[str], Any] | None:
        """msgspec's decoder (imported now), or None without msgspec."""
        try:
            from msgspec.json import Decoder
        except ImportError:  # pragma: no cover - msgspec is installed with the tools
            self.fast = None
        else:
            self.fast = Decoder(float_hook=self.float_hook).decode
        return self.fast  # type: ignore[no-any-return]

    def __call__(self, text: str) -> Any:
        fast = self.fast
        if fast is _NOT_YET:
            fast = self.load()
        if fast is not None:
            try:
                return fast(text)
            except (ValueError, RecursionError):  # (msgspec.DecodeError is a ValueError)
                pass
        return self.fallback(text)
