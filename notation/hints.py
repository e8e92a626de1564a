"""Close matches for messages: the word a writer probably meant.

Boundary: given a word and the words that could stand in its place, says
which ones it is close to (``close_matches``, the one test of closeness
every "did you mean" of the tools goes through) and words the hint
(``offer``, and the message endings ``did_you_mean`` and ``aside``), for
the reader's, the checker's, the settings' and the filters' messages. It
decides nothing about validity and reads no record.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence

#: How alike two words must be (``difflib``'s ratio) to be offered.
CUTOFF = 0.6


def close_matches(word: str, choices: Iterable[str], n: int = 2) -> list[str]:
    """The (at most ``n``) choices ``word`` is a likely slip of, best first:
    the same word in another case, else ``difflib``'s close matches."""
    options = [c for c in dict.fromkeys(choices) if c != word]
    same_case = [c for c in options if c.lower() == word.lower()]
    if same_case:
        return same_case[:n]
    return difflib.get_close_matches(word, options, n, CUTOFF)


def offer(found: Sequence[str], quote: str = "'", sep: str = " or ") -> str:
    """``"did you mean 'X' or 'Y'?"`` for the words found, else ``""``."""
    if not found:
        return ""
    return "did you mean " + sep.join(f"{quote}{c}{quote}" for c in found) + "?"


def suggestion(word: str, choices: Iterable[str], quote: str = "'", n: int = 2) -> str:
    """``"did you mean 'X'?"`` (or ``'X' or 'Y'``) for a close match, else ``""``."""
    return offer(close_matches(word, choices, n), quote)


def did_you_mean(word: str, choices: Iterable[str], quote: str = "'", n: int = 2) -> str:
    """``"; did you mean 'X'?"`` for a close match (to end a message), else ``""``."""
    found = suggestion(word, choices, quote, n)
    return "; " + found if found else ""


def aside(word: str, choices: Iterable[str], quote: str = "'", n: int = 2) -> str:
    """``" (did you mean 'X'?)"`` for a close match (inside a message), else ``""``."""
    found = suggestion(word, choices, quote, n)
    return f" ({found})" if found else ""
