"""Card abilities as data: Dejarik's structured vocabulary for the trading card game.

Each set's abilities live in `data/abilities/<SET>.yaml` (docs/tcg-abilities.md describes the
vocabulary). Loading checks every field and compiles nested targets into a flat list of
steps, so the engine (tcg/effects.py) runs plain tuples: `("choose", sel, by, lo, hi)` picks
units into the context, then `("modify", ("chosen",), ...)` acts on them. A bad file is
refused with an error naming the file, the card and the field.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any

from dejarik.core.errors import PackError
from dejarik.core.files import read_yaml

ARENAS = ("space", "ground", "character")
CARD_TYPES = ("space", "ground", "character", "battle", "mission", "location", "equipment")
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
    other_than_chosen: bool = False         # not the unit(s) an earlier step chose
    other_than_threatened: bool = False     # not the unit damage is about to be dealt to
    exclude: tuple[int, ...] = ()           # (set as a choice is made) instances left out
    max_power: int | None = None
    build_zone: bool = False                # retreated units in the build zone, not arenas
    anywhere: bool = False                  # arenas, retreated units and your face-down cards
    any_of: tuple[Sel, ...] = ()            # alternatives (each a full selector)
    side: str = ""                          # the card's printed side (light, dark, neutral)
    unique: bool | None = None              # a unique card (one with a version letter) or not
    all_subtypes: tuple[str, ...] = ()      # every one of these phrases ("Imperial" and "Starfighter")
    min_power: int | None = None
    has_keyword: str = ""                   # has this keyword now ("a unit that has Shields")
    max_health: int | None = None           # total health (with stacking) at most this
    piloted: bool | None = None             # with a pilot aboard it, or with none
    only_chosen: bool = False               # (in `each`) only the unit(s) an earlier step chose
    stacked: bool | None = None             # with other versions stacked under it, or with none
    location: bool = False                  # Locations in the arenas instead of units


ARENA_CHOSEN, ARENA_ATTACK = 10, 11         # the arena chosen earlier / of the attack in progress
ARENA_THREATENED = 12                       # the arena of the unit damage is about to be dealt to


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
    discard_types: tuple[str, ...] = ()   # ... only cards of these types (space, ground)
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
    reserves: bool = False        # Reserves: works only while the unit is retreated (build zone)
    from_discard: bool = False    # works only while its card is in its owner's discard pile
    build_points: int = 0         # build points to pay (a cost)
    once_per_turn: bool = False   # an activated ability its unit may use once a turn


KEYWORDS = ("critical_hit", "shields", "bombard", "ion_cannon", "stun", "accuracy", "overkill",
            "dice_penalty", "unpreventable", "barrage", "armor")
FLAG_KEYWORDS = ("overkill", "unpreventable", "armor")   # keywords without a number: n is 1 when left out
TIMINGS = ("build", "would_attack", "attack", "reroll", "prevent", "any", "intercept", "retaliate")
EVENTS = ("battle_start", "battle_end", "step_start_character", "build_roll", "deployed",
          "discarded", "attack_end", "attacks", "destroys", "draw_step", "damages",
          "discarded_from_hand",
          "attacked", "other_deployed", "takes_damage", "step_start_space", "step_start_ground",
          "step_end_space", "step_end_ground", "step_end_character", "build_step_start", "draws")
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

    def keyword_name(self, value: Any, what: str) -> str:
        if value and value not in KEYWORDS:
            raise self.fail(f"{what}: one of {', '.join(KEYWORDS)}, got {value!r}")
        return str(value)

    # -- selectors -------------------------------------------------------------------------
    _SEL: frozenset[str] = frozenset({
        "owner", "arena", "type", "subtype", "not_subtype", "name", "tapped", "damaged", "other",
        "other_than", "max_power", "zone", "any_of", "side", "unique", "all_subtypes", "min_power",
        "has_keyword", "max_health", "piloted", "chosen", "stacked"})

    def sel(self, value: Any, what: str) -> Sel:
        if value is None:
            value = {}
        d = self.mapping(value, what, set(self._SEL))
        owner = {"you": 0, "opponent": 1, "any": 2}.get(d.get("owner", "you"))
        if owner is None:
            raise self.fail(f"{what}.owner: you, opponent or any, got {d['owner']!r}")
        arenas: tuple[int, ...] = ()
        if "arena" in d:
            special = {"chosen": ARENA_CHOSEN, "attack": ARENA_ATTACK, "threatened": ARENA_THREATENED}
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
        for flag in ("tapped", "damaged", "other", "unique", "piloted", "chosen", "stacked"):
            if flag in d and not isinstance(d[flag], bool):
                raise self.fail(f"{what}.{flag}: true or false, got {d[flag]!r}")
        if d.get("other_than", "defender") not in ("defender", "chosen", "threatened"):
            raise self.fail(f"{what}.other_than: defender, chosen or threatened, got {d['other_than']!r}")
        if d.get("zone", "build") not in ("build", "any", "location"):
            raise self.fail(f"{what}.zone: 'build' (the build zone), 'any' (arenas and build zones) "
                            f"or 'location' (Locations in the arenas), got {d['zone']!r}")
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
                   other_than_defender=d.get("other_than") == "defender",
                   other_than_chosen=d.get("other_than") == "chosen",
                   other_than_threatened=d.get("other_than") == "threatened",
                   max_power=self.integer(d["max_power"], f"{what}.max_power", 0)
                   if "max_power" in d else None,
                   build_zone=d.get("zone") == "build", anywhere=d.get("zone") == "any", side=side,
                   location=d.get("zone") == "location",
                   unique=d.get("unique"),
                   all_subtypes=(self.words(d["all_subtypes"], f"{what}.all_subtypes")
                                 if "all_subtypes" in d else ()),
                   min_power=self.integer(d["min_power"], f"{what}.min_power", 0)
                   if "min_power" in d else None,
                   has_keyword=self.keyword_name(d.get("has_keyword", ""), f"{what}.has_keyword"),
                   max_health=self.integer(d["max_health"], f"{what}.max_health", 0)
                   if "max_health" in d else None,
                   piloted=d.get("piloted"), only_chosen=bool(d.get("chosen")), stacked=d.get("stacked"),
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
        if value == "threatened":   # the unit damage is about to be dealt to
            return ("threatened",)
        if value == "defender":     # the unit being attacked
            return ("defender",)
        if value == "last_attacker":    # the unit that made the last attack (none since)
            return ("last_attacker",)
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
            # power: chosen_power, as much power as the unit(s) an earlier step chose have
            stats = tuple("chosen_power" if k == "power" and d.get(k) == "chosen_power"
                          else self.integer(d.get(k, 0), f"{at}.{k}") for k in STAT_KEYS)
            if d.get("until") not in UNTIL:
                raise self.fail(f"{at}.until: one of {', '.join(UNTIL)}")
            steps.append(("modify", unit, stats, UNTIL.index(d["until"])))
        elif name in ("damage", "dice_damage", "remove_damage"):
            d = self.mapping(arg, at, {"unit", "n", "unless", "no_evade"} if name == "damage"
                             else {"unit", "n", "unless"})
            unit = self.target(d.get("unit"), f"{at}.unit", steps)
            every = d.get("n") == "all" and name == "remove_damage"
            n: Any = -1 if every else ("counters" if d.get("n") == "counters" and name == "damage"
                                      else "power" if d.get("n") == "power" and name == "dice_damage"
                                      else self.integer(d.get("n"), f"{at}.n", 1))
            unless = None
            if "unless" in d:
                u = self.mapping(d["unless"], f"{at}.unless", {"opponent_has", "pays"})
                has = (self.sel(u["opponent_has"], f"{at}.unless.opponent_has")
                       if "opponent_has" in u else None)
                unless = (has, self.integer(u.get("pays"), f"{at}.unless.pays", 1))
            steps.append((name, unit, n, unless, self.no_evade(d.get("no_evade"), f"{at}.no_evade")))
        elif name in ("tap", "untap", "retreat", "discard_unit", "redeploy", "command", "redirect", "tame",
                      "to_deck_top", "chain_attacks",
                      "discard_after_attack", "no_evade", "return_to_hand", "forbid_evade", "disarm"):
            fields = {"tap": {"unit", "unless", "on_roll"}, "discard_unit": {"unit", "unless"},
                      "redeploy": {"unit", "keep_tapped"}}.get(name, {"unit"})
            d = {"unit": arg} if name == "discard_after_attack" else self.mapping(arg, at, fields)
            unit = self.target(d.get("unit"), f"{at}.unit", steps)
            if name == "redeploy" and d.get("keep_tapped", False) not in (True, False):
                raise self.fail(f"{at}.keep_tapped: true or false")
            if d.get("keep_tapped"):     # it goes back tapped or untapped, as it was
                steps.append((name, unit, 1))
                return
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
            keys = ("while_others", "from_damage", "guards_others", "cant_be_attacked")
            d = self.mapping(arg, at, {"unit", *keys})
            unit = self.target(d.get("unit"), f"{at}.unit", steps)
            modes = [k for k in keys if d.get(k)]
            if len(modes) != 1:
                raise self.fail(f"{at}: say one of {', '.join(keys)}")
            steps.append(("protect", unit, modes[0]))
        elif name == "mark_target":
            d = self.mapping(arg, at, {"unit", "attackers", "critical_hit", "accuracy"})
            unit = self.target(d.get("unit"), f"{at}.unit", steps)
            if "critical_hit" not in d and "accuracy" not in d:
                raise self.fail(f"{at}: say critical_hit or accuracy (or both)")
            steps.append(("mark_target", unit, self.sel(d.get("attackers"), f"{at}.attackers"),
                          self.integer(d.get("critical_hit", 0), f"{at}.critical_hit", 0),
                          self.integer(d.get("accuracy", 0), f"{at}.accuracy", 0)))
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
        elif name == "unless_pays":
            # "EFFECTS happen unless your opponent pays N Force": the side named decides
            d = self.mapping(arg, at, {"side", "pays", "do"})
            steps.append(("unless_pays", self.side(d.get("side", "opponent"), f"{at}.side"),
                          self.integer(d.get("pays"), f"{at}.pays", 1),
                          ("then_list", self.ops(d.get("do"), f"{at}.do"))))
        elif name == "offer":
            # "your opponent may pay N Force; if they do, EFFECTS"
            d = self.mapping(arg, at, {"side", "pays", "do"})
            steps.append(("offer", self.side(d.get("side", "opponent"), f"{at}.side"),
                          self.integer(d.get("pays"), f"{at}.pays", 1), self.ops(d.get("do"), f"{at}.do")))
        elif name == "pick":     # choose a unit for the steps after it ('chosen'), doing nothing yet
            steps.append(("choose", self.sel(arg, at), 0, 1, 1))
        elif name == "reach_build_zone":
            # this turn the unit may attack the opponent's retreated units the selector names,
            # with +power for such an attack
            d = self.mapping(arg, at, {"unit", "targets", "power"})
            unit = self.target(d.get("unit"), f"{at}.unit", steps)
            targets = replace(self.sel(d.get("targets"), f"{at}.targets"), owner=1, build_zone=True)
            bonus = self.integer(d.get("power", 0), f"{at}.power", 0)
            steps.append(("reach_build_zone", unit, targets, bonus))
        elif name == "reveal_build":
            # reveal the top n of your deck; one card of the type among them goes face down into
            # your build zone with build counters; the rest are discarded
            d = self.mapping(arg, at, {"n", "type", "counters"})
            if d.get("type") not in CARD_TYPES:
                raise self.fail(f"{at}.type: one of {', '.join(CARD_TYPES)}")
            steps.append(("reveal_build", self.integer(d.get("n"), f"{at}.n", 1), d["type"],
                          self.integer(d.get("counters", 0), f"{at}.counters", 0)))
        elif name == "reveal_take":
            # you name a card type; the side named reveals its top n cards, takes those of that
            # type into hand and discards the rest
            d = self.mapping(arg, at, {"side", "n"})
            steps.append(("reveal_take", self.side(d.get("side", "you"), f"{at}.side"),
                          self.integer(d.get("n"), f"{at}.n", 1)))
        elif name == "gather":
            # any number of cards of the subtype with different names from your deck into your
            # hand, shown; then force_each Force for each card taken
            d = self.mapping(arg, at, {"subtype", "force_each"})
            steps.append(("gather", self.words(d.get("subtype"), f"{at}.subtype"),
                          self.integer(d.get("force_each", 0), f"{at}.force_each", 0)))
        elif name == "predict_hits":
            # you name a number of hits; when the attack's dice show that many, the effects happen
            steps.append(("predict_hits", self.ops(arg, at)))
        elif name == "unpilot":
            # one of your pilots aboard a unit of that arena moves off into the Character arena
            d = self.mapping(arg, at, {"arena"})
            if d.get("arena") not in ARENAS:
                raise self.fail(f"{at}.arena: one of {', '.join(ARENAS)}")
            steps.append(("unpilot", ARENAS.index(d["arena"])))
        elif name == "grant_ability":
            # the units get the card's `granted` ability number N (counting all its abilities)
            d = self.mapping(arg, at, {"unit", "ability", "until"})
            unit = self.target(d.get("unit"), f"{at}.unit", steps)
            if d.get("until") != "turn":
                raise self.fail(f"{at}.until: only turn")
            steps.append(("grant_ability", unit, self.integer(d.get("ability"), f"{at}.ability", 1) - 1))
        elif name == "match_speed":
            # each unit named that is slower than the fastest of them gets the difference
            d = self.mapping(arg, at, {"unit", "until"})
            unit = self.target(d.get("unit"), f"{at}.unit", steps)
            if d.get("until") not in UNTIL:
                raise self.fail(f"{at}.until: one of {', '.join(UNTIL)}")
            steps.append(("match_speed", unit, UNTIL.index(d["until"])))
        elif name == "offer_reroll":
            # this turn, when the opponent's units in the arena chosen roll attack dice, you may
            # have all those dice rerolled (once a roll)
            if arg != "chosen":
                raise self.fail(f"{at}: only 'chosen' (the arena chosen before)")
            steps.append(("offer_reroll",))
        elif name == "refresh_hand":
            steps.append(("refresh_hand", self.side(arg, at)))
        elif name in ("grant_all", "lose_all"):
            # every unit the selector names, now or later this turn, gets (loses) the keyword
            fields = {"units", "keyword", "n"} if name == "grant_all" else {"units", "keyword"}
            d = self.mapping(arg, at, fields)
            if d.get("keyword") not in KEYWORDS:
                raise self.fail(f"{at}.keyword: one of {', '.join(KEYWORDS)}, got {d.get('keyword')!r}")
            n = self.integer(d.get("n", 1), f"{at}.n", 1) if name == "grant_all" else -1
            steps.append(("grant_all", self.sel(d.get("units"), f"{at}.units"), d["keyword"], n))
        elif name == "forbid_plays":
            # this turn the side named can't play Battle cards, or activated abilities, or spend
            # build points
            d = self.mapping(arg, at, {"side", "kind"})
            if d.get("kind") not in ("battle", "abilities", "build_points"):
                raise self.fail(f"{at}.kind: battle, abilities or build_points, got {d.get('kind')!r}")
            steps.append(("forbid_plays", self.side(d.get("side", "opponent"), f"{at}.side"), d["kind"]))
        elif name == "raise_in_stack":
            # its owner picks a card stacked under the unit to be the top card until the turn
            # ends; then the card that was on top goes back on top
            d = self.mapping(arg, at, {"unit"})
            steps.append(("raise_in_stack", self.target(d.get("unit"), f"{at}.unit", steps)))
        elif name == "to_build_face_down":
            # the unit goes face down into its owner's build zone with N build counters, its
            # damage gone; the cards stacked with it and its pilots are discarded
            d = self.mapping(arg, at, {"unit", "counters"})
            unit = self.target(d.get("unit"), f"{at}.unit", steps)
            n = self.integer(d.get("counters", 0), f"{at}.counters", 0)
            steps.append(("to_build_face_down", unit, n))
        elif name == "forbid_attack":
            # this turn the units the selector names (either side's, now or later) can't attack
            steps.append(("forbid_attack", self.sel(arg, at)))
        elif name == "arena_prevent":
            # this turn 1 (or N) of each damage about to be dealt to your units in the arena
            # chosen earlier is prevented
            steps.append(("arena_prevent", self.integer(arg, at, 1)))
        elif name == "forbid_deploy":
            # this turn the units named (cards of the side the selector says) can't be deployed
            # or put back into their arena
            steps.append(("forbid_deploy", self.sel(arg, at)))
        elif name == "cross_arena_power":
            # this turn your units attacking from this arena into another (Bombard from space,
            # Ion Cannon from ground) get +n power
            d = self.mapping(arg, at, {"from", "n"})
            if d.get("from") not in ("space", "ground"):
                raise self.fail(f"{at}.from: space (Bombard) or ground (Ion Cannon), got {d.get('from')!r}")
            steps.append(("cross_arena_power", ARENAS.index(d["from"]),
                          self.integer(d.get("n"), f"{at}.n", 1)))
        elif name == "hand_to_build":
            # a card of your hand (of that type and subtype), shown, goes face down into your build
            # zone with one build counter for each unit the selector names
            d = self.mapping(arg, at, {"type", "subtype", "counters_per"})
            kind = d.get("type", "")
            if kind and kind not in ARENAS:
                raise self.fail(f"{at}.type: a unit type ({', '.join(ARENAS)}), got {kind!r}")
            sub = self.words(d["subtype"], f"{at}.subtype") if "subtype" in d else ()
            steps.append(("hand_to_build", kind, sub,
                          self.sel(d.get("counters_per"), f"{at}.counters_per")))
        elif name == "build_counters":
            d = self.mapping(arg, at, {"n", "type", "subtype", "side", "then_deploy"})
            kind = d.get("type", "")
            if kind and kind not in ARENAS:
                raise self.fail(f"{at}.type: a unit type ({', '.join(ARENAS)}), got {kind!r}")
            sub = self.words(d["subtype"], f"{at}.subtype") if "subtype" in d else ()
            side = self.side(d.get("side", "you"), f"{at}.side")
            if side != "you" and (kind or sub):
                raise self.fail(f"{at}: the opponent's face-down cards are unknown: no type or subtype")
            # n < 0: remove up to -n build counters instead (the card is not shown)
            n = self.integer(d.get("n"), f"{at}.n")
            if n == 0:
                raise self.fail(f"{at}.n: a number of counters to add (or, negative, to remove)")
            if d.get("then_deploy", False) not in (True, False) or (d.get("then_deploy") and n < 0):
                raise self.fail(f"{at}.then_deploy: true (with n > 0) or false")
            # then_deploy: with enough counters, its owner may deploy it at once
            steps.append(("build_counters", n, kind, sub, side, bool(d.get("then_deploy"))))
        elif name == "win":
            if arg is not True:
                raise self.fail(f"{at}: only true")
            steps.append(("win",))
        elif name in ("at_battle_start", "at_attack_end", "at_turn_end"):
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
            n_raw = d.get("n", 1) if d["keyword"] in FLAG_KEYWORDS else d.get("n")
            n = self.integer(n_raw, f"{at}.n", 1) if name == "grant" else -1
            steps.append(("grant", unit, d["keyword"], n, UNTIL.index(d["until"])))
        elif name == "to_hand":
            if arg not in ("self", "stack"):
                raise self.fail(f"{at}: 'self' (this card, from the discard pile) or 'stack' (with "
                                f"the cards that left play with it)")
            steps.append(("to_hand",) if arg == "self" else ("to_hand", "stack"))
        elif name == "to_arena":
            if arg != "self":
                raise self.fail(f"{at}: only 'self' (this unit card, from the discard pile)")
            steps.append(("to_arena",))
        elif name == "discard_face_down":
            # you pick one of the side's face-down cards in the build zone; it is discarded,
            # unless (with unless_pays) its owner pays that much Force
            d = self.mapping(arg, at, {"side", "unless_pays"})
            steps.append(("discard_face_down", self.side(d.get("side", "opponent"), f"{at}.side"),
                          self.integer(d.get("unless_pays", 0), f"{at}.unless_pays", 0)))
        elif name == "arrange_top":
            # look at the top n cards of that side's deck; with discard_type, discard any of its
            # unit cards of that type there; put the rest back on top in any order
            d = self.mapping(arg, at, {"side", "n", "discard_type"})
            kind = d.get("discard_type", "")
            if kind and kind not in ARENAS:
                raise self.fail(f"{at}.discard_type: a unit type ({', '.join(ARENAS)}), got {kind!r}")
            steps.append(("arrange_top", self.side(d.get("side", "you"), f"{at}.side"),
                          self.integer(d.get("n"), f"{at}.n", 1), kind))
        elif name == "speed_damage":
            # the unit chosen before deals 1 damage for each 10 speed it has to a unit chosen now
            # (the selector), then is discarded
            d = self.mapping(arg, at, {"to", "then_discard"})
            steps.append(("speed_damage", self.sel(d.get("to"), f"{at}.to"), bool(d.get("then_discard"))))
        elif name == "roll_off":
            # the unit chosen before and one chosen now (the selector, the opponent's) roll a die
            # each, for their owners: the lower roll's unit is tapped, both on a tie
            d = self.mapping(arg, at, {"against"})
            steps.append(("roll_off", self.sel(d.get("against"), f"{at}.against")))
        elif name == "move_damage":
            # n damage counters go from the unit chosen before to another unit of its arena, chosen
            # now (counters, not damage: nothing prevents them)
            steps.append(("move_damage", self.integer(arg, at, 1)))
        elif name == "pay_defender_cost":
            # you may pay Force equal to the defending unit's total build cost; if you do, EFFECTS
            d = self.mapping(arg, at, {"do"})
            steps.append(("pay_defender_cost", self.ops(d.get("do"), f"{at}.do")))
        elif name in ("gain_force",):
            if isinstance(arg, dict):
                d = self.mapping(arg, at, {"side", "n", "count", "unit"})
                if ("n" in d) == ("count" in d):
                    raise self.fail(f"{at}: say n or count")
                if d.get("n") == "unit_cost":
                    # as much Force as the total build cost of the unit named (chosen now, or earlier)
                    self.target(d.get("unit", "chosen"), f"{at}.unit", steps)
                    steps.append(("gain_force", "unit_cost", self.side(d.get("side", "you"), f"{at}.side"),
                                  None))
                    return
                if "unit" in d:
                    raise self.fail(f"{at}.unit: only with n: unit_cost")
                side = self.side(d.get("side", "you"), f"{at}.side")
                count = self.sel(d["count"], f"{at}.count") if "count" in d else None
                steps.append(("gain_force", self.integer(d.get("n", 0), f"{at}.n", 0), side, count))
            else:
                gained: int | str = arg if arg == "prevented" else self.integer(arg, at, 1)
                steps.append(("gain_force", gained, "you", None))
        elif name in ("lose_force", "build_points"):
            d = self.mapping(arg, at, {"side", "n", "unit", "count"} if name == "build_points"
                             else {"side", "n"})
            if name == "build_points" and "count" in d:
                # one build point for each unit the selector names
                if "n" in d:
                    raise self.fail(f"{at}: say n or count")
                steps.append((name, self.side(d.get("side"), f"{at}.side"), "count",
                              self.sel(d["count"], f"{at}.count")))
            elif name == "build_points" and d.get("n") == "unit_cost":
                # as many as the total build cost of the unit named (chosen now, or earlier)
                self.target(d.get("unit", "chosen"), f"{at}.unit", steps)
                steps.append((name, self.side(d.get("side"), f"{at}.side"), "unit_cost"))
            elif name == "lose_force" and d.get("n") == "all":     # "loses all of their Force"
                steps.append((name, self.side(d.get("side"), f"{at}.side"), -1))
            else:
                steps.append((name, self.side(d.get("side"), f"{at}.side"),
                              self.integer(d.get("n"), f"{at}.n")))
        elif name in ("draw", "battle_tax", "crowd_control", "to_deck_bottom", "card_counter"):
            # card_counter: put N counters on the effect's own card in play
            steps.append((name, self.integer(arg, at, 1)))
        elif name == "cash_counters":     # take them all off: as many build points this turn
            if arg != "build_points":
                raise self.fail(f"{at}: build_points (what each counter taken off gives), got {arg!r}")
            steps.append((name, arg))
        elif name == "put_counters":  # N damage counters on the unit (not damage: nothing prevents)
            d = self.mapping(arg, at, {"unit", "n"})
            unit = self.target(d.get("unit"), f"{at}.unit", steps)
            steps.append(("put_damage", unit, self.integer(d.get("n"), f"{at}.n", 1)))
        elif name == "by_roll":       # roll a die: the effects listed for that number (1 to 6)
            if not isinstance(arg, list) or len(arg) != 6:
                raise self.fail(f"{at}: a list of 6 effect lists, one for each number of the die")
            steps.append((name, tuple(self.ops(b, f"{at}[{k}]") for k, b in enumerate(arg))))
        elif name == "unless_taps":   # "... unless your opponent taps one of their untapped X"
            d = self.mapping(arg, at, {"units", "do"})
            steps.append(("choose", self.sel(d.get("units"), f"{at}.units"), 1, 0, 1))
            steps.append(("unless_tapped", self.ops(d.get("do"), f"{at}.do")))
        elif name in ("at_step_end", "fastest_side"):
            # at_step_end: effects that wait for the end of that arena's battle step this turn;
            # fastest_side: the effects happen for the player whose fastest unit there is faster
            d = self.mapping(arg, at, {"arena", "do"})
            if d.get("arena") not in ARENAS:
                raise self.fail(f"{at}.arena: one of {', '.join(ARENAS)}, got {d.get('arena')!r}")
            steps.append((name, ARENAS.index(d["arena"]), self.ops(d.get("do"), f"{at}.do")))
        elif name == "enhance":       # "Enhance: pay N more Force -> ... instead"
            d = self.mapping(arg, at, {"pays", "do", "else"})
            steps.append((name, self.integer(d.get("pays"), f"{at}.pays", 1),
                          self.ops(d.get("do"), f"{at}.do"), self.ops(d.get("else", []), f"{at}.else")))
        elif name == "roll_vs_build":     # roll a die: `same` if it shows this turn's build roll
            d = self.mapping(arg, at, {"same", "other"})
            steps.append((name, self.ops(d.get("same", []), f"{at}.same"),
                          self.ops(d.get("other", []), f"{at}.other")))
        elif name == "adjust_roll":       # change this turn's build roll by N (kept within 1-6)
            steps.append((name, self.integer(arg, at)))
        elif name == "discard_slowest":   # the slowest unit of an arena holding more than N
            d = self.mapping(arg, at, {"arena", "more_than"})
            if d.get("arena") not in ARENAS:
                raise self.fail(f"{at}.arena: one of {', '.join(ARENAS)}, got {d.get('arena')!r}")
            steps.append((name, ARENAS.index(d["arena"]),
                          self.integer(d.get("more_than", 0), f"{at}.more_than", 0)))
        elif name == "discard":
            extra = set(item) - {"discard", "side"}
            if extra:
                raise self.fail(f"{what}: unknown field {sorted(extra, key=str)[0]!r}")
            side = self.side(item.get("side", "you"), f"{what}.side")
            steps.append(("discard", self.integer(arg, at, 1), side))
        elif name == "discard_hand" and arg in ("you", "opponent"):
            steps.append(("discard_hand", arg))
        elif name in ("reclaim_counters", "extra_battle_step", "divide_hits", "recoil", "one_die",
                      "damage_discards"):
            # reclaim_counters: your partially built cards lose their build counters, which
            # become build points this turn; extra_battle_step: the chosen arena fights again
            if arg is not True:
                raise self.fail(f"{at}: only true")
            steps.append((name,))
        elif name in ("discard_hand", "reveal_until_unit", "pause_build"):
            if arg is not True:
                raise self.fail(f"{at}: only true")
            steps.append((name,))
        elif name == "retreat_first":
            steps.append(("retreat_first", self.side(arg, at)))
        elif name == "search":
            d = self.mapping(arg, at, {"kind", "subtype", "same_name_as_unit", "to_build", "name",
                                       "to_stack"})
            kind = d.get("kind")
            if kind not in ("battle", "unit", "location", "any"):
                raise self.fail(f"{at}.kind: battle, unit, location or any, got {kind!r}")
            sub = self.words(d["subtype"], f"{at}.subtype") if "subtype" in d else ()
            # to_build: N puts the card face down in the build zone with N build counters
            counters = self.integer(d.get("to_build", 0), f"{at}.to_build", 0)
            if d.get("to_stack", False) not in (True, False) or (d.get("to_stack") and counters):
                raise self.fail(f"{at}.to_stack: true or false, and not with to_build")
            if d.get("to_stack"):   # the card goes under the stack of its name in the Character arena
                counters = -1
            # name: a card of that unique name (any version)
            if d.get("name") == "chosen":   # the name of the unit an earlier step chose
                steps.append(("search", kind, sub, False, counters, "", True))
                return
            named = self.words(d["name"], f"{at}.name")[0] if "name" in d else ""
            steps.append(("search", kind, sub, bool(d.get("same_name_as_unit")), counters, named))
        elif name == "recover":
            d = self.mapping(arg, at, {"kind", "up_to", "subtype", "to"})
            kinds = self.words(d.get("kind", ""), f"{at}.kind")    # a list: any of those types
            if not kinds or any(k not in ARENAS for k in kinds):
                raise self.fail(f"{at}.kind: a unit type ({', '.join(ARENAS)}) or a list of them")
            sub = self.words(d["subtype"], f"{at}.subtype") if "subtype" in d else ()
            if d.get("to", "hand") not in ("hand", "arena"):
                raise self.fail(f"{at}.to: hand (the default) or arena")
            # to: arena, the cards go into their arena untapped (not deployed), each of another name
            steps.append(("recover", "|".join(kinds), self.integer(d.get("up_to"), f"{at}.up_to", 1), sub,
                          *(("arena",) if d.get("to") == "arena" else ())))
        elif name == "look_at_hand":
            d = self.mapping(arg, at, {"discard_kind", "build_zone"})
            kinds = self.words(d["discard_kind"], f"{at}.discard_kind") if "discard_kind" in d else ()
            if any(k not in ("battle", "mission", "unit") for k in kinds):
                raise self.fail(f"{at}.discard_kind: battle, mission or unit, got {d['discard_kind']!r}")
            if d.get("build_zone", False) not in (True, False):
                raise self.fail(f"{at}.build_zone: true or false")
            # build_zone: the face-down cards of their build zone too
            steps.append(("look_at_hand", kinds, True) if d.get("build_zone") else ("look_at_hand", kinds))
        elif name in ("shield_arena", "protect_arena") and arg == "chosen":
            steps.append((name, -1))      # the arena chosen earlier
        elif name in ("shield_arena", "protect_arena"):
            if arg not in ARENAS:
                raise self.fail(f"{at}: an arena ({', '.join(ARENAS)}) or chosen, got {arg!r}")
            steps.append((name, ARENAS.index(arg)))
        elif name == "forbid_retreat":
            steps.append(("forbid_retreat", self.sel(arg, at)))
        elif name in ("prevent", "deflect"):
            n = -1 if arg == "all" else self.integer(arg, at, 1)
            steps.append((name, n))
        elif name == "reroll":
            if arg not in ("your_dice", "all_your_dice", "opponent_dice", "all_attack_dice"):
                raise self.fail(f"{at}: your_dice, all_your_dice, opponent_dice or all_attack_dice, "
                                f"got {arg!r}")
            steps.append(("reroll", arg))
        else:
            raise self.fail(f"{what}: unknown effect {name!r} (docs/tcg-abilities.md lists them)")

    # -- abilities -------------------------------------------------------------------------
    def cond(self, value: Any, what: str) -> dict[str, Any] | None:
        if value is None:
            return None
        d = self.mapping(value, what, {"count", "min", "max", "lost_character", "no_attack",
                                       "before_attacks_in", "defending", "undamaged", "bombarding",
                                       "attacker", "more_than", "damaged_unit", "attacking_unit",
                                       "defender", "damage_source", "force", "partial_cards",
                                       "before_own_attacks_in", "damaged", "last_attack_missed", "hand",
                                       "piloted", "all", "outcosts_defender"})
        if "all" in d:      # every one of these conditions holds
            if not isinstance(d["all"], list) or not d["all"]:
                raise self.fail(f"{what}.all: a list of conditions")
            return {"all": tuple(self.cond(c, f"{what}.all[{i}]") for i, c in enumerate(d["all"]))}
        for flag in ("undamaged", "bombarding", "damaged", "piloted", "outcosts_defender"):
            if flag in d and d[flag] is not True:
                raise self.fail(f"{what}.{flag}: only true")
        out = dict(d)
        if "count" in d:
            out["count"] = self.sel(d["count"], f"{what}.count")
        if "attacker" in d:     # one of your units is attacking, and it matches the selector
            out["attacker"] = self.sel(d["attacker"], f"{what}.attacker")
        for key in ("attacking_unit", "defender", "damage_source"):   # units of either side
            if key in d:
                out[key] = self.sel(d[key], f"{what}.{key}")
        if "more_than" in d:    # count's units outnumber these
            if "count" not in d:
                raise self.fail(f"{what}.more_than: only with count")
            out["more_than"] = self.sel(d["more_than"], f"{what}.more_than")
        if "last_attack_missed" in d:   # the last attack (none since) was by such a unit, no hits
            out["last_attack_missed"] = self.sel(d["last_attack_missed"], f"{what}.last_attack_missed")
        if "damaged_unit" in d:     # the unit damage is about to be dealt to matches
            out["damaged_unit"] = self.sel(d["damaged_unit"], f"{what}.damaged_unit")
        for key in ("force", "partial_cards", "hand"):   # N Force; exactly N partial cards; N cards in hand
            if key in d:
                out[key] = self.integer(d[key], f"{what}.{key}", 0)
        for key in ("before_attacks_in", "before_own_attacks_in"):
            if key in d:
                if d[key] not in ARENAS:
                    raise self.fail(f"{what}.{key}: an arena")
                out[key] = ARENAS.index(d[key])
        return out

    def cost(self, value: Any, what: str) -> dict[str, Any]:
        d = self.mapping(value or {}, what, {"force", "tap", "discard", "discard_self",
                                             "damage_self", "retreat_self", "build_points", "discard_type"})
        types = self.words(d["discard_type"], f"{what}.discard_type") if "discard_type" in d else ()
        if any(t not in CARD_TYPES for t in types) or (types and not d.get("discard")):
            raise self.fail(f"{what}.discard_type: card types ({', '.join(CARD_TYPES)}), with discard: N")
        return {"force": self.integer(d.get("force", 0), f"{what}.force", 0),
                "tap": bool(d.get("tap")), "discard": self.integer(d.get("discard", 0), f"{what}.discard", 0),
                "discard_self": bool(d.get("discard_self")),
                "damage_self": self.integer(d.get("damage_self", 0), f"{what}.damage_self", 0),
                "retreat_self": bool(d.get("retreat_self")),
                "build_points": self.integer(d.get("build_points", 0), f"{what}.build_points", 0),
                "discard_types": types}

    def reserves(self, d: dict[str, Any], what: str) -> bool:
        """Reserves: the ability works only while its unit is face up in the build zone."""
        if d.get("reserves", False) not in (True, False):
            raise self.fail(f"{what}.reserves: true or false, got {d['reserves']!r}")
        return bool(d.get("reserves"))

    def ability(self, raw: Any, what: str) -> Ability:
        if not isinstance(raw, dict):
            raise self.fail(f"{what}: expected a mapping, got {raw!r}")
        if "keyword" in raw:
            d = self.mapping(raw, what, {"keyword", "n"})
            if d["keyword"] not in KEYWORDS:
                raise self.fail(f"{what}.keyword: one of {', '.join(KEYWORDS)}, got {d['keyword']!r}")
            n = d.get("n", 1) if d["keyword"] in FLAG_KEYWORDS else d.get("n")
            return Ability("keyword", keyword=d["keyword"], n=self.integer(n, f"{what}.n", 1))
        if "ward" in raw:
            # when a unit the selector names (of the opponent's) would damage this unit, the
            # damage is prevented unless the opponent pays N Force
            d = self.mapping(raw, what, {"ward", "pays"})
            return Ability("ward", target=self.sel(d["ward"], f"{what}.ward"),
                           n=self.integer(d.get("pays"), f"{what}.pays", 1))
        if "intercept" in raw:
            # Intercept: when another of your units in its arena is attacked, this unit may
            # become the defender (paying the Force)
            d = self.mapping(raw, what, {"intercept", "force"})
            if d["intercept"] is not True:
                raise self.fail(f"{what}.intercept: only true")
            return Ability("activated", timing="intercept",
                           force=self.integer(d.get("force", 0), f"{what}.force", 0),
                           ops=(("redirect", ("self",)),))
        if "retaliate" in raw:
            # Retaliate N: when a unit of its arena attacks this unit, its owner may pay the Force
            # (once an attack); when the attack ends, N dice of damage go to the attacker
            d = self.mapping(raw, what, {"retaliate", "force"})
            n = self.integer(d["retaliate"], f"{what}.retaliate", 1)
            return Ability("activated", timing="retaliate", n=n,
                           force=self.integer(d.get("force", 0), f"{what}.force", 0),
                           ops=(("at_attack_end", (("dice_damage", ("attacker", False), n, None, 0),)),))
        if "evade" in raw or "deflect" in raw:
            key = "evade" if "evade" in raw else "deflect"
            d = self.mapping(raw, what, {key, "force", "if"})
            force = self.integer(d.get("force", 0), f"{what}.force", 0)
            return Ability("prevent", timing="prevent", force=force,
                           n=self.integer(d[key], f"{what}.{key}", 1), deflect=key == "deflect",
                           self_only=True, evade=key == "evade", cond=self.cond(d.get("if"), f"{what}.if"))
        if raw.get("prevent") == "transfer":
            # the cost is damage counters moved onto another unit: as many as it prevents
            d = self.mapping(raw, what, {"prevent", "for", "to"})
            if d.get("for") != "self" or "to" not in d:
                raise self.fail(f"{what}: prevent: transfer needs 'for: self' and 'to: SELECTOR'")
            return Ability("prevent", timing="prevent", self_only=True,
                           ops=(("choose", self.sel(d["to"], f"{what}.to"), 0, 1, 1), ("transfer_damage",)))
        if "prevent" in raw:
            d = self.mapping(raw, what, {"prevent", "for", "activated", "then", "reserves", "if"})
            c = self.cost(d.get("activated"), f"{what}.activated")
            c["reserves"] = self.reserves(d, what)
            c["cond"] = self.cond(d.get("if"), f"{what}.if")
            n = -1 if d["prevent"] == "all" else self.integer(d["prevent"], f"{what}.prevent", 1)
            self_only = d.get("for") == "self"
            return Ability("prevent", timing="prevent", n=n, self_only=self_only,
                           target=None if self_only else self.sel(d.get("for"), f"{what}.for"),
                           then=self.ops(d.get("then", []), f"{what}.then"), **c)
        if "static" in raw:
            d = self.mapping(raw, what, {"static", "if", "attacking"})
            st = self.mapping(d["static"], f"{what}.static",
                              {"units", *STAT_KEYS, "deploy_cost", "cards", "cant_retreat",
                               "unlimited_stack", "self_cost", "ability",
                               "ability_cost", "owner", "open_build", "per", "keyword", "n", "keeps_pilots",
                               "cant_attack", "lure", "forbid_plays", "attacks_build_zone", "extra_pilot",
                               "extra_draw", "open_hand", "rescues_pilot"})
            out: dict[str, Any] = {}
            if "units" in st:
                units = st["units"]
                out["units"] = "self" if units == "self" else self.sel(units, f"{what}.static.units")
                out["mods"] = tuple(self.integer(st.get(k, 0), f"{what}.static.{k}") for k in STAT_KEYS)
                if st.get("per") == "damage":   # once for each damage counter on the unit
                    out["per"] = "damage"
                elif "per" in st:     # the bonus counts once for each unit the selector names
                    out["per"] = self.sel(st["per"], f"{what}.static.per")
                if "keyword" in st:     # the units get a keyword (Accuracy 1) while it holds
                    if st["keyword"] not in KEYWORDS:
                        raise self.fail(f"{what}.static.keyword: one of {', '.join(KEYWORDS)}, "
                                        f"got {st['keyword']!r}")
                    out["grants"] = (st["keyword"], self.integer(st.get("n"), f"{what}.static.n", 1))
                elif "n" in st:
                    raise self.fail(f"{what}.static.n: only with keyword")
                if "ability" in st:     # the units have this ability too ("gets 'Pay 0 -> Evade 1'")
                    given = self.ability(st["ability"], f"{what}.static.ability")
                    if given.kind not in ("activated", "prevent", "reroll"):
                        raise self.fail(f"{what}.static.ability: an activated or prevention ability "
                                        f"(Evade, Intercept, Retaliate), got {given.kind}")
                    out["ability"] = given
                if "cant_attack" in st:     # the units can't attack (while the condition holds)
                    if st["cant_attack"] is not True:
                        raise self.fail(f"{what}.static.cant_attack: only true")
                    out["cant_attack"] = True
            elif "lure" in st:      # the units named must attack this unit whenever they can
                out["lure"] = self.sel(st["lure"], f"{what}.static.lure")
            elif "forbid_plays" in st:      # its controller can't play these
                if st["forbid_plays"] not in ("battle", "abilities"):
                    raise self.fail(f"{what}.static.forbid_plays: battle or abilities, "
                                    f"got {st['forbid_plays']!r}")
                out["forbid_plays"] = st["forbid_plays"]
            elif "deploy_cost" in st:
                out["deploy_cost"] = self.integer(st["deploy_cost"], f"{what}.static.deploy_cost")
                out["cards"] = self.sel(st.get("cards"), f"{what}.static.cards")
            elif "cant_retreat" in st:
                out["cant_retreat"] = self.sel(st["cant_retreat"], f"{what}.static.cant_retreat")
            elif "self_cost" in st:     # the card itself costs this much more (less) to deploy
                out["self_cost"] = self.integer(st["self_cost"], f"{what}.static.self_cost")
            elif "unlimited_stack" in st:     # these cards' stacks may hold more than 4 cards
                out["unlimited_stack"] = self.sel(st["unlimited_stack"], f"{what}.static.unlimited_stack")
            elif "attacks_build_zone" in st:
                # this unit may attack the opponent's retreated units the selector names
                reach = self.sel(st["attacks_build_zone"], f"{what}.static.attacks_build_zone")
                out["reach"] = (replace(reach, owner=1, build_zone=True), 0)
            elif "ability_cost" in st:
                out["ability_cost"] = self.integer(st["ability_cost"], f"{what}.static.ability_cost", 1)
            elif st.get("open_build") == "opponent":
                out["open_build"] = True
            elif st.get("open_hand") == "opponent":
                # the opponent plays with the hand face up: both players know its cards
                out["open_hand"] = True
            elif st.get("keeps_pilots") is True:
                # discarded with pilots aboard, its owner may move them to the build zone instead
                out["keeps_pilots"] = True
            elif "rescues_pilot" in st:
                # when a unit of its owner's the selector names is discarded with pilots aboard,
                # one of them may go to the build zone instead; then this unit is discarded
                out["rescues_pilot"] = self.sel(st["rescues_pilot"], f"{what}.static.rescues_pilot")
            elif "extra_draw" in st:
                # its owner draws N more cards in each draw step (while it is in its arena)
                out["extra_draw"] = self.integer(st["extra_draw"], f"{what}.static.extra_draw", 1)
            elif "extra_pilot" in st:
                # it may carry one pilot more than the rule allows, if that pilot (or, when the
                # seat is taken, the one already aboard) is one the selector names
                out["extra_pilot"] = self.sel(st["extra_pilot"], f"{what}.static.extra_pilot")
            else:
                raise self.fail(f"{what}.static: say units, deploy_cost, cant_retreat, ability_cost, "
                                f"lure, forbid_plays, open_build, open_hand, keeps_pilots, extra_pilot "
                                f"or extra_draw")
            if "attacking" in d:
                out["attacking"] = ("self" if d["attacking"] == "self"
                                    else self.sel(d["attacking"], f"{what}.attacking"))
            return Ability("static", static=out, cond=self.cond(d.get("if"), f"{what}.if"))
        if "pilot" in raw:
            d = self.mapping(raw, what, {"pilot", "gives", "grants", "if", "disembarks_after"})
            off = d.get("disembarks_after")
            if off is not None and off not in ARENAS:
                raise self.fail(f"{what}.disembarks_after: an arena's battle step ({', '.join(ARENAS)})")
            onto = d["pilot"] if isinstance(d["pilot"], list) else [d["pilot"]]
            # grants: activated or prevention abilities the unit has while the pilot is aboard
            granted = d.get("grants", [])
            if not isinstance(granted, list):
                raise self.fail(f"{what}.grants: expected a list of abilities")
            grants = tuple(self.ability(a, f"{what}.grants[{i}]") for i, a in enumerate(granted))
            kinds = ("activated", "prevent", "static", "trigger", "reroll")     # reroll: Lucky
            if any(a.kind not in kinds for a in grants) or any(
                    a.kind == "trigger" and (a.timing not in ("discarded", "battle_end", "battle_start")
                                             or a.optional) for a in grants):
                raise self.fail(f"{what}.grants: only activated, prevention (Evade) and static abilities, "
                                f"and 'when discarded' or battle phase start/end triggers that are not "
                                f"optional")
            if not onto or not all(isinstance(t, str) and t for t in onto):
                raise self.fail(f"{what}.pilot: the subtypes it may pilot, e.g. [Starfighter]")
            gives = self.mapping(d.get("gives") or {}, f"{what}.gives", {*STAT_KEYS, *KEYWORDS})
            # reference section 11: only non-Droid units of the named subtypes take a pilot
            return Ability("pilot", static={
                "onto": Sel(subtypes=tuple(onto), not_subtypes=("Droid",)),
                "mods": tuple(self.integer(gives.get(k, 0), f"{what}.gives.{k}") for k in STAT_KEYS),
                # keywords the unit gets while the pilot is aboard (Stun 3)
                "keywords": tuple((k, self.integer(gives[k], f"{what}.gives.{k}", 1))
                                  for k in KEYWORDS if k in gives and k not in STAT_KEYS),
                "abilities": grants,
                # disembarks_after: when that battle step ends, it moves off into the Character arena
                "disembark": ARENAS.index(off) if off is not None else -1,
                # if: the bonuses count only while the condition holds (read for the unit piloted)
                "if": self.cond(d.get("if"), f"{what}.if")})
        if "treat_as" in raw:
            d = self.mapping(raw, what, {"treat_as"})
            words = self.words(d["treat_as"], f"{what}.treat_as")
            return Ability("treat_as", static={"subtype": " ".join(words)})
        if "activated" in raw:
            d = self.mapping(raw, what, {"activated", "timing", "do", "if", "reserves", "once_per_turn",
                                         "from_discard"})
            if d.get("timing") not in TIMINGS:
                raise self.fail(f"{what}.timing: one of {', '.join(TIMINGS)}, got {d.get('timing')!r}")
            if d.get("once_per_turn", True) is not True:
                raise self.fail(f"{what}.once_per_turn: only true")
            if d.get("from_discard", False) not in (True, False) or (d.get("from_discard")
                                                                     and d.get("timing") != "build"):
                raise self.fail(f"{what}.from_discard: true or false, and only with timing: build")
            return Ability("activated", timing=d["timing"], ops=self.ops(d.get("do"), f"{what}.do"),
                           cond=self.cond(d.get("if"), f"{what}.if"), reserves=self.reserves(d, what),
                           once_per_turn=bool(d.get("once_per_turn")),
                           from_discard=bool(d.get("from_discard")),
                           **self.cost(d["activated"], f"{what}.activated"))
        if "when" in raw:
            d = self.mapping(raw, what, {"when", "do", "optional", "force", "of"})
            if d["when"] not in EVENTS:
                raise self.fail(f"{what}.when: one of {', '.join(EVENTS)}, got {d['when']!r}")
            force = self.integer(d.get("force", 0), f"{what}.force", 0)
            if force and not d.get("optional"):
                raise self.fail(f"{what}.force: a trigger with a Force cost must be optional")
            if "of" in d and d["when"] not in ("destroys", "damages", "other_deployed"):
                raise self.fail(f"{what}.of: only for 'destroys', 'damages' or 'other_deployed' "
                                f"(which units it counts)")
            return Ability("trigger", timing=d["when"], ops=self.ops(d.get("do"), f"{what}.do"),
                           optional=bool(d.get("optional")), force=force,
                           target=self.sel(d["of"], f"{what}.of") if "of" in d else None)
        if "lucky" in raw:
            # Lucky X (reference section 9): when its unit attacks or is attacked, its owner may
            # reroll up to X of the attack dice, once a roll
            d = self.mapping(raw, what, {"lucky"})
            n = self.integer(d["lucky"], f"{what}.lucky", 1)
            return Ability("reroll", timing="reroll", n=n, ops=(("reroll", "lucky", n),))
        if "reroll" in raw:
            d = self.mapping(raw, what, {"reroll", "timing", "when_defending"})
            return Ability("reroll", timing="reroll", ops=(("reroll", "opponent_dice"),))
        if "play" in raw:
            d = self.mapping(raw, what, {"play", "timing", "do", "if", "for"})
            # a list of timings: the card may be played at any of those chances ("prevent|attack")
            timings = d.get("timing", "any")
            timings = timings if isinstance(timings, list) else [timings]
            for t in timings:
                if t not in TIMINGS:
                    raise self.fail(f"{what}.timing: one of {', '.join(TIMINGS)}, got {t!r}")
            timing = "|".join(timings)
            return Ability("play", timing=timing, force=self.integer(d["play"], f"{what}.play", 0),
                           ops=self.ops(d.get("do"), f"{what}.do"),
                           cond=self.cond(d.get("if"), f"{what}.if"),
                           target=self.sel(d.get("for"), f"{what}.for") if "prevent" in timings else None)
        if "secret_roll" in raw:
            # its attack dice are rolled in secret and shown after the chance to prevent damage
            d = self.mapping(raw, what, {"secret_roll"})
            if d["secret_roll"] is not True:
                raise self.fail(f"{what}.secret_roll: only true")
            return Ability("secret_roll")
        if "modes" in raw:
            # "each turn, choose one": stat lines; chosen when deployed and at each ready phase
            d = self.mapping(raw, what, {"modes"})
            if not isinstance(d["modes"], list) or len(d["modes"]) < 2:
                raise self.fail(f"{what}.modes: expected a list of two or more stat lines")
            keys = ("speed", "power", "health", "critical_hit", "accuracy")
            lines = []
            for i, m in enumerate(d["modes"]):
                m = self.mapping(m, f"{what}.modes[{i}]", set(keys))
                if self.integer(m.get("health", 0), f"{what}.modes[{i}].health", 0) < 1:
                    raise self.fail(f"{what}.modes[{i}].health: at least 1")
                lines.append(tuple(self.integer(m.get(k, 0), f"{what}.modes[{i}].{k}", 0) for k in keys))
            return Ability("modes", static={"modes": tuple(lines)})
        if "copy_battle" in raw:
            # "pay the costs and meet the conditions of a Battle card your opponent has played
            # this turn: get its effects", whenever that card could be played
            d = self.mapping(raw, what, {"copy_battle"})
            if d["copy_battle"] != "opponent":
                raise self.fail(f"{what}.copy_battle: only 'opponent'")
            return Ability("play", timing="copy", static={"copy": True})
        if "granted" in raw:
            # an ability this card gives to units with grant_ability (it has no use of its own)
            d = self.mapping(raw, what, {"granted"})
            inner = self.ability(d["granted"], f"{what}.granted")
            if inner.kind not in ("activated", "prevent", "reroll"):
                raise self.fail(f"{what}.granted: only an activated, prevention or Lucky ability")
            return Ability("granted", static={"ability": inner})
        if "mission" in raw:
            d = self.mapping(raw, what, {"mission", "do", "if"})
            return Ability("mission", ops=self.ops(d.get("do"), f"{what}.do"),
                           cond=self.cond(d.get("if"), f"{what}.if"))
        raise self.fail(f"{what}: not an ability (keyword, intercept, retaliate, evade, deflect, prevent, "
                        f"static, "
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
