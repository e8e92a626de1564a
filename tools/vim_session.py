"""The manual's Vim set-up (docs/editors.md), driven for real: Vim 9 with the yegappan/lsp
plugin runs ``ftn server`` on a sample and asks for the folds, the outline
and a hover, as a user's ``:LspFold``, ``:LspDocumentSymbol`` and
``:LspHover`` do; the plugin's own log of the exchange is printed.

    python tools/vim_session.py PLUGIN [FILE]

PLUGIN is a checkout of https://github.com/yegappan/lsp (or the env
variable ``FTN_VIM_LSP``); FILE a record (the three-player sample by
default). The vimrc is the manual's Vim block as written there, with the
plugin put on the packpath and its debug log on. Vim runs in a terminal of
its own (a pty) and waits on its own state: the server ready
(``g:LspServerReady()``), then each answer in the log; each wait is
bounded. Exit 0 when the three answers came, 1 otherwise, 2 when Vim or
the plugin cannot be found. The plugin writes its log to
``/tmp/lsp-ftn.log`` (its place, not ours).

Boundary: a check run by hand and by one slow test
(``tests/e2e/test_vim.py``); it starts Vim and reads the plugin's log, and
judges nothing of the records.
"""

from __future__ import annotations

import json
import os
import pty
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LOG = Path("/tmp/lsp-ftn.log")
SAMPLE = ROOT / "samples" / "valid" / "three-players.ftn"
#: Seconds for the whole session (the waits inside it are bounded too).
TIMEOUT = 120

SESSION = """\
function! s:Wait(test, limit) abort
  let n = 0
  while n < a:limit && !eval(a:test)
    sleep 50m
    let n += 1
  endwhile
endfunction
function! s:Logged(pattern) abort
  return filereadable('{log}') && match(readfile('{log}'), a:pattern) >= 0
endfunction
function! s:Run() abort
  call s:Wait('g:LspServerReady()', 600)
  call s:Wait('s:Logged("publishDiagnostics")', 600)
  LspFold
  call s:Wait('s:Logged("Got response {{.id.:2,")', 200)
  LspDocumentSymbol
  call s:Wait('s:Logged("Got response {{.id.:3,")', 200)
  call cursor(16, 5)
  LspHover
  call s:Wait('s:Logged("Got response {{.id.:4,")', 200)
  qall!
endfunction
autocmd VimEnter * call s:Run()
"""


def readme_vimrc() -> str:
    """The manual's Vim set-up (``docs/editors.md``): its one ``vim`` code block."""
    text = (ROOT / "docs" / "editors.md").read_text(encoding="utf-8")
    (block,) = re.findall(r"```vim\n(.*?)```", text, re.S)
    return str(block)


def vimrc(packroot: Path) -> str:
    """The manual's lines, after the plugin's place (``packroot``, where
    ``pack/plugins/opt/lsp`` is the plugin) and before it loads, with the
    server's log on (``debug: v:true``)."""
    setup = readme_vimrc().replace("args: ['server']", "args: ['server'], debug: v:true")
    return ("set nocompatible\n"
            f"let &packpath = '{packroot},' . &packpath\n"
            f"filetype plugin on\n{setup}packadd lsp\n")


def run(plugin: Path, record: Path) -> list[dict[str, object]]:
    """The messages of one session, in order (requests and answers)."""
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        (work / "pack-root" / "pack" / "plugins" / "opt").mkdir(parents=True)
        (work / "pack-root" / "pack" / "plugins" / "opt" / "lsp").symlink_to(plugin.resolve())
        (work / "vimrc").write_text(vimrc(work / "pack-root"), encoding="utf-8")
        (work / "session.vim").write_text(SESSION.format(log=LOG), encoding="utf-8")
        shutil.copy(record, work / "record.ftn")
        LOG.unlink(missing_ok=True)
        bindir = str(Path(sys.executable).parent)
        env = {**os.environ, "PATH": bindir + os.pathsep + os.environ.get("PATH", ""),
               "PYTHONPATH": str(ROOT), "TERM": "xterm"}
        _in_a_terminal(["vim", "-N", "-u", "vimrc", "-i", "NONE", "-S", "session.vim",
                        "record.ftn"], work, env)
    return _messages(LOG.read_text(encoding="utf-8") if LOG.exists() else "")


def _in_a_terminal(args: list[str], cwd: Path, env: dict[str, str]) -> None:
    """Run ``args`` with a pty as its terminal, its screen read and dropped."""
    main, child = pty.openpty()
    with subprocess.Popen(args, cwd=cwd, env=env, stdin=child, stdout=child, stderr=child,
                          start_new_session=True) as proc:
        os.close(child)
        try:
            while True:
                try:
                    if not os.read(main, 65536):
                        break
                except OSError:  # the terminal closed: Vim is gone
                    break
        finally:
            os.close(main)
            try:
                proc.wait(TIMEOUT)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def _messages(log: str) -> list[dict[str, object]]:
    out = []
    for m in re.finditer(r"^\S+ \S+ (?:Sent|Got|Received) \w+ (\{.*)$", log, re.M):
        try:
            out.append(json.loads(m.group(1)))
        except json.JSONDecodeError:
            continue
    return out


def answers(messages: list[dict[str, object]]) -> dict[str, object]:
    """Each request's method and the result of its answer."""
    asked = {m["id"]: m["method"] for m in messages if "method" in m and "id" in m}
    return {str(asked[m["id"]]): m.get("result") for m in messages
            if "method" not in m and m.get("id") in asked}


def main(argv: list[str]) -> int:
    plugin = Path(argv[0]) if argv else Path(os.environ.get("FTN_VIM_LSP", ""))
    record = Path(argv[1]) if len(argv) > 1 else SAMPLE
    if shutil.which("vim") is None or not (plugin / "plugin" / "lsp.vim").is_file():
        print("vim_session: needs vim and a checkout of yegappan/lsp "
              "(python tools/vim_session.py PLUGIN)", file=sys.stderr)
        return 2
    messages = run(plugin, record)
    for m in messages:
        if m.get("method") in ("textDocument/didOpen", "textDocument/publishDiagnostics"):
            print(json.dumps({"method": m["method"], "params": "..."}))
        else:
            print(json.dumps(m)[:600])
    got = answers(messages)
    wanted = ("textDocument/foldingRange", "textDocument/documentSymbol", "textDocument/hover")
    missing = [w for w in wanted if not got.get(w)]
    if missing:
        print(f"vim_session: no answer to {', '.join(missing)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
