"""The files the deckbuilder reads from its users (the `inputs` capability, core/inputs.py):
packs, override files and scenarios."""

from __future__ import annotations

from dejarik.core.inputs import FILE, InputFile, copy_of, text_file

OVERRIDE = """\
cards:
  Tatooine: {hp: 14}
  Jyn Erso: {traits: [Scoundrel]}
"""

SCENARIO = """\
game: deckbuilding
description: a position to try the scenario reader on
pack: original
seed: 7
turn: 5
active: rebel
first: empire
force: 5
players:
  empire:
    hand: [TIE Fighter, Stormtrooper]
    deck: [Imperial Shuttle, Star Destroyer]
    discard: [Inquisitor]
    play: [{card: Star Destroyer, damage: 2}, TIE Fighter]
    base: {card: Lothal, damage: 3}
    base_deck: [Corellia, Death Star]
    victory: [Dantooine]
    pool: 3
  rebel:
    hand: [X-Wing]
    base: Dantooine
row: [Director Krennic, X-Wing]
galaxy_deck: [Rebel Transport]
pilots: 10
"""


PLAY = ("play", "deckbuilding", "--agents", "random", "--quiet", "--seed", "1")
CHECK = (("cards", "check", FILE),)

INPUTS = (
    InputFile("pack (original edition)",
              copy_of("dejarik.deckbuilding", "packs", "original.yaml"), CHECK),
    InputFile("pack (Clone Wars edition)",
              copy_of("dejarik.deckbuilding", "packs", "clone_wars.yaml"), CHECK),
    InputFile("override file", text_file(OVERRIDE), ((*PLAY, "--override", FILE),)),
    InputFile("scenario", text_file(SCENARIO), (("scenario", "check", FILE),)),
)
