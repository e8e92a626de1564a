"""Running ``ftn ARGS`` in the tests: one implementation (``run_ftn``) that
runs it in-process (Typer's ``CliRunner``, one instance) or as a new
process (``sys.executable -m verifier``, with a working folder, extra
environment, standard input as text or bytes and a timeout), and returns
one result type (``Ran``). The short forms below call it. Tests that drive
a live process interactively build their command line with ``command``.
It does not check what ``ftn`` printed (the tests do)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, Literal, TypeVar, overload

from typer.testing import CliRunner

from support.paths import ROOT
from verifier.cli.app import app

Out = TypeVar("Out", str, bytes)

#: The one in-process runner (standard output and error kept apart).
runner = CliRunner()


@dataclass(frozen=True)
class Ran(Generic[Out]):
    """What a run of ``ftn`` gave: its exit status, standard output and error."""

    returncode: int
    stdout: Out
    stderr: Out


def command(*args: str) -> list[str]:
    """The command line that runs ``ftn ARGS`` as a new process."""
    return [sys.executable, "-m", "verifier", *args]


@overload
def run_ftn(args: list[str], *, process: bool = False, stdin: str | bytes | int | None = None,
            cwd: Path = ROOT, env: dict[str, str] | None = None, timeout: float | None = None,
            binary: Literal[False] = False,
            preexec: Callable[[], None] | None = None) -> Ran[str]: ...


@overload
def run_ftn(args: list[str], *, process: bool = False, stdin: str | bytes | int | None = None,
            cwd: Path = ROOT, env: dict[str, str] | None = None, timeout: float | None = None,
            binary: Literal[True],
            preexec: Callable[[], None] | None = None) -> Ran[bytes]: ...


def run_ftn(args: list[str], *, process: bool = False, stdin: str | bytes | int | None = None,
            cwd: Path = ROOT, env: dict[str, str] | None = None, timeout: float | None = None,
            binary: bool = False,
            preexec: Callable[[], None] | None = None) -> Ran[str] | Ran[bytes]:
    """``ftn ARGS`` in-process, or as a new process when ``process`` (then
    ``cwd``, ``env`` (added to this process's), ``timeout``, ``preexec``
    (run in the child before ``exec``) and ``binary`` apply: ``binary``
    gives standard output and error as bytes). ``stdin`` is the text or
    bytes to send, or a file descriptor the process reads."""
    if not process:
        assert not isinstance(stdin, int)
        r = runner.invoke(app, args, input=stdin)
        return Ran(r.exit_code, r.stdout, r.stderr)
    feed = {"stdin": stdin} if isinstance(stdin, int) else {"input": stdin}
    p = subprocess.run(command(*args), capture_output=True, text=not binary,
                       cwd=cwd, check=False, timeout=timeout, preexec_fn=preexec,
                       env={**os.environ, **env} if env is not None else None, **feed)
    return Ran(p.returncode, p.stdout, p.stderr)


def run(*args: str, stdin: str | bytes | None = None) -> tuple[int, str, str]:
    """``ftn ARGS`` in-process: the exit status, standard output and error."""
    r = run_ftn(list(args), stdin=stdin)
    return r.returncode, r.stdout, r.stderr


def ftn(args: list[str], stdin: str | None = None) -> tuple[int, str]:
    """``ftn ARGS`` as a user runs it (a new process): the exit status and
    standard output."""
    r = run_ftn(args, process=True, stdin=stdin)
    return r.returncode, r.stdout


def ftn_bytes(args: list[str], stdin: bytes | None = None) -> tuple[int, bytes, bytes]:
    """``ftn ARGS`` in a new process, its standard output and error as bytes."""
    r = run_ftn(args, process=True, stdin=stdin, binary=True, env={"PYTHONPATH": str(ROOT)})
    return r.returncode, r.stdout, r.stderr


def spawn(*args: str, cwd: Path = ROOT, stdin: bytes | None = None,
          timeout: float = 60) -> Ran[bytes]:
    """``ftn ARGS`` in a new process, warnings off, output as bytes."""
    return run_ftn(list(args), process=True, stdin=stdin, cwd=cwd, timeout=timeout,
                   binary=True, env={"PYTHONPATH": str(ROOT), "PYTHONWARNINGS": "ignore"})


def no_traceback(p: Ran[bytes], codes: tuple[int, ...]) -> str:
    """The output of a run that ended in one of ``codes`` without a traceback."""
    out = (p.stdout + p.stderr).decode("utf-8", "replace")
    assert "Traceback" not in out, out[-3000:]
    assert p.returncode in codes, (p.returncode, out[-3000:])
    return out
