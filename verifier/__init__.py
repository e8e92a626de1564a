"""The Fives and Threes rules engine, the record verifier, and the ``ftn`` CLI.

Boundary: ``engine`` is the pure rules model (no I/O, no notation, no Lark,
no Typer); ``replay`` judges ``notation`` records with it; ``diagnostics``
is the registry of codes; ``check`` joins reading and replay for whole
texts; ``generate`` writes random legal games; ``rulebook`` is the rule book
the diagnostics cite (``RULES.md``, package data); ``render`` is the family of
output formats (text, concise, json, jsonl, github, sarif, junit) and
``report`` the summary and the JSON report; ``lexer`` highlights FTN for
Pygments; ``cli`` (with ``clihelp``) is the thin command line over all of them.
"""
