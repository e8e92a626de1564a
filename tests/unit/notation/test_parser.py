"""Tests of notation.ftn.reader (and of the grammar file it compiles)."""

from __future__ import annotations

import io
import random

import pytest
from support.corpora import mutants as _mutants
from support.paths import SAMPLES

import notation.ftn.reader as parser_module
from notation.ftn.diagnose import diagnose_line
from notation.ftn.grammar import grammar_text
from notation.ftn.printer import print_games
from notation.ftn.reader import FtnSyntaxError, Item, ParseError, parse, parse_games, read_games
from notation.model import Comments, EndTotalClaim, Game, Knock, Placement, PointsClaim, TotalsClaim

SMALL = """\
# leading
game  # the game line
[ftn "1"]
[seat "N" "Ann"]
[seat "S" "Sam \\"the tile\\" #1"]
[first "N"]
round 1 opener N
  deal N 6-6 6-3 5-5 4-1 2-0 3-3 1-1
  deal S 6-4 3-1 5-0 2-2 4-4 6-2 ?
  N 6-6 =12 +4 (4,0)
  # before S
  S\t6-4   L =16 +0 (4,0)  # trailing
  N knock
  S 3-1 over+2+1
  result blocked (4,0)
winner N (61,40)
end
# closing
"""


def only_game(text: str) -> Game:
    games = parse_games(text)
    assert len(games) == 1
    return games[0]


def test_grammar_file_has_a_header_comment() -> None:
    text = grammar_text()
    assert text.startswith("// FTN 1 - Fives and Threes Notation")
    assert "Boundary:" in text


def test_elements_and_positions() -> None:
    g = only_game(SMALL)
    assert (g.line, g.col, g.end_line) == (2, 1, 17)
    assert g.comments == Comments((" leading",), " the game line")
    assert [t.key for t in g.tags] == ["ftn", "seat", "seat", "first"]
    assert g.tags[2].values == ("S", 'Sam "the tile" #1')
    rnd = g.rounds[0]
    assert (rnd.number, rnd.opener, rnd.line) == (1, "N", 7)
    assert rnd.deals[1].tiles[-1] is None  # "?" is an unknown tile
    assert rnd.deals[0].tiles[0] == (6, 6)
    e1, e2, e3, e4 = rnd.events
    assert e1 == Placement(
        "N", (6, 6), None, EndTotalClaim(12, 9), PointsClaim(4, None, False, 13),
        TotalsClaim((4, 0), 16), 10, 3,
    )
    assert isinstance(e2, Placement)
    assert (e2.line, e2.col, e2.end) == (12, 3, "L")
    # Columns count characters: the tab is one, the run of blanks three.
    assert e2.end_total == EndTotalClaim(16, 13)
    assert e2.comments == Comments((" before S",), " trailing")
    assert e3 == Knock("N", 13, 3)
    assert isinstance(e4, Placement) and e4.points == PointsClaim(2, 1, True, 9)
    assert e4.points.total == 3
    assert rnd.result is not None and rnd.result.totals == TotalsClaim((4, 0), 18)
    assert g.winner is not None and g.winner.side == "N"
    assert g.winner.totals == TotalsClaim((61, 40), 10)
    assert g.closing == (" closing",)


def test_bom_and_crlf() -> None:
    g = only_game("\ufeff" + SMALL.replace("\n", "\r\n"))
    assert g == only_game(SMALL)


def test_reads_from_a_stream_one_game_at_a_time() -> None:
    stream = io.StringIO(SMALL + SMALL)
    items = read_games(stream)
    first = next(items)
    assert isinstance(first, Game) and first.line == 2
    rest = list(items)
    assert len(rest) == 1 and isinstance(rest[0], Game) and rest[0].line == 20


@pytest.mark.parametrize(
    ("line", "col", "message"),
    [
        ("  N 6-6 X", 9, "unexpected 'X'"),
        ("  N 6-6 =1x", 11, "unexpected 'x' in '=1x'"),
        ("  N 6-6x", 8, "unexpected 'x' in '6-6x'"),
        ("  N knock L", 11, "unexpected 'L'"),
        ("  deal N", 9, "the line ends too soon"),
        ("  result domino", 16, "the line ends too soon"),
        ('[seat "N" "A\\q"]', 13, "bad escape in a string"),
        ('[event "a\\ud800"]', 10, "a lone surrogate escape in a string"),
        ('[event "\\udc00\\ud800"]', 9, "a lone surrogate escape in a string"),
        ("[Seat]", 2, "a header tag starts with its name"),
    ],
)
def test_syntax_error_points_at_the_offending_character(line: str, col: int, message: str) -> None:
    off, msg, expected = diagnose_line(line)
    assert (off + 1, msg) == (col, message)
    assert expected


def test_syntax_error_in_a_game_reports_and_reads_on() -> None:
    broken = SMALL.replace("  N knock", "  N knock L")
    items = parse(broken + SMALL)
    assert [type(i).__name__ for i in items] == ["ParseError", "Game"]
    err = items[0]
    assert isinstance(err, ParseError)
    assert (err.line, err.col, err.game) == (13, 11, 1)
    assert "the end of the line" in err.expected


def test_line_out_of_place() -> None:
    text = SMALL.replace("  deal N 6-6", "  N 6-6 =12\n  deal N 6-6")
    err = parse(text)[0]
    assert isinstance(err, ParseError)
    assert err.message == "a 'deal' line cannot stand here"
    assert (err.line, err.col) == (9, 3)


def test_event_before_any_round() -> None:
    err = parse("game\n[ftn \"1\"]\nN 6-6\nend\n")[0]
    assert isinstance(err, ParseError)
    assert err.message == "an event (a placement or a knock) cannot stand here"
    assert (err.line, err.col) == (3, 1)


def test_missing_end_and_text_outside_games() -> None:
    items = parse("hello\ngame\n[ftn \"1\"]\ngame\nend\n")
    assert isinstance(items[0], ParseError) and (items[0].line, items[0].game) == (1, 0)
    assert isinstance(items[1], ParseError) and items[1].line == 4
    assert "'end'" in items[1].message
    assert isinstance(items[2], Game)
    tail = parse("game\n[ftn \"1\"]\n")
    assert isinstance(tail[0], ParseError) and tail[0].message == "the file ends inside a game"


def test_reserved_words_are_not_seats() -> None:
    err = parse("game\nround 1 opener knock\nend\n")[0]
    assert isinstance(err, ParseError) and err.line == 2


def test_parse_games_raises_typed_error() -> None:
    with pytest.raises(FtnSyntaxError) as e:
        parse_games("game\nnonsense here\nend\n", "x.ftn")
    assert str(e.value) == "x.ftn:2:10: unexpected 'here'"
    assert e.value.error.line == 2


def test_every_sample_parses_or_fails_only_where_it_says() -> None:
    for path in sorted(SAMPLES.rglob("*.ftn")):
        items = parse(path.read_text(encoding="utf-8"), str(path))
        errors = [i for i in items if isinstance(i, ParseError)]
        text = path.read_text(encoding="utf-8")
        assert len(errors) == text.count("# expect: syntax-error "), path

def test_surrogate_escapes_only_in_pairs() -> None:
    """A tag value is Unicode text: a surrogate escape stands only in a pair
    (high, then low), which reads as one character; a lone one is a syntax
    error, since no UTF-8 file could hold the value read."""
    head = 'game\n[ftn "1"]\n[seat "N"]\n[seat "S"]\n[first "N"]\n'
    game = only_game(head + '[event "\\ud83d\\ude00 \\uDBFF\\uDFFF"]\nend\n')
    assert game.tags[-1].values == ("\U0001f600 \U0010ffff",)
    for bad in ("\\ud800", "\\udfff", "\\ude00\\ud83d", "\\ud83d\\u0041"):
        (err,) = parse(head + f'[event "{bad}"]\nend\n')
        assert isinstance(err, ParseError) and (err.line, err.col) == (6, 9), bad
        assert err.message == "a lone surrogate escape in a string"


# --------------------------------------------------------------------------
# Limits (SPEC.md 10): syntax errors that cost only their game.

OK_GAME = 'game\n[ftn "1"]\nend\n'


def _errors(text: str) -> list[tuple[int, int, str]]:
    return [(i.line, i.col, i.message) for i in parse(text) if isinstance(i, ParseError)]


def test_a_number_over_18_digits_is_a_syntax_error() -> None:
    text = "game\nround " + "1" * 4301 + " opener N\nend\n" + OK_GAME
    assert _errors(text) == [(2, 7, "a number of more than 18 digits")]
    assert sum(isinstance(i, Game) for i in parse(text)) == 1  # the next game is read
    # 18 digits are a number; in a claim at the end of a long placement line too.
    assert _errors("game\nround " + "9" * 18 + " opener N\nend\n") == []
    long = "game\nround 1 opener N\n  deal N 6-6\n  N 6-6 =12 +4 (4," + "7" * 19 + ")\nend\n"
    assert _errors(long) == [(4, 19, "a number of more than 18 digits")]


def test_digits_in_a_tag_string_are_text() -> None:
    assert _errors('game\n[event "' + "1" * 40 + '"]\nend\n') == []


def test_a_line_over_10000_characters_is_a_syntax_error() -> None:
    text = "game\n#" + "x" * 10_000 + "\nend\n" + OK_GAME
    assert _errors(text) == [
        (2, 10_001, "a line of 10001 characters: longer than the limit of 10000")]
    assert _errors("game\n#" + "x" * 9_999 + "\nend\n") == []  # 10,000 is fine


def test_a_game_over_10000_rounds_is_a_syntax_error() -> None:
    rounds = "".join(f"round {n} opener N\n" for n in range(1, 10_002))
    text = 'game\n[ftn "1"]\n' + rounds + "end\n" + OK_GAME
    assert _errors(text) == [(10_003, 1, "a game of more than 10000 rounds")]
    assert sum(isinstance(i, Game) for i in parse(text)) == 1


# --------------------------------------------------------------------------
# The direct path and the grammar's path read the same.


def _read_both(text: str, monkeypatch: pytest.MonkeyPatch) -> tuple[list[Item], list[Item]]:
    lines = text.splitlines(keepends=True)
    direct = list(read_games(lines, "t.ftn"))
    with monkeypatch.context() as m:
        m.setattr(parser_module, "DIRECT", False)
        m.setattr(parser_module, "line_order", lambda: ({},))  # every game through Lark
        grammar = list(read_games(lines, "t.ftn"))
    return direct, grammar


@pytest.mark.slow
def test_the_direct_path_reads_what_the_grammar_reads(monkeypatch: pytest.MonkeyPatch) -> None:
    from verifier.rules.generate import generate_games, hide

    rng = random.Random(5)
    texts = [p.read_text("utf-8") for p in sorted(SAMPLES.rglob("*.ftn"))]
    for players in (2, 3, 4):
        games = list(generate_games(players, 40, players))
        texts.append(print_games(games))
        texts.append(print_games([hide(g, rng.choice(["all", "first", "some"]), rng)
                                  for g in games]))
    games_read = errors = 0
    for text in texts:
        for variant in (text, _mutants(text, rng), _mutants(text, rng)):
            direct, grammar = _read_both(variant, monkeypatch)
            assert direct == grammar
            games_read += sum(isinstance(i, Game) for i in direct)
            errors += sum(isinstance(i, ParseError) for i in direct)
    assert games_read > 400 and errors > 100  # both paths were taken, and the errors too


def test_a_line_out_of_place_is_judged_by_the_grammar() -> None:
    # The table of the game rule hands Lark the token it does not allow:
    # Lark names what could stand there.
    text = "game\nround 1 opener N\nN 6-6\nresult blocked\nN 6-5\nend\n"
    errors = [i for i in read_games(text.split("\n")) if isinstance(i, ParseError)]
    assert [(e.line, e.col, e.message) for e in errors] == [
        (5, 1, "an event (a placement or a knock) cannot stand here")]
    assert "a 'round' line" in errors[0].expected and "an 'end' line" in errors[0].expected


def test_a_seat_of_nineteen_digits_is_refused_on_either_path(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # "P" and 19 digits, then " 1-1": 24 characters, the shortest event line
    # that holds a run of digits beyond the limit. The direct path took it
    # for a placement while the grammar's path refused it.
    seat = "P" + "1" * 19
    text = f"game\nround 1 opener N\nN 6-6\n{seat} 1-1\nend\n"
    direct, grammar = _read_both(text, monkeypatch)
    assert direct == grammar
    (err,) = [i for i in direct if isinstance(i, ParseError)]
    assert (err.line, err.message) == (4, "a number of more than 18 digits")


def test_records_made_without_their_init_equal_those_made_with_it() -> None:
    from dataclasses import fields

    from notation.ftn import build
    from notation.model import NO_COMMENTS, Comments, Deal, Game, Round, RoundResult, Tag, Winner

    cm = Comments(("a",), "b")
    values: dict[type, tuple[object, ...]] = {
        Tag: ("seat", ("N", "Ann"), 2, 1, cm, None),
        Deal: ("N", ((6, 6), None), 3, 3, NO_COMMENTS, None),
        RoundResult: ("domino", "N", None, 9, 3, cm, None),
        Round: (1, "N", (), (), None, 4, 1, NO_COMMENTS, None),
        Winner: ("N", None, 30, 1, NO_COMMENTS, None),
        Game: ((), (), None, 1, 1, 31, cm, NO_COMMENTS, ("c",), "/0"),
    }
    tables = {Tag: build.TAG_SLOTS, Deal: build.DEAL_SLOTS, RoundResult: build.RESULT_SLOTS,
              Round: build.ROUND_SLOTS, Winner: build.WINNER_SLOTS, Game: build.GAME_SLOTS}
    for cls, args in values.items():
        assert len(tables[cls]) == len(fields(cls)) == len(args)  # every field set
        made: object = build.make(cls, tables[cls], args)
        assert type(made) is cls and made == cls(*args)
