"""``--jobs`` workers live no longer than their parent, and a dead worker is a
clear error with exit 2. ``ftn check --jobs 2`` runs as a subprocess over
enough games to be caught working; its workers are its children in ``/proc``."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from support.ftn import command
from support.paths import ROOT
from support.processes import children

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")]


@pytest.fixture(scope="module")
def many_games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from notation.ftn.printer import print_games
    from verifier.rules.generate import generate_games

    text = print_games(list(generate_games(2, 100, 5)))
    path = tmp_path_factory.mktemp("games") / "many.ftn"
    path.write_text("\n".join([text] * 40), encoding="utf-8")  # 4,000 games
    return path


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def start(path: Path) -> tuple[subprocess.Popen[bytes], list[int]]:
    """``ftn check --jobs 2 PATH`` started, and its two workers once they run."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONWARNINGS="ignore")
    p = subprocess.Popen(command("check", "--jobs", "2",
                          "--format", "concise", str(path)), cwd=ROOT, env=env,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and p.poll() is None:
        found = children(p.pid)
        if len(found) >= 2:
            return p, found
        time.sleep(0.02)
    p.kill()
    pytest.fail("the workers did not start")


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP, signal.SIGKILL],
                         ids=["TERM", "HUP", "KILL"])
def test_workers_die_with_their_parent(many_games: Path, sig: int) -> None:
    p, workers = start(many_games)
    p.send_signal(sig)
    p.wait(timeout=30)
    deadline = time.monotonic() + 60  # only against a hang: the loop ends when they have gone
    while any(alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.02)
    left = [w for w in workers if alive(w)]
    for w in left:  # do not leave them to the next test
        os.kill(w, signal.SIGKILL)
    assert left == []


def test_a_killed_worker_is_a_clear_error(many_games: Path) -> None:
    p, workers = start(many_games)
    os.kill(workers[0], signal.SIGKILL)
    _, err = p.communicate(timeout=60)
    text = err.decode()
    assert "Traceback" not in text, text
    assert p.returncode == 2
    assert text.strip().endswith(
        "ftn: a worker process died before it finished (killed, or out of memory?); "
        "run again, or with fewer --jobs")
    deadline = time.monotonic() + 60  # only against a hang: the loop ends when they have gone
    while any(alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not any(alive(w) for w in workers)
