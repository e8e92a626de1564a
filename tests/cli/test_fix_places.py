"""``ftn check --fix``/``--diff`` (and ``fmt``/``fill`` where they share the
writing): a claim is edited where the reader read it (``=010`` is the claim
10, never a 10 in the comment), a claim a ``noqa`` silences a finding of is
never edited, a round won at the target is fixed to ``result target``, the
report describes the file as it is on the disk afterwards, a symbolic link
a directory walk found is read but never written, standard input keeps its
BOM, and every ``--diff`` keeps the file's line ends (``patch`` and ``git
apply`` take it and give what ``--fix``/``--write`` write)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from support.corpora import THREE
from support.ftn import Ftn

from verifier.diagnostics import Diagnostic, lookup
from verifier.replay.fixes import Edit, claim_edit

# THREE (support/corpora.py): the registry's example record, with three wrong
# claims (lines 10, 14, 15: FT301, FT302, FT303) and no illegal move; the
# warning FT401 at line 21 (end: nobody reached 61).
FIXED = (THREE.replace("S 6-4 L =15 +0", "S 6-4 L =16 +0")
         .replace("S 3-1 R =9 +2 (4,3)", "S 3-1 R =9 +3 (4,3)")
         .replace("N 4-1 L =2 +0 (4,4)", "N 4-1 L =2 +0 (4,3)"))


def _report(ftn: Ftn, args: list[str]) -> tuple[int, dict[str, int], list[tuple[str, int]]]:
    code, out, _ = ftn(["check", "--format", "json", *args])
    doc = json.loads(out)
    return code, doc["summary"], [(d["code"], d["line"]) for d in doc["diagnostics"]]


def _finding(code: str, line: int, col: int, claimed: str, computed: str) -> Diagnostic:
    entry = lookup(code)
    assert entry is not None
    return Diagnostic(code, entry.name, entry.severity, "", line, col, 1,
                      claimed=claimed, computed=computed)


# -- 5: the claim where the reader read it ---------------------------------


def test_a_claim_with_leading_zeros_is_edited_not_the_comment() -> None:
    lines = ["  S 6-4 L =015 +0 (4,0)  # 15 was counted", "  S 3-1 R =9 +02 (4,03)  # +2 (4,3)",
             "  result  domino   W (39,33)", "winner  E+W (61,40)  # E+W"]
    # =015 is the end total 15 (its column: the '='): the edit is its digits
    assert claim_edit(lines, _finding("FT301", 1, 11, "15", "16")) == Edit(1, 12, 1, 15, "16")
    # +02 is +2, (4,03) is (4,3): the claims themselves, never the comment's
    assert claim_edit(lines, _finding("FT302", 2, 14, "+2", "+3")) == Edit(2, 14, 2, 17, "+3")
    assert claim_edit(lines, _finding("FT303", 2, 18, "(4,3)", "(4,4)")) == Edit(
        2, 18, 2, 24, "(4,4)")
    # a result and a winner written with more than one space: the words after them
    assert claim_edit(lines, _finding("FT308", 3, 3, "domino W", "domino E")) == Edit(
        3, 11, 3, 21, "domino E")
    assert claim_edit(lines, _finding("FT309", 4, 1, "E+W", "N+S")) == Edit(4, 9, 4, 12, "N+S")
    # what stands at the column is not the claim: no edit (the comment is not searched)
    assert claim_edit(lines, _finding("FT301", 1, 11, "14", "16")) is None
    assert claim_edit(lines, _finding("FT302", 2, 13, "+2", "+3")) is None


def test_fix_writes_the_claims_with_leading_zeros(tmp_path: Path, ftn: Ftn) -> None:
    path = tmp_path / "zeros.ftn"
    text = (THREE.replace("S 6-4 L =15 +0 (4,0)", "S 6-4 L =015 +0 (04,0)  # 15 (4,0)")
            .replace("S 3-1 R =9 +2 (4,3)", "S 3-1 R =9 +02 (4,3)  # +2")
            .replace("N 4-1 L =2 +0 (4,4)", "N 4-1 L =2 +0 (4,04)  # (4,4) 4"))
    path.write_text(text, encoding="utf-8")
    code, out, _ = ftn(["check", "--fix", str(path)])
    assert code == 0 and out.endswith(
        "Found 4 findings (3 fixed, 1 remaining); 3 claims written in 1 file.\n")
    # the claims written anew; (04,0) was right: as written; the comments as they were
    assert path.read_text(encoding="utf-8") == (
        THREE.replace("S 6-4 L =15 +0 (4,0)", "S 6-4 L =16 +0 (04,0)  # 15 (4,0)")
        .replace("S 3-1 R =9 +2 (4,3)", "S 3-1 R =9 +3 (4,3)  # +2")
        .replace("N 4-1 L =2 +0 (4,4)", "N 4-1 L =2 +0 (4,3)  # (4,4) 4"))
    assert _report(ftn, [str(path)])[2] == [("FT401", 21)]


# -- 6: a claim a noqa silences a finding of ----------------------------------


def test_a_claim_silenced_by_noqa_is_not_edited_for_another_finding(tmp_path: Path,
                                                                     ftn: Ftn) -> None:
    # line 14: +1+1 for 9 (3 points, no bonus: the round goes on): FT302 (1,
    # not 3) silenced, and FT307 (a bonus of 1, not 0) about the same claim
    path = tmp_path / "noqa.ftn"
    line = "  S 3-1 R =9 +1+1 (4,3)  # noqa: FT302"
    path.write_text(THREE.replace("  S 3-1 R =9 +2 (4,3)", line), encoding="utf-8")
    assert _report(ftn, [str(path)])[2] == [
        ("FT301", 10), ("FT307", 14), ("FT303", 15), ("FT401", 21)]
    code, out, _ = ftn(["check", "--fix", "--strict", "--format", "concise", str(path)])
    assert code == 1 and out.endswith(
        "Found 4 findings (2 fixed, 2 remaining); 2 claims written in 1 file.\n")
    fixed = path.read_text(encoding="utf-8").split("\n")
    assert fixed[13] == line  # as written: the noqa still silences what it did
    assert fixed[9] == "  S 6-4 L =16 +0 (4,0)" and fixed[14] == "  N 4-1 L =2 +0 (4,3)"
    assert _report(ftn, [str(path)])[2] == [("FT307", 14), ("FT401", 21)]  # no FT403


# -- 11: a round won at the target --------------------------------------------


def test_a_result_won_at_the_target_is_fixed(tmp_path: Path, ftn: Ftn) -> None:
    # target 5: N's 1-1 at line 18 takes N to 5 exactly (R8.4): the round
    # (and the game) ends there, won at the target, not by a domino
    text = (THREE.replace('[first "N"]\n', '[first "N"]\n[rule "target" "5"]\n')
            .replace("  S knock\n  N knock\n  result blocked (5,3)\n",
                     "  result domino N (5,3)\nwinner N (5,3)\n"))
    path = tmp_path / "target.ftn"
    path.write_text(text, encoding="utf-8")
    assert ("FT308", 19) in _report(ftn, [str(path)])[2]
    code, out, _ = ftn(["check", "--fix", str(path)])
    assert out.endswith("Found 4 findings (4 fixed, 0 remaining); 4 claims written in 1 file.\n")
    assert path.read_text(encoding="utf-8").split("\n")[18] == "  result target (5,3)"
    assert (code, _report(ftn, [str(path)])[2]) == (0, [])


# -- 7: the report of the file as it is on the disk ---------------------------


@pytest.mark.parametrize("shown", ["json", "jsonl", "concise"])
def test_a_file_not_written_keeps_its_findings_in_the_report(tmp_path: Path, ftn: Ftn,
                                                             shown: str) -> None:
    ro = tmp_path / "ro.ftn"
    ro.write_text(THREE, encoding="utf-8")
    ro.chmod(0o444)
    code, out, err = ftn(["check", "--fix", "--format", shown, str(ro)])
    assert code == 2 and ro.read_text(encoding="utf-8") == THREE
    assert f"ftn check: {ro}: not rewritten: the file is read-only" in err
    assert "Found 4 findings (0 fixed, 4 remaining)." in out + err
    if shown == "json":
        doc = json.loads(out)
        assert (doc["summary"]["errors"], doc["summary"]["warnings"]) == (3, 1)
        assert [d["code"] for d in doc["diagnostics"]] == ["FT301", "FT302", "FT303", "FT401"]
    elif shown == "jsonl":
        *rows, summary = [json.loads(line) for line in out.splitlines()]
        assert [(d["code"], d["line"]) for d in rows] == [
            ("FT301", 10), ("FT302", 14), ("FT303", 15), ("FT401", 21)]
        assert (summary["errors"], summary["warnings"]) == (3, 1)
    else:
        for place in (f"{ro}:10:11: FT301", f"{ro}:14:14: FT302", f"{ro}:15:17: FT303"):
            assert place in out


def test_a_file_saved_meanwhile_keeps_its_findings(tmp_path: Path, ftn: Ftn,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from verifier.files import outputs

    path = tmp_path / "saved.ftn"
    path.write_text(THREE, encoding="utf-8")
    commit = outputs.AtomicFile.commit

    def saved_meanwhile(self: outputs.AtomicFile, *args: object) -> None:
        path.write_text(THREE + "\n", encoding="utf-8")  # another program saved it
        commit(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(outputs.AtomicFile, "commit", saved_meanwhile)
    code, summary, found = _report(ftn, ["--fix", str(path)])
    assert code == 2 and path.read_text(encoding="utf-8") == THREE + "\n"
    assert (summary["errors"], summary["warnings"]) == (3, 1)
    assert found == [("FT301", 10), ("FT302", 14), ("FT303", 15), ("FT401", 21)]


# -- 8: symbolic links a directory walk finds ---------------------------------


def _tree(tmp_path: Path, text: str) -> tuple[Path, Path, Path]:
    tree, outside = tmp_path / "tree", tmp_path / "outside"
    tree.mkdir()
    outside.mkdir()
    (tree / "a.ftn").write_text(text, encoding="utf-8")
    (outside / "o.ftn").write_text(text, encoding="utf-8")
    (tree / "link.ftn").symlink_to(outside / "o.ftn")
    return tree, outside / "o.ftn", tree / "link.ftn"


def test_check_fix_of_a_folder_reads_a_linked_file_and_does_not_write_it(
        tmp_path: Path, ftn: Ftn) -> None:
    tree, target, link = _tree(tmp_path, THREE)
    code, out, err = ftn(["check", "--fix", "--format", "concise", str(tree)])
    assert code == 1
    assert err == (f"ftn check: {link}: not fixed: a symbolic link found in a directory walk "
                   "is read, never written through (name it on the command line to write its "
                   "target)\n")
    assert (tree / "a.ftn").read_text(encoding="utf-8") == FIXED
    assert target.read_text(encoding="utf-8") == THREE and link.is_symlink()
    # the link's findings are reported as they stand: not fixed
    assert f"{link}:10:11: FT301" in out
    assert out.endswith("Found 8 findings (3 fixed, 5 remaining); 3 claims written in 1 file.\n")
    # named itself, a link is written through to its target
    assert ftn(["check", "--fix", str(link)]).returncode == 0
    assert target.read_text(encoding="utf-8") == FIXED and link.is_symlink()


def test_fmt_and_fill_write_of_a_folder_leave_a_linked_file(tmp_path: Path, ftn: Ftn) -> None:
    wide = FIXED.replace("  N 6-6 =12 +4 (4,0)", "  N 6-6   =12 +4 (4,0)")
    tree, target, link = _tree(tmp_path, wide)
    code, out, err = ftn(["fmt", "--write", str(tree)])
    assert code == 1 and out == f"reformatted {tree / 'a.ftn'}\n"
    assert err == (f"ftn fmt: {link}: not formatted: a symbolic link found in a directory "
                   "walk is read, never written through (name it on the command line to "
                   "write its target)\n")
    canonical = (tree / "a.ftn").read_text(encoding="utf-8")
    assert "  N 6-6 =12 +4 (4,0)\n" in canonical
    assert target.read_text(encoding="utf-8") == wide
    assert ftn(["fmt", "--write", str(link)]).returncode == 0
    assert target.read_text(encoding="utf-8") == canonical and link.is_symlink()
    bare = FIXED.replace("  N 6-6 =12 +4 (4,0)", "  N 6-6")
    shutil.rmtree(tmp_path / "tree")
    shutil.rmtree(tmp_path / "outside")
    tree, target, link = _tree(tmp_path, bare)
    code, out, err = ftn(["fill", "--write", str(tree)])
    assert code == 1 and out == f"filled {tree / 'a.ftn'}\n"
    assert err.startswith(f"ftn fill: {link}: not filled: a symbolic link found in a directory")
    filled = (tree / "a.ftn").read_text(encoding="utf-8")
    assert "  N 6-6 =12 +4 (4,0)\n" in filled
    assert target.read_text(encoding="utf-8") == bare
    assert ftn(["fill", "--write", str(link)]).returncode == 0
    assert target.read_text(encoding="utf-8") == filled and link.is_symlink()


# -- 9: standard input's BOM ---------------------------------------------------


def test_standard_input_keeps_its_bom(ftn: Ftn) -> None:
    bom = "\ufeff".encode()
    ran = ftn(["check", "--fix", "-"], stdin=bom + FIXED.encode(), binary=True, process=True)
    assert ran.returncode == 0 and ran.stdout == bom + FIXED.encode()  # nothing to fix
    ran = ftn(["check", "--fix", "-"], stdin=bom + THREE.encode(), binary=True, process=True)
    assert ran.stdout == bom + FIXED.encode()
    ran = ftn(["check", "--fix", "-"], stdin=THREE.encode(), binary=True, process=True)
    assert ran.stdout == FIXED.encode()  # none, none added


# -- 10: a diff keeps the line ends -------------------------------------------


def _applied(tmp_path: Path, name: str, before: bytes, diff: bytes) -> tuple[bytes, bytes]:
    """The file ``before`` with the diff applied by ``patch`` and by ``git
    apply``, each in a folder of its own."""
    out = []
    for tool in (["patch", "-s", name], ["git", "apply", "--whitespace=nowarn", "-"]):
        folder = tmp_path / tool[0]
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir()
        (folder / name).write_bytes(before)
        subprocess.run(tool, input=diff, cwd=folder, check=True, capture_output=True)
        out.append((folder / name).read_bytes())
    return out[0], out[1]


@pytest.mark.skipif(shutil.which("patch") is None or shutil.which("git") is None,
                    reason="needs patch and git")
@pytest.mark.parametrize("command", [["check", "--diff"], ["fmt", "--diff"], ["fill", "--diff"]])
def test_a_diff_of_a_crlf_file_applies_as_the_write_writes(
        tmp_path: Path, ftn: Ftn, command: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    text = {"check": THREE, "fmt": THREE.replace("  N 6-6 =12", "  N 6-6   =12"),
            "fill": THREE.replace("  N 6-3 R =7 +0 (4,0)", "  N 6-3 R")}[command[0]]
    before = text.replace("\n", "\r\n").encode()
    monkeypatch.chdir(tmp_path)
    Path("r.ftn").write_bytes(before)
    ran = ftn([*command, "r.ftn"], binary=True)
    assert ran.returncode == 1 and b"\r\n" in ran.stdout
    assert all(line.endswith(b"\r") for line in ran.stdout.split(b"\n")[2:-1]
               if not line.startswith(b"@@"))
    write = {"check": ["check", "--fix"], "fmt": ["fmt", "--write"], "fill": ["fill", "--write"]}
    ftn([*write[command[0]], "r.ftn"])
    written = Path("r.ftn").read_bytes()
    assert written != before and b"\r\n" in written
    assert _applied(tmp_path, "r.ftn", before, ran.stdout) == (written, written)


def test_a_walked_link_gives_way_to_the_file_it_names(tmp_path: Path, ftn: Ftn) -> None:
    # the link sorts first ("0-link.ftn"), its file is in the tree too: that
    # file is fixed (by its own name), the link is not read a second time
    tree = tmp_path / "tree"
    tree.mkdir()
    (tree / "a.ftn").write_text(THREE, encoding="utf-8")
    (tree / "0-link.ftn").symlink_to(tree / "a.ftn")
    code, out, err = ftn(["check", "--fix", "--format", "concise", str(tree)])
    assert (code, err) == (0, "")
    assert out.endswith("Found 4 findings (3 fixed, 1 remaining); 3 claims written in 1 file.\n")
    assert (tree / "a.ftn").read_text(encoding="utf-8") == FIXED
    assert (tree / "0-link.ftn").is_symlink()


def test_the_editor_offers_no_quick_fix_of_a_claim_a_noqa_protects() -> None:
    from verifier.lsp import features
    from verifier.lsp.document import Document

    doc = Document("noqa.ftn")
    doc.update(THREE.replace("  S 3-1 R =9 +2 (4,3)", "  S 3-1 R =9 +1+1 (4,3)  # noqa: FT302"))
    by_line = {f.diagnostic.line: features.claim_fix(doc, f) for f in doc.findings}
    assert by_line[14] is None  # FT307 on the claim whose FT302 is silenced
    fix = by_line[10]
    assert fix is not None and fix.title == "Use the computed value: 16 (not 15)"


def test_a_seat_with_digits_is_a_word_not_a_number() -> None:
    # a winner's side and a result's seat are words: "P01" is not "P1"
    lines = ["winner P01+P03 (61,40)", "  result domino P02 (39,33)"]
    assert claim_edit(lines, _finding("FT309", 1, 1, "P01+P03", "P02+P04")) == Edit(
        1, 8, 1, 15, "P02+P04")
    assert claim_edit(lines, _finding("FT308", 2, 3, "domino P02", "blocked")) == Edit(
        2, 10, 2, 20, "blocked")
    assert claim_edit(lines, _finding("FT309", 1, 1, "P1+P3", "P02+P04")) is None


@pytest.mark.skipif(shutil.which("patch") is None or shutil.which("git") is None,
                    reason="needs patch and git")
def test_the_diff_of_a_missing_end_applies_as_the_fix_writes(
        tmp_path: Path, ftn: Ftn, monkeypatch: pytest.MonkeyPatch) -> None:
    # game 1 lacks its 'end' (reported at game 2's 'game' line): the diff adds
    # it after line 20, before the comment and the blank line of game 2
    text = THREE.replace("end\n", "") + "# the second game\n\n" + THREE
    monkeypatch.chdir(tmp_path)
    Path("two.ftn").write_text(text, encoding="utf-8")
    ran = ftn(["check", "--diff", "two.ftn"], binary=True)
    assert ran.returncode == 1 and b"   result blocked (5,3)\n+end\n # the second game\n" in (
        ran.stdout)
    ftn(["check", "--fix", "two.ftn"])
    written = Path("two.ftn").read_bytes()
    assert written == (FIXED + "# the second game\n\n" + FIXED).encode()
    assert _applied(tmp_path, "two.ftn", text.encode(), ran.stdout) == (written, written)
