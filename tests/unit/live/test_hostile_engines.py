"""Hostile live engines: each ends in an ``engine-failure`` that says what the
engine sent, never a traceback or a hang; afterwards no process the engine
started is left (looked up in ``/proc`` by the engine's folder, which every
process it forks carries in its command line), and ``ftn``'s peak memory stays
under 200 MB. ``ftn`` runs as a subprocess, as a user runs it; the timeouts
guard against a hang."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from support.ftn import command
from support.paths import PEAK_KB, ROOT

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")

#: The engine answers 'ready' to 'new-game', then does HOSTILE to 'new-round'.
ENGINE = '''
import json, os, sys, time
out = sys.stdout.buffer
for raw in sys.stdin.buffer:
    msg = json.loads(raw)
    if msg["type"] == "new-game":
        out.write(b'{"type": "ready"}\\n'); out.flush(); continue
    break  # new-round
HOSTILE
'''

HOSTILE = {
    "deep": 'out.write(b"[" * 200000 + b"]" * 200000 + b"\\n"); out.flush(); time.sleep(60)',
    "digits": 'out.write(b\'{"type": "view", "totals": [\' + b"9" * 100000 + b"]}\\n"); '
              'out.flush(); time.sleep(60)',
    "setsid-holds-stdout": (
        "if os.fork() == 0:\n"
        "    os.setsid(); time.sleep(600); os._exit(0)\n"
        "os._exit(0)"),
    # The engine answers once its grandchild is in a session of its own (a
    # pipe says so): else the audit may kill the group before the setsid.
    "grandchild-setsid": (
        "r, w = os.pipe()\n"
        "if os.fork() == 0:\n"
        "    if os.fork() == 0:\n"
        "        os.setsid()\n"
        "        for fd in (0, 1, 2): os.close(fd)\n"
        "        os.write(w, b'.'); os.close(w)\n"
        "        time.sleep(600); os._exit(0)\n"
        "    os._exit(0)\n"
        "os.close(w); os.read(r, 1)\n"
        "out.write(b'<<< not json >>>\\n'); out.flush(); time.sleep(60)"),
    "flood": 'chunk = b"x" * (1 << 20)\nfor _ in range(1024): out.write(chunk)\ntime.sleep(60)',
    "utf8": 'out.write(b\'{"type": "view", "round": "\\xff\\xfe"}\\n\'); out.flush(); '
            'time.sleep(60)',
}

SAYS = {
    "deep": "malformed reply to 'new-round': '[[[[",
    "digits": "malformed reply to 'new-round': '{\"type\": \"view\", \"totals\": [999",
    "setsid-holds-stdout": "exited with code 0 (a process it started holds its output open)",
    "grandchild-setsid": "malformed reply to 'new-round': '<<< not json >>>'",
    "flood": "an answer to 'new-round' longer than 1048576 bytes (the limit of a line): 'xxx",
    "utf8": "an answer to 'new-round' that is not UTF-8 (byte 0xff at byte 28)",
}

#: ``ftn ARGS``, then its peak resident set (KB) as the last line of stderr.
LAUNCHER = (PEAK_KB + "import sys, runpy; sys.argv = ['ftn', *sys.argv[1:]]\n"
            "try:\n    runpy.run_module('verifier', run_name='__main__')\n"
            "except SystemExit as e:\n    code = e.code\nelse:\n    code = 0\n"
            "sys.stdout.flush()\n"
            "print(peak_kb(), file=sys.stderr)\n"
            "sys.exit(code)")


def session_of(pid: int) -> int:
    """The session of a process (its own id when it leads one), or 0 once
    it is gone."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0
    return int(stat.rsplit(")", 1)[1].split()[3])


def left_behind(token: str) -> list[int]:
    """The processes alive (not zombies) whose command line holds ``token``."""
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit() or int(name) == os.getpid():
            continue
        try:
            cmd = Path(f"/proc/{name}/cmdline").read_bytes()
            state = Path(f"/proc/{name}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if token.encode() in cmd and state != "Z":
            found.append(int(name))
    return found


def hostile_audit(folder: Path, body: str, *extra: str) -> tuple[int, dict[str, object], str,
                                                                   int]:
    """``ftn audit --engine`` of an engine that does ``body``: the exit code,
    the JSON report, standard error and ftn's peak memory (KB)."""
    script = folder / "engine.py"
    script.write_text(ENGINE.replace("HOSTILE", body), encoding="utf-8")
    args = ["audit", "--engine", f"{sys.executable} {script}", "--generate", "1",
            "--timeout", "3", "--format", "json", *extra]
    p = subprocess.run([sys.executable, "-c", LAUNCHER, *args], capture_output=True, text=True,
                       cwd=ROOT, timeout=60, env={**os.environ, "PYTHONWARNINGS": "ignore"})
    lines = p.stderr.rstrip("\n").split("\n")
    return p.returncode, json.loads(p.stdout), "\n".join(lines[:-1]), int(lines[-1])


@pytest.mark.slow
@pytest.mark.parametrize("name", list(HOSTILE))
def test_a_hostile_engine_is_an_engine_failure_and_leaves_nothing(tmp_path: Path,
                                                                  name: str) -> None:
    code, doc, stderr, peak_kb = hostile_audit(tmp_path, HOSTILE[name])
    assert "Traceback" not in stderr and "Exception" not in stderr, stderr
    assert code == 1
    failing = doc["failing"]
    assert isinstance(failing, list) and len(failing) == 1
    assert failing[0]["failure"].startswith(SAYS[name]), failing[0]["failure"]
    assert peak_kb < 200 * 1024, f"{peak_kb} KB"
    # A killed process may take a moment to go; the deadline only keeps a
    # process that never goes from hanging the suite.
    deadline = time.monotonic() + 60
    while left_behind(str(tmp_path)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert left_behind(str(tmp_path)) == []


def test_what_is_kept_of_stderr_is_bounded(tmp_path: Path) -> None:
    from verifier.live.process import STDERR_KEPT, EngineError, EngineProcess

    script = tmp_path / "engine.py"
    script.write_text("import sys\nfor _ in range(200):\n    sys.stderr.write('e' * 100000)\n"
                      "sys.stderr.write('\\nlast words \\x1b[2J\\n')\nsys.exit(4)\n")
    eng = EngineProcess(f"{sys.executable} {script}", 5.0)
    try:
        with pytest.raises(EngineError) as e:
            eng.ask({"type": "new-game"}, "ready")
        assert len(eng.err) <= STDERR_KEPT
    finally:
        eng.close()
    assert str(e.value) == "exited with code 4; stderr: last words \\x1b[2J"


@pytest.mark.slow
def test_an_engine_that_never_reads_is_not_waited_for_forever(tmp_path: Path) -> None:
    """Questions the engine does not read fill the pipe: the write is
    bounded by the timeout too."""
    from verifier.live.process import EngineError, EngineProcess

    script = tmp_path / "engine.py"
    script.write_text("import time\ntime.sleep(60)\n")
    eng = EngineProcess(f"{sys.executable} {script}", 0.5)
    try:
        # The write gives up at the timeout (a write that blocked would hang
        # the test until pytest-timeout fails it).
        with pytest.raises(EngineError, match=r"no answer within 0\.5 s to 'event'"):
            eng.ask({"type": "event", "pad": "x" * (1 << 20)}, "view")
    finally:
        eng.close()
    assert left_behind(str(tmp_path)) == []


@pytest.mark.parametrize(("command", "says"), [
    ('python "engine.py', "cannot start: the command does not parse: No closing quotation"),
    ("  ", "cannot start: the command is empty"),
    ("no-such-engine-at-all --fast",
     "cannot start: no-such-engine-at-all: No such file or directory"),
])
def test_a_command_that_cannot_be_run(command: str, says: str) -> None:
    from notation.ftn.printer import print_games
    from verifier.live.protocol import audit_engine
    from verifier.pipeline.jobs.load import read_any
    from verifier.rules.generate import generate_games

    games, _ = read_any(print_games(list(generate_games(2, 1, 1))))
    (audit,) = audit_engine(command, games, 1.0)
    assert audit.failure == says


@pytest.mark.slow
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP], ids=["TERM", "HUP"])
def test_a_terminated_audit_kills_its_engine_first(tmp_path: Path, sig: int) -> None:
    script = tmp_path / "engine.py"
    script.write_text(ENGINE.replace("HOSTILE", HOSTILE["grandchild-setsid"].replace(
        "out.write(b'<<< not json >>>\\n'); out.flush(); ", "")), encoding="utf-8")
    p = subprocess.Popen(
        command("audit", "--engine", f"{sys.executable} {script}",
         "--generate", "1", "--timeout", "60"), cwd=ROOT, stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE, env={**os.environ, "PYTHONWARNINGS": "ignore"})
    def engine_and_grandchild() -> list[int]:
        return [q for q in left_behind(str(tmp_path)) if q != p.pid]  # the audit's names it too

    def settled() -> bool:
        """The engine and its grandchild alone (the child between them has
        exited), each leading a session: the engine one the audit gave it,
        the grandchild its own (setsid done)."""
        found = engine_and_grandchild()
        return len(found) == 2 and all(session_of(q) == q for q in found)

    try:
        # Until the engine and its setsid grandchild are both there (the
        # engine then stops answering), or the audit has ended; the deadline
        # only keeps a hung run from hanging the suite.
        deadline = time.monotonic() + 600
        while not settled() and p.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert settled()
        p.send_signal(sig)
        _, err = p.communicate(timeout=30)
    finally:
        p.kill()
    assert "Traceback" not in err.decode()
    assert p.returncode == 128 + sig
    deadline = time.monotonic() + 60  # as above: only against a hang
    while left_behind(str(tmp_path)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert left_behind(str(tmp_path)) == []
