"""Tests of the whole-text functions of the check and rewrite jobs: whole
texts, syntax errors as diagnostics, fmt."""

from __future__ import annotations

import json

import pytest
from support.paths import SAMPLES, read_sample

from verifier.api import check_text
from verifier.pipeline.jobs.rewrite import convert_text, format_text

TWO = read_sample("valid", "two-players-r8-3.ftn")
THREE = read_sample("valid", "three-players.ftn")


def test_counts_over_several_games() -> None:
    rep = check_text(TWO + "\n" + THREE, "two.ftn")
    assert (rep.games, rep.events, rep.errors, rep.warnings) == (2, 122 + 128, 0, 0)


def test_syntax_error_becomes_a_diagnostic_and_the_next_game_is_checked() -> None:
    broken = TWO.replace("  N knock\n", "  N knok\n", 1)
    rep = check_text(broken + "\n" + THREE.replace("(28,3,7)", "(28,3,8)", 1), "f.ftn")
    # Game 1 is judged up to its line that cannot be read: the rest of that
    # round's claims are not (said once); game 2 is checked whole.
    assert [(d.name, d.game) for d in rep.diagnostics] == [
        ("syntax-error", 1), ("claims-unjudged", 1), ("total-mismatch", 2)
    ]
    d = rep.diagnostics[0]
    assert (d.source, d.code, d.round, d.event) == ("f.ftn", "FT001", None, None)
    assert "write knock" in d.message
    assert rep.games == 2


def test_check_of_a_stream_of_lines() -> None:
    with (SAMPLES / "valid" / "four-players.ftn").open(encoding="utf-8") as f:
        rep = check_text(f, "four", "ftn")
    assert (rep.games, rep.errors) == (1, 0)


def test_format_writes_ends_and_drops_them_from_leads() -> None:
    text = TWO.replace("  N 1-3 R =8 +0 (0,2)", "  N 1-3 =8 +0 (0,2)").replace(
        "  S 5-1 =6", "  S 5-1 L =6"
    )
    out, errors = format_text(text)
    assert errors == [] and out == TWO
    again, _ = format_text(out)
    assert again == out


def test_format_refuses_text_that_does_not_parse() -> None:
    out, errors = format_text("game\nbad line here\nend\n", "x")
    assert out is None and [d.name for d in errors] == ["syntax-error"]


def test_format_keeps_unreached_ends_as_written() -> None:
    # An illegal move stops the replay: the events after it keep their text.
    text = TWO.replace("  N 1-3 R =8 +0 (0,2)", "  N knock")
    out, _ = format_text(text)
    assert out == text


@pytest.mark.slow
def test_damaged_records_never_crash_the_checker() -> None:
    """Random damage to a record: every outcome is diagnostics, never an
    exception, and every diagnostic has a place."""
    import random

    rng = random.Random(2026)
    alphabet = "0123456789-+=()LR,#[]\" \tNSEWknockoverdealroundresultwinnergame?\n"
    base = TWO + "\n" + THREE
    for _ in range(300):
        chars = list(base)
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(chars))
            op = rng.randrange(3)
            if op == 0:
                chars[i] = rng.choice(alphabet)
            elif op == 1:
                del chars[i]
            else:
                chars.insert(i, rng.choice(alphabet))
        text = "".join(chars)
        rep = check_text(text, "damaged")
        assert all(d.line >= 1 and d.col >= 1 for d in rep.diagnostics)
        out, errors = format_text(text, "damaged")
        assert (out is None) == bool(errors)


# -- JSON ------------------------------------------------------------------------------

INVALID = sorted((SAMPLES / "invalid").glob("*.ftn"))


def keys(rep: object) -> list[tuple[str, int, int | None, int | None]]:
    from verifier.pipeline.jobs.check import FileReport

    assert isinstance(rep, FileReport)
    return sorted((d.name, d.game, d.round, d.event) for d in rep.diagnostics)


# Invalid samples whose JSON twin the record schema refuses, and where.
SCHEMA_REFUSES = {"bad-header-unknown-option.ftn": "/tags/5/values/0"}


def test_json_twin_of_each_invalid_sample_gives_the_same_findings() -> None:
    from verifier.pipeline.jobs.rewrite import convert_text

    for path in INVALID:
        text = path.read_text(encoding="utf-8")
        if path.name in ("every-mistake.ftn", "seven-mistakes.ftn", "four-slips.ftn"):
            continue  # FTN's own slips: no JSON twin
        if path.name == "unused-noqa.ftn":
            continue  # suppressions are FTN comments, not read in JSON (SPEC 1)
        ftn = check_text(text, str(path))
        if path.name == "syntax-error.ftn":
            twin = read_sample("invalid", "syntax-error.jsonl")
        else:
            out, errors = convert_text(text, "jsonl", str(path))
            assert errors == [] and out is not None
            twin = out
        js = check_text(twin, "twin.jsonl")
        if path.name in SCHEMA_REFUSES:
            # A malformed tag, alone: the record schema refuses it (SPEC.md 11).
            assert keys(ftn) == [("bad-header", 1, None, None)]
            assert [(d.name, d.pointer) for d in js.diagnostics] == [
                ("schema-violation", SCHEMA_REFUSES[path.name])
            ]
            continue
        if path.name == "syntax-error.ftn":
            # A JSON document that is not JSON is no record: nothing of it is
            # judged; the FTN record is, up to its line that cannot be read.
            assert [k for k in keys(ftn) if k[0] != "claims-unjudged"] == keys(js)
            assert [k[0] for k in keys(ftn)].count("claims-unjudged") == 1
            continue
        assert keys(js) == keys(ftn), path.name
        # Every finding in a readable document has its JSON Pointer.
        assert all(d.pointer is not None for d in js.diagnostics
                   if d.name not in ("syntax-error", "no-games"))


def test_json_findings_are_located_by_pointer_and_place() -> None:
    from verifier.pipeline.jobs.rewrite import convert_text

    text = read_sample("invalid", "points-mismatch.ftn")
    out, _ = convert_text(text, "json")
    assert out is not None
    rep = check_text(out, "x.json")
    (d,) = rep.diagnostics
    assert d.pointer == "/0/rounds/1/events/3/points"
    line = out.split("\n")[d.line - 1]
    assert line[d.col - 1 :].startswith("7,")  # the claimed +7
    assert d.line == 2  # the first game of the array stands on line 2


def test_convert_round_trips_exactly() -> None:
    from verifier.pipeline.jobs.rewrite import convert_text

    for path in sorted((SAMPLES / "valid").glob("*.ftn")) + INVALID:
        text = path.read_text(encoding="utf-8")
        if path.name in ("syntax-error.ftn", "every-mistake.ftn", "seven-mistakes.ftn",
                         "four-slips.ftn"):
            continue
        fmt, _ = format_text(text)
        js, _ = convert_text(text, "json")
        assert js is not None
        if path.name in SCHEMA_REFUSES:
            continue
        back, _ = convert_text(js, "ftn")
        if path.name == "no-games.ftn":  # fmt leaves a text of no game as it is; JSON
            assert (fmt, back) == (text, "")  # has no place for comments outside a game
            continue
        assert back is not None and back == fmt, path.name
        again, _ = convert_text(back, "json")
        assert again is not None and json.loads(again) == json.loads(js)


def test_kind_of() -> None:
    from verifier.files.formats import kind_of

    assert kind_of("game", "a.JSONL") == "json" and kind_of("{}", "a.ftn") == "ftn"
    assert kind_of('  {"x": 1}', "<stdin>") == "json" and kind_of("game", "x") == "ftn"


@pytest.mark.slow
def test_damaged_json_never_crashes_the_checker() -> None:
    import random

    from verifier.pipeline.jobs.rewrite import convert_text

    rng = random.Random(61)
    js, _ = convert_text(TWO, "jsonl")
    assert js is not None
    alphabet = '{}[]",:0123456789 -etrufalsnplacekno'
    for _ in range(200):
        chars = list(js)
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(len(chars))
            chars[i] = rng.choice(alphabet)
        rep = check_text("".join(chars), "damaged.jsonl")
        assert rep.errors >= 0 and all(d.line >= 1 and d.col >= 1 for d in rep.diagnostics)


def test_format_keeps_json_as_json() -> None:
    from verifier.pipeline.jobs.rewrite import convert_text

    jsonl, _ = convert_text(TWO, "jsonl")
    array, _ = convert_text(TWO, "json")
    assert jsonl is not None and array is not None
    assert format_text(jsonl, "x.jsonl") == (jsonl, [])
    assert format_text(array, "x.json") == (array, [])
    pretty = json.dumps(json.loads(array), indent=4)
    assert format_text(pretty, "x.json") == (array, [])


# -- a side written out of seat order (SPEC.md 6) ------------------------------

OUT_OF_ORDER = (SAMPLES / "valid" / "four-players-side-out-of-order.ftn").read_text(
    encoding="utf-8"
)


def test_a_side_out_of_seat_order_is_that_side_in_ftn_and_json() -> None:
    """'winner S+N' names the side N+S (which reached 61 first): no finding,
    in FTN and in its JSON twin; fmt keeps the claim as written."""
    assert "\nwinner S+N (61,49)\nend\n" in OUT_OF_ORDER
    assert check_text(OUT_OF_ORDER).diagnostics == []
    for to in ("json", "jsonl"):
        text, errors = convert_text(OUT_OF_ORDER, to)
        assert errors == [] and text is not None
        assert '"winner":{"side":"S+N","totals":[61,49]}' in text
        rep = check_text(text, f"side.{to}")
        assert (rep.games, rep.events, rep.diagnostics) == (1, 124, [])
        assert format_text(text, f"side.{to}") == (text, [])
    assert format_text(OUT_OF_ORDER) == (OUT_OF_ORDER, [])


def test_other_seats_are_still_another_side() -> None:
    for side in ("E+W", "W+E", "N", "S", "N+E", "N+S+S", "N+S+E"):
        text = OUT_OF_ORDER.replace("winner S+N (61,49)", f"winner {side} (61,49)")
        (d,) = check_text(text).diagnostics
        assert (d.name, d.claimed, d.computed) == ("winner-mismatch", side, "N+S")
        assert d.message == f"winner claimed {side}, computed N+S"
    # And in JSON, located by pointer.
    js, _ = convert_text(OUT_OF_ORDER.replace("winner S+N", "winner W+E"), "jsonl")
    assert js is not None
    (d,) = check_text(js, "side.jsonl").diagnostics
    assert (d.name, d.pointer, d.claimed) == ("winner-mismatch", "/winner", "W+E")


def test_format_keeps_crlf_line_ends() -> None:
    text = read_sample("valid", "four-players.ftn")
    crlf = text.replace("\n", "\r\n")
    out, errors = format_text(crlf, "four.ftn")
    lf, _ = format_text(text, "four.ftn")
    assert errors == [] and lf is not None and out == lf.replace("\n", "\r\n")
    assert out == crlf  # the sample is canonical: with CRLF, it stays so
