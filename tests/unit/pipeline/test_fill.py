"""Tests of ``ftn fill`` (``verifier.replay.fill``,
``verifier.pipeline.jobs.fill``, ``verifier.cli.fill``) and of
the streamed diff it shows (``verifier.pipeline.diff``): every claim the replay
decides is written in, as the canonical form writes it; claims written are
kept, wrong ones too; nothing is filled after an illegal move; ``--diff``,
``--check``, ``--write`` and ``--jobs`` behave as ``ftn fmt``'s."""

from __future__ import annotations

import difflib
import gzip
import os
import random
import re
import stat
from pathlib import Path

import pytest
from fill_roundtrip import differences, generated, samples, strip_text
from support.diffs import apply
from support.ftn import Ftn
from support.paths import read_sample

from notation.ftn.printer import print_games
from notation.ftn.reader import parse_games
from verifier.api import check_text
from verifier.pipeline.diff import StreamDiff
from verifier.pipeline.jobs.fill import fill_text
from verifier.pipeline.jobs.rewrite import convert_text
from verifier.replay.fill import fill, fill_game
from verifier.replay.game import canonical_game, check_game
from verifier.replay.observers import Ends
from verifier.rules.generate import generate_games

# The README's short record, its claims taken out: the moves alone.
BARE = """game
[ftn "1"]
[seat "N" "Ann"]
[seat "S" "Sam"]
[first "N"]

round 1 opener N
  deal N 6-6 6-3 5-5 4-1 2-0 3-3 1-1
  deal S 6-4 3-1 5-0 2-2 4-4 6-2 0-0
  N 6-6
  S 6-4 L
  N 6-3 R
  S 4-4 L
  N 3-3 R
  S 3-1 R
  N 4-1 L
  S knock
  N 1-1 L
  S knock
  N knock
end
"""

# Its claims, computed by hand (the README: 6-6 leads for 12, 4 points; ...).
FILLED_EVENTS = [
    "  N 6-6 =12 +4 (4,0)",   # lead double 6-6: 12; 12/3 = 4
    "  S 6-4 L =16 +0 (4,0)",  # 4 + 6-6 (still terminal, 12) = 16: nothing
    "  N 6-3 R =7 +0 (4,0)",   # 4 + 3 = 7
    "  S 4-4 L =11 +0 (4,0)",  # 4-4 (8) + 3 = 11
    "  N 3-3 R =14 +0 (4,0)",  # 8 + 3-3 (6) = 14
    "  S 3-1 R =9 +3 (4,3)",   # 8 + 1 = 9: 9/3 = 3
    "  N 4-1 L =2 +0 (4,3)",   # 1 + 1 = 2
    "  S knock",
    "  N 1-1 L =3 +1 (5,3)",   # 1-1 (2) + 1 = 3: 1; nobody can place: blocked
    "  S knock",
    "  N knock",
    "  result blocked (5,3)",
]


def events_of(text: str) -> list[str]:
    lines = text.split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith("  deal S"))
    return [line for line in lines[start + 1:] if line.startswith("  ")]


def test_every_claim_of_the_readme_record_is_filled_as_computed_by_hand() -> None:
    out, errors = fill_text(BARE)
    assert errors == [] and out is not None
    assert events_of(out) == FILLED_EVENTS
    assert "winner" not in out  # nobody has reached 61: no winner line is made up
    assert check_text(out).errors == 0


def test_claims_written_are_kept_a_wrong_one_too() -> None:
    text = BARE.replace("  S 3-1 R\n", "  S 3-1 R +5\n").replace("  N 6-3 R\n", "  N 6-3 R =8\n")
    out, _ = fill_text(text)
    assert out is not None
    ev = events_of(out)
    assert ev[2] == "  N 6-3 R =8 +0 (4,0)"  # the wrong end total stays; the rest is filled
    assert ev[5] == "  S 3-1 R =9 +5 (4,3)"  # the wrong points stay; the totals are computed
    found = [d.name for d in check_text(out).diagnostics]
    # each reported, nothing more (the record stops before 61: a warning)
    assert found == ["end-total-mismatch", "points-mismatch", "game-unfinished"]


def test_the_bonus_apart_over_for_a_discarded_event_and_the_winner() -> None:
    # Round 11 of the R8.3 sample: S at 59 places its last tile: 2 + bonus 1
    # = 3 takes it to 62 > 61: discarded whole (over+2+1).
    out, _ = fill_text(strip_text(samples_by_name()["two-players-r8-3.ftn"]))
    assert out is not None
    assert ("  S 3-4 L =6 over+2+1 (60,59)  # R8.3: 59 + (2 + 1) = 62 > 61: discarded whole,"
            " S stays 59") in out.split("\n")
    assert out.rstrip().split("\n")[-2] == "winner S (60,61)"


def samples_by_name() -> dict[str, str]:
    return dict(samples())


def test_a_result_or_winner_line_without_totals_gets_them() -> None:
    text = BARE.replace("  N knock\nend", "  N knock\n  result blocked\n\nwinner none\nend")
    out, _ = fill_text(text)
    assert out is not None
    assert "  result blocked (5,3)" in out and "winner none (5,3)" in out


def test_a_wrong_result_is_kept() -> None:
    out, _ = fill_text(BARE.replace("  N knock\nend", "  N knock\n  result domino N\nend"))
    assert out is not None and "  result domino N (5,3)" in out
    assert next(d.name for d in check_text(out).diagnostics) == "result-mismatch"


def test_nothing_is_filled_after_an_illegal_move() -> None:
    text = BARE.replace("  N 3-3 R\n", "  N 5-5 R\n")  # 5-5 fits neither 4-4 nor 3
    games = parse_games(text)
    done = fill(games[0], 1, "x.ftn")
    assert done.stopped is not None and done.stopped.name == "tile-does-not-fit"
    ev = events_of(print_games([done.game]))
    assert ev[:4] == FILLED_EVENTS[:4]
    assert ev[4:] == ["  N 5-5 R", "  S 3-1 R", "  N 4-1 L", "  S knock", "  N 1-1 L",
                      "  S knock", "  N knock"]  # as written, and no result


def test_a_header_that_cannot_be_read_fills_nothing() -> None:
    game = parse_games(BARE.replace('[first "N"]\n', ""))[0]
    assert fill(game).stopped is not None
    assert print_games([fill_game(game)]) == print_games([game])


def test_json_stays_json_and_is_filled() -> None:
    js, _ = convert_text(BARE, "jsonl")
    assert js is not None
    out, _ = fill_text(js)
    assert out is not None and out.startswith("{")
    back, _ = convert_text(out, "ftn")
    ftn, _ = fill_text(BARE)
    assert back == ftn


def test_crlf_stays_crlf() -> None:
    out, _ = fill_text(BARE.replace("\n", "\r\n"))
    assert out is not None and out.count("\r\n") == out.count("\n")


def test_roundtrip_every_valid_sample() -> None:
    """Must show 2: strip every claim of each valid sample; fill gives fmt
    (with the few spellings the script lists)."""
    found = [d for name, text in samples() for d in differences(name, text)]
    assert found == []


@pytest.mark.slow
def test_roundtrip_generated_games_whole_and_partial() -> None:
    """Must show 2, bounded: 40 games of each player count, each also with
    hands hidden (the 1,000-game run is ``python tools/fill_roundtrip.py``)."""
    found = [d for p in (2, 3, 4) for name, text in generated(p, 40, 7)
             for d in differences(name, text)]
    assert found == []


# -- the command ---------------------------------------------------------------


def test_cli_prints_the_filled_record(tmp_path: Path, ftn: Ftn) -> None:
    path = tmp_path / "g.ftn"
    path.write_text(BARE, encoding="utf-8")
    code, out, err = ftn(["fill", str(path)])
    assert (code, err) == (0, "")
    assert out == fill_text(BARE)[0]
    assert path.read_text(encoding="utf-8") == BARE  # not touched


def test_cli_stdin_and_a_stopped_game_is_said(tmp_path: Path, ftn: Ftn) -> None:
    code, out, err = ftn(["fill", "-"], stdin=BARE.replace("  N 3-3 R\n", "  N 5-5 R\n"))
    assert code == 1
    assert re.search(r"ftn fill: <stdin>:14:3: the replay stops here \(FT203 tile-does-not-fit:"
                     r" 5-5 does not fit the right end 3\); the claims after it are not filled",
                     err), err
    assert "  N 4-1 L\n" in out


def test_cli_diff_applies_and_check_reports(tmp_path: Path, ftn: Ftn) -> None:
    path = tmp_path / "g.ftn"
    path.write_text(BARE, encoding="utf-8")
    code, out, _ = ftn(["fill", "--diff", str(path)])
    assert code == 1  # it would change the file
    lines = out.rstrip("\n").split("\n")
    assert lines[:2] == [f"--- {path}", f"+++ {path}"]
    assert "-  N 6-6" in lines and "+  N 6-6 =12 +4 (4,0)" in lines
    want = fill_text(BARE)[0]
    assert want is not None
    assert apply(BARE.rstrip("\n").split("\n"), lines) == want.rstrip().split("\n")
    assert ftn(["fill", "--check", str(path)])[:2] == (1, f"would fill {path}\n")
    filled = tmp_path / "f.ftn"
    filled.write_text(fill_text(BARE)[0] or "", encoding="utf-8")
    assert ftn(["fill", "--diff", str(filled)])[:2] == (0, "")  # nothing to fill: no diff
    assert ftn(["fill", "--check", str(filled)])[:2] == (0, "")


def test_cli_write_keeps_mode_and_compression_and_refuses_read_only(tmp_path: Path,
                                                                    ftn: Ftn) -> None:
    path = tmp_path / "g.ftn"
    path.write_text(BARE, encoding="utf-8")
    os.chmod(path, 0o640)
    packed = tmp_path / "g.ftn.gz"
    packed.write_bytes(gzip.compress(BARE.encode()))
    code, out, _ = ftn(["fill", "--write", str(path), str(packed)])
    assert code == 0 and out == f"filled {path}\nfilled {packed}\n"
    want = fill_text(BARE)[0]
    assert path.read_text(encoding="utf-8") == want
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert gzip.decompress(packed.read_bytes()).decode() == want
    assert ftn(["fill", "--write", str(path)])[:2] == (0, "")  # filled already: untouched
    link = tmp_path / "link.ftn"
    target = tmp_path / "t.ftn"
    target.write_text(BARE, encoding="utf-8")
    link.symlink_to(target)
    assert ftn(["fill", "--write", str(link)])[0] == 0
    assert link.is_symlink() and target.read_text(encoding="utf-8") == want
    if os.geteuid() != 0:  # root writes read-only files
        ro = tmp_path / "ro.ftn"
        ro.write_text(BARE, encoding="utf-8")
        os.chmod(ro, 0o444)
        code, _, err = ftn(["fill", "--write", str(ro)])
        assert code == 2 and "not rewritten" in err and ro.read_text(encoding="utf-8") == BARE


def test_cli_write_never_touches_a_file_that_does_not_parse(tmp_path: Path, ftn: Ftn) -> None:
    path = tmp_path / "g.ftn"
    bad = BARE.replace("  N 6-3 R\n", "  N 6-3 Q\n")
    path.write_text(bad, encoding="utf-8")
    code, _, err = ftn(["fill", "--write", str(path)])
    assert code == 1 and "ftn fill: " in err and "not filled: it does not parse" in err
    assert path.read_text(encoding="utf-8") == bad


def test_cli_usage_errors(tmp_path: Path, ftn: Ftn) -> None:
    assert ftn(["fill", "--diff", "--write", "x.ftn"])[0] == 2
    assert ftn(["fill", "--write", "-"])[0] == 2
    code, _, err = ftn(["fill", str(tmp_path / "missing.ftn")])
    assert code == 2 and "Traceback" not in err


@pytest.mark.slow
def test_cli_jobs_2_is_jobs_1_and_diff_streams(tmp_path: Path, ftn: Ftn) -> None:
    """Several pieces (a piece is some 256 KB): the output and the diff of
    --jobs 2 are those of --jobs 1, and the diff applies."""
    text = strip_text(print_games(generate_games(3, 90, 5)))
    path = tmp_path / "many.ftn"
    path.write_text(text, encoding="utf-8")
    one = ftn(["fill", str(path)])
    two = ftn(["fill", "--jobs", "2", str(path)])
    assert one == two and one[0] == 0
    assert one[1] == fill_text(text)[0]
    diff = ftn(["fill", "--diff", "--jobs", "2", str(path)])[1].rstrip("\n").split("\n")
    assert apply(text.rstrip("\n").split("\n"), diff) == one[1].rstrip("\n").split("\n")


# -- the streamed diff -----------------------------------------------------------


def test_streamed_diff_applies_whatever_the_chunks() -> None:
    rng = random.Random(21)
    for _ in range(500):
        a = [str(rng.randrange(6)) for _ in range(rng.randrange(60))]
        b = [x if rng.random() < 0.8 else str(rng.randrange(9)) for x in a]
        cut = rng.randrange(len(b) + 1)
        b = b[:cut] + ["new"] * rng.randrange(3) + b[rng.randrange(cut, len(b) + 1):]
        d = StreamDiff("a", "b")
        out: list[str] = []
        i = j = 0
        while i < len(a) or j < len(b):
            k, m = rng.randrange(1, 9), rng.randrange(1, 9)
            out += d.add(a[i:i + k], b[j:j + m])
            i, j = i + k, j + m
        out += d.end()
        assert (out == []) == (a == b)
        assert apply(a, out) == b


def test_streamed_diff_in_one_chunk_is_difflibs() -> None:
    a = [f"line {i}" for i in range(40)]
    b = [*a[:5], "changed", *a[6:30], *a[31:], "added"]
    d = StreamDiff("old", "new")
    assert d.add(a, b) + d.end() == list(difflib.unified_diff(a, b, "old", "new", lineterm=""))


def test_the_rounds_after_an_illegal_move_are_left_as_written() -> None:
    # Round 1's third event is illegal (S 1-1: the ends are 5 and 3); round
    # 2 leaves its claims out, and S 4-6's end (it fits the 4 alone: R). The
    # one replay goes on with round 2 (from the totals its record implies),
    # but nothing is filled or resolved after the first stop: round 2 stays
    # as written, in the fill and in the canonical form; the ends the replay
    # resolved there are known all the same (``Ends`` of every round).
    text = read_sample("valid", "two-players-r8-3.ftn")
    text = text.replace("  S 5-0 L =3 +1 (0,3)\n", "  S 1-1 L =3 +1 (0,3)\n", 1)
    text = text.replace("  N 1-4 =5 +1 (1,3)\n  S 4-6 R =7 +0 (1,3)\n", "  N 1-4\n  S 4-6\n")
    text = text.replace("  result blocked (2,10)\n", "  result blocked\n", 1)
    (game,) = parse_games(text)
    done = fill(game, 1, "x.ftn")
    assert done.stopped is not None and (done.stopped.name, done.stopped.round) == (
        "tile-does-not-fit", 1)
    round2 = print_games([done.game]).split("round 2 opener N\n")[1].split("round 3")[0]
    assert "  N 1-4\n  S 4-6\n  N 6-6 R =13" in round2 and "  result blocked\n" in round2
    assert "  S 4-6\n" in print_games([canonical_game(game)])
    ends = Ends()
    check_game(game, observers=[ends])
    assert ends.stopped_at == 1
    assert "  S 4-6 R\n" in print_games([ends.resolve(game)])
