"""``python -m graph``: terminal chat, or ``search`` for the retrieval pipeline alone."""

from graph.cli import main

main()
