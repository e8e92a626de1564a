"""The scorer's engine in the browser: the glue between the worker's
messages and the project's public library, run by Pyodide.

Boundary: JSON in, JSON out, through ``verifier.api`` only (the recorder of
``ftn record``, the formatter of ``ftn fmt``, the page of ``ftn show``); it
decides nothing and scores nothing itself.
"""

from __future__ import annotations

import json
from typing import Any

from verifier.api import show
from verifier.api.records import record_header, recorder
from verifier.api.rewrite import format_text

_table: Any = None


def _warm() -> None:
    """The recording path loaded and run once (a header, a record opened),
    so that the engine is ready when the first tile is tapped."""
    header = record_header(["N", "S"], ["", ""], "pagat", "", "N")
    assert isinstance(header, list)
    recorder(header, "warm-up").begin()


_warm()


def _reply(answer: Any) -> str:
    return json.dumps({"answer": answer.data(), "position": _table.position(),
                       "lines": _table.lines})


def open_record(lines: str, name: str) -> str:
    """A record taken up from its lines (a new one: its header only)."""
    global _table
    _table = recorder(json.loads(lines), name)
    return _reply(_table.begin())


def type_line(text: str) -> str:
    """One line as ftn record reads it."""
    return _reply(_table.type(text))


def header(form: str) -> str:
    """A new record's header from the set-up form, or what is wrong with it."""
    f = json.loads(form)
    got = record_header(f["seats"], f["people"], f["preset"], f["options"], f["first"])
    return json.dumps({"lines": got} if isinstance(got, list) else {"error": got})


def fmt(text: str, name: str) -> str:
    """The record as ftn fmt prints it (the lines as they are when they do not read)."""
    try:
        return json.dumps({"text": format_text(text, name)})
    except Exception as e:  # InputError: the text as it is, and why
        return json.dumps({"text": text, "error": str(e)})


def page(text: str, name: str) -> str:
    """The page ftn show makes of the record."""
    return show.page(text, name)
