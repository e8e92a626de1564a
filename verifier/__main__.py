"""``python -m verifier``: the same as the ``ftn`` command."""

from .launch import main

main()
