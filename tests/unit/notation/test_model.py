"""Tests of notation.model."""

from __future__ import annotations

from support.paths import read_sample

from notation.ftn.reader import parse_games
from notation.model import Game, PointsClaim, Tag


def test_points_claim_total() -> None:
    assert PointsClaim(2, 1, True, 5).total == 3
    assert PointsClaim(8, None, False, 5).total == 8


def test_game_tag_lookup() -> None:
    g = Game(tags=(Tag("ftn", ("1",)), Tag("seat", ("N",)), Tag("seat", ("S",))))
    t = g.tag("seat")
    assert t is not None and t.values == ("N",)
    assert g.tag("first") is None


def test_without_positions_ignores_only_places() -> None:
    text = read_sample("valid", "three-players.ftn")
    a = parse_games(text)[0]
    b = parse_games("\n\n" + text.replace("  N", "    N"))[0]
    assert a != b  # lines and columns moved
    assert a.without_positions() == b.without_positions()
    c = parse_games(text.replace("(28,3,7)", "(28,3,8)", 1))[0]
    assert a.without_positions() != c.without_positions()
    assert a.without_positions().rounds[0].events[0].line == 0


def test_same_side_is_the_same_seats_in_any_order() -> None:
    from notation.model import same_side

    assert same_side("N+S", "N+S") and same_side("S+N", "N+S") and same_side("N", "N")
    assert not same_side("N+E", "N+S")
    assert not same_side("N", "N+S") and not same_side("N+S", "N")
    assert not same_side("N+N+S", "N+S") and not same_side("N+S+S", "N+S")
    assert not same_side("N+S", None)
