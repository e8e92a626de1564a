"""The compiled grammar of FTN (``ftn.lark``), built once, lazily.

Boundary: loads the grammar, compiles Lark's LALR parser over it (with the
record builder of ``build`` inline) and the regular expressions of its line
and field terminals. It reads no record and reports nothing.

No cache: Lark's ``cache=True`` unpickles a file with a predictable name in
the shared temporary folder, which another user of the machine could plant
(code run as whoever next runs ``ftn``). Building the parser each run costs
about 40 ms at start-up (a one-game ``ftn check``: 0.46 s with the cache,
0.50 s without); no file is ever loaded.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from importlib import resources

from lark import Lark

from .build import KNOCK_FIELDS, PLACEMENT_FIELDS, _Build

# order only saves time).
LINE_TERMINALS = (
    "PLACEMENT", "KNOCK", "DEAL", "ROUND", "RESULT", "TAG", "GAME", "END", "WINNER",
)

#: What each token kind is called in messages.



def grammar_text() -> str:
    """The text of ``ftn.lark``, the grammar of FTN."""
    return resources.files(__package__).joinpath("ftn.lark").read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def _lark() -> Lark:
    return Lark(
        grammar_text(),
        parser="lalr",
        lexer="basic",
        start=["start", "game", "field"],
        transformer=_Build(),
        cache=False,  # never a pickle from a shared folder (see above)
    )


@lru_cache(maxsize=1)
def _line_regex() -> re.Pattern[str]:
    lark = _lark()
    alts = "|".join(
        f"(?P<{name}>{lark.get_terminal(name).pattern.to_regexp()})" for name in LINE_TERMINALS
    )
    return re.compile(rf"[ \t]*(?:{alts}|(?P<COMMENT>#.*))[ \t]*(?:#(?P<TRAIL>.*))?")


@cache
def field_regex(name: str) -> re.Pattern[str]:
    """The compiled regular expression of one field terminal of the grammar."""
    return re.compile(_lark().get_terminal(name).pattern.to_regexp())


@cache
def event_regexes() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """A placement line and a knock line, with their fields as groups
    (``build.PLACEMENT_FIELDS``, ``build.KNOCK_FIELDS``), made of the
    grammar's own SEAT and TILE terminals. What they match in full is what
    the line regex matches as PLACEMENT or KNOCK without a trailing comment."""
    fields = {"SEAT": field_regex("SEAT").pattern, "TILE": field_regex("TILE").pattern}
    return (re.compile(PLACEMENT_FIELDS.format(**fields)),
            re.compile(KNOCK_FIELDS.format(**fields)))
