"""TODO: the package notation.json."""
