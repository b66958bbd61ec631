"""The files the trading card game reads from its users (the `inputs` capability,
core/inputs.py): deck lists."""

from __future__ import annotations

from dejarik.core.inputs import FILE, InputFile, copy_of

INPUTS = (
    InputFile("deck list", copy_of("dejarik.tcg", "data", "decks", "jedi_council.txt"),
              (("play", "tcg", "--deck", FILE, "--agents", "random", "--quiet", "--seed", "1"),),
              suffix=".txt"),
    InputFile("scenario", copy_of("dejarik.tcg", "scenario_sample.yaml"),
              (("scenario", "check", FILE), ("scenario", "play", FILE, "--agents", "random", "--quiet"))),
)
