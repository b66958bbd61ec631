"""The sample deck lists shipped in dejarik/tcg/data/decks: each is legal under the construction
rules of ../shared/reference/swtcg.md, section 2 ("Deck construction": at least 60 cards, at most
4 copies of a card, one side plus neutral cards), is built only from the first set, Attack of the
Clones (AOTC), and has units in every arena, since winning needs control of two of the three."""

from __future__ import annotations

from pathlib import Path

import pytest

import dejarik.tcg
from dejarik.tcg.decks import load_deck

DECKS = Path(dejarik.tcg.__file__).parent / "data" / "decks"
SAMPLES = {
    "republic_clone_army.txt": "light",
    "jedi_council.txt": "light",
    "separatist_droid_army.txt": "dark",
    "sith_and_bounty_hunters.txt": "dark",
}
ARENAS = ("space", "ground", "character")
MIN_UNITS_PER_ARENA = 8


@pytest.mark.parametrize(("file_name", "side"), sorted(SAMPLES.items()))
def test_sample_deck_is_legal_and_of_its_side(file_name: str, side: str) -> None:
    deck = load_deck(DECKS / file_name)  # raises DeckError if a section 2 rule is broken
    assert deck.side == side
    assert deck.size >= 60


@pytest.mark.parametrize("file_name", sorted(SAMPLES))
def test_sample_deck_uses_only_attack_of_the_clones_base_cards(file_name: str) -> None:
    cards = load_deck(DECKS / file_name).cards()
    assert {card.set for card in cards} == {"AOTC"}
    promos = sorted({card.name for card in cards if card.rarity == "P"})
    assert promos == [], f"{file_name}: promo printings {promos}"


@pytest.mark.parametrize("file_name", sorted(SAMPLES))
def test_sample_deck_has_units_in_every_arena(file_name: str) -> None:
    cards = load_deck(DECKS / file_name).cards()
    for arena in ARENAS:
        units = sum(1 for card in cards if card.type == arena)
        assert units >= MIN_UNITS_PER_ARENA, f"{file_name}: {units} {arena} units"


def test_every_sample_deck_is_tested() -> None:
    assert sorted(p.name for p in DECKS.glob("*.txt")) == sorted(SAMPLES)
