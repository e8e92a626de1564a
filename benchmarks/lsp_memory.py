"""The memory and the time of ``ftn server`` on a large document: a script,
not a test.

Starts ``ftn server`` as a subprocess (``lsp_session.Raw``), opens a
document, waits for its diagnostics, then makes ``--edits`` edits (a
character typed at the end of its last line), each waited for unless
``--quick`` (then all sent at once, and a hover after them); prints the
time of the open, of the edits, the diagnostics, and the server's peak
memory (VmHWM of /proc/PID/status). The documents:

- ``jsonl``: about 3.9 MB of "{}" lines as a JSON Lines file;
- ``ftn``: generated games, four players, up to about 4 MB;
- ``huge``: 52 MB of FTN comment lines (refused as too large);
- ``wrong``: the ``ftn`` games with every end total claimed one too high
  (a wrong claim on every placement line).

``--code-action`` then asks for the code actions of the whole document (an
editor's select-all, every kind: the quick fixes and "fix all") and prints
their time, their number, the answer's size (its JSON) and the edits of the
"fix all" action; with ``--resolve`` the client resolves a code action's
edit (``codeAction/resolve``), and the "fix all" action is then resolved,
measured the same way.

    python benchmarks/lsp_memory.py jsonl|ftn|huge|wrong [--edits 5] [--quick]
    python benchmarks/lsp_memory.py wrong --edits 0 --code-action [--resolve]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # lsp_session
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from support.lsp_session import Raw

from notation.ftn.printer import print_game
from verifier.rules.generate import generate_games


def document(kind: str) -> tuple[str, str]:
    """The document's file name and text."""
    if kind == "jsonl":
        return "rows.jsonl", "{}\n" * 1_300_000  # 3.9 MB
    if kind == "huge":
        return "huge.ftn", "# a comment line of the editor's huge document, 52 MB\n" * 1_000_000
    if kind == "wrong":
        text = document("ftn")[1]
        return "wrong.ftn", re.sub(r" =(\d+) ", lambda m: f" ={int(m.group(1)) + 1} ", text)
    texts, size = [], 0
    for g in generate_games(4, 900, 1):
        texts.append(print_game(g))
        size += len(texts[-1]) + 1
        if size > 3_950_000:
            break
    return "games.ftn", "\n".join(texts)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("kind", choices=["jsonl", "ftn", "huge", "wrong"])
    ap.add_argument("--edits", type=int, default=5)
    ap.add_argument("--quick", action="store_true", help="send the edits with no wait")
    ap.add_argument("--code-action", action="store_true",
                    help="then ask for the code actions of the whole document")
    ap.add_argument("--resolve", action="store_true",
                    help="a client that resolves a code action's edit")
    a = ap.parse_args()
    name, text = document(a.kind)
    uri = (Path.cwd() / name).as_uri()
    last = text.rsplit("\n", 1)[-1]
    at_line = text.count("\n")
    s = Raw()
    try:
        s.initialize(capabilities=RESOLVES if a.resolve else None)
        began = time.monotonic()
        s.open(uri, text, "jsonl" if name.endswith(".jsonl") else "ftn")
        got = s.diagnostics(uri, 600)
        assert got is not None, "no diagnostics for the open"
        opened = time.monotonic() - began
        print(f"{name}: {len(text):,} characters, {text.count(chr(10)):,} lines; open "
              f"{opened:.2f} s, {len(got['diagnostics'])} diagnostics"
              + (f" ({got['diagnostics'][0]['message'][:90]}...)" if got["diagnostics"] else ""))
        began = time.monotonic()
        for n in range(a.edits):
            at = {"line": at_line, "character": len(last) + n}
            s.notify("textDocument/didChange", {
                "textDocument": {"uri": uri, "version": n + 2},
                "contentChanges": [{"range": {"start": at, "end": at}, "text": "x"}]})
            if not a.quick:
                assert s.diagnostics(uri, 600) is not None
        if a.quick:
            answer = s.ask("textDocument/hover", {"textDocument": {"uri": uri},
                                                  "position": {"line": 0, "character": 0}}, 600)
            assert answer is not None
        took = time.monotonic() - began
        print(f"{a.edits} edits{' (quick, then a hover)' if a.quick else ''}: {took:.2f} s, "
              f"{took / max(1, a.edits) * 1000:.0f} ms each; peak memory (VmHWM) "
              f"{s.hwm_kb() / 1024:.0f} MB")
        if a.code_action:
            code_actions(s, uri, at_line, len(last), a.resolve)
    finally:
        s.close()
    print("tracebacks on stderr:", s.tracebacks())
    return 0


#: The capabilities of a client that resolves a code action's edit.
RESOLVES = {"textDocument": {"codeAction": {"resolveSupport": {"properties": ["edit"]}}}}


def code_actions(s: Raw, uri: str, line: int, character: int, resolve: bool) -> None:
    """The code actions of the whole document (every kind), measured; with
    ``resolve``, the "fix all" action's edit resolved after them."""
    began = time.monotonic()
    answer = s.ask("textDocument/codeAction", {
        "textDocument": {"uri": uri},
        "range": {"start": {"line": 0, "character": 0},
                  "end": {"line": line, "character": character}},
        "context": {"diagnostics": []}}, 600)
    took = time.monotonic() - began
    assert answer is not None and "result" in answer, answer
    actions = answer["result"] or []
    size = len(json.dumps(answer, separators=(",", ":")))
    fix_all = [a for a in actions if a.get("kind") == "source.fixAll.ftn"]
    edits = sum(len(v) for a in fix_all for v in a.get("edit", {}).get("changes", {}).values())
    print(f"code actions of the whole document: {took:.2f} s, {len(actions):,} actions, "
          f"answer {size / 1e6:.1f} MB; fix all: {edits:,} edits; peak memory (VmHWM) "
          f"{s.hwm_kb() / 1024:.0f} MB")
    if resolve and fix_all:
        began = time.monotonic()
        got = s.ask("codeAction/resolve", fix_all[0], 600)
        took = time.monotonic() - began
        assert got is not None and "result" in got, got
        edits = sum(len(v) for v in got["result"]["edit"]["changes"].values())
        print(f"fix all resolved: {took:.2f} s, {edits:,} edits, answer "
              f"{len(json.dumps(got, separators=(',', ':'))) / 1e6:.1f} MB; peak memory "
              f"(VmHWM) {s.hwm_kb() / 1024:.0f} MB")


if __name__ == "__main__":
    sys.exit(main())
