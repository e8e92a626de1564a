"""JSON, the twin form of records: documents, texts and the record schema.

Holds: ``form`` (records as JSON documents and back, losing nothing),
``text`` (the game documents of a JSON text or of JSON Lines, and where a
JSON Pointer is in the text), ``decoding`` (texts decoded by msgspec where
it gives the values ``json`` gives), ``encoding`` (JSON text as the tools
write it, by msgspec where it writes what ``json`` writes) and ``schema``
(the JSON Schema of the record, draft 2020-12).

May import: ``notation.model``, ``notation.options`` and the record
building of ``notation.ftn.build``; never ``verifier``.
"""
