"""The language server for editors (``ftn server``): findings as a record is
typed, formatting, hovers, fixes and completion, over the Language Server
Protocol.

Boundary: ``document`` (the findings of an open text, kept per game between
edits) and ``features`` (hovers, fixes, completions) are plain library code
over the public library (``verifier.api``'s functions for an editor's
text: its pieces, their findings, a game's trace, the seat to act), as are
``text`` (an open text in the protocol's lines) and ``framing`` (the
input's messages, badly framed ones dropped); only ``server`` and ``wire``
(pygls's protocol, made safe) import pygls (the optional extra ``lsp``).

May import: the public library only, as the command line does
(``verifier.api``, the package ``verifier``'s public names, the registries
``verifier.diagnostics`` and ``verifier.rulebook``, ``notation``'s public
names; ``tests/e2e/test_cli_layout.py`` checks it), pygls, lsprotocol and
cattrs; not ``cli`` or the other command packages beside it (``data``,
``show``, ``record``, ``live``).
"""
