"""A fuzzer for ``ftn server``: the server as a process, spoken to over its
standard input and output as an editor does, and as a hostile one does.

Boundary: test tooling, not part of the package. ``Server`` is a raw client
(``lsp_session.Raw``: frames written as bytes, answers read by a thread); ``run`` drives one
server through ``exchanges`` messages of five kinds: framing (headers bad,
missing, huge, negative or garbled Content-Lengths, bodies cut short,
longer than said, not JSON, not UTF-8), positions (negative, huge, inside a
surrogate pair, on documents not open), edits (random incremental changes,
ranges out of bounds, quick successions of them), random requests, and
typing (a document set to a prefix of a sample, cut anywhere, as it is
while typed, then asked for its outline, folding ranges, a hover, code
actions and completions at its end). It counts what escapes: a request
not answered within ``--hang`` seconds is a hang, a server that ends is a
death (each is restarted), an answer that is an internal error (a handler
that failed: JSON-RPC -32603) or a handler's failure on its log a failure,
a "Traceback" on its standard error a traceback; and it reads the server's
peak memory
(VmHWM of /proc/PID/status) and fails it over ``--rss`` MB.

The long run::

    python tests/fuzz/fuzz_server.py --exchanges 100000 --seed 1

The short run is ``tests/fuzz/test_fuzz_server.py``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"
sys.path.insert(0, str(ROOT / "tests"))

from support.lsp_session import Raw as Server  # noqa: E402

# --------------------------------------------------------------------------
# What is sent


def _sample(name: str) -> str:
    return (SAMPLES / name).read_text(encoding="utf-8")


def documents() -> dict[str, str]:
    """The documents kept open: a valid record, an invalid one, one with a
    lone CR and characters beyond the BMP, a JSON Lines one, comments only."""
    ftn = _sample("valid/two-players-r8-3.ftn")
    bad = _sample("invalid/points-mismatch.ftn")
    odd = "# caf\u00e9 \U0001f600\r# lone CR above\r\n" + bad.replace("\n", "\r\n", 3)
    return {"file:///fuzz/a.ftn": ftn, "file:///fuzz/b.ftn": bad,
            "file:///fuzz/c.ftn": odd, "file:///fuzz/d.jsonl": "{}\n" * 50,
            "file:///fuzz/e.ftn": "# only a comment\n"}


def _bad_frame(rng: random.Random) -> bytes:
    """A message badly framed (the stream after it well framed again)."""
    body = json.dumps({"jsonrpc": "2.0", "method": "x/y", "params": {}}).encode()
    n = len(body)
    kind = rng.randrange(12)
    if kind == 0:
        return b"Content-Length: 100000000000000000000\r\n\r\n" + body
    if kind == 1:
        return b"Content-Length: -%d\r\n\r\n" % n + body
    if kind == 2:
        value = rng.choice([b"abc", b"1e3", b"", b"0x10", b"12 3"])
        return b"Content-Length: %s\r\n\r\n" % value + body
    if kind == 3:
        return b"Content-Type: application/vscode-jsonrpc\r\n\r\n" + body
    if kind == 4:  # cut short: the rest of the length is blanks (not JSON)
        cut = rng.randrange(n)
        return b"Content-Length: %d\r\n\r\n" % n + body[:cut] + b" " * (n - cut)
    if kind == 5:  # longer than its length says
        return b"Content-Length: %d\r\n\r\n" % max(1, n - rng.randrange(1, n)) + body
    if kind == 6:  # not JSON
        junk = bytes(rng.randrange(32, 127) for _ in range(rng.randrange(1, 80)))
        return b"Content-Length: %d\r\n\r\n" % len(junk) + junk
    if kind == 7:  # not UTF-8
        junk = b'{"jsonrpc": "2.0", "method": "\xff\xfe\xc3"}'
        return b"Content-Length: %d\r\n\r\n" % len(junk) + junk
    if kind == 8:  # JSON, not a message
        junk = rng.choice([b"[]", b"3", b'"x"', b"null", b'{"a": 1}', b"[" * 5000,
                           b'{"jsonrpc": "2.0", "id": [1], "method": "textDocument/hover"}'])
        return b"Content-Length: %d\r\n\r\n" % len(junk) + junk
    if kind == 9:  # a header line far too long
        return b"X-" + b"a" * rng.randrange(5000, 20000) + b": 1\r\n\r\n"
    if kind == 10:  # random bytes
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200))).replace(
            b"\n", b"").replace(b"\r", b"") + b"\r\n"
    return b"Content-Length: 5\r\nContent-Length: 7\r\n\r\n" + b"{}     "


_METHODS = ["textDocument/hover", "textDocument/completion", "textDocument/formatting",
            "textDocument/codeAction", "textDocument/definition", "workspace/symbol",
            "ftn/unknown", "textDocument/documentSymbol", "textDocument/foldingRange"]
#: What an editor asks of a document while it is typed (``typing``).
_TYPING = ["textDocument/documentSymbol", "textDocument/foldingRange", "textDocument/hover",
           "textDocument/codeAction", "textDocument/completion"]
#: The JSON-RPC code of an internal error: a handler failed.
INTERNAL = -32603


def _position(rng: random.Random) -> dict[str, Any]:
    pick = rng.randrange(6)
    if pick == 0:
        return {"line": -rng.randrange(1, 5), "character": rng.randrange(5)}
    if pick == 1:
        return {"line": rng.randrange(3), "character": -rng.randrange(1, 5)}
    if pick == 2:
        return {"line": rng.choice([10**6, 2**31 - 1, 2**40]), "character": 0}
    if pick == 3:
        return {"line": 0, "character": rng.choice([6, 7, 10**9])}  # mid-surrogate, past end
    return {"line": rng.randrange(40), "character": rng.randrange(30)}


def _request(rng: random.Random, uris: list[str]) -> tuple[str, Any]:
    uri = rng.choice([*uris, "file:///fuzz/not-open.ftn"])
    doc = {"uri": uri}
    method = rng.choice(_METHODS)
    if rng.random() < 0.05:
        return method, rng.choice([None, [], 7, "x", {"textDocument": 3}])
    if method == "textDocument/formatting":
        return method, {"textDocument": doc, "options": {"tabSize": 2, "insertSpaces": True}}
    if method == "textDocument/codeAction":
        return method, {"textDocument": doc, "range": {"start": _position(rng),
                                                       "end": _position(rng)},
                        "context": {"diagnostics": []}}
    if method in ("workspace/symbol",):
        return method, {"query": "x"}
    if method in ("textDocument/documentSymbol", "textDocument/foldingRange"):
        return method, {"textDocument": doc}
    return method, {"textDocument": doc, "position": _position(rng)}


def _typed(rng: random.Random) -> str:
    """A prefix of a sample, cut at any character (a document being typed)."""
    text = rng.choice([_sample("valid/start-mid-game.ftn"), _sample("valid/four-players.ftn"),
                       _sample("invalid/points-mismatch.ftn")])
    return text[: rng.randrange(len(text) + 1)]


def _typing_requests(uri: str, text: str) -> list[tuple[str, Any]]:
    """Each request of ``_TYPING`` at the end of ``text``."""
    lines = text.split("\n")
    end = {"line": len(lines) - 1, "character": len(lines[-1])}
    doc = {"uri": uri}
    out: list[tuple[str, Any]] = []
    for method in _TYPING:
        if method == "textDocument/codeAction":
            out.append((method, {"textDocument": doc, "range": {
                "start": {"line": 0, "character": 0}, "end": end}, "context": {"diagnostics": []}}))
        elif method in ("textDocument/documentSymbol", "textDocument/foldingRange"):
            out.append((method, {"textDocument": doc}))
        else:
            out.append((method, {"textDocument": doc, "position": end}))
    return out


def _change(rng: random.Random, uri: str, version: int) -> dict[str, Any]:
    changes: list[dict[str, Any]] = []
    for _ in range(rng.randrange(1, 4)):
        if rng.random() < 0.03:
            changes.append({"text": rng.choice(list(documents().values()))})
            continue
        start = {"line": rng.randrange(-1, 45), "character": rng.randrange(-1, 40)}
        if rng.random() < 0.5:
            end = dict(start)
        else:
            end = {"line": start["line"] + rng.randrange(0, 3),
                   "character": rng.randrange(0, 40)}
        text = rng.choice(["", "x", "\n", "\r", "\r\n", " =18", "game\n", "end\n",
                           "\U0001f600", "  N 1-2\n", "# \u00e9\r", "round 1\n"])
        changes.append({"range": {"start": start, "end": end}, "text": text})
    return {"textDocument": {"uri": uri, "version": version}, "contentChanges": changes}


# --------------------------------------------------------------------------
# The run


@dataclass
class Tally:
    exchanges: int = 0
    requests: int = 0
    answered: int = 0
    errors: int = 0  # answers that are JSON-RPC errors
    hangs: int = 0
    deaths: int = 0
    internal: int = 0  # answers that are internal errors: a handler failed
    tracebacks: int = 0
    hwm_kb: int = 0
    starts: int = 0
    by_kind: dict[str, int] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)


def _start(tally: Tally) -> tuple[Server, dict[str, int]]:
    s = Server()
    s.initialize()
    tally.starts += 1
    versions = {}
    for uri, text in documents().items():
        s.open(uri, text, "jsonl" if uri.endswith(".jsonl") else "ftn")
        versions[uri] = 1
    return s, versions


def _end(s: Server, tally: Tally) -> None:
    tally.hwm_kb = max(tally.hwm_kb, s.hwm_kb())
    s.close()
    tally.tracebacks += s.tracebacks()
    if s.tracebacks():
        tally.failures.append("traceback: " + b"".join(s.stderr[-20:]).decode(errors="replace"))
    failed = [line for line in s.stderr if b"a handler failed" in line]
    tally.internal += len(failed)  # (caught by the server and logged: a fault all the same)
    tally.failures += ["logged: " + line.decode(errors="replace") for line in failed[:20]]


def _ask(s: Server, method: str, params: Any, tally: Tally, hang: float = 60.0) -> bool:
    """One request, and what its answer says; False when none came (a hang,
    or a death: the server is to be started again)."""
    msg_id = s.request(method, params)
    tally.exchanges += 1
    tally.requests += 1
    got = s.answer(msg_id, hang)
    if got is None:
        dead = s.proc.poll() is not None
        tally.deaths += dead
        tally.hangs += not dead
        tally.failures.append(f"{'death' if dead else 'hang'}: {method} {params}")
        return False
    tally.answered += 1
    tally.errors += "error" in got
    if "error" in got and got["error"].get("code") == INTERNAL:
        tally.internal += 1
        tally.failures.append(f"internal error: {method} {str(params)[:200]}: "
                              f"{str(got['error'].get('message'))[:200]}")
    return True


def _type(s: Server, rng: random.Random, versions: dict[str, int], tally: Tally,
          hang: float) -> bool:
    """A document set to a state while typing, then every request of an
    editor at its end; False when one was not answered."""
    uri, text = "file:///fuzz/a.ftn", _typed(rng)
    versions[uri] += 1
    s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": versions[uri]},
                                        "contentChanges": [{"text": text}]})
    tally.exchanges += 1
    return all(_ask(s, method, params, tally, hang)
               for method, params in _typing_requests(uri, text))


def run(exchanges: int, seed: int = 1, hang: float = 60.0, rss_mb: int = 1024,
        out: IO[str] | None = None) -> Tally:
    """Drive servers through ``exchanges`` messages; what escaped."""
    rng = random.Random(seed)
    tally = Tally()
    s, versions = _start(tally)
    uris = list(versions)
    began = time.monotonic()
    while tally.exchanges < exchanges:
        kind = rng.choice(["framing", "position", "edits", "request", "typing"])
        tally.by_kind[kind] = tally.by_kind.get(kind, 0) + 1
        try:
            if kind == "framing":
                s.raw(_bad_frame(rng))
                tally.exchanges += 1
            elif kind == "typing":
                if not _type(s, rng, versions, tally, hang):
                    _end(s, tally)
                    s, versions = _start(tally)
                continue
            elif kind == "edits":
                uri = rng.choice(uris)
                for _ in range(rng.choice([1, 1, 2, 5, 20])):
                    versions[uri] += 1
                    s.notify("textDocument/didChange", _change(rng, uri, versions[uri]))
                    tally.exchanges += 1
            if kind in ("position", "request") or rng.random() < 0.5:
                method, params = (_request(rng, uris) if kind != "position" else
                                  ("textDocument/hover",
                                   {"textDocument": {"uri": rng.choice(uris)},
                                    "position": _position(rng)}))
                if not _ask(s, method, params, tally, hang):
                    _end(s, tally)
                    s, versions = _start(tally)
                    continue
        except (BrokenPipeError, OSError):
            tally.deaths += 1
            tally.failures.append("death: the server's input closed")
            _end(s, tally)
            s, versions = _start(tally)
        if tally.exchanges % 5000 < 25:
            tally.hwm_kb = max(tally.hwm_kb, s.hwm_kb())
    _end(s, tally)
    if tally.hwm_kb > rss_mb * 1024:
        tally.failures.append(f"memory: VmHWM {tally.hwm_kb // 1024} MB over {rss_mb} MB")
    if out is not None:
        took = time.monotonic() - began
        print(f"fuzz_server: {tally.exchanges} exchanges in {took:.0f} s ({tally.requests} "
              f"requests, {tally.answered} answered, {tally.errors} of them errors); "
              f"{tally.hangs} hangs, {tally.deaths} deaths, {tally.internal} internal errors, "
              f"{tally.tracebacks} tracebacks; "
              f"peak VmHWM {tally.hwm_kb // 1024} MB; {tally.starts} server starts; "
              f"kinds {tally.by_kind}", file=out)
        for f in tally.failures[:20]:
            print("  " + f[:500], file=out)
    return tally


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--exchanges", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--hang", type=float, default=60.0, help="seconds an answer may take")
    ap.add_argument("--rss", type=int, default=1024, help="MB of peak memory allowed")
    a = ap.parse_args()
    tally = run(a.exchanges, a.seed, a.hang, a.rss, sys.stdout)
    return 1 if tally.failures else 0


if __name__ == "__main__":
    sys.exit(main())
