"""ftn stats, select and export at scale: 10,000 generated games of four
players and a mutated copy (``data_figures compare``). ``stats`` equals an
independent count over ``ftn replay --format json`` and ``ftn check --format
json``; ``select --clean`` and ``--faulty`` split the mutated copy into games
whose checks add up to its check; ``export --to parquet`` of both, read in
DuckDB, gives each side the points its credited events add up to (and the
steps to the claimed totals after rounds cut short, R8.5), and each game ftn
check's codes. Slow: some ten minutes."""

from __future__ import annotations

import pytest
from data_figures import compare


@pytest.mark.system
@pytest.mark.slow
def test_ten_thousand_games_stats_select_and_export(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("duckdb")
    compare(10_000)
    said = capsys.readouterr().out
    assert "stats good.ftn: 10000 games" in said and "stats mutated.ftn: 10000 games" in said
    assert "= 10000 games" in said and "export: 20000 games" in said
