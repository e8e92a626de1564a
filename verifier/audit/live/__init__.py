"""TODO: the package verifier.audit.live."""
