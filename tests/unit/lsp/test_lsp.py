"""Tests of the language server's library (verifier.lsp.document and
features), without the protocol: the findings kept per game between edits,
the related places, hovers, claim fixes, completion, the filler's hook."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.paths import SAMPLES, read_sample

from verifier import Edit
from verifier.api import check_text
from verifier.lsp import features
from verifier.lsp.document import MAX_CHARS, Document, Related
from verifier.rules.generate import generate_games


def _record(games: int = 4) -> str:
    from notation.ftn.printer import print_game

    return "\n".join(print_game(g) for g in generate_games(2, games, 5))


def _same_as_check(doc: Document, text: str) -> None:
    want = [(d.code, d.line, d.col, d.message, d.game) for d in
            check_text(text, doc.source).diagnostics]
    got = [(f.diagnostic.code, f.diagnostic.line, f.diagnostic.col, f.diagnostic.message,
            f.diagnostic.game) for f in doc.findings]
    assert got == want


def _break_claim(text: str, game: int) -> tuple[str, int]:
    """The text with the first points claim of game ``game`` (1-based) made
    one too high, and that line's number."""
    lines = text.split("\n")
    starts = [i for i, ln in enumerate(lines) if ln == "game"]
    i = next(i for i in range(starts[game - 1], len(lines)) if " +0 (" in lines[i])
    lines[i] = lines[i].replace(" +0 (", " +1 (", 1)
    return "\n".join(lines), i + 1


def test_one_game_changed_is_the_only_one_checked_again() -> None:
    text = _record()
    doc = Document("r.ftn")
    assert doc.update(text) == []
    assert len(doc.pieces) == 4 and doc.checked == 4
    broken, line = _break_claim(text, 3)
    found = doc.update(broken)
    assert doc.checked == 1
    assert [(f.diagnostic.code, f.diagnostic.line, f.diagnostic.game) for f in found] == [
        ("FT302", line, 3)]
    _same_as_check(doc, broken)
    doc.update(text)
    assert doc.checked == 0 and doc.findings == []  # the old piece's findings were kept


def test_lines_inserted_above_move_the_findings_of_the_games_below() -> None:
    broken, line = _break_claim(_record(), 4)
    doc = Document("r.ftn")
    doc.update(broken)
    moved = "# a note\n# and another\n" + broken
    found = doc.update(moved)
    assert doc.checked == 1  # only the first piece's text changed
    assert [f.diagnostic.line for f in found] == [line + 2]
    _same_as_check(doc, moved)


def test_games_apart_by_comments_and_stray_text_are_checked_alone() -> None:
    games = _record().split("\ngame\n")
    text = games[0] + "\n# between 1 and 2\n\ngame\n" + games[1] + "\nstray text\ngame\n" + (
        "\ngame\n".join(games[2:]))
    text = text.replace("end\n", "end # the end\n", 1)
    broken, _ = _break_claim(text, 2)
    doc = Document("r.ftn")
    doc.update(broken)
    assert len(doc.pieces) == 3  # cut after game 1 (comments between) and after game 3
    assert [p.first_game for p in doc.pieces] == [1, 2, 4]
    _same_as_check(doc, broken)
    assert [f.diagnostic.name for f in doc.findings] == ["points-mismatch", "syntax-error"]
    again, _ = _break_claim(broken, 4)
    doc.update(again)
    assert doc.checked == 1
    _same_as_check(doc, again)


@pytest.mark.parametrize("name", sorted(p.name for p in (SAMPLES / "invalid").iterdir()
                                        if p.suffix in (".ftn", ".jsonl")))
def test_findings_equal_check_for_every_invalid_sample(name: str) -> None:
    text = read_sample("invalid", name)
    doc = Document(str(SAMPLES / "invalid" / name))
    doc.update(text)
    _same_as_check(doc, text)


def test_a_bom_is_read_as_ftn_check_reads_it() -> None:
    text = read_sample("invalid", "bad-header.ftn")
    doc = Document("x.ftn")
    doc.update("\ufeff" + text)
    plain = check_text(text).diagnostics
    assert [(f.diagnostic.line, f.diagnostic.col) for f in doc.findings] == [
        (d.line, d.col + (d.line == 1)) for d in plain]


def test_the_later_play_that_proves_a_knock_illegal_is_related() -> None:
    doc = Document("x.ftn")
    (f,) = doc.update(read_sample("invalid", "knock-while-able-partial.ftn"))
    assert (f.diagnostic.name, f.diagnostic.line) == ("knock-while-able", 17)
    assert f.related == (Related(20, 3, "event 8: E plays 3-2"),)


def test_a_knock_while_able_names_the_hand_that_held_the_tile() -> None:
    doc = Document("x.ftn")
    f, note = doc.update(read_sample("invalid", "knock-while-able.ftn"))
    assert note.diagnostic.name == "claims-unjudged"
    assert f.related == (Related(11, 3, "the hand dealt to N"),)  # deal N 0-3 1-3 1-6 ...


def test_the_event_of_another_round_named_by_a_total_is_related() -> None:
    doc = Document("x.ftn")
    (f,) = doc.update(read_sample("invalid", "total-mismatch.ftn"))
    assert "after event 1 of round 2" in f.diagnostic.message
    assert f.related == (Related(24, 3, "event 1: N plays 1-4"),)


def test_empty_text_is_no_games() -> None:
    doc = Document("x.ftn")
    assert [f.diagnostic.name for f in doc.update("")] == ["no-games"]


def test_a_huge_text_is_one_diagnostic_not_a_check() -> None:
    doc = Document("x.ftn")
    (f,) = doc.update("#" * (MAX_CHARS + 1))
    assert f.diagnostic.name == "too-large" and "ftn check x.ftn" in f.diagnostic.message


def test_many_tiny_lines_or_games_are_one_diagnostic_not_a_check() -> None:
    from verifier.lsp.document import MAX_LINES, MAX_PIECES

    doc = Document("x.jsonl")  # a JSON Lines line is a piece: each "{}" three findings
    (f,) = doc.update("{}\n" * (MAX_PIECES + 1))
    assert f.diagnostic.name == "too-large"
    assert f.diagnostic.message.startswith(f"this document holds {MAX_PIECES + 1:,} games")
    assert "run 'ftn check x.jsonl'" in f.diagnostic.message
    assert len(doc.update("{}\n" * MAX_PIECES)) == 3 * MAX_PIECES  # at the limit: checked
    doc = Document("x.ftn")
    (f,) = doc.update("#\n" * MAX_LINES)  # MAX_LINES + 1 lines, the last one empty
    assert f.diagnostic.message.startswith(f"this document holds {MAX_LINES + 1:,} lines")
    assert doc.refused and doc.pieces == []


def test_lines_ended_by_a_lone_cr_count_towards_the_limit_of_lines() -> None:
    # The editor's lines end at a lone "\r" too: a text of tiny lines so
    # ended is one reader line, but millions of the editor's (its map of
    # places took 431 MB for 2,000,000 "x\r").
    from verifier.lsp.document import MAX_LINES

    doc = Document("x.ftn")
    (f,) = doc.update("#\r" * MAX_LINES)  # MAX_LINES + 1 lines, the last one empty
    assert f.diagnostic.name == "too-large"
    assert f.diagnostic.message.startswith(f"this document holds {MAX_LINES + 1:,} lines")
    assert doc.refused and doc.map.count == 1
    (f,) = doc.update("#\r\n" * (MAX_LINES - 1))  # CR LF is one line end: at the limit
    assert f.diagnostic.name == "no-games" and not doc.refused


def test_text_that_is_not_utf8_is_one_diagnostic_at_its_place() -> None:
    doc = Document("x.ftn")
    text = b"game\n[ftn \"1\"]\n# \xff\xfe\n".decode("utf-8", "surrogateescape")
    (f,) = doc.update(text)
    assert (f.diagnostic.name, f.diagnostic.line, f.diagnostic.col) == ("not-utf8", 3, 3)


def test_binary_text_gives_syntax_errors_not_a_crash() -> None:
    doc = Document("x.ftn")
    text = bytes(range(256)).decode("latin-1") * 20
    found = doc.update(text)
    assert found and all(f.diagnostic.name == "syntax-error" for f in found)


# -- hovers -----------------------------------------------------------------


def _doc(name: str) -> Document:
    doc = Document(name)
    doc.update(read_sample("invalid", name))
    return doc


def test_hover_on_a_placement_gives_ends_points_and_totals() -> None:
    # points-mismatch.ftn line 29: "S 1-6 L =18 +7 (1,10)": the ends were 1 | 6-6,
    # the 1-6 on the left makes 6 | 6-6 = 6 + 12 = 18, 18/3 = 6 points; N 1, S 3 + 6 = 9.
    text = features.hover(_doc("points-mismatch.ftn"), 29, 3)
    assert text is not None
    assert "ends before: 1 | 6-6" in text and "ends after: 6 | 6-6" in text
    assert "end total 18, 6 points" in text and "18/3=6" in text
    assert "S scores 6: credited" in text
    assert "totals: N 1, S 9 (target 61)" in text


def test_hover_on_a_discarded_event_says_so() -> None:
    # overshoot-accepted.ftn line 183: S at 59 dominoes with 3-4 for 2 + the bonus 1:
    # 59 + 3 = 62 passes 61, so the whole event is discarded (R8.2).
    text = features.hover(_doc("overshoot-accepted.ftn"), 183, 3)
    assert text is not None
    assert "domino bonus: 1" in text
    assert "S would score 3: discarded, it would take S from 59 past the target 61" in text
    assert "totals: N 60, S 59" in text


def test_hover_on_a_knock_a_result_and_an_event_not_replayed() -> None:
    doc = _doc("points-mismatch.ftn")
    # Round 1: S 5-1, N 1-3 R, S 5-0 L, N 3-0 R leave the ends 0 | 0 (N 0, S 2 + 1 = 3).
    knock = features.hover(doc, 19, 3)  # "  S knock"
    assert knock == ("**round 1, event 5: S knocks**\n\nends: 0 | 0\n\n"
                     "totals: N 0, S 3 (target 61)")
    result = features.hover(doc, 21, 3)  # "  result blocked (0,3)"
    assert result == "**round 1: blocked**\n\ntotals: N 0, S 3 (target 61)"
    after = features.hover(_doc("knock-while-able.ftn"), 15, 3)  # after the illegal knock
    assert after == ("round 1, event 3: not replayed: it stopped at line 14 "
                     "(FT205 knock-while-able)")


def test_hovers_work_in_a_game_whose_tag_name_is_misspelt() -> None:
    """``[firts "S"]``: FT002, and the game judged with the name meant, as
    ``ftn check`` judges it: the hovers are that replay's."""
    doc = Document("misspelt.ftn")
    text = read_sample("invalid", "points-mismatch.ftn").replace('[first "S"]', '[firts "S"]')
    assert [f.diagnostic.code for f in doc.update(text)] == ["FT002", "FT302"]
    knock = features.hover(doc, 19, 3)  # as in points-mismatch.ftn
    assert knock == ("**round 1, event 5: S knocks**\n\nends: 0 | 0\n\n"
                     "totals: N 0, S 3 (target 61)")
    placed = features.hover(doc, 29, 3)
    assert placed is not None and "end total 18, 6 points" in placed
    assert "totals: N 1, S 9 (target 61)" in placed


def test_hover_on_the_winner_line_gives_the_replays_winner() -> None:
    # winner-mismatch.ftn claims "winner E+W (61,49)": N+S reached 61 exactly.
    text = features.hover(_doc("winner-mismatch.ftn"), 178, 1)
    assert text == "**winner: N+S**\n\ntotals: N+S 61, E+W 49 (target 61)"


def test_hover_on_a_code_a_name_and_a_rule() -> None:
    doc = _doc("points-mismatch.ftn")
    on_name = features.hover(doc, 4, 16)  # "# expect: points-mismatch 29:15"
    assert on_name is not None and on_name.startswith("**FT302 points-mismatch** (error, ")
    assert "The claimed points of a placement differ" in on_name
    assert features.explain("ft302") == on_name
    doc.update("# see R7.2\n" + doc.text)
    rule = features.hover(doc, 1, 8)
    assert rule is not None and rule.startswith("**R7.2**")


# -- fixes --------------------------------------------------------------------


CLAIMED = ["bonus-mismatch.ftn", "bonus-split.ftn", "end-total-mismatch.ftn",
           "knock-totals.ftn", "overshoot-accepted.ftn", "points-mismatch.ftn",
           "result-mismatch.ftn", "start-mid-game-overshoot.ftn", "total-mismatch.ftn",
           "winner-mismatch.ftn", "winner-none.ftn", "wrongly-discarded.ftn"]


def _apply(text: str, e: Edit) -> str:
    lines = text.split("\n")
    assert e.line == e.end_line
    ln = lines[e.line - 1]
    lines[e.line - 1] = ln[: e.col - 1] + e.text + ln[e.end_col - 1:]
    return "\n".join(lines)


@pytest.mark.parametrize("name", CLAIMED)
def test_using_the_computed_value_removes_the_finding(name: str) -> None:
    doc = _doc(name)
    first = doc.findings[0]
    fix = features.claim_fix(doc, first)
    assert fix is not None, first
    d = first.diagnostic
    assert fix.title == f"Use the computed value: {d.computed} (not {d.claimed})"
    fixed = _apply(doc.text, fix.edit)
    doc.update(fixed)
    # (a claim after it may still be wrong: overshoot-accepted's totals (60,62))
    assert (d.code, d.line, d.col) not in [
        (f.diagnostic.code, f.diagnostic.line, f.diagnostic.col) for f in doc.findings]


def test_the_claim_fix_edits_exactly_the_claim() -> None:
    doc = _doc("end-total-mismatch.ftn")  # line 27: "  S 1-6 L =16 +6 (1,9)": =16 -> =18
    (fix,) = features.fixes(doc, 27, 27)
    assert fix.edit == Edit(27, 12, 27, 14, "18")
    assert _apply(doc.text, fix.edit).split("\n")[26] == "  S 1-6 L =18 +6 (1,9)"
    assert doc.update(_apply(doc.text, fix.edit)) == []
    assert features.fixes(doc, 1, 200) == []


def test_no_claim_fix_for_a_finding_without_a_claim() -> None:
    doc = _doc("knock-while-able.ftn")
    assert features.claim_fix(doc, doc.findings[0]) is None


def test_fill_writes_the_claims_the_replay_decides() -> None:
    # partial-no-deals.ftn line 14 is "  N 0-4 =4 +0 (0,0,0)": the lead 0-4
    # makes the end total 4 (R6.1), no points (4 is not a multiple of 3 or
    # 5), totals still (0,0,0). With its claims taken out, "Fill the claims
    # of line 14" writes them back, and the game's action fills the game.
    text = read_sample("valid", "partial-no-deals.ftn")
    stripped = text.replace("  N 0-4 =4 +0 (0,0,0)\n", "  N 0-4\n", 1)
    assert stripped != text
    doc = Document("x.ftn")
    doc.update(stripped)
    line, game = features.fill_fixes(doc, 14)
    found = doc.game_at(14)
    assert found is not None
    first, last = found[0].line, found[0].end_line
    assert line.title == "Fill the claims of line 14"
    assert line.edit == Edit(14, 1, 14, 8, "  N 0-4 =4 +0 (0,0,0)")
    assert game.title == "Fill the claims of game 1"
    lines = text.split("\n")
    assert game.edit == Edit(first, 1, last + 1, 1, "\n".join(lines[first - 1: last]) + "\n")
    doc.update(text)
    assert features.fill_fixes(doc, 14) == []  # nothing left to fill
    assert features.fill_fixes(doc, 1) == []  # outside the game


# -- completion ---------------------------------------------------------------


def test_completion_offers_the_seat_to_act_and_the_tiles_that_fit() -> None:
    # knock-while-able.ftn line 14, "  N knock": after S 5-1 the ends are 5 | 1,
    # and N holds 0-3 1-3 1-6 2-2 2-4 2-6 4-4: 1-3 and 1-6 fit the 1 (right end).
    doc = _doc("knock-while-able.ftn")
    items = features.complete(doc, 14, 3)
    assert [(i.label, i.text) for i in items] == [
        ("N", "N "), ("N 1-3 R", "N 1-3 R"), ("N 1-6 R", "N 1-6 R")]


def test_completion_of_a_forced_knock_and_of_an_unknown_hand() -> None:
    # knock-while-able.ftn with N's legal 1-3 R at line 14: after "N 3-0 R" (line 16)
    # the ends are 0 | 0 and neither S (1-1 1-4 2-3 4-6 5-6 left) nor N (1-6 2-2 2-4
    # 2-6 4-4) holds a 0: the round is blocked, and the knocks that show it are S's,
    # then N's (R7.5), then nothing more.
    doc = _doc("knock-while-able.ftn")
    text = doc.text.split("\n")
    text[13] = "  N 1-3 R =8 +0 (0,2)"  # the legal play, so that the replay goes on
    doc.update("\n".join(text))
    assert [i.label for i in features.complete(doc, 17, 3)] == ["S", "S knock"]
    assert [i.label for i in features.complete(doc, 18, 3)] == ["N", "N knock"]
    assert features.complete(doc, 19, 3) == []
    # line 14 itself, with N to play after S 5-1 (ends 5 | 1): 1-3 or 1-6 at the right
    before = features.complete(doc, 14, 3)
    assert [i.label for i in before] == ["N", "N 1-3 R", "N 1-6 R"]
    partial = Document("p.ftn")
    partial.update(read_sample("valid", "partial-no-deals.ftn"))
    line = next(n for n, ln in enumerate(partial.lines, 1) if ln.startswith("  ")
                and not ln.lstrip().startswith("deal"))
    items = features.complete(partial, line, 3)
    assert len(items) == 1 and items[0].detail.endswith("to play")  # the seat only


def test_no_completion_outside_a_round() -> None:
    doc = _doc("knock-while-able.ftn")
    assert features.complete(doc, 4, 1) == []  # the header
    assert features.complete(doc, 2, 1) == []  # a comment before the game
    assert features.complete(doc, 11, 9) == []  # "  deal N": a deal, not an event
    pm = _doc("points-mismatch.ftn")
    assert [i.label for i in features.complete(pm, 19, 3)] == ["S", "S knock"]  # round 1
    assert features.complete(pm, 22, 1) == []  # the blank line after round 1's result


# -- the settings of the record's folder ----------------------------------------


def test_the_settings_of_the_record_s_folder_are_honoured(tmp_path: Path) -> None:
    # points-mismatch.ftn has one finding, FT302; an ftn.toml beside the
    # record that ignores it leaves the document clean, as ftn check would.
    from verifier.pipeline.settings import settings_for

    record = tmp_path / "league" / "points-mismatch.ftn"
    record.parent.mkdir()
    record.write_text(read_sample("invalid", "points-mismatch.ftn"), encoding="utf-8")
    doc = Document(str(record))
    doc.use(settings_for(record))
    assert [f.diagnostic.code for f in doc.update(record.read_text(encoding="utf-8"))] == [
        "FT302"]
    (tmp_path / "ftn.toml").write_text('ignore = ["FT302"]\n', encoding="utf-8")
    doc.use(settings_for(record))  # the file above the record's folder is found
    assert doc.update(record.read_text(encoding="utf-8")) == []
    assert [d.code for d in check_text(record.read_text(encoding="utf-8"), str(record),
                                       settings=settings_for(record)).diagnostics] == []


def test_the_editors_lines_end_at_a_lone_cr_and_the_readers_do_not() -> None:
    from verifier.lsp.text import LineMap

    lines = ["a\rb\r", "c", "d\re\rf", "g\r"]  # a text split at "\\n"
    m = LineMap(lines)
    assert m.count == 8  # a | b | c | d | e | f | g | "" (the lone CR at the end)
    assert [m.to_client(0, c) for c in (0, 1, 2, 3)] == [(0, ""), (0, "a"), (1, ""), (1, "b")]
    assert m.to_client(1, 1) == (2, "c")
    assert [m.to_client(2, c)[0] for c in (0, 2, 4)] == [3, 4, 5]
    assert m.to_client(3, 1) == (6, "g") and m.to_client(3, 2) == (7, "")
    assert [m.to_reader(n) for n in range(8)] == [
        (0, 0, "a"), (0, 2, "b"), (1, 0, "c"), (2, 0, "d"), (2, 2, "e"), (2, 4, "f"),
        (3, 0, "g"), (3, 2, "")]
    plain = LineMap(["x", "y"])
    assert not plain.lone_cr and plain.to_reader(1) == (1, 0, "y")


def _lsp_offset(text: str, line: int, units: int) -> int:
    """The offset of a protocol position in a text (UTF-16 units; a place
    past the end of its line is that end; a line past the last, the text's end)."""
    import re

    starts = [0] + [m.end() for m in re.finditer("\r\n|\r|\n", text)]
    if line >= len(starts):
        return len(text)
    end = starts[line + 1] if line + 1 < len(starts) else len(text)
    body = re.sub("(\r\n|\r|\n)$", "", text[starts[line]:end])
    n = done = 0
    while n < len(body) and done < units:
        done += 2 if ord(body[n]) > 0xFFFF else 1
        n += 1
    return starts[line] + n


@pytest.mark.parametrize("block", [4, 1 << 16])  # blocks of a few characters, and of 64 K
def test_changes_applied_to_an_open_text_as_the_protocol_says(
        block: int, monkeypatch: pytest.MonkeyPatch) -> None:
    import random

    from verifier.lsp import text as text_module
    from verifier.lsp.server import FtnServer
    from verifier.lsp.text import Text, split_ends

    monkeypatch.setattr(text_module, "BLOCK", block)

    chars = FtnServer().chars
    rng = random.Random(5)
    pieces = ["", "a", "\n", "\r", "\r\n", "\U0001f600", "\u00e9", "xy\rz", "\x0c", "\u2028"]
    for _ in range(300):
        text = "".join(rng.choice(pieces) for _ in range(rng.randrange(30)))
        open_text = Text(text)
        for _ in range(8):
            a = (rng.randrange(14), rng.randrange(5))
            b = (rng.randrange(14), rng.randrange(5))
            new = "".join(rng.choice(pieces) for _ in range(rng.randrange(3)))
            start, end = _lsp_offset(text, *a), _lsp_offset(text, *b)
            text = text[:start] + new + text[max(start, end):]
            open_text.replace(a, b, new, chars)
            assert open_text.text() == text and open_text.size == len(text)
            assert open_text.line_count == len(split_ends(text))
            assert all(b for b in open_text.blocks[:-1])
