"""The language server for editors (``ftn server``): findings as a record is
typed, formatting, hovers, fixes and completion, over the Language Server
Protocol.

Boundary: ``document`` (the findings of an open text, kept per game between
edits) and ``features`` (hovers, fixes, completions) are plain library code
over the checker and the replay, as are ``text`` (an open text in the
protocol's lines) and ``framing`` (the input's messages, badly framed ones
dropped); only ``server`` and ``wire`` (pygls's protocol, made safe)
import pygls (the optional extra ``lsp``).

May import: ``api`` and everything below it; not ``cli`` or the other
command packages beside it (``lsp``, ``data``, ``show``, ``record``, ``live``).
"""
