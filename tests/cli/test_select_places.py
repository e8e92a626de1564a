"""``ftn select --games PLACES``: games by their place in the input, as
pgn-extract selects them (counted from 1 across the inputs in order, a
game that cannot be read counted too), and ``--split-by KEY``: one file per
value of a tag, named so that no value names a path outside the folder."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from support.ftn import Ftn

from verifier.data.split import MANIFEST, MAX_STEM, file_stem

GAME = (Path(__file__).parents[2] / "samples" / "valid" / "start-mid-game.ftn").read_text()
_HEAD = '[start "4" "40,58"]\n'
BROKEN = 'game\n[ftn "1"]\n[seat "N" "A"]\n[seat "S" "B"]\n  N 9-9-9\nend\n'


def game(event: str | None) -> str:
    """The sample game with the tag ``[event "EVENT"]`` (none: without it)."""
    escaped = None if event is None else event.replace("\\", "\\\\").replace('"', '\\"')
    tag = "" if escaped is None else f'[event "{escaped}"]\n'
    return GAME.replace(_HEAD, _HEAD + tag)


def events(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("[event ")]


@pytest.fixture
def two_inputs(tmp_path: Path) -> list[str]:
    """Games 1-3 in a.ftn (game 2 cannot be read), games 4-5 in b.ftn."""
    a, b = tmp_path / "a.ftn", tmp_path / "b.ftn"
    a.write_text(game("g1") + BROKEN + game("g3"))
    b.write_text(game("g4") + game("g5"))
    return [str(a), str(b)]


def test_games_by_place_across_the_inputs(ftn: Ftn, two_inputs: list[str]) -> None:
    r = ftn(["select", *two_inputs, "--games", "3-4"])
    assert events(r.stdout) == ['[event "g3"]', '[event "g4"]']
    assert r.returncode == 0


def test_games_single_places_and_ranges(ftn: Ftn, two_inputs: list[str]) -> None:
    r = ftn(["select", *two_inputs, "--games", "5,1,4-4"])
    assert events(r.stdout) == ['[event "g1"]', '[event "g4"]', '[event "g5"]']


def test_a_place_that_cannot_be_read_is_said(ftn: Ftn, two_inputs: list[str]) -> None:
    r = ftn(["select", *two_inputs, "--games", "2-3"])
    assert events(r.stdout) == ['[event "g3"]']
    assert r.returncode == 1 and "FT001" in r.stderr


def test_games_with_two_jobs_give_the_same_output(ftn: Ftn, two_inputs: list[str]) -> None:
    one = ftn(["select", *two_inputs, "--games", "1,4-5"])
    two = ftn(["select", *two_inputs, "--games", "1,4-5", "--jobs", "2"])
    assert one.stdout == two.stdout and events(one.stdout) == [
        '[event "g1"]', '[event "g4"]', '[event "g5"]']


@pytest.mark.parametrize(("places", "message"), [
    ("20-10", "ftn select: --games 20-10: the range 20-10 runs backwards: write 10-20"),
    ("x", "ftn select: --games x: 'x' is not a place: write game numbers and ranges, "
          "like 10-20,35"),
    ("1,,2", "ftn select: --games 1,,2: '' is not a place"),
    ("0-3", "ftn select: --games 0-3: games are counted from 1, not 0"),
])
def test_a_bad_place_is_refused_with_what_to_write(
        ftn: Ftn, two_inputs: list[str], places: str, message: str) -> None:
    r = ftn(["select", *two_inputs, "--games", places])
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.startswith(message)


HOSTILE = ["../x", "/etc/passwd", "a/b", "..", ".", "", "x" * 300, "Zoë", "CON", "nul.txt",
           "Ann", "ann", "a\\b", "tab\there", "50%", "(none)", " lead", "trail."]


def test_file_stems_stay_in_the_folder_and_are_distinct() -> None:
    stems = [file_stem(v) for v in HOSTILE]
    assert len(set(stems)) == len(stems)
    for s in stems:
        assert s and s not in (".", "..") and "/" not in s and "\\" not in s
        assert all(" " < ch < "\x7f" for ch in s)
        assert len(s) <= MAX_STEM and not s.endswith((".", " ")) and not s.startswith(".")
    assert file_stem("../x") == "%2E.%2Fx"
    assert file_stem("/etc/passwd") == "%2Fetc%2Fpasswd"
    assert file_stem("Zoë") == "Zo%C3%AB"
    assert file_stem("CON") == "%43ON" and file_stem("nul.txt") == "%6Eul.txt"
    assert file_stem("") == "(empty)" and file_stem(None) == "(none)"
    assert file_stem("(none)") == "%28none%29"
    assert file_stem("Spring League") == "Spring League"


def test_split_by_a_tag_writes_one_safe_file_per_value(
        ftn: Ftn, tmp_path: Path) -> None:
    src = tmp_path / "in.ftn"
    values = [v for v in HOSTILE if "\t" not in v]  # a tab cannot stand in FTN's strings
    src.write_text("".join(game(v) for v in [*values, None, "Ann"]))
    out = tmp_path / "out"
    r = ftn(["select", str(src), "--split-by", "event", "-o", str(out)])
    assert r.returncode == 0, r.stderr
    names = sorted(p.name for p in out.iterdir() if p.name != MANIFEST)
    # One file per value (Ann's two games in one), one for the game without the tag,
    # each named in the split's list, in input order.
    assert len(names) == len(values) + 1
    assert sorted((out / MANIFEST).read_text().splitlines()) == names
    assert not list(tmp_path.glob("x*")) and not (tmp_path / "x.ftn").exists()
    assert "%2E.%2Fx.ftn" in names and "%2Fetc%2Fpasswd.ftn" in names
    assert "(none).ftn" in names and "(empty).ftn" in names
    # 'Ann' and 'ann' are one file on a case-insensitive file system: kept apart.
    assert "Ann.ftn" in names and "ann~2.ftn" in names
    assert events((out / "Ann.ftn").read_text()) == ['[event "Ann"]', '[event "Ann"]']
    assert events((out / "Zo%C3%AB.ftn").read_text()) == ['[event "Zoë"]']
    assert events((out / "(none).ftn").read_text()) == []
    assert (out / "(none).ftn").read_text().splitlines().count("game") == 1
    assert not [p for p in out.iterdir() if p.name.endswith(".tmp")]
    assert r.stderr == f"ftn select: 19 of 19 games into 18 files in {out}\n"


def test_split_by_in_json_lines_with_two_jobs(ftn: Ftn, tmp_path: Path) -> None:
    src = tmp_path / "in.ftn"
    src.write_text("".join(game(v) for v in ["a", "b", "a"]))
    one, two = tmp_path / "one", tmp_path / "two"
    assert ftn(["select", str(src), "--split-by", "event", "-o", str(one),
                "--to", "jsonl"]).returncode == 0
    assert ftn(["select", str(src), "--split-by", "event", "-o", str(two), "--to", "jsonl",
                "--jobs", "2"]).returncode == 0
    assert sorted(p.name for p in one.iterdir()) == [MANIFEST, "a.jsonl", "b.jsonl"]
    for name in ("a.jsonl", "b.jsonl"):
        assert (one / name).read_text() == (two / name).read_text()
    assert len((one / "a.jsonl").read_text().splitlines()) == 2


def test_split_by_needs_a_folder(ftn: Ftn, tmp_path: Path) -> None:
    src = tmp_path / "in.ftn"
    src.write_text(game("a"))
    r = ftn(["select", str(src), "--split-by", "event"])
    assert r.returncode == 2
    assert r.stderr == ("ftn select: --split-by writes one file per value into a folder: "
                        "name it with -o DIR\n")
    r = ftn(["select", str(src), "--split-by", "event", "-o", str(src)])
    assert r.returncode == 2 and "is not a folder" in r.stderr


def test_split_by_writes_nothing_when_an_input_fails_partway(
        ftn: Ftn, tmp_path: Path) -> None:
    src = tmp_path / "in.ftn"
    src.write_bytes(game("a").encode() + b"\xff\n")
    out = tmp_path / "out"
    r = ftn(["select", str(src), "--split-by", "event", "-o", str(out)])
    assert r.returncode == 2 and "not UTF-8" in r.stderr
    assert not out.exists() or list(out.iterdir()) == []


def test_a_split_into_an_earlier_splits_folder_replaces_its_files(
        ftn: Ftn, tmp_path: Path) -> None:
    """Events a, b, c, then a and d into the same folder: the folder holds
    the new set alone (b.ftn and c.ftn gone), and ``ftn stats`` of it counts
    the 2 new games, not 5."""
    first, second, out = tmp_path / "first.ftn", tmp_path / "second.ftn", tmp_path / "out"
    first.write_text("".join(game(v) for v in ["a", "b", "c"]))
    second.write_text("".join(game(v) for v in ["a", "d"]))
    assert ftn(["select", str(first), "--split-by", "event", "-o", str(out)]).returncode == 0
    assert sorted(p.name for p in out.iterdir()) == [MANIFEST, "a.ftn", "b.ftn", "c.ftn"]
    folder = out.stat().st_ino
    r = ftn(["select", str(second), "--split-by", "event", "-o", str(out)])
    assert r.returncode == 0, r.stderr
    assert sorted(p.name for p in out.iterdir()) == [MANIFEST, "a.ftn", "d.ftn"]
    if sys.platform.startswith("linux"):  # the folders swapped in one step
        assert out.stat().st_ino != folder
    assert (out / MANIFEST).read_text() == "a.ftn\nd.ftn\n"
    assert events((out / "a.ftn").read_text()) == ['[event "a"]']
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no staging left
    r = ftn(["stats", "--format", "json", str(out)])
    assert r.returncode == 0 and '"games": 2,' in r.stdout


def test_a_split_into_a_folder_with_other_files_is_refused(ftn: Ftn, tmp_path: Path) -> None:
    """A user's file in the folder (or a split's without its list, as the
    input folder itself): refused before anything is read or written, exit
    2, every file as it was."""
    src, out = tmp_path / "in.ftn", tmp_path / "out"
    src.write_text(game("a"))
    out.mkdir()
    (out / "notes.txt").write_text("mine")
    (out / "b.ftn").write_text(game("b"))
    r = ftn(["select", str(src), "--split-by", "event", "-o", str(out)])
    assert r.returncode == 2
    assert r.stderr == (f"ftn select: --split-by: {out} holds files that are not of an earlier "
                        "split (b.ftn, notes.txt): name a new or empty folder with -o, or one "
                        "that an earlier --split-by wrote (its files are then replaced)\n")
    assert sorted(p.name for p in out.iterdir()) == ["b.ftn", "notes.txt"]
    assert (out / "notes.txt").read_text() == "mine" and (out / "b.ftn").read_text() == game("b")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.ftn", "out"]


def test_an_earlier_split_stays_whole_when_an_input_fails_partway(
        ftn: Ftn, tmp_path: Path) -> None:
    good, bad, out = tmp_path / "good.ftn", tmp_path / "bad.ftn", tmp_path / "out"
    good.write_text(game("a") + game("b"))
    bad.write_bytes(game("c").encode() + b"\xff\n")
    assert ftn(["select", str(good), "--split-by", "event", "-o", str(out)]).returncode == 0
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    assert ftn(["select", str(bad), "--split-by", "event", "-o", str(out)]).returncode == 2
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.ftn", "good.ftn", "out"]
