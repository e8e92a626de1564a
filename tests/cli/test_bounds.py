"""Bounds on what the command line, a settings file or the machine can be
made to do: worker processes capped (four per CPU) and never more than the
pieces of work; ``--timeout`` a positive finite number; settings files
regular and small; deep folders, deep paths and deeply nested TOML read
without recursion; a live engine killed with ``ftn``; a Dask address that
is no usable scheduler. Each ends in a message on standard error with its
place and exit 2 (or in the right result), never a traceback or a hang."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from support.ftn import CHECKOUT, Ftn
from support.ftn import command as ftn_command
from support.paths import ROOT, SAMPLES
from support.processes import children

from notation.ftn.printer import print_games
from verifier.rules.generate import generate_games

SAMPLE = SAMPLES / "valid" / "discarded-plus-zero.ftn"  # one game, no finding
HUGE = "99999999999999999999"  # more than a C int (and a C long) holds
MOST = 4 * (os.cpu_count() or 1)  # the most worker processes: four per CPU


@pytest.fixture
def one_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder ``games`` with one game in it, the current folder its parent."""
    folder = tmp_path / "games"
    folder.mkdir()
    shutil.copy(SAMPLE, folder / SAMPLE.name)
    monkeypatch.chdir(tmp_path)
    return folder


@pytest.fixture
def pools(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The size of every pool of worker processes made (in this process)."""
    from verifier.pipeline import driver

    made: list[int] = []
    real = driver.worker_pool

    def worker_pool(jobs: int) -> object:
        made.append(jobs)
        return real(jobs)

    monkeypatch.setattr(driver, "worker_pool", worker_pool)
    return made


# --------------------------------------------------------------------------
# Worker processes: capped, and no more than the pieces.


@pytest.mark.slow  # five commands, each a new process
def test_huge_jobs_are_capped_with_a_message_in_every_command(one_game: Path, ftn: Ftn) -> None:
    for command in (["check"], ["fmt", "--check"], ["stats"], ["audit"], ["fill", "--check"]):
        r = ftn([*command, "--jobs", HUGE, "games"], process=True, cwd=one_game.parent, timeout=120,
                env=CHECKOUT)
        assert "Traceback" not in r.stderr and r.returncode == 0, (command, r.stderr)
        assert (f"ftn: --jobs {HUGE}: more worker processes than ftn starts, "
                f"at most {MOST} (4 per CPU") in r.stderr, (command, r.stderr)


def test_jobs_of_a_settings_file_are_capped_naming_the_file(one_game: Path,
                                                            pools: list[int], ftn: Ftn) -> None:
    (one_game.parent / "pyproject.toml").write_text(f"[tool.ftn]\njobs = {HUGE}\n")
    code, out, err = ftn(["check", "games"])
    assert code == 0 and "1 game" in out
    assert f"ftn: jobs = {HUGE} in pyproject.toml: more worker processes than ftn starts, " \
           f"at most {MOST} " in err
    assert pools == []  # one game: one piece, checked here


def test_no_more_workers_than_pieces(tmp_path: Path, pools: list[int]) -> None:
    from verifier.pipeline.driver import collect
    from verifier.pipeline.jobs.check import check_piece

    text = print_games(generate_games(2, 3, 1))
    path = tmp_path / "three.ftn"
    path.write_text(text)
    assert len(collect(check_piece, str(path), jobs=8)) == 1
    assert pools == []  # one piece (the default size): no pool at all

    from verifier.pipeline.driver import Sink, drive

    got: list[object] = []

    class Keep(Sink[object]):
        def start(self, s: object) -> None: ...
        def add(self, piece: object, result: object) -> None:
            got.append(result)
        def end(self, e: object) -> None: ...

    drive(check_piece, Keep(), [str(path)], jobs=8, size=1)  # a piece a game
    assert len(got) == 3 and pools == [min(3, MOST)]


# --------------------------------------------------------------------------
# --timeout.


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "0", "-1", "1e400"])
def test_timeout_must_be_a_positive_finite_number(value: str, ftn: Ftn) -> None:
    engine = f"{sys.executable} {ROOT / 'tests' / 'engines' / 'correct.py'}"
    code, out, err = ftn(["audit", "--engine", engine, "--generate", "1", "--timeout", value])
    assert code == 2 and out == "" and "--timeout" in err and "Traceback" not in err


# --------------------------------------------------------------------------
# A live audit's reference games: each made as the engine is to play it.


def test_generated_reference_games_are_made_one_at_a_time(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    from verifier.live.run import reference_games
    from verifier.rules import generate

    made: list[int] = []
    real = generate.generate_game

    def counted(*args: object, **kw: object) -> object:
        made.append(1)
        return real(*args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(generate, "generate_game", counted)
    games = iter(reference_games(2, 500, 7, None, (), []))
    assert made == []  # none before the engine asks for the first
    first = next(games)
    assert len(made) == 1 and first == next(iter(generate_games(2, 1, 7)))


# --------------------------------------------------------------------------
# A live engine dies with ftn.

#: An engine that starts a helper process (in its session, its output
#: elsewhere), writes both pids to the file it is given, then thinks for
#: ever (it reads nothing more: the end of its input would not stop it).
SILENT = '''
import os, sys, time
helper = os.fork()
if helper == 0:
    fd = os.open(os.devnull, os.O_RDWR)
    for i in (0, 1, 2):
        os.dup2(fd, i)
    while True:
        time.sleep(60)
with open(sys.argv[1] + ".tmp", "w") as f:
    f.write(f"{os.getpid()} {helper}")
os.rename(sys.argv[1] + ".tmp", sys.argv[1])
while True:
    time.sleep(60)
'''


def _gone(pid: int) -> bool:
    """Whether a process has ended (no such process, or a zombie)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            raw = f.read()
    except OSError:
        return True
    return raw[raw.rfind(b")") + 2:][:1] in (b"Z", b"X")


def _wait_for(what: Callable[[], bool], seconds: float) -> bool:
    """Whether ``what`` holds within ``seconds`` (asked every 20 ms)."""
    import time

    deadline = time.monotonic() + seconds
    while not what():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_the_engine_and_its_helper_die_when_ftn_is_killed(tmp_path: Path) -> None:
    import signal

    (tmp_path / "engine.py").write_text(SILENT)
    pid_file = tmp_path / "engine.pid"
    engine = f"{sys.executable} {tmp_path / 'engine.py'} {pid_file}"
    audit = subprocess.Popen(
        ftn_command("audit", "--engine", engine, "--generate", "1",
         "--timeout", "600"), cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        env={**os.environ, "PYTHONPATH": str(ROOT)})
    pids: list[int] = []
    try:
        assert _wait_for(pid_file.exists, 60), "the engine did not start"
        pids = [int(p) for p in pid_file.read_text().split()]
        # ftn starts the guard just after the engine: wait until both are its children.
        assert _wait_for(lambda: len(children(audit.pid)) >= 2, 60), "no guard was started"
        assert not any(_gone(p) for p in pids)
        audit.kill()
        audit.wait(timeout=60)
        assert _wait_for(lambda: _gone(pids[0]), 30), "the engine lives on after ftn was killed"
        assert _wait_for(lambda: _gone(pids[1]), 30), "what the engine started lives on"
    finally:
        audit.kill()
        audit.wait(timeout=60)
        for p in pids:
            if not _gone(p):
                os.kill(p, signal.SIGKILL)


# --------------------------------------------------------------------------
# Settings files: regular, small, readable however they nest.


def _config(tmp_path: Path, kind: str) -> str:
    """A --config FILE that is no settings file to read: of ``kind`` (named
    from ``tmp_path``, the current folder of the command)."""
    if kind == "fifo":
        os.mkfifo(tmp_path / "ftn.toml")
    elif kind == "folder":
        (tmp_path / "ftn.toml").mkdir()
    elif kind == "large":
        (tmp_path / "ftn.toml").write_text("#" * (1 << 20) + "\njobs = 1\n")
    else:
        return "/dev/zero"
    return "ftn.toml"


@pytest.mark.parametrize(("kind", "why"), [
    ("fifo", "not a regular file (a FIFO, socket or device)"),
    ("device", "not a regular file (a FIFO, socket or device)"),
    ("folder", "it is a directory"),
    ("large", "1,048,586 bytes, more than a settings file may hold (1,048,576 bytes)"),
], ids=["fifo", "device", "folder", "large"])
def test_a_config_that_is_no_regular_small_file_is_refused(tmp_path: Path, kind: str,
                                                           why: str, ftn: Ftn) -> None:
    name = _config(tmp_path, kind)
    r = ftn(["check", "--config", name, str(SAMPLE)], process=True, cwd=tmp_path, timeout=60,
            env=CHECKOUT)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr == f"ftn: {name}:1:1: cannot read this settings file: {why}\n"


def _remove(root: Path) -> None:
    """Remove a tree of any depth without recursion (``shutil.rmtree``
    recurses in some Pythons, and pytest's clean-up of its temporary
    folders with it: no deep tree may be left behind)."""
    here = os.getcwd()
    names: list[str] = []  # the folders entered below root
    try:
        os.chdir(root)
        while True:
            entries = list(os.scandir("."))
            sub = next((e.name for e in entries if e.is_dir(follow_symlinks=False)), None)
            if sub is not None:
                os.chdir(sub)
                names.append(sub)
                continue
            for e in entries:
                os.unlink(e.name)
            if not names:
                break
            os.chdir("..")
            os.rmdir(names.pop())
    finally:
        os.chdir(here)
    os.rmdir(root)


@pytest.fixture
def deep(tmp_path: Path) -> Iterator[Path]:
    """A folder ``deep`` with 1,100 folders in it, one in another (made a
    level at a time, so that no path given to the system is long), removed
    at the end however the test ends."""
    root = tmp_path / "deep"
    root.mkdir()
    here = os.getcwd()
    try:
        os.chdir(root)
        for _ in range(1100):
            os.mkdir("d")
            os.chdir("d")
        os.chdir(here)
        yield root
    finally:
        os.chdir(here)
        _remove(root)


def test_a_folder_1100_deep_is_walked_and_its_settings_found(deep: Path,
                                                             monkeypatch: pytest.MonkeyPatch,
                                                             ftn: Ftn
                                                             ) -> None:
    from verifier.files.inputs import walk
    from verifier.pipeline.settings import settings_for

    bottom = deep.joinpath(*["d"] * 1100)
    shutil.copy(SAMPLE, bottom / "game.ftn")
    (bottom.parent / "skipped.txt").write_text("")
    (deep / "ftn.toml").write_text("jobs = 3\n")
    assert list(walk(str(deep))) == [str(bottom / "game.ftn")]
    assert settings_for(bottom / "game.ftn").jobs == 3
    monkeypatch.chdir(deep)
    code, out, err = ftn(["check", "."])
    assert (code, err) == (0, "") and out.endswith("1 file, 1 game, 122 events: "
                                                   "0 errors, 0 warnings\n")


def test_a_path_of_1200_dot_dots_finds_its_settings(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch,
                                                    ftn: Ftn) -> None:
    from verifier.pipeline.settings import settings_for

    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    shutil.copy(SAMPLE, tmp_path / "a" / "game.ftn")
    (tmp_path / "b" / "ftn.toml").write_text("jobs = 5\n")  # not above a/game.ftn
    monkeypatch.chdir(tmp_path / "b")
    up = "../" * 1200 + str(tmp_path / "a" / "game.ftn").lstrip("/")
    assert settings_for(up).file is None
    assert settings_for("../a/game.ftn").file is None
    (tmp_path / "ftn.toml").write_text("jobs = 3\n")
    assert settings_for(up).jobs == settings_for("../a/game.ftn").jobs == 3
    code, out, err = ftn(["check", "--show-settings", up])
    assert code == 0 and "jobs = 3" in out and err == ""


@pytest.mark.parametrize(("text", "place", "why"), [
    ("jobs = " + "[" * 600 + "]" * 600 + "\n", "1:8", "arrays or tables nested too deeply"),
    ('select = ["FT3"]\nrules = ' + "{a = " * 600 + "1" + "}" * 600 + "\n", "2:9",
     "arrays or tables nested too deeply"),
    ("# a comment\njobs = " + "9" * 5000 + "\n", "2:8", "a number of more than 4,300 digits"),
], ids=["arrays", "inline-tables", "digits"])
def test_toml_too_deep_or_too_long_to_read_is_said_with_its_place(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, place: str, why: str, ftn: Ftn
        ) -> None:
    (tmp_path / "ftn.toml").write_text(text)
    shutil.copy(SAMPLE, tmp_path / "game.ftn")
    monkeypatch.chdir(tmp_path)
    code, out, err = ftn(["check", "game.ftn"])
    assert (code, out) == (2, "") and err == f"ftn: ftn.toml:{place}: cannot be read: {why}\n"


# --------------------------------------------------------------------------
# The language server: a deep document, a settings file too deep to read.


def _published(uri: str, text: str) -> list[str]:
    """The codes ``ftn server`` publishes for a document opened at ``uri``."""
    import asyncio

    from support.lsp_session import Session

    async def session() -> list[str]:
        async with Session() as s:
            return [str(d.code) for d in await s.open(uri, text)]

    return asyncio.run(session())


POINTS = (SAMPLES / "invalid" / "points-mismatch.ftn").read_text(encoding="utf-8")  # FT302


@pytest.mark.slow
def test_the_server_publishes_for_a_uri_1200_folders_deep(tmp_path: Path) -> None:
    pytest.importorskip("pygls")
    deep_uri = tmp_path.as_uri() + "/d" * 1200 + "/points.ftn"  # folders that do not exist
    assert _published(deep_uri, POINTS) == ["FT302"]


@pytest.mark.slow
def test_the_server_publishes_beside_a_settings_file_nested_too_deeply(tmp_path: Path) -> None:
    pytest.importorskip("pygls")
    from support.lsp_session import uri_of

    (tmp_path / "ftn.toml").write_text("jobs = " + "[" * 600 + "]" * 600 + "\n")
    assert _published(uri_of(str(tmp_path / "points.ftn")), POINTS) == ["FT302"]  # defaults


# --------------------------------------------------------------------------
# --dask at an address that is no usable scheduler.


@pytest.fixture
def garbage() -> Iterator[str]:
    """The address of a TCP service that answers every connection with bytes
    that are not Dask's (an HTTP server's), until the test ends."""
    import socket
    import threading

    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(0.1)
    done = threading.Event()

    def serve() -> None:
        while not done.is_set():
            try:
                conn, _ = server.accept()
            except (TimeoutError, OSError):
                continue
            with conn, contextlib.suppress(OSError):
                conn.sendall(b"HTTP/1.1 200 OK\r\n\r\nnot a scheduler\n" * 64)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield f"tcp://127.0.0.1:{server.getsockname()[1]}"
    finally:
        done.set()
        thread.join(timeout=10)
        server.close()


def test_dask_at_a_service_that_is_no_scheduler_is_said(garbage: str, ftn: Ftn) -> None:
    pytest.importorskip("distributed")
    code, out, err = ftn(["check", "--dask", garbage, str(SAMPLE)])
    assert (code, out) == (2, "")
    assert err == (f"ftn: --dask {garbage}: what answers there is not a Dask scheduler (it "
                   "does not speak Dask's protocol)\n")


def test_dask_over_tls_is_refused_saying_what_is_taken(ftn: Ftn) -> None:
    pytest.importorskip("distributed")
    code, out, err = ftn(["check", "--dask", "tls://127.0.0.1:8786", str(SAMPLE)])
    assert (code, out) == (2, "")
    assert err.startswith("ftn: --dask tls://127.0.0.1:8786: tls:// needs a security "
                          "configuration") and "tcp://HOST:PORT" in err


@pytest.mark.slow
def test_dask_at_a_scheduler_with_no_workers_ends_in_bounded_time(
        monkeypatch: pytest.MonkeyPatch, ftn: Ftn) -> None:
    distributed = pytest.importorskip("distributed")
    from verifier.pipeline import cluster as dask_cluster

    # The wait for a worker, 10 s for a user, is half a second here.
    monkeypatch.setattr(dask_cluster, "WORKER_WAIT", 0.5)
    with distributed.LocalCluster(n_workers=0, processes=False, protocol="tcp", host="127.0.0.1",
                                  dashboard_address=None) as cluster:
        address = cluster.scheduler_address
        code, out, err = ftn(["check", "--dask", address, str(SAMPLE)])
    assert (code, out) == (2, "")
    assert err == (f"ftn: no workers joined the scheduler at {address} in 0.5 s; start "
                   f"one (dask worker {address}) and run again\n")
