"""``ftn record``: a game recorded as it is played, a line at a time.

Holds: ``game`` (what a scorer's session knows and decides: the record so
far replayed, what may be entered next, what is refused and why),
``words`` (what a scorer types and is told), ``core`` (the session without
its terminal or file: one typed line in, the answer out, and the position
as data; the terminal session and the browser's scorer are loops over
it), ``session`` (the terminal side: questions asked, answers read, the
file written) and ``journal`` (the file, every line on the disk as soon as
it is entered, and undo).

May import: ``pipeline`` and everything below it; not ``api``, ``lsp``,
``cli`` or the other packages beside it; ``api`` runs it.
"""

