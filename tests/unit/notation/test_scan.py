"""``notation.ftn.scanner``: an event line read a character at a time gives the
record the parser builds from the grammar's line regex (``ftn.build.event``),
and None for every line that is no placement or knock without a comment; a
'deal', 'round' or 'result' line is found where the line regex finds it; the
parser gives the same items whichever way it reads lines (the compiled
core's way, or the regular expressions). Interpreted here: the same source
is what mypyc compiles."""

from __future__ import annotations

import random
import re

import pytest
from support.corpora import mutants as _mutants
from support.corpora import mutated
from support.paths import SAMPLES

import notation.ftn.reader as parser_module
from notation.ftn import scanner as scan
from notation.ftn import scanner as scanline
from notation.ftn.build import event, event_line
from notation.ftn.grammar import event_regexes, field_regex, line_regex
from notation.ftn.printer import print_games
from notation.ftn.reader import MAX_LINE, read_games
from notation.model import MAX_DIGITS, NO_COMMENTS, Knock, Placement

_LONG = re.compile(r"[0-9]{19}")


def by_regex(raw: str, line: int) -> Placement | Knock | None:
    """What the parser makes of a line by the grammar's line regex: the
    record of a placement or a knock without a comment (and without a
    number beyond the limit), else None."""
    if len(raw) > MAX_LINE or _LONG.search(raw):
        return None
    m = line_regex().fullmatch(raw)
    kind = None if m is None else m.lastgroup
    if m is None or kind not in ("PLACEMENT", "KNOCK"):
        return None
    return event(m.group(kind), m.start(kind), line, NO_COMMENTS, event_regexes())


def test_the_field_shapes_are_the_grammars() -> None:
    assert field_regex("SEAT").pattern == scan.SEAT_SHAPE
    assert field_regex("TILE").pattern == scan.TILE_SHAPE
    assert field_regex("NUMBER").pattern == scan.NUMBER_SHAPE
    assert scan.MAX_LINE == MAX_LINE and scan.MAX_DIGITS == MAX_DIGITS
    words = re.search(r"\(\?:([a-z|]+)\)", scan.SEAT_SHAPE)
    assert words is not None and set(words.group(1).split("|")) == scan.RESERVED


HAND = [
    # line, what the scan gives (None, or the record's fields by hand)
    ("  N 6-6 =12 +4 (4,0)", ("N", (6, 6), None, (12, 9), (4, None, False, 13), ((4, 0), 16), 3)),
    ("S 4-4 L =11 +0 (4,0)", ("S", (4, 4), "L", (11, 9), (0, None, False, 13), ((4, 0), 16), 1)),
    ("\tAb_1 12-3\tR", ("Ab_1", (12, 3), "R", None, None, None, 2)),
    ("N 3-3 over+10+1 (55,2)", ("N", (3, 3), None, None, (10, 1, True, 7), ((55, 2), 17), 1)),
    ("N 3-3 +2+1", ("N", (3, 3), None, None, (2, 1, False, 7), None, 1)),
    ("N 3-3   ", ("N", (3, 3), None, None, None, None, 1)),
    ("N 3-3 R=1", None), ("N 3-3 LR", None), ("N 3-3 =1=2", None), ("N 3-33-3", None),
    ("N 123-1", None), ("N 1-123", None), ("N -1", None), ("N 1-", None), ("knock 1-1", None),
    ("end 1-1", None), ("N 1-1 # c", None), ("N 1-1 (1,)", None), ("N 1-1 (1", None),
    ("N 1-1 +", None), ("N 1-1 over3", None), ("N 1-1 ove+3", None), ("N 1-1 (1)x", None),
    ("N 1-1 =" + "9" * 18, ("N", (1, 1), None, (10 ** 18 - 1, 7), None, None, 1)),
    ("N 1-1 =" + "9" * 19, None), ("N" + "1" * 19 + " 1-1", None), ("Ñ 1-1", None),
    ("N 1-1 " + " " * MAX_LINE, None), ("", None), ("   ", None),
]


@pytest.mark.parametrize(("raw", "want"), HAND)
def test_lines_by_hand(raw: str, want: tuple[object, ...] | None) -> None:
    got = scan.scan_event(raw, 7)
    assert got == by_regex(raw, 7)
    if want is None:
        assert got is None
        return
    assert isinstance(got, Placement)
    seat, tile, end, total, points, totals, col = want
    assert (got.seat, got.tile, got.end, got.line, got.col) == (seat, tile, end, 7, col)
    assert (got.end_total and tuple(got.end_total)) == total
    assert (got.points and tuple(got.points)) == points
    assert (got.totals and tuple(got.totals)) == totals


def test_knocks_by_hand() -> None:
    assert scan.scan_event("  W knock", 3) == Knock("W", 3, 3)
    got = scan.scan_event("W knock  (1,22,333,4444,5)\t", 3)
    assert got is not None and got.totals == ((1, 22, 333, 4444, 5), 10)
    for raw in ("W knock(1)", "W knockx", "W knock 1", "W knock (1) (2)", "W  knock  #"):
        assert scan.scan_event(raw, 3) is None and by_regex(raw, 3) is None


ALPHABET = [*" \t0123456789-+=(),LRNS_xo#\r", "over", "knock", "  ", "12", "123", "9" * 19,
            "game", "E", "\u00e9"]


def test_every_line_of_records_and_their_mutants_reads_as_by_the_regexes() -> None:
    rng = random.Random(11)
    text = mutated(4, 3) + "\n" + "\n".join(
        p.read_text("utf-8") for p in sorted(SAMPLES.rglob("*.ftn")))
    lines = text.split("\n")
    taken = 0
    for n, raw in enumerate(lines, 1):
        want = by_regex(raw, n)
        assert scan.scan_event(raw, n) == want, raw
        taken += want is not None
    for _ in range(40_000):
        chars = list(rng.choice(lines) if rng.random() < 0.8 else "")
        for _ in range(rng.randrange(4)):
            at = rng.randrange(len(chars) + 1)
            r = rng.random()
            if r < 0.4 or not chars:
                chars.insert(at, rng.choice(ALPHABET))
            elif r < 0.8:
                del chars[min(at, len(chars) - 1)]
            else:
                chars[min(at, len(chars) - 1)] = rng.choice(ALPHABET)
        raw = "".join(chars)
        want = by_regex(raw, 9)
        assert scan.scan_event(raw, 9) == want, raw
        taken += want is not None
    assert taken > 10_000  # most lines are events, and many mutants still are


def test_the_claims_are_shared_and_their_caches_of_fixed_size() -> None:
    a = scan.scan_event("N 1-1 =2 +0 (3,4)", 1)
    b = scan.scan_event("N 1-1 =2 +0 (3,4)", 2)
    assert isinstance(a, Placement) and isinstance(b, Placement)
    assert a.line == 1 and b.line == 2
    assert a.end_total is b.end_total and a.points is b.points and a.totals is b.totals
    # Many more claims than slots: each still the one its line says.
    for v in range(3 * scan._SLOTS):
        raw = f"N 1-1 ={v % 1500} +{v % 3000}+{v % 7} ({v % 1000},{v // 1000})"
        assert scan.scan_event(raw, 1) == by_regex(raw, 1)
    assert len(scan._END_TOTALS) == len(scan._POINTS) == len(scan._TOTALS) == scan._SLOTS


@pytest.mark.parametrize("seed", range(3))
def test_the_parser_reads_the_same_with_the_scanner_or_without(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    from verifier.rules.generate import generate_games

    rng = random.Random(seed)
    text = print_games(list(generate_games(2 + seed, 15, seed)))
    for variant in (text, _mutants(text, rng), _mutants(text, rng)):
        lines = variant.splitlines(keepends=True)
        with monkeypatch.context() as m:
            m.setattr(parser_module, "SCAN", True)
            scanned = list(read_games(lines, "t.ftn"))
        with monkeypatch.context() as m:
            m.setattr(parser_module, "SCAN", False)
            matched = list(read_games(lines, "t.ftn"))
        assert scanned == matched


def by_line_regex(raw: str) -> tuple[str, int, int] | None:
    """What the parser's line regex makes of a 'deal', 'round' or 'result'
    line the parser reads (kind and span), else None."""
    m = line_regex().fullmatch(raw) if len(raw) <= MAX_LINE else None
    if m is None or m.lastgroup not in ("DEAL", "ROUND", "RESULT"):
        return None
    kind = m.lastgroup
    if _LONG.search(raw, 0, m.end(kind)):
        return None
    return kind, m.start(kind), m.end(kind)


LINES_BY_HAND = [
    ("  deal N 6-6 6-3 ? 12-0", ("DEAL", 2, 23)), ("deal N ?", ("DEAL", 0, 8)),
    ("deal N", None), ("deal N 6-66", ("DEAL", 0, 11)), ("deal N 6-666", None),
    ("deal N 123-1", None), ("deal N ??", None), ("deal none 1-1", None), ("deal N 1-1 # c", None),
    ("round 12 opener Ab_1 ", ("ROUND", 0, 20)), ("round 1 opener", None),
    ("round x opener N", None), ("round 1 openerN", None), ("result", ("RESULT", 0, 6)),
    ("\tresult  ", ("RESULT", 1, 7)),
    ("result domino N (1,22)", ("RESULT", 0, 22)), ("result domino (1,2)", None),
    ("result blocked", ("RESULT", 0, 14)), ("result target (0)", ("RESULT", 0, 17)),
    ("result (3,4)", ("RESULT", 0, 12)), ("result blockedx", None), ("result (1,2) (3,4)", None),
    ("result domino end", None), ("round " + "9" * 19 + " opener N", None),
]


@pytest.mark.parametrize(("raw", "want"), LINES_BY_HAND)
def test_deal_round_and_result_lines_by_hand(raw: str,
                                             want: tuple[str, int, int] | None) -> None:
    assert scanline.scan_line(raw) == by_line_regex(raw) == want


def test_deal_round_and_result_lines_and_their_mutants_read_as_by_the_line_regex() -> None:
    rng = random.Random(12)
    text = mutated(4, 4) + "\n" + "\n".join(
        p.read_text("utf-8") for p in sorted(SAMPLES.rglob("*.ftn")))
    lines = text.split("\n")
    for raw in lines:
        assert scanline.scan_line(raw) == by_line_regex(raw), raw
    pool = [ln for ln in lines if ln.strip().startswith(("deal", "round", "result"))]
    words = ["deal", "domino", "blocked", "target", "result", "round", "opener", "?", "(1,2)",
             "(", ")", "6-6", "none", "9" * 19]
    taken = 0
    for _ in range(40_000):
        chars = list(rng.choice(pool) if rng.random() < 0.85 else "")
        for _ in range(rng.randrange(4)):
            at = rng.randrange(len(chars) + 1)
            r = rng.random()
            if r < 0.4 or not chars:
                chars.insert(at, rng.choice(ALPHABET + words))
            elif r < 0.8:
                del chars[min(at, len(chars) - 1)]
            else:
                chars[min(at, len(chars) - 1)] = rng.choice(ALPHABET + words)
        raw = "".join(chars)
        want = by_line_regex(raw)
        assert scanline.scan_line(raw) == want, raw
        taken += want is not None
    assert taken > 5_000


# The interpreted direct path (``build.event_line``) tells a plain totals
# claim without its regex: every tail it could get wrong, by hand.
TAILS = [
    "N 1-1 (1,2)", "N 1-1\t(1,2)", "N 1-1 \t (40,61)", "N 1-1 (1,2) ", "N 1-1 (1,2)\t",
    "N 1-1(1,2)", "N 1-1 (,1)", "N 1-1 (1,)", "N 1-1 (1,,2)", "N 1-1 ()", "N 1-1 (,)",
    "N 1-1 (" + "9" * 18 + ")", "N 1-1 (" + "9" * 19 + ")", "N 1-1 (1," + "9" * 17 + ")",
    "N 1-1 (1," + "9" * 18 + ")", "N 1-1 (\uff11)", "N 1-1 (\u0661,2)", "N 1-1 (\u00b2)",
    "N 1-1 (1 ,2)", "N 1-1 (1, 2)", "N 1-1 (-1)", "N 1-1 (1)(2)", "N 1-1 ((1)", "N 1-1 (1))",
    "N 1-1 (1)x", "N 1-1 =3 (3)", "N 1-1 +3 (3)", "N 1-1 =3 +3+1 (33,0,0)", "N knock (5)",
    "N knock(5)", "N knock (5,)", "N knock (5) ", "(1)", " (1)", "N (1)", "N 1-1 (1)\r",
]


@pytest.mark.parametrize("raw", TAILS)
def test_the_interpreted_path_reads_totals_as_the_regexes(raw: str) -> None:
    assert event_line(raw, 5, event_regexes()) == by_regex(raw, 5)


def test_the_interpreted_path_reads_every_line_as_the_regexes() -> None:
    rng = random.Random(12)
    regexes = event_regexes()
    lines = (mutated(4, 3) + "\n" + "\n".join(
        p.read_text("utf-8") for p in sorted(SAMPLES.rglob("*.ftn")))).split("\n")
    taken = 0
    for n, raw in enumerate(lines + [r for r, _ in HAND] + TAILS, 1):
        want = by_regex(raw, n)
        assert event_line(raw, n, regexes) == want, raw
        taken += want is not None
    for _ in range(20_000):
        chars = list(rng.choice(lines))
        for _ in range(rng.randrange(3)):
            at = rng.randrange(len(chars) + 1)
            chars.insert(at, rng.choice([*ALPHABET, ",", ")", "(", ",,", "\uff11"]))
        raw = "".join(chars)
        assert event_line(raw, 9, regexes) == by_regex(raw, 9), raw
    assert taken > 1_000
