"""A correct engine: the reference engine itself, over the audit protocol."""

from _base import main

if __name__ == "__main__":
    main()
