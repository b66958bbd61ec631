"""Pack tooling: loading several packs, files that extend a pack, unknown values, broken packs,
the completeness account, and choosing factions and decks (cross-edition play, seeds 000
ŁĄCZENIE RÓŻNYCH WERSJI GRY / 003 CROSS-EDITION)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from dejarik.core.errors import ConfigError, PackError
from dejarik.deckbuilding import defs as d
from dejarik.deckbuilding import game as game_module
from dejarik.deckbuilding.completeness import pack_report
from dejarik.deckbuilding.game import DeckbuildingState, IncompletePackError
from dejarik.deckbuilding.pack import bundled_pack_path, load_packs

ORIGINAL = bundled_pack_path("original")


def write(path: Path, data: Any) -> str:
    path.write_text(yaml.safe_dump(data, sort_keys=False) if not isinstance(data, str) else data)
    return str(path)


def original_data() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(ORIGINAL.read_text(encoding="utf-8"))
    return data


def card(data: dict[str, Any], name: str) -> dict[str, Any]:
    return next(c for c in data["cards"] if c["name"] == name)


# -- broken packs: the file, the card and the field are named; nothing is half-loaded ---------
def _unknown_primitive(data: dict[str, Any]) -> None:
    card(data, "X-Wing")["ability"] = {"do": [{"drwa": 1}]}


def _wrong_type(data: dict[str, Any]) -> None:
    card(data, "X-Wing")["cost"] = "three"


def _dangling_card(data: dict[str, Any]) -> None:
    card(data, "X-Wing")["ability"] = {"requires": {"in_play": {"name": "Millenium Falcon"}},
                                       "do": [{"draw": 1}]}


def _dangling_base(data: dict[str, Any]) -> None:
    card(data, "X-Wing")["ability"] = {"requires": {"base": "Yavin 5"}, "do": [{"draw": 1}]}


def _dangling_faction(data: dict[str, Any]) -> None:
    card(data, "X-Wing")["ability"] = {"do": [{"move": {"from": "row", "to": "galaxy_discard",
                                                         "filter": {"faction": "sith"}}}]}


def _duplicate_card(data: dict[str, Any]) -> None:
    data["cards"].append(dict(card(data, "X-Wing")))


def _duplicate_faction(data: dict[str, Any]) -> None:
    data["factions"][1] = dict(data["factions"][0])


def _no_starters(data: dict[str, Any]) -> None:
    data["cards"] = [c for c in data["cards"] if not (c["role"] == "starter" and c["faction"] == "rebel")]


def _unknown_faction(data: dict[str, Any]) -> None:
    card(data, "X-Wing")["faction"] = "republic"


def _missing_hp_key(data: dict[str, Any]) -> None:
    del card(data, "Lothal")["hp"]


def _missing_target_key(data: dict[str, Any]) -> None:
    del card(data, "X-Wing")["target"]


@pytest.mark.parametrize("breaks,message", [
    (_unknown_primitive, "p.yaml: card 'X-Wing': ability.do[0].drwa: unknown primitive 'drwa'"),
    (_wrong_type, "p.yaml: card 'X-Wing': cost: expected a whole number, got 'three'"),
    (_dangling_card, "p.yaml: card 'X-Wing': ability.requires.in_play.name: no card named "
                     "'Millenium Falcon' in the loaded packs"),
    (_dangling_base, "p.yaml: card 'X-Wing': ability.requires.base: no card named 'Yavin 5'"),
    (_dangling_faction, "p.yaml: card 'X-Wing': ability.do[0].move.filter.faction: no faction named 'sith'"),
    (_duplicate_card, "p.yaml: cards[82].name: duplicate card name 'X-Wing'"),
    (_duplicate_faction, "p.yaml: factions[1].id: duplicate faction id 'empire'"),
    (_no_starters, "p.yaml: faction 'rebel' has no starter deck"),
    (_unknown_faction, "p.yaml: card 'X-Wing': faction: unknown faction 'republic'"),
    (_missing_hp_key, "p.yaml: card 'Lothal': hp: a base needs hp (write null if unknown)"),
    (_missing_target_key, "p.yaml: card 'X-Wing': target: a faction galaxy unit needs a target value"),
])
def test_broken_pack_names_file_card_and_field(tmp_path: Path, breaks: Any, message: str) -> None:
    data = original_data()
    breaks(data)
    path = write(tmp_path / "p.yaml", data)
    before = (tmp_path / "p.yaml").read_bytes()
    cached = dict(game_module._TABLES)
    with pytest.raises(PackError) as err:
        DeckbuildingState({"packs": [path]}, 1)
    assert message in str(err.value)
    # nothing loaded half-way: no table was cached, the file is untouched, a good pack still loads
    assert cached == game_module._TABLES
    assert (tmp_path / "p.yaml").read_bytes() == before
    assert DeckbuildingState({}, 1).legal_actions()


def test_a_pack_loaded_twice_is_refused(tmp_path: Path) -> None:
    copy = write(tmp_path / "again.yaml", original_data())
    with pytest.raises(PackError, match="again.yaml: pack 'original' is already loaded"):
        load_packs(["original", copy])


def test_extends_that_goes_round_in_a_circle(tmp_path: Path) -> None:
    write(tmp_path / "a.yaml", "extends: b.yaml\ncards: []\n")
    write(tmp_path / "b.yaml", "extends: a.yaml\ncards: []\n")
    with pytest.raises(PackError, match="goes round in a circle"):
        load_packs([str(tmp_path / "a.yaml")])


def test_extending_file_with_unknown_field(tmp_path: Path) -> None:
    path = write(tmp_path / "fix.yaml", "extends: original\ncardz: []\n")
    with pytest.raises(PackError, match="fix.yaml: top level: unknown field 'cardz'"):
        load_packs([path])


def test_extends_an_unknown_pack(tmp_path: Path) -> None:
    path = write(tmp_path / "fix.yaml", "extends: clone_warz\ncards: []\n")
    with pytest.raises(PackError, match="no pack 'clone_warz'"):
        load_packs([path])


# -- layering ---------------------------------------------------------------------------------
def test_a_file_that_extends_a_pack_fills_values_and_adds_cards(tmp_path: Path) -> None:
    """The owner of a box completes a pack in a file of their own."""
    path = write(tmp_path / "mine.yaml", {
        "extends": "original",
        "cards": [{"name": "Tatooine", "hp": 14},
                  {"name": "Fan Gunship", "role": "galaxy", "faction": "neutral", "type": "capital_ship",
                   "copies": 1, "cost": 5, "attack": 3, "hp": 5}],
    })
    table = load_packs([path])            # the extended pack is loaded first, automatically
    tat = table.defs[table.by_name["Tatooine"]]
    assert tat.hp == 14 and tat.unknown == ()
    assert tat.text and tat.pack == "original"          # fields the file does not give are kept
    gunship = table.defs[table.by_name["Fan Gunship"]]
    assert (gunship.pack, gunship.hp, gunship.ctype) == ("original", 5, d.SHIP)
    assert table.pack("original").files == ["original.yaml", "mine.yaml"]
    report = pack_report(table, "original")
    assert "neutral galaxy cards: 31/30 copies known, 19 cards listed" in report.lines
    assert "  MISSING  neutral galaxy cards: 31 copies listed but the edition has 30" in report.lines


def test_full_mode_plays_once_the_owner_supplies_tatooine(tmp_path: Path) -> None:
    path = write(tmp_path / "mine.yaml", {"extends": "original", "cards": [{"name": "Tatooine", "hp": 14}]})
    s = DeckbuildingState({"packs": [path], "mode": "full"}, 3)
    assert len(s.players[1].base_deck) == 9
    assert any(s.name(b) == "Tatooine" for b in s.players[1].base_deck)


def test_names_two_packs_share_get_the_pack_added() -> None:
    table = load_packs(["original", "clone_wars"])
    a = table.defs[table.by_name["Coruscant [original]"]]
    b = table.defs[table.by_name["Coruscant [clone_wars]"]]
    assert (a.faction, b.faction) == ("empire", "republic")
    assert a.printed == b.printed == "Coruscant"
    assert table.by_slug["coruscant-clone-wars"] == b.id
    assert "Coruscant" not in table.by_name


def test_override_of_a_shared_name_must_say_which_pack() -> None:
    with pytest.raises(PackError, match=r"'Coruscant' is in several packs"):
        load_packs(["original", "clone_wars"], {"Coruscant": {"hp": 12}})
    table = load_packs(["original", "clone_wars"], {"Coruscant [clone_wars]": {"hp": 12}})
    assert table.defs[table.by_name["Coruscant [clone_wars]"]].hp == 12


def test_null_is_unknown_and_false_is_none(tmp_path: Path) -> None:
    data = original_data()
    card(data, "X-Wing")["cost"] = None
    card(data, "X-Wing")["ability"] = None
    card(data, "Y-Wing")["ability"] = False
    table = load_packs([write(tmp_path / "p.yaml", data)])
    x, y = (table.defs[table.by_name[n]] for n in ("X-Wing", "Y-Wing"))
    assert x.unknown == ("cost", "ability") and x.ability == -1
    assert y.unknown == () and y.ability == -1
    with pytest.raises(IncompletePackError, match="X-Wing: cost, ability unknown"):
        DeckbuildingState({"packs": [str(tmp_path / "p.yaml")]}, 1)


# -- completeness -----------------------------------------------------------------------------
def test_original_is_complete_but_says_what_is_unknown() -> None:
    report = pack_report(load_packs(["original"]), "original")
    assert report.complete and report.missing == 0 and report.unknown == 1
    assert any(line.startswith("  UNKNOWN  Tatooine: hp unknown") for line in report.lines)
    assert "  unknown  Jyn Erso: traits (matches no trait filter)" in report.lines
    assert report.lines[-1].startswith("COMPLETE composition: every card of the edition is listed.")


def test_clone_wars_account_is_itemised() -> None:
    report = pack_report(load_packs(["clone_wars"]), "clone_wars")
    lines = report.lines
    assert not report.complete
    for expected in [
        "Separatists starter deck: 10/10 copies known, 3 cards listed - complete",
        "Separatists galaxy cards: 0/30 copies known, 2 cards listed",
        "  MISSING  Separatists galaxy cards: 30 of 30 copies not accounted for (2 listed cards with "
        "unknown copies)",
        "  MISSING  Republic galaxy cards: 30 of 30 copies not accounted for",
        "Separatists bases: 5/10 listed, beginner set 5/5, starting base: Xorrn",
        "Republic bases: 5/10 listed, beginner set 5/5, starting base: Rishi",
        "  MISSING  Republic bases: 5 of 10 not listed",
        "  MISSING  Outer Rim pilots: 10 of 10 copies not accounted for",
        "  UNKNOWN  Rishi: hp, ability unknown",
        "  UNKNOWN  Mygeeto: hp unknown; known: statics",
        "  UNKNOWN  Admiral Trench: copies, cost, attack, resources, force, ability unknown; known: separatist, "
        "unit, target 5, reward  (The Republic sabotages it, and only enemy-faction units have a target "
        "value: a Separatist unit.)",
        "  MISSING  no pilot card is listed (role: pilot)",
        "== faction unknown (8 cards: they count towards no deck yet)",
    ]:
        assert expected in lines, expected
    assert any(line.startswith("  unsure   B1 Battle Droid: attack, resources, force, unique: as on the "
                               "original edition's Stormtrooper") for line in lines)
    assert lines[-1].startswith("INCOMPLETE: 7 composition items missing, 22 listed cards with unknown values.")


def test_clone_wars_alone_cannot_be_dealt() -> None:
    with pytest.raises(IncompletePackError) as err:
        DeckbuildingState({"packs": ["clone_wars"]}, 1)
    text = str(err.value)
    assert "cannot deal Separatists v Republic (beginner mode)" in text
    assert "Separatists galaxy cards: 0 of 30 copies known" in text
    assert "Rishi: hp, ability unknown" in text
    assert "nothing is filled in for you" in text


# -- choosing factions and decks (cross-edition play) -----------------------------------------
def test_the_edition_rule_decides_who_moves_first_whatever_the_seat_order() -> None:
    """000 PRZEBIEG GRY / 003: the first-listed faction of the edition moves first; the Force
    marker starts at the second player's end."""
    s = DeckbuildingState({"factions": ["rebel", "empire"]}, 5)
    assert [p.faction for p in s.players] == ["rebel", "empire"]
    assert s.first == 1 and s.active == 1
    assert s.force == d.FORCE_END[0]      # the Rebels' end: they play second


def test_cross_edition_first_player_is_random_and_force_starts_at_the_seconds_end() -> None:
    """000 ŁĄCZENIE RÓŻNYCH WERSJI GRY / 003 CROSS-EDITION: the first player is drawn at random;
    the second player starts with the Force marker on their end."""
    firsts = set()
    for seed in range(12):
        s = DeckbuildingState({"factions": ["empire", "rebel"], "first": "random"}, seed)
        firsts.add(s.first)
        assert s.active == s.first and s.force == d.FORCE_END[1 - s.first]
        assert s.turn == 1
    assert firsts == {0, 1}


def test_cross_edition_needs_a_neutral_deck_choice() -> None:
    with pytest.raises(ConfigError, match="choose whose neutral deck"):
        DeckbuildingState({"packs": ["original", "clone_wars"], "factions": ["empire", "republic"]}, 1)


@pytest.mark.parametrize("config,message", [
    ({"factions": ["empire"]}, "factions must be two different factions"),
    ({"factions": ["empire", "empire"]}, "factions must be two different factions"),
    ({"factions": ["empire", "sith"]}, "factions must be two different factions"),
    ({"neutral": "clone_wars"}, "neutral must be one of the loaded packs"),
    ({"first": 2}, "first must be 0, 1 or 'random'"),
    ({"packs": []}, "packs must be a list"),
    ({"pack": "original", "packs": ["original"]}, "either pack or packs"),
])
def test_bad_selection_is_named(config: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        DeckbuildingState(config, 1)


def test_cross_edition_deals_thirty_of_each_and_the_chosen_neutral_deck(tmp_path: Path) -> None:
    """000 ŁĄCZENIE RÓŻNYCH WERSJI GRY: each faction's 30 galaxy cards plus one neutral deck of 30;
    any pilot stack. Here: a fan pack's faction against the Empire, the original neutral deck."""
    fan = original_data()
    fan["pack"], fan["edition"] = "fan", "fan"
    fan["factions"] = [{"id": "sith", "name": "Sith", "hunt": "bounty hunting"}]
    keep = [c for c in fan["cards"] if c["faction"] == "empire"]
    for c in keep:
        c["faction"] = "sith"
        c["name"] = "Sith " + c["name"]
        for field in ("ability", "triggers", "statics", "reward"):
            c.pop(field, None)
        if c["role"] == "galaxy" and c["type"] == "unit":
            c["reward"] = [{"gain": {"resources": 1}}]
    fan["cards"] = keep
    path = write(tmp_path / "fan.yaml", fan)
    s = DeckbuildingState({"packs": ["original", path], "factions": ["sith", "rebel"],
                           "neutral": "original"}, 7)
    table = s.table
    galaxy = [table.defs[s.inst_def[c]] for c in [*s.regions[0].row, *s.regions[0].deck]]
    assert len(galaxy) == 90
    by_faction = {f: sum(1 for c in galaxy if c.faction == f) for f in ("sith", "rebel", "neutral")}
    assert by_faction == {"sith": 30, "rebel": 30, "neutral": 30}
    assert not any(c.faction == "empire" for c in galaxy)
    assert s.selection.first is None and s.force == d.FORCE_END[1 - s.first]
    assert [s.card(b).name for b in (s.players[0].base,)] == ["Sith Lothal"]


def test_three_factions_the_one_listed_first_moves_first(tmp_path: Path) -> None:
    """One pack with three factions (a fan pack): any two of them play a standard game, and
    the one the pack lists first moves first."""
    data = original_data()
    data["factions"].append({"id": "hutt", "name": "Hutts", "hunt": "bounty hunting"})
    for c in [c for c in data["cards"] if c["faction"] == "empire"]:
        twin = {**c, "name": "Hutt " + c["name"], "faction": "hutt"}
        for field in ("ability", "triggers", "statics"):
            twin.pop(field, None)
        data["cards"].append(twin)
    path = write(tmp_path / "three.yaml", data)
    s = DeckbuildingState({"packs": [path], "factions": ["hutt", "rebel"]}, 2)
    assert s.first == 1                    # Rebels are listed before the Hutts
    s = DeckbuildingState({"packs": [path], "factions": ["rebel", "hutt"]}, 2)
    assert s.first == 0


def test_scenario_refuses_a_card_with_unknown_values() -> None:
    from dejarik.core.errors import ScenarioError
    from dejarik.deckbuilding.scenario import load_scenario

    with pytest.raises(ScenarioError, match=r"players.republic.base: Rishi: hp, ability unknown"):
        load_scenario({"pack": "clone_wars", "pilots": 0,
                       "players": {"separatist": {}, "republic": {"base": "Rishi"}}})
    with pytest.raises(ScenarioError, match="pack 'clone_wars' lists no pilot card; write pilots: 0"):
        load_scenario({"pack": "clone_wars", "players": {"separatist": {}, "republic": {}}})
    s = load_scenario({"pack": "clone_wars", "pilots": 0,
                       "players": {"separatist": {"hand": ["B1 Battle Droid"]}, "republic": {}}})
    assert s.force == d.FORCE_END[1] and s.first == 0


def test_scenario_force_starts_at_the_second_players_end() -> None:
    from dejarik.deckbuilding.scenario import load_scenario

    s = load_scenario({"first": "rebel", "active": "rebel", "pilots": 0,
                       "players": {"empire": {"base": "Lothal"}, "rebel": {"base": "Dantooine"}}})
    assert s.first == 1 and s.force == d.FORCE_END[0]


def test_a_galaxy_smaller_than_the_row_is_refused(tmp_path: Path) -> None:
    data = original_data()
    data["composition"] = {"galaxy_per_faction": 1, "galaxy_neutral": 1}
    keep = {"TIE Fighter", "X-Wing", "Jawa Scavenger"}
    data["cards"] = [c for c in data["cards"] if c["role"] != "galaxy" or c["name"] in keep]
    for c in data["cards"]:
        if c["name"] in keep:
            c["copies"] = 1
    path = write(tmp_path / "tiny.yaml", data)
    with pytest.raises(IncompletePackError, match="the galaxy deck has 3 cards; the galaxy row alone needs 6"):
        DeckbuildingState({"packs": [path]}, 1)
