"""Tests of notation.ftn.printer: the canonical form."""

from __future__ import annotations

from support.paths import SAMPLES

from notation.ftn.printer import event_text, print_game, print_games, tag_text
from notation.ftn.reader import parse_games
from notation.model import Comments, Game, Knock, Placement, PointsClaim, Tag, TotalsClaim


def test_event_text() -> None:
    p = Placement(
        "N", (6, 3), "R", None, PointsClaim(2, 1, True, 0), TotalsClaim((59, 40), 0), 0, 0
    )
    assert event_text(p) == "N 6-3 R over+2+1 (59,40)"
    lead = Placement("E", (6, 6), None, None, None, None, 0, 0)
    assert event_text(lead) == "E 6-6"
    assert event_text(Knock("W", 0, 0)) == "W knock"


def test_tag_text_escapes_like_json() -> None:
    assert tag_text(Tag("event", ('Club "night"\\1\n',))) == '[event "Club \\"night\\"\\\\1\\n"]'
    assert tag_text(Tag("place", ("Café",))) == '[place "Café"]'


def test_canonical_layout_and_order() -> None:
    messy = """\
game
[event "x"]
[first "N"]
[seat "N"]   # north
[seat "S"]
[ftn "1"]
round 1 opener N
deal S 6-4 3-1 5-0 2-2 4-4 6-2 0-0
deal N 6-6 6-3 5-5 4-1 2-0 3-3 1-1
# lead
N   6-6   =12  +4   (4,0)
S 6-4 L
end
"""
    want = """\
game
[ftn "1"]
[seat "N"]  # north
[seat "S"]
[first "N"]
[event "x"]

round 1 opener N
  deal N 6-6 6-3 5-5 4-1 2-0 3-3 1-1
  deal S 6-4 3-1 5-0 2-2 4-4 6-2 0-0
  # lead
  N 6-6 =12 +4 (4,0)
  S 6-4 L
end
"""
    assert print_game(parse_games(messy)[0]) == want


def test_print_then_parse_gives_the_same_record() -> None:
    for path in sorted((SAMPLES / "valid").glob("*.ftn")):
        games = parse_games(path.read_text(encoding="utf-8"))
        again = parse_games(print_games(games))
        assert [g.without_positions() for g in again] == [g.without_positions() for g in games]


def test_canonical_samples_print_unchanged() -> None:
    for path in sorted((SAMPLES / "valid").glob("*.ftn")):
        text = path.read_text(encoding="utf-8")
        assert print_games(parse_games(text)) == text, path


def test_comments_stay_attached() -> None:
    g = Game(tags=(Tag("ftn", ("1",), comments=Comments((" a",), " b")),), closing=(" z",))
    assert print_game(g) == 'game\n# a\n[ftn "1"]  # b\nend\n# z\n'
    assert parse_games(print_game(g))[0].without_positions() == g


def test_tag_values_are_written_as_spec_says() -> None:
    """SPEC.md 3: what fmt does to each escape of a tag value."""
    text = (
        'game\n[ftn "1"]\n[seat "N"]\n[seat "S"]\n[first "N"]\n'
        '[event "\\/ \\u0041 \\t \\u001F \\u00e9 \\ud83d\\ude00 \x7f \u2028 \\b\\f\\n\\r \\u0000 '
        '\\" \\\\"]\nend\n'
    )
    (game,) = parse_games(text)
    assert tag_text(game.tags[-1]) == (
        '[event "/ A \\t \\u001f é 😀 \x7f \u2028 \\b\\f\\n\\r \\u0000 \\" \\\\"]'
    )
    # And it reads back as the same value.
    again = print_game(game)
    assert parse_games(again)[0].tags[-1].values == game.tags[-1].values
