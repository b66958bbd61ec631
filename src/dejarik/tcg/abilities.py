"""Card abilities as data: Dejarik's structured vocabulary for the trading card game.

Each set's abilities live in `data/abilities/<SET>.yaml` (docs/tcg-abilities.md describes the
vocabulary). Loading checks every field and compiles nested targets into a flat list of
steps, so the engine (tcg/effects.py) runs plain tuples: `("choose", sel, by, lo, hi)` picks
units into the context, then `("modify", ("chosen",), ...)` acts on them. A bad file is
refused with an error naming the file, the card and the field.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from dejarik.core.errors import PackError
from dejarik.core.files import read_yaml

ARENAS = ("space", "ground", "character")
DATA = Path(__file__).parent / "data" / "abilities"
Op = tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class Sel:
    """Which units a selector names, from the point of view of the ability's controller."""

    owner: int = 0                          # 0 you, 1 your opponent, 2 either
    arenas: tuple[int, ...] = ()            # () any arena; ARENA_CHOSEN / ARENA_ATTACK: see below
    types: tuple[str, ...] = ()             # unit types (space, ground, character)
    subtypes: tuple[str, ...] = ()          # any of these phrases, as whole words of the subtype
    not_subtypes: tuple[str, ...] = ()
    name: str = ""                          # a unique name (every version)
    tapped: bool | None = None
    damaged: bool | None = None
    other: bool = False                     # not the ability's own unit
    other_than_defender: bool = False
    max_power: int | None = None
    build_zone: bool = False                # retreated units in the build zone, not arenas
    any_of: tuple[Sel, ...] = ()            # alternatives (each a full selector)
    side: str = ""                          # the card's printed side (light, dark, neutral)


ARENA_CHOSEN, ARENA_ATTACK = 10, 11         # the arena chosen earlier / of the attack in progress


@dataclass(frozen=True, slots=True)
class Ability:
    """One ability of a card (or the play of a Battle card, or a Mission's completion)."""

    kind: str                     # keyword static activated prevent trigger play mission reroll
                                  # pilot treat_as
    timing: str = ""              # activated/play: build would_attack attack reroll prevent any;
                                  # trigger: the event
    force: int = 0                # Force to pay (activated, play)
    tap: bool = False
    discard: int = 0              # cards from hand as a cost
    discard_self: bool = False
    damage_self: int = 0
    retreat_self: bool = False
    cond: dict[str, Any] | None = None
    ops: tuple[Op, ...] = ()
    then: tuple[Op, ...] = ()
    keyword: str = ""             # critical_hit shields bombard ion_cannon
    n: int = 0                    # keyword value; prevent amount (-1 all); deflect amount
    deflect: bool = False
    static: dict[str, Any] = field(default_factory=dict)
    target: Sel | None = None     # prevent abilities and prevent-timing plays: whose damage
    self_only: bool = False       # prevent abilities for the unit itself (Evade, Deflect)
    optional: bool = False
    evade: bool = False           # an Evade ability (some effects forbid Evade only)


KEYWORDS = ("critical_hit", "shields", "bombard", "ion_cannon", "stun")
TIMINGS = ("build", "would_attack", "attack", "reroll", "prevent", "any")
EVENTS = ("battle_start", "battle_end", "step_start_character", "build_roll", "deployed",
          "discarded", "attack_end", "attacks", "destroys", "draw_step")
STAT_KEYS = ("speed", "power", "critical_hit")
UNTIL = ("attack", "battle", "turn")


class _Reader:
    """Compiles one card's abilities; `where` names the file and the card in errors."""

    def __init__(self, where: str) -> None:
        self.where = where

    def fail(self, what: str) -> PackError:
        return PackError(f"{self.where}: {what}")

    def mapping(self, value: Any, what: str, allowed: set[str]) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(f"{what}: expected a mapping, got {value!r}")
        extra = set(value) - allowed
        if extra:
            raise self.fail(f"{what}: unknown field {sorted(extra, key=str)[0]!r} "
                            f"(fields: {', '.join(sorted(allowed))})")
        return value

    def integer(self, value: Any, what: str, low: int = -99) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            raise self.fail(f"{what}: expected a whole number of at least {low}, got {value!r}")
        return value

    def words(self, value: Any, what: str) -> tuple[str, ...]:
        items = value if isinstance(value, list) else [value]
        if not items or not all(isinstance(v, str) and v.strip() for v in items):
            raise self.fail(f"{what}: expected a name or a list of names, got {value!r}")
        return tuple(v.strip() for v in items)

    def no_evade(self, value: Any, what: str) -> Any:
        """0: Evade may prevent the damage; 1: it may not; a selector: it may not, unless the
        damaged unit matches it (Evade still works for such units)."""
        if value is None or value is False:
            return 0
        if value is True:
            return 1
        d = self.mapping(value, what, {"unless"})
        return self.sel(d.get("unless"), f"{what}.unless")

    # -- selectors -------------------------------------------------------------------------
    _SEL: frozenset[str] = frozenset({
        "owner", "arena", "type", "subtype", "not_subtype", "name", "tapped", "damaged", "other",
        "other_than", "max_power", "zone", "any_of", "side"})

    def sel(self, value: Any, what: str) -> Sel:
        if value is None:
            value = {}
        d = self.mapping(value, what, set(self._SEL))
        owner = {"you": 0, "opponent": 1, "any": 2}.get(d.get("owner", "you"))
        if owner is None:
            raise self.fail(f"{what}.owner: you, opponent or any, got {d['owner']!r}")
        arenas: tuple[int, ...] = ()
        if "arena" in d:
            special = {"chosen": ARENA_CHOSEN, "attack": ARENA_ATTACK}
            names = self.words(d["arena"], f"{what}.arena")
            for a in names:
                if a not in ARENAS and a not in special:
                    raise self.fail(f"{what}.arena: one of {', '.join(ARENAS)}, chosen or "
                                    f"attack, got {a!r}")
            arenas = tuple(special[a] if a in special else ARENAS.index(a) for a in names)
        types = self.words(d["type"], f"{what}.type") if "type" in d else ()
        for t in types:
            if t not in ARENAS:
                raise self.fail(f"{what}.type: a unit type ({', '.join(ARENAS)}), got {t!r}")
        for flag in ("tapped", "damaged", "other"):
            if flag in d and not isinstance(d[flag], bool):
                raise self.fail(f"{what}.{flag}: true or false, got {d[flag]!r}")
        if d.get("other_than", "defender") != "defender":
            raise self.fail(f"{what}.other_than: only 'defender' is known")
        if d.get("zone", "build") != "build":
            raise self.fail(f"{what}.zone: only 'build' (the build zone) is known")
        side = d.get("side", "")
        if side not in ("", "light", "dark", "neutral"):
            raise self.fail(f"{what}.side: light, dark or neutral, got {side!r}")
        alts = d.get("any_of", [])
        if not isinstance(alts, list):
            raise self.fail(f"{what}.any_of: expected a list of selectors")
        return Sel(owner=owner, arenas=arenas, types=types,
                   subtypes=self.words(d["subtype"], f"{what}.subtype") if "subtype" in d else (),
                   not_subtypes=(self.words(d["not_subtype"], f"{what}.not_subtype")
                                 if "not_subtype" in d else ()),
                   name=self.words(d["name"], f"{what}.name")[0] if "name" in d else "",
                   tapped=d.get("tapped"), damaged=d.get("damaged"), other=d.get("other", False),
                   other_than_defender="other_than" in d,
                   max_power=self.integer(d["max_power"], f"{what}.max_power", 0)
                   if "max_power" in d else None,
                   build_zone="zone" in d, side=side,
                   any_of=tuple(self.sel(a, f"{what}.any_of[{i}]") for i, a in enumerate(alts)))

    # -- targets and effects ---------------------------------------------------------------
    def target(self, value: Any, what: str, steps: list[Op]) -> Op:
        """A unit reference; a choice becomes a step of its own before the effect."""
        if value == "self":
            return ("self",)
        if value == "attacker":
            return ("attacker", False)
        if value == "chosen":       # the unit(s) an earlier step of this effect chose
            return ("chosen",)
        d = self.mapping(value, what, {"choose", "by", "up_to", "each", "attacker", "pick_any"})
        if "choose" in d:
            by = {"you": 0, "opponent": 1}.get(d.get("by", "you"))
            if by is None:
                raise self.fail(f"{what}.by: you or opponent, got {d['by']!r}")
            hi = self.integer(d.get("up_to", 1), f"{what}.up_to", 1)
            steps.append(("choose", self.sel(d["choose"], f"{what}.choose"), by, 1, hi))
            return ("chosen",)
        if "pick_any" in d:
            steps.append(("choose", self.sel(d["pick_any"], f"{what}.pick_any"), 0, 0, 99))
            return ("chosen",)
        if "each" in d:
            return ("each", self.sel(d["each"], f"{what}.each"))
        if "attacker" in d:
            return ("attacker", d["attacker"] == "you")
        raise self.fail(f"{what}: name a unit with choose, each, pick_any, attacker or self")

    def side(self, value: Any, what: str) -> str:
        if value not in ("you", "opponent", "dark", "light"):
            raise self.fail(f"{what}: you, opponent, dark or light, got {value!r}")
        return str(value)

    def ops(self, value: Any, what: str) -> tuple[Op, ...]:
        if not isinstance(value, list):
            raise self.fail(f"{what}: expected a list of effects")
        steps: list[Op] = []
        for i, item in enumerate(value):
            self.op(item, f"{what}[{i}]", steps)
        return tuple(steps)

    def op(self, item: Any, what: str, steps: list[Op]) -> None:
        if not isinstance(item, dict) or not item:
            raise self.fail(f"{what}: expected an effect such as {{draw: 1}}, got {item!r}")
        name = next(iter(item))
        arg = item[name]
        at = f"{what}.{name}"
        if name == "modify":
            d = self.mapping(arg, at, {"unit", *STAT_KEYS, "until"})
            unit = self.target(d.get("unit"), f"{at}.unit", steps)
            stats = tuple(self.integer(d.get(k, 0), f"{at}.{k}") for k in STAT_KEYS)
            if d.get("until") not in UNTIL:
                raise self.fail(f"{at}.until: one of {', '.join(UNTIL)}")
            steps.append(("modify", unit, stats, UNTIL.index(d["until"])))
        elif name in ("damage", "dice_damage", "remove_damage"):
            d = self.mapping(arg, at, {"unit", "n", "unless", "no_evade"} if name == "damage"
                             else {"unit", "n", "unless"})
            unit = self.target(d.get("unit"), f"{at}.unit", steps)
            every = d.get("n") == "all" and name == "remove_damage"
            n = -1 if every else self.integer(d.get("n"), f"{at}.n", 1)
            unless = None
            if "unless" in d:
                u = self.mapping(d["unless"], f"{at}.unless", {"opponent_has", "pays"})
                has = (self.sel(u["opponent_has"], f"{at}.unless.opponent_has")
                       if "opponent_has" in u else None)
                unless = (has, self.integer(u.get("pays"), f"{at}.unless.pays", 1))
            steps.append((name, unit, n, unless, self.no_evade(d.get("no_evade"), f"{at}.no_evade")))
        elif name in ("tap", "untap", "retreat", "discard_unit", "redeploy", "command", "redirect",
                      "discard_after_attack", "no_evade"):
            d = self.mapping(arg, at, {"unit", "unless", "on_roll"}) if name in ("tap",) else (
                {"unit": arg} if name == "discard_after_attack" else self.mapping(arg, at, {"unit"}))
            unit = self.target(d.get("unit"), f"{at}.unit", steps)
            pays = 0
            if "unless" in d:
                pays = self.integer(self.mapping(d["unless"], f"{at}.unless", {"pays"}).get("pays"),
                                    f"{at}.unless.pays", 1)
            if "on_roll" in d:
                if pays:
                    raise self.fail(f"{at}: say unless or on_roll, not both")
                pays = -self.integer(d["on_roll"], f"{at}.on_roll", 2)   # negative: a die roll
                if pays < -6:
                    raise self.fail(f"{at}.on_roll: a die result from 2 to 6")
            steps.append((name, unit, pays))
        elif name == "protect":
            d = self.mapping(arg, at, {"unit", "while_others", "from_damage", "guards_others"})
            unit = self.target(d.get("unit"), f"{at}.unit", steps)
            modes = [k for k in ("while_others", "from_damage", "guards_others") if d.get(k)]
            if len(modes) != 1:
                raise self.fail(f"{at}: say one of while_others, from_damage, guards_others")
            steps.append(("protect", unit, modes[0]))
        elif name == "mark_target":
            d = self.mapping(arg, at, {"unit", "attackers", "critical_hit"})
            unit = self.target(d.get("unit"), f"{at}.unit", steps)
            steps.append(("mark_target", unit, self.sel(d.get("attackers"), f"{at}.attackers"),
                          self.integer(d.get("critical_hit"), f"{at}.critical_hit", 1)))
        elif name == "choose_arena":
            d = self.mapping(arg, at, {"not_attacked", "among"})
            among = self.words(d["among"], f"{at}.among") if "among" in d else ARENAS
            if any(a not in ARENAS for a in among):
                raise self.fail(f"{at}.among: arenas ({', '.join(ARENAS)}), got {d['among']!r}")
            steps.append(("choose_arena", bool(d.get("not_attacked")),
                          tuple(ARENAS.index(a) for a in among)))
        elif name == "choose_one":
            if not isinstance(arg, list) or len(arg) < 2:
                raise self.fail(f"{at}: expected a list of two or more effect lists")
            steps.append(("choose_one", tuple(self.ops(b, f"{at}[{i}]") for i, b in enumerate(arg))))
        elif name == "may":
            if not isinstance(item, dict) or set(item) - {"may", "then"}:
                raise self.fail(f"{at}: may takes a list of effects and an optional then")
            steps.append(("may", self.ops(arg, at), self.ops(item.get("then", []), f"{what}.then")))
        elif name in ("at_battle_start", "at_attack_end"):
            steps.append((name, self.ops(arg, at)))
        elif name == "branch":
            d = self.mapping(arg, at, {"if", "then", "else"})
            if "if" not in d:
                raise self.fail(f"{at}.if: a branch needs a condition")
            cond = self.cond(d["if"], f"{at}.if") or {}
            # the condition as (key, value) pairs: effect lists are saved with games as tuples
            steps.append(("branch", tuple(sorted(cond.items())), self.ops(d.get("then", []), f"{at}.then"),
                          self.ops(d.get("else", []), f"{at}.else")))
        elif name in ("grant", "lose"):
            d = self.mapping(arg, at, {"unit", "keyword", "n", "until"})
            unit = self.target(d.get("unit"), f"{at}.unit", steps)
            if d.get("keyword") not in KEYWORDS:
                raise self.fail(f"{at}.keyword: one of {', '.join(KEYWORDS)}, got {d.get('keyword')!r}")
            if d.get("until") not in UNTIL:
                raise self.fail(f"{at}.until: one of {', '.join(UNTIL)}")
            if name == "lose" and "n" in d:
                raise self.fail(f"{at}.n: a unit loses the whole keyword; no n")
            n = self.integer(d.get("n"), f"{at}.n", 1) if name == "grant" else -1
            steps.append(("grant", unit, d["keyword"], n, UNTIL.index(d["until"])))
        elif name == "to_hand":
            if arg != "self":
                raise self.fail(f"{at}: only 'self' (this card, from the discard pile)")
            steps.append(("to_hand",))
        elif name in ("gain_force",):
            if isinstance(arg, dict):
                d = self.mapping(arg, at, {"side", "n", "count"})
                if ("n" in d) == ("count" in d):
                    raise self.fail(f"{at}: say n or count")
                side = self.side(d.get("side", "you"), f"{at}.side")
                count = self.sel(d["count"], f"{at}.count") if "count" in d else None
                steps.append(("gain_force", self.integer(d.get("n", 0), f"{at}.n", 0), side, count))
            else:
                gained: int | str = arg if arg == "prevented" else self.integer(arg, at, 1)
                steps.append(("gain_force", gained, "you", None))
        elif name in ("lose_force", "build_points"):
            d = self.mapping(arg, at, {"side", "n", "unit"} if name == "build_points" else {"side", "n"})
            if name == "build_points" and d.get("n") == "unit_cost":
                # as many as the total build cost of the unit named (chosen now, or earlier)
                self.target(d.get("unit", "chosen"), f"{at}.unit", steps)
                steps.append((name, self.side(d.get("side"), f"{at}.side"), "unit_cost"))
            else:
                steps.append((name, self.side(d.get("side"), f"{at}.side"),
                              self.integer(d.get("n"), f"{at}.n")))
        elif name in ("draw", "battle_tax", "crowd_control", "to_deck_bottom"):
            steps.append((name, self.integer(arg, at, 1)))
        elif name == "discard":
            extra = set(item) - {"discard", "side"}
            if extra:
                raise self.fail(f"{what}: unknown field {sorted(extra, key=str)[0]!r}")
            side = self.side(item.get("side", "you"), f"{what}.side")
            steps.append(("discard", self.integer(arg, at, 1), side))
        elif name in ("discard_hand", "reveal_until_unit", "pause_build"):
            if arg is not True:
                raise self.fail(f"{at}: only true")
            steps.append((name,))
        elif name == "retreat_first":
            steps.append(("retreat_first", self.side(arg, at)))
        elif name == "search":
            d = self.mapping(arg, at, {"kind", "subtype", "same_name_as_unit", "to_build"})
            kind = d.get("kind")
            if kind not in ("battle", "unit", "any"):
                raise self.fail(f"{at}.kind: battle, unit or any, got {kind!r}")
            sub = self.words(d["subtype"], f"{at}.subtype") if "subtype" in d else ()
            # to_build: N puts the card face down in the build zone with N build counters
            counters = self.integer(d.get("to_build", 0), f"{at}.to_build", 0)
            steps.append(("search", kind, sub, bool(d.get("same_name_as_unit")), counters))
        elif name == "recover":
            d = self.mapping(arg, at, {"kind", "up_to", "subtype"})
            if d.get("kind") not in ARENAS:
                raise self.fail(f"{at}.kind: a unit type ({', '.join(ARENAS)})")
            sub = self.words(d["subtype"], f"{at}.subtype") if "subtype" in d else ()
            steps.append(("recover", d["kind"], self.integer(d.get("up_to"), f"{at}.up_to", 1), sub))
        elif name == "look_at_hand":
            d = self.mapping(arg, at, {"discard_kind"})
            kinds = self.words(d["discard_kind"], f"{at}.discard_kind") if "discard_kind" in d else ()
            steps.append(("look_at_hand", kinds))
        elif name in ("shield_arena",):
            if arg not in ARENAS:
                raise self.fail(f"{at}: an arena ({', '.join(ARENAS)}), got {arg!r}")
            steps.append(("shield_arena", ARENAS.index(arg)))
        elif name == "forbid_retreat":
            steps.append(("forbid_retreat", self.sel(arg, at)))
        elif name in ("prevent", "deflect"):
            n = -1 if arg == "all" else self.integer(arg, at, 1)
            steps.append((name, n))
        elif name == "reroll":
            if arg not in ("your_dice", "all_your_dice", "opponent_dice"):
                raise self.fail(f"{at}: your_dice, all_your_dice or opponent_dice, got {arg!r}")
            steps.append(("reroll", arg))
        else:
            raise self.fail(f"{what}: unknown effect {name!r} (docs/tcg-abilities.md lists them)")

    # -- abilities -------------------------------------------------------------------------
    def cond(self, value: Any, what: str) -> dict[str, Any] | None:
        if value is None:
            return None
        d = self.mapping(value, what, {"count", "min", "max", "lost_character", "no_attack",
                                       "before_attacks_in", "defending", "undamaged", "bombarding"})
        for flag in ("undamaged", "bombarding"):
            if flag in d and d[flag] is not True:
                raise self.fail(f"{what}.{flag}: only true")
        out = dict(d)
        if "count" in d:
            out["count"] = self.sel(d["count"], f"{what}.count")
        if "before_attacks_in" in d:
            if d["before_attacks_in"] not in ARENAS:
                raise self.fail(f"{what}.before_attacks_in: an arena")
            out["before_attacks_in"] = ARENAS.index(d["before_attacks_in"])
        return out

    def cost(self, value: Any, what: str) -> dict[str, Any]:
        d = self.mapping(value or {}, what, {"force", "tap", "discard", "discard_self",
                                             "damage_self", "retreat_self"})
        return {"force": self.integer(d.get("force", 0), f"{what}.force", 0),
                "tap": bool(d.get("tap")), "discard": self.integer(d.get("discard", 0), f"{what}.discard", 0),
                "discard_self": bool(d.get("discard_self")),
                "damage_self": self.integer(d.get("damage_self", 0), f"{what}.damage_self", 0),
                "retreat_self": bool(d.get("retreat_self"))}

    def ability(self, raw: Any, what: str) -> Ability:
        if not isinstance(raw, dict):
            raise self.fail(f"{what}: expected a mapping, got {raw!r}")
        if "keyword" in raw:
            d = self.mapping(raw, what, {"keyword", "n"})
            if d["keyword"] not in KEYWORDS:
                raise self.fail(f"{what}.keyword: one of {', '.join(KEYWORDS)}, got {d['keyword']!r}")
            return Ability("keyword", keyword=d["keyword"], n=self.integer(d.get("n"), f"{what}.n", 1))
        if "evade" in raw or "deflect" in raw:
            key = "evade" if "evade" in raw else "deflect"
            d = self.mapping(raw, what, {key, "force"})
            force = self.integer(d.get("force", 0), f"{what}.force", 0)
            return Ability("prevent", timing="prevent", force=force,
                           n=self.integer(d[key], f"{what}.{key}", 1), deflect=key == "deflect",
                           self_only=True, evade=key == "evade")
        if raw.get("prevent") == "transfer":
            # the cost is damage counters moved onto another unit: as many as it prevents
            d = self.mapping(raw, what, {"prevent", "for", "to"})
            if d.get("for") != "self" or "to" not in d:
                raise self.fail(f"{what}: prevent: transfer needs 'for: self' and 'to: SELECTOR'")
            return Ability("prevent", timing="prevent", self_only=True,
                           ops=(("choose", self.sel(d["to"], f"{what}.to"), 0, 1, 1), ("transfer_damage",)))
        if "prevent" in raw:
            d = self.mapping(raw, what, {"prevent", "for", "activated", "then"})
            c = self.cost(d.get("activated"), f"{what}.activated")
            n = -1 if d["prevent"] == "all" else self.integer(d["prevent"], f"{what}.prevent", 1)
            self_only = d.get("for") == "self"
            return Ability("prevent", timing="prevent", n=n, self_only=self_only,
                           target=None if self_only else self.sel(d.get("for"), f"{what}.for"),
                           then=self.ops(d.get("then", []), f"{what}.then"), **c)
        if "static" in raw:
            d = self.mapping(raw, what, {"static", "if", "attacking"})
            st = self.mapping(d["static"], f"{what}.static",
                              {"units", *STAT_KEYS, "deploy_cost", "cards", "cant_retreat",
                               "ability_cost", "owner", "open_build", "per"})
            out: dict[str, Any] = {}
            if "units" in st:
                units = st["units"]
                out["units"] = "self" if units == "self" else self.sel(units, f"{what}.static.units")
                out["mods"] = tuple(self.integer(st.get(k, 0), f"{what}.static.{k}") for k in STAT_KEYS)
                if "per" in st:     # the bonus counts once for each unit the selector names
                    out["per"] = self.sel(st["per"], f"{what}.static.per")
            elif "deploy_cost" in st:
                out["deploy_cost"] = self.integer(st["deploy_cost"], f"{what}.static.deploy_cost")
                out["cards"] = self.sel(st.get("cards"), f"{what}.static.cards")
            elif "cant_retreat" in st:
                out["cant_retreat"] = self.sel(st["cant_retreat"], f"{what}.static.cant_retreat")
            elif "ability_cost" in st:
                out["ability_cost"] = self.integer(st["ability_cost"], f"{what}.static.ability_cost", 1)
            elif st.get("open_build") == "opponent":
                out["open_build"] = True
            else:
                raise self.fail(f"{what}.static: say units, deploy_cost, cant_retreat, ability_cost "
                                f"or open_build")
            if "attacking" in d:
                out["attacking"] = ("self" if d["attacking"] == "self"
                                    else self.sel(d["attacking"], f"{what}.attacking"))
            return Ability("static", static=out, cond=self.cond(d.get("if"), f"{what}.if"))
        if "pilot" in raw:
            d = self.mapping(raw, what, {"pilot", "gives"})
            onto = d["pilot"] if isinstance(d["pilot"], list) else [d["pilot"]]
            if not onto or not all(isinstance(t, str) and t for t in onto):
                raise self.fail(f"{what}.pilot: the subtypes it may pilot, e.g. [Starfighter]")
            gives = self.mapping(d.get("gives") or {}, f"{what}.gives", set(STAT_KEYS))
            # reference section 11: only non-Droid units of the named subtypes take a pilot
            return Ability("pilot", static={
                "onto": Sel(subtypes=tuple(onto), not_subtypes=("Droid",)),
                "mods": tuple(self.integer(gives.get(k, 0), f"{what}.gives.{k}") for k in STAT_KEYS)})
        if "treat_as" in raw:
            d = self.mapping(raw, what, {"treat_as"})
            words = self.words(d["treat_as"], f"{what}.treat_as")
            return Ability("treat_as", static={"subtype": " ".join(words)})
        if "activated" in raw:
            d = self.mapping(raw, what, {"activated", "timing", "do", "if"})
            if d.get("timing") not in TIMINGS:
                raise self.fail(f"{what}.timing: one of {', '.join(TIMINGS)}, got {d.get('timing')!r}")
            return Ability("activated", timing=d["timing"], ops=self.ops(d.get("do"), f"{what}.do"),
                           cond=self.cond(d.get("if"), f"{what}.if"),
                           **self.cost(d["activated"], f"{what}.activated"))
        if "when" in raw:
            d = self.mapping(raw, what, {"when", "do", "optional", "force", "of"})
            if d["when"] not in EVENTS:
                raise self.fail(f"{what}.when: one of {', '.join(EVENTS)}, got {d['when']!r}")
            force = self.integer(d.get("force", 0), f"{what}.force", 0)
            if force and not d.get("optional"):
                raise self.fail(f"{what}.force: a trigger with a Force cost must be optional")
            if "of" in d and d["when"] != "destroys":
                raise self.fail(f"{what}.of: only for 'destroys' (which units it counts)")
            return Ability("trigger", timing=d["when"], ops=self.ops(d.get("do"), f"{what}.do"),
                           optional=bool(d.get("optional")), force=force,
                           target=self.sel(d["of"], f"{what}.of") if "of" in d else None)
        if "reroll" in raw:
            d = self.mapping(raw, what, {"reroll", "timing", "when_defending"})
            return Ability("reroll", timing="reroll", ops=(("reroll", "opponent_dice"),))
        if "play" in raw:
            d = self.mapping(raw, what, {"play", "timing", "do", "if", "for"})
            timing = d.get("timing", "any")
            if timing not in TIMINGS:
                raise self.fail(f"{what}.timing: one of {', '.join(TIMINGS)}, got {timing!r}")
            return Ability("play", timing=timing, force=self.integer(d["play"], f"{what}.play", 0),
                           ops=self.ops(d.get("do"), f"{what}.do"),
                           cond=self.cond(d.get("if"), f"{what}.if"),
                           target=self.sel(d.get("for"), f"{what}.for") if timing == "prevent" else None)
        if "mission" in raw:
            d = self.mapping(raw, what, {"mission", "do", "if"})
            return Ability("mission", ops=self.ops(d.get("do"), f"{what}.do"),
                           cond=self.cond(d.get("if"), f"{what}.if"))
        raise self.fail(f"{what}: not an ability (keyword, evade, deflect, prevent, static, "
                        f"pilot, treat_as, activated, when, reroll, play or mission)")


def parse_abilities(data: Any, source: str) -> tuple[str, dict[str, tuple[Ability, ...]]]:
    """A set's ability file, parsed: (set code, {card name: abilities})."""
    if not isinstance(data, dict) or set(data) != {"set", "cards"} or not isinstance(data["cards"], dict):
        raise PackError(f"{source}: expected 'set' and 'cards' (a mapping of card names)")
    out: dict[str, tuple[Ability, ...]] = {}
    for name, abilities in data["cards"].items():
        if not isinstance(abilities, list):
            raise PackError(f"{source}: {name}: expected a list of abilities ([] for none)")
        reader = _Reader(f"{source}: {name}")
        out[str(name)] = tuple(reader.ability(a, f"ability {i + 1}") for i, a in enumerate(abilities))
    return str(data["set"]), out


@cache
def bundled_abilities() -> dict[str, tuple[Ability, ...]]:
    """Every shipped set's abilities, by card name (promo printings are matched by the caller)."""
    out: dict[str, tuple[Ability, ...]] = {}
    for path in sorted(DATA.glob("*.yaml")):
        _, cards = parse_abilities(read_yaml(path, PackError), path.name)
        out.update(cards)
    return out
