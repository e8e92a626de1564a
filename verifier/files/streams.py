"""Byte streams in and out: compressed or not, decoded a line at a time.

Boundary: opens the files a user names (``-`` for standard input) as byte
streams, unpacking gzip, bzip2 and xz (standard library) and Zstandard (the
``zstandard`` package) by their magic bytes, whatever the file is called;
decodes UTF-8 (a BOM allowed) a chunk at a time into the lines of the text
(as ``text.split("\\n")`` gives them), so that memory does not grow with the
file, nor with a line (at most ``MAX_LINE_BYTES``); and packs what is
written to an output file in any of these formats (as its name ends, or as
the file it replaces was). The chunks of a plain file (not compressed,
not standard input) know where their bytes are (``spans.Place``), so that
a piece of the text can be read again from the file elsewhere (a worker of
a cluster on the same machine); what was found of a file as it was opened
(its BOM, its packing, which file it was: ``Opened``) is kept for a command
that writes it back. Any failure is
an ``InputError`` with the file's name (and line and column where there is
one). It parses nothing (``formats`` and the notation's readers do).
"""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import IO, Any, BinaryIO, cast

from verifier.files.spans import Origin, Place, origin_of


class InputError(Exception):
    """An input that cannot be read; the message says which and why, and
    ``name`` which input it is (also ``inputs.InputError``)."""

    def __init__(self, message: str, name: str = "") -> None:
        super().__init__(message)
        self.name = name


#: Compression formats by their first bytes.
MAGIC = (
    (b"\x1f\x8b", "gzip"),
    (b"BZh", "bzip2"),
    (b"\xfd7zXZ\x00", "xz"),
    (b"\x28\xb5\x2f\xfd", "zstd"),
)
#: Compressed file name endings, and the format each stands for.
COMPRESSED = {".gz": "gzip", ".bz2": "bzip2", ".xz": "xz", ".zst": "zstd"}
CHUNK = 1 << 20  # bytes decoded at a time
#: The longest line read (bytes): far beyond an FTN line (10,000
#: characters) or a JSON Lines game of 10,000 rounds, and within memory.
MAX_LINE_BYTES = 32 << 20
ZSTD_HINT = ("Zstandard files need the zstandard package: "
             "pip install zstandard (or pip install 'ftn-tools[zstd]')")


def plain_name(name: str) -> str:
    """A file name without its compression ending (``a.jsonl.gz`` -> ``a.jsonl``)."""
    low = name.lower()
    for suffix in COMPRESSED:
        if low.endswith(suffix):
            return name[: -len(suffix)]
    return name


def _zstd() -> Any:
    try:
        import zstandard
    except ImportError:
        return None
    return zstandard


def _unpack(raw: BinaryIO, fmt: str, name: str) -> BinaryIO:
    if fmt == "gzip":
        import gzip

        return cast(BinaryIO, gzip.GzipFile(fileobj=raw, mode="rb"))
    if fmt == "bzip2":
        import bz2

        return cast(BinaryIO, bz2.BZ2File(raw, "rb"))
    if fmt == "xz":
        import lzma

        return cast(BinaryIO, lzma.LZMAFile(raw, "rb"))
    zstandard = _zstd()
    if zstandard is None:
        raise InputError(f"{name}: {ZSTD_HINT}")
    return zstandard.ZstdDecompressor().stream_reader(raw, read_across_frames=True)  # type: ignore[no-any-return]


@dataclass
class Opened:
    """What was found of a file as it was opened and read, for a command
    that writes it back (``fmt --write``) without reading it again: whether
    its text started with a BOM, how it is compressed (None: plain), and
    which file it was (``identity``: device, inode, size and time of last
    change when it was opened; None for standard input)."""

    bom: bool = False
    packing: str | None = None
    identity: tuple[int, int, int, int] | None = None


def identity_of(st: os.stat_result) -> tuple[int, int, int, int]:
    """Which file a status names, as it was: device, inode, size, time of
    last change (``Opened.identity``)."""
    return st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns


def open_binary(name: str, label: str | None = None) -> BinaryIO:
    """The bytes of a file (``-``: standard input), unpacked when they are
    compressed (gzip, bzip2, xz, Zstandard, known by their magic bytes);
    errors name it ``label`` (by default ``name``)."""
    return _open(name, label)[0]


def _open(name: str, label: str | None, found: Opened | None = None
          ) -> tuple[BinaryIO, Origin | None]:
    """``open_binary``, and the file's ``Origin`` when its bytes are read as
    they are (a regular file, not compressed); ``found`` learns how it is
    packed and which file it is."""
    label = label or name
    if name == "-":
        stdin = sys.stdin
        if stdin is None or stdin.closed or not hasattr(stdin, "buffer"):
            raise InputError("<stdin>: cannot read: standard input is closed", "<stdin>")
        raw: BinaryIO = stdin.buffer
    else:
        try:
            raw = open(name, "rb")  # noqa: SIM115 - closed by the caller
        except OSError as e:
            raise InputError(f"{label}: cannot read: {e.strerror or e}") from None
    peek: Any = raw if hasattr(raw, "peek") else io.BufferedReader(cast(Any, raw))
    try:
        head = peek.peek(6)[:6]
    except OSError as e:
        raise InputError(f"{label}: cannot read: {e.strerror or e}") from None
    fmt = _format_of(head)
    if found is not None:
        found.packing = fmt
        if name != "-":
            found.identity = identity_of(os.fstat(raw.fileno()))
    if fmt is not None:
        return _unpack(peek, fmt, label), None
    return cast(BinaryIO, peek), None if name == "-" else origin_of(name, raw)


def _format_of(head: bytes) -> str | None:
    for magic, fmt in MAGIC:
        if head.startswith(magic):
            return fmt
    return None


def packing(name: str) -> str | None:
    """How a file is compressed ("gzip", "bzip2", "xz", "zstd"), known by its
    first bytes, or None (plain, or it cannot be read)."""
    try:
        with open(name, "rb") as f:
            return _format_of(f.read(6))
    except OSError:
        return None


def _broken(name: str, e: BaseException) -> InputError:
    if isinstance(e, EOFError):
        why = "the compressed data ends too soon (a truncated file?)"
    else:
        why = f"the compressed data is damaged ({e})"
    return InputError(f"{name}: cannot read: {why}")


def not_utf8(name: str, data: bytes, e: UnicodeDecodeError, line0: int) -> InputError:
    """The error for bytes that are not UTF-8, at the line (``data`` starts at
    line ``line0``) and column of the first bad byte."""
    before = data[: e.start]
    line = line0 + before.count(b"\n")
    col = len(before) - (before.rfind(b"\n") + 1) + 1
    return InputError(f"{name}:{line}:{col}: not UTF-8 (byte 0x{data[e.start]:02x})")


def text_chunks(stream: BinaryIO, name: str, max_line: int | None = None) -> Iterator[str]:
    """The text of a UTF-8 byte stream in chunks of whole lines, decoded a
    chunk at a time: each chunk without the line end that follows it, so
    that the lines of the chunks, ``chunk.split("\\n")`` each, are exactly
    what ``text.split("\\n")`` gives for the whole text (a text ending in a
    line end has an empty last line: the last chunk is then ""). A BOM at
    the start is dropped. A line of more than ``max_line`` bytes (by
    default ``MAX_LINE_BYTES``) is an ``InputError`` as soon as it passes
    the limit, compressed or not: what is kept of a line never grows beyond
    it; no line of a chunk that holds one is given."""
    for text, _ in text_spans(stream, name, max_line):
        yield text


def text_spans(stream: BinaryIO, name: str, max_line: int | None = None,
               found: Opened | None = None) -> Iterator[tuple[str, int]]:
    """The chunks of ``text_chunks``, each with the offset of its first
    byte in the stream (its bytes run up to the line end before the next
    chunk's; a BOM is before the first chunk, and ``found`` learns of it)."""
    limit = MAX_LINE_BYTES if max_line is None else max_line
    line0 = 1
    rest: list[bytes] = []  # the pieces of the line being read
    kept = 0  # their bytes
    first = True
    at = begin = 0  # the bytes read before ``data``; the offset of ``rest``
    while True:
        try:
            data = stream.read(CHUNK)
        except (EOFError, OSError, ValueError) as e:
            raise _broken(name, e) from None
        except Exception as e:  # zstandard.ZstdError and the like
            raise _broken(name, e) from None
        if not data:
            break
        cut = data.rfind(b"\n")
        if cut < 0:
            rest.append(data)
            kept += len(data)
            at += len(data)
            if kept > limit:
                raise _too_long(name, line0, limit)
            continue
        whole = b"".join([*rest, data[:cut]]) if rest else data[:cut]
        rest, kept = [data[cut + 1:]], len(data) - cut - 1
        try:
            text = whole.decode("utf-8-sig" if first else "utf-8")
        except UnicodeDecodeError as e:
            raise not_utf8(name, whole, e, line0) from None
        start = begin + (_bom(found) if first and whole.startswith(_BOM) else 0)
        begin, at = at + cut + 1, at + len(data)
        first = False
        # A line past the limit needs a chunk a quarter of it long (at most
        # 4 bytes a character): only then are the lines measured.
        if len(text) > limit // 4:
            for n, line in enumerate(text.split("\n")):
                if len(line) > limit // 4 and len(line.encode("utf-8")) > limit:
                    raise _too_long(name, line0 + n, limit)
        line0 += text.count("\n") + 1
        yield text, start
        if kept > limit:
            raise _too_long(name, line0, limit)
    tail = b"".join(rest)
    try:
        last = tail.decode("utf-8-sig" if first else "utf-8")
    except UnicodeDecodeError as e:
        raise not_utf8(name, tail, e, line0) from None
    yield last, begin + (_bom(found) if first and tail.startswith(_BOM) else 0)


_BOM = b"\xef\xbb\xbf"


def _bom(found: Opened | None) -> int:
    """A BOM was dropped (``found`` learns it): its length."""
    if found is not None:
        found.bom = True
    return len(_BOM)


def text_lines(stream: BinaryIO, name: str, max_line: int | None = None) -> Iterator[str]:
    """The lines of a UTF-8 byte stream, without their "\\n" (a "\\r" stays),
    exactly as ``text.split("\\n")`` gives them (see ``text_chunks``)."""
    for text in text_chunks(stream, name, max_line):
        yield from text.split("\n")


class Chunked:
    """The lines of a text held as chunks of whole lines (``text_chunks``):
    iterating gives the lines, one at a time; ``texts`` gives those not yet
    given as chunks, so that a reader that works on whole texts (the
    cutters of ``pieces``) needs no step a line, and ``spans`` gives them
    with their ``Place`` (where a plain file's chunks are; ``placed``).
    ``head`` looks at the first lines without taking them."""

    def __init__(self, texts: Iterable[str]) -> None:
        self._source: Iterator[Any] = iter(texts)
        self._spans: Iterator[tuple[str, Place]] = ((t, None) for t in self._source)
        self._held: list[tuple[str, Place]] = []  # chunks looked at (``head``), not yet given
        #: What was found of the file as it was opened (``open_lines``).
        self.opened = Opened()

    @classmethod
    def of(cls, text: str) -> Chunked:
        """A whole text, as one chunk."""
        return cls([text])

    @classmethod
    def placed(cls, spans: Iterable[tuple[str, Place]]) -> Chunked:
        """Chunks, each with its place (None: it cannot be read again)."""
        chunked = cls(())
        chunked._source = chunked._spans = iter(spans)
        return chunked

    def spans(self) -> Iterator[tuple[str, Place]]:
        """The chunks not yet given and their places (each taken as it is
        given)."""
        while self._held:
            yield self._held.pop(0)
        yield from self._spans

    def texts(self) -> Iterator[str]:
        """The chunks not yet given (each taken as it is given)."""
        for text, _ in self.spans():
            yield text

    def __iter__(self) -> Iterator[str]:
        for text in self.texts():
            yield from text.split("\n")

    def head(self, least: int = 1) -> list[str]:
        """The first lines, up to the first that is not blank (``" \\t\\r\\ufeff"``
        aside) and at least ``least`` of them (fewer when the text has
        fewer), without taking them."""
        out: list[str] = []
        seen = False  # a line that is not blank is in out
        for text, _ in self._held:
            seen = self._head_of(text, out, least, seen)
            if seen and len(out) >= least:
                return out
        for span in self._spans:
            self._held.append(span)
            seen = self._head_of(span[0], out, least, seen)
            if seen and len(out) >= least:
                return out
        return out

    @staticmethod
    def _head_of(text: str, out: list[str], least: int, seen: bool) -> bool:
        """Add the first lines of one more chunk to ``out``, up to where the
        head is whole; whether a line that is not blank is in ``out`` now."""
        start = 0
        while True:
            end = text.find("\n", start)
            line = text[start:] if end < 0 else text[start:end]
            out.append(line)
            seen = seen or bool(line.strip(" \t\r\ufeff"))
            if (seen and len(out) >= least) or end < 0:
                return seen
            start = end + 1

    def close(self) -> None:
        """Close the source of the chunks (a file is closed)."""
        close = getattr(self._source, "close", None)
        if close is not None:
            close()


def _too_long(name: str, line: int, limit: int) -> InputError:
    return InputError(f"{name}:{line}: a line longer than {limit} bytes: too long to be read "
                      "(a record's line is far shorter; JSON on one line: write a game a "
                      "line, as JSON Lines)")


def open_lines(name: str, label: str | None = None) -> Chunked:
    """The lines of a file (``-``: standard input), unpacked and decoded, in
    chunks (``Chunked``: iterating gives the lines); the file is opened when
    the first are asked for, and closed when they have all been read (or
    the ``Chunked`` is closed). Errors name it ``label`` (by default
    ``name``). The chunks of a plain file have their places."""

    def spans() -> Iterator[tuple[str, Place]]:
        stream, origin = _open(name, label, chunked.opened)
        try:
            for text, start in text_spans(stream, label or name, found=chunked.opened):
                yield text, None if origin is None else (origin, start)
        finally:
            if name != "-":
                stream.close()

    chunked = Chunked.placed(spans())
    return chunked


def read_text(name: str) -> str:
    """The whole text of a file (``-``: standard input), unpacked and decoded."""
    return "\n".join(open_lines(name).texts())


def unpack_bytes(data: bytes, name: str) -> bytes:
    """Bytes as read from a file, unpacked when they are compressed."""
    for magic, fmt in MAGIC:
        if data.startswith(magic):
            stream = _unpack(io.BytesIO(data), fmt, name)
            try:
                return stream.read()
            except Exception as e:
                raise _broken(name, e) from None
    return data


def pack_output(raw: IO[bytes], fmt: str | None, name: str = "") -> IO[bytes]:
    """A file that writes into ``raw`` compressed as ``fmt`` says ("gzip",
    "bzip2", "xz", "zstd"; None: ``raw`` itself). Closing a packing file
    ends the compressed data and leaves ``raw`` open; ``name`` is the file name a
    gzip header records (without its ``.gz``)."""
    if fmt is None:
        return raw
    if fmt == "gzip":
        import gzip

        return cast(IO[bytes], gzip.GzipFile(filename=name, mode="wb", fileobj=raw))
    if fmt == "bzip2":
        import bz2

        return bz2.BZ2File(raw, "wb")
    if fmt == "xz":
        import lzma

        return lzma.LZMAFile(raw, "wb")
    zstandard = _zstd()
    if zstandard is None:
        raise InputError(f"{name}: {ZSTD_HINT}")
    return zstandard.ZstdCompressor().stream_writer(raw, closefd=False)  # type: ignore[no-any-return]
