"""Tests of notation.ftn.grammar: the parser is built without Lark's cache, so
no file another user can plant is ever loaded; its tables are kept beside the
byte-code as JSON, read back only when they are the tables of this grammar and
this Lark, and the parser read back parses as the compiled one."""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import subprocess
import sys
from pathlib import Path

import lark
import pytest
from support.paths import ROOT, SAMPLES

from notation.ftn import grammar

# A parser built with Lark's cache, which it keeps in the temporary
# folder (the file name is Lark's, from the grammar and the options).
LARK_CACHE_BUILD = """
from lark import Lark
from notation.ftn.build import _Build
from notation.ftn.grammar import grammar_text
Lark(grammar_text(), parser="lalr", lexer="basic", start=["start", "game", "field"],
     transformer=_Build(), cache=True)
"""

CHECK = f"""
from verifier.api import check_text
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
    """Let a parser built with Lark's cache write it, then put a payload in
    its place."""
    _python(LARK_CACHE_BUILD, tmp)
    caches = sorted(tmp.glob(".lark_cache_*.tmp"))
    assert caches, "a parser built with Lark's cache writes it in the temporary folder"
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


def test_the_planted_file_is_run_by_a_parser_built_with_lark_s_cache(tmp_path: Path) -> None:
    """The test above means something: a parser built with Lark's cache runs
    the payload."""
    marker = tmp_path / "payload-ran"
    _plant(tmp_path, marker)
    _python(LARK_CACHE_BUILD, tmp_path)
    assert marker.exists()


# --------------------------------------------------------------------------
# The parser tables kept beside the byte-code.


def _no_compile(text: str) -> lark.Lark:
    raise AssertionError("compiled, though sound tables were there")


def _tables_in(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_the_tables_are_written_then_read_instead_of_compiling(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    compiled = grammar.build_parser(str(tmp_path), write=True)
    path = grammar.tables_path(grammar.grammar_text(), str(tmp_path))
    assert path is not None and _tables_in(tmp_path) == [Path(path).name]
    monkeypatch.setattr(grammar, "_compile", _no_compile)
    loaded = grammar.build_parser(str(tmp_path))
    assert loaded.source_path == "<deserialized>"
    assert grammar._tables(loaded) == grammar._tables(compiled)
    assert _tables_in(tmp_path) == [Path(path).name]  # read, not written again


def test_the_tables_are_keyed_by_the_grammar_and_the_lark_version(
        monkeypatch: pytest.MonkeyPatch) -> None:
    text = grammar.grammar_text()
    path = grammar.tables_path(text, "f")
    assert path is not None and path.startswith(os.path.join("f", "ftn.lark."))
    assert path.endswith(".tables")  # not a record: a walk of the folder skips it
    assert grammar.tables_path(text + "\n", "f") != path
    assert grammar._lark_version() == lark.__version__  # read without importing Lark
    monkeypatch.setattr(grammar, "_lark_version", lambda: "0.0.0")
    assert grammar.tables_path(text, "f") != path


def test_a_valid_record_is_read_without_lark(tmp_path: Path) -> None:
    """With the terminals kept beside the tables, reading records that
    follow the grammar imports no Lark (start-up); a line out of place
    loads it, and is reported (a ``ParseError``)."""
    import subprocess
    import sys

    code = (
        "import sys; from notation.ftn.reader import read_games, ParseError\n"
        "games = list(read_games(sys.argv[1].split('\\n')))\n"
        "print(len(games), any(isinstance(g, ParseError) for g in games),\n"
        "      'lark' in sys.modules)\n"
    )
    good = "game\n[ftn \"1\"]\nend\n"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(tmp_path)  # the kept files go there

    def run(text: str) -> list[str]:
        return subprocess.run([sys.executable, "-c", code, text], capture_output=True,
                              text=True, check=True, env=env).stdout.split()
    run(good)  # writes the tables and the terminals
    assert run(good) == ["1", "False", "False"]
    # a tag after a round line: out of place, so Lark is asked what was expected
    assert run("game\nround 1 opener N\n[ftn \"1\"]\nend\n") == ["1", "True", "True"]


def test_what_is_shipped_is_what_lark_makes_of_the_grammar() -> None:
    """``notation/ftn/ftn.lark.derived`` is what Lark makes of ``ftn.lark``
    (after a change of the grammar: ``python tests/support/derived.py``)."""
    text = grammar.grammar_text()
    assert grammar.packaged(text) == grammar.lark_derived()
    assert grammar.packaged(text + "\n") is None  # another grammar's: not used


def test_a_valid_record_is_read_without_lark_where_no_byte_code_is_kept(
        tmp_path: Path) -> None:
    """Where Python keeps no byte-code (``PYTHONDONTWRITEBYTECODE``, a
    read-only install), the shipped terminals read valid records without
    Lark; no file is written."""
    import subprocess
    import sys

    code = ("import sys; from notation.ftn.reader import read_games\n"
            "print(len(list(read_games(sys.argv[1].split('\\n')))), 'lark' in sys.modules)\n")
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONPYCACHEPREFIX": str(tmp_path)}
    out = subprocess.run([sys.executable, "-c", code, "game\n[ftn \"1\"]\nend\n"],
                         capture_output=True, text=True, check=True, env=env).stdout.split()
    assert out == ["1", "False"]
    assert list(tmp_path.rglob("ftn.lark.*")) == []


def test_other_tables_are_removed_when_new_ones_are_written(tmp_path: Path) -> None:
    old = tmp_path / "ftn.lark.0123456789abcdef0123.tables"
    old.write_text("x", encoding="utf-8")
    other = tmp_path / "notes.txt"
    other.write_text("x", encoding="utf-8")
    grammar.build_parser(str(tmp_path), write=True)
    path = grammar.tables_path(grammar.grammar_text(), str(tmp_path))
    assert path is not None
    assert _tables_in(tmp_path) == sorted([Path(path).name, "notes.txt"])


@pytest.mark.parametrize("damage", ["a byte changed", "cut short", "empty", "not ours"])
def test_damaged_tables_are_compiled_again_and_rewritten(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, damage: str) -> None:
    grammar.build_parser(str(tmp_path), write=True)
    path = grammar.tables_path(grammar.grammar_text(), str(tmp_path))
    assert path is not None
    sound = Path(path).read_text(encoding="utf-8")
    digest, body = sound.split("\n", 1)
    bad = {
        "a byte changed": digest + "\n" + body.replace("PLACEMENT", "PLACEMENS", 1),
        "cut short": sound[: len(sound) // 2],
        "empty": "",
        # A body of the right digest that is not the tables' JSON.
        "not ours": hashlib.sha256(b'{"o":{}}').hexdigest() + '\n{"o":{}}',
    }[damage]
    Path(path).write_text(bad, encoding="utf-8")
    parser = grammar.build_parser(str(tmp_path), write=True)
    assert parser.source_path != "<deserialized>"  # compiled
    monkeypatch.setattr(grammar, "_compile", _no_compile)
    assert grammar.build_parser(str(tmp_path)).source_path == "<deserialized>"  # rewritten


def test_planted_pickle_tables_are_never_unpickled(tmp_path: Path) -> None:
    marker = tmp_path / "payload-ran"
    path = grammar.tables_path(grammar.grammar_text(), str(tmp_path))
    assert path is not None
    body = pickle.dumps(_Payload(marker))
    Path(path).write_bytes(hashlib.sha256(body).hexdigest().encode() + b"\n" + body)
    grammar.build_parser(str(tmp_path), write=False)
    assert not marker.exists()


def test_a_folder_that_cannot_be_written_compiles_and_says_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    parser = grammar.build_parser(str(blocker / "pycache"), write=True)  # no folder can be made
    assert parser.get_terminal("PLACEMENT") is not None
    assert _tables_in(tmp_path) == ["a-file"]
    assert capsys.readouterr() == ("", "")


def test_nothing_is_written_where_python_writes_no_byte_code(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    grammar.build_parser(str(tmp_path))
    assert _tables_in(tmp_path) == []
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    grammar.build_parser(str(tmp_path))
    assert len(_tables_in(tmp_path)) == 1


def test_the_json_form_keeps_tuples_and_keys_that_are_not_strings() -> None:
    data = {"a": [1, (2, "b"), None, 1.5, True], 3: {"c": (4,)}, "d": {}, "e": ()}
    encoded = json.loads(json.dumps(grammar._encode(data)))
    assert grammar._decode(encoded) == data
    back = grammar._decode(encoded)
    assert isinstance(back["a"][1], tuple) and isinstance(back["e"], tuple)
    with pytest.raises(TypeError):
        grammar._encode({"x": {1, 2}})
    with pytest.raises(ValueError):
        grammar._decode({"z": []})


PARSE_SAMPLES = f"""
from pathlib import Path
from notation.ftn.grammar import _lark
from notation.ftn.reader import parse
print(_lark().source_path)
for p in sorted(Path({str(SAMPLES)!r}).rglob("*.ftn")):
    print(repr(parse(p.read_text(encoding="utf-8"), p.name)))
"""


def test_the_parser_read_back_parses_every_sample_as_the_compiled_one(tmp_path: Path) -> None:
    """As a user runs it: the first run compiles and writes the tables beside
    the byte-code (here under PYTHONPYCACHEPREFIX), the next reads them."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(PYTHONPATH=str(ROOT), PYTHONPYCACHEPREFIX=str(tmp_path))

    def run() -> list[str]:
        return subprocess.run([sys.executable, "-c", PARSE_SAMPLES], env=env, check=True,
                              capture_output=True, text=True, cwd=ROOT).stdout.split("\n")

    first, second = run(), run()
    assert first[0] != "<deserialized>" and second[0] == "<deserialized>"
    assert len(first) > 20 and first[1:] == second[1:]
    assert len(list(tmp_path.rglob("ftn.lark.*.tables"))) == 1


def test_the_event_regexes_are_the_grammar_s_terminals_with_their_fields_as_groups() -> None:
    """The placement and knock regexes are the grammar's own PLACEMENT and
    KNOCK terminals, each field terminal in them a named group, in order:
    the groups taken out, the terminal's text is left."""
    from notation.ftn.build import KNOCK_GROUPS, PLACEMENT_GROUPS

    known = grammar.terminals()
    placement, knock, _ = grammar.event_regexes()
    for regex, name, fields in ((placement, "PLACEMENT", PLACEMENT_GROUPS),
                                (knock, "KNOCK", KNOCK_GROUPS)):
        assert regex.groupindex == {f: i for i, f in enumerate(fields, 1)}
        plain = regex.pattern
        for f in fields:
            plain = plain.replace(f"(?P<{f}>{known[f]})", known[f], 1)
        assert plain == rf"[ \t]*(?:{known[name]})[ \t]*"
    m = placement.fullmatch("  Ann 6-3 L =9 over+10+1 (55,2)")
    assert m is not None and m.groups() == ("Ann", "6-3", "L", "=9", "over+10+1", "(55,2)")
    assert [m.start(i) for i in range(1, 7)] == [2, 6, 10, 12, 15, 25]


def test_a_field_the_terminal_does_not_hold_as_a_whole_is_refused() -> None:
    """A group only where the field's text stands whole in the terminal, not
    followed by a repeat (a group there would change what it matches)."""
    with pytest.raises(ValueError, match="KNOCK terminal holds no TILE"):
        grammar.with_groups("KNOCK", ("SEAT", "TILE"))
    with pytest.raises(ValueError, match="TILE terminal holds no NUMBER"):
        grammar.with_groups("TILE", ("NUMBER",))  # [0-9]{1,2}: not NUMBER's [0-9]+


def test_the_shipped_derived_form_is_read_without_lark_or_openssl(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the shipped form is of the grammar, nothing else is asked: not
    Lark's version (the kept files' names), and so no SHA-256 (OpenSSL is
    not loaded at start-up)."""
    def refused(*args: object) -> str:
        raise AssertionError("not on the common path")

    monkeypatch.setattr(grammar, "_lark_version", refused)
    monkeypatch.setattr(grammar, "_sha256", refused)
    grammar.derived.cache_clear()
    try:
        assert grammar.derived() == grammar.packaged(grammar.grammar_text()) is not None
    finally:
        grammar.derived.cache_clear()
    code = ("import sys; from notation.ftn.reader import parse\n"
            "parse('game\\n[ftn \"1\"]\\nround 1 opener N\\nN 1-1\\nend\\n')\n"
            "print('hashlib' in sys.modules, 'lark' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ROOT).stdout.split()
    assert out == ["False", "False"]
