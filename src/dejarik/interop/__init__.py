"""Dejarik behind the standard research APIs: PettingZoo, Gymnasium and OpenSpiel.

Each adapter lives in its own module and imports its library only there, so the core package
needs none of them (`pip install 'dejarik[rl]'` brings all three). The fixed observation and
action layout they share is `dejarik.deckbuilding.tensors.Spaces` (docs/rl.md).
"""
