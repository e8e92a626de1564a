"""``ftn check --fix`` and ``--diff``: the computed value written in place of
each wrong claim (and of the totals after it that followed it), moves never
changed, the findings that remain reported, with ``fmt --write``'s safety
(compressed stays compressed, a file with nothing to fix is not rewritten,
a file that cannot be written is said, exit 2); standard input fixed to
standard output; JSON records left as they are."""

from __future__ import annotations

import gzip
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from support.corpora import FOUR
from support.ftn import Ftn
from support.paths import SAMPLES

# FOUR: the registry's example record with four mistakes, its arithmetic in
# support/corpora.py: three wrong claims fixed, one illegal move kept.
FIXED = (FOUR.replace("S 6-4 L =15 +0", "S 6-4 L =16 +0")
         .replace("S 3-1 R =9 +2 (4,3)", "S 3-1 R =9 +3 (4,3)")
         .replace("N 4-1 L =2 +0 (4,4)", "N 4-1 L =2 +0 (4,3)"))

DIFF = """\
--- {0}
+++ {0}
@@ -7,12 +7,12 @@
   deal N 6-6 6-3 5-5 4-1 2-0 3-3 1-1
   deal S 6-4 3-1 5-0 2-2 4-4 6-2 0-0
   N 6-6 =12 +4 (4,0)
-  S 6-4 L =15 +0 (4,0)
+  S 6-4 L =16 +0 (4,0)
   N 6-3 R =7 +0 (4,0)
   S 4-4 L =11 +0 (4,0)
   N 3-3 R =14 +0 (4,0)
-  S 3-1 R =9 +2 (4,3)
-  N 4-1 L =2 +0 (4,4)
+  S 3-1 R =9 +3 (4,3)
+  N 4-1 L =2 +0 (4,3)
   S knock
   N 1-1 L =3 +1 (5,3)
   S knock
"""


def _codes(ftn: Ftn, path: Path | str, stdin: str | None = None) -> list[tuple[str, int]]:
    """The errors and warnings of ``ftn check`` (code and line)."""
    r = ftn(["check", "--format", "json", str(path)], stdin=stdin)
    return [(d["code"], d["line"]) for d in json.loads(r.stdout)["diagnostics"]
            if d["severity"] in ("error", "warning")]


def test_fix_writes_the_three_claims_and_leaves_the_move(tmp_path: Path, ftn: Ftn) -> None:
    path = tmp_path / "four.ftn"
    path.write_text(FOUR, encoding="utf-8")
    assert _codes(ftn, path) == [("FT301", 10), ("FT302", 14), ("FT303", 15), ("FT206", 19)]
    code, out, err = ftn(["check", "--fix", str(path)])
    assert code == 1 and err == ""  # the move remains: an error
    assert out.startswith(f"{path}:19:3: FT206 event-after-round-end")
    summary, found = out.rstrip("\n").split("\n")[-2:]
    assert summary.startswith("1 file, 1 game, 11 events") and summary.endswith(
        ": 1 error, 0 warnings")  # (the check of the fixed text)
    assert found == "Found 4 findings (3 fixed, 1 remaining); 3 claims written in 1 file."
    assert path.read_text(encoding="utf-8") == FIXED
    assert _codes(ftn, path) == [("FT206", 19)]  # the check of the result: only the move
    # nothing more to fix: the file is left as it is
    code, out, _ = ftn(["check", "--fix", str(path)])
    assert code == 1 and out.endswith("Found 1 finding (0 fixed, 1 remaining).\n")


def test_diff_shows_the_fixes_and_writes_nothing(tmp_path: Path, ftn: Ftn) -> None:
    path = tmp_path / "four.ftn"
    path.write_text(FOUR, encoding="utf-8")
    code, out, err = ftn(["check", "--diff", str(path)])
    assert (code, out) == (1, DIFF.format(path))
    assert err == "Would fix 3 findings (1 would remain); 3 claims to write in 1 file.\n"
    assert path.read_text(encoding="utf-8") == FOUR
    # --fix --diff is --diff; a record with nothing to fix: no diff, exit 0
    assert ftn(["check", "--fix", "--diff", str(path)])[:2] == (1, DIFF.format(path))
    path.write_text(FIXED, encoding="utf-8")
    code, out, err = ftn(["check", "--diff", str(path)])
    assert (code, out) == (0, "")
    assert err == "Would fix 0 findings (1 would remain).\n"


def test_a_points_claim_fixed_takes_the_totals_that_followed_it(tmp_path: Path,
                                                                ftn: Ftn) -> None:
    # points-mismatch.ftn line 29: S 1-6 L =18 +7 (1,10): 18 scores 6; the
    # totals after it carry the extra point, (1,10) ... (2,11), until the
    # result line (2,10), which is right. The check reports the +7 alone.
    path = tmp_path / "p.ftn"
    shutil.copy(SAMPLES / "invalid" / "points-mismatch.ftn", path)
    before = path.read_text(encoding="utf-8").split("\n")
    code, out, _ = ftn(["check", "--fix", str(path)])
    assert code == 0
    assert out.endswith("Found 1 finding (1 fixed, 0 remaining); 9 claims written in 1 file.\n")
    after = path.read_text(encoding="utf-8").split("\n")
    changed = [(n, a, b) for n, (a, b) in enumerate(zip(before, after, strict=True), 1)
               if a != b]
    assert changed == [
        (29, "  S 1-6 L =18 +7 (1,10)", "  S 1-6 L =18 +6 (1,9)"),
        (30, "  N 6-2 R =8 +0 (1,10)", "  N 6-2 R =8 +0 (1,9)"),
        (31, "  S 6-0 L =2 +0 (1,10)", "  S 6-0 L =2 +0 (1,9)"),
        (32, "  N 0-2 L =4 +0 (1,10)", "  N 0-2 L =4 +0 (1,9)"),
        (34, "  N 2-1 R =3 +1 (2,10)", "  N 2-1 R =3 +1 (2,9)"),
        (35, "  S 1-3 R =5 +1 (2,11)", "  S 1-3 R =5 +1 (2,10)"),
        (36, "  N 2-4 L =7 +0 (2,11)", "  N 2-4 L =7 +0 (2,10)"),
        (37, "  S 4-4 L =11 +0 (2,11)", "  S 4-4 L =11 +0 (2,10)"),
    ]  # (and the +7's line: 8 lines, 9 claims)
    assert _codes(ftn, path) == []


def test_standard_input_fixed_to_standard_output(ftn: Ftn) -> None:
    code, out, err = ftn(["check", "--fix", "-"], stdin=FOUR)
    assert code == 1 and out == FIXED
    assert err.startswith("<stdin>:19:3: FT206 event-after-round-end")
    assert err.endswith("Found 4 findings (3 fixed, 1 remaining); 3 claims written in 1 file.\n")
    assert ftn(["check", "--fix", "-"], stdin=FIXED).stdout == FIXED


def test_a_gzip_file_stays_gzip_and_crlf_stays_crlf(tmp_path: Path, ftn: Ftn) -> None:
    packed = tmp_path / "four.ftn.gz"
    packed.write_bytes(gzip.compress(FOUR.encode("utf-8")))
    assert ftn(["check", "--fix", str(packed)]).returncode == 1
    assert gzip.decompress(packed.read_bytes()).decode("utf-8") == FIXED
    windows = tmp_path / "crlf.ftn"
    windows.write_bytes(FOUR.replace("\n", "\r\n").encode("utf-8"))
    assert ftn(["check", "--fix", str(windows)]).returncode == 1
    assert windows.read_bytes() == FIXED.replace("\n", "\r\n").encode("utf-8")


def test_a_file_with_nothing_to_fix_is_not_rewritten(tmp_path: Path, ftn: Ftn) -> None:
    path = tmp_path / "fixed.ftn"
    path.write_text(FIXED, encoding="utf-8")
    os.utime(path, (1_000_000_000, 1_000_000_000))
    code, out, _ = ftn(["check", "--fix", str(path)])
    assert code == 1 and out.endswith("Found 1 finding (0 fixed, 1 remaining).\n")
    assert path.stat().st_mtime == 1_000_000_000
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fixed.ftn"]  # no temporary left


def test_a_read_only_file_is_said_and_the_others_are_fixed(tmp_path: Path, ftn: Ftn) -> None:
    ro, rw = tmp_path / "ro.ftn", tmp_path / "rw.ftn"
    for f in (ro, rw):
        f.write_text(FOUR, encoding="utf-8")
    ro.chmod(0o444)
    code, out, err = ftn(["check", "--fix", "--format", "concise", str(ro), str(rw)])
    assert code == 2 and "Traceback" not in out + err
    assert err == f"ftn check: {ro}: not rewritten: the file is read-only\n"
    # the read-only file's three fixes are not made: they remain
    assert out.endswith("Found 8 findings (3 fixed, 5 remaining); 3 claims written in 1 file.\n")
    assert ro.read_text(encoding="utf-8") == FOUR  # as root too: the mode is what counts
    assert rw.read_text(encoding="utf-8") == FIXED


def test_a_read_only_folder_is_said_without_a_traceback(tmp_path: Path, ftn: Ftn) -> None:
    """As root, who writes in any folder, ``ftn`` runs without the powers
    to pass over a file's mode (``setpriv``, of util-linux, takes
    CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH and CAP_FOWNER from its bounding
    set), so that the folder is read-only to it too."""
    folder = tmp_path / "ro"
    folder.mkdir()
    path = folder / "four.ftn"
    path.write_text(FOUR, encoding="utf-8")
    folder.chmod(0o555)
    try:
        if os.geteuid() == 0:
            powers = "--bounding-set=-dac_override,-dac_read_search,-fowner"
            done = subprocess.run(["setpriv", powers, sys.executable, "-m", "verifier", "check",
                                   "--fix", str(path)], capture_output=True, text=True, check=False)
            code, out, err = done.returncode, done.stdout, done.stderr
        else:
            code, out, err = ftn(["check", "--fix", str(path)])
    finally:
        folder.chmod(0o755)
    assert code == 2 and "Traceback" not in out + err, out + err
    assert err.startswith(f"ftn check: {path}: not rewritten: "), err
    assert path.read_text(encoding="utf-8") == FOUR


def test_a_noqa_finding_and_an_ignored_code_are_not_fixed(tmp_path: Path, ftn: Ftn) -> None:
    path = tmp_path / "four.ftn"
    path.write_text(FOUR.replace("=9 +2 (4,3)", "=9 +2 (4,3)  # noqa: FT302"), encoding="utf-8")
    code, out, _ = ftn(["check", "--fix", "--ignore", "FT303", str(path)])
    assert code == 1 and out.endswith("Found 2 findings (1 fixed, 1 remaining); "
                                      "1 claim written in 1 file.\n")
    text = path.read_text(encoding="utf-8")
    assert "=16 +0 (4,0)" in text  # FT301 fixed
    assert "=9 +2 (4,3)  # noqa: FT302" in text and "=2 +0 (4,4)" in text  # left as written


def test_json_records_are_left_as_written(tmp_path: Path, ftn: Ftn) -> None:
    path = tmp_path / "four.jsonl"
    assert ftn(["convert", "--to", "jsonl", "-", "-o", str(path)], stdin=FOUR).returncode == 0
    before = path.read_bytes()
    code, out, err = ftn(["check", "--fix", "--format", "concise", str(path)])
    assert code == 1 and path.read_bytes() == before
    assert out.endswith("Found 4 findings (0 fixed, 4 remaining).\n")
    assert err == (f"ftn check: {path}: 3 wrong claims of JSON records left as written: "
                   "fixes are for FTN text ('ftn convert --to ftn' writes it)\n")


#: What a fix takes away besides the claims: bonus-split.ftn's game stops
#: before any side reaches 61 once its bonus is discarded (R8.3), so its
#: "winner S" becomes "winner none", which says the record stops there: no
#: game-unfinished warning.
GONE = {"bonus-split.ftn": [("FT401", 190)]}
#: What remains of the samples with slips whose message says what to write
#: (FT001, FT002: fixed too), once the lines they hid are read and judged:
#: every-mistake.ftn's nine slips fixed, its moves are read: N leads 6-6, S
#: places 6-4, and S's 'pass' at line 26, now a knock, comes on N's turn
#: (FT201, a move: never changed); in
#: seven-mistakes.ftn the tag at line 24 says no one text to write, and the
#: move at line 49 is a move; its game gets its 'end' line (one line more);
#: four-slips.ftn's misspelt tag is fixed, its round 6 claim (+3 for +2)
#: too, and what stays is the move by a seat not the game's ('s': a move,
#: never changed), the bare 'round' line (no one text to write) and the
#: round cut short (lines lost).
AFTER = {"every-mistake.ftn": [("FT201", 26)],
         "seven-mistakes.ftn": [("FT001", 24), ("FT203", 49)],
         "four-slips.ftn": [("FT201", 43), ("FT001", 66), ("FT208", 84)]}
ADDED = {"seven-mistakes.ftn": 1}


def test_every_invalid_sample_keeps_only_what_is_not_a_claim(tmp_path: Path,
                                                             ftn: Ftn) -> None:
    from verifier.diagnostics import FIXABLE

    copies = tmp_path / "invalid"
    shutil.copytree(SAMPLES / "invalid", copies)
    names = sorted(p.name for p in copies.iterdir() if p.suffix == ".ftn")
    before = {n: _codes(ftn, copies / n) for n in names}
    ftn(["check", "--fix", *(str(copies / n) for n in names)])
    for n in names:
        kept = AFTER.get(n) or [
            c for c in before[n] if c[0] not in FIXABLE and c not in GONE.get(n, [])]
        assert _codes(ftn, copies / n) == kept, n
        was = (SAMPLES / "invalid" / n).read_text(encoding="utf-8").split("\n")
        now = (copies / n).read_text(encoding="utf-8").split("\n")
        assert len(was) + ADDED.get(n, 0) == len(now), n  # only a missing 'end' line added
        assert (was == now) == (kept == before[n]), n  # changed only where it fixed
