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
- ``huge``: 52 MB of FTN comment lines (refused as too large).

    python benchmarks/lsp_memory.py jsonl|ftn|huge [--edits 5] [--quick]
"""

from __future__ import annotations

import argparse
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
    texts, size = [], 0
    for g in generate_games(4, 900, 1):
        texts.append(print_game(g))
        size += len(texts[-1]) + 1
        if size > 3_950_000:
            break
    return "games.ftn", "\n".join(texts)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("kind", choices=["jsonl", "ftn", "huge"])
    ap.add_argument("--edits", type=int, default=5)
    ap.add_argument("--quick", action="store_true", help="send the edits with no wait")
    a = ap.parse_args()
    name, text = document(a.kind)
    uri = (Path.cwd() / name).as_uri()
    last = text.rsplit("\n", 1)[-1]
    at_line = text.count("\n")
    s = Raw()
    try:
        s.initialize()
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
    finally:
        s.close()
    print("tracebacks on stderr:", s.tracebacks())
    return 0


if __name__ == "__main__":
    sys.exit(main())
