"""The language server for editors (``ftn server``): findings as a record is
typed, formatting, hovers, fixes and completion, over the Language Server
Protocol.

Boundary: ``document`` (the findings of an open text, kept per game between
edits) and ``features`` (hovers, fixes, completions) are plain library code
over the checker and the replay; only ``server`` imports pygls (the
optional extra ``lsp``).
"""
