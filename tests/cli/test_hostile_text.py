"""Hostile text: deep JSON, control characters in records and file names,
endless lines, ``generate`` on a full disk and at scale, and ``fmt`` that must
not change what ``check`` says. ``ftn`` runs as a subprocess where a user
would see the difference (exit code, bytes on the terminal, memory); the
timeouts guard against a hang."""

from __future__ import annotations

import gzip
import os
import xml.dom.minidom
from pathlib import Path

import pytest
from support.ftn import QUIET, Ftn, no_traceback
from support.paths import read_sample

DEEP = '{"a":' * 1000 + "1" + "}" * 1000 + "\n"
#: A comment that would retitle a terminal, clear it, and break XML.
HOSTILE_COMMENT = "  # \x1b]0;owned\x07 \x1b[2J \x01\x02\x03\x04\x05\x06\x08\x0b\x0c"


# -- JSON nested 1,000 deep on its first line ----------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("args", [
    ("check",), ("audit",), ("convert",), ("fmt",), ("check", "--jobs", "2"),
], ids=lambda a: "-".join(a))
def test_deep_json_on_the_first_line_is_a_diagnostic(tmp_path: Path,
                                                     args: tuple[str, ...], ftn: Ftn) -> None:
    (tmp_path / "d.json").write_text(DEEP, encoding="utf-8")
    out = no_traceback(ftn([*args, "d.json"], process=True, binary=True, cwd=tmp_path, timeout=60,
                           env=QUIET), (1, 2))
    if args[0] in ("check", "audit"):
        assert "1:321: FT001 syntax-error" in out or "FT001 syntax-error at 1:321" in out
        assert "nested deeper than 64 levels" in out


def test_deep_json_on_standard_input(tmp_path: Path, ftn: Ftn) -> None:
    out = no_traceback(ftn(["check", "-"], process=True, binary=True, cwd=tmp_path,
                           stdin=DEEP.encode(), timeout=60, env=QUIET), (1,))
    assert "<stdin>:1:321: FT001 syntax-error: bad JSON: nested deeper than 64 levels" in out


def test_deep_json_is_sniffed_as_a_document_not_a_crash() -> None:
    from verifier.files.formats import sniff

    how, _ = sniff([DEEP])
    assert how == "json"


# -- control characters and forged lines ----------------------------------------

def hostile_record() -> str:
    text = read_sample("valid", "four-players.ftn")
    line = "  N 5-4 =9 +3 (3,0)\n"
    assert line in text
    return text.replace(line, "  N 5-4 =8 +3 (3,0)" + HOSTILE_COMMENT + "\n", 1)


@pytest.mark.parametrize("fmt", ["text", "concise", "github"])
def test_control_characters_are_shown_escaped(tmp_path: Path, fmt: str, ftn: Ftn) -> None:
    (tmp_path / "esc.ftn").write_text(hostile_record(), encoding="utf-8")
    p = ftn(["check", "--format", fmt, "--color", "always", "esc.ftn"], process=True, binary=True,
            cwd=tmp_path, timeout=60, env=QUIET)
    out = no_traceback(p, (1,))
    raw = p.stdout.decode()
    for c in "\x07\x01\x02\x08\x0b\x0c":
        assert c not in raw
    # The only escapes are the colours (ESC [ digits ; m), never the record's.
    assert "\x1b]" not in raw and "\x1b[2J" not in raw
    if fmt == "text":
        assert "# \\x1b]0;owned\\x07 \\x1b[2J \\x01\\x02" in out
        lines = out.split("\n")
        shown = next(i for i, ln in enumerate(lines) if "\\x1b]0;owned" in ln)
        assert lines[shown + 1].endswith("^\x1b[0m")  # the caret under =8 still


def test_junit_is_xml_whatever_the_record_holds(tmp_path: Path, ftn: Ftn) -> None:
    name = "esc\x01.ftn"
    (tmp_path / name).write_text(hostile_record(), encoding="utf-8")
    p = ftn(["check", "--format", "junit", name], process=True, binary=True, cwd=tmp_path,
            timeout=60, env=QUIET)
    no_traceback(p, (1,))
    doc = xml.dom.minidom.parseString(p.stdout)  # raises on what XML 1.0 cannot hold
    failure = doc.getElementsByTagName("failure")[0]
    assert "\\x1b]0;owned\\x07" in failure.firstChild.data  # type: ignore[union-attr]
    suite = doc.getElementsByTagName("testsuite")[0]
    assert suite.getAttribute("name") == "esc\\x01.ftn"


def test_sarif_messages_carry_no_raw_controls() -> None:
    from verifier.diagnostics import Diagnostic
    from verifier.render.sarif import result

    d = Diagnostic("FT001", "syntax-error", "error", "unexpected '\x1b[2J\x85'", 1, 1, 1,
                   source="a\nb.ftn")
    r = result(d, 0)
    assert r["message"]["text"] == "unexpected '\\x1b[2J\\x85'"
    assert r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "a%0Ab.ftn"


@pytest.mark.parametrize("fmt", ["text", "concise", "github"])
def test_a_file_name_cannot_start_a_workflow_command(tmp_path: Path, fmt: str, ftn: Ftn) -> None:
    name = "a\n::warning::forged.ftn"
    (tmp_path / name).write_text(hostile_record(), encoding="utf-8")
    p = ftn(["check", "--format", fmt, name], process=True, binary=True, cwd=tmp_path, timeout=60,
            env=QUIET)
    out = no_traceback(p, (1,))
    assert not any(ln.startswith("::warning") for ln in out.split("\n")), out
    assert ("a%0A::warning::forged.ftn" if fmt == "github" else "a\\x0a::warning::forged.ftn"
            ) in out.replace("%3A", ":")


# -- a line without end, compressed or not ---------------------------------------

def _gzip_of_one_line(path: Path, mb: int) -> None:
    with gzip.open(path, "wb", compresslevel=1) as f:
        f.write(b"game\n")
        chunk = b"#" * (1 << 20)
        for _ in range(mb):
            f.write(chunk)


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["ftn.gz", "jsonl.gz"])
def test_an_endless_compressed_line_is_refused_in_bounded_memory(tmp_path: Path,
                                                                 kind: str, ftn: Ftn) -> None:
    from support.paths import peak_rss_kb

    path = tmp_path / f"big.{kind}"
    _gzip_of_one_line(path, 96)  # 96 MB unpacked (about 0.1 MB packed)
    p = ftn(["check", str(path)], process=True, binary=True, timeout=60, env=QUIET)
    out = no_traceback(p, (2,))
    assert f"big.{kind}:2: a line longer than 33554432 bytes" in out, out
    assert peak_rss_kb(["check", str(path)]) < 100 * 1024


def test_a_long_plain_line_is_refused_as_it_passes_the_limit() -> None:
    from verifier.files.streams import InputError, text_lines

    class Endless:
        """A stream of one line that never ends, counting what was read."""

        read_bytes = 0

        def read(self, n: int) -> bytes:
            self.read_bytes += n
            return b"x" * n

    stream = Endless()
    with pytest.raises(InputError, match=r"^big:1: a line longer than 1000 bytes"):
        list(text_lines(stream, "big", max_line=1000))  # type: ignore[arg-type]
    assert stream.read_bytes <= 2 << 20  # refused within a chunk or two


def test_lines_under_the_limit_are_read_as_before() -> None:
    import io

    from verifier.files.streams import text_lines

    data = b"a" * 3000 + b"\n" + b"b" * 10 + b"\nc"
    assert list(text_lines(io.BytesIO(data), "x", max_line=3000)) == ["a" * 3000, "b" * 10, "c"]


# -- generate writes through a temporary file, a game at a time -----------------

def test_generate_on_a_full_disk_keeps_the_old_file(tmp_path: Path, ftn: Ftn) -> None:
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full")
    from verifier.files import outputs

    out = tmp_path / "games.ftn"
    out.write_text("old games\n", encoding="utf-8")
    real = outputs._temporary

    def full(target: Path) -> tuple[Path, int]:  # the temporary file on a full disk
        tmp, fd = real(target)
        os.close(fd)
        return tmp, os.open("/dev/full", os.O_WRONLY)

    mp = pytest.MonkeyPatch()
    mp.setattr(outputs, "_temporary", full)
    try:
        r = ftn(["generate", "--games", "3", "-o", str(out)])
    finally:
        mp.undo()
    assert r.returncode == 2, r.output
    assert "cannot write" in r.output and "No space left on device" in r.output
    assert out.read_text(encoding="utf-8") == "old games\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.ftn"]


def test_generate_streams_its_games() -> None:
    """The first game is written before the second is made."""
    import io

    from verifier.rules.generate import write_games

    made: list[int] = []
    buf = io.StringIO()

    from collections.abc import Iterator

    from notation.model import Game
    from verifier.rules.generate import generate_games

    def games() -> Iterator[Game]:
        for i, g in enumerate(generate_games(2, 3, 1)):
            made.append(i)
            yield g
            assert buf.getvalue().count("\ngame\n") + buf.getvalue().startswith("game") > i

    write_games(games(), buf.write)
    assert made == [0, 1, 2]


@pytest.mark.slow
def test_generate_memory_does_not_grow_with_the_games(tmp_path: Path) -> None:
    from support.paths import peak_rss_kb

    small = peak_rss_kb(["generate", "--games", "20", "-o", str(tmp_path / "a.ftn")])
    big = peak_rss_kb(["generate", "--games", "1000", "-o", str(tmp_path / "b.ftn")])
    assert big < small + 20 * 1024, (small, big)
    assert (tmp_path / "b.ftn").read_text(encoding="utf-8").count("\ngame\n") == 999


def test_error_messages_escape_a_file_name(tmp_path: Path, ftn: Ftn) -> None:
    name = "a\x1b[2Jb.ftn"
    (tmp_path / name).write_text("x\n", encoding="utf-8")
    p = ftn(["fmt", "--check", name], process=True, binary=True, cwd=tmp_path, timeout=60,
            env=QUIET)
    out = no_traceback(p, (1, 2))
    assert "\x1b" not in out
    assert "ftn fmt: a\\x1b[2Jb.ftn: not formatted: it does not parse" in out
