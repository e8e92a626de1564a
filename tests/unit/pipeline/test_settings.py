"""Tests of settings files (``verifier.pipeline.settings``) and the options over them:
each key, the precedence (command line over file over defaults), the file
found from a nested folder, and every kind of malformed file, with its
file:line:col and exit 2. A finding left out is neither shown nor counted,
in every format, and does not make exit 1."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from support.ftn import Ftn, run_ftn
from support.paths import SAMPLES

from verifier import api
from verifier.api import check_text
from verifier.diagnostics import BY_CODE
from verifier.files.tomlfile import SettingsError, place
from verifier.pipeline.settings import Layer, Overrides, Resolver, codes_of, enabled, settings_for

# The samples used, and what each holds (their "# expect:" lines).
POINTS = "points-mismatch.ftn"  # FT302 at 29:15 (an error)
UNFINISHED = "game-unfinished.ftn"  # FT401 at 80:1 (a warning)
SYNTAX = "syntax-error.ftn"  # FT001 at 15:17 (cannot be read)
ALL = frozenset(BY_CODE)


@pytest.fixture
def league(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder ``league`` with a points mismatch and an unfinished game,
    the current folder its parent (no settings file anywhere above it)."""
    folder = tmp_path / "league"
    folder.mkdir()
    for name in (POINTS, UNFINISHED):
        shutil.copy(SAMPLES / "invalid" / name, folder / name)
    monkeypatch.chdir(tmp_path)
    assert Resolver().file_for(tmp_path) is None, "a settings file above the test's folder"
    return folder


def codes(out: str) -> list[str]:
    """The codes of a concise report, in order."""
    return [line.split(": ")[1].split()[0] for line in out.splitlines() if ": FT" in line]


def check(*args: str) -> tuple[int, str, str]:
    return run_ftn(["check", "-f", "concise", *args])


# --------------------------------------------------------------------------
# Selectors.


def test_a_selector_is_a_code_a_name_a_prefix_or_all() -> None:
    assert codes_of("FT302") == ("FT302",)
    assert codes_of("points-mismatch") == ("FT302",)
    assert codes_of("FT30") == tuple(c for c in BY_CODE if c.startswith("FT30"))
    assert set(codes_of("FT3")) == {f"FT30{i}" for i in range(1, 10)}
    assert set(codes_of("ALL")) == ALL
    assert codes_of("FT999") == () and codes_of("") == () and codes_of("ft302") == ()


def test_the_more_specific_selector_wins_and_ignore_wins_a_tie() -> None:
    ft3 = {c for c in BY_CODE if c.startswith("FT3")}
    assert enabled([]) == ALL
    assert enabled([Layer(("FT3",), ("FT302",))]) == ft3 - {"FT302"}
    assert enabled([Layer(("FT302",), ("FT3",))]) == {"FT302"}  # the code is more specific
    assert enabled([Layer(("points-mismatch",), ("FT302",))]) == set()  # a tie: ignored
    assert enabled([Layer(None, ("FT4",))]) == ALL - {"FT401", "FT402", "FT403", "FT404"}


def test_a_later_layer_s_select_replaces_and_its_ignore_adds() -> None:
    ft3 = {c for c in BY_CODE if c.startswith("FT3")}
    file = Layer(("FT3",), ("FT301",))
    assert enabled([file, Layer(None, ("FT302",))]) == ft3 - {"FT301", "FT302"}
    assert enabled([file, Layer(("FT4",), ())]) == {"FT401", "FT402", "FT403", "FT404"}


# --------------------------------------------------------------------------
# Each key.


def test_no_settings_file_reports_every_finding(league: Path) -> None:
    code, out, _ = check("league")
    assert code == 1 and codes(out) == ["FT401", "FT302"]
    assert out.endswith("2 files, 2 games, 173 events: 1 error, 1 warning\n")


def test_select_reports_only_the_codes_it_names(league: Path) -> None:
    (league / "ftn.toml").write_text('select = ["FT4"]\n')
    code, out, _ = check("league")
    assert code == 0 and codes(out) == ["FT401"]  # the error is not reported: exit 0
    assert out.endswith("2 files, 2 games, 173 events: 0 errors, 1 warning\n")


def test_ignore_takes_names_and_prefixes(league: Path) -> None:
    (league / "ftn.toml").write_text('ignore = ["points-mismatch", "FT4"]\n')
    code, out, _ = check("league")
    assert code == 0 and codes(out) == []
    assert out.endswith("0 errors, 0 warnings\n")


def test_reading_errors_are_reported_whatever_is_ignored(league: Path) -> None:
    shutil.copy(SAMPLES / "invalid" / SYNTAX, league / SYNTAX)
    (league / "ftn.toml").write_text('ignore = ["ALL"]\n')
    code, out, _ = check("league")
    assert code == 1 and codes(out) == ["FT001"]


def test_extend_exclude_skips_files_in_a_walk(league: Path) -> None:
    (league / "ftn.toml").write_text('extend-exclude = ["points-*"]\n')
    code, out, _ = check("league")
    assert code == 0 and codes(out) == ["FT401"] and "1 file, 1 game" in out
    # ... as --exclude does, and both add up (no file left: exit 2); a file
    # named on the command line is always read.
    code, out, err = check("league", "--exclude", "game-*")
    assert code == 2 and "league" in err
    code, out, _ = check(str(league / POINTS))
    assert codes(out) == ["FT302"]


def test_rules_is_the_preset_of_records_without_a_rules_tag(league: Path, ftn: Ftn) -> None:
    record = (SAMPLES / "valid" / "variant-online-preset.ftn").read_text()
    assert '[rules "online"]\n' in record
    (league / "online.ftn").write_text(record.replace('[rules "online"]\n', ""))
    (league / "pagat.ftn").write_text(record.replace('[rules "online"]', '[rules "pagat"]'))
    # Under the default preset (pagat), both are judged as pagat games.
    code, out, _ = check(str(league / "online.ftn"))
    assert codes(out) == ["FT002"]  # no [first] tag: pagat's opener is by lot (R3.1)
    (league / "ftn.toml").write_text('rules = "online"\n')
    code, out, _ = check(str(league / "online.ftn"), str(league / "pagat.ftn"))
    assert codes(out) == ["FT002"]  # the record's own [rules "pagat"] still counts
    assert out.startswith(f"{league / 'pagat.ftn'}:")
    code, out, _ = check(str(league / "online.ftn"))
    assert code == 0 and out.endswith("1 file, 1 game, 92 events: 0 errors, 0 warnings\n")
    # The audit judges it so too.
    code, out, _ = ftn(["audit", str(league / "online.ftn")])
    assert code == 0 and "clean: 1 of 1 games" in out


def test_rules_holds_in_worker_processes(league: Path) -> None:
    record = (SAMPLES / "valid" / "variant-online-preset.ftn").read_text()
    online = league / "online"
    online.mkdir()
    for name in "abc":
        (online / f"{name}.ftn").write_text(record.replace('[rules "online"]\n', ""))
    (online / "ftn.toml").write_text('rules = "online"\n')
    code, out, _ = check(str(online), "--jobs", "2")
    assert code == 0 and out.endswith("3 files, 3 games, 276 events: 0 errors, 0 warnings\n")
    code, out, _ = check(str(online), "--jobs", "2", "--isolated")
    assert code == 1 and codes(out) == ["FT002"] * 3


def test_fmt_takes_extend_exclude_and_jobs(league: Path, ftn: Ftn) -> None:
    (league / "ftn.toml").write_text('extend-exclude = ["points-*"]\njobs = 2\n')
    code, out, _ = ftn(["fmt", "league"])
    assert code == 0 and out == (league / UNFINISHED).read_text()
    code, out, _ = ftn(["fmt", "league", "--isolated"])
    assert out.count("\ngame\n") + out.startswith("game\n") == 2


def test_rules_applies_under_the_record_s_rule_tags(league: Path) -> None:
    record = (SAMPLES / "valid" / "variant-online-preset.ftn").read_text()
    # [rule "target" "61"] over the setting's preset: still the online game.
    changed = record.replace('[rules "online"]', '[rule "target" "61"]')
    (league / "g.ftn").write_text(changed)
    (league / "ftn.toml").write_text('rules = "online"\n')
    code, out, _ = check(str(league / "g.ftn"))
    assert code == 0, out


def test_format_is_the_default_output_format(league: Path, ftn: Ftn) -> None:
    (league / "ftn.toml").write_text('format = "json"\n')
    code, out, _ = ftn(["check", "league"])
    doc = json.loads(out)
    assert code == 1 and [d["code"] for d in doc["diagnostics"]] == ["FT401", "FT302"]


def test_jobs_is_the_default_number_of_workers(league: Path,
                                               monkeypatch: pytest.MonkeyPatch, ftn: Ftn) -> None:
    from verifier.pipeline import driver

    asked: list[int] = []
    real = driver.workers

    def workers(jobs: int) -> int:
        asked.append(jobs)
        return real(jobs)

    monkeypatch.setattr(driver, "workers", workers)
    (league / "ftn.toml").write_text("jobs = 2\n")
    _, shown, _ = ftn(["check", "league", "--show-settings"])
    assert "jobs = 2" in shown and "# league/ftn.toml" in shown.split("jobs = 2", 1)[1]
    code, out, _ = check("league")
    assert code == 1 and codes(out) == ["FT401", "FT302"]  # the same report in 2 workers
    code, out, _ = check("league", "--jobs", "1")
    assert asked == [2, 1] and codes(out) == ["FT401", "FT302"]


# --------------------------------------------------------------------------
# Precedence: the command line over the file over the defaults.


def test_the_command_line_goes_over_the_file(league: Path, ftn: Ftn) -> None:
    (league / "ftn.toml").write_text('select = ["FT3"]\nformat = "json"\n')
    code, out, _ = ftn(["check", "league"])
    assert [d["code"] for d in json.loads(out)["diagnostics"]] == ["FT302"]  # the file
    code, out, _ = ftn(["check", "league", "-f", "concise"])  # the option over the file
    assert codes(out) == ["FT302"]
    code, out, _ = check("league", "--select", "FT4,FT302")  # --select replaces select
    assert codes(out) == ["FT401", "FT302"]
    code, out, _ = check("league", "--ignore", "FT302")  # --ignore adds to the file's
    assert code == 0 and codes(out) == []
    code, out, _ = check("league", "--isolated")  # no file: the defaults
    assert codes(out) == ["FT401", "FT302"]


def test_show_settings_says_where_each_value_comes_from(league: Path, ftn: Ftn) -> None:
    (league / "ftn.toml").write_text('select = ["FT3"]\nformat = "json"\n')
    code, out, err = ftn(["check", "league", "--ignore", "FT302", "-f", "text",
                          "--show-settings"])
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == f"# league/{UNFINISHED} and 1 more: league/ftn.toml"
    got = {ln.split(" = ")[0]: (ln.split(" = ")[1].split("#")[0].strip(), ln.split("# ")[1])
           for ln in lines[1:7]}
    assert got == {
        "select": ('["FT3"]', "league/ftn.toml"),
        "ignore": ('["FT302"]', "command line"),
        "extend-exclude": ("[]", "default"),
        "rules": ('"pagat"', "default"),
        "format": ('"text"', "command line"),
        "jobs": ("1", "default"),
    }
    reported = ["FT001", "FT002", "FT003"] + [f"FT30{i}" for i in (1, 3, 4, 5, 6, 7, 8, 9)]
    assert lines[7] == "# reported: " + ", ".join(reported)
    # --select starts afresh: the file's ignore is dropped with its select.
    (league / "ftn.toml").write_text('select = ["FT3"]\nignore = ["FT302"]\n')
    _, out, _ = ftn(["check", "league", "--select", "FT4", "--show-settings"])
    assert 'select = ["FT4"]                         # command line\n' in out
    assert "ignore = []                              # default\n" in out
    assert out.endswith("# reported: FT001, FT002, FT003, FT401, FT402, FT403, FT404\n")


# --------------------------------------------------------------------------
# Which file: from the input upwards.


def test_a_file_is_found_from_a_nested_folder(league: Path) -> None:
    deep = league / "2026" / "spring"
    deep.mkdir(parents=True)
    (league / POINTS).rename(deep / POINTS)
    (league / "ftn.toml").write_text('ignore = ["FT4"]\n')
    _, out, _ = check(str(deep / POINTS), str(league / UNFINISHED))
    assert codes(out) == ["FT302"]
    s = settings_for(deep / POINTS)
    assert s.file == "league/ftn.toml" and s.ignore == ("FT4",)


def test_the_closest_folder_wins_and_each_input_has_its_own(league: Path, ftn: Ftn) -> None:
    sub = league / "cup"
    sub.mkdir()
    (league / POINTS).rename(sub / POINTS)
    (league / "ftn.toml").write_text('ignore = ["FT3"]\n')
    (sub / "ftn.toml").write_text('ignore = ["FT4"]\n')
    # Walked from league: the unfinished game by league's file (FT401
    # reported), the points mismatch by cup's (FT302 reported).
    _, out, _ = check("league")
    assert codes(out) == ["FT401", "FT302"]
    _, shown, _ = ftn(["check", "league", "--show-settings"])
    assert shown.count("\n# league/") == 1 and shown.count("# reported") == 2


def test_inputs_in_different_folders_each_take_their_own(league: Path, tmp_path: Path, ftn: Ftn
                                                          ) -> None:
    cup = tmp_path / "cup"
    shutil.copytree(league, cup)  # each holds both records
    (league / "ftn.toml").write_text('ignore = ["FT3"]\nformat = "json"\n')
    (cup / "ftn.toml").write_text('ignore = ["FT4"]\nformat = "concise"\n')
    # The findings by each input's own settings; the format by the first input's.
    code, out, _ = ftn(["check", "cup", "league"])
    assert code == 1 and codes(out) == ["FT302", "FT401"]
    assert out.startswith(f"cup/{POINTS}:") and out.endswith("1 error, 1 warning\n")
    code, out, _ = ftn(["check", "league", "cup"])
    assert [(d["file"], d["code"]) for d in json.loads(out)["diagnostics"]] == [
        (f"league/{UNFINISHED}", "FT401"), (f"cup/{POINTS}", "FT302")]


def test_ftn_toml_beats_pyproject_toml_in_the_same_folder(league: Path) -> None:
    (league / "pyproject.toml").write_text('[tool.ftn]\nignore = ["FT4"]\n')
    assert settings_for(league / POINTS).file == "league/pyproject.toml"
    _, out, _ = check("league")
    assert codes(out) == ["FT302"]
    (league / "ftn.toml").write_text('ignore = ["FT3"]\n')
    _, out, _ = check("league")
    assert codes(out) == ["FT401"]


def test_a_pyproject_toml_without_tool_ftn_is_passed_by(league: Path) -> None:
    (league.parent / "ftn.toml").write_text('ignore = ["FT4"]\n')
    (league / "pyproject.toml").write_text('[project]\nname = "ftn-league"\n[tool.ruff]\n')
    assert settings_for(league / POINTS).file == "ftn.toml"
    # ... and one that another tool cannot read is not read at all.
    (league / "pyproject.toml").write_text("[project\n")
    code, out, _ = check("league")
    assert code == 1 and codes(out) == ["FT302"]


def test_config_names_the_one_file_and_isolated_reads_none(league: Path) -> None:
    (league / "ftn.toml").write_text('ignore = ["FT4"]\n')
    other = league.parent / "strict.toml"
    other.write_text('select = ["FT4"]\n')
    code, out, _ = check("league", "--config", str(other))
    assert code == 0 and codes(out) == ["FT401"]
    code, out, _ = check("league", "--isolated")
    assert codes(out) == ["FT401", "FT302"]
    code, _, err = check("league", "--config", "missing.toml")
    assert code == 2 and err.startswith("ftn: missing.toml:1:1: cannot read this settings file")
    (league / "pyproject.toml").write_text("[project]\n")
    code, _, err = check("league", "--config", str(league / "pyproject.toml"))
    assert code == 2 and "no [tool.ftn] table" in err


def test_standard_input_takes_the_current_folder_s_settings(league: Path,
                                                            monkeypatch: pytest.MonkeyPatch,
                                                            ftn: Ftn
                                                            ) -> None:
    (league / "ftn.toml").write_text('ignore = ["FT3"]\n')
    monkeypatch.chdir(league)
    code, out, _ = ftn(["check", "-f", "concise", "-"], stdin=(league / POINTS).read_text())
    assert code == 0 and codes(out) == []


# --------------------------------------------------------------------------
# Malformed files: file:line:col, and exit 2.


@pytest.mark.parametrize(("text", "where", "message"), [
    ('select = ["FT3"\nignore = []\n', "2:1", "not valid TOML: "),
    ('jobs = 1\nselect = [', "2:11", "not valid TOML: Invalid value\n"),
    ('select = ["FT3"]\nignor = ["FT4"]\n', "2:1",
     "unknown key 'ignor'; did you mean 'ignore'? (known keys: select, ignore, "
     "extend-exclude, rules, format, jobs, league)"),
    ('select = "FT3"\n', "1:10", 'select must be a list of strings, such as select = ["FT3"]'),
    ("extend-exclude = [1]\n", "1:18", "extend-exclude must be a list of strings"),
    ('jobs = "4"\n', "1:8", "jobs must be a whole number, 0 or more"),
    ("jobs = -1\n", "1:8", "jobs must be a whole number"),
    ("jobs = true\n", "1:8", "jobs must be a whole number"),
    ('select = [\n  "FT3",\n  "FT399",\n]\n', "3:3",
     "select: unknown code 'FT399'; did you mean 'FT309'?"),
    ('ignore = ["points-mismach"]\n', "1:11",
     "ignore: unknown code 'points-mismach'; did you mean 'points-mismatch'?"),
    ('rules = "onlin"\n', "1:9",
     "unknown preset 'onlin': rules must be one of pagat, online (did you mean 'online'?)"),
    ("format = 3\n", "1:10", "unknown format: format must be one of text, concise"),
])
def test_a_bad_file_says_its_file_line_and_column(league: Path, text: str, where: str,
                                                  message: str) -> None:
    (league / "ftn.toml").write_text(text)
    code, out, err = check("league")
    assert code == 2 and out == ""
    assert err.startswith(f"ftn: league/ftn.toml:{where}: {message}"), err
    assert err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize(("text", "where", "message"), [
    ('[project]\nname = "x"\n\n[tool.ftn]\nselct = ["FT3"]\n', "5:1",
     "unknown key 'selct' in [tool.ftn]; did you mean 'select'?"),
    ('[tool]\nftn.jobs = "2"\n', "2:12", "jobs must be a whole number"),
    ('[tool]\nftn = 3\n', "2:1", "[tool.ftn] must be a table"),
    ('[tool.ftn]\nignore = ["FT3", \'FT3x\']\n', "2:18", "ignore: unknown code 'FT3x'"),
])
def test_a_bad_pyproject_table_says_where(league: Path, text: str, where: str,
                                          message: str) -> None:
    (league / "pyproject.toml").write_text(text)
    code, _, err = check("league")
    assert code == 2 and err.startswith(f"ftn: league/pyproject.toml:{where}: {message}"), err


def test_a_settings_file_that_is_not_utf8_says_so(league: Path) -> None:
    (league / "ftn.toml").write_bytes(b'jobs = 1\nselect = ["\xff"]\n')
    code, _, err = check("league")
    assert code == 2 and err.startswith("ftn: league/ftn.toml:2:12: not UTF-8")


def test_an_unknown_code_on_the_command_line_is_a_usage_error(league: Path) -> None:
    code, _, err = check("league", "--select", "FT3,FT30O")
    assert code == 2 and err.startswith("ftn check: --select FT30O: unknown code 'FT30O'")
    code, _, err = check("league", "--ignore", "point-mismatch")
    assert code == 2 and "did you mean 'points-mismatch'?" in err


def test_place_finds_keys_in_every_form_of_table() -> None:
    text = '[tool.ftn]\n  "select" = [\n "a",\n  "b"]\n[tool."other"]\nselect = 1\n'
    assert place(text, ("tool", "ftn"), "select") == (2, 3)
    assert place(text, ("tool", "ftn"), "select", "b") == (4, 3)
    assert place(text, ("tool", "ftn"), "select", "=") == (2, 14)
    assert place(text, ("tool", "other"), "select", "=") == (6, 10)
    assert place(text, ("tool", "ftn"), "missing") == (1, 1)  # the table's header


# --------------------------------------------------------------------------
# Every format counts what is reported, and only that.


@pytest.mark.parametrize("fmt", ["text", "concise", "json", "jsonl", "github", "sarif",
                                 "junit"])
def test_an_ignored_finding_is_in_no_format_and_no_count(league: Path, fmt: str, ftn: Ftn) -> None:
    code, full, _ = ftn(["check", "league", "-f", fmt, "--isolated"])
    code_ignored, out, _ = ftn(["check", "league", "-f", fmt, "--ignore", "FT302"])
    assert code == 1 and code_ignored == 0
    if fmt == "sarif":  # every rule is described; the results are what was found
        found = [[r["ruleId"] for r in json.loads(o)["runs"][0]["results"]] for o in (full, out)]
        assert found == [["FT401", "FT302"], ["FT401"]]
        return
    assert "FT302" in full and "FT302" not in out and "FT401" in out
    if fmt == "json":
        doc = json.loads(out)
        assert len(doc["diagnostics"]) == 1
        assert (doc["summary"]["errors"], doc["summary"]["warnings"]) == (0, 1)
    if fmt == "junit":
        assert full.count("<failure") == 1 and out.count("<failure") == 0


# --------------------------------------------------------------------------
# The Python API.


def test_api_check_takes_select_ignore_and_rules(league: Path) -> None:
    (league / "ftn.toml").write_text('ignore = ["FT4"]\n')
    assert [d.code for d in api.check([league]).diagnostics] == ["FT401", "FT302"]  # no file
    assert [d.code for d in api.check([league], discover=True).diagnostics] == ["FT302"]
    assert [d.code for d in api.check([league], select=["FT4"]).diagnostics] == ["FT401"]
    rep = api.check(league / POINTS, ignore=["points-mismatch"])
    assert rep.diagnostics == [] and rep.errors == 0
    with pytest.raises(ValueError, match="unknown code 'FT3000'"):
        api.check([league], select=["FT3000"])
    (league / "ftn.toml").write_text("jobs = -2\n")
    with pytest.raises(SettingsError) as e:
        api.check([league], discover=True)
    assert (e.value.path, e.value.line, e.value.col) == ("league/ftn.toml", 1, 8)


def test_settings_for_is_what_an_editor_checks_a_text_by(league: Path) -> None:
    record = (SAMPLES / "valid" / "variant-online-preset.ftn").read_text()
    text = record.replace('[rules "online"]\n', "")
    (league / "ftn.toml").write_text('rules = "online"\nignore = ["FT4"]\n')
    s = settings_for(league / "open-in-editor.ftn")
    assert (s.rules, s.preset, s.file) == ("online", "online", "league/ftn.toml")
    assert check_text(text, "g.ftn", settings=s).diagnostics == []
    assert [d.code for d in check_text(text, "g.ftn").diagnostics] == ["FT002"]
    assert check_text(record, "g.ftn", settings=s).diagnostics == []  # no 2nd [rules]
    isolated = settings_for(league / "x.ftn", Overrides(isolated=True))
    assert isolated.file is None and isolated.codes == ALL


# --------------------------------------------------------------------------
# The README's example.


def _readme_settings() -> str:
    from support.docs import page

    return page("settings.md")


def test_the_readme_s_settings_file_is_read_as_it_says(league: Path, ftn: Ftn) -> None:
    section = _readme_settings()
    toml = section.split("```toml\n", 1)[1].split("```", 1)[0]
    (league / "ftn.toml").write_text(toml)
    drafts = league / "drafts"
    drafts.mkdir()
    shutil.copy(SAMPLES / "invalid" / SYNTAX, drafts / SYNTAX)
    s = settings_for(league / POINTS)
    assert (s.select, s.ignore, s.extend_exclude) == (("FT3",), ("points-mismatch",),
                                                       ("drafts",))
    assert (s.rules, s.format, s.jobs) == ("online", "concise", 0)
    assert s.codes == {f"FT30{i}" for i in (1, 3, 4, 5, 6, 7, 8, 9)}
    # The samples are pagat games without [rules]: under "online" (9 and 14
    # tiles a hand for 3 and 2 players) their deals are wrong, a finding a
    # hand; FT101 is not in FT3, and a game stops at its deal (of the
    # records' 173 events, 0 replayed).
    code, out, _ = ftn(["check", "league", "--jobs", "1"])
    assert code == 0 and out == (
        "2 files, 2 games, 173 events (0 replayed): 0 errors, 0 warnings\n")
    code, out, _ = ftn(["check", "league", "--select", "ALL"])
    assert code == 1 and codes(out) == ["FT101"] * 5
    (league / "ftn.toml").write_text(toml.replace('rules = "online"', 'rules = "pagat"'))
    # FT302 and FT401 are not reported; the drafts are not read.
    code, out, _ = ftn(["check", "league", "--jobs", "1"])
    assert code == 0 and out == "2 files, 2 games, 173 events: 0 errors, 0 warnings\n"
    code, out, _ = ftn(["check", "league", "--jobs", "1", "--select", "ALL", "-f", "concise"])
    assert codes(out) == ["FT401", "FT302"]
    # The error it shows is what ftn says.
    (league / "ftn.toml").write_text(toml.replace("ignore =", "ignor =", 1))
    said = section.split("```\nftn: ", 1)[1].split("\n", 1)[0]
    code, _, err = ftn(["check", "league"])
    assert code == 2 and err == f"ftn: {said}\n"


def test_a_file_s_format_is_checked_against_the_names_its_caller_gives(league: Path) -> None:
    # The output formats are render's, above the pipeline: the api gives their names.
    (league / "ftn.toml").write_text('jobs = 1\nformat = "jsn"\n')
    with pytest.raises(SettingsError) as e:
        Resolver(formats=("text", "json")).for_path(str(league / POINTS))
    assert str(e.value) == ("league/ftn.toml:2:10: unknown format 'jsn': format must be one of "
                            "text, json (did you mean 'json'?)")
    assert settings_for(league / POINTS).format == "jsn"  # no names given: any name is taken
    with pytest.raises(SettingsError) as e:
        api.settings_for(league / POINTS)  # the api gives render's
    assert str(e.value).startswith("league/ftn.toml:2:10: unknown format 'jsn': format must be "
                                   "one of text, concise, json, jsonl, github, sarif, junit")


def test_the_league_table_of_the_settings(tmp_path: Path) -> None:
    """``[tool.ftn.league]``: ftn standings' match points over the defaults
    (3 for a win, 2 a draw, 1 a loss by one game, 0 a bigger loss, 9 games);
    a key or a value it cannot use refused at its place."""
    from verifier.pipeline.settings import LEAGUE, settings_for

    (tmp_path / "pyproject.toml").write_text("[tool.ftn.league]\nwin = 2\ngames = 7\n",
                                             encoding="utf-8")
    assert dict(settings_for(tmp_path / "a.ftn").league) == {
        "win": 2, "draw": 2, "loss-by-one": 1, "loss": 0, "games": 7}
    assert LEAGUE == {"win": 3, "draw": 2, "loss-by-one": 1, "loss": 0, "games": 9}
    for text, where, message in (
            ("[tool.ftn.league]\nwin = -1\n", (2, 7),
             "win must be a whole number, 0 or more, such as win = 3"),
            ("[tool.ftn.league]\ngames = 0\n", (2, 9),
             "games must be a whole number, 1 or more, such as games = 9"),
            ("[tool.ftn]\nleague = 3\n", (2, 1),
             "[tool.ftn.league] must be a table, such as [tool.ftn.league] win = 3")):
        (tmp_path / "pyproject.toml").write_text(text, encoding="utf-8")
        with pytest.raises(SettingsError) as e:
            settings_for(tmp_path / "a.ftn")
        assert (e.value.line, e.value.col) == where and e.value.message == message
