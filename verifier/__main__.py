"""``python -m verifier``: the same as the ``ftn`` command."""

from verifier.launch import main

main()
