"""The benchmarks of `dejarik bench`, shipped with the package so an installed Dejarik can
measure itself: each game's whole-game rates and search rate (engine.py, from what the game
declares), its steps through the learning APIs (interop.py), OpenSpiel's C++ games for a ratio
in the same run (openspiel.py), and the game server under load (server_load.py)."""
