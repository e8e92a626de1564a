"""The compiled grammar of FTN (``ftn.lark``), built once, lazily.

Boundary: loads the grammar, compiles Lark's LALR parser over it (with the
record builder of ``ftn.build`` inline), the regular expressions of its line
and field terminals, and the table of its game rule. It reads no record and
reports nothing.

The parser tables are kept beside this package's byte-code (the folder
Python writes this module's ``.pyc`` to, ``__pycache__`` unless
``PYTHONPYCACHEPREFIX`` says otherwise), so that start-up does not compile
the grammar each run (about 35 ms of a one-game ``ftn check``):

* never Lark's own ``cache=True``, which unpickles a file with a predictable
  name in the shared temporary folder (another user of the machine could
  plant one); nothing is unpickled: the tables are JSON, read as data;
* the file's name holds a hash of ``ftn.lark``, the Lark version and the
  options, so that a table of another grammar or Lark is never read; its
  first line is the SHA-256 of the rest, so that a damaged file is never
  used;
* written only where Python may write byte-code (not under
  ``PYTHONDONTWRITEBYTECODE``), through a temporary file and a rename; when
  the folder cannot be written (a read-only install), or the file cannot be
  read, the grammar is compiled as before, and nothing is said.

Beside the tables, what the reader takes from the grammar is kept the same
way (``.derived``): the terminals' regular expressions, and the game rule
as the table of a game's line orders (derived from Lark's LALR states), so
that reading records that follow the grammar needs no Lark at all: Lark is
imported, and its parser loaded, only when a line is out of place
(``ftn.reader`` hands it the game then), which saves about 90 ms of a
one-game ``ftn check``.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import re
import sys
import zlib
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any, Final, cast

from notation.ftn.build import KNOCK_GROUPS, PLACEMENT_GROUPS, EventRegexes, _Build
from notation.model import MAX_DIGITS

if TYPE_CHECKING:  # Lark itself is imported when first needed (about 50 ms)
    from lark import Lark
    from lark.exceptions import UnexpectedToken

# The line terminals, most frequent first (they exclude each other, so the
# order only saves time).
LINE_TERMINALS = (
    "PLACEMENT", "KNOCK", "DEAL", "ROUND", "RESULT", "TAG", "GAME", "END", "WINNER",
)

#: How the parser is built; part of the tables' key.
_OPTIONS: dict[str, Any] = {
    "parser": "lalr", "lexer": "basic", "start": ["start", "game", "field"],
}
#: Bumped when the file's layout changes.
_LAYOUT = "1"


def grammar_text() -> str:
    """The text of ``ftn.lark``, the grammar of FTN."""
    try:  # a package in a folder, as installed: no need for the import system
        with open(os.path.join(os.path.dirname(__file__), "ftn.lark"), encoding="utf-8") as f:
            return f.read()
    except OSError:  # elsewhere (a zip file): through the import system
        from importlib import resources

        return resources.files(__package__).joinpath("ftn.lark").read_text(encoding="utf-8")


@cache
def _lark_version() -> str:
    """Lark's version, read from its package without importing it."""
    spec = importlib.util.find_spec("lark")
    try:
        assert spec is not None and spec.origin is not None
        with open(spec.origin, encoding="utf-8") as f:
            found = re.search(r"""^__version__\s*(?::\s*str\s*)?=\s*["']([^"']+)["']""",
                              f.read(), re.M)
        if found:
            return found.group(1)
    except (AssertionError, OSError, UnicodeDecodeError):
        pass
    import lark  # a layout of its own: ask it

    return str(lark.__version__)


def tables_path(text: str, folder: str | None = None) -> str | None:
    """Where the parser tables of grammar ``text`` are kept (``folder``, by
    default this module's byte-code folder), or None where Python keeps no
    byte-code."""
    if folder is None:
        try:
            folder = os.path.dirname(importlib.util.cache_from_source(__file__))
        except (NotImplementedError, ValueError):  # no cache tag: no byte-code
            return None
    parts = (_LAYOUT, _lark_version(), json.dumps(_OPTIONS, sort_keys=True), text)
    key = _sha256(b"".join(part.encode("utf-8") + b"\0" for part in parts))
    return os.path.join(folder, f"ftn.lark.{key[:20]}.tables")


def _sha256(data: bytes) -> str:
    """The SHA-256 of ``data``, in hex: the names of the kept files and the
    digest on their first line. (``hashlib`` is imported here, not with this
    module: it loads OpenSSL, about 11 M instructions, 2% of a one-game
    check, which reads no kept file when the shipped derived form is of
    its grammar.)"""
    import hashlib

    return hashlib.sha256(data).hexdigest()


# JSON keeps no tuple and no dictionary key but a string: every dictionary of
# the tables is written as {"o": {...}} (string keys) or {"p": [[key, value],
# ...]}, and every tuple as {"t": [...]}, so that reading gives back exactly
# what was written.


def _encode(x: Any) -> Any:
    if isinstance(x, dict):
        if all(isinstance(k, str) for k in x):
            return {"o": {k: _encode(v) for k, v in x.items()}}
        return {"p": [[_encode(k), _encode(v)] for k, v in x.items()]}
    if isinstance(x, tuple):
        return {"t": [_encode(v) for v in x]}
    if isinstance(x, list):
        return [_encode(v) for v in x]
    if x is None or isinstance(x, (str, int, float)):
        return x
    raise TypeError(f"not JSON data: {type(x).__name__}")


def _decode(x: Any) -> Any:
    if isinstance(x, list):
        return [_decode(v) for v in x]
    if isinstance(x, dict):
        ((tag, body),) = x.items()
        if tag == "o":
            return {k: _decode(v) for k, v in body.items()}
        if tag == "p":
            return {_decode(k): _decode(v) for k, v in body}
        if tag == "t":
            return tuple(_decode(v) for v in body)
        raise ValueError(f"unknown tag {tag!r}")
    return x


def _compile(text: str) -> Lark:
    from lark import Lark

    # cache=False: never a pickle from a shared folder (see above). The
    # builder is a plain class: Lark only looks its callbacks up by name.
    return Lark(text, transformer=cast(Any, _Build()), cache=False, **_OPTIONS)


def _tables(parser: Lark) -> dict[str, Any]:
    """The parser's tables as data (what ``Lark.save`` pickles)."""
    from lark.grammar import Rule
    from lark.lark import _LOAD_ALLOWED_OPTIONS  # the options given again when loading
    from lark.lexer import TerminalDef

    data, memo = parser.memo_serialize([TerminalDef, Rule])
    data["options"] = {k: v for k, v in data["options"].items() if k not in _LOAD_ALLOWED_OPTIONS}
    return {"data": data, "memo": memo}


def _load(path: str) -> Lark | None:
    """The parser from its tables, or None when there is no sound file."""
    try:
        with open(path, encoding="utf-8") as f:
            digest, _, body = f.read().partition("\n")
        if _sha256(body.encode("utf-8")) != digest:
            return None
        tables = _decode(json.loads(body))
        from lark import Lark

        return Lark.__new__(Lark)._load(tables, transformer=cast(Any, _Build()))
    except Exception:  # missing, unreadable or not ours: compile instead
        return None


def _save(parser: Lark, path: str) -> None:
    """Write the parser's tables to ``path``, and remove the tables of other
    grammars or Lark versions beside it; any failure leaves no file."""
    tables = _tables(parser)
    body = json.dumps(_encode(tables), separators=(",", ":"))
    if _decode(json.loads(body)) != tables:  # pragma: no cover - data JSON cannot keep
        return
    _write_kept(path, body)


def _write_kept(path: str, body: str) -> None:
    """Write ``body`` under its digest to ``path`` (through a temporary file and
    a rename), and remove the kept files of other grammars or Lark versions
    beside it; any failure leaves no file."""
    tmp = f"{path}.{os.getpid()}.tmp"
    suffix = path[path.rindex("."):]
    try:
        folder = os.path.dirname(path)
        os.makedirs(folder, exist_ok=True)
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(_sha256(body.encode("utf-8")) + "\n" + body)
        os.replace(tmp, path)
        for name in os.listdir(folder):
            old = os.path.join(folder, name)
            if (name.startswith("ftn.lark.") and name.endswith(suffix) and old != path
                    and old != PACKAGED):
                with contextlib.suppress(OSError):
                    os.unlink(old)
    except Exception:  # a read-only install, a full disk...: compile next time too
        with contextlib.suppress(OSError):
            os.unlink(tmp)


def build_parser(folder: str | None = None, write: bool | None = None) -> Lark:
    """The LALR parser of ``ftn.lark``: from its tables when they are kept
    (in ``folder``, by default the byte-code folder), else compiled, and
    its tables written when ``write`` (by default: when Python writes
    byte-code)."""
    text = grammar_text()
    path = tables_path(text, folder)
    parser = _load(path) if path is not None else None
    if parser is None:
        parser = _compile(text)
        if write is None:
            write = not sys.dont_write_bytecode
        if path is not None and write:
            _save(parser, path)
    return parser


@lru_cache(maxsize=1)
def _lark() -> Lark:
    return build_parser()


def unexpected_token() -> type[UnexpectedToken]:
    """Lark's error for a token out of place (imported when one is caught)."""
    from lark.exceptions import UnexpectedToken

    return UnexpectedToken


#: The order of a game's lines as a table: for each state (0: before its
#: 'game' line), the kinds of line that may come next and the state after
#: each. A state with no row may end the game.
LineOrder = tuple[dict[str, int], ...]


class Derived:
    """What Lark makes of the grammar, kept so that reading records that
    follow it needs no Lark: every terminal's regular expression, and the
    game rule (``game`` and ``round``) as the table of its line orders.
    (A plain class: every command that reads FTN makes this one at
    start-up, where a dataclass's methods would be compiled from source.)"""

    __slots__ = ("order", "terminals")

    def __init__(self, terminals: dict[str, str], order: LineOrder) -> None:
        self.terminals: Final = terminals
        self.order: Final = order

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Derived) and self.terminals == other.terminals
                and self.order == other.order)


@lru_cache(maxsize=1)
def derived() -> Derived:
    """What Lark makes of the grammar: shipped with the package
    (``PACKAGED``), when it is of this grammar's text; else kept beside the
    tables (``.derived``, with the same checks), written where Lark was
    asked, so that Lark is needed only where neither is found (a grammar
    changed since it was shipped, where Python keeps no byte-code). The
    shipped one is looked for first: it is found by the grammar's text
    alone, the kept one by the tables' name, which holds Lark's version
    (read from Lark's source, about a quarter of the cost of the whole)."""
    text = grammar_text()
    found = packaged(text)
    if found is not None:
        return found
    tables = tables_path(text)
    path = None if tables is None else tables[: -len(".tables")] + ".derived"
    if path is not None:
        found = _kept(path)
        if found is not None:
            return found
    found = lark_derived()
    if path is not None and not sys.dont_write_bytecode:
        _write_kept(path, json.dumps(_as_json(found), sort_keys=True))
    return found


def _kept(path: str) -> Derived | None:
    """What is kept at ``path``, or None when there is no sound file."""
    try:
        with open(path, encoding="utf-8") as f:
            digest, _, body = f.read().partition("\n")
        if _sha256(body.encode("utf-8")) == digest:
            return _as_derived(json.loads(body))
    except (OSError, ValueError):  # missing, unreadable or not ours: ask Lark
        pass
    return None


def terminals() -> dict[str, str]:
    """Every terminal of the grammar: its name and its regular expression."""
    return derived().terminals


def line_order() -> LineOrder:
    """The grammar's game rule as the table of a game's line orders."""
    return derived().order


#: What Lark makes of the grammar, shipped with the package:
#: ``{"grammar_crc32": CRC-32 of ftn.lark, "terminals": {name: regex},
#: "order": [{kind: state}, ...]}`` (JSON; not named ``.json``, so that a
#: walk for records skips it), written by ``python tests/support/derived.py``;
#: a test holds it to what Lark makes of the grammar.
PACKAGED = os.path.join(os.path.dirname(__file__), "ftn.lark.derived")


def lark_derived() -> Derived:
    """The terminals and the line orders as Lark makes them of the grammar."""
    return Derived({t.name: t.pattern.to_regexp() for t in _lark().terminals}, _lark_order())


def _lark_order() -> LineOrder:
    """The game rule as a table: the states of Lark's LALR parser of the
    ``game`` rule after each order of line tokens (a state: its stack),
    found by feeding it every kind it accepts, then merged where they allow
    the same orders after them (the least table)."""
    from lark import Lark
    from lark.lexer import Token

    start: Any = Lark(grammar_text(), parser="lalr", lexer="basic",
                      start="game").parse_interactive(start="game")
    keys: dict[tuple[int, ...], int] = {tuple(start.parser_state.state_stack): 0}
    parsers = [start]
    moves: list[dict[str, int]] = []
    ends: list[bool] = []
    for parser in parsers:  # (grows as states are found)
        accepts = parser.accepts()
        ends.append("$END" in accepts)
        row: dict[str, int] = {}
        for kind in sorted(accepts - {"$END"}):
            nxt = parser.copy()
            nxt.feed_token(Token(kind, ""))
            key = tuple(nxt.parser_state.state_stack)
            if key not in keys:
                keys[key] = len(parsers)
                parsers.append(nxt)
            row[kind] = keys[key]
        moves.append(row)
    return _least(moves, ends)


def _least(moves: list[dict[str, int]], ends: list[bool]) -> LineOrder:
    """The least table of the same line orders as ``moves`` (state 0 the
    start; ``ends``: where a game may end), its states numbered in the
    order they are first reached."""
    group = [int(e) for e in ends]
    while True:  # split the groups by where their moves lead, until none splits
        marks = [(group[s], tuple((k, group[t]) for k, t in sorted(moves[s].items())))
                 for s in range(len(moves))]
        numbers = {m: i for i, m in enumerate(dict.fromkeys(marks))}
        split = [numbers[m] for m in marks]
        if len(numbers) == len(set(group)):
            break
        group = split
    order: dict[int, int] = {group[0]: 0}
    rows: list[dict[str, int]] = []
    first = {g: s for s, g in reversed(list(enumerate(group)))}
    while len(rows) < len(order):
        state = first[next(g for g, n in order.items() if n == len(rows))]
        row = {}
        for kind, to in sorted(moves[state].items()):
            row[kind] = order.setdefault(group[to], len(order))
        rows.append(row)
    return tuple(rows)


def packaged(text: str) -> Derived | None:
    """What is shipped, when it is of grammar ``text``."""
    try:
        with open(PACKAGED, encoding="utf-8") as f:
            shipped = json.load(f)
    except (OSError, ValueError):
        return None
    if not isinstance(shipped, dict) or shipped.pop("grammar_crc32", None) != _crc32(text):
        return None
    return _as_derived(shipped)


def _crc32(text: str) -> int:
    """The CRC-32 of the grammar's text, by which the shipped derived form
    is known to be of it: it tells a grammar changed since (by a slip, in a
    checkout) from the one shipped, which is not a question of trust (the
    file is the package's own), and costs no OpenSSL (``_sha256``)."""
    return zlib.crc32(text.encode("utf-8"))


def _as_json(found: Derived) -> dict[str, Any]:
    return {"terminals": found.terminals, "order": list(found.order)}


def _as_derived(x: Any) -> Derived | None:
    """The ``Derived`` of its JSON form, or None when ``x`` is not one."""
    if not isinstance(x, dict) or set(x) != {"terminals", "order"}:
        return None
    terminals, order = x["terminals"], x["order"]
    if not (isinstance(terminals, dict) and all(
            isinstance(k, str) and isinstance(v, str) for k, v in terminals.items())):
        return None
    if not (isinstance(order, list) and order and all(
            isinstance(row, dict) and all(
                isinstance(k, str) and type(v) is int and 0 <= v < len(order)
                for k, v in row.items()) for row in order)):
        return None
    return Derived(terminals, tuple(order))


def write_packaged() -> None:
    """Write ``PACKAGED`` for the grammar as it is."""
    text = grammar_text()
    body = {"grammar_crc32": _crc32(text),
            **_as_json(lark_derived())}
    tmp = PACKAGED + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(body, f, indent=1, sort_keys=True)
        f.write("\n")
    os.replace(tmp, PACKAGED)


@lru_cache(maxsize=1)
def line_regex() -> re.Pattern[str]:
    """One line of FTN: a group per line terminal of the grammar (``LINE_TERMINALS``),
    ``COMMENT`` for a comment line and ``TRAIL`` for a trailing comment (a
    comment holds no CR or LF, as the grammar's COMMENT says)."""
    known = terminals()
    alts = "|".join(f"(?P<{name}>{known[name]})" for name in LINE_TERMINALS)
    return re.compile(
        rf"[ \t]*(?:{alts}|(?P<COMMENT>#[^\r\n]*))[ \t]*(?:#(?P<TRAIL>[^\r\n]*))?")


@cache
def field_regex(name: str) -> re.Pattern[str]:
    """The compiled regular expression of one field terminal of the grammar."""
    return re.compile(terminals()[name])


def with_groups(name: str, fields: tuple[str, ...]) -> str:
    """The regular expression of terminal ``name`` with each of ``fields``
    (terminals it is made of, in the order they stand in it) a named group:
    the terminal's own text, each field's text found in it and put in a
    group. Raises ValueError where a field's text is not found, or is
    followed by a repeat (a group there would change what it matches)."""
    known = terminals()
    text = known[name]
    parts: list[str] = []
    at = 0
    for field in fields:
        found = text.find(known[field], at)
        after = found + len(known[field])
        if found < 0 or text[after:after + 1] in ("?", "*", "+", "{"):
            raise ValueError(f"the grammar's {name} terminal holds no {field} to take as a group")
        parts += [text[at:found], f"(?P<{field}>", known[field], ")"]
        at = after
    parts.append(text[at:])
    return "".join(parts)


@cache
def event_regexes() -> EventRegexes:
    """Of the grammar's terminals: a placement line and a knock line, blanks
    around them, their fields as named groups (``ftn.build.PLACEMENT_GROUPS``,
    ``KNOCK_GROUPS``: ``with_groups``), so that the regular expression
    engine takes an event line apart (``ftn.build.event``); and the totals
    at the end of one (blanks, the totals as a group, blanks; a number of
    at most ``MAX_DIGITS`` digits), so that ``ftn.build.event_line`` reads
    an event line as its head and its totals."""
    known = terminals()
    totals = known["TOTALS"].replace(known["NUMBER"], f"[0-9]{{1,{MAX_DIGITS}}}")
    found = []
    for name, fields in (("PLACEMENT", PLACEMENT_GROUPS), ("KNOCK", KNOCK_GROUPS)):
        regex = re.compile(rf"[ \t]*(?:{with_groups(name, fields)})[ \t]*")
        if regex.groups != len(fields):  # ``placement`` and ``knock`` take them in order
            raise ValueError(f"the grammar's {name} terminal holds groups of its own")
        found.append(regex)
    return (found[0], found[1], re.compile(rf"[ \t]+({totals})[ \t]*"))
