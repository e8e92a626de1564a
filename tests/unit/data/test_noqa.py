"""``ftn stats``, ``select`` and ``export`` judge records as ``ftn check``
does: they honour ``noqa`` comments (``check.judge_noqa``, the one
implementation: a finding a suppression silences is not counted, selected
on or listed, and a suppression that silences nothing is FT403
``unused-noqa`` in them too) and the settings of each input's folder
(``select``, ``ignore``, ``rules``; ``--config``, ``--isolated``)."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from support.corpora import ROUND, WRONG
from support.ftn import Ftn
from support.paths import read_sample

# The wrong claim of WRONG (line 23: N 3-6 claims +5, R6.2 gives 4: FT302)
# silenced; ROUND with a suppression on line 24 that silences nothing.
SILENCED = WRONG.replace("N 3-6 R =12 +5 (7,1)", "N 3-6 R =12 +5 (7,1)  # noqa: FT302")
UNUSED = ROUND.replace("E 6-1 R =7 +0 (7,1)", "E 6-1 R =7 +0 (7,1)  # noqa: FT301")


@pytest.fixture
def silenced(tmp_path: Path) -> Path:
    assert SILENCED != WRONG
    p = tmp_path / "silenced.ftn"
    p.write_text(SILENCED, encoding="utf-8")
    return p


@pytest.fixture
def unused(tmp_path: Path) -> Path:
    assert UNUSED != ROUND
    p = tmp_path / "unused.ftn"
    p.write_text(UNUSED, encoding="utf-8")
    return p


def _rows(folder: Path, table: str) -> list[dict[str, str]]:
    with open(folder / f"{table}.csv", encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def test_check_is_clean_on_a_silenced_finding(silenced: Path, ftn: Ftn) -> None:
    code, out, _ = ftn(["check", str(silenced)])
    assert code == 0 and out.endswith("0 errors, 0 warnings\n")


def test_stats_counts_no_silenced_finding(silenced: Path, ftn: Ftn) -> None:
    code, out, _ = ftn(["stats", "--format", "json", str(silenced)])
    assert code == 0  # as ftn check: no error left
    assert json.loads(out)["findings"] == []


def test_select_takes_a_silenced_game_as_clean(silenced: Path, tmp_path: Path,
                                               ftn: Ftn) -> None:
    code, _, err = ftn(["select", str(silenced), "--clean", "-o", str(tmp_path / "c.ftn")])
    assert code == 0 and "1 of 1 games" in err
    code, _, err = ftn(["select", str(silenced), "--with", "FT302"])
    assert code == 0 and "0 of 1 games" in err
    code, _, err = ftn(["select", str(silenced), "--faulty"])
    assert code == 0 and "0 of 1 games" in err


def test_export_lists_no_silenced_finding(silenced: Path, tmp_path: Path, ftn: Ftn) -> None:
    out = tmp_path / "tables"
    code, _, err = ftn(["export", str(silenced), "--to", "csv", "-o", str(out)])
    assert code == 0, err
    assert _rows(out, "findings") == []
    (game,) = _rows(out, "games")
    assert (game["findings"], game["errors"], game["warnings"], game["codes"]) == (
        "0", "0", "0", "")
    assert all(e["finding"] == "" for e in _rows(out, "events"))


def test_an_unused_noqa_is_ft403_in_every_data_command(unused: Path, tmp_path: Path,
                                                       ftn: Ftn) -> None:
    code, out, _ = ftn(["check", "--format", "concise", str(unused)])
    assert code == 0 and ":24:32: FT403 " in out  # the code silenced nothing
    code, out, _ = ftn(["stats", "--format", "json", str(unused)])
    assert code == 0  # a warning
    assert json.loads(out)["findings"] == [
        {"code": "FT403", "name": "unused-noqa", "count": 1}]
    code, _, err = ftn(["select", str(unused), "--with", "unused-noqa"])
    assert code == 0 and "1 of 1 games" in err
    tables = tmp_path / "tables"
    assert ftn(["export", str(unused), "--to", "csv", "-o", str(tables)])[0] == 0
    # (a finding about the comment, not about the event: no round, no event)
    assert [(f["code"], f["line"], f["col"], f["round"], f["event"])
            for f in _rows(tables, "findings")] == [("FT403", "24", "32", "", "")]


def test_the_settings_ignore_is_honoured_as_check_honours_it(tmp_path: Path, ftn: Ftn) -> None:
    """``ignore = ["FT302"]`` in the folder's ftn.toml: WRONG's one finding
    left out by check, stats, select and export; ``--isolated`` reads no
    settings file: the finding is back."""
    league = tmp_path / "league"
    league.mkdir()
    (league / "ftn.toml").write_text('ignore = ["FT302"]\n', encoding="utf-8")
    (league / "w.ftn").write_text(WRONG, encoding="utf-8")
    assert ftn(["check", str(league)])[0] == 0
    code, out, _ = ftn(["stats", "--format", "json", str(league)])
    assert code == 0 and json.loads(out)["findings"] == []
    code, out, _ = ftn(["stats", "--format", "json", "--isolated", str(league)])
    assert code == 1 and json.loads(out)["findings"] == [
        {"code": "FT302", "name": "points-mismatch", "count": 1}]
    code, _, err = ftn(["select", str(league), "--clean"])
    assert code == 0 and "1 of 1 games" in err
    code, _, err = ftn(["select", str(league), "--clean", "--isolated"])
    assert code == 0 and "0 of 1 games" in err
    tables = tmp_path / "tables"
    assert ftn(["export", str(league), "--to", "csv", "-o", str(tables)])[0] == 0
    assert _rows(tables, "findings") == []
    config = tmp_path / "other.toml"
    config.write_text("select = [\"ALL\"]\n", encoding="utf-8")
    assert ftn(["export", str(league), "--to", "csv", "-o", str(tables), "--config",
                str(config)])[0] == 0
    assert [f["code"] for f in _rows(tables, "findings")] == ["FT302"]


def test_the_settings_rules_preset_plays_a_record_without_rules(tmp_path: Path,
                                                                 ftn: Ftn) -> None:
    """The online sample without its ``[rules "online"]`` tag, in a folder
    whose settings say ``rules = "online"``: judged clean under that preset
    by check and stats (3 players, hands of 9, the highest double leads);
    selected as written (no tag added); without the settings (--isolated),
    its header cannot be set up under the main form (FT002)."""
    league = tmp_path / "league"
    league.mkdir()
    (league / "ftn.toml").write_text('rules = "online"\n', encoding="utf-8")
    text = read_sample("valid", "variant-online-preset.ftn").replace('[rules "online"]\n', "")
    (league / "g.ftn").write_text(text, encoding="utf-8")
    assert ftn(["check", str(league)])[0] == 0
    code, out, _ = ftn(["stats", "--format", "json", str(league)])
    d = json.loads(out)
    assert code == 0 and d["findings"] == [] and d["events"] == 92
    assert d["rules"] == {"3 players, hand=9 opener=highest-double": 1}
    code, out, _ = ftn(["select", str(league)])
    assert code == 0 and "[rules" not in out and "\ngame\n[ftn \"1\"]\n" in out
    code, out, _ = ftn(["stats", "--format", "json", "--isolated", str(league)])
    assert code == 1 and [f["code"] for f in json.loads(out)["findings"]] == ["FT002"]
