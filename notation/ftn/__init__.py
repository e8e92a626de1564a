"""FTN, the text form of records: its grammar, reader and printer.

Holds: ``ftn.lark`` (the grammar, the definition of FTN) and ``grammar``
(it compiled, once, lazily, and its line terminals as one regular
expression), ``reader`` (FTN text to records with their places, or parse
errors), ``build`` (records made from line tokens), ``scanner`` (the lines
read a character at a time by the compiled core), ``diagnose`` (where a
line that matches no terminal goes wrong), ``printer`` (records as FTN in
the one canonical form) and ``lexer`` (a Pygments lexer, for highlighting).

May import: ``notation.model``, ``notation.hints`` and the limits of
``notation.json.text``; never ``verifier``.
"""
