"""The sample deck lists shipped in dejarik/tcg/data/decks: each is legal under the construction
rules of ../shared/reference/swtcg.md, section 2 ("Deck construction": at least 60 cards, at most
4 copies of a card, one side plus neutral cards), has units in every arena, since winning needs
control of two of the three, and plays only written cards of its era: two decks of each side for
the prequel era (the four of the first set, Attack of the Clones) and two of each side for the
original trilogy (A New Hope and Battle of Yavin)."""

from __future__ import annotations

from pathlib import Path

import pytest

import dejarik.tcg
from dejarik.tcg.carddefs import all_defs
from dejarik.tcg.decks import load_deck

DECKS = Path(dejarik.tcg.__file__).parent / "data" / "decks"
PREQUEL = {"AOTC", "SR", "JG", "ROTS", "PM"}
ORIGINAL_TRILOGY = {"ANH", "BOY", "ESB", "RAS", "ROTJ"}
SAMPLES = {
    "republic_clone_army.txt": ("light", PREQUEL),
    "jedi_council.txt": ("light", PREQUEL),
    "separatist_droid_army.txt": ("dark", PREQUEL),
    "sith_and_bounty_hunters.txt": ("dark", PREQUEL),
    "rebel_alliance.txt": ("light", ORIGINAL_TRILOGY),
    "mos_eisley_smugglers.txt": ("light", ORIGINAL_TRILOGY),
    "imperial_stormtroopers.txt": ("dark", ORIGINAL_TRILOGY),
    "death_star_navy.txt": ("dark", ORIGINAL_TRILOGY),
}
ARENAS = ("space", "ground", "character")
MIN_UNITS_PER_ARENA = 8


@pytest.mark.parametrize("file_name", sorted(SAMPLES))
def test_sample_deck_is_legal_and_of_its_side(file_name: str) -> None:
    deck = load_deck(DECKS / file_name)  # raises DeckError if a section 2 rule is broken
    assert deck.side == SAMPLES[file_name][0]
    assert deck.size >= 60


@pytest.mark.parametrize("file_name", sorted(SAMPLES))
def test_sample_deck_plays_written_base_cards_of_its_era(file_name: str) -> None:
    cards = load_deck(DECKS / file_name).cards()
    era = SAMPLES[file_name][1]
    assert {card.set for card in cards} <= era
    promos = sorted({card.name for card in cards if card.rarity == "P"})
    assert promos == [], f"{file_name}: promo printings {promos}"
    table = all_defs()
    unwritten = sorted({card.name for card in cards if not table[card.name].implemented})
    assert unwritten == [], f"{file_name}: cards without their abilities {unwritten}"


def test_each_era_has_two_sample_decks_of_each_side() -> None:
    for era in (PREQUEL, ORIGINAL_TRILOGY):
        sides = sorted(side for side, sets in SAMPLES.values() if sets is era)
        assert sides == ["dark", "dark", "light", "light"]


@pytest.mark.parametrize("file_name", sorted(SAMPLES))
def test_sample_deck_has_units_in_every_arena(file_name: str) -> None:
    cards = load_deck(DECKS / file_name).cards()
    for arena in ARENAS:
        units = sum(1 for card in cards if card.type == arena)
        assert units >= MIN_UNITS_PER_ARENA, f"{file_name}: {units} {arena} units"


def test_every_sample_deck_is_tested() -> None:
    assert sorted(p.name for p in DECKS.glob("*.txt")) == sorted(SAMPLES)
