"""ftn stats, select and export at scale: 10,000 generated games of four
players mutated (``data_figures``, which prints the figures), and the first
2,000 of the games as generated: every count the independent count makes
of the generated games (each end total, each points value, each outcome and
winner) is there by game 14, while the mutated games need their 10,000 for
the findings the mutator makes rarely (FT205 first at game 1,219; FT308,
FT309 and FT401 at game 9,876).
For each file, ``stats`` equals an independent count over ``ftn replay
--format json`` and ``ftn check --format json``, and ``export --to parquet``,
read in DuckDB, gives each side the points its credited events add up to
(and the steps to the claimed totals after rounds cut short, R8.5), and each
game ftn check's codes; ``select --clean`` and ``--faulty`` split the
mutated copy into games whose checks add up to its check. A whole-system
check: some minutes each."""

from __future__ import annotations

from pathlib import Path

import pytest
from data_figures import corpora, split, stats_counted, tables


@pytest.fixture(scope="module")
def ten_thousand(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    good, bad = corpora(10_000, tmp_path_factory.mktemp("ten_thousand"))
    games = good.read_text(encoding="utf-8").split("\nend\n")
    good.write_text("\nend\n".join(games[:2000]) + "\nend\n", encoding="utf-8")
    return {"good": good, "mutated": bad}


@pytest.mark.system
@pytest.mark.slow
@pytest.mark.parametrize("which", ["good", "mutated"])
def test_thousands_of_games_stats_select_and_export(
        ten_thousand: dict[str, Path], which: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("duckdb")
    path = ten_thousand[which]
    found = stats_counted(path, tmp_path)
    if which == "mutated":
        split(path, tmp_path, found["games"], found["findings"])
    tables([path], tmp_path, {(str(path), g): c for g, c in found["codes"].items()})
    said = capsys.readouterr().out
    n = 10000 if which == "mutated" else 2000
    assert f"stats {path.name}: {n} games" in said and f"export: {n} games" in said
    assert which == "good" or "= 10000 games" in said
