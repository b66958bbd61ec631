"""The files the Pandemic game reads from its users (the `inputs` capability, core/inputs.py):
campaign packs."""

from __future__ import annotations

from dejarik.core.inputs import FILE, InputFile, copy_of

INPUTS = (
    InputFile("pack (sample campaign)",
              copy_of("dejarik.pandemic", "packs", "pandemic_sample.yaml"),
              (("cards", "check", FILE),
               ("play", "pandemic", "--pack", FILE, "--agents", "random", "--quiet", "--seed", "1"))),
    InputFile("scenario", copy_of("dejarik.pandemic", "scenario_sample.yaml"),
              (("scenario", "check", FILE), ("scenario", "play", FILE, "--agents", "random", "--quiet"))),
)
