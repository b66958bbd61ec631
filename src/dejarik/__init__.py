"""Dejarik: play, simulate and study Star Wars tabletop games by their published rules."""

__version__ = "0.1.0"
