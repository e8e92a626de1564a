"""A fuzzer for the live protocol, beside the records fuzzer: ``ftn audit
--engine`` (the library's ``protocol.audit_engine``, in this process) against
engines that answer at random (``random_engine.py``: garbage, floods,
partial lines, exits, sleeps, forks, deep JSON, huge numbers, bad UTF-8).

Boundary: test tooling, not part of the package. It counts the exchanges
(questions asked), the tracebacks (any exception out of the audit or its
rendering), the hangs (an audit that takes longer than its answers' timeouts
allow, or an answer waited for past the timeout), the processes left behind
(alive in ``/proc`` with the run's token in their command line, after each
audit) and raw control characters in the rendered report; and prints them
with the peak memory.

The long run::

    python tests/fuzz/fuzz_engines.py --exchanges 100000 --seed 1

The short run is in ``test_fuzz.py``.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import re
import resource
import signal
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from verifier.audit.defects import AuditSummary  # noqa: E402
from verifier.live import process as enginepipe  # noqa: E402
from verifier.live import protocol  # noqa: E402
from verifier.pipeline.results import Context  # noqa: E402
from verifier.render import FORMATS  # noqa: E402
from verifier.rules.generate import generate_games  # noqa: E402

ENGINE = Path(__file__).resolve().parent / "random_engine.py"
RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f]")


class Hang(Exception):
    pass


def _alarm(signum: int, frame: Any) -> None:
    raise Hang


@dataclass
class Tally:
    audits: int = 0
    exchanges: int = 0
    games: int = 0
    failures: int = 0
    tracebacks: int = 0
    hangs: int = 0
    left: int = 0
    raw: int = 0
    slowest: float = 0.0


def left_behind(token: str) -> list[int]:
    """Live processes (not zombies) whose command line holds ``token``."""
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit() or int(name) == os.getpid():
            continue
        try:
            with open(f"/proc/{name}/cmdline", "rb") as f:
                cmd = f.read()
            with open(f"/proc/{name}/stat", "rb") as f:
                state = f.read().rsplit(b")", 1)[1].split()[0]
        except OSError:
            continue
        if token.encode() in cmd and state != b"Z":
            found.append(int(name))
    return found


def _counting(tally: Tally) -> Callable[[], None]:
    """Count every question, and time every wait; undo with the result."""
    ask = enginepipe.EngineProcess.ask

    def counted(self: enginepipe.EngineProcess, msg: dict[str, Any], expect: str | tuple[str, ...]
                ) -> dict[str, Any]:
        tally.exchanges += 1
        t0 = time.monotonic()
        try:
            return ask(self, msg, expect)
        finally:
            took = time.monotonic() - t0
            tally.slowest = max(tally.slowest, took)
            if took > self.timeout + 5:
                tally.hangs += 1

    enginepipe.EngineProcess.ask = counted  # type: ignore[method-assign]

    def undo() -> None:
        enginepipe.EngineProcess.ask = ask  # type: ignore[method-assign]

    return undo


def run(exchanges: int, seed: int = 1, rate: float = 0.01, timeout: float = 1.0,
        games_per_audit: int = 4, out: Any = sys.stdout, report_every: float = 60.0,
        seconds: float | None = None) -> Tally:
    """Audits until ``exchanges`` questions were asked (or ``seconds`` passed)."""
    token = f"ftn-fuzz-{os.getpid()}-{seed}"
    tally = Tally()
    games = [g for p in (2, 3, 4) for g in generate_games(p, 8, seed)]
    undo = _counting(tally)
    old = signal.signal(signal.SIGALRM, _alarm)
    start = last = time.monotonic()
    n = 0
    try:
        while tally.exchanges < exchanges and (
                seconds is None or time.monotonic() - start < seconds):
            n += 1
            picked = [games[(n * games_per_audit + i) % len(games)]
                      for i in range(games_per_audit)]
            command = (f"{sys.executable} {ENGINE} --seed {seed * 1_000_003 + n} "
                       f"--rate {rate} {token}")
            # An audit may wait a timeout per answer and per restart; far more is a hang.
            limit = 60 + games_per_audit * 4 * (timeout + 2)
            signal.setitimer(signal.ITIMER_REAL, limit)
            try:
                audits = list(protocol.audit_engine(command, picked, timeout))
                summary = AuditSummary(audits)
                for fmt in ("text", "concise", "junit", "github"):
                    buf = io.StringIO()
                    FORMATS[fmt].renderer(buf, Context()).audit(summary)
                    if RAW.search(buf.getvalue().replace("\t", "")):
                        tally.raw += 1
                        print(f"audit {n}: raw control characters in {fmt}", file=out)
                tally.games += len(audits)
                tally.failures += sum(1 for a in audits if a.failure is not None)
            except Hang:
                tally.hangs += 1
                print(f"audit {n} ({command}): hang", file=out, flush=True)
            except Exception:
                tally.tracebacks += 1
                print(f"audit {n} ({command}):\n{traceback.format_exc()}", file=out, flush=True)
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
            tally.audits += 1
            left = left_behind(token)
            if left:
                time.sleep(0.2)
                left = left_behind(token)
            if left:
                tally.left += len(left)
                print(f"audit {n}: {len(left)} processes left: {left}", file=out, flush=True)
                for pid in left:
                    with contextlib.suppress(OSError):
                        os.kill(pid, signal.SIGKILL)
            now = time.monotonic()
            if now - last >= report_every:
                last = now
                print(f"{tally.exchanges} exchanges, {tally.audits} audits, "
                      f"{tally.exchanges / (now - start):.0f}/s; {tally.tracebacks} tracebacks, "
                      f"{tally.hangs} hangs, {tally.left} left", file=out, flush=True)
    finally:
        signal.signal(signal.SIGALRM, old)
        undo()
    took = time.monotonic() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    print(f"fuzz-engines: {tally.exchanges} exchanges in {tally.audits} audits "
          f"({tally.games} games, {tally.failures} engine failures) in {took:.0f} s, seed {seed}: "
          f"{tally.tracebacks} tracebacks, {tally.hangs} hangs, {tally.left} processes left, "
          f"{tally.raw} reports with raw control characters; slowest answer "
          f"{tally.slowest:.2f} s (timeout {timeout:g} s); peak memory {peak} MB",
          file=out, flush=True)
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--exchanges", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rate", type=float, default=0.01,
                        help="the share of answers that are hostile")
    parser.add_argument("--timeout", type=float, default=1.0)
    parser.add_argument("--report-every", type=float, default=60.0, help="seconds")
    args = parser.parse_args(argv)
    t = run(args.exchanges, args.seed, args.rate, args.timeout, report_every=args.report_every)
    return 1 if t.tracebacks or t.hangs or t.left or t.raw else 0


if __name__ == "__main__":
    sys.exit(main())
