"""Tests of ``verifier.files.streams``: lines decoded a chunk at a time exactly as
``text.split("\\n")`` gives them, and compressed inputs and outputs (gzip,
bzip2, xz, Zstandard) read and written transparently by the CLI."""

from __future__ import annotations

import bz2
import gzip
import io
import lzma
from collections.abc import Callable
from pathlib import Path

import pytest
from support.ftn import Ftn
from support.paths import SAMPLES

from verifier.files import streams
from verifier.files.inputs import decode
from verifier.files.streams import InputError

TEXTS = ["", "\n", "a", "a\n", "a\nb", "a\r\nb\r\n", "\ufeffgame\nend\n", "é\nü\n\n\nx",
         "x" * 50 + "\n" + "y" * 7]


@pytest.mark.parametrize("text", TEXTS)
@pytest.mark.parametrize("chunk", [1, 2, 3, 1 << 20])
def test_text_lines_are_the_split_text(text: str, chunk: int,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(streams, "CHUNK", chunk)
    got = list(streams.text_lines(io.BytesIO(text.encode("utf-8")), "f"))
    assert got == text.lstrip("\ufeff").split("\n")


@pytest.mark.parametrize("text", TEXTS)
@pytest.mark.parametrize("chunk", [1, 2, 3, 1 << 20])
def test_chunks_hold_whole_lines_and_join_into_the_text(text: str, chunk: int,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(streams, "CHUNK", chunk)
    got = list(streams.text_chunks(io.BytesIO(text.encode("utf-8")), "f"))
    assert "\n".join(got) == text.lstrip("\ufeff")
    assert [line for t in got for line in t.split("\n")] == text.lstrip("\ufeff").split("\n")


def test_chunked_head_looks_without_taking() -> None:
    chunks = streams.Chunked(["", "\r\n  ", "\ufeff\ngame\nend", "", "x"])
    assert chunks.head() == ["", "\r", "  ", "\ufeff", "game"]
    assert chunks.head(7) == ["", "\r", "  ", "\ufeff", "game", "end", ""]
    assert list(chunks) == ["", "\r", "  ", "\ufeff", "game", "end", "", "x"]
    assert list(chunks) == []  # taken
    assert streams.Chunked(["game\nend"]).head(2) == ["game", "end"]
    assert streams.Chunked(["", ""]).head() == ["", ""]  # no line that is not blank
    assert streams.Chunked([]).head() == []
    again = streams.Chunked(["a\nb", "c"])
    assert again.head(2) == ["a", "b"] and list(again.texts()) == ["a\nb", "c"]


def test_open_lines_opens_the_file_when_first_asked(tmp_path: Path) -> None:
    lines = streams.open_lines(str(tmp_path / "missing"), "<m>")  # no error yet
    with pytest.raises(InputError, match="<m>: cannot read"):
        lines.head()


@pytest.mark.parametrize("chunk", [1, 4, 1 << 20])
def test_not_utf8_is_said_where_as_for_a_whole_file(chunk: int,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(streams, "CHUNK", chunk)
    data = b"game\nab\xffc\nend\n"
    with pytest.raises(InputError) as whole:
        decode(data, "f")
    with pytest.raises(InputError) as streamed:
        list(streams.text_lines(io.BytesIO(data), "f"))
    assert str(streamed.value) == str(whole.value) == "f:2:3: not UTF-8 (byte 0xff)"


def _zstd(data: bytes) -> bytes:
    zstandard = pytest.importorskip("zstandard")
    return bytes(zstandard.ZstdCompressor().compress(data))


PACKERS: dict[str, Callable[[bytes], bytes]] = {
    ".gz": gzip.compress, ".bz2": bz2.compress, ".xz": lzma.compress, ".zst": _zstd,
}


@pytest.mark.parametrize("suffix", list(PACKERS))
@pytest.mark.parametrize("sample", ["invalid/bonus-mismatch.ftn", "valid/four-players.ftn"])
def test_compressed_inputs_give_the_same_report(suffix: str, sample: str,
                                                tmp_path: Path, ftn: Ftn) -> None:
    src = SAMPLES / sample
    if not src.exists():
        pytest.skip(f"no sample {sample}")
    plain = tmp_path / "games.ftn"
    plain.write_bytes(src.read_bytes())
    packed = tmp_path / ("games.ftn" + suffix)
    packed.write_bytes(PACKERS[suffix](src.read_bytes()))
    odd = tmp_path / "games.dat"  # known by its magic bytes, not its name
    odd.write_bytes(packed.read_bytes())
    want = ftn(["check", str(plain)])
    for path in (packed, odd):
        got = ftn(["check", str(path)])
        assert got.returncode == want.returncode
        assert got.stdout.replace(str(path), str(plain)) == want.stdout
    audit = [ftn(["audit", "-f", "json", str(p)]).stdout for p in (plain, packed)]
    assert audit[1].replace(str(packed), str(plain)) == audit[0]


def test_a_truncated_gzip_file_is_a_clear_error(tmp_path: Path, ftn: Ftn) -> None:
    data = gzip.compress((SAMPLES / "valid" / "four-players.ftn").read_bytes() * 50)
    bad = tmp_path / "cut.ftn.gz"
    bad.write_bytes(data[: len(data) // 2])
    r = ftn(["check", str(bad)])
    assert r.returncode == 2
    assert f"ftn: {bad}: cannot read: the compressed data ends too soon" in r.stderr
    assert "Traceback" not in r.output


def test_an_unknown_binary_file_is_still_a_clear_error(tmp_path: Path, ftn: Ftn) -> None:
    bad = tmp_path / "image.ftn"
    bad.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    r = ftn(["check", str(bad)])
    assert r.returncode == 2
    assert r.stderr == f"ftn: {bad}:1:1: not UTF-8 (byte 0x89)\n"


@pytest.mark.parametrize("suffix", list(PACKERS))
def test_convert_writes_compressed_output(suffix: str, tmp_path: Path, ftn: Ftn) -> None:
    if suffix == ".zst":
        pytest.importorskip("zstandard")
    src = SAMPLES / "valid" / "four-players.ftn"
    plain, packed = tmp_path / "g.jsonl", tmp_path / ("g.jsonl" + suffix)
    assert ftn(["convert", str(src), "-o", str(plain)]).returncode == 0
    assert ftn(["convert", str(src), "-o", str(packed)]).returncode == 0
    assert packed.read_bytes() != plain.read_bytes()
    assert streams.read_text(str(packed)).encode() == plain.read_bytes()


@pytest.mark.parametrize("fmt", ["gzip", "bzip2", "xz", "zstd", None])
def test_packed_output_is_read_back_and_known_by_its_first_bytes(fmt: str | None,
                                                                 tmp_path: Path) -> None:
    if fmt == "zstd":
        pytest.importorskip("zstandard")
    path = tmp_path / "out.ftn.any"
    with open(path, "wb") as raw:
        packed = streams.pack_output(raw, fmt, "out.ftn.gz")
        for chunk in ("game\n", "end\n", "é"):
            packed.write(chunk.encode())
        if packed is not raw:
            packed.close()
        assert not raw.closed  # the caller closes what it opened
    assert streams.packing(str(path)) == fmt
    assert list(streams.open_lines(str(path))) == ["game", "end", "é"]
    if fmt == "gzip":
        assert b"out.ftn\x00" in path.read_bytes()[:40]  # the name, without .gz
    assert streams.packing(str(tmp_path / "missing")) is None


def test_errors_name_the_input_as_asked(tmp_path: Path) -> None:
    bad = tmp_path / "bad.ftn"
    bad.write_bytes(b"game\n\xff\n")
    with pytest.raises(InputError, match=r"^<x>:2:1: not UTF-8"):
        list(streams.open_lines(str(bad), "<x>"))
    with pytest.raises(InputError, match=r"^<y>: cannot read: "):
        list(streams.open_lines(str(tmp_path / "missing"), "<y>"))
