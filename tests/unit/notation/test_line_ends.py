"""FTN's line ends are LF and CR LF: a carriage return anywhere else (a
comment included) is a syntax error at its place, once a line, on every
path of the reader (the direct path, the line regex, the Lark grammar), and
neither ``fmt --write`` nor ``convert`` writes a record that holds one; the
printer and the JSON form never write one either."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from support.ftn import Ftn
from support.paths import read_sample

from notation.ftn import reader as parser
from notation.ftn.diagnose import LONE_CR
from notation.ftn.grammar import lark_derived, line_regex
from notation.ftn.printer import print_game
from notation.ftn.reader import ParseError, parse
from notation.model import Comments
from verifier.api import check_text

GAME = read_sample("valid", "four-players.ftn")


def errors(text: str) -> list[tuple[int, int, str]]:
    return [(e.line, e.col, e.message) for e in parse(text) if isinstance(e, ParseError)]


def test_a_classic_mac_os_file_is_one_line_with_one_error_at_its_first_cr() -> None:
    mac = GAME.replace("\n", "\r")
    assert errors(mac) == [(1, GAME.index("\n") + 1, LONE_CR)]
    report = check_text(mac, "mac.ftn")
    assert [(d.code, d.line, d.col) for d in report.diagnostics] == [("FT001", 1, 77)]
    assert "tr '\\r' '\\n'" in LONE_CR and "line ends are LF or CR LF" in LONE_CR


@pytest.mark.parametrize(("line", "col"), [
    ("# a note\r with a CR in it", 9),                # a comment line
    ("  N 6-6 L =12 +4 (4,0)  # lead\rx", 31),       # a trailing comment
    ("  N 6-6\r L", 8),                              # an event line (the direct path)
    ("\r\r", 1),                                     # CR CR LF: the first is alone
    ("  \r \r", 3),                                  # a blank line, but for the CR
])
def test_a_lone_cr_is_a_syntax_error_at_its_line_and_column(line: str, col: int) -> None:
    lines = GAME.split("\n")
    at = next(i for i, text in enumerate(lines) if text.startswith("  N 6-6"))
    lines[at] = line
    text = "\n".join(lines)
    assert errors(text) == [(at + 1, col, LONE_CR)]
    crlf = "\r\n".join(lines)  # the same in a CR LF file: its line ends are not lone
    assert errors(crlf) == [(at + 1, col, LONE_CR)]


def test_every_path_of_the_reader_agrees(monkeypatch: pytest.MonkeyPatch) -> None:
    lines = GAME.split("\n")
    at = next(i for i, text in enumerate(lines) if text.startswith("  N 6-6"))
    lines[at] = lines[at].replace(" L", "\r L", 1)
    text = "\n".join(lines)
    fast = errors(text)
    monkeypatch.setattr(parser, "DIRECT", False)
    assert errors(text) == fast and len(fast) == 1
    monkeypatch.setattr(parser, "SCAN", not parser.SCAN)
    assert errors(text) == fast
    for bad in (lines[at], "# a\rb", "  N 6-6 L  # a\rb"):  # the grammar's terminals too
        assert line_regex().fullmatch(bad) is None
    assert re.fullmatch(lark_derived().terminals["COMMENT"], "# a\rb") is None


def test_crlf_and_a_bom_are_read_and_a_bom_does_not_count_as_a_column() -> None:
    assert errors(GAME.replace("\n", "\r\n")) == []
    assert errors("\ufeff" + GAME) == []
    assert errors("\ufeff# x\ry\n" + GAME) == [(1, 4, LONE_CR)]


def test_a_cr_in_a_comment_is_found_by_check_and_convert_writes_no_json(tmp_path: Path,
                                                                        ftn: Ftn) -> None:
    src = tmp_path / "a.ftn"
    src.write_bytes(GAME.replace("game\n", "# written on\ra Mac\ngame\n", 1).encode("utf-8"))
    code, out, _ = ftn(["check", str(src)])
    assert code == 1 and f"a.ftn:6:13: FT001 syntax-error: {LONE_CR}" in out
    dest = tmp_path / "a.json"
    code, _, _ = ftn(["convert", str(src), "-o", str(dest)])
    assert code == 1 and not dest.exists()


def test_the_json_form_refuses_a_comment_that_holds_a_cr(tmp_path: Path, ftn: Ftn) -> None:
    code, out, _ = ftn(["convert", "-", "--to", "json"], stdin=GAME)
    assert code == 0
    doc = json.loads(out)
    doc[0]["comments"] = {"before": ["a\rb"]}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    code, out, _ = ftn(["check", str(bad)])
    assert code == 1 and "FT003" in out


def test_the_printer_never_writes_a_line_end_inside_a_comment() -> None:
    game = next(g for g in parse(GAME) if not isinstance(g, ParseError))
    for bad in ("a\rb", "a\nb"):
        with pytest.raises(ValueError, match="a comment holds a line end"):
            print_game(replace(game, comments=Comments((bad,), None)))
