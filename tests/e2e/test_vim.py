"""The manual's Vim set-up (docs/editors.md): its lines (a filetype for ``*.ftn``, the server
added to yegappan/lsp), and, where a checkout of that plugin is named by
``FTN_VIM_LSP``, a real Vim session driven by ``tools/vim_session.py``:
the folds, the outline and a hover answered by ``ftn server``."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
import vim_session


def test_the_readme_sets_the_filetype_and_adds_the_server() -> None:
    lines = vim_session.readme_vimrc().splitlines()
    assert lines[0] == "autocmd BufRead,BufNewFile *.ftn set filetype=ftn"
    joined = " ".join(line.lstrip(" \\") for line in lines[1:])
    assert joined == ("autocmd User LspSetup call LspAddServer([#{name: 'ftn', "
                      "filetype: ['ftn'], path: 'ftn', args: ['server']}])")


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("vim") is None, reason="vim is not installed")
@pytest.mark.skipif(not os.environ.get("FTN_VIM_LSP"),
                    reason="FTN_VIM_LSP does not name a checkout of yegappan/lsp")
def test_vim_with_the_plugin_gets_folds_outline_and_hover() -> None:
    plugin = Path(os.environ["FTN_VIM_LSP"])
    got = vim_session.answers(vim_session.run(plugin, vim_session.SAMPLE))
    folds = got["textDocument/foldingRange"]
    assert isinstance(folds, list)
    assert {"startLine": 0, "endLine": 2, "kind": "comment"} in folds
    assert {"startLine": 11, "endLine": 31, "kind": "region"} in folds  # round 1
    symbols = got["textDocument/documentSymbol"]
    assert isinstance(symbols, list) and len(symbols) == 1
    assert symbols[0]["name"] == "game 1" and symbols[0]["children"][0]["name"] == "round 1"
    hover = got["textDocument/hover"]
    assert isinstance(hover, dict)
    assert hover["contents"]["value"].startswith("**round 1, event 1: N places 0-4**")
