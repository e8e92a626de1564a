"""TODO: the package verifier.replay."""
