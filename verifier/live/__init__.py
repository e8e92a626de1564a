"""A live engine audited: reference games played to another implementation
over the protocol of ``verifier/PROTOCOL.md``, its view compared with the
rules' after every event.

Holds: ``run`` (``ftn audit --engine``'s run: the reference games made and
read, played to the engine), ``protocol`` (the games played over the
protocol and each answer judged), ``answers`` (the engine's answers written
as its record, for the audit's classifier) and ``process`` (the engine as a
subprocess, asked a JSON line at a time, whatever it does, and every
process it starts ended in time).

May import: ``pipeline`` and everything below it (the pipeline reads the
reference files; the audit names the defects); not ``api``, ``lsp``,
``cli`` or the other packages beside it (``data``, ``show``, ``record``).
"""

