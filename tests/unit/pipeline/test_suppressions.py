"""Suppressions (``verifier.pipeline.suppressions``): a ``noqa`` comment
silences the findings of its line that it names (a bare one, every code),
by code or name (the word in lower or upper case); one that silences nothing, or names no code,
is FT403 at the key; a ``#`` inside a quoted tag value is no comment; JSON
records are not read for it; and ``ftn check`` counts what is left."""

from __future__ import annotations

from support.ftn import Ftn

from verifier.api import check_text
from verifier.diagnostics import BY_CODE
from verifier.pipeline.jobs.rewrite import convert_text

# Line 9 claims +5 for N's 6-6 (12/3 = 4 points) and totals (5,0): one
# finding, FT302 at 9:13 (the totals follow the claimed points: no FT303).
RECORD = """\
game
[ftn "1"]
[seat "N" "Ann"]
[seat "S" "Sam"]
[first "N"]
round 1 opener N
  deal N 6-6 6-3 5-5 4-1 2-0 3-3 1-1
  deal S 6-4 3-1 5-0 2-2 4-4 6-2 0-0
  N 6-6 =12 +5 (5,0)
  S 6-4 L =16 +0 (5,0)
  N 6-3 R =7 +0 (5,0)
end
"""


def _found(text: str) -> list[tuple[str, int, int, str]]:
    rep = check_text(text, "r.ftn")
    return [(d.code, d.line, d.col, d.message) for d in rep.diagnostics if d.code != "FT401"]


def _on(line: int, comment: str, text: str = RECORD) -> str:
    lines = text.split("\n")
    lines[line - 1] += "  " + comment
    return "\n".join(lines)


def test_the_record_has_one_finding_without_a_suppression() -> None:
    assert [f[:3] for f in _found(RECORD)] == [("FT302", 9, 13)]


def test_a_noqa_naming_the_code_or_the_name_silences_it() -> None:
    for comment in ("# noqa: FT302", "# noqa: points-mismatch", "# NOQA: ft302",
                    "# noqa", "# Ann miscounted noqa: FT302", "#noqa:FT302"):
        assert _found(_on(9, comment)) == [], comment


def test_a_noqa_that_silences_nothing_is_reported_at_its_key() -> None:
    # line 9 and its comment: the code FT303 stands at column 31
    assert _found(_on(9, "# noqa: FT303")) == [
        ("FT302", 9, 13, "points claimed +5, computed +4 (ends lead double 6-6 = 12; "
                         "12/3=4)"),
        ("FT403", 9, 31, "noqa: FT303 silences nothing on this line")]
    # line 10 and a bare suppression: the word stands at column 27
    assert [f[1:] for f in _found(_on(10, "# noqa"))][1:] == [
        (10, 27, "noqa silences nothing on this line")]
    # of two keys, the one that silenced nothing
    assert [f[:3] for f in _found(_on(9, "# noqa: FT302, FT303"))] == [("FT403", 9, 38)]


def test_the_word_in_mixed_case_is_no_suppression() -> None:
    assert [f[:3] for f in _found(_on(9, "# NoQa: FT302"))] == [("FT302", 9, 13)]


def test_a_key_that_is_not_a_code_says_the_close_match() -> None:
    assert "FT3O2" not in BY_CODE
    (found,) = _found(_on(10, "# noqa: FT3O2"))[1:]
    assert found[:3] == ("FT403", 10, 33)
    assert found[3].startswith("noqa: FT3O2 is not a code of ftn (did you mean 'FT302'")


def test_a_hash_inside_a_tag_value_is_not_a_comment() -> None:
    text = RECORD.replace('[seat "S" "Sam"]', '[seat "S" "Sam #2 noqa"]')
    assert [f[:3] for f in _found(text)] == [("FT302", 9, 13)]


def test_json_records_are_not_read_for_suppressions() -> None:
    js, _ = convert_text(_on(9, "# noqa: FT302"), "jsonl")
    assert js is not None and "noqa" in js
    rep = check_text(js, "r.jsonl")
    assert [d.code for d in rep.diagnostics if d.code != "FT401"] == ["FT302"]


def test_ftn_check_counts_what_is_left(tmp_path: object, ftn: Ftn) -> None:
    from pathlib import Path
    path = Path(str(tmp_path)) / "r.ftn"
    path.write_text(_on(9, "# noqa: FT302"), encoding="utf-8")
    r = ftn(["check", str(path)])
    assert r.returncode == 0
    assert r.stdout.endswith(": 0 errors, 1 warning\n")  # the game is unfinished (FT401)
