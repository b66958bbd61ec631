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
    min_speed: int | None = None            # speed now at least this
    discard: bool = False                   # cards in the discard piles instead of units
    max_speed: int | None = None            # speed now at most this
    max_cost: int | None = None             # total build cost (card's, +1 per card beneath) at most this
    has_upkeep: bool | None = None          # has an Upkeep ability (or none)
    has_bounty: bool | None = None          # its card has a Bounty ability (or none)
    is_pilot: bool | None = None            # a card with a pilot ability ("your Pilots"), or not
    discards_here: bool = False             # in an arena a unit has been discarded from this turn
    different: str = ""                     # "speed"/"name": (a choice of several, or a count)
                                            # each unit differs from the others in it
    cost_cap: str = ""                      # total build cost at most: "force" the controller's
                                            # Force now, "counters" the counters on the ability's card
    discarded_by_damage: int = -1           # (zone: discard) last discarded this turn by damage of
                                            # more than N times its total health (-1: not asked)
    slower_than_chosen: bool = False        # speed now below the printed speed of the card(s) an
                                            # earlier step chose (a card revealed from hand)
    hand_match: tuple[str, ...] = ()        # a unit the controller's hand holds a card matched
                                            # to (HAND_MATCH words: effects.hand_matches)
    total_cost: int | None = None           # a choice of several: the picks' total build costs
    total_cost_x: bool = False              # at most total_cost (or, with _x, the X of the context)


ARENA_CHOSEN, ARENA_ATTACK = 10, 11         # the arena chosen earlier / of the attack in progress
ARENA_THREATENED = 12                       # the arena of the unit damage is about to be dealt to
FREE_DEPLOY = 1000                          # deploy_discount n: all: more than any build cost


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
    from_build: bool = False      # works only while its card lies face down in its owner's build zone
    build_points: int = 0         # build points to pay (a cost)
    once_per_turn: bool = False   # an activated ability its unit may use once a turn
    force_cost: bool = True       # its cost names Force ("Pay 0 Force" too); False: tap only etc.
    remove: tuple[Op, ...] = ()   # a cost: cards removed from the game from a discard pile (the
                                  # choice and the removal, Reader.removal)


UNIT_OR_MISSION = (*ARENAS, "mission")   # a selector's `type` words
FETCH_PLACES = ("deck", "hand", "discard")   # where a `fetch` may take cards from
SEARCH_KINDS = ("battle", "unit", "location", "any", *ARENAS, "equipment")   # a search's `kind`
KEYWORDS = ("critical_hit", "shields", "bombard", "ion_cannon", "stun", "accuracy", "overkill",
            "dice_penalty", "unpreventable", "barrage", "armor", "unpreventable_all")
# keywords without a number: n is 1 when left out
FLAG_KEYWORDS = ("overkill", "unpreventable", "armor", "unpreventable_all")
DISRUPT_KINDS = ("battle", "mission", "ability")   # what a `disrupt` effect may answer
TIMINGS = ("build", "would_attack", "attack", "reroll", "prevent", "any", "intercept", "retaliate", "disrupt",
           "upkeep")
ASIDE_BACK = ("hand", "deck_top", "deck_bottom", "discard")
"""Where set-aside cards return (set_aside): their owner's hand, the top or the bottom of their
owner's deck (in an order the player who set them aside picks), their owner's discard pile."""
ASIDE_UNTIL = ("space_step", "ground_step", "character_step", "turn", "chance")
"""When set-aside cards return: at the end of that battle step (its index is the arena's), of
the turn, or of the play-or-pass sequence in progress ("chance")."""
EVENTS = ("battle_start", "battle_end", "step_start_character", "build_roll", "deployed",
          "discarded", "attack_end", "attacks", "destroys", "draw_step", "damages",
          "discarded_from_hand",
          "attacked", "other_deployed", "takes_damage", "step_start_space", "step_start_ground",
          "step_end_space", "step_end_ground", "step_end_character", "build_step_start", "draws",
          "unit_attacks", "deploys_while_discarded", "prevents", "unit_discarded", "unit_destroys")
# the events a trigger may answer while its card is in its owner's hand (`from_hand: true`)
HAND_EVENTS = ("unit_discarded",)
STAT_KEYS = ("speed", "power", "critical_hit")
# the ways an Upkeep may be paid (reference section 6)
UPKEEP_OPTIONS = ("build_points", "force", "discard", "tap", "counters", "mill", "tap_unit", "to_hand",
                  "remove_cards")
# the triggers a pilot may give the unit it flies (flow.fire runs them for the unit)
PILOT_EVENTS = ("discarded", "battle_end", "battle_start", "attacks", "step_start_space", "step_start_ground",
                "step_start_character", "build_roll")
UNTIL = ("attack", "battle", "turn")
# how a card of the hand is matched against a unit (hand_to_arena `match`, selector `hand_match`):
# the same complete type line (type and whole subtype), another unique name, a printed build cost
# at most the unit's card's, a unit card of the arena the unit is (was) in, a cost the
# controller's Force can pay
HAND_MATCH = ("type_line", "other_name", "max_cost", "arena", "afford")


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
        "has_keyword", "max_health", "piloted", "chosen", "stacked", "min_speed", "max_speed",
        "max_cost", "has_upkeep", "is_pilot", "discards_here", "has_bounty", "different",
        "slower_than", "hand_match", "total_cost", "discarded_by_damage"})

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
        for t in types:     # mission: only where cards are named (deploy_cost: Holoprojection Chamber)
            if t not in UNIT_OR_MISSION:
                raise self.fail(f"{what}.type: a unit type ({', '.join(ARENAS)}) or mission, got {t!r}")
        for flag in ("tapped", "damaged", "other", "unique", "piloted", "chosen", "stacked", "has_upkeep",
                     "is_pilot", "discards_here", "has_bounty"):
            if flag in d and not isinstance(d[flag], bool):
                raise self.fail(f"{what}.{flag}: true or false, got {d[flag]!r}")
        if d.get("slower_than", "chosen") != "chosen":
            raise self.fail(f"{what}.slower_than: only chosen, got {d['slower_than']!r}")
        if d.get("other_than", "defender") not in ("defender", "chosen", "threatened"):
            raise self.fail(f"{what}.other_than: defender, chosen or threatened, got {d['other_than']!r}")
        if d.get("zone", "build") not in ("build", "any", "location", "discard"):
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
                   location=d.get("zone") == "location", discard=d.get("zone") == "discard",
                   unique=d.get("unique"),
                   all_subtypes=(self.words(d["all_subtypes"], f"{what}.all_subtypes")
                                 if "all_subtypes" in d else ()),
                   min_power=self.integer(d["min_power"], f"{what}.min_power", 0)
                   if "min_power" in d else None,
                   has_keyword=self.keyword_name(d.get("has_keyword", ""), f"{what}.has_keyword"),
                   different=self.different(d.get("different", ""), f"{what}.different"),
                   max_health=self.integer(d["max_health"], f"{what}.max_health", 0)
                   if "max_health" in d else None,
                   piloted=d.get("piloted"), only_chosen=bool(d.get("chosen")), stacked=d.get("stacked"),
                   min_speed=self.integer(d["min_speed"], f"{what}.min_speed", 0)
                   if "min_speed" in d else None,
                   max_speed=self.integer(d["max_speed"], f"{what}.max_speed", 0)
                   if "max_speed" in d else None,
                   max_cost=self.integer(d["max_cost"], f"{what}.max_cost", 0)
                   if "max_cost" in d and d["max_cost"] not in ("force", "counters", "x") else None,
                   # x: at most the X an earlier step set (x_is), in a choice (effects._choose)
                   cost_cap=d["max_cost"] if d.get("max_cost") in ("force", "counters", "x") else "",
                   has_upkeep=d.get("has_upkeep"), is_pilot=d.get("is_pilot"),
                   discards_here=bool(d.get("discards_here")),
                   has_bounty=d.get("has_bounty"), slower_than_chosen="slower_than" in d,
                   hand_match=self.hand_match(d.get("hand_match", []), f"{what}.hand_match"),
                   total_cost=(None if "total_cost" not in d else 0 if d["total_cost"] == "x"
                               else self.integer(d["total_cost"], f"{what}.total_cost", 0)),
                   total_cost_x=d.get("total_cost") == "x",
                   discarded_by_damage=self.discarded_by(d, what),
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
        d = self.mapping(value, what, {"choose", "by", "up_to", "each", "attacker", "pick_any", "at_least"})
        if "choose" in d:
            by = {"you": 0, "opponent": 1}.get(d.get("by", "you"))
            if by is None:
                raise self.fail(f"{what}.by: you or opponent, got {d['by']!r}")
            hi = self.integer(d.get("up_to", 1), f"{what}.up_to", 1)
            # at_least: no stopping before that many are picked (while any can be)
            lo = self.integer(d.get("at_least", 1), f"{what}.at_least", 1)
            if lo > hi:
                raise self.fail(f"{what}.at_least: at most up_to ({hi})")
            steps.append(("choose", self.sel(d["choose"], f"{what}.choose"), by, lo, hi))
            return ("chosen",)
        if "pick_any" in d:
            steps.append(("choose", self.sel(d["pick_any"], f"{what}.pick_any"), 0, 0, 99))
            return ("chosen",)
        if "each" in d:
            return ("each", self.sel(d["each"], f"{what}.each"))
        if "attacker" in d:
            return ("attacker", d["attacker"] == "you")
        raise self.fail(f"{what}: name a unit with choose, each, pick_any, attacker or self")

    def discarded_by(self, d: dict[str, Any], what: str) -> int:
        """`discarded_by_damage: N` (with `zone: discard`): a card whose last discard this turn
        was by damage of more than N times its total health."""
        if "discarded_by_damage" not in d:
            return -1
        if d.get("zone") != "discard":
            raise self.fail(f"{what}.discarded_by_damage: only with zone: discard")
        return self.integer(d["discarded_by_damage"], f"{what}.discarded_by_damage", 0)

    def different(self, value: Any, what: str) -> str:
        if value not in ("", "speed", "name", "arena"):
            raise self.fail(f"{what}: speed, name or arena, got {value!r}")
        return str(value)

    def hand_match(self, value: Any, what: str) -> tuple[str, ...]:
        """Words of HAND_MATCH: how a hand card is matched against a unit (hand_to_arena's
        `match`, the selector's `hand_match`)."""
        if value in ([], None):
            return ()
        items = self.words(value, what)
        for w in items:
            if w not in HAND_MATCH:
                raise self.fail(f"{what}: words of {', '.join(HAND_MATCH)}, got {w!r}")
        return items

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
            # power: stack_cards, as many as the cards in the effect's own unit's stack
            # power: cost_gap, the defender's total build cost less the attacker's (Han's Attack)
            # power: x, the X an earlier pay_x step paid (Vader's Vengeance)
            # power: chosen_cost, the total build cost of the unit(s) an earlier step chose
            worded = ("chosen_power", "stack_cards", "cost_gap", "x", "chosen_cost")
            stats = tuple(d[k] if k == "power" and d.get(k) in worded
                          else self.integer(d.get(k, 0), f"{at}.{k}") for k in STAT_KEYS)
            if d.get("until") not in UNTIL:
                raise self.fail(f"{at}.until: one of {', '.join(UNTIL)}")
            steps.append(("modify", unit, stats, UNTIL.index(d["until"])))
        elif name in ("damage", "dice_damage", "remove_damage"):
            d = self.mapping(arg, at, {"unit", "n", "unless", "no_evade"} if name == "damage"
                             else {"unit", "n", "leave", "health_left"} if name == "remove_damage"
                             else {"unit", "n", "unless", "only_prevented_by"})
            unit = self.target(d.get("unit"), f"{at}.unit", steps)
            every = (d.get("n") == "all" or "health_left" in d) and name == "remove_damage"
            n: Any = -1 if every else ("counters" if d.get("n") == "counters" and name == "damage"
                                      else "x" if d.get("n") == "x"
                                      and name in ("dice_damage", "remove_damage")
                                      else "chosen_cost"
                                      if d.get("n") == "chosen_cost" and name == "remove_damage"
                                      else "power" if d.get("n") == "power" and name == "dice_damage"
                                      else self.integer(d.get("n"), f"{at}.n", 1))
            unless: Any = None      # (selector, pays), or for remove_damage the counters to leave
            if "unless" in d:
                u = self.mapping(d["unless"], f"{at}.unless", {"opponent_has", "pays"})
                has = (self.sel(u["opponent_has"], f"{at}.unless.opponent_has")
                       if "opponent_has" in u else None)
                unless = (has, self.integer(u.get("pays"), f"{at}.unless.pays", 1))
            if "leave" in d:    # remove_damage: all but this many counters ("all but 1")
                if not every:
                    raise self.fail(f"{at}.leave: only with n: all")
                unless = self.integer(d["leave"], f"{at}.leave", 1)
            if "health_left" in d:  # remove_damage: down to N health left ("until it is at 1 health")
                if "n" in d or "leave" in d:
                    raise self.fail(f"{at}.health_left: not with n or leave")
                unless = ("health", self.integer(d["health_left"], f"{at}.health_left", 1))
            # only_prevented_by: only prevention abilities of units the selector names (of the
            # damaged unit's side) can prevent it ("only by a Jedi Master")
            only = ((self.sel(d["only_prevented_by"], f"{at}.only_prevented_by"),)
                    if "only_prevented_by" in d else ())
            steps.append((name, unit, n, unless, self.no_evade(d.get("no_evade"), f"{at}.no_evade"), *only))
        elif name in ("tap", "untap", "retreat", "discard_unit", "redeploy", "command", "redirect", "tame",
                      "to_deck_top", "chain_attacks", "hold_under",
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
            d = self.mapping(arg, at, {"not_attacked", "among", "with"})
            among = self.words(d["among"], f"{at}.among") if "among" in d else ARENAS
            if any(a not in ARENAS for a in among):
                raise self.fail(f"{at}.among: arenas ({', '.join(ARENAS)}), got {d['among']!r}")
            # with: only an arena where the selector names a unit ("where you have a Jedi")
            steps.append(("choose_arena", bool(d.get("not_attacked")),
                          tuple(ARENAS.index(a) for a in among),
                          *((self.sel(d["with"], f"{at}.with"),) if "with" in d else ())))
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
            # pays: 0, "your opponent may have ...": their choice, free
            steps.append(("offer", self.side(d.get("side", "opponent"), f"{at}.side"),
                          self.integer(d.get("pays"), f"{at}.pays", 0), self.ops(d.get("do"), f"{at}.do")))
        elif name == "pick":     # choose a unit for the steps after it ('chosen'), doing nothing yet
            steps.append(("choose", self.sel(arg, at), 0, 1, 1))
        elif name in ("mark", "unmark"):
            # put a counter of that kind on the unit (it stays from turn to turn while the unit is
            # in play), or take every such counter off the units named
            d = self.mapping(arg, at, {"unit", "kind"})
            unit = self.target(d.get("unit"), f"{at}.unit", steps)
            steps.append((name, unit, self.words(d.get("kind"), f"{at}.kind")[0]))
        elif name == "while_tapped":
            # "as long as this unit remains tapped": the unit named gets Keyword N, or (hold) it
            # doesn't untap and gets N damage counters as that arena's battle step starts
            d = self.mapping(arg, at, {"unit", "keyword", "n", "hold", "counters", "step"})
            unit = self.target(d.get("unit"), f"{at}.unit", steps)
            if d.get("hold"):
                if d.get("step") not in ARENAS or "keyword" in d:
                    raise self.fail(f"{at}: hold needs step (an arena) and counters, no keyword")
                steps.append(("while_tapped", unit, "hold", ARENAS.index(d["step"]),
                              self.integer(d.get("counters", 0), f"{at}.counters", 0)))
            else:
                if d.get("keyword") not in KEYWORDS:
                    raise self.fail(f"{at}.keyword: one of {', '.join(KEYWORDS)}")
                steps.append(("while_tapped", unit, "kw", d["keyword"],
                              self.integer(d.get("n"), f"{at}.n", 1)))
        elif name == "disrupt":
            # the Battle card just played (the one a `disrupt` timing answers) is cancelled,
            # unless its controller pays N Force; `what`: the kinds it may answer (a Battle card,
            # a Mission just completed, an activated ability just used); `lock`: a disrupted
            # ability can't be used again this turn
            d = self.mapping(arg, at, {"unless_pays", "what", "lock"})
            kinds = self.words(d.get("what", "battle"), f"{at}.what")
            if not kinds or any(k not in DISRUPT_KINDS for k in kinds):
                raise self.fail(f"{at}.what: one or more of {', '.join(DISRUPT_KINDS)}, got {d['what']!r}")
            if d.get("lock", False) not in (True, False) or (d.get("lock") and "ability" not in kinds):
                raise self.fail(f"{at}.lock: true or false, and only with what: ability")
            steps.append(("disrupt", self.integer(d.get("unless_pays", 0), f"{at}.unless_pays", 0),
                          kinds, bool(d.get("lock"))))
        elif name == "pay_x":
            # "Pay X Force": the controller names X (1 up to their Force) and pays it; `n: x` in
            # a later step reads it
            # {up_to: x}: X from 0 up to the X the context holds (an X-cost Mission's counters)
            if arg != {"up_to": "x"} and arg is not True:
                raise self.fail(f"{at}: true or {{up_to: x}}")
            steps.append(("pay_x",) if arg is True else ("pay_x", "up_to_x"))
        elif name == "remember":
            # (in an `attacks` trigger) the ability's own unit remembers the unit it attacks now,
            # from turn to turn while it stays in play: a later `recall` names it
            if arg != "defender":
                raise self.fail(f"{at}: only defender")
            steps.append(("remember",))
        elif name == "recall":
            # the unit the ability's own unit remembers ("the last unit it attacked"), if in an
            # arena, is `chosen` for the steps after it
            if arg is not True:
                raise self.fail(f"{at}: only true")
            steps.append(("recall",))
        elif name == "hold_chosen":
            # keep the unit an earlier step chose for a later must_attack, and make its arena the
            # chosen arena (so a selector with arena: chosen names units of its arena)
            if arg is not True:
                raise self.fail(f"{at}: only true")
            steps.append(("hold_chosen",))
        elif name == "must_attack":
            # this turn the unit(s) just chosen must attack the unit held before, when they can
            if arg != "held":
                raise self.fail(f"{at}: only 'held' (the unit kept with hold_chosen)")
            steps.append(("must_attack",))
        elif name == "split_hand":
            # the side's hand is set aside face up; its owner takes one back into hand, then the
            # other player puts one into the owner's discard pile, in turn until none are left
            steps.append(("split_hand", self.side(arg, at)))
        elif name == "strip":
            # you look through the side's hand and deck and may discard one card of those types;
            # then they shuffle their deck
            d = self.mapping(arg, at, {"side", "kind"})
            kinds = self.words(d.get("kind", ""), f"{at}.kind")
            if any(k not in CARD_TYPES for k in kinds):
                raise self.fail(f"{at}.kind: card types ({', '.join(CARD_TYPES)})")
            steps.append(("strip", self.side(d.get("side", "opponent"), f"{at}.side"), kinds))
        elif name == "deploy_discount":
            # this turn the cards the selector names cost n fewer build counters to deploy
            d = self.mapping(arg, at, {"cards", "n"})
            # n: all: they cost nothing ("without paying their build costs")
            steps.append(("deploy_discount", self.sel(d.get("cards"), f"{at}.cards"),
                          FREE_DEPLOY if d.get("n") == "all" else self.integer(d.get("n"), f"{at}.n", 1)))
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
            d = self.mapping(arg, at, {"n", "type", "counters", "until_names", "by"})
            if d.get("type") not in CARD_TYPES:
                raise self.fail(f"{at}.type: one of {', '.join(CARD_TYPES)}")
            revealed_counters = self.integer(d.get("counters", 0), f"{at}.counters", 0)
            if "until_names" in d:
                # reveal from the top until that many cards of the type with different names
                # are shown; `by`: the player who picks among them (opponent: Parting of Heroes)
                if "n" in d:
                    raise self.fail(f"{at}: n or until_names, not both")
                steps.append(("reveal_build", -1, d["type"], revealed_counters,
                              self.integer(d["until_names"], f"{at}.until_names", 1),
                              self.side(d.get("by", "you"), f"{at}.by")))
            else:
                if "by" in d:
                    raise self.fail(f"{at}.by: only with until_names")
                steps.append(("reveal_build", self.integer(d.get("n"), f"{at}.n", 1), d["type"],
                              revealed_counters))
        elif name == "reveal_take":
            # you name a card type; the side named reveals its top n cards, takes those of that
            # type into hand and discards the rest
            d = self.mapping(arg, at, {"side", "n"})
            steps.append(("reveal_take", self.side(d.get("side", "you"), f"{at}.side"),
                          self.integer(d.get("n"), f"{at}.n", 1)))
        elif name == "fetch":
            # up to N cards of that name (any version) from any of these places of yours, taken
            # one at a time, go into their arena untapped (not a deployment); the deck is then
            # shuffled: always, or only if a card was taken from it (shuffle: if_taken)
            d = self.mapping(arg, at, {"name", "up_to", "from", "to", "shuffle"})
            if not isinstance(d.get("name"), str) or not d["name"]:
                raise self.fail(f"{at}.name: a card name, got {d.get('name')!r}")
            places = d.get("from")
            if not isinstance(places, list) or not places or any(x not in FETCH_PLACES for x in places):
                raise self.fail(f"{at}.from: a list of {', '.join(FETCH_PLACES)}, got {places!r}")
            if d.get("to") != "arena":
                raise self.fail(f"{at}.to: arena (the only place yet), got {d.get('to')!r}")
            if d.get("shuffle", "always") not in ("always", "if_taken"):
                raise self.fail(f"{at}.shuffle: always or if_taken, got {d.get('shuffle')!r}")
            steps.append(("fetch", d["name"], self.integer(d.get("up_to"), f"{at}.up_to", 1),
                          tuple(FETCH_PLACES.index(x) for x in places), d.get("shuffle", "always")))
        elif name == "hand_to_held":
            # you may put a unit card of your hand (of that type) face down under this unit:
            # held, known to its owner only
            d = self.mapping(arg, at, {"type"})
            kind = d.get("type", "")
            if kind and kind not in ARENAS:
                raise self.fail(f"{at}.type: a unit type ({', '.join(ARENAS)}), got {kind!r}")
            steps.append(("hand_to_held", kind))
        elif name == "gather":
            # any number of cards of the subtype with different names from your deck into your
            # hand, shown; then force_each Force for each card taken
            d = self.mapping(arg, at, {"subtype", "force_each"})
            steps.append(("gather", self.words(d.get("subtype"), f"{at}.subtype"),
                          self.integer(d.get("force_each", 0), f"{at}.force_each", 0)))
        elif name == "predict_hits":
            # you name a number of hits; when the attack's dice show that many, the effects happen
            steps.append(("predict_hits", self.ops(arg, at)))
        elif name == "predict_damage":
            # you name a number; if the attack in progress places exactly that much damage on the
            # defender (after prevention), the effects happen when the attack ends
            steps.append(("predict_hits", self.ops(arg, at), "damage"))
        elif name == "unpilot":
            # one of your pilots aboard a unit of that arena moves off into the Character arena
            # any_number: as many as the controller likes, one at a time; untap: each moved untaps
            # to_unit: instead, aboard another of your units of that arena that it may pilot
            d = self.mapping(arg, at, {"arena", "any_number", "untap", "to_unit"})
            if d.get("arena") not in ARENAS:
                raise self.fail(f"{at}.arena: one of {', '.join(ARENAS)}")
            if d.get("to_unit", False) not in (True, False) or (d.get("to_unit") and (
                    d.get("any_number") or d.get("untap"))):
                raise self.fail(f"{at}.to_unit: true or false, and not with any_number or untap")
            if d.get("to_unit"):
                steps.append(("unpilot", ARENAS.index(d["arena"]), False, False, True))
                return
            for flag in ("any_number", "untap"):
                if d.get(flag, False) not in (True, False):
                    raise self.fail(f"{at}.{flag}: true or false")
            if d.get("any_number") or d.get("untap"):
                steps.append(("unpilot", ARENAS.index(d["arena"]), bool(d.get("any_number")),
                              bool(d.get("untap"))))
            else:
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
            # retaliate: only Retaliate abilities ("can't activate Retaliate abilities this turn")
            if d.get("kind") not in ("battle", "abilities", "build_points", "retaliate"):
                raise self.fail(f"{at}.kind: battle, abilities, build_points or retaliate, "
                                f"got {d.get('kind')!r}")
            steps.append(("forbid_plays", self.side(d.get("side", "opponent"), f"{at}.side"), d["kind"]))
        elif name == "raise_in_stack":
            # its owner picks a card stacked under the unit to be the top card until the turn
            # ends; then the card that was on top goes back on top
            d = self.mapping(arg, at, {"unit"})
            steps.append(("raise_in_stack", self.target(d.get("unit"), f"{at}.unit", steps)))
        elif name == "pay_unit_cost":
            # "Pay X Force" where X must reach the chosen unit's total build cost
            if arg is not True:
                raise self.fail(f"{at}: write pay_unit_cost: true, got {arg!r}")
            steps.append(("pay_unit_cost",))
        elif name == "gain_control":
            # the controller gains control of the unit(s) until: step (the battle step in
            # progress), space_step / ground_step / character_step, battle, turn or game
            # (side: opponent: the controller's opponent gains it)
            d = self.mapping(arg, at, {"unit", "until", "side"})
            unit = self.target(d.get("unit"), f"{at}.unit", steps)
            ends = ("space_step", "ground_step", "character_step", "battle", "turn", "game")
            if d.get("until") != "step" and d.get("until") not in ends:
                raise self.fail(f"{at}.until: step, {', '.join(ends)}, got {d.get('until')!r}")
            if d.get("side", "you") not in ("you", "opponent"):
                raise self.fail(f"{at}.side: you or opponent, got {d.get('side')!r}")
            steps.append(("gain_control", unit, -1 if d["until"] == "step" else ends.index(d["until"]),
                          int(d.get("side") == "opponent")))
        elif name == "next_turn":
            # effects that wait for the next turn to start; the unit named now is `chosen` then
            d = self.mapping(arg, at, {"unit", "do"})
            later: Op | None = self.target(d["unit"], f"{at}.unit", steps) if "unit" in d else None
            steps.append(("next_turn", later, self.ops(d.get("do"), f"{at}.do")))
        elif name == "move_arena":
            # the unit (or the pilot whose ability it is) moves into that arena and counts as a
            # unit of its type there; untap: it is untapped
            d = self.mapping(arg, at, {"unit", "to", "untap"})
            unit = self.target(d.get("unit"), f"{at}.unit", steps)
            if d.get("to") not in ARENAS:
                raise self.fail(f"{at}.to: one of {', '.join(ARENAS)}, got {d.get('to')!r}")
            if d.get("untap", False) not in (True, False):
                raise self.fail(f"{at}.untap: true or false, got {d.get('untap')!r}")
            steps.append(("move_arena", unit, ARENAS.index(d["to"]), bool(d.get("untap", False))))
        elif name == "set_aside":
            # cards go into the set-aside place for a while (docs/tcg.md, "Cards set aside"):
            # from the top of a deck (n) or a hand (kind: only cards of that kind); face up or
            # down; the controller may play the Battle cards among them as if from hand (any,
            # one, none); the rest go back at `until` to `back`
            d = self.mapping(arg, at, {"from", "side", "n", "kind", "face", "play", "back", "until"})
            source = d.get("from")
            if source not in ("deck", "hand"):
                raise self.fail(f"{at}.from: deck or hand, got {source!r}")
            n = self.integer(d.get("n"), f"{at}.n", 1) if source == "deck" else 0
            if source == "hand" and "n" in d:
                raise self.fail(f"{at}.n: only with 'from: deck'")
            kind = d.get("kind", "")
            if kind not in ("", "battle", "unit", "mission", "location", "equipment"):
                raise self.fail(f"{at}.kind: battle, unit, mission, location or equipment, got {kind!r}")
            if kind and source != "hand":
                raise self.fail(f"{at}.kind: only with 'from: hand'")
            if d.get("face") not in ("up", "down"):
                raise self.fail(f"{at}.face: up or down, got {d.get('face')!r}")
            if d.get("play") not in ("any", "one", "none"):
                raise self.fail(f"{at}.play: any, one or none, got {d.get('play')!r}")
            if d.get("back") not in ASIDE_BACK:
                raise self.fail(f"{at}.back: one of {', '.join(ASIDE_BACK)}, got {d.get('back')!r}")
            if d.get("until") not in ASIDE_UNTIL:
                raise self.fail(f"{at}.until: one of {', '.join(ASIDE_UNTIL)}, got {d.get('until')!r}")
            steps.append(("set_aside", source, self.side(d.get("side", "you"), f"{at}.side"), n, kind,
                          d["face"] == "up", d["play"], ASIDE_BACK.index(d["back"]),
                          ASIDE_UNTIL.index(d["until"])))
        elif name == "extra_use":
            # for this attack one of the unit's activated abilities may be used one extra time
            d = self.mapping(arg, at, {"unit"})
            steps.append(("extra_use", self.target(d.get("unit"), f"{at}.unit", steps)))
        elif name == "hold_top":
            # the top N cards of your deck go face down under this unit, out of play
            steps.append(("hold_top", self.integer(arg, at, 1)))
        elif name == "held_to_hand":
            # every card held face down under this unit goes to its owner's hand
            if arg is not True:
                raise self.fail(f"{at}: only true")
            steps.append(("held_to_hand",))
        elif name == "to_build_face_down":
            # the unit goes face down into its owner's build zone with N build counters, its
            # damage gone; the cards stacked with it and its pilots are discarded
            d = self.mapping(arg, at, {"unit", "counters"})
            unit = self.target(d.get("unit"), f"{at}.unit", steps)
            n = self.integer(d.get("counters", 0), f"{at}.counters", 0)
            steps.append(("to_build_face_down", unit, n))
        elif name == "forbid_attack" and isinstance(arg, dict) and "unit" in arg:
            # {unit}: this turn that unit (chosen now or earlier) can't attack
            d = self.mapping(arg, at, {"unit"})
            steps.append(("forbid_attack_unit", self.target(d.get("unit"), f"{at}.unit", steps)))
        elif name == "forbid_attack":
            # this turn the units the selector names (either side's, now or later) can't attack
            steps.append(("forbid_attack", self.sel(arg, at)))
        elif name == "unit_prevent":
            # this turn N of each damage about to be dealt to the unit is prevented
            d = self.mapping(arg, at, {"unit", "n"})
            unit = self.target(d.get("unit"), f"{at}.unit", steps)
            steps.append(("unit_prevent", unit, self.integer(d.get("n"), f"{at}.n", 1)))
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
            d = self.mapping(arg, at, {"type", "subtype", "counters_per", "counters"})
            kind = d.get("type", "")
            if kind and kind not in ARENAS:
                raise self.fail(f"{at}.type: a unit type ({', '.join(ARENAS)}), got {kind!r}")
            sub = self.words(d["subtype"], f"{at}.subtype") if "subtype" in d else ()
            if "counters" in d:     # a fixed number of build counters
                steps.append(("hand_to_build", kind, sub, self.integer(d["counters"], f"{at}.counters", 1)))
                return
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
            # n < 0: remove up to -n build counters instead (the card is not shown); n: double,
            # as many more as it has (the card is not shown either)
            counters: Any = ("double" if d.get("n") == "double" and side == "you"
                             else self.integer(d.get("n"), f"{at}.n"))
            if counters == "double" and d.get("then_deploy"):
                raise self.fail(f"{at}.then_deploy: not with n: double")
            if counters == 0:
                raise self.fail(f"{at}.n: a number of counters to add (or, negative, to remove)")
            if d.get("then_deploy", False) not in (True, False) or (d.get("then_deploy") and counters < 0):
                raise self.fail(f"{at}.then_deploy: true (with n > 0) or false")
            # then_deploy: with enough counters, its owner may deploy it at once
            steps.append(("build_counters", counters, kind, sub, side, bool(d.get("then_deploy"))))
        elif name == "win":
            if arg is not True:
                raise self.fail(f"{at}: only true")
            steps.append(("win",))
        elif name in ("at_battle_start", "at_attack_end", "at_turn_end", "at_next_step"):
            steps.append((name, self.ops(arg, at)))
        elif name == "name_x":
            # the controller names X from 0 to up_to (and, with most: chosen_damage, no more than
            # the damage counters on the unit an earlier step chose), for the steps after it
            d = self.mapping(arg, at, {"up_to", "most"})
            if d.get("most", "chosen_damage") != "chosen_damage":
                raise self.fail(f"{at}.most: only chosen_damage")
            steps.append(("name_x", self.integer(d.get("up_to"), f"{at}.up_to", 1), "most" in d))
        elif name == "repeat":
            # the effects happen X times (the X of an earlier step: name_x, pay_x, x_is)
            d = self.mapping(arg, at, {"n", "do"})
            if d.get("n") != "x":
                raise self.fail(f"{at}.n: only x (the X named or paid before)")
            steps.append(("repeat", self.ops(d.get("do"), f"{at}.do")))
        elif name == "stays_put":
            # the arena each unit named is in now is remembered; when the turn ends, if every one
            # of them is in an arena, the one it was in, the effects happen
            d = self.mapping(arg, at, {"unit", "do"})
            unit = self.target(d.get("unit"), f"{at}.unit", steps)
            steps.append(("stays_put", unit, self.ops(d.get("do"), f"{at}.do")))
        elif name == "match_from_hand":
            # you put a unit card of your hand matched (`match`, HAND_MATCH words) against the
            # unit an earlier step chose (discarded since, perhaps) into its arena, untapped (not
            # a deployment); pay: cost, its build cost paid in Force; counters: damage, as many
            # damage counters as that unit had when it left play; optional: "you may"
            d = self.mapping(arg, at, {"match", "pay", "counters", "optional"})
            if d.get("pay", "cost") != "cost" or d.get("counters", "damage") != "damage":
                raise self.fail(f"{at}: pay takes only cost, counters only damage")
            if d.get("optional", False) not in (True, False):
                raise self.fail(f"{at}.optional: true or false")
            steps.append(("match_from_hand", self.hand_match(d.get("match", []), f"{at}.match"),
                          "pay" in d, "counters" in d, bool(d.get("optional"))))
        elif name == "hand_to_arena" and arg == "self":
            # the effect's own card goes from its owner's hand into its arena, untapped (not a
            # deployment), if its unique name allows (a trigger `from_hand`)
            steps.append(("hand_to_arena_self",))
        elif name == "hand_to_arena":
            # you put a unit card of your hand (of those types, subtypes, printed cost at most
            # max_cost) into its arena, untapped (tapped: true, tapped): not a deployment
            d = self.mapping(arg, at, {"type", "subtype", "max_cost", "tapped"})
            if d.get("tapped", False) not in (True, False):
                raise self.fail(f"{at}.tapped: true or false")
            types = self.words(d.get("type", ""), f"{at}.type")
            if any(k not in ARENAS for k in types):
                raise self.fail(f"{at}.type: unit types ({', '.join(ARENAS)})")
            subs = tuple(self.words(d.get("subtype", ""), f"{at}.subtype"))
            steps.append(("hand_to_arena", tuple(types), subs,
                          self.integer(d.get("max_cost", 99), f"{at}.max_cost", 0),
                          *((True,) if d.get("tapped") else ())))
        elif name == "reveal_to_arena":
            # reveal your deck's top card: a unit card of that type goes into its arena (not a
            # deployment) and is `chosen` after; any other stays on top, known to both players
            if arg not in ARENAS:
                raise self.fail(f"{at}: a unit type ({', '.join(ARENAS)})")
            steps.append(("reveal_to_arena", arg))
        elif name == "roll_total":
            # roll N dice; if they add up to `min` or more, the effects happen (Jedi Test)
            d = self.mapping(arg, at, {"dice", "min", "do"})
            steps.append(("roll_total", self.integer(d.get("dice"), f"{at}.dice", 1),
                          self.integer(d.get("min"), f"{at}.min", 1), self.ops(d.get("do"), f"{at}.do")))
        elif name == "if_x":
            # X (a Mission's build counters when completed, or the X paid) at least min
            d = self.mapping(arg, at, {"min", "then", "else"})
            steps.append(("if_x", self.integer(d.get("min"), f"{at}.min", 0),
                          self.ops(d.get("then", []), f"{at}.then"),
                          self.ops(d.get("else", []), f"{at}.else")))
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
        elif name == "to_deck":
            # this card and the cards that left play with it (stack, pilots, Equipment: those
            # now in the discard pile or, Equipment, parked in the build zone) into the deck
            if arg != "stack":
                raise self.fail(f"{at}: only 'stack' (this card with the cards that left play with it)")
            steps.append(("to_deck",))
        elif name == "to_arena":
            # chosen: the card(s) an earlier step chose in a discard pile (Emperor's Prize)
            if arg not in ("self", "chosen"):
                raise self.fail(f"{at}: 'self' (this unit card, from the discard pile) or 'chosen' "
                                f"(the card an earlier step chose in a discard pile)")
            steps.append(("to_arena",) if arg == "self" else ("to_arena", "chosen"))
        elif name == "shield_units":
            # this turn all damage to the units `units` names is prevented; with `recoil`, each
            # point an attacking unit the selector names would have dealt in its attack puts a
            # damage counter on that attacker (Human Shield)
            d = self.mapping(arg, at, {"units", "recoil"})
            steps.append(("shield_units", self.sel(d.get("units"), f"{at}.units"),
                          self.sel(d["recoil"], f"{at}.recoil") if "recoil" in d else None))
        elif name == "cant_lose":
            # this turn the controller can't lose the game (R2-D2's Heroism)
            if arg is not True:
                raise self.fail(f"{at}: only true")
            steps.append(("cant_lose",))
        elif name == "replace_discard":
            # while the effect's own unit stays in play: when the unit named would be discarded
            # from its arena, the controller may have `do` happen instead (the unit `chosen`)
            d = self.mapping(arg, at, {"unit", "do"})
            unit = self.target(d.get("unit"), f"{at}.unit", steps)
            steps.append(("replace_discard", unit, self.ops(d.get("do"), f"{at}.do")))
        elif name == "discard_face_down":
            # you pick one of the side's face-down cards in the build zone; it is discarded,
            # unless (with unless_pays) its owner pays that much Force
            # refund: its owner gains as many build points as the counters it had (Blockade)
            d = self.mapping(arg, at, {"side", "unless_pays", "refund"})
            if d.get("refund", True) is not True:
                raise self.fail(f"{at}.refund: true (its owner gains build points for its counters)")
            steps.append(("discard_face_down", self.side(d.get("side", "opponent"), f"{at}.side"),
                          self.integer(d.get("unless_pays", 0), f"{at}.unless_pays", 0),
                          bool(d.get("refund"))))
        elif name == "silence":
            # this turn the unit(s) can't use activated abilities (Evade and the like included)
            d = self.mapping(arg, at, {"unit"})
            steps.append(("silence", self.target(d.get("unit"), f"{at}.unit", steps)))
        elif name == "name_top":
            # that side shuffles its deck; you name a card (from what you may know: docs/tcg.md);
            # they reveal the top card and put it into their hand; a match (every version of
            # the name) and the effects happen
            d = self.mapping(arg, at, {"side", "do"})
            steps.append(("name_top", self.side(d.get("side", "opponent"), f"{at}.side"),
                          self.ops(d.get("do"), f"{at}.do")))
        elif name == "reveal_hand":
            # you reveal a card of those types from your hand: it stays there, known to both
            # players, and is `chosen` for the steps after it
            d = self.mapping(arg, at, {"type"})
            kinds = self.words(d.get("type"), f"{at}.type")
            if not kinds or any(k not in CARD_TYPES for k in kinds):
                raise self.fail(f"{at}.type: card types ({', '.join(CARD_TYPES)})")
            steps.append(("reveal_hand", tuple(kinds)))
        elif name == "dig":
            # look at the top n cards of your deck, take `take` of them into hand, the rest go
            # under the deck
            d = self.mapping(arg, at, {"n", "take", "rest"})
            if d.get("rest", "bottom") not in ("bottom", "discard"):
                raise self.fail(f"{at}.rest: bottom (under the deck) or discard, got {d['rest']!r}")
            rest = d.get("rest", "bottom")
            if d.get("n") == "paid":
                # "pay any amount of Force; look at that many cards": the controller names the
                # amount (0 up to their Force) and pays it; take: x, the context's X (a
                # Mission's build counters when completed: Future Sight)
                take_x: Any = "x" if d.get("take") == "x" else self.integer(d.get("take"), f"{at}.take", 1)
                steps.append(("dig", "paid", take_x, rest))
            else:
                n = self.integer(d.get("n"), f"{at}.n", 1)
                take = self.integer(d.get("take"), f"{at}.take", 1)
                if take > n:
                    raise self.fail(f"{at}.take: at most n ({n})")
                steps.append(("dig", n, take) if rest == "bottom" else ("dig", n, take, rest))
        elif name == "arrange_top":
            # look at the top n cards of that side's deck; with discard_type, discard any of its
            # unit cards of that type there; put the rest back on top in any order
            d = self.mapping(arg, at, {"side", "n", "discard_type"})
            kind = d.get("discard_type", "")
            if kind and kind != "any" and kind not in ARENAS:     # any: a card of any type
                raise self.fail(f"{at}.discard_type: a unit type ({', '.join(ARENAS)}) or any, got {kind!r}")
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
            if isinstance(arg, dict):   # {n: all, same_side: true}: every counter, to a unit of its side
                d = self.mapping(arg, at, {"n", "same_side"})
                n_move = -1 if d.get("n") == "all" else self.integer(d.get("n"), f"{at}.n", 1)
                if d.get("same_side", False) not in (True, False):
                    raise self.fail(f"{at}.same_side: true or false")
                steps.append(("move_damage", n_move, bool(d.get("same_side"))))
            else:
                steps.append(("move_damage", self.integer(arg, at, 1)))
        elif name == "retreat_pilots":
            # the pilots aboard the effect's own unit retreat to their owners' build zones
            if arg != "self":
                raise self.fail(f"{at}: only self (the pilots aboard this unit)")
            steps.append(("retreat_pilots",))
        elif name == "stack_under":
            # the effect's own card, a lone card in an arena, goes beneath the stack of a unit the
            # selector names, chosen now: of another name, no card of its name there, with room
            steps.append(("stack_under", self.sel(arg, at)))
        elif name == "copy_pilot":
            # the effect's own unit gets the pilot abilities of the pilot named (as if it were
            # aboard, whatever it may fly) until the turn ends: Hound's Tooth (A)
            d = self.mapping(arg, at, {"unit"})
            steps.append(("copy_pilot", self.target(d.get("unit"), f"{at}.unit", steps)))
        elif name == "deploy_self":
            # the effect's own card, face down in its owner's build zone, is deployed into its
            # arena (a deployment; its unique name permitting): "Pay 2 -> deploy Maul"
            if arg is not True:
                raise self.fail(f"{at}: only true")
            steps.append(("deploy_self",))
        elif name == "discard_pilot":
            # the pilots aboard the effect's own unit that the selector names are discarded (the
            # unit stays): "discard Needa", given by a pilot to the unit it flies
            steps.append(("discard_pilot", self.sel(arg, at)))
        elif name == "hand_to_deck_top":
            # N cards of your choice from hand go on top of your deck (x: the X set before)
            steps.append(("hand_to_deck_top", "x" if arg == "x" else self.integer(arg, at, 1)))
        elif name == "secret_bid":
            # "you and your opponent each secretly bid Force": the Dark Side bids, then the Light
            # Side, neither seeing the other's bid; `win` if your bid is at least theirs (you win
            # ties), else `lose`; the winner pays its bid (option secret_bid: both pay)
            d = self.mapping(arg, at, {"win", "lose"})
            steps.append(("secret_bid", self.ops(d.get("win", []), f"{at}.win"),
                          self.ops(d.get("lose", []), f"{at}.lose")))
        elif name == "no_effect":
            # until the turn ends the Location named (`{choose: {zone: location, owner: any}}`)
            # has no effect: its abilities are off
            d = self.mapping(arg, at, {"unit"})
            steps.append(("no_effect", self.target(d.get("unit"), f"{at}.unit", steps)))
        elif name == "gain_split":
            # "gain any combination of build points and Force totalling N": the controller picks
            # how much of it is Force, the rest build points (n: x, the X set before; half: half
            # of it, rounded down)
            d = self.mapping(arg, at, {"n", "half"})
            if d.get("half", False) not in (True, False):
                raise self.fail(f"{at}.half: true or false")
            n = "x" if d.get("n") == "x" else self.integer(d.get("n"), f"{at}.n", 1)
            steps.append(("gain_split", n, bool(d.get("half"))))
        elif name == "x_is":
            # X, for the steps after it: the damage counters on the effect's own unit now
            # ({count: SELECTOR}: the number of units the selector names now)
            if isinstance(arg, dict):
                d = self.mapping(arg, at, {"count"})
                steps.append(("x_is", "count", self.sel(d.get("count"), f"{at}.count")))
                return
            if arg not in ("damage", "chosen_cost"):    # chosen_cost: the total build cost of the
                raise self.fail(f"{at}: damage (the counters on this unit now), chosen_cost "  # units
                                f"or {{count: SELECTOR}}")     # an earlier step chose (+1 per card beneath)
            steps.append(("x_is", arg))
        elif name == "pick_any":    # choose any number of units for the steps after it, doing nothing yet
            steps.append(("choose", self.sel(arg, at), 0, 0, 99))
        elif name == "watch_discard":
            # this turn, whenever the unit (or a unit the selector names) is discarded from an
            # arena or a build zone, the effects happen; the discarded unit is `chosen` in them
            d = self.mapping(arg, at, {"unit", "units", "do"})
            if ("unit" in d) == ("units" in d):
                raise self.fail(f"{at}: say unit or units")
            what_ref = (self.target(d["unit"], f"{at}.unit", steps) if "unit" in d
                        else self.sel(d["units"], f"{at}.units"))
            steps.append(("watch_discard", what_ref, self.ops(d.get("do"), f"{at}.do")))
        elif name == "pick_random":
            # a unit the selector names, chosen at random, for the steps after it ('chosen')
            steps.append(("pick_random", self.sel(arg, at)))
        elif name == "discard_cheapest":
            # each player discards their unit of lowest total build cost in the arenas (its
            # owner picks among those tied)
            if arg is not True:
                raise self.fail(f"{at}: only true")
            steps.append(("discard_cheapest",))
        elif name == "double_counters":
            # this turn each damage counter put on a unit in that arena (or the one chosen
            # earlier) brings one more, with no source
            if arg != "chosen" and arg not in ARENAS:
                raise self.fail(f"{at}: an arena ({', '.join(ARENAS)}) or chosen")
            steps.append(("double_counters", -1 if arg == "chosen" else ARENAS.index(arg)))
        elif name == "as_side":
            # the effects happen with that player as their controller ("then your opponent may
            # choose ..."): their choices, from their point of view
            d = self.mapping(arg, at, {"side", "do"})
            steps.append(("as_side", self.side(d.get("side", "opponent"), f"{at}.side"),
                          self.ops(d.get("do"), f"{at}.do")))
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
        elif name == "purge_deck" and isinstance(arg, dict):
            # you search the opponent's deck and pick a name: up to N cards of that type and name
            # go to their discard pile; then they shuffle (Take a Prisoner)
            # with one_each: one card at a time, each of any name of that type, up to N (or stop)
            d = self.mapping(arg, at, {"kind", "up_to", "one_each"})
            if d.get("kind") not in CARD_TYPES:
                raise self.fail(f"{at}.kind: a card type ({', '.join(CARD_TYPES)})")
            if d.get("one_each", True) is not True:
                raise self.fail(f"{at}.one_each: true (one card at a time, any names)")
            steps.append(("purge_pick", d["kind"], self.integer(d.get("up_to"), f"{at}.up_to", 1),
                          bool(d.get("one_each"))))
        elif name == "purge_deck":
            # every card in the opponent's deck with the unique name of the unit chosen before
            # goes to their discard pile; then they shuffle
            if arg != "chosen":
                raise self.fail(f"{at}: only 'chosen' (the name of the unit an earlier step chose)")
            steps.append(("purge_deck",))
        elif name == "roll_higher" and isinstance(arg, dict):
            # {win, lose, tie}: the effects for your die higher, lower, or the same as theirs
            d = self.mapping(arg, at, {"win", "lose", "tie"})
            steps.append(("roll_higher", self.ops(d.get("win", []), f"{at}.win"),
                          self.ops(d.get("lose", []), f"{at}.lose"), self.ops(d.get("tie", []), f"{at}.tie")))
        elif name == "roll_higher":   # you and your opponent each roll a die; higher: the effects
            steps.append(("roll_higher", self.ops(arg, at)))
        elif name == "grant_upkeep":
            # the unit gets this Upkeep until the game ends (another Upkeep of its own; each paid)
            d = self.mapping(arg, at, {"unit", "options"})
            unit = self.target(d.get("unit"), f"{at}.unit", steps)
            if not isinstance(d.get("options"), list) or not d["options"]:
                raise self.fail(f"{at}.options: a list of Upkeep options")
            steps.append(("grant_upkeep", unit, tuple(self.upkeep_option(o, f"{at}.options[{k}]")
                                                      for k, o in enumerate(d["options"]))))
        elif name == "may_stay_tapped":
            # its owner may leave the unit tapped in their next untap step ("you may choose not
            # to untap this unit during your next untap step")
            d = self.mapping(arg, at, {"unit"})
            steps.append(("may_stay_tapped", self.target(d.get("unit"), f"{at}.unit", steps)))
        elif name == "no_bounty":     # this turn the side named receives no Bounty
            steps.append(("no_bounty", self.side(arg, at)))
        elif name == "remove_cards":  # N cards of a discard pile chosen and removed from the game
            steps.extend(self.removal(arg, at))
        elif name == "skip_upkeep":   # this turn its owner doesn't have to pay the unit's Upkeep
            d = self.mapping(arg, at, {"unit"})
            steps.append(("skip_upkeep", self.target(d.get("unit"), f"{at}.unit", steps)))
        elif name == "spend_build":
            # the side gains n build points and may spend them now as in a build step (build
            # counters on face-down cards, cards from hand included; no deploying or completing)
            d = self.mapping(arg, at, {"side", "n"})
            steps.append(("spend_build", self.side(d.get("side", "you"), f"{at}.side"),
                          self.integer(d.get("n"), f"{at}.n", 1)))
        elif name == "share_abilities":
            # the two units named get each other's activated abilities (their cards' own,
            # Evade and the like included) as well as their own, this turn
            d = self.mapping(arg, at, {"unit"})
            steps.append(("share_abilities", self.target(d.get("unit"), f"{at}.unit", steps)))
        elif name == "gain_subtype":
            # the unit(s) named (every card of each one's stack now) count as having these subtype
            # words too, until the turn or the game ends ("becomes a Jedi until the game ends")
            d = self.mapping(arg, at, {"unit", "words", "until"})
            until = d.get("until", "game")
            if until not in ("turn", "game"):
                raise self.fail(f"{at}.until: turn or game, got {until!r}")
            steps.append(("gain_subtype", self.target(d.get("unit"), f"{at}.unit", steps),
                          self.words(d.get("words"), f"{at}.words"), until))
        elif name == "skip_untap":    # the unit doesn't untap in the next ready phase's untap
            d = self.mapping(arg, at, {"unit"})
            steps.append(("skip_untap", self.target(d.get("unit"), f"{at}.unit", steps)))
        elif name == "pool_force":    # both players' Force is pooled and split in half
            if arg is not True:
                raise self.fail(f"{at}: only true")
            steps.append(("pool_force",))
        elif name == "reroll_build":  # this turn's build roll is rolled again (build points follow)
            if arg is not True:
                raise self.fail(f"{at}: only true")
            steps.append(("reroll_build",))
        elif name == "mill":      # the top N cards of that side's deck go to its discard pile
            d = self.mapping(arg, at, {"side", "n"})
            n_mill: Any = "force" if d.get("n") == "force" else self.integer(d.get("n"), f"{at}.n", 1)
            steps.append(("mill", self.side(d.get("side", "you"), f"{at}.side"), n_mill))
        elif name == "build_points" and isinstance(arg, dict) and "next_turn" in arg:
            # "you gain N extra build points next turn": added after next turn's build roll
            d = self.mapping(arg, at, {"side", "n", "next_turn"})
            if d["next_turn"] is not True:
                raise self.fail(f"{at}.next_turn: only true")
            steps.append(("bp_next_turn", self.side(d.get("side", "you"), f"{at}.side"),
                          self.integer(d.get("n"), f"{at}.n", 1)))
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
            elif name == "lose_force" and d.get("n") == "counters":
                # as many as the damage counters on the effect's own unit (Mara Jade (A))
                steps.append((name, self.side(d.get("side"), f"{at}.side"), "counters"))
            elif name == "lose_force" and d.get("n") == "damage":
                # as much as the damage just placed (in a `damages` trigger: Boba Fett (G))
                steps.append((name, self.side(d.get("side"), f"{at}.side"), "damage"))
            elif name == "lose_force" and d.get("n") == "all":     # "loses all of their Force"
                steps.append((name, self.side(d.get("side"), f"{at}.side"), -1))
            else:
                steps.append((name, self.side(d.get("side"), f"{at}.side"),
                              self.integer(d.get("n"), f"{at}.n")))
        elif name == "draw" and isinstance(arg, dict):    # {side, n}: that player draws
            d = self.mapping(arg, at, {"side", "n", "up_to_deck"})
            if d.get("up_to_deck", False) not in (True, False):
                raise self.fail(f"{at}.up_to_deck: true or false")
            # up_to_deck: as many as the deck holds, up to n (no loss for an empty deck)
            steps.append(("draw", self.integer(d.get("n"), f"{at}.n", 1),
                          self.side(d.get("side", "you"), f"{at}.side"),
                          *(("up_to_deck",) if d.get("up_to_deck") else ())))
        elif name in ("draw", "battle_tax", "crowd_control", "to_deck_bottom", "card_counter"):
            # card_counter: put N counters on the effect's own card in play
            steps.append((name, self.integer(arg, at, 1)))
        elif name == "cash_counters":     # take them all off: as many build points this turn (none: nothing)
            if arg not in ("build_points", "none"):
                raise self.fail(f"{at}: build_points (what each counter taken off gives) or none, "
                                f"got {arg!r}")
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
            extra = set(item) - {"discard", "side", "type", "unless_subtype"}
            if extra:
                raise self.fail(f"{what}: unknown field {sorted(extra, key=str)[0]!r}")
            side = self.side(item.get("side", "you"), f"{what}.side")
            if "unless_subtype" in item:
                # "discard N cards unless you discard a card of that subtype": with such a card
                # in hand the player picks one way (one such card, or N cards), else N cards
                if "type" in item:
                    raise self.fail(f"{what}: say type or unless_subtype, not both")
                subs = self.words(item["unless_subtype"], f"{what}.unless_subtype")
                steps.append(("discard_unless", self.integer(arg, at, 1), side, subs))
                return
            # type: only cards of these types ("discard a Battle card")
            types = self.words(item["type"], f"{what}.type") if "type" in item else ()
            if any(k not in CARD_TYPES for k in types):
                raise self.fail(f"{what}.type: card types ({', '.join(CARD_TYPES)})")
            # n x: as many as an earlier step's X (pay_x: "discards as many cards as the Force paid")
            n = "x" if arg == "x" and not types else self.integer(arg, at, 1)
            steps.append(("discard", n, side, *((types,) if types else ())))
        elif name == "discard_hand" and arg in ("you", "opponent"):
            steps.append(("discard_hand", arg))
        elif name in ("reclaim_counters", "extra_battle_step", "divide_hits", "recoil", "one_die",
                      "damage_discards"):
            # reclaim_counters: your partially built cards lose their build counters, which
            # become build points this turn; extra_battle_step: the chosen arena fights again
            if arg is not True:
                raise self.fail(f"{at}: only true")
            steps.append((name,))
        elif name == "repeat_steps":
            # this turn a battle step that ends with neither side holding its arena is fought
            # again, all units there untapped (flow._repeat_step)
            if arg is not True:
                raise self.fail(f"{at}: only true")
            steps.append(("repeat_steps",))
        elif name in ("discard_hand", "reveal_until_unit", "pause_build", "reverse_battle", "no_stacking"):
            if arg is not True:
                raise self.fail(f"{at}: only true")
            steps.append((name,))
        elif name == "retreat_first":
            steps.append(("retreat_first", self.side(arg, at)))
        elif name == "search":
            d = self.mapping(arg, at, {"kind", "subtype", "same_name_as_unit", "to_build", "name",
                                       "to_stack", "side", "to_arena"})
            if d.get("side", "") not in ("", "light", "dark", "neutral"):
                raise self.fail(f"{at}.side: light, dark or neutral (the card's printed side)")
            kind = d.get("kind")
            # kind: also a card type (character: "a Naboo Character"; equipment)
            if kind not in SEARCH_KINDS:
                raise self.fail(f"{at}.kind: battle, unit, location, any or a card type "
                                f"(space, ground, character, equipment), got {kind!r}")
            sub = self.words(d["subtype"], f"{at}.subtype") if "subtype" in d else ()
            # to_build: N puts the card face down in the build zone with N build counters
            counters = self.integer(d.get("to_build", 0), f"{at}.to_build", 0)
            if d.get("to_stack", False) not in (True, False) or (d.get("to_stack") and counters):
                raise self.fail(f"{at}.to_stack: true or false, and not with to_build")
            if d.get("to_stack"):   # the card goes under the stack of its name in the Character arena
                counters = -1
            to_arena = d.get("to_arena", False)
            if to_arena not in (True, False) or (to_arena and (counters or d.get("to_stack"))):
                raise self.fail(f"{at}.to_arena: true or false, and not with to_build or to_stack")
            if d.get("to_arena"):   # the unit card goes into its arena, untapped (not a deployment)
                counters = -2
            # name: a card of that unique name (any version)
            if d.get("name") == "chosen":   # the name of the unit an earlier step chose
                steps.append(("search", kind, sub, False, counters, "", True))
                return
            named = self.words(d["name"], f"{at}.name")[0] if "name" in d else ""
            if d.get("side"):   # only cards of that printed side
                steps.append(("search", kind, sub, bool(d.get("same_name_as_unit")), counters, named,
                              False, d["side"]))
                return
            steps.append(("search", kind, sub, bool(d.get("same_name_as_unit")), counters, named))
        elif name == "recover":
            d = self.mapping(arg, at, {"kind", "up_to", "exactly", "subtype", "to", "counters"})
            kinds = self.words(d.get("kind", ""), f"{at}.kind")    # a list: any of those types
            if kinds == ("any",):   # a card of any type
                kinds = CARD_TYPES
            to = d.get("to", "hand")
            allowed = ARENAS if to == "arena" else CARD_TYPES
            if not kinds or any(k not in allowed for k in kinds):
                raise self.fail(f"{at}.kind: a card type ({', '.join(allowed)}), a list of them"
                                f"{'' if to == 'arena' else ' or any'}")
            sub = self.words(d["subtype"], f"{at}.subtype") if "subtype" in d else ()
            if to not in ("hand", "arena", "deck_bottom", "deck"):
                raise self.fail(f"{at}.to: hand (the default), arena, deck_bottom or deck")
            # exactly: N, "return N cards": the controller must take N (as many as there are),
            # instead of "up to N"; to: deck, into the owner's deck, which is then shuffled
            if ("exactly" in d) == ("up_to" in d):
                raise self.fail(f"{at}: one of up_to or exactly")
            if "exactly" in d and to == "arena":
                raise self.fail(f"{at}.exactly: not with 'to: arena'")
            if "exactly" in d:
                steps.append(("recover", "|".join(kinds), self.integer(d["exactly"], f"{at}.exactly", 1),
                              sub, "deck" if to == "deck" else "bottom" if to == "deck_bottom" else "hand",
                              True))
                return
            # to: arena, the cards go into their arena untapped (not deployed), each of another
            # name; to: deck_bottom, under the owner's deck
            if "counters" in d and to != "arena":
                raise self.fail(f"{at}.counters: only with 'to: arena'")
            # counters: N damage counters go on each card put into its arena
            counters = self.integer(d.get("counters", 0), f"{at}.counters", 0)
            steps.append(("recover", "|".join(kinds), self.integer(d.get("up_to"), f"{at}.up_to", 1), sub,
                          *(("arena",) if to == "arena" else ("bottom",) if to == "deck_bottom"
                            else ("deck", False) if to == "deck" else ()),
                          *((counters,) if counters else ())))
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
                                       "piloted", "all", "outcosts_defender", "step", "pilots", "piloted_by",
                                       "controls", "in_step", "in_arena", "hand_kind", "discard_pile",
                                       "lethal", "undercosts_defender", "tapped", "disrupting_cost",
                                       "defender_discarded", "can_retreat", "deck", "build_counters"})
        if "all" in d:      # every one of these conditions holds
            if not isinstance(d["all"], list) or not d["all"]:
                raise self.fail(f"{what}.all: a list of conditions")
            return {"all": tuple(self.cond(c, f"{what}.all[{i}]") for i, c in enumerate(d["all"]))}
        for flag in ("undamaged", "bombarding", "damaged", "piloted", "outcosts_defender", "in_step",
                     "lethal", "undercosts_defender", "tapped"):
            if flag in d and d[flag] is not True:
                raise self.fail(f"{what}.{flag}: only true")
        if d.get("defender_discarded", True) not in (True, False):   # the attack's defender now
            raise self.fail(f"{what}.defender_discarded: true or false")
        if d.get("defending", True) not in (True, "self"):
            raise self.fail(f"{what}.defending: true (one of your units) or self (this unit)")
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
        if "piloted_by" in d:   # a pilot aboard the ability's own unit matches the selector
            out["piloted_by"] = self.sel(d["piloted_by"], f"{what}.piloted_by")
        if "can_retreat" in d:      # no unit the selector names is barred from retreating
            out["can_retreat"] = self.sel(d["can_retreat"], f"{what}.can_retreat")
        if "damaged_unit" in d:     # the unit damage is about to be dealt to matches
            out["damaged_unit"] = self.sel(d["damaged_unit"], f"{what}.damaged_unit")
        # N Force; exactly N partial cards; N cards in hand; N pilots aboard the unit, or more
        for key in ("force", "partial_cards", "hand", "pilots", "disrupting_cost", "build_counters"):
            if key in d:
                out[key] = self.integer(d[key], f"{what}.{key}", 0)
        # controls: you control it; in_arena: the ability's own card is in it (a Location's arena)
        if "discard_pile" in d:     # N or more cards in your discard pile
            out["discard_pile"] = self.integer(d["discard_pile"], f"{what}.discard_pile", 1)
        if "deck" in d:     # N or more cards in your deck ("reveal the top card of your deck")
            out["deck"] = self.integer(d["deck"], f"{what}.deck", 1)
        if "hand_kind" in d:    # a card of these types in your hand
            kinds = self.words(d["hand_kind"], f"{what}.hand_kind")
            if any(k not in CARD_TYPES for k in kinds):
                raise self.fail(f"{what}.hand_kind: card types ({', '.join(CARD_TYPES)})")
            out["hand_kind"] = kinds
        for key in ("before_attacks_in", "before_own_attacks_in", "step", "controls", "in_arena"):
            if key in d:
                if d[key] not in ARENAS:
                    raise self.fail(f"{what}.{key}: an arena")
                out[key] = ARENAS.index(d[key])
        return out

    def cost(self, value: Any, what: str) -> dict[str, Any]:
        d = self.mapping(value or {}, what, {"force", "tap", "discard", "discard_self",
                                             "damage_self", "retreat_self", "build_points", "discard_type",
                                             "remove_cards"})
        types = self.words(d["discard_type"], f"{what}.discard_type") if "discard_type" in d else ()
        if any(t not in CARD_TYPES for t in types) or (types and not d.get("discard")):
            raise self.fail(f"{what}.discard_type: card types ({', '.join(CARD_TYPES)}), with discard: N")
        return {"force": self.integer(d.get("force", 0), f"{what}.force", 0),
                "tap": bool(d.get("tap")), "discard": self.integer(d.get("discard", 0), f"{what}.discard", 0),
                "discard_self": bool(d.get("discard_self")),
                "damage_self": self.integer(d.get("damage_self", 0), f"{what}.damage_self", 0),
                "retreat_self": bool(d.get("retreat_self")),
                "build_points": self.integer(d.get("build_points", 0), f"{what}.build_points", 0),
                "discard_types": types, "force_cost": "force" in d,
                # cards removed from the game from a discard pile (offered only with enough there)
                "remove": (self.removal(d["remove_cards"], f"{what}.remove_cards")
                           if "remove_cards" in d else ())}

    def removal(self, value: Any, what: str) -> tuple[Op, ...]:
        """`remove_cards: {n: N, cards: SELECTOR}`: N cards the selector names in a discard pile
        (its `owner` says whose) are chosen and removed from the game (a cost, an effect or an
        Upkeep option): the choice, then the removal."""
        d = self.mapping(value, what, {"n", "cards"})
        sel = self.sel(d.get("cards"), f"{what}.cards")
        if sel.build_zone or sel.anywhere or sel.location or sel.any_of or sel.owner == 2:
            raise self.fail(f"{what}.cards: cards in your or your opponent's discard pile "
                            f"(owner: you or opponent; no zone or any_of)")
        n = self.integer(d.get("n", 1), f"{what}.n", 1)
        return (("choose", replace(sel, discard=True), 0, n, n), ("remove_cards", n))

    def upkeep_option(self, value: Any, what: str) -> tuple[str, int, Op]:
        """One way to pay an Upkeep: (kind, amount, the effects that pay it)."""
        d = self.mapping(value, what, set(UPKEEP_OPTIONS))
        if len(d) != 1:
            raise self.fail(f"{what}: one of {', '.join(UPKEEP_OPTIONS)}")
        kind, arg = next(iter(d.items()))
        if kind == "tap":
            if arg is not True:
                raise self.fail(f"{what}.tap: only true")
            return kind, 1, (("tap", ("self",), 0),)
        if kind == "to_hand":       # return this card to its owner's hand
            if arg is not True:
                raise self.fail(f"{what}.to_hand: only true")
            return kind, 1, (("return_to_hand", ("self",), 0),)
        if kind == "remove_cards":  # remove N cards in your discard pile from the game
            ops = self.removal(arg, f"{what}.remove_cards")
            return kind, ops[1][1], ops
        if kind == "tap_unit":      # tap one of your untapped units the selector names
            sel = replace(self.sel(arg, f"{what}.tap_unit"), tapped=False, owner=0)
            return kind, 1, (("choose", sel, 0, 1, 1), ("tap", ("chosen",), 0))
        n = self.integer(arg, f"{what}.{kind}", 1)
        pay: dict[str, Op] = {"build_points": ("build_points", "you", -n), "force": ("lose_force", "you", n),
                              "discard": ("discard", n, "you"), "counters": ("put_damage", ("self",), n),
                              "mill": ("mill", "you", n)}
        return kind, n, (pay[kind],)

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
        if "hidden_cost" in raw:
            # Hidden Cost X (reference section 6): once the face-down card has X build counters
            # (or its whole cost, if less), its owner may finish it by paying the rest in Force
            d = self.mapping(raw, what, {"hidden_cost", "if"})
            return Ability("hidden_cost", n=self.integer(d["hidden_cost"], f"{what}.hidden_cost", 1),
                           cond=self.cond(d.get("if"), f"{what}.if"))
        if "ward" in raw:
            # when a unit the selector names (of the opponent's) would damage this unit, the
            # damage is prevented unless the opponent pays N Force
            d = self.mapping(raw, what, {"ward", "pays", "if", "effects"})
            if d.get("effects", False) not in (True, False):
                raise self.fail(f"{what}.effects: true or false")
            # effects: damage the opponent's effects deal (a Battle card's) is warded too
            return Ability("ward", target=self.sel(d["ward"], f"{what}.ward"),
                           n=self.integer(d.get("pays"), f"{what}.pays", 1),
                           cond=self.cond(d.get("if"), f"{what}.if"),
                           static={"effects": True} if d.get("effects") else {})
        if "intercept" in raw:
            # Intercept: when another of your units in its arena is attacked, this unit may
            # become the defender (paying the Force)
            # (for: only when the unit attacked is one the selector names)
            d = self.mapping(raw, what, {"intercept", "force", "for"})
            if d["intercept"] is not True:
                raise self.fail(f"{what}.intercept: only true")
            return Ability("activated", timing="intercept",
                           force=self.integer(d.get("force", 0), f"{what}.force", 0),
                           target=self.sel(d["for"], f"{what}.for") if "for" in d else None,
                           ops=(("redirect", ("self",)),))
        if "retaliate" in raw:
            # Retaliate N: when a unit of its arena attacks this unit, its owner may pay the Force
            # (once an attack); when the attack ends, N dice of damage go to the attacker
            d = self.mapping(raw, what, {"retaliate", "force"})
            # retaliate: power, "Retaliate X, where X is this unit's power" (its stack counts)
            # retaliate: cost, "Retaliate X, where X is that unit's build cost" (Self-Destruct)
            dice: Any = (d["retaliate"] if d["retaliate"] in ("power", "cost")
                         else self.integer(d["retaliate"], f"{what}.retaliate", 1))
            dice = "own_cost" if dice == "cost" else dice
            # force: power, "Pay X Force -> Retaliate X, where X is the unit's power": the Force
            # paid is the unit's power when it is used
            by_power = d.get("force") == "power"
            return Ability("activated", timing="retaliate", n=0 if isinstance(dice, str) else dice,
                           force=0 if by_power else self.integer(d.get("force", 0), f"{what}.force", 0),
                           static={"force_power": True} if by_power else {},
                           ops=(("at_attack_end", (("dice_damage", ("attacker", False), dice, None, 0),)),))
        if "evade" in raw or "deflect" in raw:
            key = "evade" if "evade" in raw else "deflect"
            d = self.mapping(raw, what, {key, "force", "if"})
            force = self.integer(d.get("force", 0), f"{what}.force", 0)
            # `stack`: X is the number of cards in its stack, itself included (Luke Skywalker (I))
            per_stack = d[key] == "stack"
            if d[key] == "x":   # "Pay X Force -> Evade X": X named and paid when used (1 or more)
                if key != "evade" or "force" in d:
                    raise self.fail(f"{what}: x only as 'evade: x', with no force")
                cond = self.cond(d.get("if"), f"{what}.if") or {}
                return Ability("prevent", timing="prevent", self_only=True, evade=True,
                               cond={**cond, "force": max(1, cond.get("force", 1))},
                               ops=(("pay_x",), ("prevent", "x")))
            return Ability("prevent", timing="prevent", force=force,
                           n=1 if per_stack else self.integer(d[key], f"{what}.{key}", 1),
                           deflect=key == "deflect", static={"stack": True} if per_stack else {},
                           self_only=True, evade=key == "evade", cond=self.cond(d.get("if"), f"{what}.if"))
        if raw.get("prevent") == "transfer":
            # the cost is damage counters moved onto another unit: as many as it prevents
            d = self.mapping(raw, what, {"prevent", "for", "to"})
            if d.get("for") != "self" or "to" not in d:
                raise self.fail(f"{what}: prevent: transfer needs 'for: self' and 'to: SELECTOR'")
            return Ability("prevent", timing="prevent", self_only=True,
                           ops=(("choose", self.sel(d["to"], f"{what}.to"), 0, 1, 1), ("transfer_damage",)))
        if "prevent" in raw:
            d = self.mapping(raw, what, {"prevent", "for", "activated", "then", "reserves", "if",
                                         "once_per_turn"})
            c = self.cost(d.get("activated"), f"{what}.activated")
            c["reserves"] = self.reserves(d, what)
            if d.get("once_per_turn", True) is not True:
                raise self.fail(f"{what}.once_per_turn: only true")
            c["once_per_turn"] = bool(d.get("once_per_turn"))   # "use this ability only once per turn"
            c["cond"] = self.cond(d.get("if"), f"{what}.if")
            n = -1 if d["prevent"] == "all" else self.integer(d["prevent"], f"{what}.prevent", 1)
            self_only = d.get("for") == "self"
            return Ability("prevent", timing="prevent", n=n, self_only=self_only,
                           target=None if self_only else self.sel(d.get("for"), f"{what}.for"),
                           then=self.ops(d.get("then", []), f"{what}.then"), **c)
        if "static" in raw:
            d = self.mapping(raw, what, {"static", "if", "attacking"})
            st = self.mapping(d["static"], f"{what}.static",
                              {"units", *STAT_KEYS, "health", "deploy_cost", "cards", "cant_retreat",
                               "unlimited_stack", "self_cost", "ability", "show_draws",
                               "ability_cost", "owner", "open_build", "per", "keyword", "n", "keeps_pilots",
                               "cant_attack", "lure", "forbid_plays", "attacks_build_zone", "extra_pilot",
                               "extra_draw", "open_hand", "rescues_pilot", "battle_cost", "no_upkeep",
                               "pilots_only", "no_control", "pilots_to_arena", "draw_reveal", "bounty_free",
                               "extra_stack",
                               "own_ability_cost", "attacks_weakest", "ability_discount", "roll_prevent",
                               "battle_order", "heal_double", "idle_discard", "strikes_arena",
                               "equip_discount",
                               "no_damage",
                               "no_attack", "each_player", "force_only", "double_damage", "wins_speed_ties",
                               "retreats_instead", "attacks_own", "must_attack", "damage_retreat", "then",
                               "attack_cost", "attackers", "target", "force_stats",
                               "stay_tapped", "wins_if_marked", "unless_has", "release_held"})
            out: dict[str, Any] = {}
            if "then" in st and "damage_retreat" not in st:
                raise self.fail(f"{what}.static.then: only with damage_retreat")
            if "units" in st:
                units = st["units"]
                out["units"] = "self" if units == "self" else self.sel(units, f"{what}.static.units")
                out["mods"] = tuple(self.integer(st.get(k, 0), f"{what}.static.{k}") for k in STAT_KEYS)
                if "health" in st:      # +N health (state.health reads these)
                    out["health"] = self.integer(st["health"], f"{what}.static.health")
                if st.get("per") in ("damage", "held", "counters"):   # once for each damage counter on
                    out["per"] = st["per"]     # the unit, each card held face down under it, or each
                    # counter (card_counter) on the ability's own card
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
                    if given.kind not in ("activated", "prevent", "reroll", "bounty", "ward"):
                        raise self.fail(f"{what}.static.ability: an activated or prevention ability "
                                        f"(Evade, Intercept, Retaliate, ward) or a Bounty, got {given.kind}")
                    out["ability"] = given
                    # unless_has: retaliate, "each unit that doesn't already have Retaliate gets ...":
                    # not a unit with an ability of that timing from its card, pilots or Equipment
                    if "unless_has" in st:
                        if st["unless_has"] not in ("retaliate", "intercept"):
                            raise self.fail(f"{what}.static.unless_has: retaliate or intercept, "
                                            f"got {st['unless_has']!r}")
                        out["unless_has"] = st["unless_has"]
                elif "unless_has" in st:
                    raise self.fail(f"{what}.static.unless_has: only with ability")
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
                if st.get("each_player", False) not in (True, False):
                    raise self.fail(f"{what}.static.each_player: true or false")
                out["each_player"] = bool(st.get("each_player"))     # both players can't
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
            elif "battle_cost" in st:
                # the Battle cards of that side (owner: you or opponent) cost N more (less)
                out["battle_cost"] = self.integer(st["battle_cost"], f"{what}.static.battle_cost")
                owner = st.get("owner", "you")
                if owner not in ("you", "opponent"):
                    raise self.fail(f"{what}.static.owner: you or opponent, got {owner!r}")
                out["owner"] = 1 if owner == "opponent" else 0
            elif "ability_cost" in st:
                out["ability_cost"] = self.integer(st["ability_cost"], f"{what}.static.ability_cost", 1)
                if st.get("force_only", False) not in (True, False):
                    raise self.fail(f"{what}.static.force_only: true or false")
                # force_only: only abilities whose cost names Force (Darth Sidious (D)'s ruling)
                out["force_only"] = bool(st.get("force_only"))
            elif st.get("open_build") == "opponent":
                out["open_build"] = True
            elif st.get("open_hand") == "opponent":
                # the opponent plays with the hand face up: both players know its cards
                out["open_hand"] = True
            elif "show_draws" in st:
                # each card the opponent draws is shown to this card's controller (known while
                # it stays in their hand): C-3PO (F)
                if st["show_draws"] != "opponent":
                    raise self.fail(f"{what}.static.show_draws: only opponent, got {st['show_draws']!r}")
                out["show_draws"] = True
            elif st.get("keeps_pilots") is True:
                # discarded with pilots aboard, its owner may move them to the build zone instead
                out["keeps_pilots"] = True
            elif "rescues_pilot" in st:
                # when a unit of its owner's the selector names is discarded with pilots aboard,
                # one of them may go to the build zone instead; then this unit is discarded
                out["rescues_pilot"] = self.sel(st["rescues_pilot"], f"{what}.static.rescues_pilot")
            elif "wins_if_marked" in st:
                # "when all of your opponent's units have a (kind) counter on them, you win"
                out["wins_if_marked"] = self.words(st["wins_if_marked"], f"{what}.static.wins_if_marked")[0]
            elif "stay_tapped" in st:
                # "you may choose not to untap this unit during your untap step"
                if st["stay_tapped"] is not True:
                    raise self.fail(f"{what}.static.stay_tapped: only true")
                out["stay_tapped"] = True
            elif "force_stats" in st:
                # a card with '*' power and health: both equal its owner's Force total
                if st["force_stats"] is not True:
                    raise self.fail(f"{what}.static.force_stats: only true")
                out["force_stats"] = True
            elif "attack_cost" in st:
                # the attackers named can't attack (this unit, with on: self) unless their owner
                # pays N Force
                out["attack_cost"] = self.integer(st["attack_cost"], f"{what}.static.attack_cost", 1)
                out["attackers"] = self.sel(st.get("attackers"), f"{what}.static.attackers")
                if isinstance(st.get("target"), dict):   # attacks on the units a selector names
                    out["targets"] = self.sel(st["target"], f"{what}.static.target")
                elif st.get("target", "any") not in ("any", "self"):
                    raise self.fail(f"{what}.static.target: self (attacks on this unit only), any, "
                                    f"or a selector (attacks on the units it names)")
                out["on_self"] = st.get("target") == "self"
            elif "strikes_arena" in st:
                # it may attack a unit in that arena instead of one in its own, with its own power
                if st["strikes_arena"] not in ARENAS:
                    raise self.fail(f"{what}.static.strikes_arena: an arena")
                out["strikes_arena"] = ARENAS.index(st["strikes_arena"])
            elif "idle_discard" in st:
                # a unit of yours it names whose attack places no damage is discarded as it ends
                out["idle_discard"] = self.sel(st["idle_discard"], f"{what}.static.idle_discard")
            elif "heal_double" in st:
                # an effect of yours that removes N damage counters from one of your units
                # removes 2N instead (as many as it can: "up to")
                if st["heal_double"] is not True:
                    raise self.fail(f"{what}.static.heal_double: only true")
                out["heal_double"] = True
            elif "battle_order" in st:
                # the battle steps go in this order (all three arenas, each once)
                order = st["battle_order"]
                if not isinstance(order, list) or sorted(map(str, order)) != sorted(ARENAS):
                    raise self.fail(f"{what}.static.battle_order: the three arenas, each once, in order")
                out["battle_order"] = tuple(ARENAS.index(a) for a in order)
            elif "roll_prevent" in st:
                # when damage is about to be dealt to it, a die: on N or less all of it is prevented
                out["roll_prevent"] = self.integer(st["roll_prevent"], f"{what}.static.roll_prevent", 1)
            elif "no_damage" in st:
                # all damage to it and all damage it would deal is prevented
                if st["no_damage"] is not True:
                    raise self.fail(f"{what}.static.no_damage: only true")
                out["no_damage"] = True
            elif "attacks_weakest" in st:
                # when it attacks, only a unit of the lowest power among those it can attack
                if st["attacks_weakest"] is not True:
                    raise self.fail(f"{what}.static.attacks_weakest: only true")
                out["attacks_weakest"] = True
            elif "ability_discount" in st:
                # the activated abilities of your units the `cards` selector names cost N less
                # Force; one that costs 1 or more costs at least 1 (Obi-Wan's Spirit (A))
                out["ability_discount"] = self.integer(st["ability_discount"],
                                                       f"{what}.static.ability_discount", 1)
                out["cards"] = self.sel(st.get("cards"), f"{what}.static.cards")
            elif "own_ability_cost" in st:
                # each of this unit's activated abilities (its pilots' grants too) costs N more Force
                out["own_ability_cost"] = self.integer(st["own_ability_cost"],
                                                       f"{what}.static.own_ability_cost")
            elif "draw_reveal" in st:
                # (a Location) its owner's draw-step card: name a card type, reveal until one
                if st["draw_reveal"] is not True:
                    raise self.fail(f"{what}.static.draw_reveal: only true")
                out["draw_reveal"] = True
            elif "extra_stack" in st:
                # the stack this card is in may hold N more cards than the rule's 4 (Yoda (G))
                out["extra_stack"] = self.integer(st["extra_stack"], f"{what}.static.extra_stack", 1)
            elif "pilots_to_arena" in st:
                # discarded from its arena with pilots aboard, they go to the Character arena, tapped
                if st["pilots_to_arena"] is not True:
                    raise self.fail(f"{what}.static.pilots_to_arena: only true")
                out["pilots_to_arena"] = True
            elif "bounty_free" in st:
                # the opponent's units receive no Bounty for making this unit be discarded
                if st["bounty_free"] is not True:
                    raise self.fail(f"{what}.static.bounty_free: only true")
                out["bounty_free"] = True
            elif "release_held" in st:
                # discarded from that arena, the cards held face down under it go to the build
                # zone (with N build counters) or, as the units they were, back into the arena
                # tapped; discarded from elsewhere, they stay set aside (Sando Aqua Monster's ruling)
                at = f"{what}.static.release_held"
                r = self.mapping(st["release_held"], at, {"from", "to", "counters"})
                if r.get("from") not in ARENAS:
                    raise self.fail(f"{what}.static.release_held.from: one of {', '.join(ARENAS)}, "
                                    f"got {r.get('from')!r}")
                if r.get("to") not in ("build", "arena"):
                    raise self.fail(f"{what}.static.release_held.to: build or arena, got {r.get('to')!r}")
                if (r["to"] == "build") != ("counters" in r):
                    raise self.fail(f"{what}.static.release_held.counters: with (and only with) to: build")
                out["release_held"] = (ARENAS.index(r["from"]), r["to"],
                                       self.integer(r.get("counters", 0), f"{at}.counters", 0))
            elif "no_control" in st:
                # it doesn't count toward controlling its arena (for either side)
                if st["no_control"] is not True:
                    raise self.fail(f"{what}.static.no_control: only true")
                out["no_control"] = True
            elif "pilots_only" in st:
                # only pilots the selector names may go aboard it ("piloted only by Droids")
                out["pilots_only"] = self.sel(st["pilots_only"], f"{what}.static.pilots_only")
            elif "no_upkeep" in st:
                # its owner doesn't have to pay the Upkeep of the units the selector names
                out["no_upkeep"] = self.sel(st["no_upkeep"], f"{what}.static.no_upkeep")
            elif "equip_discount" in st:
                # Equipment costs this much less (build points, Force) to attach to this unit
                disc = self.mapping(st["equip_discount"], f"{what}.static.equip_discount",
                                    {"build_points", "force"})
                at = f"{what}.static.equip_discount"
                out["equip_discount"] = tuple(self.integer(disc.get(k, 0), f"{at}.{k}", 0)
                                              for k in ("build_points", "force"))
            elif "extra_draw" in st:
                # its owner draws N more cards in each draw step (while it is in its arena);
                # each_player: both players do
                out["extra_draw"] = self.integer(st["extra_draw"], f"{what}.static.extra_draw", 1)
                if st.get("each_player", False) not in (True, False):
                    raise self.fail(f"{what}.static.each_player: true or false")
                out["each_player"] = bool(st.get("each_player"))
            elif "attacks_own" in st or "must_attack" in st:
                # attacks_own: it may attack its owner's other units in its arena too; must_attack:
                # it attacks whenever it can (no holding back, no "instead of attacking")
                for key in ("attacks_own", "must_attack"):
                    if st.get(key, True) is not True:
                        raise self.fail(f"{what}.static.{key}: only true")
                    if key in st:
                        out[key] = True
            elif "damage_retreat" in st:
                # when damage would discard one of its owner's units the selector names, the owner
                # may prevent it and retreat the unit instead; then the effects (chosen: that unit)
                sel = self.sel(st["damage_retreat"], f"{what}.static.damage_retreat")
                out["damage_retreat"] = replace(sel, owner=0)
                out["then"] = self.ops(st.get("then", []), f"{what}.static.then")
            elif "retreats_instead" in st:
                # when it would be discarded from its arena, it retreats with its damage removed
                if st["retreats_instead"] is not True:
                    raise self.fail(f"{what}.static.retreats_instead: only true")
                out["retreats_instead"] = True
            elif "wins_speed_ties" in st:
                # its owner's units win speed ties with the opponent's
                if st["wins_speed_ties"] is not True:
                    raise self.fail(f"{what}.static.wins_speed_ties: only true")
                out["wins_speed_ties"] = True
            elif "double_damage" in st:
                # all damage the units the selector names would deal is doubled, before prevention
                out["double_damage"] = self.sel(st["double_damage"], f"{what}.static.double_damage")
            elif "no_attack" in st:
                # units the `attackers` selector names can't attack units the `targets` selector
                # names (either side's as the selectors say; `self`: the ability's own unit)
                na = self.mapping(st["no_attack"], f"{what}.static.no_attack", {"attackers", "targets"})
                if "attackers" not in na or "targets" not in na:
                    raise self.fail(f"{what}.static.no_attack: say attackers and targets")
                out["no_attack"] = tuple("self" if na[k] == "self"
                                         else self.sel(na[k], f"{what}.static.no_attack.{k}")
                                         for k in ("attackers", "targets"))
            elif "extra_pilot" in st:
                # it may carry one pilot more than the rule allows, if that pilot (or, when the
                # seat is taken, the one already aboard) is one the selector names
                out["extra_pilot"] = self.sel(st["extra_pilot"], f"{what}.static.extra_pilot")
            else:
                raise self.fail(f"{what}.static: say units, deploy_cost, cant_retreat, ability_cost, "
                                f"lure, forbid_plays, open_build, open_hand, keeps_pilots, extra_pilot, "
                                f"extra_draw or no_attack")
            if "attacking" in d:
                out["attacking"] = ("self" if d["attacking"] == "self"
                                    else self.sel(d["attacking"], f"{what}.attacking"))
            return Ability("static", static=out, cond=self.cond(d.get("if"), f"{what}.if"))
        if "equip" in raw:
            # Equipment (docs/tcg.md, "Equipment"): the Equip cost, and what the equipped unit
            # gets while it is attached (only a unit the `for` selector names, if given)
            d = self.mapping(raw, what, {"equip", "gives", "grants", "for"})
            cost = self.mapping(d["equip"] if d["equip"] is not None else {}, f"{what}.equip",
                                {"build_points", "force"})
            granted = d.get("grants", [])
            if not isinstance(granted, list):
                raise self.fail(f"{what}.grants: expected a list of abilities")
            grants = tuple(self.ability(a, f"{what}.grants[{i}]") for i, a in enumerate(granted))
            if any(a.kind not in ("activated", "prevent", "static", "reroll") for a in grants):
                raise self.fail(f"{what}.grants: only activated, prevention (Evade, Deflect), Lucky "
                                f"and static abilities")
            gives = self.mapping(d.get("gives") or {}, f"{what}.gives", {*STAT_KEYS, *KEYWORDS})
            return Ability("equip", build_points=self.integer(cost.get("build_points", 0),
                                                                f"{what}.equip.build_points", 0),
                           force=self.integer(cost.get("force", 0), f"{what}.equip.force", 0),
                           target=self.sel(d["for"], f"{what}.for") if "for" in d else None,
                           static={
                               "mods": tuple(self.integer(gives.get(k, 0), f"{what}.gives.{k}")
                                             for k in STAT_KEYS),
                               "keywords": tuple((k, self.integer(gives[k], f"{what}.gives.{k}", 1))
                                                 for k in KEYWORDS if k in gives and k not in STAT_KEYS),
                               "abilities": grants})
        if "pilot" in raw:
            d = self.mapping(raw, what, {"pilot", "gives", "grants", "if", "disembarks_after", "bails_out",
                                         "may_leave"})
            if d.get("may_leave", False) not in (True, False) or (
                    d.get("may_leave") and "disembarks_after" not in d and "bails_out" not in d):
                raise self.fail(f"{what}.may_leave: true or false, and only with disembarks_after or "
                                f"bails_out")
            off = d.get("disembarks_after")
            if off is not None and off not in ARENAS:
                raise self.fail(f"{what}.disembarks_after: an arena's battle step ({', '.join(ARENAS)})")
            bail = d.get("bails_out")
            if bail is not None and bail not in ARENAS:
                raise self.fail(f"{what}.bails_out: an arena ({', '.join(ARENAS)}), got {bail!r}")
            onto = d["pilot"] if isinstance(d["pilot"], list) else [d["pilot"]]
            # grants: activated or prevention abilities the unit has while the pilot is aboard
            granted = d.get("grants", [])
            if not isinstance(granted, list):
                raise self.fail(f"{what}.grants: expected a list of abilities")
            grants = tuple(self.ability(a, f"{what}.grants[{i}]") for i, a in enumerate(granted))
            kinds = ("activated", "prevent", "static", "trigger", "reroll", "ward")     # reroll: Lucky
            if any(a.kind not in kinds for a in grants) or any(
                    a.kind == "trigger" and (a.timing not in PILOT_EVENTS or a.optional) for a in grants):
                raise self.fail(f"{what}.grants: only activated, prevention (Evade) and static abilities, "
                                f"and 'when discarded', 'attacks', battle phase start/end, battle step "
                                f"start or build roll triggers that are not optional")
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
                # bails_out: its unit discarded from an arena, it moves into that arena instead
                # (untapped, a unit of that arena's type) until the arena's battle step ends
                "bail": ARENAS.index(bail) if bail is not None else -1,
                # may_leave: those moves are the owner's choice ("you may move Obi-Wan ...")
                "may_leave": bool(d.get("may_leave")),
                # if: the bonuses count only while the condition holds (read for the unit piloted)
                "if": self.cond(d.get("if"), f"{what}.if")})
        if "treat_as" in raw:
            d = self.mapping(raw, what, {"treat_as"})
            words = self.words(d["treat_as"], f"{what}.treat_as")
            return Ability("treat_as", static={"subtype": " ".join(words)})
        if "activated" in raw:
            d = self.mapping(raw, what, {"activated", "timing", "do", "if", "reserves", "once_per_turn",
                                         "from_discard", "from_build"})
            if d.get("timing") not in TIMINGS:
                raise self.fail(f"{what}.timing: one of {', '.join(TIMINGS)}, got {d.get('timing')!r}")
            if d.get("once_per_turn", True) is not True:
                raise self.fail(f"{what}.once_per_turn: only true")
            if d.get("from_discard", False) not in (True, False) or (
                    d.get("from_discard") and d.get("timing") not in ("build", "any")):
                raise self.fail(f"{what}.from_discard: true or false, and only with timing: build or any")
            if d.get("from_build", False) not in (True, False) or (
                    d.get("from_build") and (d.get("timing") != "any" or d.get("from_discard"))):
                raise self.fail(f"{what}.from_build: true or false, and only with timing: any")
            return Ability("activated", timing=d["timing"], ops=self.ops(d.get("do"), f"{what}.do"),
                           cond=self.cond(d.get("if"), f"{what}.if"), reserves=self.reserves(d, what),
                           once_per_turn=bool(d.get("once_per_turn")),
                           from_discard=bool(d.get("from_discard")), from_build=bool(d.get("from_build")),
                           **self.cost(d["activated"], f"{what}.activated"))
        if "when" in raw:
            d = self.mapping(raw, what, {"when", "do", "optional", "force", "of", "from_hand", "by"})
            if d["when"] not in EVENTS:
                raise self.fail(f"{what}.when: one of {', '.join(EVENTS)}, got {d['when']!r}")
            # from_hand: the trigger works only while its card is in its owner's hand (Admiral
            # Firmus Piett (B)); only the events of HAND_EVENTS, which only such triggers answer
            if d.get("from_hand", False) not in (True, False) or (
                    bool(d.get("from_hand")) != (d["when"] in HAND_EVENTS)):
                raise self.fail(f"{what}.from_hand: true with (and only with) the events "
                                f"{', '.join(HAND_EVENTS)}")
            force = self.integer(d.get("force", 0), f"{what}.force", 0)
            if force and not d.get("optional"):
                raise self.fail(f"{what}.force: a trigger with a Force cost must be optional")
            # by (unit_destroys only): which units' damage counts (a Location's "whenever Vader
            # damages ... and that unit is discarded")
            if "by" in d and d["when"] != "unit_destroys":
                raise self.fail(f"{what}.by: only for 'unit_destroys' (whose damage counts)")
            if "of" in d and d["when"] not in ("destroys", "damages", "other_deployed", "unit_attacks",
                                                "deploys_while_discarded", "unit_discarded", "unit_destroys"):
                raise self.fail(f"{what}.of: only for 'destroys', 'damages', 'other_deployed', "
                                f"'unit_attacks', 'deploys_while_discarded' or 'unit_discarded' "
                                f"(which units it counts)")
            return Ability("trigger", timing=d["when"], ops=self.ops(d.get("do"), f"{what}.do"),
                           optional=bool(d.get("optional")), force=force,
                           target=self.sel(d["of"], f"{what}.of") if "of" in d else None,
                           static={"from_hand": True} if d.get("from_hand") else
                           {"by": self.sel(d["by"], f"{what}.by")} if "by" in d else {})
        if "upkeep" in raw:
            # Upkeep (reference section 6): at the start of each of its owner's build steps, the
            # owner pays one of the options it can pay (their choice); none payable: nothing
            d = self.mapping(raw, what, {"upkeep"})
            if not isinstance(d["upkeep"], list) or not d["upkeep"]:
                raise self.fail(f"{what}.upkeep: expected a list of options, "
                                f"such as [{{build_points: 1}}, {{tap: true}}]")
            return Ability("upkeep", static={"options": tuple(
                self.upkeep_option(o, f"{what}.upkeep[{k}]") for k, o in enumerate(d["upkeep"]))})
        if "bounty" in raw:
            # Bounty (reference section 9): when damage from this unit makes an opponent's unit be
            # discarded, the effects are collected at the start of its owner's next build step
            d = self.mapping(raw, what, {"bounty"})
            return Ability("bounty", ops=self.ops(d["bounty"], f"{what}.bounty"))
        if "lucky" in raw:
            # Lucky X (reference section 9): when its unit attacks or is attacked, its owner may
            # reroll up to X of the attack dice, once a roll
            # `lucky: all`: any number of the dice; `attacking: true`: only when it attacks
            d = self.mapping(raw, what, {"lucky", "attacking"})
            n = 99 if d["lucky"] == "all" else self.integer(d["lucky"], f"{what}.lucky", 1)
            if d.get("attacking", False) not in (True, False):
                raise self.fail(f"{what}.attacking: true or false")
            return Ability("reroll", timing="reroll", n=n, ops=(("reroll", "lucky", n),),
                           static={"attacking": True} if d.get("attacking") else {})
        if "reroll" in raw:
            d = self.mapping(raw, what, {"reroll", "timing", "when_defending"})
            return Ability("reroll", timing="reroll", ops=(("reroll", "opponent_dice"),))
        if "play" in raw:
            d = self.mapping(raw, what, {"play", "timing", "do", "if", "for"})
            # a list of timings: the card may be played at any of those chances ("prevent|attack")
            timings = d.get("timing", "any")
            timings = timings if isinstance(timings, list) else [timings]
            for t in timings:
                # abilities: whenever an activated ability of one of your Characters could be
                # played (its timing: build step included), alone
                # discarding: the chance when damage is about to discard a unit (`for` names it)
                if t not in TIMINGS and not (t in ("abilities", "discarding") and len(timings) == 1):
                    raise self.fail(f"{what}.timing: one of {', '.join(TIMINGS)} or abilities, got {t!r}")
            timing = "|".join(timings)
            return Ability("play", timing=timing, force=self.integer(d["play"], f"{what}.play", 0),
                           ops=self.ops(d.get("do"), f"{what}.do"),
                           cond=self.cond(d.get("if"), f"{what}.if"),
                           target=self.sel(d.get("for"), f"{what}.for")
                           if "prevent" in timings or "discarding" in timings else None)
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
        raise self.fail(f"{what}: not an ability (keyword, hidden_cost, intercept, retaliate, evade, "
                        f"deflect, prevent, "
                        f"static, upkeep, bounty, "
                        f"pilot, equip, treat_as, activated, when, reroll, play or mission)")


def disrupt_kinds(ab: Ability) -> tuple[str, ...]:
    """What an ability or Battle card of timing `disrupt` may answer (its `disrupt` effect's
    `what`: battle, mission, ability); () for any other."""
    if "disrupt" not in ab.timing.split("|"):
        return ()
    for op in ab.ops:
        if op[0] == "disrupt":
            kinds: tuple[str, ...] = op[2]
            return kinds
    return ()


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


def selectors_in(value: Any) -> list[Sel]:
    """Every selector inside an effect list or step, nested lists and `any_of` included."""
    out: list[Sel] = []
    if isinstance(value, Sel):
        out.append(value)
        for alt in value.any_of:
            out += selectors_in(alt)
    elif isinstance(value, tuple):
        for item in value:
            out += selectors_in(item)
    return out


@cache
def bundled_abilities() -> dict[str, tuple[Ability, ...]]:
    """Every shipped set's abilities, by card name (promo printings are matched by the caller)."""
    out: dict[str, tuple[Ability, ...]] = {}
    for path in sorted(DATA.glob("*.yaml")):
        _, cards = parse_abilities(read_yaml(path, PackError), path.name)
        out.update(cards)
    return out
