"""One place for the line shapes: what the reader takes from ``ftn.lark``, and
its copies of it, checked against the grammar.

* ``grammar.line_order``, the game rule as a table (the order of a game's
  lines), derived from the grammar: against Lark's LALR parser of the
  grammar, the same next kinds after every order of lines up to a depth;
  and derived anew from a grammar of another game rule;
* ``build.event`` (an event line taken apart into its fields) on the lines
  the PLACEMENT and KNOCK terminals match;
* ``diagnose._SHAPES`` (the shapes it walks to point at a wrong character)
  against the line terminals: the words of each shape are the terminal's.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from lark import Lark, Token

from notation.ftn import grammar
from notation.ftn.build import event
from notation.ftn.diagnose import _SHAPES, KEYWORDS
from notation.ftn.grammar import LINE_TERMINALS, event_regexes, grammar_text, line_order, line_regex
from notation.ftn.printer import event_text
from notation.model import NO_COMMENTS, EndTotalClaim, Placement, PointsClaim, TotalsClaim

KINDS = ("GAME", "TAG", "ROUND", "DEAL", "EVENTS", "RESULT", "WINNER", "END")


def _table_next(prefix: tuple[str, ...]) -> set[str]:
    table = line_order()
    state = 0
    for kind in prefix:
        state = table[state][kind]
    return set(table[state])


def test_the_table_of_line_orders_is_the_grammar_s_game_rule() -> None:
    lark = Lark(grammar_text(), parser="lalr", lexer="basic", start="game")
    seen = 0
    first: Any = lark.parse_interactive(start="game")
    frontier: list[tuple[tuple[str, ...], Any]] = [((), first)]
    for _ in range(7):
        grown: list[tuple[tuple[str, ...], Any]] = []
        for prefix, parser in frontier:
            accepts = parser.accepts()
            by_grammar = {k for k in KINDS if k in accepts}
            assert by_grammar == _table_next(prefix), prefix
            seen += 1
            for kind in sorted(by_grammar - {"END"}):
                nxt = parser.copy()
                nxt.feed_token(Token(kind, "x"))
                grown.append(((*prefix, kind), nxt))
        frontier = grown
    assert seen > 100


def test_the_table_of_line_orders_is_the_least_one_by_hand() -> None:
    # 0 before 'game'; 1 after it or a tag; 2 after 'end'; 3 after a round
    # line or a deal; 4 after 'winner'; 5 after events; 6 after 'result'.
    after_round = {"ROUND": 3, "WINNER": 4, "END": 2}
    assert line_order() == (
        {"GAME": 1}, {"TAG": 1, **after_round}, {},
        {"DEAL": 3, "EVENTS": 5, "RESULT": 6, **after_round}, {"END": 2},
        {"RESULT": 6, **after_round}, after_round)


def test_the_table_follows_the_grammar_s_game_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    """Derived from the grammar, not written beside it: a grammar whose
    rounds must each have their result, and may have no deal, gives the
    table of that rule."""
    text = grammar_text()
    rule = "round: ROUND DEAL* EVENTS? RESULT?"
    assert rule in text
    monkeypatch.setattr(grammar, "grammar_text",
                        lambda: text.replace(rule, "round: ROUND EVENTS? RESULT"))
    # 0 before 'game'; 1 after it or a tag; 2 after 'end'; 3 after a round
    # line; 4 after 'winner'; 5 after events; 6 after 'result'.
    after_result = {"ROUND": 3, "WINNER": 4, "END": 2}
    assert grammar._lark_order() == (
        {"GAME": 1}, {"TAG": 1, **after_result}, {}, {"EVENTS": 5, "RESULT": 6}, {"END": 2},
        {"RESULT": 6}, after_result)


def _event_lines(rng: random.Random, n: int) -> list[str]:
    seats = ["N", "S", "P12", "x_1", "game", "knock", "none", "Nn"]
    parts = ["6-3", "12-11", "L", "R", "r", "=7", "=", "+3", "+2+1", "over+3", "over",
             "(1,2)", "(1, 2)", "()", "knock", "?", "#c", "+", "6-", "123-4"]
    lines = []
    for _ in range(n):
        words = [rng.choice(seats)] + [rng.choice(parts) for _ in range(rng.randint(0, 5))]
        lines.append(rng.choice(["", "  ", "\t"]) + rng.choice([" ", "\t", "  "]).join(words)
                     + rng.choice(["", " ", "\t"]))
    return lines


def test_an_event_line_the_grammar_matches_is_taken_apart_into_its_fields() -> None:
    """``build.event`` takes the fields of an event line apart by words, the
    line's kind told by the grammar's line regex: every field printed back
    is the word it was read from, and every place is that word's."""
    fullmatch = line_regex().fullmatch
    lines = _event_lines(random.Random(21), 20_000)
    kinds = {"PLACEMENT": 0, "KNOCK": 0}
    for line in lines:
        m = fullmatch(line)
        kind = None if m is None else m.lastgroup
        if m is None or kind not in kinds:
            continue
        kinds[kind] += 1
        record = event(m.group(kind), m.start(kind), 3, NO_COMMENTS, event_regexes())
        assert type(record).__name__ == kind.title(), line
        assert event_text(record) == " ".join(line.split()), line
        assert line[record.col - 1:].startswith(record.seat), line
        signs: list[tuple[TotalsClaim | EndTotalClaim | PointsClaim | None, str]] = [
            (record.totals, "(")]
        if isinstance(record, Placement):
            signs += [(record.end_total, "="), (record.points, "+o")]
        for claim, sign in signs:
            assert claim is None or line[claim.col - 1] in sign, (line, claim)
    assert min(kinds.values()) > 100  # both shapes were met


def test_the_words_of_each_diagnosed_shape_are_the_grammar_s() -> None:
    text = grammar_text()
    terminal = {name: next(line for line in text.split("\n") if line.startswith(f"{name}:"))
                for name in LINE_TERMINALS}
    owner = {"game": "GAME", "end": "END", "round": "ROUND", "deal": "DEAL",
             "result": "RESULT", "winner": "WINNER", "event": "PLACEMENT"}
    assert set(_SHAPES) == set(owner)
    for shape, steps in _SHAPES.items():
        for alts, _ in steps:
            for alt in alts:
                if alt.startswith("'"):
                    word = alt[1:-1]
                    line = terminal["KNOCK"] if word == "knock" else terminal[owner[shape]]
                    assert f'"{word}"' in line, (shape, word)
                else:
                    assert alt in text, alt
    # The words that begin lines are the keywords the hints offer.
    assert set(KEYWORDS) == {k for k in owner if k != "event"}
