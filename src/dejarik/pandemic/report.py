"""`dejarik cards check|show|list` for Pandemic packs: what a pack knows and what it lacks."""

from __future__ import annotations

from typing import Any

from dejarik.core.files import claims_pack
from dejarik.pandemic.pack import (
    AT_INDEX,
    FORMAT,
    Effects,
    MissionDef,
    Pack,
    SquadDef,
    VillainDef,
    bundled_ids,
)

LABEL_SAMPLE = "Dejarik's own sample content, not the published game"
LABEL_PUBLISHED = "facts about the published game"


def is_pandemic_ref(ref: str) -> bool:
    """A bundled Pandemic pack id, or a YAML file in the Pandemic pack format (or extending one)."""
    return claims_pack(ref, bundled_ids(), lambda data: data.get("format") == FORMAT)


def label(pack: Pack) -> str:
    return LABEL_PUBLISHED if pack.published else LABEL_SAMPLE


def check_lines(pack: Pack) -> list[str]:
    """An itemised account: each part of the game, what the pack gives, and what is missing."""
    missing = pack.missing()
    comps = pack.components
    lines = [f"{pack.id}: {pack.name} ({label(pack)})", f"  files: {pack.files}"]

    def box(key: str) -> str:
        n = comps.get(key)
        return "" if n is None else f" of {n}"

    named_missions = [m for m in pack.missions if not m.finale]
    lines += [
        "known:",
        f"  planets: {len(pack.planets)} named ({_names(pack.planets)}); routes "
        + ("known" if pack.routes is not None else "unknown"),
        f"  tracks: threat {_v(pack.threat_spaces)} spaces; invasion rates "
        + (", ".join(map(str, pack.invasion_rates)) if pack.invasion_rates else "unknown"),
        "  die: " + (f"{len(pack.die)} faces" if pack.die else "faces unknown"),
        f"  pools: {_v(comps.get('droids'))} droids, {_v(comps.get('blockades'))} blockades",
        "  player aids: " + (_names([pack.planets[p] for p in pack.player_aids])
                              if pack.player_aids is not None else "unknown"),
        "  invasion cards: " + (f"{len(pack.invasion_cards) + 2}{box('invasion_cards')}"
                                 if pack.invasion_cards is not None else "unknown")
        + " (the 2 Mission Planet cards included)",
        f"  squad cards: {sum(c.copies or 0 for c in pack.squad)}{box('squad_cards')} counted; "
        f"{len(pack.squad)} kinds named, {sum(1 for c in pack.squad if _squad_done(c))} complete",
        *[f"    - {c.name} ({c.kind}{'' if _squad_done(c) else ', incomplete'})" for c in pack.squad],
        f"  Jedi: {len(pack.jedi)}{box('jedi')} named, "
        f"{sum(1 for j in pack.jedi if j.ability is not None)} with a known ability",
        *[f"    - {j.name}" + ("" if j.ability is not None else " (ability unknown)") for j in pack.jedi],
        f"  villains: {len(pack.villains)}{box('villains')} named",
        *[line for v in pack.villains for line in _villain_lines(pack, v)],
        f"  missions: {len(named_missions)}{box('mission_cards')} named, "
        f"{sum(1 for m in named_missions if _mission_done(m))} complete",
        *[f"    - {m.name}" + ("" if _mission_done(m) else " (incomplete)") for m in named_missions],
    ]
    if missing:
        lines.append(f"missing ({len(missing)}):")
        lines += [f"  - {m}" for m in missing]
        lines.append(f"result: incomplete; a game refuses this pack. Complete it with a file that "
                     f"starts `extends: {pack.id}` (docs/pandemic-packs.md).")
    else:
        lines.append("result: complete; it can be played.")
    return lines


def _villain_lines(pack: Pack, v: VillainDef) -> list[str]:
    figs = ", ".join(f"{f.name} {_v(f.health)}/{_v(f.finale_health)} in the finale" for f in v.figures)
    known_cards = sum(1 for c in v.deck if c.effects is not None)
    finale = [pack.missions[i].name for i in v.finale_missions]
    return [f"    - {v.name}: {figs or 'figures unknown'}; deck {len(v.deck)} cards, {known_cards} known"
            + (f"; finale missions: {', '.join(finale)}" if finale else "")]


def _v(x: Any) -> str:
    return "?" if x is None else str(x)


def _names(names: Any, most: int = 8) -> str:
    names = list(names)
    return ", ".join(names[:most]) + (f", and {len(names) - most} more" if len(names) > most else "")


def _squad_done(c: SquadDef) -> bool:
    return c.copies is not None and (c.effect is not None if c.kind == "ally" else c.value is not None)


def _mission_done(m: MissionDef) -> bool:
    return None not in (m.planet, m.needs, m.threshold, m.damage, m.when_drawn, m.when_completed)


def show_lines(pack: Pack, name: str) -> list[str] | None:
    """One entry of a pack (a planet, squad card, Jedi, villain or mission), or None."""
    want = name.strip().lower()
    for c in pack.squad:
        if c.name.lower() == want:
            return [f"{c.name}: squad card, {c.kind} ({pack.id}: {label(pack)})",
                    f"  copies: {_v(c.copies)}",
                    *([f"  value: {_v(c.value)}"] if c.kind != "ally" else
                      [f"  when: {c.when}" + (", on a mission planet only" if c.at_mission_planet else ""),
                       f"  effect: {_effects(pack, c.effect)}"]),
                    f"  text: {c.text or '?'}"]
    for j in pack.jedi:
        if j.name.lower() == want:
            return [f"{j.name}: Jedi ({pack.id}: {label(pack)})",
                    f"  uses per turn: {j.uses or '?'}",
                    f"  ability: {_effects(pack, j.ability)}", f"  text: {j.text or '?'}"]
    for v in pack.villains:
        if v.name.lower() == want:
            return [f"{v.name}: villain ({pack.id}: {label(pack)})",
                    *[f"  figure {f.name}: health {_v(f.health)}, finale {_v(f.finale_health)}"
                      for f in v.figures],
                    *[f"  counter {n}: starts {s}, {lo}..{hi}" for n, s, lo, hi in v.counters],
                    f"  reminder: {_effects(pack, v.reminder) if v.reminder else 'none'}",
                    f"  setup: {_effects(pack, v.setup)}",
                    *[f"  card {c.name}: {_effects(pack, c.effects)}" for c in v.deck],
                    f"  finale setup: {_effects(pack, v.finale_setup)}",
                    f"  finale win: {', '.join(v.win) if v.win else '?'}",
                    f"  text: {v.text or '?'}"]
    for m in pack.missions:
        if m.name.lower() == want:
            where = ("?" if m.planet is None else
                     "the villain's planet" if m.planet < 0 else pack.planets[m.planet])
            return [f"{m.name}: {'finale ' if m.finale else ''}mission ({pack.id}: {label(pack)})",
                    f"  planet: {where}", f"  needs: {', '.join(m.needs) if m.needs else '?'}",
                    f"  threshold: {_amount(m.threshold)}", f"  damage: {_v(m.damage)}",
                    f"  when drawn: {_effects(pack, m.when_drawn)}",
                    f"  when completed: {_effects(pack, m.when_completed)}", f"  text: {m.text or '?'}"]
    for v in pack.villains:
        for card in v.deck:
            if card.name.lower() == want:
                return [f"{card.name}: villain card of {v.name} ({pack.id}: {label(pack)})",
                        f"  effects: {_effects(pack, card.effects)}"]
    for p, planet in enumerate(pack.planets):
        if planet.lower() == want:
            routes = "?" if pack.routes is None else ", ".join(pack.planets[q] for q in pack.routes[p])
            return [f"{planet}: planet ({pack.id}: {label(pack)})", f"  routes: {routes}"]
    return None


def _amount(a: Any) -> str:
    if a is None:
        return "?"
    return str(a) if isinstance(a, int) else f"{a[1]} + {a[2]}"


def _effects(pack: Pack, effs: Effects | None) -> str:
    if effs is None:
        return "unknown"
    if not effs:
        return "none"
    return "; ".join(_step(pack, s) for s in effs)


def _step(pack: Pack, s: tuple[Any, ...]) -> str:
    if s[0] == "if":
        return f"if {' '.join(map(str, s[1]))}: [{_effects(pack, s[2])}] else [{_effects(pack, s[3])}]"
    at = AT_INDEX.get(s[0], -1)
    args = [pack.planets[a] if i == at and isinstance(a, int) else
            (_amount(a) if isinstance(a, tuple) else str(a)) for i, a in enumerate(s[1:], start=1)]
    return str(s[0]) + (" " + " ".join(args) if args else "")


def entry_names(pack: Pack) -> list[str]:
    """Every entry of a pack by kind, for `cards list`."""
    lines = [f"{pack.id}: {pack.name} ({label(pack)})", f"  planets: {', '.join(pack.planets)}"]
    lines += [f"  squad: {c.name} ({c.kind}, x{_v(c.copies)})" for c in pack.squad]
    lines += [f"  Jedi: {j.name}" for j in pack.jedi]
    lines += [f"  villain: {v.name}" for v in pack.villains]
    lines += [f"  {'finale ' if m.finale else ''}mission: {m.name}" for m in pack.missions]
    return lines
