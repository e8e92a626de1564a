"""Close matches for messages: the word a writer probably meant.

Boundary: given a word and the words that could stand in its place, says
which one (or two) it is close to, for "did you mean" hints in the reader's
and the checker's messages. It decides nothing about validity and reads no
record.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

#: How alike two words must be (``difflib``'s ratio) to be offered.
CUTOFF = 0.6


def close_matches(word: str, choices: Iterable[str], n: int = 2) -> list[str]:
    """The choices ``word`` is a likely slip of, best first: the same word
    in another case, else ``difflib``'s close matches."""
    options = [c for c in dict.fromkeys(choices) if c != word]
    same_case = [c for c in options if c.lower() == word.lower()]
    if same_case:
        return same_case[:n]
    return difflib.get_close_matches(word, options, n, CUTOFF)


def suggestion(word: str, choices: Iterable[str], quote: str = "'") -> str:
    """``"did you mean 'X'?"`` (or ``'X' or 'Y'``) for a close match, else ``""``."""
    found = close_matches(word, choices)
    if not found:
        return ""
    return "did you mean " + " or ".join(f"{quote}{c}{quote}" for c in found) + "?"


def did_you_mean(word: str, choices: Iterable[str], quote: str = "'") -> str:
    """``"; did you mean 'X'?"`` for a close match (to end a message), else ``""``."""
    found = suggestion(word, choices, quote)
    return "; " + found if found else ""


def aside(word: str, choices: Iterable[str], quote: str = "'") -> str:
    """``" (did you mean 'X'?)"`` for a close match (inside a message), else ``""``."""
    found = suggestion(word, choices, quote)
    return f" ({found})" if found else ""
