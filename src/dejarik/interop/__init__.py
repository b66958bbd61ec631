"""Dejarik behind the standard research APIs: PettingZoo, Gymnasium and OpenSpiel.

Each adapter lives in its own module and imports its library only there, so the core package
needs none of them (`pip install 'dejarik[rl]'` brings all three). They serve every registered
game that declares learning spaces (`get_game(name).spaces`, core.spaces), whose fixed
observation and action layout they share (docs/rl.md); a game without them is refused in one
line.
"""
