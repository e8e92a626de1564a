"""Every mistake of a record in one run: the FTN reader recovers at the next
line, and each message says what to type."""

from __future__ import annotations

import json

import pytest
from support.paths import SAMPLES

from notation.ftn.reader import MAX_ERRORS, Damaged, ParseError, parse, read_items
from notation.hints import aside, close_matches, did_you_mean, offer, suggestion
from verifier.api import check_text
from verifier.render.text import diagnostic_text

HEAD = 'game\n[ftn "1"]\n[seat "N"]\n[seat "S"]\n[first "N"]\n'
ROUND = "round 1 opener N\n  deal N 6-6 6-3 5-5 4-1 2-0 3-3 1-1\n"


def _found(text: str) -> list[tuple[str, int, int, str]]:
    return [(d.name, d.line, d.col, d.message) for d in check_text(text, "x.ftn").diagnostics]


def _one(text: str) -> tuple[str, int, int, str]:
    (d,) = _found(text)
    return d


def _then_unfinished(text: str) -> tuple[str, int, int, str]:
    """The one finding of a short record read in spite of its mistake, and
    judged: besides it, only the record's stop before the target, at its
    'end' line (the last)."""
    d, (name, line, col, _) = _found(text)
    assert (name, line, col) == ("game-unfinished", text.count("\n"), 1)
    return d


# -- the hints, one case of each ------------------------------------------


def test_spaces_in_totals() -> None:
    assert _one(HEAD + ROUND + "  N 6-6 =12 +4 (2, 0, 0)\nend\n") == (
        "syntax-error", 8, 16, "no spaces in totals: write (2,0,0)")


@pytest.mark.parametrize(("end", "upper"), [("r", "R"), ("l", "L")])
def test_lower_case_end_is_refused_with_the_capital(end: str, upper: str) -> None:
    text = HEAD + ROUND + f"  N 6-6\n  S 6-4 {end}\nend\n"
    assert _one(text) == ("syntax-error", 9, 9, f"ends are L or R in capitals: write {upper}")


@pytest.mark.parametrize("word", ["pass", "Pass", "passes", "knok"])
def test_pass_is_written_knock(word: str) -> None:
    assert _one(HEAD + ROUND + f"  N 6-6\n  S {word}\nend\n") == (
        "syntax-error", 9, 5, f"a seat that cannot play knocks: write knock, not {word}")


def test_first_misspelled_is_reported_at_the_typo() -> None:
    text = HEAD.replace('[first "N"]', '[frist "N"]') + ROUND + "end\n"
    name, line, col, message = _then_unfinished(text)
    assert (name, line, col) == ("bad-header", 5, 1)
    assert message.startswith("[frist]: did you mean [first]?")


def test_seat_misspelled_is_reported_at_the_typo() -> None:
    text = HEAD.replace('[seat "S"]', '[seta "S"]') + "end\n"
    name, line, col, message = _then_unfinished(text)
    assert (name, line, col) == ("bad-header", 4, 1)
    assert message.startswith("[seta]: did you mean [seat]? (1 seat; at least 2")


def test_ftn_misspelled_is_reported_at_the_typo() -> None:
    name, line, _, message = _then_unfinished(HEAD.replace("[ftn", "[fnt") + "end\n")
    assert (name, line) == ("bad-header", 2)
    assert message.startswith("[fnt]: did you mean [ftn]?")


def test_game_misspelled_starts_the_game_all_the_same() -> None:
    text = HEAD.replace("game", "gmae") + ROUND + "  N 6-6\n  S knock\nend\n"
    assert _then_unfinished(text) == (
        "syntax-error", 1, 1, "unexpected 'gmae'; did you mean 'game'?")


@pytest.mark.parametrize(("line", "col", "message"), [
    ("round 1 opner N", 9, "unexpected 'opner'; did you mean 'opener'?"),
    ("rond 1 opener N", 1, "unexpected 'rond'; did you mean 'round'?"),
    ("  result domnio N", 10, "unexpected 'domnio'; did you mean 'domino'?"),
    ("  deall N 6-6", 3, "unexpected 'deall'; did you mean 'deal'?"),
])
def test_keywords_did_you_mean(line: str, col: int, message: str) -> None:
    found = _found(HEAD + line + "\nend\n")
    assert ("syntax-error", 6, col, message) in found


def test_curly_quotes() -> None:
    text = HEAD.replace('[first "N"]', "[first \u201cN\u201d]") + "end\n"
    assert _then_unfinished(text) == (
        "syntax-error", 5, 8, 'curly quote \u201c: use straight quotes (")')


def test_curly_quotes_inside_straight_ones_are_text() -> None:
    text = HEAD + '[event "The \u201cCup\u201d"]\n' + ROUND + "  N 6-6\n  S knock\nend\n"
    assert [d for d in _found(text) if d[0] == "syntax-error"] == []


def test_rule_option_did_you_mean() -> None:
    name, line, _, message = _one(HEAD + '[rule "targt" "100"]\nend\n')
    assert (name, line) == ("bad-header", 6)
    assert message.startswith("unknown rule option 'targt' (did you mean 'target'?); known")


def test_option_value_and_preset_did_you_mean() -> None:
    assert "(did you mean 'highest-double'?)" in _one(
        HEAD + '[rule "opener" "highest-dobule"]\nend\n')[3]
    assert "(did you mean 'online'?)" in _one(HEAD + '[rules "onlin"]\nend\n')[3]


def test_seats_did_you_mean() -> None:
    assert _one(HEAD + "round 1 opener n\n  N 6-6\nend\n")[3] == (
        "n is not a seat (did you mean 'N'?); the seats are N, S")
    assert _one(HEAD.replace('"N"]', '"n"]', 1) + "end\n")[3] == (
        '[first] must name one seat of n, S; did you mean "n"?')


def test_close_matches_prefers_another_case() -> None:
    assert close_matches("r", ["L", "R"]) == ["R"]
    assert close_matches("zzz", ["game", "end"]) == []


def test_every_form_of_the_hint_is_worded_by_one_helper() -> None:
    names = ["points-mismatch", "points-missing", "bad-header"]
    assert close_matches("points-mismach", names) == ["points-mismatch", "points-missing"]
    assert close_matches("points-mismach", names, 1) == ["points-mismatch"]
    assert offer(["a", "b"], "", ", ") == "did you mean a, b?"
    assert offer([]) == ""
    assert suggestion("jbos", ["jobs", "rules"], "", 1) == "did you mean jobs?"
    assert did_you_mean("jbos", ["jobs"], n=1) == "; did you mean 'jobs'?"
    assert aside("jsn", ["json", "text"], n=1) == " (did you mean 'json'?)"
    assert did_you_mean("zzz", ["jobs"]) == aside("zzz", ["jobs"]) == ""


def test_no_python_values_in_a_header_finding() -> None:
    (d,) = check_text(HEAD.replace('"1"', '"2"', 1) + "end\n", "x.ftn").diagnostics
    out = diagnostic_text(d, None, False)
    assert "None" not in out
    assert d.message == 'the format version must be "1": [ftn "1"]'
    assert "claimed: 2; rule FTN" in out


# -- recovery ------------------------------------------------------------


def test_every_line_of_a_game_is_reported_and_the_next_game_checked() -> None:
    bad = HEAD + ROUND + "  N 6-6 x\n  S 6-4 L =1x\n  N knock L\nend\n"
    good = HEAD + ROUND + "  N 6-6 =12 +4 (4,0)\n  S knock\nend\n"
    found = _found(bad + good)
    assert [(n, ln) for n, ln, _, _ in found] == [
        ("syntax-error", 8), ("syntax-error", 9), ("syntax-error", 10), ("game-unfinished", 21)]


def test_a_game_with_syntax_errors_is_judged_from_the_lines_that_read() -> None:
    # The placement of 6-6 by S (not in turn) is an error of its own; its
    # round's replay ends there (nothing after it is judged: no cascade).
    text = HEAD + ROUND + "  S 6-6\n  N 6-4 r\nend\n"
    assert [(n, ln) for n, ln, *_ in _found(text)] == [("not-your-turn", 8), ("syntax-error", 9)]


def test_a_bad_round_line_keeps_its_deals_and_events_in_place() -> None:
    text = HEAD + "round 1 opner N\n  deal N 6-6\n  N 6-6\nround 2 opener S\nend\n"
    assert [(n, ln) for n, ln, *_ in _found(text)] == [("syntax-error", 6)]


def test_lines_out_of_place_are_reported_once_a_run() -> None:
    text = HEAD + "  N 6-6\n  S 6-4\n  N 4-4\n" + ROUND + "end\n"
    name, line, _, message = _then_unfinished(text)
    assert (name, line) == ("syntax-error", 6)
    assert message.startswith("an event (a placement or a knock) cannot stand here")


def test_errors_are_capped_per_game() -> None:
    lines = "".join(f"  N {i} x\n" for i in range(MAX_ERRORS + 10))
    found = _found(HEAD + ROUND + lines + "end\n" + HEAD + "end\n")
    syntax = [d for d in found if d[0] == "syntax-error"]
    assert len(syntax) == MAX_ERRORS
    assert f"({MAX_ERRORS} errors in this game: the rest of it is not read)" in syntax[-1][3]
    # ...and the next game is read and replayed again.
    assert found[-1][0] == "game-unfinished" and found[-1][1] > syntax[-1][1]


def test_read_items_yields_the_damaged_game_after_its_errors() -> None:
    items = list(read_items((HEAD + ROUND + "  N 6-6 x\nend\n").split("\n")))
    assert [type(i).__name__ for i in items] == ["ParseError", "Damaged"]
    damaged = items[1]
    assert isinstance(damaged, Damaged) and damaged.number == 1
    assert [t.key for t in damaged.game.tags] == ["ftn", "seat", "seat", "first"]
    # parse (read_games) gives the errors only.
    assert [type(i).__name__ for i in parse(HEAD + ROUND + "  N 6-6 x\nend\n")] == [
        "ParseError"]


def test_an_unreadable_tag_leaves_the_header_unchecked() -> None:
    # The [seat] line cannot be read: "1 seat" would be a false report.
    text = HEAD.replace('[seat "S"]', '[seat "S]') + "end\n"
    assert [n for n, *_ in _found(text)] == ["syntax-error"]


def test_json_keeps_its_behaviour() -> None:
    doc = {"format": "ftn-json-1", "tags": [{"key": "ftn", "values": ["1"]}], "rounds": [],
           "winner": "N"}
    found = check_text(json.dumps(doc), "x.json").diagnostics
    assert [d.name for d in found] == ["schema-violation"]


def test_the_sample_of_every_mistake_says_what_to_type() -> None:
    """The mistakes of the sample, in one record, found in one run, each at
    its line with its hint."""
    path = SAMPLES / "invalid" / "every-mistake.ftn"
    found = check_text(path.read_text(encoding="utf-8"), str(path)).diagnostics
    lines = path.read_text(encoding="utf-8").split("\n")
    hints = {
        "gmae": "did you mean 'game'?",
        "\u201c": "use straight quotes",
        "[seta": "did you mean [seat]?",
        "[frist": "did you mean [first]?",
        "targt": "did you mean 'target'?",
        "(4, 0)": "no spaces in totals: write (4,0)",
        " r ": "ends are L or R in capitals",
        "pass": "write knock",
    }
    assert len(found) == 9
    for d in found:
        line = lines[d.line - 1]
        hint = next(h for k, h in hints.items() if k in line)
        assert hint in d.message, (d.line, d.message)
    assert {k for k in hints if any(k in lines[d.line - 1] for d in found)} == set(hints)
    assert all(isinstance(e, ParseError) for e in parse(path.read_text(encoding="utf-8")))


# -- a line that cannot be read costs that line -------------------------------

_R2 = "round 2 opener S\n  deal S 6-4\n  S 6-4\n  N knock\n  result blocked\n"


@pytest.mark.parametrize(("text", "lost"), [
    # a stand-in winner line, after which no round may stand: dropped
    (HEAD + ROUND + "  N 6-6\nwinnr N\n" + _R2 + "end\n", (9,)),
    # among events: the run goes on after it
    (HEAD + ROUND + "  N 6-6\n  winnr N\n  S knock\n" + _R2 + "end\n", (9,)),
    # a stand-in 'end' line, with rounds after it
    (HEAD + ROUND + "  N 6-6\nedn\n" + _R2 + "end\n", (9,)),
    # a bare 'round' line among round 1's events, the next round numbered 2:
    # no line lost to the replay
    (HEAD + ROUND + "  N 6-6\nround\n  S knock\n" + _R2 + "end\n", ()),
])
def test_reading_resumes_at_the_next_line_that_can_stand_there(
        text: str, lost: tuple[int, ...], monkeypatch: pytest.MonkeyPatch) -> None:
    import notation.ftn.reader as reader_module

    items = list(read_items(text.split("\n")))
    assert [(type(i).__name__, getattr(i, "line", None)) for i in items] == [
        ("ParseError", 9), ("Damaged", None)]
    damaged = items[-1]
    assert isinstance(damaged, Damaged) and damaged.lost == lost
    assert [(r.number, len(r.events)) for r in damaged.game.rounds] == [
        (1, 1 if "S knock" not in text.split("round 2")[0] else 2), (2, 2)]
    for setting in ({"SCAN": True}, {"SCAN": False}, {"DIRECT": False}):
        with monkeypatch.context() as m:
            for name, value in setting.items():
                m.setattr(reader_module, name, value)
            if "DIRECT" in setting:
                m.setattr(reader_module, "line_order", lambda: ({},))  # every game through Lark
            assert list(read_items(text.split("\n"))) == items, setting


def test_a_round_line_that_cannot_be_read_in_its_place_stands_in_for_a_round() -> None:
    # Round 1 has no result line, and the next 'round' line is numbered 3:
    # the line that cannot be read was round 2's.
    text = (HEAD + ROUND + "  N 6-6\nround two opener S\n  S knock\n"
            + _R2.replace("round 2", "round 3") + "end\n")
    items = list(read_items(text.split("\n")))
    damaged = items[-1]
    assert isinstance(damaged, Damaged) and damaged.lost == (9,)
    assert [r.number for r in damaged.game.rounds] == [1, 0, 3]
