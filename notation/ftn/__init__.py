"""TODO: the package notation.ftn."""
