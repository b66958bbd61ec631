"""Scenario files of this game: the deal and the moves that reach a position, or a saved
position (core/scenarios.py, docs/scenarios.md)."""

from __future__ import annotations

from dejarik.core.scenarios import PlayedScenarios

SCENARIOS = PlayedScenarios("tcg")
