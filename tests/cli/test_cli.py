"""Tests of the ftn command line (verifier.cli), as a user runs it."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer
from support.ftn import CHECKOUT, Ftn, command
from support.paths import ROOT, SAMPLES, SCHEMA_DIR, read_sample

from notation.model import Game
from verifier.cli.app import app


def test_check_valid_samples_exit_0(ftn: Ftn) -> None:
    code, out, _ = ftn(["check", str(SAMPLES / "valid")])
    assert code == 0
    assert out.strip().endswith(": 0 errors, 0 warnings")


def test_check_invalid_samples_exit_1_with_every_expectation(ftn: Ftn) -> None:
    code, out, _ = ftn(["check", str(SAMPLES / "invalid")])
    assert code == 1
    for path in sorted((SAMPLES / "invalid").glob("*.ftn")):
        for line in path.read_text(encoding="utf-8").split("\n"):
            if line.startswith("# expect: "):
                for one in line[len("# expect: "):].split(", "):
                    name, where = one.split()
                    assert any(
                        row.startswith(f"{path}:{where}: ") and f" {name}: " in row
                        for row in out.split("\n")
                    ), (path.name, name, where)


def test_check_text_output_shape(ftn: Ftn) -> None:
    path = SAMPLES / "invalid" / "total-mismatch.ftn"
    code, out, _ = ftn(["check", str(path)])
    assert code == 1
    lines = out.split("\n")
    assert lines[0] == (
        f"{path}:25:17: FT303 total-mismatch: totals claimed (1,4), computed (1,3) (wrong for S): "
        "since the totals agreed at (1,3) after event 1 of round 2, no event has scored"
    )
    assert lines[1] == " 25 |   S 4-6 R =7 +0 (1,4)"
    assert lines[2] == "    |                 ^"
    assert lines[3].startswith("    = claimed: (1,4), computed: (1,3); rule R8.5")
    assert lines[-2] == "1 file, 1 game, 122 events: 1 error, 0 warnings"


def test_check_json_and_stdin(ftn: Ftn) -> None:
    text = read_sample("invalid", "bonus-split.ftn")
    code, out, _ = ftn(["check", "-", "--format", "json"], stdin=text)
    assert code == 1
    doc = json.loads(out)
    assert [d["name"] for d in doc["diagnostics"]] == [
        "bonus-split", "winner-mismatch", "game-unfinished"
    ]
    assert doc["diagnostics"][0]["file"] == "<stdin>"
    assert doc["summary"]["errors"] == 2 and doc["summary"]["warnings"] == 1


def test_warning_alone_exits_0(ftn: Ftn) -> None:
    code, out, _ = ftn(["check", str(SAMPLES / "invalid" / "game-unfinished.ftn")])
    assert code == 0 and "FT401 game-unfinished" in out


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["check", "no/such/file.ftn"], "ftn: no/such/file.ftn: cannot read"),
        (["check", str(ROOT / "notation")],
         "no *.ftn, *.json, *.jsonl or *.ndjson files in this directory"),
    ],
)
def test_unreadable_input_exits_2(args: list[str], needle: str, ftn: Ftn) -> None:
    code, out, err = ftn(args)
    assert code == 2 and needle in err and "Traceback" not in out + err


def test_not_utf8_exits_2_with_its_place(tmp_path: Path, ftn: Ftn) -> None:
    p = tmp_path / "bad.ftn"
    p.write_bytes(b"game\n[event \"caf\xe9\"]\nend\n")
    code, _, err = ftn(["check", str(p)])
    assert code == 2 and f"{p}:2:12: not UTF-8 (byte 0xe9)" in err


def test_usage_errors_exit_2(ftn: Ftn) -> None:
    assert ftn(["check"])[0] == 2
    assert ftn(["check", "--format", "xml", str(SAMPLES)])[0] == 2
    assert ftn(["nonsense"])[0] == 2
    assert ftn(["generate", "--players", "7"])[0] == 2


def test_fmt_prints_canonical_form(ftn: Ftn) -> None:
    path = SAMPLES / "valid" / "four-players.ftn"
    code, out, _ = ftn(["fmt", str(path)])
    assert code == 0 and out == path.read_text(encoding="utf-8")


def test_fmt_check_and_write(tmp_path: Path, ftn: Ftn) -> None:
    src = read_sample("valid", "three-players.ftn")
    messy = tmp_path / "messy.ftn"
    messy.write_text(src.replace("  N 6-3 L =3", "N   6-3 =3"), encoding="utf-8")
    assert ftn(["fmt", "--check", str(messy)]) == (1, f"would reformat {messy}\n", "")
    code, out, _ = ftn(["fmt", "--write", str(messy)])
    assert code == 0 and out == f"reformatted {messy}\n"
    assert messy.read_text(encoding="utf-8") == src
    assert ftn(["fmt", "--check", str(messy)])[0] == 0
    assert ftn(["fmt", "--check", "--write", str(messy)])[0] == 2


def test_fmt_write_never_touches_a_file_that_does_not_parse(tmp_path: Path, ftn: Ftn) -> None:
    bad = tmp_path / "bad.ftn"
    text = "game\n[ftn \"1\"]\nthis is not ftn\nend\n"
    bad.write_text(text, encoding="utf-8")
    code, _, err = ftn(["fmt", "--write", str(bad)])
    assert code == 1 and "not formatted: it does not parse" in err
    assert bad.read_text(encoding="utf-8") == text
    assert [p.name for p in tmp_path.iterdir()] == ["bad.ftn"]  # no temporary left


def test_codes_and_explain(ftn: Ftn) -> None:
    code, out, _ = ftn(["codes"])
    # FT402 no-games, FT403 unused-noqa, FT404 team-seat-unknown and FT501
    # claims-unjudged among them
    assert code == 0 and len(out.strip().split("\n")) == 27
    assert out.split("\n")[0].startswith("FT001  syntax-error")
    code, out, _ = ftn(["codes", "--markdown"])
    assert out.startswith("| code | name |")
    code, out, _ = ftn(["explain", "overshoot-accepted"])
    assert code == 0 and "FT304 overshoot-accepted (error, rule R8.2)" in out
    assert "example:10:13: FT304 overshoot-accepted" in out
    assert ftn(["explain", "FT999"])[0] == 2


def test_generate_is_reproducible_and_checks_clean(tmp_path: Path, ftn: Ftn) -> None:
    out1 = ftn(["generate", "--players", "3", "--games", "4", "--seed", "9"])[1]
    out2 = ftn(["generate", "-p", "3", "-n", "4", "-s", "9"])[1]
    assert out1 == out2 and out1.count("\ngame\n") == 3
    target = tmp_path / "g.ftn"
    assert ftn(["generate", "-p", "4", "-n", "2", "-o", str(target)])[0] == 0
    assert ftn(["check", str(target)])[0] == 0
    assert ftn(["fmt", "--check", str(target)])[0] == 0


def test_python_dash_m_verifier_runs_the_same_cli(ftn: Ftn) -> None:
    r = ftn(["check", str(SAMPLES / "invalid" / "bad-deal.ftn")], process=True,
            cwd=Path.cwd(), env=CHECKOUT)
    assert r.returncode == 1 and "FT101 bad-deal" in r.stdout and r.stderr == ""


# -- JSON: convert, replay, schema -----------------------------------------------------


def test_convert_infers_the_direction(tmp_path: Path, ftn: Ftn) -> None:
    src = SAMPLES / "valid" / "three-players.ftn"
    code, out, _ = ftn(["convert", str(src)])
    assert code == 0 and out.startswith("[\n{\"format\":\"ftn-json-1\"")
    js = tmp_path / "g.json"
    js.write_text(out, encoding="utf-8")
    code, back, _ = ftn(["convert", str(js)])
    assert code == 0 and back == src.read_text(encoding="utf-8")
    jl = tmp_path / "g.jsonl"
    assert ftn(["convert", str(src), "-o", str(jl)])[0] == 0
    assert len(jl.read_text(encoding="utf-8").splitlines()) == 1
    code, again, _ = ftn(["convert", str(jl), "--to", "ftn"])
    assert code == 0 and again == back


def test_convert_refuses_what_it_cannot_read(ftn: Ftn) -> None:
    code, _, err = ftn(["convert", str(SAMPLES / "invalid" / "syntax-error.ftn")])
    assert code == 1 and "FT001 syntax-error" in err and "not converted" in err


def test_check_reads_json_lines_and_reports_schema_violations(ftn: Ftn) -> None:
    path = SAMPLES / "invalid" / "schema-violation.jsonl"
    code, out, _ = ftn(["check", str(path), "--format", "json"])
    assert code == 1
    doc = json.loads(out)
    first = doc["diagnostics"][0]
    assert (first["name"], first["line"], first["col"], first["pointer"]) == (
        "schema-violation", 1, 152, "/rounds/0/events/0/tile"
    )
    assert "keyword minItems" in first["message"]
    from verifier.files.validation import reference

    assert reference("report").is_valid(doc)


@pytest.mark.slow
def test_replay_json_validates_and_agrees_with_the_claims(ftn: Ftn) -> None:
    from notation.ftn.reader import parse_games
    from notation.model import NOBODY, Placement, same_side
    from verifier.files.validation import reference

    def game_of(path: Path) -> Game:
        return parse_games(path.read_text(encoding="utf-8"))[0]

    for path in sorted((SAMPLES / "valid").glob("*.ftn")):
        if path.name == "start-unknown-totals.ftn":
            continue  # [start "K" "?"]: the replay counts its totals from 0 (SPEC 3)
        code, out, _ = ftn(["replay", str(path), "--format", "json"])
        assert code == 0
        doc = json.loads(out)
        assert reference("replay").is_valid(doc)
        game = parse_games(path.read_text(encoding="utf-8"))[0]
        g = doc["games"][0]
        won = game_of(path).winner
        nobody = won is not None and won.side == NOBODY
        assert g["complete"] != nobody and g["stopped"] is None
        for rnd, rdoc in zip(game.rounds, g["rounds"], strict=True):
            for ev, step in zip(rnd.events, rdoc["events"], strict=True):
                if isinstance(ev, Placement):
                    assert ev.totals is not None and ev.end_total is not None
                    assert step["totals"] == list(ev.totals.values)
                    assert step["endTotal"] == ev.end_total.value
            assert rnd.result is not None and rnd.result.totals is not None
            assert rdoc["result"]["totals"] == list(rnd.result.totals.values)
            assert rdoc["result"]["outcome"] == rnd.result.outcome
        # The replay names the side in seat order; the claim may not (S+N).
        assert game.winner is not None and (nobody or same_side(game.winner.side, g["winner"]))


def test_replay_text_and_a_stopped_game(ftn: Ftn) -> None:
    code, out, _ = ftn(["replay", str(SAMPLES / "valid" / "two-players-r8-3.ftn")])
    assert code == 0
    assert "   13  S     3-4    L    4 | 2             6    2      1  over+3     60,59" in out
    code, out, _ = ftn(["replay", str(SAMPLES / "invalid" / "knock-while-able.ftn"), "-f", "json"])
    assert code == 1
    g = json.loads(out)["games"][0]
    # The sample is two-players-r8-3.ftn with round 1's second event a
    # knock: round 1's replay ends there (after S's +2), round 2 starts from
    # the totals its record implies, (0,2), and rounds 2-12 replay as in the
    # valid sample, to 60,61 and S the winner.
    assert g["stopped"]["name"] == "knock-while-able" and g["stopped"]["round"] == 1
    assert [len(r["events"]) for r in g["rounds"]][:2] == [1, 14] and len(g["rounds"]) == 12
    assert g["rounds"][0]["result"] is None and g["rounds"][1]["events"][0]["totals"] == [1, 3]
    assert g["totals"] == [60, 61] and g["winner"] == "S"
    code, out, _ = ftn(["replay", str(SAMPLES / "invalid" / "knock-while-able.ftn")])
    assert "    (the replay of the round ends at 14:3: FT205 knock-while-able)\n" in out


def test_schema_command(tmp_path: Path, ftn: Ftn) -> None:
    for name in ("record", "replay", "report"):
        code, out, _ = ftn(["schema", name])
        assert code == 0
        assert out == (SCHEMA_DIR / f"{name}.schema.json").read_text(encoding="utf-8")
    assert ftn(["schema", "nope"])[0] == 2


def test_convert_with_positions(ftn: Ftn) -> None:
    src = SAMPLES / "valid" / "four-players.ftn"
    code, out, _ = ftn(["convert", str(src), "--to", "jsonl", "--positions"])
    assert code == 0
    doc = json.loads(out)
    assert doc["pos"]["line"] == 6 and doc["rounds"][0]["events"][0]["pos"]["line"] == 20
    code, _, err = ftn(["convert", "-", "--positions"], stdin=out)
    assert code == 2 and "--positions needs FTN input" in err


# -- variants and partial records ---------------------------------------------------------


def test_explain_unknowns_lists_what_partial_records_leave_open(ftn: Ftn) -> None:
    path = SAMPLES / "valid" / "partial-no-deals.ftn"
    code, out, _ = ftn(["check", str(path)])
    assert code == 0 and "not verifiable" not in out
    code, out, _ = ftn(["check", str(path), "--explain-unknowns"])
    assert code == 0
    assert f"{path}:13:1: not verifiable: the hand of N is not known (no deal line)" in out
    assert "60 things the records leave unverified" in out
    code, out, _ = ftn(["check", str(path), "--explain-unknowns", "-f", "json"])
    doc = json.loads(out)
    from verifier.files.validation import reference

    assert reference("report").is_valid(doc) and len(doc["unknowns"]) == 60


def test_partial_knock_proven_illegal_names_the_later_play(ftn: Ftn) -> None:
    code, out, _ = ftn(["check", str(SAMPLES / "invalid" / "knock-while-able-partial.ftn")])
    assert code == 1
    assert ":17:3: FT205 knock-while-able: E knocks (event 5) with the ends at 3 | 1, but " \
        "later (event 8) plays 3-2, which fitted them" in out


def test_generate_with_options_and_hidden_hands(tmp_path: Path, ftn: Ftn) -> None:
    out = tmp_path / "v.ftn"
    code, _, _ = ftn(["generate", "-p", "6", "--rule", "set=double-nine", "--rule", "hand=more",
                      "-n", "3", "-s", "4", "--hide", "first", "-o", str(out)])
    assert code == 0
    text = out.read_text(encoding="utf-8")
    assert '[rule "set" "double-nine"]' in text
    assert "  deal P1 " in text and "  deal P2 " not in text
    assert ftn(["check", str(out)])[0] == 0
    code, _, err = ftn(["generate", "-p", "5"])
    assert code == 2 and "R2.1 gives hand sizes for 2 to 4 players" in err
    assert ftn(["generate", "--rule", "target"])[0] == 2
    code, text2, _ = ftn(["generate", "-p", "3", "--rules", "online", "-s", "2"])
    assert code == 0 and '[rules "online"]' in text2 and "[first" not in text2


def test_a_side_out_of_seat_order_checks_clean_and_fmt_keeps_it(ftn: Ftn) -> None:
    path = SAMPLES / "valid" / "four-players-side-out-of-order.ftn"
    assert ftn(["check", str(path)])[0] == 0
    assert ftn(["fmt", "--check", str(path)])[0] == 0


@pytest.mark.parametrize("command", ["check", "fmt", "convert"])
def test_a_lone_surrogate_is_reported_not_a_crash(tmp_path: Path, command: str, ftn: Ftn) -> None:
    # The fast validator and the FTN writer meet the lone surrogate: it is
    # reported, never a UnicodeError.
    head = '{"format":"ftn-json-1","tags":[{"key":"ftn","values":["1"]},'
    doc = head + '{"key":"event","values":["\\ud800"]}],"rounds":[]}\n'
    (tmp_path / "s.jsonl").write_text(doc, encoding="utf-8")
    (tmp_path / "s.ftn").write_text('game\n[ftn "1"]\n[event "\\udfff"]\nend\n', encoding="utf-8")
    for name in ("s.jsonl", "s.ftn"):
        args = [command, str(tmp_path / name)] + (["--to", "ftn"] if command == "convert" else [])
        r = ftn(args)
        assert r.returncode == 1 and not isinstance(r.exception, UnicodeError), (name, r.exception)
        assert "lone surrogate" in r.stdout + r.stderr


# -- the rule book, versions, formats, colour, help ------------------------------------------


def test_rules_lists_and_prints_rules(ftn: Ftn) -> None:
    code, out, _ = ftn(["rules"])
    lines = out.rstrip("\n").split("\n")
    assert code == 0 and len(lines) == 38  # 31 rules R1.1-R8.5 (3+3+3+5+3+4+5+5) and 7 variants
    assert lines[0] == (
        "R1.1  The main form uses one double-six set: the 28 tiles {a, b} with 0 \u2264 a \u2264 b "
        "\u2264 6, each pair present once."
    )
    assert lines[-1] == "V7    The domino bonus: 1 (the default) or 0."
    code, out, _ = ftn(["rules", "R8.2"])
    assert code == 0 and out == (
        "R8.2 An event is accepted only when it leaves its side at 61 or below. An\n"
        "event that would take the side past 61 is discarded whole, and the side\n"
        "keeps the score it had; nothing is counted back down from 61.\n"
    )
    code, out, _ = ftn(["rules", "r8"])
    assert code == 0 and out.startswith("## R8 The exact target of 61\n- R8.1 ")
    code, out, err = ftn(["rules", "R8.9"])
    assert code == 2 and out == "" and "no rule 'R8.9' in the rule book" in err


def test_explain_prints_the_rules_it_cites(ftn: Ftn) -> None:
    code, out, _ = ftn(["explain", "FT304"])
    assert code == 0
    assert "The rules it cites (R8.2; 'ftn rules RULE' prints one):" in out
    assert "  R8.2 An event is accepted only when it leaves its side at 61 or below." in out
    code, out, _ = ftn(["explain", "FT102"])
    for start in ("  R3.1 A neutral draw", "  R3.2 When a round", "  V5 The opener"):
        assert start in out
    code, out, _ = ftn(["explain", "FT001"])
    assert "The rules it cites" not in out  # FTN: the notation, not a rule of the game


def test_version_from_the_installed_metadata(ftn: Ftn) -> None:
    from importlib.metadata import version

    code, out, _ = ftn(["--version"])
    assert code == 0 and out == f"ftn {version('ftn-tools')}\n"


def test_the_format_option_offers_every_renderer_and_nothing_else(ftn: Ftn) -> None:
    from verifier.render import FORMATS

    code, _, err = ftn(["check", "--format", "nope", str(SAMPLES / "valid")])
    assert code == 2
    offered = re.findall(r"'(\w+)'", err.split("is not one of", 1)[1])
    assert offered == list(FORMATS)


def test_codes_columns_are_aligned(ftn: Ftn) -> None:
    code, out, _ = ftn(["codes"])
    lines = out.rstrip("\n").split("\n")
    assert code == 0 and len(lines) == 27
    # every column starts at the same place on every line, FT102's long rule included
    from verifier.diagnostics import REGISTRY

    starts = {(line.index(c.name), line.index(c.severity, line.index(c.name) + len(c.name)))
              for line, c in zip(lines, REGISTRY, strict=True)}
    assert starts == {(7, 30)}  # FT206: event-after-round-end, 21 characters
    summaries = {line.index(c.summary) for line, c in zip(lines, REGISTRY, strict=True)}
    assert summaries == {60}  # 30, + 7 (warning) + 2, + 14 (R3.1, R3.2, V5) + 2, + 3 (fix) + 2
    assert all(line == line.rstrip() for line in lines)


def test_explain_unknowns_needs_a_format_that_shows_them(ftn: Ftn) -> None:
    path = str(SAMPLES / "valid" / "partial-no-deals.ftn")
    code, out, _ = ftn(["check", path, "--explain-unknowns", "-f", "concise"])
    assert code == 0 and "60 things" not in out and ":13:1: not verifiable: the hand of N" in out
    code, out, _ = ftn(["check", path, "--explain-unknowns", "-f", "jsonl"])
    assert code == 0 and out.count('{"type":"unknown",') == 60
    code, _, err = ftn(["check", path, "--explain-unknowns", "-f", "sarif"])
    assert code == 2 and "--explain-unknowns needs --format text, concise, json or jsonl" in err


def test_audit_writes_every_format_to_a_file(tmp_path: Path, ftn: Ftn) -> None:
    out = tmp_path / "audit.sarif"
    code, stdout, _ = ftn(["audit", str(SAMPLES / "invalid" / "syntax-error.ftn"), "-f", "sarif",
                           "-o", str(out), "--color", "always"])
    assert code == 1 and stdout == ""
    doc = json.loads(out.read_text(encoding="utf-8"))
    (res,) = doc["runs"][0]["results"]
    assert res["ruleId"] == "unreadable-record" and "\x1b[" not in out.read_text("utf-8")


# Colour: decided by --color, NO_COLOR and whether stdout is a terminal.

BAD = str(SAMPLES / "invalid" / "total-mismatch.ftn")


def _in_a_terminal(args: list[str], env: dict[str, str]) -> bytes:
    """Run ``ftn`` with its stdout on a pseudo-terminal; what it wrote."""
    pty = pytest.importorskip("pty")
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        command(*args), stdout=slave, stderr=slave,
        stdin=subprocess.DEVNULL, env=env,
    )
    os.close(slave)
    out = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # the other end is closed
            break
        if not chunk:
            break
        out += chunk
    proc.wait(timeout=120)
    os.close(master)
    return out


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    env.update(PYTHONPATH=str(ROOT), COLUMNS="100", **extra)
    return env


def test_color_always_paints_and_a_pipe_never_does(ftn: Ftn) -> None:
    code, out, _ = ftn(["check", BAD, "--color", "always"])
    assert code == 1 and "\x1b[1;31mFT303 total-mismatch\x1b[0m" in out
    code, out, _ = ftn(["check", BAD])  # the test runner's stdout is a pipe
    assert "\x1b[" not in out
    r = subprocess.run(command("check", BAD), capture_output=True,
                       text=True, env=_env(), check=False)
    assert r.returncode == 1 and "FT303" in r.stdout and "\x1b[" not in r.stdout


def test_a_terminal_is_painted_unless_no_color() -> None:
    assert b"\x1b[" in _in_a_terminal(["check", BAD], _env())
    plain = _in_a_terminal(["check", BAD], _env(NO_COLOR="1"))
    assert b"FT303 total-mismatch" in plain and b"\x1b[" not in plain
    assert b"\x1b[" not in _in_a_terminal(["check", BAD, "--color", "never"], _env())
    assert b"\x1b[" in _in_a_terminal(["check", BAD, "--color", "always"], _env(NO_COLOR="1"))


#: An ANSI colour (SGR 30-39, 40-49, 90-97, 100-107, and 38/48 for 256 and
#: true colours), as NO_COLOR means: no colour (bold and dim are styles).
COLOUR = re.compile(rb"\x1b\[(?:[0-9;]*;)?(?:3[0-9]|4[0-9]|9[0-7]|10[0-7])(?:;[0-9;]*)?m")


def test_no_color_also_in_help() -> None:
    painted = _in_a_terminal(["check", "--help"], _env())
    assert COLOUR.search(painted)
    plain = _in_a_terminal(["check", "--help"], _env(NO_COLOR="1"))
    assert b"Usage: " in plain and not COLOUR.search(plain)


# Help texts: true to the code, with readable placeholders, and each command's page.


def _leaves(cmd: Any) -> list[Any]:
    """A command, or the subcommands of a command that has them (``ftn scorer``)."""
    subs = getattr(cmd, "commands", None)
    return [cmd] if not subs else [c for sub in subs.values() for c in _leaves(sub)]


def _commands() -> dict[str, list[str]]:
    """Each command's long options (without --help; a group's, those of its
    subcommands), from the app itself."""
    import typer.main

    group = typer.main.get_command(app)
    out = {}
    for name, cmd in group.commands.items():  # type: ignore[attr-defined]
        out[name] = [o for leaf in _leaves(cmd) for p in leaf.params for o in p.opts
                     if o.startswith("--") and o != "--help"]
    return out


def test_help_placeholders_are_readable(ftn: Ftn) -> None:
    for name in _commands():
        code, out, _ = ftn([name, "--help"])
        assert code == 0, name
        for bad in ("<bool>", "<list[", "{paths}", "<int"):
            assert bad not in out, (name, bad)
    code, out, _ = ftn(["check", "--help"])
    assert "*.ftn, *.json, *.jsonl and *.ndjson" in " ".join(out.replace("\u2502", " ").split())
    code, out, _ = ftn(["--help"])
    assert "--version" in out and "--install-completion" in out
    for name in _commands():
        assert f" {name} " in out


@pytest.mark.parametrize("command", ["check", "audit", "select", "stats", "export"])
def test_help_shows_the_extra_to_install_in_brackets(command: str, ftn: Ftn) -> None:
    """Help texts are Rich markup: ``[dask]`` would be taken for a style tag
    and swallowed ("pip install 'ftn-tools'") unless written escaped."""

    r = ftn([command, "--help"], env={"COLUMNS": "200", "NO_COLOR": "1"})
    assert r.returncode == 0
    assert "(pip install 'ftn-tools[dask]')" in r.stdout
    assert "\\[" not in r.stdout


def test_every_command_has_its_page_which_names_each_of_its_options() -> None:
    """docs/commands/NAME.md for each command, and for no other name: its
    text names every long option of the command and none it does not have
    (its reference is made from the app when the site is built); check's
    and audit's name every output format."""
    from support.docs import DOCS, page

    from verifier.render import FORMATS

    pages = {p.stem for p in (DOCS / "commands").glob("*.md")} - {"index"}
    assert pages == set(_commands())
    for name, options in _commands().items():
        mine = page(f"commands/{name}.md")
        assert mine.startswith(f"# ftn {name}\n"), name
        for opt in options:
            assert f"{opt}" in mine, (name, opt)
        for opt in set(re.findall(r"--[a-z][a-z-]*", mine)) - {"--version",
                                                              "--install-completion",
                                                              "--show-completion"}:
            assert opt in options, (name, opt)
        if name in ("check", "audit"):
            for fmt in FORMATS:
                assert f"`{fmt}`" in mine, (name, fmt)
    assert "| `ftn --version` |" in page("commands/index.md")


def test_the_readme_s_examples_name_commands_and_options_that_exist() -> None:
    """The shell lines of the README's examples for each kind of user: each
    names a command of ftn, and only options of that command."""
    import shlex

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## One example for each kind of user\n", 1)[1]
    lines = [line.split("  #")[0] for block in re.findall(r"```sh\n(.*?)```", section, re.S)
             for line in block.strip().split("\n")]
    commands = _commands()
    assert len(lines) >= 9
    for line in lines:
        words = shlex.split(line)
        assert words[0] == "ftn" and words[1] in commands, line
        for opt in [w.split("=")[0] for w in words[2:] if w.startswith("--")]:
            assert opt in commands[words[1]], (line, opt)


def test_fmt_check_and_write_agree_on_crlf_files(tmp_path: Path, ftn: Ftn) -> None:
    text = (SAMPLES / "valid" / "four-players.ftn").read_text(encoding="utf-8")
    canonical = tmp_path / "crlf.ftn"
    canonical.write_bytes(text.replace("\n", "\r\n").encode())
    messy = tmp_path / "messy.ftn"
    messy.write_bytes(text.replace("\n", "\r\n").replace("  N ", "    N ").encode())
    assert ftn(["fmt", "--check", str(canonical)])[0] == 0
    assert ftn(["fmt", "--write", str(canonical)])[1] == ""  # nothing to rewrite
    assert ftn(["fmt", "--check", str(messy)])[0] == 1
    assert ftn(["fmt", "--write", str(messy)])[1] == f"reformatted {messy}\n"
    assert messy.read_bytes() == canonical.read_bytes()
    assert ftn(["fmt", "--check", str(messy)])[0] == 0


def test_an_input_without_a_game_is_a_warning_and_strict_makes_it_an_error(
        tmp_path: Path, ftn: Ftn) -> None:
    """An empty upload is not a silent pass: FT402 no-games."""
    for text in ("", "\n\n", "# nothing yet\n", "[]\n"):
        f = tmp_path / ("empty.json" if text.startswith("[") else "empty.ftn")
        f.write_text(text, encoding="utf-8")
        code, out, _ = ftn(["check", str(f)])
        assert code == 0
        assert out.startswith(f"{f}:1:1: FT402 no-games: no game in this input")
        assert out.strip().endswith("1 file, 0 games, 0 events: 0 errors, 1 warning")
        assert ftn(["check", "--strict", str(f)])[0] == 1
    # --strict: any warning fails (a record that stops before the target).
    assert ftn(["check", "--strict", str(SAMPLES / "invalid" / "game-unfinished.ftn")])[0] == 1
    assert ftn(["check", "--strict", str(SAMPLES / "valid" / "four-players.ftn")])[0] == 0


def test_the_values_the_command_line_offers_are_their_registries(ftn: Ftn) -> None:
    """Each option whose values are a registry's offers that registry's
    names, which the command line takes from the modules that hold them
    (``verifier`` does not name them again for it)."""
    import verifier
    from verifier.cli.audit import Resync
    from verifier.cli.convert import To
    from verifier.cli.export import To as ExportTo
    from verifier.cli.stats import StatsFormat
    from verifier.data import export, report
    from verifier.files import formats, published
    from verifier.pipeline.jobs import audit
    from verifier.rules import generate

    names = ("NOTATIONS", "SCHEMAS", "RECORD_FILES", "TABLE_FORMATS", "STATS_FORMATS",
             "RESYNC", "HIDE_MODES")
    assert not set(names) & set(verifier.__all__) and not any(hasattr(verifier, n) for n in names)
    assert formats.RECORD_FILES == formats.globs() == "*.ftn, *.json, *.jsonl and *.ndjson"
    assert list(generate.HIDE_MODES) and list(published.SCHEMAS)
    assert [t.value for t in To] == list(formats.NOTATIONS) == ["ftn", "json", "jsonl"]
    assert [t.value for t in ExportTo] == list(export.TABLE_FORMATS)
    assert [t.value for t in StatsFormat] == list(report.STATS_FORMATS)
    assert [t.value for t in Resync] == ["claimed", "computed"] == list(audit.RESYNC)
    _, help_text, _ = ftn(["schema", "--help"])
    assert ", ".join(published.SCHEMAS) in " ".join(help_text.split())


# What a check of FTN does not use, so that the command line does not load it
# (start-up): the other commands' modules, the other output formats, the
# schemas and their validators, the rule book, and the libraries only they
# need. Typer's own imports are Typer's business.
NOT_FOR_AN_FTN_CHECK = (
    "verifier.audit", "verifier.audit.hypotheses", "verifier.audit.variants",
    "verifier.rules.generate", "verifier.live.protocol", "verifier.show", "verifier.show.svg",
    "verifier.pipeline.cluster", "verifier.files.validation", "verifier.files.published",
    "verifier.rulebook", "notation.ftn.lexer", "verifier.render.concise",
    "verifier.render.json", "verifier.render.jsonl", "verifier.render.github",
    "verifier.render.sarif", "verifier.render.junit", "notation.json.schema",
    "verifier.replay.fill", "verifier.pipeline.jobs.fill", "verifier.pipeline.diff",
    "verifier.record.game", "verifier.record.words", "verifier.record.session",
    "verifier.record.journal", "verifier.lsp", "jsonschema", "jsonschema_rs", "dask",
    "distributed", "xml", "rich", "pygments", "zstandard", "concurrent.futures",
    # The printer, the JSON reading and the rewriting jobs: an FTN check reads
    # FTN and writes no record.
    "notation.ftn.printer", "verifier.pipeline.jobs.rewrite", "verifier.pipeline.jobs.load",
    "notation.json", "notation.json.form", "notation.json.text", "notation.json.decoding",
    "notation.json.encoding", "msgspec",
    # The library's modules of the other jobs (a check runs ``findings`` and
    # ``inputs``), and the fix job, which a check without --fix does not run.
    *(f"verifier.api.{name}" for name in (
        "conformance", "data", "editor", "fixes", "league", "contests", "moves", "sources",
        "records", "reference", "rewrite", "scorer", "show")),
    "verifier.pipeline.jobs.fixes",
    # The other commands.
    *(f"verifier.cli.{name}" for name in (
        "fmt", "convert", "replay", "show", "audit", "perft", "generate", "export", "fill",
        "record", "codes", "rules", "explain", "schema", "select", "server", "stats")),
)

LOADED = """
import json, sys
sys.argv = ["ftn", *sys.argv[1:]]
from verifier.cli.app import main
if sys.argv[1:]:
    try:
        main()
    except SystemExit:
        pass
sys.stderr.write(json.dumps(sorted(sys.modules)))
"""


def _loaded(*args: str) -> set[str]:
    """The modules loaded by ``import verifier.cli.app`` and then ``ftn ARGS``,
    as a user runs it (a new process)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    r = subprocess.run([sys.executable, "-c", LOADED, *args], capture_output=True, text=True,
                       env=env, cwd=ROOT, check=True)
    return set(json.loads(r.stderr))


@pytest.mark.parametrize("args", [(), ("check", str(SAMPLES / "valid" / "four-players.ftn"))])
def test_the_command_line_loads_only_what_a_check_of_ftn_uses(args: tuple[str, ...]) -> None:
    loaded = _loaded(*args)
    assert "verifier.cli" in loaded and "typer" in loaded
    if args:
        assert {"verifier.replay", "verifier.render.text", "notation.ftn.grammar"} <= loaded
    found = sorted(m for m in loaded if any(m == bad or m.startswith(bad + ".")
                                            for bad in NOT_FOR_AN_FTN_CHECK))
    assert found == [], f"loaded though a check of FTN does not use them: {found}"


def test_every_module_the_list_names_is_there() -> None:
    """A name of the project's in the list above that names no module would
    hold for ever: each is a module or a package of the checkout."""
    import importlib.util

    ours = [m for m in NOT_FOR_AN_FTN_CHECK if m.split(".")[0] in ("verifier", "notation")]
    missing = [m for m in ours if importlib.util.find_spec(m) is None]
    assert missing == []


def test_what_a_check_of_ftn_does_not_load_is_loaded_when_asked_for() -> None:
    """The list above means something: the modules are there to be loaded."""
    loaded = _loaded("check", "--format", "sarif", str(SAMPLES / "valid" / "four-players.ftn"))
    assert {"verifier.render.sarif", "verifier.rulebook", "verifier.audit"} <= loaded


def test_the_hide_option_offers_the_modes_of_generate_hide() -> None:
    from verifier.cli.generate import Hide
    from verifier.rules.generate import HIDE_MODES

    assert [h.value for h in Hide] == list(HIDE_MODES)


def test_every_parameter_of_the_table_is_a_commands_and_reads_as_tabled() -> None:
    """verifier.cli.params holds each option once: every entry is some command's
    parameter, with its flags, placeholder and help (a ``{field}`` filled
    from a registry), and no command declares a parameter that the table
    does not hold."""
    from verifier.cli.params import PARAMS

    root = typer.main.get_command(app)
    commands = [c for cmd in root.commands.values() for c in _leaves(cmd)]  # type: ignore[attr-defined]
    params = [p for cmd in [root, *commands]
              for p in cmd.params if p.name not in ("help", "install_completion",
                                                     "show_completion")]

    def tabled(p: Any, key: str) -> bool:
        t = PARAMS[key]
        flags = tuple(p.opts + p.secondary_opts) if t.flags else ()
        if flags != t.flags or (t.flags and p.param_type_name != "option"):
            return False
        pattern = "".join(re.escape(part) if i % 2 == 0 else ".+" for i, part in
                          enumerate(re.split(r"\{(\w+)\}", (t.metavar or "") + "\n" + t.help)))
        return re.fullmatch(pattern, (p.metavar or "") + "\n" + p.help) is not None

    assert [k for k in PARAMS if not any(tabled(p, k) for p in params)] == []
    assert [p.name for p in params if not any(tabled(p, k) for k in PARAMS)] == []


def test_what_is_alive_at_exit_is_left_to_the_end_of_the_process() -> None:
    """The console script freezes the objects left at exit (``gc.freeze``),
    after every handler registered after it: the interpreter's shutdown
    then runs no full collection over them; output is written all the same."""
    one = str(SAMPLES / "valid" / "four-players.ftn")
    code = ("import atexit, gc, sys\n"
            "atexit.register(lambda: print('frozen', gc.get_freeze_count() > 0))\n"
            f"sys.argv = ['ftn', 'check', {one!r}]\n"
            "from verifier.cli.app import main\n"
            "main()\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "1 file, 1 game, 124 events: 0 errors, 0 warnings", "frozen True"]
