"""Hostile text on its way out: player names, tag values and file names that
hold escape sequences, control characters, rich markup or spreadsheet
formulas. On a terminal (``stats``, ``replay``, ``fmt``'s messages) they are
shown escaped (``\\x1b``); in SVG, HTML and JUnit they leave the file
well-formed; in CSV a formula is written behind a ``'``; JSON and Parquet
keep the values as they are. ``ftn`` runs as a subprocess where the bytes
on the terminal are what is checked."""

from __future__ import annotations

import csv
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from support.corpora import ROUND
from support.ftn import QUIET, Ftn, no_traceback

#: What the record's strings hold once read (FTN writes them with \u escapes).
TITLE = "\x1b]0;owned\x07 [bold red]x"
CLEAR = "ev\x1b[2J\x01</script>"
NAMES = {"Ann": (r"\u001b]0;owned\u0007 [bold red]x", TITLE), "Bob": ("=1+2", "=1+2"),
         "Cy": ("@SUM(A1)", "@SUM(A1)"), "Di": ("-2+3", "-2+3")}
RAW = ("\x1b", "\x07", "\x01")


def hostile_round() -> str:
    """test_data's ROUND (it checks clean) with formulas and escapes in its
    player names and tags."""
    text = ROUND
    for plain, (written, _) in NAMES.items():
        assert f'"{plain}"' in text
        text = text.replace(f'"{plain}"', f'"{written}"', 1)
    assert '[event "Spring 2025"]' in text
    return text.replace('[event "Spring 2025"]',
                        '[event "ev\\u001b[2J\\u0001</script>"]\n[site "+cmd|\' /C calc\'!A0"]')


@pytest.fixture
def record(tmp_path: Path) -> Path:
    path = tmp_path / "h.ftn"
    path.write_text(hostile_round(), encoding="utf-8")
    return path


def _no_raw(data: bytes) -> str:
    text = data.decode("utf-8")
    for c in RAW:
        assert c not in text, text[-2000:]
    return text


# -- on a terminal -----------------------------------------------------------------

@pytest.mark.parametrize(("by", "head"), [
    ("player", "player \\x1b]0;owned\\x07 [bold red]x:"),
    ("event", "event ev\\x1b[2J\\x01</script>:"),
])
def test_stats_by_a_hostile_name_shows_it_escaped(record: Path, by: str, head: str,
                                                  ftn: Ftn) -> None:
    p = ftn(["stats", "--by", by, record.name], process=True, binary=True, cwd=record.parent,
            timeout=60, env=QUIET)
    no_traceback(p, (0,))
    out = _no_raw(p.stdout)
    assert head in out.split("\n")
    table = out.split("\n  players:\n")[1].split("\n")
    # Ann (N) placed 1-4 +0, 3-6 +4, 1-3 +0, 3-2 +2: 6 points; Di (W) 1-1 +1, 4-4 +3, 2-1 +3.
    assert table[1:3] == [
        "    \\x1b]0;owned\\x07 [bold red]x      1    0       6       1          6.00"
        "         0           0",  # as written, the columns aligned on what is shown
        "    -2+3                              1    0       7       1          7.00"
        "         0           0"]


def test_stats_json_keeps_the_names_as_they_are(record: Path, ftn: Ftn) -> None:
    p = ftn(["stats", "--by", "player", "--format", "json", record.name], process=True, binary=True,
            cwd=record.parent, timeout=60, env=QUIET)
    doc = json.loads(no_traceback(p, (0,)))
    assert set(doc["groups"]) == {TITLE, "=1+2", "@SUM(A1)", "-2+3"}
    assert b"\\u001b]0;owned\\u0007" in p.stdout and b"\x1b" not in p.stdout


def test_replay_shows_a_file_name_escaped(record: Path, ftn: Ftn) -> None:
    name = "a\x1b]0;t\x07\x1b[2Jb.ftn"
    (record.parent / name).write_text(hostile_round(), encoding="utf-8")
    p = ftn(["replay", name], process=True, binary=True, cwd=record.parent, timeout=60, env=QUIET)
    no_traceback(p, (0,))
    first = _no_raw(p.stdout).split("\n")[0]
    assert first.startswith("game 1 (a\\x1b]0;t\\x07\\x1b[2Jb.ftn): seats N E S W;"), first


@pytest.mark.parametrize(("mode", "said"), [("--check", "would reformat"),
                                            ("--write", "reformatted")])
def test_fmt_messages_show_a_file_name_escaped(record: Path, mode: str, said: str,
                                               ftn: Ftn) -> None:
    name = "a\x1b]0;t\x07\x1b[2Jb.ftn"
    text = hostile_round().replace("  E 1-0 =1 +0 (0,0)", "  E   1-0 =1 +0 (0,0)")
    (record.parent / name).write_text(text, encoding="utf-8")
    p = ftn(["fmt", mode, name], process=True, binary=True, cwd=record.parent, timeout=60,
            env=QUIET)
    no_traceback(p, (0, 1))
    assert f"{said} a\\x1b]0;t\\x07\\x1b[2Jb.ftn" in _no_raw(p.stdout + p.stderr)


def test_rich_markup_in_a_file_name_or_a_table_is_shown_as_written(record: Path, ftn: Ftn) -> None:
    name = "[bold red]x.ftn"
    (record.parent / name).write_text(hostile_round().replace("=12 +4", "=12 +5"),
                                      encoding="utf-8")
    p = ftn(["check", "--color", "always", name], process=True, binary=True, cwd=record.parent,
            timeout=60, env=QUIET)
    assert "[bold red]x.ftn" in no_traceback(p, (1,))
    from verifier.pipeline.results import Context
    from verifier.render.base import table

    shown = table(["name"], [["[bold red]x"]], Context(color=True))
    assert "[bold red]x" in shown


def test_engine_answers_are_quoted_escaped_without_a_repr() -> None:
    from verifier.live.process import quoted

    assert quoted(b"\x1b[2J it's \xff") == "'\\x1b[2J it's \\xff'"


# -- in files ---------------------------------------------------------------------

def test_show_svg_is_well_formed_xml(record: Path, ftn: Ftn) -> None:
    p = ftn(["show", "--svg", record.name], process=True, binary=True, cwd=record.parent,
            timeout=60, env=QUIET)
    no_traceback(p, (0,))
    root = ET.fromstring(p.stdout)  # raises on what XML 1.0 cannot hold
    texts = " ".join(t for el in root.iter() for t in (el.text or "", *el.attrib.values()))
    assert "ev\\x1b[2J\\x01</script>" in texts or "\\x1b]0;owned\\x07 [bold red]x" in texts


def test_show_page_holds_no_raw_controls_and_its_data_stays_in_its_script(record: Path,
                                                                          ftn: Ftn) -> None:
    p = ftn(["show", record.name], process=True, binary=True, cwd=record.parent, timeout=60,
            env=QUIET)
    no_traceback(p, (0,))
    page = _no_raw(p.stdout)
    assert page.count("</script>") == 2  # the data's and the page script's, no more
    marker = '<script type="application/json" id="ftn-data">'
    start = page.index(marker) + len(marker)
    data = json.loads(page[start:page.index("</script>", start)])
    assert data["games"][0]["title"] == CLEAR  # the value itself: the page script shows it


def test_junit_of_a_hostile_file_name_is_well_formed(record: Path, ftn: Ftn) -> None:
    name = "a\x1b[2J\x01b.ftn"
    (record.parent / name).write_text(hostile_round().replace("=12 +4", "=12 +5"),
                                      encoding="utf-8")
    p = ftn(["check", "--format", "junit", name], process=True, binary=True, cwd=record.parent,
            timeout=60, env=QUIET)
    no_traceback(p, (1,))
    suite = ET.fromstring(p.stdout).find("testsuite")
    assert suite is not None and suite.get("name") == "a\\x1b[2J\\x01b.ftn"


def _csv_rows(folder: Path, table: str) -> list[dict[str, str]]:
    with open(folder / f"{table}.csv", encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def test_csv_tables_write_formulas_behind_a_quote(record: Path, ftn: Ftn) -> None:
    out = record.parent / "t"
    p = ftn(["export", record.name, "--to", "csv", "-o", "t"], process=True, binary=True,
            cwd=record.parent, timeout=60, env=QUIET)
    no_traceback(p, (0,))
    players = {r["seat"]: r["player"] for r in _csv_rows(out, "events")}
    assert players == {"N": TITLE, "E": "'=1+2", "S": "'@SUM(A1)", "W": "'-2+3"}
    tags = {r["key"]: r["value"] for r in _csv_rows(out, "tags")}
    assert tags["site"] == "'+cmd|' /C calc'!A0" and tags["event"] == CLEAR
    (game,) = _csv_rows(out, "games")
    assert game["names"] == f"{TITLE},=1+2,@SUM(A1),-2+3"  # one cell, starting with ESC
    (rnd,) = _csv_rows(out, "rounds")
    assert rnd["totals"] == "14,7"  # a text of numbers, no formula: as it was


def test_parquet_tables_keep_the_values_as_they_are(record: Path, ftn: Ftn) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    p = ftn(["export", record.name, "--to", "parquet", "-o", "t"], process=True, binary=True,
            cwd=record.parent, timeout=60, env=QUIET)
    no_traceback(p, (0,))
    events = pq.read_table(record.parent / "t" / "events.parquet").to_pydict()
    assert dict(zip(events["seat"], events["player"], strict=True)) == {
        "N": TITLE, "E": "=1+2", "S": "@SUM(A1)", "W": "-2+3"}
    tags = pq.read_table(record.parent / "t" / "tags.parquet").to_pydict()
    assert dict(zip(tags["key"], tags["value"], strict=True))["site"] == "+cmd|' /C calc'!A0"


def test_stats_csv_writes_formulas_behind_a_quote(record: Path, ftn: Ftn) -> None:
    p = ftn(["stats", "--by", "player", "--format", "csv", record.name], process=True, binary=True,
            cwd=record.parent, timeout=60, env=QUIET)
    rows = list(csv.reader(no_traceback(p, (0,)).splitlines()))
    groups = {r[0] for r in rows[1:]}
    assert groups == {TITLE, "'=1+2", "'@SUM(A1)", "'-2+3"}
    won = [r for r in rows if r[0] == "'=1+2" and r[1:4] == ["players", "'=1+2", "won"]]
    assert won == [["'=1+2", "players", "'=1+2", "won", "0"]]


def test_csv_cell_marks_only_text_that_a_spreadsheet_would_run() -> None:
    from verifier.files.escaping import csv_cell

    for text in ("=1+2", "+A1", "-A1", "@SUM(A1)", "\tx", "\rx", "-2+3", "+5,7"):
        assert csv_cell(text) == "'" + text
    for value in ("Ann", "", "a=b", "+5", "-3", -3, 0, 2.5, None, "'=x"):
        assert csv_cell(value) == value


def test_record_resumed_shows_the_file_name_escaped(record: Path, ftn: Ftn) -> None:
    name = "a\x1b]0;t\x07b.ftn"
    head = hostile_round().split("\n  deal N")[0] + "\n"
    (record.parent / name).write_text(head, encoding="utf-8")
    p = ftn(["record", "--resume", name], process=True, binary=True, cwd=record.parent, stdin=b"",
            timeout=60, env=QUIET)
    no_traceback(p, (0,))
    assert "Resuming a\\x1b]0;t\\x07b.ftn (" in _no_raw(p.stdout + p.stderr)


def test_show_settings_names_a_file_escaped(record: Path, ftn: Ftn) -> None:
    name = "a\x1b]0;t\x07b.ftn"
    (record.parent / name).write_text(hostile_round(), encoding="utf-8")
    p = ftn(["check", "--show-settings", name], process=True, binary=True, cwd=record.parent,
            timeout=60, env=QUIET)
    no_traceback(p, (0,))
    assert "# a\\x1b]0;t\\x07b.ftn: no settings file" in _no_raw(p.stdout).split("\n")
