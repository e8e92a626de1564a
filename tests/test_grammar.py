"""Tests of notation.grammar: the parser is built without a cache, so no file
another user can plant is ever loaded (issue 11)."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path

from paths import ROOT, SAMPLES

# The parser as the old build made it: with Lark's cache in the temporary
# folder (the file name is Lark's, from the grammar and the options).
OLD_BUILD = """
from lark import Lark
from notation.build import _Build
from notation.grammar import grammar_text
Lark(grammar_text(), parser="lalr", lexer="basic", start=["start", "game", "field"],
     transformer=_Build(), cache=True)
"""

CHECK = f"""
from verifier.check import check_text
text = open({str(SAMPLES / "valid" / "four-players.ftn")!r}, encoding="utf-8").read()
assert check_text(text).errors == 0
"""


class _Payload:
    """Unpickled, it creates the marker file: code run from the cache."""

    def __init__(self, marker: Path) -> None:
        self.marker = str(marker)

    def __reduce__(self) -> tuple[object, tuple[str, str]]:
        return (open, (self.marker, "w"))


def _python(code: str, tmp: Path) -> None:
    env = dict(os.environ, TMPDIR=str(tmp), PYTHONPATH=str(ROOT))
    subprocess.run([sys.executable, "-c", code], env=env, check=True, cwd=ROOT)


def _plant(tmp: Path, marker: Path) -> list[Path]:
    """Let the old build write its cache, then put a payload in its place."""
    _python(OLD_BUILD, tmp)
    caches = sorted(tmp.glob(".lark_cache_*.tmp"))
    assert caches, "the old build writes its cache in the temporary folder"
    for cache in caches:
        first = cache.read_bytes().split(b"\n", 1)[0]
        cache.write_bytes(first + b"\n" + pickle.dumps(_Payload(marker)))
    return caches


def test_a_planted_cache_file_is_not_loaded(tmp_path: Path) -> None:
    marker = tmp_path / "payload-ran"
    caches = _plant(tmp_path, marker)
    before = {c: c.stat().st_mtime_ns for c in caches}
    _python(CHECK, tmp_path)  # a check, as the next user of the machine runs it
    assert not marker.exists()
    assert {c: c.stat().st_mtime_ns for c in caches} == before  # not read back, not rewritten
    assert sorted(tmp_path.glob(".lark_*")) == caches  # and no cache of ours either


def test_the_planted_file_is_where_the_old_build_looked(tmp_path: Path) -> None:
    """The test above means something: the old build runs the payload."""
    marker = tmp_path / "payload-ran"
    _plant(tmp_path, marker)
    _python(OLD_BUILD, tmp_path)
    assert marker.exists()
