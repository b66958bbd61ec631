"""One card as readable lines: shared by `dejarik cards show` and the terminal app's card panel,
so a card reads the same wherever it is shown."""

from __future__ import annotations

from typing import Any

import yaml

from dejarik.deckbuilding import defs as d
from dejarik.deckbuilding.cards import CardDef


def value_text(card: CardDef, key: str, value: Any) -> str:
    """A field's value, or '?' when no source establishes it."""
    return "?" if key in card.unknown else str(value)


def faction_text(card: CardDef) -> str:
    return "?" if "faction" in card.unknown else card.faction


def card_lines(c: CardDef, entry: bool = True) -> list[str]:
    """Name, role, values, traits, text, unknown and unsure fields; with `entry`, the pack entry."""
    v = value_text
    lines = [f"{c.name}  [{c.pack}, {d.ROLE_WORDS[c.role]}]",
             f"  faction {faction_text(c)}, type {v(c, 'type', d.TYPE_WORDS[c.ctype])}"
             + ("" if c.role == d.BASE_ROLE else f", copies {v(c, 'copies', c.copies)}")]
    stats = [] if c.role == d.BASE_ROLE else [
        f"cost {v(c, 'cost', c.cost)}", f"attack {v(c, 'attack', c.attack)}",
        f"resources {v(c, 'resources', c.resources)}", f"Force {v(c, 'force', c.force)}"]
    if c.ctype != d.UNIT or "hp" in c.unknown:
        stats.append(f"hp {v(c, 'hp', c.hp)}")
    lines.append("  " + ", ".join(stats)
                 + (f", target {v(c, 'target', c.target)}" if c.target is not None or "target" in c.unknown
                    else ""))
    traits = "?" if c.traits is None else (", ".join(sorted(c.traits)) or "none")
    lines.append(f"  traits: {traits}; unique: {v(c, 'unique', 'yes' if c.unique else 'no')}"
                 + ("; starting base" if c.starting else "") + ("; beginner set" if c.beginner else ""))
    if c.text:
        lines.append(f"  text: {c.text}")
    if c.unknown:
        lines.append(f"  unknown: {', '.join(c.unknown)}")
    for f, why in sorted(c.unconfirmed.items()):
        lines.append(f"  unsure: {f}: {why}")
    if entry:
        lines.append("  pack entry:")
        dumped = yaml.safe_dump(c.raw, sort_keys=False, allow_unicode=True, width=96)
        lines.extend(f"    {line}" for line in dumped.rstrip().splitlines())
    return lines


def _amounts(gain: dict[str, Any]) -> str:
    parts = [f"{n} {'resource' if k == 'resources' and n == 1 else k.replace('force', 'Force')}"
             for k, n in gain.items() if isinstance(n, int)]
    return " and ".join(parts)


def reward_text(c: CardDef) -> str:
    """A short reading of a galaxy card's reward (what defeating it in the row earns), from
    its pack entry: the common shapes in words, anything else as compact YAML."""
    raw = c.raw.get("reward")
    if not raw:
        return ""
    words = []
    for step in raw if isinstance(raw, list) else [raw]:
        mv = step.get("move") if isinstance(step, dict) else None
        if isinstance(step, dict) and isinstance(step.get("gain"), dict):
            words.append("gain " + _amounts(step["gain"]))
        elif isinstance(mv, dict) and mv.get("to") == "exile":
            src = mv.get("from", "")
            where = " or ".join(src) if isinstance(src, list) else str(src)
            n = mv.get("count", 1)
            words.append(f"exile {'up to ' if mv.get('up_to') else ''}{n} card{'' if n == 1 else 's'} "
                         f"from {where}")
        elif isinstance(step, dict) and step.get("buy") == {"from": "row", "filter": {"faction": "own"},
                                                             "free": True}:
            words.append("buy a row card of your faction for free")
        else:
            words.append(yaml.safe_dump(step, default_flow_style=True, width=200).strip())
    return "; ".join(words)
