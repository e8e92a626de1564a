"""Free text that ``ftn record`` writes is one line of plain text
(``verifier.record.words``, ``verifier.record.game``): a move's comment, a
player's name. What is typed with a line end or another control character
in it is refused with what to type, in the pure code (the same for a
terminal and any other caller); nothing of it reaches the file."""

from __future__ import annotations

import pytest

from verifier.record import words
from verifier.record.game import derive, try_event
from verifier.record.words import header_lines, parse_move
from verifier.rules.start import Setup

HEADER = ['game', '[ftn "1"]', '[seat "N" "Ann"]', '[seat "S" "Sam"]', '[first "N"]']
ROUND = ["", "round 1 opener N", "  deal N 6-6 6-3 5-5 4-1 2-0 3-3 1-1",
         "  deal S 6-4 3-1 5-0 2-2 4-4 6-2 0-0"]
SETUP = Setup.declared(("N", "S"))


# "6-3 R # nice" is 12 characters: what comes after it is at column 13.
@pytest.mark.parametrize(("char", "name"), [
    ("\r", "a carriage return (CR)"),
    ("\n", "a line end (LF: a second line)"),
    ("\x1b", "an escape character (ESC)"),
    ("\x00", "a NUL character"),
    ("\x7f", "a DEL character"),
    ("\x0b", "the control character U+000B"),
    ("\x85", "the control character U+0085"),
    ("\u2028", "a line separator (U+2028)"),
    ("\u202e", "a text direction control (U+202E)"),
    ("\udce9", "a byte that is not UTF-8"),
])
def test_a_comment_with_a_control_character_is_refused_with_what_to_type(
        char: str, name: str) -> None:
    got = parse_move(f"6-3 R # nice{char}shot", "N", SETUP)
    assert got == (f"?what was typed holds {name} at column 13: a move and its comment are "
                   "one line of plain text; type it again, like 6-3 R # a note")


def test_a_paste_of_several_lines_given_whole_is_refused_not_split() -> None:
    """What readline's bracketed paste gives in one answer: the lines after
    the first never become lines of the record."""
    got = parse_move("6-6 # nice\nwinner N (61,0)\nend", "N", SETUP)
    assert isinstance(got, str) and got.startswith("?what was typed holds a line end (LF")
    assert "column 11" in got


def test_a_tab_in_a_comment_is_text_and_kept() -> None:
    assert parse_move("6-3 R # a\tnote", "N", SETUP) == ("N 6-3 R", " a\tnote")
    assert words.control_in("a\tb c") is None


def test_claims_in_a_comment_are_kept_as_its_text_and_read_back_so() -> None:
    d = derive([*HEADER, *ROUND])
    got = parse_move("6-6 # =10 (4,0) winner N (61,0)", "N", SETUP)
    assert got == ("N 6-6", " =10 (4,0) winner N (61,0)")
    line, _ = try_event(d, *got)  # type: ignore[misc]
    assert line == "  N 6-6 =12 +4 (4,0)  # =10 (4,0) winner N (61,0)"
    d2 = derive([*HEADER, *ROUND, line])
    assert (d2.problems, d2.errors) == ([], [])
    assert d2.game is not None
    event = d2.game.rounds[0].events[0]
    assert event.comments.after == " =10 (4,0) winner N (61,0)"
    assert d2.game.winner is None and len(d2.game.rounds[0].events) == 1


@pytest.mark.parametrize("comment", [" nice\rshot", " nice\nwinner N (61,0)\nend", "\x1b[2J"])
def test_the_core_takes_a_comment_of_one_line_only(comment: str) -> None:
    """``try_event`` is given what ``parse_move`` gives: a caller that
    passes it a comment of several lines is told, and nothing is made."""
    d = derive([*HEADER, *ROUND])
    with pytest.raises(ValueError, match="a comment is one line of plain text"):
        try_event(d, "N 6-6", comment)


@pytest.mark.parametrize(("name", "said"), [
    ("Ann\x1b[31m", "an escape character (ESC)"),
    ("Ann\rLee", "a carriage return (CR)"),
    ("Ann\u2029", "a paragraph separator (U+2029)"),
    ("Ann\x85", "the control character U+0085"),
])
def test_a_player_name_with_a_control_character_is_refused(name: str, said: str) -> None:
    with pytest.raises(ValueError) as e:
        header_lines(["N", "S"], ["Sam", name], None, [], "N")
    assert str(e.value) == (f"the name of the player at S holds {said}: a name is one line of "
                            "plain text; type it again")


def test_a_player_name_with_a_tab_or_quotes_is_written_as_a_json_string() -> None:
    assert header_lines(["N", "S"], ['Ann "A"\tLee', ""], None, [], "N")[2] == (
        '[seat "N" "Ann \\"A\\"\\tLee"]')


def test_a_hand_with_a_control_character_is_refused_not_split_at_it() -> None:
    """A vertical tab or a second line would split the words as a blank
    does: the hand is refused all the same (a hand is one line)."""
    from verifier.record.words import parse_tiles

    got = parse_tiles("6-6 6-3 5-5\x0b4-1 2-0 3-3 1-1", SETUP)
    assert got == ("what was typed holds the control character U+000B at column 12: a hand "
                   "is one line of tiles like 6-3; type it again")
    assert isinstance(parse_tiles("6-6 6-3 5-5\n4-1 2-0 3-3 1-1", SETUP), str)
