"""Tests of ``verifier.launch`` and ``verifier.plain``: the console script reads a plain ``ftn
check`` without Typer, gives every other command line to Typer, and both
ways run the same check (the same output, messages and exit status)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import typer
from paths import ROOT, SAMPLES

from verifier.cli.common import app
from verifier.flags import PARAMS
from verifier.plain import CHECK_OPTIONS, CheckArgs, plain_check

VALID = str(SAMPLES / "valid")
ONE = str(SAMPLES / "valid" / "four-players.ftn")
BAD = str(SAMPLES / "invalid" / "total-mismatch.ftn")


def test_a_plain_check_is_read_as_typer_would_read_it() -> None:
    assert plain_check(["check", ONE]) == CheckArgs([ONE])
    got = plain_check(["check", "-f", "concise", "--strict", ONE, "-j", "2", "--select", "FT3",
                       "--select=FT1", "--ignore", "FT302", "-q", "--color=never", "-", VALID,
                       "--exclude", "*.json", "--isolated", "--explain-unknowns"])
    assert got == CheckArgs(
        [ONE, "-", VALID], format="concise", explain_unknowns=True, color="never",
        exclude=["*.json"], strict=True, jobs=2, quiet=True, select=["FT3", "FT1"],
        ignore=["FT302"], isolated=True,
        given={"format", "strict", "jobs", "select", "ignore", "quiet", "color", "exclude",
               "isolated", "explain_unknowns"})
    # the last of an option given twice holds, as in Click
    assert plain_check(["check", "-f", "json", "--format", "text", ONE]) == CheckArgs(
        [ONE], given={"format"})
    shown = plain_check(["check", "--show-settings", "--config", "x.toml", ONE])
    assert shown == CheckArgs([ONE], config="x.toml", show_settings=True,
                              given={"config", "show_settings"})


@pytest.mark.parametrize("argv", [
    [], ["fmt", ONE], ["check"], ["check", "--help"], ["check", ONE, "--dask", "tcp://x:1"],
    ["check", ONE, "--nosuch"], ["check", ONE, "-f", "bogus"], ["check", ONE, "--format"],
    ["check", ONE, "--color", "red"], ["check", ONE, "-j", "-1"], ["check", ONE, "-j", "two"],
    ["check", ONE, "-j", "\u0663"], ["check", ONE, "-fjson"], ["check", ONE, "--strict=1"],
    ["check", ONE, "-f=json"], ["check", "--", ONE], ["check", "-x.ftn"], ["check", "-qs", ONE],
    ["check", ONE, "--exclude", "-x"], ["--version"], ["check", ONE, "--select", ""],
])
def test_anything_else_goes_to_typer(argv: list[str]) -> None:
    assert plain_check(argv) is None


def test_typer_shell_completion_is_left_to_typer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("_FTN_COMPLETE", "bash_complete")
    assert plain_check(["check", ONE]) is None


def test_the_check_options_read_without_typer_are_the_commands_own() -> None:
    """Every option of ``ftn check`` is read here but --dask (and --help),
    by the flags Typer's command has; a new option goes to Typer until it
    is added here, and CheckArgs holds a field for each one read."""
    command = typer.main.get_command(app).commands["check"]  # type: ignore[attr-defined]
    theirs = {tuple(p.opts + p.secondary_opts): p.name for p in command.params
              if p.name not in ("paths", "help")}
    ours = {PARAMS[key].flags: name for key, name in CHECK_OPTIONS.items()}
    assert theirs == {**ours, ("--dask",): "dask"}
    assert set(CHECK_OPTIONS.values()) < set(CheckArgs.__dataclass_fields__)
    # and the defaults that CheckArgs holds are the command's
    plain_defaults = CheckArgs(paths=[])
    for p in command.params:
        if p.name != "paths":
            assert getattr(p.default, "value", p.default) == getattr(plain_defaults, p.name), p.name


_TYPER = "import sys; sys.argv[0] = 'ftn'; from verifier.cli import main; main()"


def _both(args: list[str], stdin: str | None = None) -> tuple[tuple[int, str, str], ...]:
    """``ftn ARGS`` as the console script runs it, and through Typer alone."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), COLUMNS="100")
    env.pop("NO_COLOR", None)
    out = []
    for head in ([sys.executable, "-m", "verifier"], [sys.executable, "-c", _TYPER]):
        r = subprocess.run([*head, *args], input=stdin, capture_output=True, text=True, env=env,
                           cwd=ROOT, check=False)
        out.append((r.returncode, r.stdout, r.stderr))
    return tuple(out)


@pytest.mark.parametrize("args", [
    ["check", VALID],
    ["check", BAD, "-f", "concise"],
    ["check", "--format=json", BAD],
    ["check", "-f", "junit", BAD, VALID],
    ["check", "--strict", "-q", "--jobs", "2", str(SAMPLES)],
    *(pytest.param(args, marks=pytest.mark.slow) for args in [  # two processes each
        ["check", "--select", "FT3", "--ignore=FT302", str(SAMPLES / "invalid")],
        ["check", "--select", "FT999", ONE],
        ["check", "--show-settings", VALID],
        ["check", "--explain-unknowns", ONE],
        ["check", "--explain-unknowns", "-f", "github", ONE],
        ["check", "--color", "always", BAD],
        ["check", "no-such-file.ftn", ONE],
        ["check", "--config", "no-such.toml", ONE],
        ["check", "-", "--isolated"],
        ["check", "--exclude", "*.ftn", VALID],
    ]),
])
def test_the_check_read_without_typer_is_the_check_typer_runs(args: list[str]) -> None:
    assert plain_check(args) is not None
    fast, typer_ = _both(args, stdin=Path(ONE).read_text(encoding="utf-8"))
    assert fast == typer_


LOADED = """
import json, sys
sys.argv = ["ftn", *sys.argv[1:]]
from verifier.launch import main
try:
    main()
except SystemExit:
    pass
sys.stderr.write(json.dumps(sorted(sys.modules)))
"""


def _loaded(cache: Path, *args: str) -> set[str]:
    """The modules that ``ftn ARGS`` loads, the grammar's terminals kept in
    ``cache`` (as after the first run of an install: notation.ftn.grammar)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(PYTHONPATH=str(ROOT), PYTHONPYCACHEPREFIX=str(cache))
    r = subprocess.run([sys.executable, "-c", LOADED, *args], capture_output=True, text=True,
                       env=env, cwd=ROOT, check=False)
    return set(json.loads(r.stderr.rsplit("\n", 1)[-1]))


@pytest.mark.slow
def test_a_plain_check_of_ftn_loads_no_typer_click_rich_or_lark(tmp_path: Path) -> None:
    _loaded(tmp_path, "check", ONE)  # keeps the grammar's terminals
    loaded = _loaded(tmp_path, "check", ONE)
    assert {"verifier.replay", "verifier.render.text", "verifier.plain"} <= loaded
    heavy = sorted(m for m in loaded if m.split(".")[0] in ("typer", "click", "rich", "lark")
                   or m.startswith("verifier.cli"))
    assert heavy == []
    # and the list means something: another command line loads Typer
    assert {"typer", "verifier.cli"} <= _loaded(tmp_path, "check", ONE, "-fjson")


def test_what_is_alive_at_exit_is_left_to_the_end_of_the_process() -> None:
    """The console script freezes the objects left at exit (``gc.freeze``),
    after every handler registered after it: the interpreter's shutdown
    then runs no full collection over them; output is written all the same."""
    code = ("import atexit, gc, sys\n"
            "atexit.register(lambda: print('frozen', gc.get_freeze_count() > 0))\n"
            f"sys.argv = ['ftn', 'check', {ONE!r}]\n"
            "from verifier.launch import main\n"
            "main()\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "1 file, 1 game, 124 events: 0 errors, 0 warnings", "frozen True"]
