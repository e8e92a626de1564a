"""``fmt --write`` and ``fill --write`` never lose a record: a file that
cannot be read as records, or holds no game, is left as it is (and the user
told); what is written is the canonical form of the bytes read once, after
the BOM they had, and only over the file that was read; a file with hard
links is copied in place only from a complete, synced ``.new`` file beside
it, so that a kill or a full disk at any moment leaves the old content or
the new one, complete, where the message says."""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from support.ftn import Ftn
from support.paths import ROOT, read_sample

from verifier.files import outputs
from verifier.files.pieces import Piece
from verifier.pipeline.jobs.rewrite import SET_2, Part, fmt_all, format_piece
from verifier.pipeline.modes import Mode

CANONICAL = read_sample("valid", "four-players.ftn")
LOOSE = CANONICAL.replace("\n  ", "\n    ")  # fmt takes the indent back to two
SHORT = "\n".join(line.lstrip() for line in CANONICAL.split("\n"))  # fmt indents it: it grows
BOM = b"\xef\xbb\xbf"


def files_in(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


@pytest.mark.parametrize("command", ["fmt", "fill"])
def test_a_classic_mac_os_file_is_not_rewritten(tmp_path: Path, command: str, ftn: Ftn) -> None:
    f = tmp_path / "mac.ftn"
    data = LOOSE.replace("\n", "\r").encode("utf-8")
    f.write_bytes(data)
    code, out, err = ftn([command, "--write", str(f)])
    assert code == 1 and "it does not parse" in err and "FT001" in out + err
    assert f.read_bytes() == data and files_in(tmp_path) == ["mac.ftn"]


@pytest.mark.parametrize("command", ["fmt", "fill"])
@pytest.mark.parametrize("text", ["# notes for a game\n# to come\n", "\n\n", "", "#x"])
def test_a_file_of_no_game_is_left_as_it_is(tmp_path: Path, command: str, text: str,
                                            ftn: Ftn) -> None:
    f = tmp_path / "notes.ftn"
    f.write_bytes(text.encode("utf-8"))
    code, out, err = ftn([command, "--write", str(f)])
    assert code == 0 and f"{f}: left as it is: it holds no game" in err
    assert f.read_bytes() == text.encode("utf-8") and files_in(tmp_path) == ["notes.ftn"]
    code, out, err = ftn([command, "--check", str(f)])
    assert code == 0 and "would" not in out


def test_a_bom_is_kept_by_write_and_a_canonical_file_with_one_is_left(tmp_path: Path,
                                                                      ftn: Ftn) -> None:
    f, ok = tmp_path / "a.ftn", tmp_path / "ok.ftn"
    f.write_bytes(BOM + LOOSE.replace("\n", "\r\n").encode("utf-8"))
    ok.write_bytes(BOM + CANONICAL.encode("utf-8"))
    code, out, _err = ftn(["fmt", "--write", str(f), str(ok)])
    assert code == 0 and out == f"reformatted {f}\n"
    assert f.read_bytes() == BOM + CANONICAL.replace("\n", "\r\n").encode("utf-8")
    assert ok.read_bytes() == BOM + CANONICAL.encode("utf-8")
    assert ftn(["fmt", "--check", str(f), str(ok)])[0] == 0
    g = tmp_path / "g.ftn"
    g.write_bytes(BOM + LOOSE.encode("utf-8"))
    assert ftn(["fill", "--write", str(g)])[0] == 0
    assert g.read_bytes() == BOM + CANONICAL.encode("utf-8")


def saved_anew_by_an_editor(path: Path, text: str, in_place: bool) -> Any:
    """A work function that, at the first piece, has an editor save ``path``
    anew (through a temporary file and a rename, or in place), then
    formats the piece as it was read."""
    def work(piece: Piece) -> Part:
        if in_place:
            path.write_text(text, encoding="utf-8")
        else:
            tmp = path.with_name("editor.tmp")
            tmp.write_text(text, encoding="utf-8")
            os.replace(tmp, path)
        return format_piece(piece)
    return work


@pytest.mark.parametrize("in_place", [False, True])
def test_a_file_saved_anew_while_it_is_formatted_is_left_to_the_editor(
        tmp_path: Path, in_place: bool) -> None:
    f = tmp_path / "a.ftn"
    f.write_text(LOOSE, encoding="utf-8")
    edited = "# the editor's version\n" + LOOSE[: len(LOOSE) // 2]
    said: list[str] = []
    done = fmt_all([str(f)], Mode.WRITE, said.append, said.append, lambda d, p: None,
                   work=saved_anew_by_an_editor(f, edited, in_place))
    assert done.ops == [SET_2]
    assert said == [f"ftn fmt: {f}: changed while it was being formatted: not rewritten"]
    assert f.read_text(encoding="utf-8") == edited and files_in(tmp_path) == ["a.ftn"]


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_file_named_twice_is_rewritten_once(tmp_path: Path, jobs: int) -> None:
    # With more than one job the inputs are read ahead: the second name of
    # a file was read before the first was rewritten, and then found
    # changed ("changed while it was being formatted", exit 2).
    f = tmp_path / "a.ftn"
    f.write_text(LOOSE, encoding="utf-8")
    (tmp_path / "b.ftn").symlink_to("a.ftn")
    said: list[str] = []
    names = [str(f), str(tmp_path / "b.ftn"), str(f)]
    done = fmt_all(names, Mode.WRITE, said.append, said.append, lambda d, p: None, jobs=jobs)
    assert said == [f"reformatted {f}"] and done.failed == 0 and SET_2 not in done.ops
    assert f.read_text(encoding="utf-8") == CANONICAL
    assert files_in(tmp_path) == ["a.ftn", "b.ftn"] and (tmp_path / "b.ftn").is_symlink()


def test_fill_says_so_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from verifier.pipeline.jobs import fill

    f = tmp_path / "a.ftn"
    f.write_text(LOOSE, encoding="utf-8")
    edited = "# the editor's version\n"
    formats = saved_anew_by_an_editor(f, edited, False)
    real = fill.fill_piece
    monkeypatch.setattr(fill, "fill_piece", lambda piece: (formats(piece), real(piece))[1])
    said: list[str] = []
    assert fill.fill_all([str(f)], Mode.WRITE, said.append, said.append, lambda d, p: None) == 2
    assert said == [f"ftn fill: {f}: changed while it was being filled: not rewritten"]
    assert f.read_text(encoding="utf-8") == edited


def linked(tmp_path: Path, text: str) -> tuple[Path, Path]:
    a, b = tmp_path / "a.ftn", tmp_path / "b.ftn"
    a.write_text(text, encoding="utf-8")
    os.link(a, b)
    return a, b


def test_a_full_disk_in_the_copy_in_place_leaves_the_new_content_where_it_says(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ftn: Ftn) -> None:
    a, b = linked(tmp_path, LOOSE)

    def full(src: Any, dst: Any) -> None:
        dst.write(src.read(100))
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(outputs, "copy_into", full)
    code, _out, err = ftn(["fmt", "--write", str(a)])
    kept = [n for n in files_in(tmp_path) if n.endswith(".new")]
    assert code == 2 and len(kept) == 1 and kept[0].startswith(".a.ftn.")
    assert (tmp_path / kept[0]).read_text(encoding="utf-8") == CANONICAL
    assert (f"ftn fmt: {a}: rewritten in place only in part (No space left on device): its "
            f"new content is complete in {tmp_path / kept[0]}; copy it over the file") in err
    assert a.stat().st_ino == b.stat().st_ino  # the links are still one file


@pytest.mark.parametrize("command", ["convert", "generate"])
def test_an_output_cut_in_place_says_where_its_new_content_is(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str, ftn: Ftn) -> None:
    # ``-o`` over a file with hard links, the copy in place cut short: the
    # message says where the new content is, complete, and how to put it in
    # place; never "cannot write: No space left on device" alone.
    src = tmp_path / "in.ftn"
    src.write_text(CANONICAL, encoding="utf-8")
    a, b = linked(tmp_path, "old\n" * 100)

    def full(src: Any, dst: Any) -> None:
        dst.write(src.read(100))
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(outputs, "copy_into", full)
    args = ["convert", str(src), "-t", "ftn"] if command == "convert" else ["generate"]
    code, _out, err = ftn([*args, "-o", str(a)])
    (kept,) = [n for n in files_in(tmp_path) if n.endswith(".new")]
    assert code == 2 and (tmp_path / kept).stat().st_size > 100
    assert (f"{a}: cannot write: No space left on device; its new content is complete in "
            f"{tmp_path / kept}: copy it over the file (cat it > {a} keeps the hard links), "
            "then remove it") in err
    assert a.stat().st_ino == b.stat().st_ino


def test_too_little_free_space_leaves_a_linked_file_untouched(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ftn: Ftn) -> None:
    a, _b = linked(tmp_path, SHORT)
    real = os.fstatvfs

    def tiny(fd: int) -> Any:
        st = real(fd)
        return os.statvfs_result((st.f_bsize, st.f_frsize, st.f_blocks, 0, 0, *st[5:]))

    monkeypatch.setattr(os, "fstatvfs", tiny)
    code, _out, err = ftn(["fmt", "--write", str(a)])
    assert code == 2 and f"{a}: not rewritten: No space left on device" in err
    assert a.read_text(encoding="utf-8") == SHORT and files_in(tmp_path) == ["a.ftn", "b.ftn"]


KILLED = """
import os, signal, sys
from verifier.files import outputs
from verifier.cli.app import app
where = sys.argv[1]
if where == "copy":
    def copy_into(src, dst):
        data = src.read()
        dst.write(data[: len(data) // 2])
        dst.flush()
        os.kill(os.getpid(), signal.SIGKILL)
    outputs.copy_into = copy_into
else:
    def fsync(fd):
        os.kill(os.getpid(), signal.SIGKILL)
    outputs.os.fsync = fsync
app(["fmt", "--write", sys.argv[2]])
"""


@pytest.mark.parametrize("where", ["temporary", "copy"])
def test_a_kill_at_any_step_leaves_the_old_or_the_new_content_whole(
        tmp_path: Path, where: str) -> None:
    a, _b = linked(tmp_path, LOOSE)
    r = subprocess.run([sys.executable, "-c", KILLED, where, str(a)], cwd=ROOT,
                       capture_output=True, text=True, check=False, timeout=120,
                       env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert r.returncode == -signal.SIGKILL, r.stderr
    left = [n for n in files_in(tmp_path) if n.startswith(".a.ftn.")]
    assert len(left) == 1
    if where == "temporary":  # killed before the old was touched: it is whole
        assert left[0].endswith(".tmp") and a.read_text(encoding="utf-8") == LOOSE
    else:  # killed halfway through the copy: the new content is whole in .new
        assert left[0].endswith(".new")
        assert (tmp_path / left[0]).read_text(encoding="utf-8") == CANONICAL
        assert a.read_text(encoding="utf-8") not in (LOOSE, CANONICAL)


FSIZE = """
import resource, signal, sys
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
limit = int(sys.argv[1])
resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
from verifier.cli.app import app
app(["fmt", "--write", sys.argv[2]])
"""


@pytest.mark.parametrize("links", [False, True])
def test_a_write_cut_short_by_the_file_size_limit_leaves_the_file_as_it_was(
        tmp_path: Path, links: bool) -> None:
    a = tmp_path / "a.ftn"
    if links:
        linked(tmp_path, SHORT)
    else:
        a.write_text(SHORT, encoding="utf-8")
    r = subprocess.run([sys.executable, "-c", FSIZE, str(len(SHORT.encode()) + 10), str(a)],
                       cwd=ROOT, capture_output=True, text=True, check=False, timeout=120,
                       env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert r.returncode == 2 and f"{a}: not rewritten: File too large" in r.stderr, r.stderr
    assert a.read_text(encoding="utf-8") == SHORT
    assert files_in(tmp_path) == (["a.ftn", "b.ftn"] if links else ["a.ftn"])


@pytest.mark.parametrize("text", ["# notes\n# more\n", "# a\r\n\r\n", "\n"])
def test_the_whole_text_rewrites_give_a_text_of_no_game_back_as_it_is(text: str) -> None:
    from verifier.pipeline.jobs.fill import fill_text
    from verifier.pipeline.jobs.rewrite import format_text

    assert format_text(text) == (text, [])
    assert fill_text(text) == (text, [])
