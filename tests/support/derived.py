"""Write what Lark makes of the grammar, shipped with the package
(``notation/ftn/ftn.lark.derived``: the terminals and the line orders), after
a change of ``notation/ftn/ftn.lark``:

    python tests/support/derived.py

``tests/unit/notation/test_grammar.py`` fails while the shipped file is not the grammar's.

Boundary: a maintainer's tool; it writes that one file and nothing else.
"""

from __future__ import annotations

from notation.ftn import grammar

if __name__ == "__main__":
    grammar.write_packaged()
    print(grammar.PACKAGED)
