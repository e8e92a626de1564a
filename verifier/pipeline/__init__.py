"""One pipeline for every command that reads records.

Holds: ``driver`` (a *job*, a work function from a piece of whole games,
``files.pieces.Piece``, to a result, and a sink that takes the results in
input order, run over inputs: file names, directories' files, standard
input, compressed files, or whole texts, one piece each), the runners
(``tasks``: how pieces are packed into tasks; ``workers``: local worker
processes; ``cluster``: a Dask cluster), ``plan`` and ``settings`` (the
settings of each input, found, read and merged with the options),
``modes`` (what a command that writes records again does with the new
text), ``results`` (what a check hands on, as plain data: its counts, the
context of its findings), ``diff`` (a streamed unified diff) and ``jobs``
(the work and the sink of each command). The Python API
(``api``), the command line, the language server and the data commands all
call it; a new command that reads records is a work function and a sink.
Nothing here renders (callers give the functions that show and say
things: a check hands its findings to a ``results.Findings``, which every
renderer is).

May import: ``audit``, ``replay``, ``rules``, ``files``, ``notation`` and
the registry of ``diagnostics``; never ``render`` (above: it formats what
the jobs give, and draws the replay a job is given a drawing of), a command
package (``cli``, ``lsp``, ``data``, ``show``, ``record``, ``live``) or
``api``. A settings file's ``format`` is checked against the names that the
caller gives ``settings.Resolver`` (``api`` gives ``render.FORMATS``').
"""

