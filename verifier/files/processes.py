"""Processes a command starts, and how they end: every one of them, in time.

Boundary: the operating-system plumbing under ``live.process`` (a
live engine) and ``pipeline.workers`` (a pool of worker processes). On Linux it makes
this process a child subreaper (``prctl(PR_SET_CHILD_SUBREAPER)``), so that
what an engine starts stays among our descendants even when it calls
``setsid`` and its parent exits; it finds a process tree by walking
``/proc`` (parents, sessions, process groups) and kills it to the last
grandchild; and it asks the kernel to kill a worker, and a live engine,
when its parent dies (``prctl(PR_SET_PDEATHSIG)``), and starts a guard
that kills what the engine started when this process dies (``guard``);
and turns SIGTERM and SIGHUP into an exit
that runs the clean-up (``terminate_as_exit``). Elsewhere (no ``/proc``, no ``prctl``) it
falls back to the process group. It reads and writes no pipe.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import functools
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

PR_SET_PDEATHSIG = 1
PR_SET_CHILD_SUBREAPER = 36
PROC = "/proc"
_subreaper = False


@functools.cache
def _prctl_of_libc() -> Callable[..., int] | None:
    """libc's ``prctl`` (Linux), loaded once; None elsewhere."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        prctl: Callable[..., int] = libc.prctl
    except (OSError, AttributeError):  # pragma: no cover - a libc without prctl
        return None
    return prctl


def _prctl(option: int, value: int) -> bool:
    """``prctl(option, value)`` on Linux; False elsewhere or on failure."""
    prctl = _prctl_of_libc()
    return prctl is not None and int(prctl(option, value, 0, 0, 0)) == 0


def become_subreaper() -> bool:
    """Make this process the child subreaper of its descendants (Linux): an
    orphan among them is reparented here, not to init, so that it can still
    be found and killed. Once per process; whether it is one."""
    global _subreaper
    if not _subreaper:
        _subreaper = _prctl(PR_SET_CHILD_SUBREAPER, 1)
    return _subreaper


def die_with_parent(parent: int, sig: int = signal.SIGKILL) -> None:
    """In a child: be sent ``sig`` when the parent dies (Linux); and exit now
    when the parent ``parent`` has died already (before the request)."""
    _prctl(PR_SET_PDEATHSIG, int(sig))
    if os.getppid() != parent:
        os._exit(1)


def killed_with_this_thread() -> Callable[[], None] | None:
    """For ``Popen(preexec_fn=...)``: the child (before it runs its
    command) asks the kernel for SIGKILL when the thread that starts it
    ends, or this process dies, even by SIGKILL (Linux); and exits at once
    when this process is gone already. None where there is no ``prctl``.
    Everything it calls is loaded now: between ``fork`` and ``exec`` the
    child loads nothing (``find_library`` would start a process)."""
    prctl = _prctl_of_libc()
    if prctl is None:
        return None
    parent = os.getpid()
    sig = int(signal.SIGKILL)

    def in_child() -> None:
        prctl(PR_SET_PDEATHSIG, sig, 0, 0, 0)
        if os.getppid() != parent:
            os._exit(1)

    return in_child


#: The guard of an engine's session (``guard``): run by this Python, with
#: the engine's pid; it waits for the end of its standard input (this
#: process closed it, or died), then kills what is left of the session and
#: process group the engine leads.
_GUARD = """
import os, signal, sys
root, me = int(sys.argv[1]), os.getpid()
sys.stdin.buffer.read()
def left():
    for name in os.listdir("/proc"):
        if name.isdigit() and int(name) != me:
            try:
                with open("/proc/" + name + "/stat", "rb") as f:
                    fields = f.read().rsplit(b")", 1)[1].split()
            except OSError:
                continue
            if fields[0] not in (b"Z", b"X") and root in (int(fields[2]), int(fields[3])):
                yield int(name)
for _ in range(100):
    found = list(left())
    if not found:
        break
    for pid in found:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
"""


def guard(root: int) -> subprocess.Popen[bytes] | None:
    """A process that kills what is left of ``root``'s session and process
    group (``root`` leads both) when this process dies, even by SIGKILL:
    the processes an engine starts, which the kernel does not kill with
    the engine (``PR_SET_PDEATHSIG`` is not inherited). ``unguard`` it
    before ``root`` is killed and reaped. None without ``/proc``."""
    if not os.path.isdir(PROC) or _prctl_of_libc() is None:
        return None
    try:
        return subprocess.Popen([sys.executable, "-I", "-S", "-c", _GUARD, str(root)],
                                stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, start_new_session=True)
    except OSError:  # pragma: no cover - no process can be started
        return None


def unguard(watcher: subprocess.Popen[bytes] | None) -> None:
    """Stop a ``guard`` (it kills nothing)."""
    if watcher is None:
        return
    watcher.kill()
    with contextlib.suppress(subprocess.TimeoutExpired):
        watcher.wait(timeout=5.0)
    if watcher.stdin is not None:
        with contextlib.suppress(OSError):
            watcher.stdin.close()


@dataclass(frozen=True)
class Proc:
    """One line of ``/proc/PID/stat``: what a tree is made of."""

    pid: int
    state: str
    ppid: int
    pgrp: int
    sid: int
    start: int  # clock ticks after boot


def _stat(pid: int) -> Proc | None:
    try:
        with open(f"{PROC}/{pid}/stat", "rb") as f:
            raw = f.read().decode("ascii", "replace")
    except OSError:
        return None
    fields = raw[raw.rfind(")") + 2:].split()
    try:
        return Proc(pid, fields[0], int(fields[1]), int(fields[2]), int(fields[3]),
                    int(fields[19]))
    except (IndexError, ValueError):  # pragma: no cover - a kernel of another format
        return None


def start_time(pid: int) -> int | None:
    """When a process started (clock ticks after boot), or None."""
    p = _stat(pid)
    return None if p is None else p.start


def _all() -> list[Proc]:
    try:
        names = os.listdir(PROC)
    except OSError:
        return []
    out = []
    for name in names:
        if name.isdigit():
            p = _stat(int(name))
            if p is not None:
                out.append(p)
    return out


def tree(root: int, since: int | None) -> list[Proc]:
    """The processes of ``root``'s tree: ``root``, what is in its session or
    process group (it leads both), the descendants of those, and the orphans
    reparented to this process (a subreaper) that started after ``since``
    (the root's start) -- where a descendant that left the session ends up."""
    procs = _all()
    me = os.getpid()
    members = {root}
    grew = True
    while grew:
        grew = False
        for p in procs:
            if p.pid in members or p.pid == me:
                continue
            if (p.ppid in members or p.sid == root or p.pgrp == root or (
                    _subreaper and p.ppid == me and since is not None and p.start >= since)):
                members.add(p.pid)
                grew = True
    return [p for p in procs if p.pid in members]


def kill_tree(root: int, since: int | None, rounds: int = 200) -> int:
    """SIGKILL ``root``'s tree (``tree``) until nothing of it is alive,
    reaping the orphans reparented here; the root itself is left for its
    ``Popen`` to reap. The number of processes killed."""
    with contextlib.suppress(OSError):
        os.killpg(root, signal.SIGKILL)
    if not os.path.isdir(PROC):  # pragma: no cover - no /proc: the group is all we know
        return 0
    me = os.getpid()
    killed: set[int] = set()
    for _ in range(rounds):
        alive = False
        for p in tree(root, since):
            if p.state not in ("Z", "X"):
                alive = True
                with contextlib.suppress(OSError):
                    os.kill(p.pid, signal.SIGKILL)
                killed.add(p.pid)
            elif p.ppid == me and p.pid != root:
                with contextlib.suppress(OSError):
                    os.waitpid(p.pid, os.WNOHANG)
        if not alive:
            break
        time.sleep(0.005)
    for pid in killed - {root}:  # the orphans that were reparented here since
        with contextlib.suppress(OSError):
            os.waitpid(pid, os.WNOHANG)
    return len(killed)


@contextlib.contextmanager
def terminate_as_exit() -> Iterator[None]:
    """Within: SIGTERM and SIGHUP raise ``SystemExit`` (128 + the signal) in
    the main thread, so that ``finally`` blocks run (an audit kills its
    engine's tree) before the process ends. Elsewhere than the main thread,
    nothing changes."""
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, frame: object) -> None:
        raise SystemExit(128 + signum)

    sigs = [s for s in (getattr(signal, "SIGTERM", None), getattr(signal, "SIGHUP", None))
            if s is not None]
    old = {s: signal.signal(s, stop) for s in sigs}
    try:
        yield
    finally:
        for s, handler in old.items():
            signal.signal(s, handler)
