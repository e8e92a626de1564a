"""A live engine that answers at random (the protocol fuzzer's engine): most
messages it answers as the correct engine does; now and then (``--rate``) it
does something hostile instead: garbage, a flood, a partial line, an exit,
a sleep past the timeout, a fork that holds its output or leaves the
session, deep JSON, a huge number, bytes that are not UTF-8, a stderr flood.

Run by ``fuzz_engines.py``: ``python random_engine.py --seed N --rate P TOKEN``
(TOKEN marks every process it starts, for the fuzzer to find in ``/proc``).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engines"))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from _base import Engine

from verifier.rules.game import GameState
from verifier.rules.round import RoundState

OUT = sys.stdout.buffer


def put(data: bytes) -> None:
    OUT.write(data)
    OUT.flush()


def _fork(rng: random.Random, then: str) -> None:
    """A child that lives on: in this session or a new one, holding the pipes
    or with them closed, silent or writing garbage."""
    if os.fork() != 0:
        return
    try:
        if rng.random() < 0.5:
            os.setsid()
        if rng.random() < 0.3 and os.fork() != 0:  # a grandchild, its parent gone
            os._exit(0)
        if then == "close":
            for fd in (0, 1, 2):
                os.close(fd)
        elif then == "garbage":
            for _ in range(rng.randrange(1, 50)):
                os.write(1, b"child says hello\n")
                time.sleep(0.01)
        time.sleep(600)
    finally:
        os._exit(0)


def hostile(rng: random.Random, reply: dict[str, Any] | None) -> bool:
    """Do one hostile thing instead of (or around) ``reply``; whether the
    reply is still to be sent."""
    what = rng.randrange(16)
    if what == 0:
        put(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200))) + b"\n")
    elif what == 1:  # a flood without a newline
        chunk = b"x" * (1 << 16)
        for _ in range(rng.randrange(1, 64)):
            put(chunk)
    elif what == 2:  # many short lines
        put(b"{}\n" * rng.randrange(1, 100000))
    elif what == 3:  # a partial line, then silence or an exit
        put(json.dumps(reply or {"type": "view"}).encode()[: rng.randrange(1, 20)])
        if rng.random() < 0.5:
            os._exit(rng.randrange(256))
        time.sleep(rng.random() * 3)
    elif what == 4:
        sys.stderr.write("engine: giving up\x1b[2J\n")
        sys.stderr.flush()
        os._exit(rng.choice((0, 1, 3, 127)))
    elif what == 5:
        time.sleep(rng.random() * 3)
        return rng.random() < 0.5
    elif what == 6:
        _fork(rng, rng.choice(("hold", "close", "garbage")))
        return True
    elif what == 7:
        n = rng.choice((100, 1000, 200000))
        put(b"[" * n + b"]" * n + b"\n")
    elif what == 8:
        put(b'{"type": "view", "totals": [' + b"9" * rng.choice((20, 5000, 100000)) + b"]}\n")
    elif what == 9:
        put(b'{"type": "view", "round": "\xff\xfe\xc3"}\n')
    elif what == 10:
        sys.stderr.write("e" * rng.randrange(1, 1 << 20))
        sys.stderr.flush()
        return True
    elif what == 11:  # an extra line after the answer: the next one is off by one
        if reply is not None:
            put(json.dumps(reply).encode() + b"\n")
        put(json.dumps({"type": "view", "legal": [[[9, 9], None]]}).encode() + b"\n")
        return False
    elif what == 12:
        os.close(1)
        time.sleep(rng.random() * 3)
    elif what == 13:  # the right type, nonsense inside
        put(json.dumps({"type": rng.choice(("view", "ready")), "legal": rng.choice(
            (None, 3, "x", [[1]], [[[1, 2, 3], "z"]])), "totals": rng.choice(
            (None, [], ["a"], {"x": 1})), "last": rng.choice((None, 5, [], {}))}).encode()
            + b"\n")
    elif what == 14:
        put(b'{"type": "view", "note": "\x1b]0;owned\x07\x1b[2J\\u0000"}\n')
    else:  # the answer in pieces, slowly
        if reply is not None:
            data = json.dumps(reply).encode() + b"\n"
            for i in range(0, len(data), 7):
                put(data[i:i + 7])
                time.sleep(0.001)
        return False
    return False


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rate", type=float, default=0.02)
    ap.add_argument("token", nargs="?")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    eng = Engine(RoundState, GameState)
    for line in sys.stdin:
        try:
            msg = json.loads(line)
            if msg.get("type") == "quit":
                return
            reply = eng.handle(msg)
        except Exception:  # an engine that breaks on its own
            reply = {"type": "error"}
        send = True
        if rng.random() < args.rate:
            send = hostile(rng, reply)
        if send and reply is not None:
            try:
                put(json.dumps(reply).encode() + b"\n")
            except OSError:
                time.sleep(5)


if __name__ == "__main__":
    main()
