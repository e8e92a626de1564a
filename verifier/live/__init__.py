"""TODO: the package verifier.live."""
