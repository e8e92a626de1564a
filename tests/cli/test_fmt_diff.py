"""``ftn fmt --diff`` and the exit status of ``fmt --diff`` and ``fill
--diff``: a unified diff of what would change, nothing written, exit 1 when
a file would change and 0 when none would (as ``ruff format --diff``)."""

from __future__ import annotations

from pathlib import Path

from support.diffs import apply
from support.ftn import Ftn
from support.paths import SAMPLES

CANONICAL = (SAMPLES / "valid" / "three-players.ftn").read_text(encoding="utf-8")
# Two placements of N written at the start of their line: fmt indents them.
MESSY = CANONICAL.replace("\n  N 0-4 =4", "\nN 0-4 =4", 1).replace("\n  N 4-6 R", "\nN 4-6 R", 1)


def test_fmt_diff_of_a_canonical_file_is_empty_and_exits_0(tmp_path: Path, ftn: Ftn) -> None:
    path = tmp_path / "ok.ftn"
    path.write_text(CANONICAL, encoding="utf-8")
    assert ftn(["fmt", "--diff", str(path)])[:2] == (0, "")


def test_fmt_diff_shows_the_change_writes_nothing_and_exits_1(tmp_path: Path,
                                                             ftn: Ftn) -> None:
    assert MESSY != CANONICAL
    path = tmp_path / "messy.ftn"
    path.write_text(MESSY, encoding="utf-8")
    code, out, err = ftn(["fmt", "--diff", str(path)])
    assert code == 1 and err == ""
    lines = out.rstrip("\n").split("\n")
    assert lines[:2] == [f"--- {path}", f"+++ {path}"]
    assert "-N 0-4 =4 +0 (0,0,0)" in lines and "+  N 0-4 =4 +0 (0,0,0)" in lines
    assert sum(line.startswith("-N ") for line in lines) == 2  # the two lines, no more
    assert apply(MESSY.rstrip("\n").split("\n"), lines) == CANONICAL.rstrip("\n").split("\n")
    assert path.read_text(encoding="utf-8") == MESSY  # nothing written


def test_fmt_diff_of_standard_input_and_of_several_files(tmp_path: Path, ftn: Ftn) -> None:
    code, out, _ = ftn(["fmt", "--diff", "-"], stdin=MESSY)
    assert code == 1 and out.startswith("--- <stdin>\n+++ <stdin>\n@@ ")
    assert ftn(["fmt", "--diff", "-"], stdin=CANONICAL)[:2] == (0, "")
    ok, messy = tmp_path / "ok.ftn", tmp_path / "messy.ftn"
    ok.write_text(CANONICAL, encoding="utf-8")
    messy.write_text(MESSY, encoding="utf-8")
    code, out, _ = ftn(["fmt", "--diff", str(ok), str(messy)])
    assert code == 1 and out.startswith(f"--- {messy}\n")  # only the file that would change
    assert ftn(["fmt", "--diff", str(ok), str(ok)])[:2] == (0, "")


def test_fmt_diff_of_a_file_that_does_not_parse_says_so(tmp_path: Path, ftn: Ftn) -> None:
    path = tmp_path / "bad.ftn"
    path.write_text(MESSY.replace("  E 0-3 L =7", "  E 0-3 Q =7", 1), encoding="utf-8")
    code, out, err = ftn(["fmt", "--diff", str(path)])
    assert code == 1 and out == ""
    assert f"ftn fmt: {path}: not formatted: it does not parse" in err


def test_fmt_diff_excludes_check_and_write(ftn: Ftn) -> None:
    for other in ("--check", "--write"):
        code, _, err = ftn(["fmt", "--diff", other, "x.ftn"])
        assert code == 2 and "exclude each other" in err


def test_fill_diff_exits_1_when_it_would_fill(tmp_path: Path, ftn: Ftn) -> None:
    bare = tmp_path / "bare.ftn"
    bare.write_text(CANONICAL.replace(" =4 +0 (0,0,0)", "", 1), encoding="utf-8")
    code, out, _ = ftn(["fill", "--diff", str(bare)])
    assert code == 1 and "+  N 0-4 =4 +0 (0,0,0)" in out.split("\n")
    full = tmp_path / "full.ftn"
    full.write_text(CANONICAL, encoding="utf-8")
    assert ftn(["fill", "--diff", str(full)])[:2] == (0, "")
