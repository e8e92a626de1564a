"""``python -m verifier``: the same as the ``ftn`` command."""

from .cli import main

main()
