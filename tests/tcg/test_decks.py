"""Deck lists (tcg/decks.py): the construction rules of ../shared/reference/swtcg.md, section 2
("Deck construction"), and errors that name the line and the reason."""

from __future__ import annotations

from pathlib import Path

import pytest

from dejarik.tcg.cardpool import CardFacts, read_table
from dejarik.tcg.decks import DeckError, format_deck, load_deck, parse_deck


def card(name: str, side: str, type_: str = "character") -> CardFacts:
    unit = type_ in ("space", "ground", "character")
    return CardFacts(set="T", number=name, name=name, side=side, type=type_, subtype="",
                     cost=2 if unit or type_ == "mission" else None, speed=10 if unit else None,
                     power=1 if unit else None, health=1 if unit else None, variable=(), rarity="C")


TABLE = [card(f"Light {i}", "light") for i in range(20)] + \
        [card(f"Dark {i}", "dark") for i in range(20)] + \
        [card(f"Neutral {i}", "neutral", "battle") for i in range(20)] + \
        [card("Anakin Skywalker (A)", "light"), card("Anakin Skywalker (B)", "light")]


def light_deck(extra: str = "") -> str:
    return "".join(f"4 Light {i}\n" for i in range(15)) + extra


def test_a_legal_deck_is_read_with_its_side_and_counts() -> None:
    deck = parse_deck("# clones\n" + light_deck("2x Neutral 3  # two copies\n"), "clones.txt", TABLE)
    assert deck.side == "light" and deck.size == 62 and deck.name == "clones"
    assert deck.entries[-1][0] == 2 and deck.entries[-1][1].name == "Neutral 3"
    assert len(deck.cards()) == 62


def test_names_match_without_regard_to_case_and_repeated_lines_add_up() -> None:
    deck = parse_deck(light_deck("1 neutral 0\n1 NEUTRAL 0\n"), "d.txt", TABLE)
    assert dict((c.name, n) for n, c in deck.entries)["Neutral 0"] == 2


def test_at_least_60_cards() -> None:
    """swtcg.md section 2: at least 60 cards."""
    with pytest.raises(DeckError, match=r"d.txt: 59 cards; a deck needs at least 60"):
        parse_deck(light_deck()[:-len("4 Light 14\n")] + "3 Light 14\n", "d.txt", TABLE)


def test_at_most_4_copies_counted_across_lines() -> None:
    """swtcg.md section 2: at most 4 copies of any one card."""
    with pytest.raises(DeckError, match=r"d.txt line 16: 5 copies of Light 0 \(at most 4"):
        parse_deck(light_deck("1 Light 0\n"), "d.txt", TABLE)


def test_versions_of_a_unique_character_are_different_cards() -> None:
    """swtcg.md section 2: Luke Skywalker (A) and (B) count as different cards."""
    deck = parse_deck(light_deck("4 Anakin Skywalker (A)\n4 Anakin Skywalker (B)\n"), "d.txt", TABLE)
    assert deck.size == 68


def test_one_side_plus_neutral() -> None:
    """swtcg.md section 2: one side plus neutral cards (the Side column: L, D, N)."""
    with pytest.raises(DeckError, match=r"d.txt line 16: Dark 0 is a dark side card, and the deck "
                                        r"already holds light side cards"):
        parse_deck(light_deck("1 Dark 0\n"), "d.txt", TABLE)


def test_an_all_neutral_deck_must_name_its_side() -> None:
    text = "".join(f"3 Neutral {i}\n" for i in range(20))
    with pytest.raises(DeckError, match="every card is neutral; say which side"):
        parse_deck(text, "n.txt", TABLE)
    assert parse_deck("side: Dark\n" + text, "n.txt", TABLE).side == "dark"


def test_a_side_line_that_contradicts_the_cards_is_refused() -> None:
    with pytest.raises(DeckError, match=r"d.txt line 1: the deck says side dark, but its cards are light"):
        parse_deck("side: dark\n" + light_deck(), "d.txt", TABLE)
    with pytest.raises(DeckError, match=r"d.txt line 1: side must be light or dark, not 'grey'"):
        parse_deck("side: grey\n" + light_deck(), "d.txt", TABLE)


def test_unknown_names_and_malformed_lines_name_the_line() -> None:
    with pytest.raises(DeckError, match=r"d.txt line 16: no card named 'Ligth 3' \(did you mean 'Light 3'\?\)"):
        parse_deck(light_deck("1 Ligth 3\n"), "d.txt", TABLE)
    with pytest.raises(DeckError, match=r"d.txt line 2: expected a count and a card name"):
        parse_deck("4 Light 0\nLight 1\n", "d.txt", TABLE)
    with pytest.raises(DeckError, match=r"d.txt line 1: Light 0: a count must be 1 or more"):
        parse_deck("0 Light 0\n", "d.txt", TABLE)


def test_every_mistake_is_reported_at_once() -> None:
    """Hostile-files issue: three mistakes took three runs; now one error lists each line."""
    text = light_deck("1 Ligth 3\nLight 1\n9 Light 2\n99999999999999 Light 4\n")
    with pytest.raises(DeckError) as caught:
        parse_deck(text, "d.txt", TABLE)
    lines = str(caught.value).splitlines()
    assert lines == [
        "d.txt line 16: no card named 'Ligth 3' (did you mean 'Light 3'?)",
        "d.txt line 17: expected a count and a card name, like `4 Clone Trooper`, not 'Light 1'",
        "d.txt line 18: 13 copies of Light 2 (at most 4 of any card)",
        "d.txt line 19: 99999999999999 copies of Light 4 (at most 4 of any card)"]


def test_the_canonical_list_reads_back_the_same(tmp_path: Path) -> None:
    deck = parse_deck(light_deck("2 Neutral 1\n"), "mine.txt", TABLE)
    path = tmp_path / "mine.txt"
    path.write_text(format_deck(deck), encoding="utf-8")
    assert load_deck(path, TABLE) == deck


def test_an_unreadable_file_is_a_deck_error(tmp_path: Path) -> None:
    with pytest.raises(DeckError, match="missing.txt: cannot read"):
        load_deck(tmp_path / "missing.txt", TABLE)
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"4 \xff\n")
    with pytest.raises(DeckError, match="bad.txt: not UTF-8"):
        load_deck(bad, TABLE)


def test_names_resolve_against_the_shipped_table() -> None:
    """The real card names, apostrophes and versions included."""
    text = "4 Anakin Skywalker (A)\n4 Obi-Wan's Starfighter (A)\n4 Jedi Council Summons\n"
    with pytest.raises(DeckError, match="12 cards"):
        parse_deck(text, "aotc.txt")
    names = {c.name for c in read_table()}
    assert {"Anakin Skywalker (A)", "Obi-Wan's Starfighter (A)", "Jedi Council Summons"} <= names
