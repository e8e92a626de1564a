"""Running ``ftn ARGS`` in the tests: one implementation (``run_ftn``) that
runs it in-process (Typer's ``CliRunner``, one instance, private here) or as
a new process (``sys.executable -m verifier``, with a working folder, extra
environment, standard input as text or bytes, a timeout and a function run
in the child before it starts), and returns one result type (``Ran``). The
test functions call it through the fixture ``ftn`` (``conftest.py``, typed
``Ftn``); helpers and the fixtures of a module or session call ``run_ftn``.
The environments that several tests give a new process are named here
(``CHECKOUT``, ``QUIET``). Tests that drive a live process interactively
(a terminal, signals, the language server) build their command line with
``command``. It does not check what ``ftn`` printed (the tests do; the one
shared assertion, ``no_traceback``, is here)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Generic, Literal, Protocol, TypeVar, overload

from typer.testing import CliRunner

from support.paths import ROOT
from verifier.cli.app import app

Out = TypeVar("Out", str, bytes)

#: The one in-process runner (standard output and error kept apart).
_runner = CliRunner()

#: The environment of a new process that runs outside the checkout: its
#: packages importable from any folder.
CHECKOUT: Mapping[str, str] = {"PYTHONPATH": str(ROOT)}
#: The same, Python's warnings off (the output is the program's alone).
QUIET: Mapping[str, str] = {**CHECKOUT, "PYTHONWARNINGS": "ignore"}


class Ran(tuple[int, Out, Out], Generic[Out]):
    """What a run of ``ftn`` gave: its exit status, standard output and
    error, which it unpacks to (``code, out, err = ftn([...])``), by name
    (``returncode``, ``stdout``, ``stderr``); ``output``, both streams as
    written (interleaved in-process; one after the other from a process);
    ``exception``, the exception an in-process run ended in (``SystemExit``
    for an exit status other than 0; None for a process)."""

    output: Out
    exception: BaseException | None

    @property
    def returncode(self) -> int:
        return self[0]

    @property
    def stdout(self) -> Out:
        return self[1]

    @property
    def stderr(self) -> Out:
        return self[2]


def _ran(code: int, out: Out, err: Out, output: Out,
         exception: BaseException | None = None) -> Ran[Out]:
    r = Ran((code, out, err))
    r.output = output
    r.exception = exception
    return r


def command(*args: str) -> list[str]:
    """The command line that runs ``ftn ARGS`` as a new process."""
    return [sys.executable, "-m", "verifier", *args]


@overload
def run_ftn(args: list[str], *, process: bool = False, stdin: str | bytes | int | None = None,
            cwd: Path = ROOT, env: Mapping[str, str] | None = None,
            timeout: float | None = None, binary: Literal[False] = False,
            preexec: Callable[[], None] | None = None) -> Ran[str]: ...


@overload
def run_ftn(args: list[str], *, process: bool = False, stdin: str | bytes | int | None = None,
            cwd: Path = ROOT, env: Mapping[str, str] | None = None,
            timeout: float | None = None, binary: Literal[True],
            preexec: Callable[[], None] | None = None) -> Ran[bytes]: ...


def run_ftn(args: list[str], *, process: bool = False, stdin: str | bytes | int | None = None,
            cwd: Path = ROOT, env: Mapping[str, str] | None = None,
            timeout: float | None = None, binary: bool = False,
            preexec: Callable[[], None] | None = None) -> Ran[str] | Ran[bytes]:
    """``ftn ARGS`` in-process, or as a new process when ``process`` (then
    ``cwd``, ``timeout`` and ``preexec`` (run in the child before ``exec``)
    apply). ``env`` is added to this process's environment for the run;
    ``binary`` gives standard output and error as bytes. ``stdin`` is the
    text or bytes to send, or a file descriptor the process reads."""
    if not process:
        assert not isinstance(stdin, int) and preexec is None
        r = _runner.invoke(app, args, input=stdin, env=env)
        if binary:
            return _ran(r.exit_code, r.stdout_bytes, r.stderr_bytes, r.output_bytes, r.exception)
        return _ran(r.exit_code, r.stdout, r.stderr, r.output, r.exception)
    feed = {"stdin": stdin} if isinstance(stdin, int) else {"input": stdin}
    p = subprocess.run(command(*args), capture_output=True, text=not binary,
                       cwd=cwd, check=False, timeout=timeout, preexec_fn=preexec,
                       env={**os.environ, **env} if env is not None else None, **feed)
    return _ran(p.returncode, p.stdout, p.stderr, p.stdout + p.stderr)


class Ftn(Protocol):
    """The type of the fixture ``ftn``: ``run_ftn``."""

    @overload
    def __call__(self, args: list[str], *, process: bool = False,
                 stdin: str | bytes | int | None = None, cwd: Path = ROOT,
                 env: Mapping[str, str] | None = None, timeout: float | None = None,
                 binary: Literal[False] = False,
                 preexec: Callable[[], None] | None = None) -> Ran[str]: ...

    @overload
    def __call__(self, args: list[str], *, process: bool = False,
                 stdin: str | bytes | int | None = None, cwd: Path = ROOT,
                 env: Mapping[str, str] | None = None, timeout: float | None = None,
                 binary: Literal[True],
                 preexec: Callable[[], None] | None = None) -> Ran[bytes]: ...


def no_traceback(p: Ran[bytes], codes: tuple[int, ...]) -> str:
    """The output of a run that ended in one of ``codes`` without a traceback."""
    out = (p.stdout + p.stderr).decode("utf-8", "replace")
    assert "Traceback" not in out, out[-3000:]
    assert p.returncode in codes, (p.returncode, out[-3000:])
    return out
