"""Commented YAML templates written by `dejarik cards new`."""

from __future__ import annotations

from dejarik.deckbuilding import defs as d
from dejarik.deckbuilding.cards import CardTable

_HINTS = {
    "faction": "a faction id of the pack, or neutral",
    "type": "unit or capital_ship",
    "copies": "how many copies are in the box",
    "cost": "0 if the card shows no cost",
    "attack": "0 if the card shows no attack icon",
    "resources": "0 if the card shows no resource icon",
    "force": "0 if the card shows no Force icon",
    "hp": "hit points",
    "target": "target value (faction galaxy units)",
    "traits": "a list such as [Droid, Fighter], or [] for none",
    "unique": "true or false",
    "reward": "effects, e.g. [{gain: {resources: 2}}] (docs/packs.md, Effects); false if none",
    "ability": "e.g. {do: [{draw: 1}]} (docs/packs.md, Abilities); false if it has none",
    "triggers": "a list of triggered abilities (docs/packs.md); false if it has none",
    "statics": "a list of constant abilities (docs/packs.md); false if it has none",
}


def completion_template(table: CardTable, pack_id: str) -> str:
    """Every value `pack_id` leaves unknown, as a file that extends it, ready to fill in."""
    from dejarik.deckbuilding.completeness import pack_report

    info = table.pack(pack_id)
    lines = [
        f"# Completes the {pack_id} pack from the cards in your own box.",
        "# Replace each null with the value printed on the card. A line you leave null stays",
        "# unknown, and a game that needs it is refused. Delete entries you cannot fill.",
        "# Card text in the `text` field should be in your own words.",
        "# Check your progress with:  dejarik cards check THIS_FILE",
        "",
        f"extends: {pack_id}",
        "cards:",
    ]
    for c in table.defs:
        if c.pack != pack_id or not c.unknown:
            continue
        lines.append(f"  - name: {c.printed}")
        if c.text:
            lines.append(f"    # known so far: {c.text}")
        for f in c.unknown:
            lines.append(f"    {f}: null  # {_HINTS.get(f, '')}".rstrip())
        if c.role == d.GALAXY and "target" not in c.unknown and c.target is None and (
                "faction" in c.unknown or "type" in c.unknown):
            lines.append("    target: null  # needed if it is a Separatist/Republic unit; else delete")
        if "type" in c.unknown and "hp" not in c.raw:
            lines.append("    hp: null  # needed if it is a capital ship; else delete")
    report = pack_report(table, pack_id)
    missing = [line.strip()[len("MISSING"):].strip() for line in report.lines
               if line.strip().startswith("MISSING")]
    lines += ["", "  # Cards the pack does not list yet:"]
    lines += [f"  #   {m}" for m in missing] or ["  #   (none)"]
    fids = ", ".join(info.factions)
    lines += [
        "  # Add each one as a full entry, for example:",
        "  # - name: Card Name",
        "  #   role: galaxy            # galaxy, starter, pilot or base",
        f"  #   faction: {info.factions[0]}       # {fids} or neutral",
        "  #   type: unit              # unit, capital_ship or base",
        "  #   copies: 1",
        "  #   cost: 3",
        "  #   attack: 2",
        "  #   resources: 0",
        "  #   force: 0",
        "  #   target: 3               # faction galaxy units only",
        "  #   reward: [{gain: {resources: 2}}]",
        "  #   traits: [Trooper]",
        "  #   unique: false",
        '  #   text: "Draw 1 card."   # in your own words',
        "  #   ability: {do: [{draw: 1}]}",
        "  # A base: role: base, type: base, hp: 14, beginner: true|false, starting: true|false",
        "",
    ]
    return "\n".join(lines)


def new_pack_template() -> str:
    return _NEW_PACK


_NEW_PACK = """\
# A new Star Wars: The Deckbuilding Game pack. docs/packs.md explains every field and effect.
# `null` marks a value you do not know yet; `dejarik cards check FILE` lists them, and a game
# that needs one is refused until it is filled in.

pack: my_pack                  # id: lowercase, unique among the packs you load
title: "My fan-made pack"
edition: my_pack
factions:                      # the first listed moves first in a game of this pack alone
  - {id: light, name: Light Side, hunt: sabotage}
  - {id: dark, name: Dark Side, hunt: bounty hunting}
composition:                   # what a whole box holds (these are the official editions' numbers)
  galaxy_per_faction: 30
  galaxy_neutral: 30
  starter_deck: 10
  pilots: 10
  bases_per_faction: 10
  beginner_bases: 5

cards:
  # -- starter decks (10 cards per faction) ---------------------------------------------
  - name: Light Shuttle
    role: starter
    faction: light
    type: unit
    copies: 7
    resources: 1
    traits: [Transport]
  - name: Light Trooper
    role: starter
    faction: light
    type: unit
    copies: 3
    attack: 2
    traits: [Trooper]
  - name: Dark Shuttle
    role: starter
    faction: dark
    type: unit
    copies: 7
    resources: 1
    traits: [Transport]
  - name: Dark Trooper
    role: starter
    faction: dark
    type: unit
    copies: 3
    attack: 2
    traits: [Trooper]

  # -- galaxy cards (30 copies per faction, 30 neutral) ----------------------------------
  - name: Light Scout
    role: galaxy
    faction: light
    type: unit
    copies: 3
    cost: 2
    attack: 2
    target: 2                  # faction units: the attack needed to defeat it in the row
    reward: [{gain: {resources: 2}}]
    traits: [Trooper]
    text: "Draw 1 card."
    ability: {do: [{draw: 1}]}
  - name: Dark Cruiser
    role: galaxy
    faction: dark
    type: capital_ship
    copies: 1
    cost: 6
    attack: 3
    resources: 1
    hp: 6
    traits: []
    text: "While it is in play, your Trooper units get +1 attack."
    statics:
      - attack_bonus: {to: {type: unit, trait: Trooper}, amount: 1}
  - name: Smuggler
    role: galaxy
    faction: neutral
    type: unit
    copies: 2
    cost: null                 # unknown for now
    attack: 3
    traits: [Scoundrel]

  # -- Outer Rim pilots (a face-up stack either player may buy from) ------------------------
  - name: Frontier Pilot
    role: pilot
    faction: neutral
    type: unit
    copies: 10
    cost: 2
    resources: 2
    text: "Exile this card to gain 1 Force."
    ability: {do: [{exile_self: true}, {gain: {force: 1}}]}

  # -- bases (10 per faction; 5 form the beginner set; one is the starting base) -----------
  - name: Light Haven
    role: base
    faction: light
    type: base
    hp: 8
    starting: true
    beginner: true
  - name: Dark Citadel
    role: base
    faction: dark
    type: base
    hp: 8
    starting: true
    beginner: true
"""
