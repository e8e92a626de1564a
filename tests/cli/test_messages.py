"""Messages for people, as a new user meets them: the end-of-file finding
on the file's last line (or the empty one after it), never further; a
refusal that names what it refuses (never an empty list); "did you mean"
wherever a word is looked up; the hint for ``= 12``; an unreadable file
counted as unreadable in the summary. Each expectation is worked out by
hand from the input written here."""

from __future__ import annotations

from pathlib import Path

from support.ftn import Ftn

HEADER = 'game\n[ftn "1"]\n[seat "N" "Ann"]\n[seat "S" "Bob"]\n[first "N"]\n'


def test_end_of_file_finding_on_the_line_after_the_last_line_end(
        ftn: Ftn, tmp_path: Path) -> None:
    p = tmp_path / "eof.ftn"
    p.write_text('game\n[ftn "1"]\n')  # 2 lines, each ended: the end is at 3:1
    r = ftn(["check", str(p)])
    assert r.returncode == 1
    assert f"{p}:3:1: FT001 syntax-error: the file ends inside a game" in r.stdout


def test_end_of_file_finding_on_the_last_line_without_a_line_end(
        ftn: Ftn, tmp_path: Path) -> None:
    p = tmp_path / "eof.ftn"
    p.write_text('game\n[ftn "1"]')  # line 2 has 9 characters: the end is at 2:10
    r = ftn(["check", str(p)])
    assert r.returncode == 1
    assert f"{p}:2:10: FT001 syntax-error: the file ends inside a game" in r.stdout


def test_end_of_file_finding_from_standard_input(ftn: Ftn) -> None:
    r = ftn(["check", "-"], stdin='game\n[ftn "1"]\n')
    assert r.returncode == 1
    assert "<stdin>:3:1: FT001 syntax-error: the file ends inside a game" in r.stdout


def test_a_knock_at_the_lead_names_no_empty_list(ftn: Ftn, tmp_path: Path) -> None:
    p = tmp_path / "knock.ftn"
    p.write_text(HEADER + "\nround 1 opener N\n  N knock\nend\n")
    r = ftn(["check", str(p)])
    assert r.returncode == 1
    assert f"{p}:8:3: FT205 knock-while-able: N knocks with no tile on the table" in r.stdout
    assert "holds ," not in r.stdout


def test_explain_offers_the_close_code_name(ftn: Ftn) -> None:
    r = ftn(["explain", "points-mismatc"])
    assert r.returncode == 2
    assert "unknown code 'points-mismatc' (did you mean 'points-mismatch'?)" in r.stderr


def test_explain_offers_the_close_code(ftn: Ftn) -> None:
    r = ftn(["explain", "FT39"])
    assert r.returncode == 2 and "(did you mean 'FT309'?)" in r.stderr


def test_rules_offers_the_close_rules(ftn: Ftn) -> None:
    r = ftn(["rules", "R8.9"])
    assert r.returncode == 2
    assert "no rule 'R8.9' in the rule book (did you mean 'R8.5' or 'R8.4'?)" in r.stderr


def test_stats_by_a_key_no_game_has_warns_with_the_close_match(ftn: Ftn) -> None:
    r = ftn(["stats", "samples/valid", "--by", "palyer"])
    assert r.returncode == 0
    assert ("ftn stats: warning: --by palyer: no game has the tag 'palyer' (did you mean "
            "'player'?); every game is counted under 'palyer (none)'") in r.stderr
    assert "palyer (none):" in r.stdout


def test_stats_by_a_tag_some_game_has_gives_no_warning(ftn: Ftn) -> None:
    r = ftn(["stats", "samples/valid", "--by", "event"])
    assert r.returncode == 0 and r.stderr == ""


def test_a_spaced_end_total_says_what_to_write(ftn: Ftn, tmp_path: Path) -> None:
    p = tmp_path / "spaced.ftn"
    p.write_text(HEADER + "\nround 1 opener N\n  deal N ?\n  deal S ?\n  N 6-6 = 12\nend\n")
    r = ftn(["check", str(p)])
    assert r.returncode == 1
    assert f"{p}:10:9: FT001 syntax-error: no space after =: write =12" in r.stdout


def test_spaced_points_say_what_to_write(ftn: Ftn, tmp_path: Path) -> None:
    p = tmp_path / "spaced.ftn"
    p.write_text(HEADER + "\nround 1 opener N\n  deal N ?\n  deal S ?\n  N 6-6 =12 + 0\nend\n")
    r = ftn(["check", str(p)])
    assert r.returncode == 1
    assert f"{p}:10:13: FT001 syntax-error: no space after +: write +0" in r.stdout


def test_a_file_that_is_not_text_is_counted_unreadable(ftn: Ftn, tmp_path: Path) -> None:
    p = tmp_path / "binary.ftn"
    p.write_bytes(b"game\n\x9b\x00\xff\n")
    r = ftn(["check", str(p)])
    assert r.returncode == 2
    assert r.stdout == "1 file (1 unreadable), 0 games, 0 events: 0 errors, 0 warnings\n"
    assert f"{p}:2:1: not UTF-8 (byte 0x9b)" in r.stderr


def test_an_unreadable_file_among_others_is_counted_apart(ftn: Ftn, tmp_path: Path) -> None:
    bad = tmp_path / "binary.ftn"
    bad.write_bytes(b"\xff\xfe")
    r = ftn(["check", str(bad), "samples/valid/three-players.ftn"])
    assert r.returncode == 2
    assert r.stdout.startswith("2 files (1 unreadable), 1 game, ")


def test_record_lists_the_rule_options_one_a_line(ftn: Ftn, tmp_path: Path) -> None:
    p = tmp_path / "new.ftn"
    r = ftn(["record", str(p)], stdin="2\n\n\n\n\n?\n")
    lines = r.stdout.split("\n")
    assert "target: a positive whole number (V2; 61 by default)" in lines
    assert "partnerships: on or off (V6; on needs 4 players)" in lines
    assert not any(line.startswith(("61 by default", "on needs")) for line in lines)


def test_record_resume_shows_a_finding_on_lines_of_its_own(ftn: Ftn, tmp_path: Path) -> None:
    p = tmp_path / "open.ftn"
    p.write_text(HEADER + "\nround 1 opener N\n  deal N ?\n  deal S ?\n  N 6-6 = 12\n")
    r = ftn(["record", "--resume", str(p)], stdin="\n")
    assert r.returncode == 2
    assert f"{p}:10:9: FT001 syntax-error: no space after =: write =12\n 10 |   N 6-6 = 12\n" \
        in r.stderr
    assert "\\x0a" not in r.stderr
