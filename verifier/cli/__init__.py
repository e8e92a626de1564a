"""The ``ftn`` command line (Typer), over the public library.

Boundary: thin. Each command reads its arguments, calls the public library
(``verifier.api``, the names of ``verifier`` and ``notation``, the
registries of ``diagnostics`` and ``rulebook``) and renders with the
``render`` family; all judgement and every loop over inputs live in the
library (``tests/e2e/test_cli_layout.py`` keeps the imports so). ``app`` is the
Typer app and the console script, and loads a command's module only when
the command runs (start-up: a check of FTN loads no other command's
modules, and a test keeps it so); each other module but ``common``,
``console`` and ``params`` is a command, named as it is. ``common`` holds
the shared options and input/output helpers, ``console`` the messages and
exit codes, ``params`` the table of options. Exit codes: 0 no errors, 1
errors found (or, for ``fmt --check``, files that would change), 2 usage
errors or unreadable input. No traceback reaches the user.

May import: ``verifier.api`` and the packages named above (and, for ``ftn
server``, the language server); nothing imports it.
"""
