"""One pipeline for every command that reads records.

Boundary: ``driver`` runs a *job* (a work function from a piece of whole
games, ``parallel.Piece``, to a result, and a sink that merges the results
in input order) over inputs: file names, directories' files, standard
input, compressed files, or whole texts (one piece each), in one process,
in ``jobs`` local worker processes, or on a Dask cluster (``tasks`` packs
the pieces for the runner: on a cluster a few to a task, those of plain
files without their lines, read by the workers). ``jobs`` holds
the check and the audit, ``rewriting`` the convert, replay and fmt jobs.
The Python API (``api``), the whole-text functions of ``check`` and the
command line all call it; a new command that reads records is a work
function and a sink. Nothing here renders (callers give the functions that
show and say things).
"""

from __future__ import annotations

from ..parallel import DaskMissing
from .driver import (
    End,
    Sink,
    Start,
    Text,
    collect,
    drive,
    input_names,
    label_of,
    open_one,
    worker_pool,
    workers,
)
from .jobs import (
    AuditSink,
    CheckSink,
    Collected,
    LineBook,
    audit_all,
    check_all,
    check_report,
)

__all__ = [
    "AuditSink",
    "CheckSink",
    "Collected",
    "DaskMissing",
    "End",
    "LineBook",
    "Sink",
    "Start",
    "Text",
    "audit_all",
    "check_all",
    "check_report",
    "collect",
    "drive",
    "input_names",
    "label_of",
    "open_one",
    "worker_pool",
    "workers",
]
