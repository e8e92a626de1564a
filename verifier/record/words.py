"""What a scorer types and is told in ``ftn record``.

Boundary: words only, no game state. It reads what is typed (a hand, a
move, a command), and says back what the rules make of it: an event's
score as a board counts it ("fifteen for 8", ``count_words``), a refusal
with the rule book's words (``refusal``), the header of a new record
(``header_lines``, checked as a record's header is read), a hand's
``deal`` line (``deal_line``, checked against the set and the hands dealt
before it). Free text written into the file (a move's comment, a player's
name) is one line of plain text: what is typed with a line end or another
control character in it is refused, with what to type (``control_in``).
``game`` keeps the game; the CLI asks and prints. No I/O.
"""

from __future__ import annotations

import re

from notation.ftn.printer import tag_text
from notation.model import Game, Tag
from verifier import rulebook
from verifier.diagnostics import Diagnostic
from verifier.rules.scoring import Placed, Scored
from verifier.rules.start import SEAT_RE, Setup, read_header
from verifier.rules.tiles import deal_problems

TILE = re.compile(r"(\d{1,2})-(\d{1,2})\Z")
_PAIR = re.compile(r"(\d)(\d)\Z")
COMMANDS = ("undo", "show", "help", "quit", "close")

#: What one line of plain text in the file cannot hold: the C0 controls but
#: the tab (CR and LF among them: a line end would start a line of its own,
#: and a CR alone is a syntax error, SPEC §1), DEL, the C1 controls, the
#: Unicode line and paragraph separators (line ends to many editors), the
#: bidirectional controls (which reorder what is shown), and a lone surrogate
#: (a byte that was not UTF-8, which no UTF-8 file can hold).
_CONTROL = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069"
                      "\ud800-\udfff]")
_NAMED = {"\r": "a carriage return (CR)", "\n": "a line end (LF: a second line)",
          "\x1b": "an escape character (ESC)", "\x00": "a NUL character",
          "\x7f": "a DEL character", "\u2028": "a line separator (U+2028)",
          "\u2029": "a paragraph separator (U+2029)"}


def control_in(text: str) -> tuple[int, str] | None:
    """The first character of ``text`` that one line of plain text cannot
    hold: its index and its name in words ("a carriage return (CR)"); None
    when there is none (a tab is text, as a blank is)."""
    m = _CONTROL.search(text)
    if m is None:
        return None
    c = m.group()
    if "\ud800" <= c <= "\udfff":
        name = "a byte that is not UTF-8"
    elif "\u202a" <= c <= "\u202e" or "\u2066" <= c <= "\u2069":
        name = f"a text direction control (U+{ord(c):04X})"
    else:
        name = _NAMED.get(c, f"the control character U+{ord(c):04X}")
    return m.start(), name


_ONES = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
         "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
         "eighteen", "nineteen")
_TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")


def number_words(n: int) -> str:
    """``15`` as "fifteen", ``42`` as "forty-two" (0 to 99; digits beyond)."""
    if 0 <= n < 20:
        return _ONES[n]
    if 20 <= n < 100:
        return _TENS[n // 10] + ("" if n % 10 == 0 else "-" + _ONES[n % 10])
    return str(n)


def count_words(placed: Placed, scored: Scored, setup: Setup) -> str:
    """An event's score as a board counts it: "fifteen for 8", "nine for 3,
    and 1 for the domino: 4", "seven, no score"; then what is pegged, or why
    nothing is (R8.2), or that the side wins (R8.4)."""
    words = number_words(placed.end_total)
    side = setup.side_names[scored.side]
    said = f"{words} for {placed.points}" if placed.points else f"{words}, no score"
    if placed.bonus:
        said += f", and {placed.bonus} for the domino"
        if placed.points:
            said += f": {scored.amount}"
    if not scored.amount:
        return said
    target = setup.rules.target
    if not scored.credited:
        before = scored.total
        return (f"{said}; but {before} + {scored.amount} = {before + scored.amount} is past "
                f"{target}: {side} pegs nothing (R8.2)")
    before = scored.total - scored.amount
    said += f"; {side} pegs {scored.amount}: {before} to {scored.total}"
    if scored.won:
        said += f"; {side} reaches {target} and wins (R8.4)"
    return said


def refusal(d: Diagnostic) -> str:
    """Why a move or deal is refused: the finding and the rules it cites, in
    the rule book's words."""
    out = [f"refused: {d.message}"]
    for rule_id in rulebook.expand(d.rule):
        rule = rulebook.get(rule_id)
        if rule is not None:
            out.append(f"  {rule.id}: {rule.title}")
    return "\n".join(out)


# --------------------------------------------------------------------------
# The header.


def header_lines(seats: list[str], players: list[str], preset: str | None,
                 options: list[tuple[str, str]], first: str | None) -> list[str]:
    """The header of a new record, from its ``game`` line on (ValueError,
    with what to type, when the set-up is impossible)."""
    for s in seats:
        if not SEAT_RE.match(s):
            raise ValueError(f"{s!r} cannot name a seat: a letter, then letters, digits or _, "
                             "and not a word of FTN (game, end, round, deal, result, winner, "
                             "knock, none)")
    if len(set(seats)) != len(seats):
        raise ValueError("each seat needs its own name")
    for s, p in zip(seats, players, strict=True):
        bad = control_in(p)
        if bad is not None:
            raise ValueError(f"the name of the player at {s} holds {bad[1]}: a name is one "
                             "line of plain text; type it again")
    tags = [Tag("ftn", ("1",))]
    tags += [Tag("seat", (s, p) if p else (s,)) for s, p in zip(seats, players, strict=True)]
    if first is not None:
        tags.append(Tag("first", (first,)))
    if preset is not None and preset != "pagat":
        tags.append(Tag("rules", (preset,)))
    tags += [Tag("rule", (k, v)) for k, v in options]
    found = read_header(Game(tuple(tags)))
    if not isinstance(found, Setup):
        problems = [found] if not isinstance(found, list) else found
        raise ValueError("; ".join(p.message for p in problems))
    return ["game", *(tag_text(t) for t in tags)]


def parse_tiles(text: str, setup: Setup) -> list[tuple[int, int] | None] | str:
    """A hand as typed ("6-6 6-3 ...", "66 63 ..." on sets up to double-nine,
    "?" for a tile not known; "unknown" or nothing: the whole hand), or what
    is wrong with it."""
    rules = setup.rules
    bad = control_in(text)
    if bad is not None:
        return (f"what was typed holds {bad[1]} at column {bad[0] + 1}: a hand is one line of "
                "tiles like 6-3; type it again")
    words = text.replace(",", " ").split()
    if not words or [w.lower() for w in words] == ["unknown"]:
        return [None] * rules.hand_size
    tiles: list[tuple[int, int] | None] = []
    for w in words:
        tile = parse_tile(w, setup)
        if tile is None and w != "?":
            return f"{w!r} is not a tile: write tiles like 6-3, '?' for one not known"
        tiles.append(tile)
    if len(tiles) != rules.hand_size:
        return (f"{len(tiles)} tiles; a hand is {rules.hand_size} (R2.1): write '?' for a tile "
                "not known, or 'unknown' for the whole hand")
    return tiles


def parse_tile(word: str, setup: Setup) -> tuple[int, int] | None:
    m = TILE.match(word) or (_PAIR.match(word) if setup.rules.max_pip <= 9 else None)
    return None if m is None else (int(m.group(1)), int(m.group(2)))


def deal_line(seat: str, tiles: list[tuple[int, int] | None],
              dealt: dict[str, list[tuple[int, int]]], setup: Setup) -> str:
    """The ``deal`` line of a hand (``dealt``: the known tiles of the hands
    dealt before it this round, by seat), or ValueError with the rule it
    breaks."""
    known = {**dealt, seat: [t for t in tiles if t is not None]}
    hands = [known.get(name, []) for name in setup.names]
    problems = deal_problems(setup.rules, hands, setup.names, complete=False)
    if problems:
        rule = rulebook.get("R2.2")
        raise ValueError(f"refused: {problems[0][1]}" + (f"\n  R2.2: {rule.title}" if rule else ""))
    return f"  deal {seat} " + " ".join("?" if t is None else f"{t[0]}-{t[1]}" for t in tiles)


HELP = """Type a move and press Enter:
  6-4 L      the tile 6-4 at the left end (R at the right; leave it out when it
             fits one end only); a lead is just the tile: its order is left-right
  knock      the seat cannot place (R4.4); a knock that is forced is written for you
  6-4 L # a note   a comment, kept on the line (one line: each line typed or
             pasted is an answer of its own)
  undo       take back the last move or hand
  show       the position again
  close      end the record here, unfinished ("winner none")
  quit       stop; ftn record --resume FILE goes on later (Ctrl-D too)"""


def parse_move(text: str, seat: str, setup: Setup) -> tuple[str, str | None] | str:
    """A move as typed: the event text ("S 6-4 L", "S knock") and its
    comment; or a command ("undo", ...); or, for what cannot be read, a
    message that says what to type (a string starting "?"). What is typed
    is one line: one with a line end or another control character in it
    (a paste of several lines given whole, a CR from a pipe) is refused,
    never split into lines or written."""
    bad = control_in(text)
    if bad is not None:
        return (f"?what was typed holds {bad[1]} at column {bad[0] + 1}: a move and its "
                "comment are one line of plain text; type it again, like 6-3 R # a note")
    body, _, comment = text.partition("#")
    words = body.split()
    if not words:
        return "?type a move, like 6-3 L or knock ('help' lists what to type)"
    if len(words) == 1 and words[0].lower() in COMMANDS:
        return words[0].lower()
    who = seat
    if words[0] in setup.names and len(words) > 1:
        who, words = words[0], words[1:]
    comment_text = comment.rstrip() if comment.strip() else None
    if [w.lower() for w in words] in (["knock"], ["k"], ["pass"]):
        return f"{who} knock", comment_text
    tile = parse_tile(words[0], setup)
    if tile is None or len(words) > 2:
        return (f"?{body.strip()!r} is not a move: type a tile and an end, like 6-3 L, or "
                "knock ('help' lists what to type)")
    end = ""
    if len(words) == 2:
        end = {"l": "L", "left": "L", "r": "R", "right": "R"}.get(words[1].lower(), "")
        if not end:
            return f"?{words[1]!r} is not an end: L (left) or R (right)"
    return f"{who} {tile[0]}-{tile[1]}" + (f" {end}" if end else ""), comment_text
