"""``python -m sync``: the catalogue sync's command line (see :mod:`sync.cli`)."""

from sync.cli import main

main()
