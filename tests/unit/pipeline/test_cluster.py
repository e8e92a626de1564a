"""Tests of ``verifier.pipeline.cluster`` and ``--dask``: a local Dask cluster of two
worker processes gives the report of a local run, byte for byte (FTN with
a BOM, "\r\n" and characters of several bytes, JSON Lines, a compressed
file); its workers read the pieces of plain files themselves, are sent
the lines of the others, and of a file they cannot read; a bag of JSON
Lines gives the diagnostics of the same file; the README's example runs;
without Dask, ``--dask`` says how to install it."""

from __future__ import annotations

import builtins
import gzip
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from support.corpora import awkward
from support.corpora import mutated as corpus
from support.docs import page
from support.ftn import Ftn

from verifier.api import check_text
from verifier.files.pieces import Piece
from verifier.files.spans import Origin, origin_of
from verifier.pipeline import cluster as dask_cluster
from verifier.pipeline.jobs.check import check_all
from verifier.pipeline.jobs.rewrite import convert_text


def test_dask_missing_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch,
                                             tmp_path: Path, ftn: Ftn) -> None:
    real = builtins.__import__

    def no_dask(name: str, *args: Any, **kwargs: Any) -> Any:
        if name.split(".")[0] in ("dask", "distributed"):
            raise ImportError(name)
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_dask)
    path = tmp_path / "g.ftn"
    path.write_text(corpus(1), encoding="utf-8")
    r = ftn(["check", "--dask", "tcp://127.0.0.1:1", str(path)])
    assert r.returncode == 2
    assert "pip install 'ftn-tools[dask]'" in r.stderr


class _Lost:
    """A future of a cluster that could not run the task (its scheduler
    cannot read ftn's work: no such module there)."""

    def result(self) -> Any:
        raise RuntimeError("Error during deserialization of the task graph. This frequently\n"
                           "occurs if the Scheduler and Client have different environments.")


class _Client:
    def __init__(self, address: str, timeout: str) -> None:
        pass

    def wait_for_workers(self, n: int, timeout: float) -> None:
        pass

    def nthreads(self) -> dict[str, int]:
        return {"w": 1}

    def submit(self, fn: Any, item: Any, pure: bool) -> _Lost:
        return _Lost()

    def close(self) -> None:
        pass


def test_work_the_cluster_cannot_run_is_a_message_not_a_traceback(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, ftn: Ftn) -> None:
    # A scheduler started where ftn cannot be imported: the RuntimeError
    # of the task's result went up as a traceback (exit 1).
    fake = type("distributed", (), {"Client": _Client})
    monkeypatch.setattr(dask_cluster, "_distributed", lambda: fake)
    path = tmp_path / "g.ftn"
    path.write_text(corpus(1), encoding="utf-8")
    r = ftn(["check", "--dask", "tcp://127.0.0.1:1", str(path)])
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
    assert r.stderr == (
        "ftn: --dask tcp://127.0.0.1:1: the cluster could not run ftn's work (Error during "
        "deserialization of the task graph. This frequently): the scheduler and its workers "
        "need ftn and its dependencies installed, the versions used here\n")


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  host="127.0.0.1", dashboard_address=None) as c:
        yield c


@pytest.fixture(scope="module")
def thousands(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """6,351 games with findings in four files: 5,001 in FTN, 600 in JSON
    Lines, 450 in an awkward FTN (a BOM, "\\r\\n", characters of 2 to 4
    bytes), 300 gzipped."""
    tmp_path = tmp_path_factory.mktemp("thousands")
    ftn = tmp_path / "games.ftn"
    ftn.write_text(corpus(1667, 21), encoding="utf-8")  # 5,001 games, with findings
    jsonl = tmp_path / "games.jsonl"
    text, _ = convert_text(corpus(200, 22), "jsonl")
    assert text is not None
    jsonl.write_text(text, encoding="utf-8")
    odd = tmp_path / "odd.ftn"
    odd.write_bytes(awkward(corpus(150, 25)).encode("utf-8"))
    packed = tmp_path / "packed.ftn.gz"
    packed.write_bytes(gzip.compress(corpus(100, 26).encode("utf-8")))
    return [str(ftn), str(jsonl), str(odd), str(packed)]


@pytest.mark.system
@pytest.mark.slow
@pytest.mark.parametrize("command", [["check", "-f", "json"], ["audit", "-f", "json"],
                                     ["check"]], ids=["check-json", "audit-json", "check-text"])
def test_dask_and_jobs_give_the_local_report_on_thousands_of_games(
        cluster: Any, thousands: list[str], command: list[str], ftn: Ftn) -> None:
    """The report of one process, byte for byte, from a Dask cluster and
    from ``--jobs 2`` (some 120 pieces of the default size)."""
    local = ftn([*command, *thousands], process=True)[:2]
    assert local[0] == 1 and local[1]
    if command[-1] == "json":
        assert '"games": 6351' in local[1]
    assert local == ftn([*command, "--dask", cluster.scheduler_address, *thousands],
                        process=True)[:2]
    assert local == ftn([*command, "--jobs", "2", *thousands], process=True)[:2]


Sent = list[list[Piece]]


def recording(monkeypatch: pytest.MonkeyPatch) -> Sent:
    """The pieces of each task sent to the cluster (by ``check_all``)."""
    sent: Sent = []
    real = dask_cluster.cluster_runner

    @contextmanager
    def runner(address: str) -> Iterator[Any]:
        with real(address) as (submit, n, by_span, batch):
            def record(fn: Callable[[Any], Any], item: Any) -> Any:
                sent.append(item if isinstance(item, list) else [item])
                return submit(fn, item)

            yield record, n, by_span, batch

    monkeypatch.setattr(dask_cluster, "cluster_runner", runner)
    return sent


@pytest.mark.slow
def test_the_workers_read_plain_files_and_are_sent_the_lines_of_the_others(
        cluster: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    odd = tmp_path / "odd.ftn"
    odd.write_bytes(awkward(corpus(150, 27)).encode("utf-8"))
    jsonl = tmp_path / "games.jsonl"
    text, _ = convert_text(corpus(60, 28), "jsonl")
    assert text is not None
    jsonl.write_text(text.replace("\n", "\r\n"), encoding="utf-8")
    packed = tmp_path / "packed.ftn.gz"
    packed.write_bytes(gzip.compress(corpus(100, 29).encode("utf-8")))
    files = [str(odd), str(jsonl), str(packed)]
    want, failed = check_all(files)
    assert failed == [] and len(want.diagnostics) > 20
    sent = recording(monkeypatch)
    got, failed = check_all(files, dask=cluster.scheduler_address)
    assert failed == [] and got == want
    by_file = {f: [p for t in sent for p in t if p.source == f] for f in files}
    assert all(len(by_file[f]) > 3 for f in files)
    assert all(p.lines == [] for f in files[:2] for p in by_file[f])  # read by the workers
    assert all(p.lines for p in by_file[str(packed)])  # compressed: sent whole
    assert max(map(len, sent)) == dask_cluster.BATCH  # a few pieces a task


@pytest.mark.slow
def test_a_file_the_workers_cannot_read_is_sent_to_them(
        cluster: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    odd = tmp_path / "odd.ftn"
    odd.write_bytes(awkward(corpus(150, 30)).encode("utf-8"))
    want, _ = check_all([str(odd)])
    def elsewhere(name: str, raw: Any) -> Origin | None:
        """As if the workers saw another file of that name (written since)."""
        o = origin_of(name, raw)
        return None if o is None else Origin(o.path, o.size, o.mtime_ns + 1)

    monkeypatch.setattr("verifier.files.streams.origin_of", elsewhere)
    sent = recording(monkeypatch)
    got, failed = check_all([str(odd)], dask=cluster.scheduler_address)
    assert failed == [] and got == want
    pieces = [p for t in sent for p in t]
    assert not pieces[0].lines and pieces[-1].lines  # hollow first, then whole
    assert {p.first_line for p in pieces if p.lines} == {p.first_line for p in pieces}


@pytest.mark.slow
def test_a_bag_of_json_lines_gives_the_diagnostics_of_the_file(cluster: Any,
                                                               tmp_path: Path) -> None:
    import dask.bag as db
    import distributed

    from verifier.pipeline.jobs.check import check_bag

    client: Any = distributed.Client
    read_text: Any = db.read_text

    text, _ = convert_text(corpus(30, 23), "jsonl")
    assert text is not None
    lines = text.split("\n")
    lines[7] = lines[7][:40]  # a line that does not parse
    lines.insert(12, "")
    text = "\n".join(lines)
    path = tmp_path / "games.jsonl"
    path.write_text(text, encoding="utf-8")
    want = check_text(text, "games.jsonl").diagnostics
    assert len(want) > 5
    with client(cluster):
        bag = read_text(str(path), blocksize=20_000)
        assert bag.npartitions > 3
        assert check_bag(bag, "games.jsonl").compute() == want


@pytest.mark.slow
def test_the_readme_example_runs(tmp_path: Path, ftn: Ftn) -> None:
    pytest.importorskip("distributed")
    section = page("scale.md").split("\n## The compiled core")[0]
    shell = re.findall(r"```sh\n(.*?)```", section, re.S)[0]
    python = re.findall(r"```python\n(.*?)```", section, re.S)[0]
    prefix = f"{sys.executable} -m verifier "  # the page's shell lines, as they are
    for line in shell.strip().split("\n"):
        for part in line.split(" && "):
            cmd, _, out = part.partition(" > ")
            args = cmd.replace("ftn ", prefix, 1).split()
            r = subprocess.run(args, cwd=tmp_path, capture_output=True, text=True,
                               env=None)
            assert r.returncode in (0, 1), r.stderr
            if out:
                (tmp_path / out).write_text(r.stdout, encoding="utf-8")
    found = (tmp_path / "findings.jsonl").read_text(encoding="utf-8")
    assert '"games":400,' in found and '"errors":0,' in found, found
    converted = ftn(["convert", "games.ftn", "-o", "games.jsonl"], process=True, cwd=tmp_path)
    assert converted.returncode == 0
    (tmp_path / "example.py").write_text(python, encoding="utf-8")
    r = subprocess.run([sys.executable, "example.py"], cwd=tmp_path, capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert r.stdout == "0 findings\n"
