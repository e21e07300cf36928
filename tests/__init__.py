"""Aisle's test suite (a package, so `tests.*` imports never resolve to another
distribution's top-level `tests`)."""
