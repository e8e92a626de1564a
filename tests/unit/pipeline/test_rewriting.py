"""Tests of ``verifier.pipeline.jobs.rewrite``: ``ftn convert``, ``ftn fmt`` and ``ftn
replay`` read a piece at a time, with ``--jobs``, as a user runs them: the
output of ``--jobs 2`` is that of ``--jobs 1``; at a game that cannot be
read the output stops and no file is left half written; ``fmt --write``
rewrites only what differs, compressed files compressed; memory does not
grow with the input."""

from __future__ import annotations

import gzip
import os
import signal
import sys
from pathlib import Path

import pytest
from support.corpora import mixed
from support.ftn import CHECKOUT, Ftn, run_ftn
from support.paths import SAMPLES, SCALE, peak_rss_kb

from notation.ftn.printer import print_games
from verifier.api import rewrite as converting
from verifier.files import streams
from verifier.pipeline.jobs import rewrite
from verifier.pipeline.jobs.rewrite import (
    AT_LEAST_1,
    SET_1,
    SET_2,
    convert_text,
    fmt_status,
    format_text,
)
from verifier.rules.generate import generate_games

corpus = mixed


def _files(tmp_path: Path, games: int) -> tuple[Path, Path, Path]:
    """The corpus as FTN and JSON Lines, and a second FTN file with CRLF
    line ends and a few lines out of the canonical layout."""
    ftn, jsonl, other = tmp_path / "a.ftn", tmp_path / "a.jsonl", tmp_path / "b.ftn"
    text = corpus(games)
    ftn.write_text(text, encoding="utf-8")
    js, _ = convert_text(text, "jsonl")
    assert js is not None
    jsonl.write_text(js, encoding="utf-8")
    messy = corpus(games // 2 + 1, 7).replace("\nend\n", "\nend\n\n\n", 3)
    other.write_bytes(messy.replace("\n", "\r\n").encode())
    return ftn, jsonl, other


def _one_and_two(args: list[str], stdin: bytes | None = None) -> None:
    """``args`` give the same exit, output and messages with ``--jobs 2``
    as in one process (``-j 0`` on standard input: one job a core)."""
    one = run_ftn(args, process=True, binary=True, stdin=stdin, env=CHECKOUT)
    assert one[0] in (0, 1) and (len(one[1]) > 1000 or "--check" in args), args
    jobs = ["-j", "0"] if stdin is not None else ["--jobs", "2"]
    assert run_ftn([*args, *jobs], process=True, binary=True, stdin=stdin,
                   env=CHECKOUT) == one, args


def _fmt_check_with_stdin(ftn: Path, jsonl: Path, other: Path) -> None:
    one = run_ftn(["fmt", "--check", "-", str(other), str(ftn), str(jsonl)], process=True,
                  binary=True, stdin=other.read_bytes(), env=CHECKOUT)
    assert one[0] == 1
    assert one[1].startswith(f"would reformat <stdin>\nwould reformat {other}\n".encode())
    assert run_ftn(["fmt", "--check", "-j", "2", "-", str(other), str(ftn), str(jsonl)],
                   process=True, binary=True,
                   stdin=other.read_bytes(), env=CHECKOUT) == one


@pytest.mark.slow
def test_jobs_give_the_output_of_one_process(tmp_path: Path) -> None:
    ftn, jsonl, other = _files(tmp_path, 30)  # two pieces of FTN, more of JSON Lines
    _one_and_two(["convert", str(jsonl), "--to", "ftn"])
    _fmt_check_with_stdin(ftn, jsonl, other)


@pytest.fixture(scope="module")
def hundreds(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path]:
    """300 games (about 7 pieces of FTN and more of JSON Lines at the default
    size; ``FTN_TEST_SCALE`` multiplies them)."""
    return _files(tmp_path_factory.mktemp("hundreds"), 100 * SCALE)


#: What ``--jobs 2`` must give as one process gives it, on ``hundreds``
#: (``{ftn}``, ``{jsonl}``, ``{other}``: its files; ``-``: the FTN file on
#: standard input).
JOBS = {
    "convert-jsonl": ["convert", "{jsonl}", "--to", "ftn"],
    "convert-ftn": ["convert", "{ftn}", "--to", "jsonl"],
    "convert-json": ["convert", "{ftn}", "--to", "json"],
    "convert-positions": ["convert", "{ftn}", "--positions"],
    "fmt-check": ["fmt", "--check", "{ftn}", "{jsonl}", "{other}"],
    "fmt": ["fmt", "{ftn}", "{other}", "{jsonl}"],
    "convert-stdin": ["convert", "-", "--to", "jsonl"],
}


@pytest.mark.slow
@pytest.mark.parametrize("what", [*JOBS, "fmt-check-stdin"])
def test_jobs_2_on_hundreds_of_games_is_byte_identical(
        what: str, hundreds: tuple[Path, Path, Path]) -> None:
    ftn, jsonl, other = hundreds
    if what == "fmt-check-stdin":
        _fmt_check_with_stdin(ftn, jsonl, other)
        return
    args = [a.format(ftn=ftn, jsonl=jsonl, other=other) for a in JOBS[what]]
    _one_and_two(args, ftn.read_bytes() if "-" in args else None)


def test_the_cli_writes_what_the_whole_text_functions_give(tmp_path: Path, ftn: Ftn) -> None:
    games, jsonl, other = _files(tmp_path, 6)
    text = games.read_text(encoding="utf-8")
    for to in ("ftn", "json", "jsonl"):
        assert ftn(["convert", str(games), "--to", to])[1] == convert_text(text, to)[0]
    assert ftn(["convert", str(jsonl), "--to", "ftn"])[1] == convert_text(text, "ftn")[0]
    want, _ = format_text(other.read_bytes().decode(), str(other))
    assert want is not None and "\r\n" in want
    r = ftn(["fmt", str(other)], binary=True)
    assert r.returncode == 0 and r.stdout == want.encode()


def _broken(tmp_path: Path) -> tuple[Path, str]:
    """An FTN file whose tenth game does not parse; the JSON of the nine before."""
    games = corpus(5).split("\ngame\n")
    lines = games[9].split("\n")
    lines[5] = "this is not ftn"
    games[9] = "\n".join(lines)
    bad = tmp_path / "bad.ftn"
    bad.write_text("\ngame\n".join(games), encoding="utf-8")
    before, _ = convert_text("\ngame\n".join(games[:9]) + "\n", "json")
    assert before is not None
    return bad, before[: -len("\n]\n")]


def test_convert_stops_at_a_game_that_cannot_be_read(tmp_path: Path, ftn: Ftn) -> None:
    bad, before = _broken(tmp_path)
    code, out, err = ftn(["convert", str(bad), "--to", "json"])
    assert code == 1 and out == before  # the games before it, as they were written
    assert f"{bad}:" in err and "FT001 syntax-error" in err and " | this is not ftn" in err
    assert err.endswith(f"ftn convert: {bad}: not converted: it cannot be read\n")
    out_file = tmp_path / "out.json"
    out_file.write_text("kept", encoding="utf-8")
    for target in (out_file, tmp_path / "new.json", tmp_path / "new.jsonl.gz"):
        code, stdout, _ = ftn(["convert", str(bad), "-o", str(target)])
        assert code == 1 and stdout == ""
    assert out_file.read_text(encoding="utf-8") == "kept"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.ftn", "out.json"]


def test_replay_stops_at_a_game_that_cannot_be_read(tmp_path: Path, ftn: Ftn) -> None:
    bad, _ = _broken(tmp_path)
    code, out, err = ftn(["replay", str(bad)])
    assert code == 1 and out.count("\ngame ") == 8 and out.startswith("game 1 (")
    assert err.endswith(f"ftn replay: {bad}: it cannot be read\n")
    code, out, _ = ftn(["replay", str(bad), "-o", str(tmp_path / "r.txt")])
    assert code == 1 and not (tmp_path / "r.txt").exists()


def test_input_unreadable_partway_leaves_no_output_file(tmp_path: Path, ftn: Ftn) -> None:
    text = corpus(5)
    half = len(text) // 2
    bad = tmp_path / "bad.ftn"
    bad.write_bytes(text[:half].encode() + b"\xff" + text[half:].encode())
    line = text[:half].count("\n") + 1
    for command in ("convert", "replay"):
        code, _, err = ftn([command, str(bad), "-o", str(tmp_path / "out.json")])
        assert code == 2 and f"ftn: {bad}:{line}:" in err and "not UTF-8 (byte 0xff)" in err
        assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.ftn"]


def test_fmt_prints_a_file_up_to_its_game_that_cannot_be_read(tmp_path: Path, ftn: Ftn) -> None:
    bad, _ = _broken(tmp_path)
    code, out, err = ftn(["fmt", str(bad)])
    games = corpus(5).split("\ngame\n")
    assert code == 1 and out == "\ngame\n".join(games[:9])
    assert err.endswith(f"ftn fmt: {bad}: not formatted: it does not parse\n")


@pytest.mark.slow
def test_fmt_write_rewrites_from_a_difference_deep_in_the_file(tmp_path: Path, ftn: Ftn) -> None:
    text = corpus(25)  # two pieces; the first difference in the last
    at = text.rindex("\n  N ")
    loose = text[:at] + "\n    N " + text[at + len("\n  N "):]
    for name, data in (("a.ftn", loose), ("b.ftn", loose.replace("\n", "\r\n")),
                       ("c.ftn", loose + "\n\n")):
        f = tmp_path / name
        f.write_bytes(data.encode())
        want, _ = format_text(data, name)
        assert want is not None and want != data
        assert ftn(["fmt", "--check", str(f)]) == (1, f"would reformat {f}\n", "")
        assert ftn(["fmt", "--write", str(f)]) == (0, f"reformatted {f}\n", "")
        assert f.read_bytes() == want.encode()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.ftn", "b.ftn", "c.ftn"]


def test_fmt_write_never_rewrites_a_file_whose_late_game_does_not_parse(
        tmp_path: Path, ftn: Ftn) -> None:
    bad, _ = _broken(tmp_path)
    loose = "game\n" + bad.read_text(encoding="utf-8").replace("  N ", "   N ", 1)[5:]
    bad.write_text(loose, encoding="utf-8")
    code, out, err = ftn(["fmt", "--write", str(bad)])
    assert code == 1 and out == "" and "not formatted: it does not parse" in err
    assert bad.read_text(encoding="utf-8") == loose
    assert [p.name for p in tmp_path.iterdir()] == ["bad.ftn"]


def test_fmt_write_of_a_canonical_file_writes_nothing(tmp_path: Path, ftn: Ftn) -> None:
    f = tmp_path / "a.ftn"
    f.write_text(corpus(3), encoding="utf-8")
    os.utime(tmp_path, (1, 1))  # a temporary file made and removed would change it
    os.chmod(tmp_path, 0o555)  # nor could one be made here (but by root)
    try:
        assert ftn(["fmt", "--write", str(f)]) == (0, "", "")
    finally:
        os.chmod(tmp_path, 0o755)
    assert tmp_path.stat().st_mtime == 1


def test_fmt_write_keeps_a_compressed_file_compressed(tmp_path: Path, ftn: Ftn) -> None:
    text = (SAMPLES / "valid" / "four-players.ftn").read_text(encoding="utf-8")
    f = tmp_path / "g.ftn.gz"
    f.write_bytes(gzip.compress(text.replace("  N ", "   N ").encode()))
    assert ftn(["fmt", "--check", str(tmp_path)]) == (1, f"would reformat {f}\n", "")
    assert ftn(["fmt", "--write", str(tmp_path)]) == (0, f"reformatted {f}\n", "")
    assert gzip.decompress(f.read_bytes()) == text.encode()
    assert ftn(["fmt", "--check", str(f)])[0] == 0


@pytest.mark.parametrize("pack", ["gzip", *(pytest.param(p, marks=pytest.mark.slow)
                                              for p in ("bzip2", "xz", "zstd"))])
def test_compressed_inputs_give_the_same_output(pack: str, tmp_path: Path, ftn: Ftn) -> None:
    if pack == "zstd":
        pytest.importorskip("zstandard")
    text = corpus(2)
    js, _ = convert_text(text, "jsonl")
    assert js is not None
    for name, data in (("a.ftn", text), ("a.jsonl", js)):
        plain = tmp_path / name
        plain.write_text(data, encoding="utf-8")
        packed = tmp_path / f"{name}.{pack}"
        with open(packed, "wb") as raw:
            f = streams.pack_output(raw, pack, packed.name)
            f.write(data.encode())
            f.close()
        for args in (["convert", "{}", "--to", "ftn"], ["convert", "{}", "--to", "json"],
                     ["replay", "{}"], ["fmt", "{}"], ["fmt", "--check", "{}"]):
            want = ftn([*[a.replace("{}", str(plain)) for a in args]])
            got = ftn([*[a.replace("{}", str(packed)) for a in args]])
            assert got == tuple(x.replace(str(plain), str(packed)) if isinstance(x, str) else x
                                for x in want), args


def test_directory_walks_find_compressed_records(tmp_path: Path, ftn: Ftn) -> None:
    src = SAMPLES / "invalid" / "total-mismatch.ftn"
    (tmp_path / "a.ftn.gz").write_bytes(gzip.compress(src.read_bytes()))
    (tmp_path / "b.txt.gz").write_bytes(gzip.compress(src.read_bytes()))
    code, out, _ = ftn(["check", "-f", "concise", str(tmp_path)])
    assert code == 1 and f"{tmp_path / 'a.ftn.gz'}:25:17: FT303" in out and "b.txt" not in out


def test_the_status_of_fmt_follows_each_file_in_order() -> None:
    assert fmt_status([], False) == 0 and fmt_status([], True) == 2
    assert fmt_status([AT_LEAST_1], True) == 2 and fmt_status([SET_1], True) == 1
    assert fmt_status([SET_2, AT_LEAST_1], False) == 2
    assert fmt_status([SET_2, SET_1, AT_LEAST_1], False) == 1


def test_sigterm_during_a_long_write_leaves_no_temporary_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ftn: Ftn) -> None:
    src = tmp_path / "a.ftn"
    src.write_text(corpus(20), encoding="utf-8")
    real = rewrite.convert_piece
    seen = []

    def terminated(*args: object, **kwargs: object) -> rewrite.Part:
        seen.append(1)
        if len(seen) == 2:
            os.kill(os.getpid(), signal.SIGTERM)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(converting, "convert_piece", terminated)  # as ftn convert runs it
    r = ftn(["convert", str(src), "-o", str(tmp_path / "out.jsonl")])
    assert r.returncode == 128 + signal.SIGTERM and len(seen) == 2
    assert [p.name for p in tmp_path.iterdir()] == ["a.ftn"]


@pytest.fixture(scope="module")
def small_and_large(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, Path]]:
    """500 games of 2, 3 and 4 players and ten times as many (5,010), in
    FTN and in JSON Lines."""
    tmp_path = tmp_path_factory.mktemp("small_and_large")
    one = "\n".join(print_games(generate_games(p, 167, 9 + p)) for p in (2, 3, 4))
    small, large = tmp_path / "small.ftn", tmp_path / "large.ftn"
    small.write_text(one, encoding="utf-8")
    large.write_text("\n".join([one] * 10), encoding="utf-8")
    js, _ = convert_text(one, "jsonl")
    assert js is not None
    jsmall, jlarge = tmp_path / "small.jsonl", tmp_path / "large.jsonl"
    jsmall.write_text(js, encoding="utf-8")
    jlarge.write_text(js * 10, encoding="utf-8")
    return {"ftn": (small, large), "jsonl": (jsmall, jlarge)}


@pytest.mark.system
@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="resource is POSIX only")
@pytest.mark.parametrize("form", ["ftn", "jsonl"])
@pytest.mark.parametrize("command", [["convert", "{}", "--to", "jsonl"],
                                     ["convert", "{}", "-o", "{out}"],
                                     ["replay", "{}", "-f", "json"], ["fmt", "--check", "{}"],
                                     ["check", "-f", "jsonl", "{}"]],
                         ids=["convert-stdout", "convert-gzip", "replay-json", "fmt-check",
                              "check-jsonl"])
def test_memory_does_not_grow_with_the_number_of_games(
        small_and_large: dict[str, tuple[Path, Path]], tmp_path: Path, form: str,
        command: list[str]) -> None:
    out = str(tmp_path / "out.jsonl.gz")
    rss = [peak_rss_kb([x.replace("{}", str(p)).replace("{out}", out) for x in command])
           for p in small_and_large[form]]
    # Ten times the games: the same memory, give or take 15 MB (not 10x).
    assert rss[1] - rss[0] < 15_000, (command, rss)
