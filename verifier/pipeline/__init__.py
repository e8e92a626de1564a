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
