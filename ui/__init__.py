"""Aisle's Streamlit page.

``app`` only draws, ``adapter`` talks to the graph and the sync, ``components``
renders product cards.
"""
