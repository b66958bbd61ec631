"""Fixed-size numeric views of the trading card game for learning agents (docs/rl.md).

Like the deckbuilder's, the layout is per card instance: the decks of a configuration fix
which card every instance is, so instance i is always the same card and a learner can tie what
it learns to it. Everything is seen from one side: "mine" and "the opponent's", not Dark and
Light. A card the observer may not identify (the opponent's deck, unknown hand cards and
face-down build cards) is only "hidden": its row says nothing else, and the opponent's build
zone is shown slot by slot with its counters, which are public (seed 004, "Budowanie"). The
tensor recalls nothing beyond the observation (a card shown and hidden again is forgotten);
the information-state string keeps the whole past.

Action indices are blocks, one per action kind, each as wide as what it names: a card
instance, an instance and a number (build counters, an ability, a side of a deploy), or two
instances (an attacker and its target, a pilot and the unit it boards). Two numbers have no
bound in the rules, so the spaces cap them and do not offer what lies beyond (the engine
still allows it; docs/rl.md): building more than BUILD_AT_ONCE counters in one action (build
again for more) and a bid more than BID_STEPS above the lowest one allowed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

import numpy as np
import numpy.typing as npt

from dejarik.core.errors import IllegalActionError
from dejarik.core.spaces import FlatParameter, IndexedActions, LearningSpaces
from dejarik.tcg import flow as F
from dejarik.tcg.carddefs import BATTLE, EQUIPMENT, MISSION, OTHER, UNIT
from dejarik.tcg.observe import knows
from dejarik.tcg.state import (
    ARENA,
    ARENA_NAMES,
    ASIDE,
    BUILD,
    DECK,
    DISCARD,
    EQUIPPED,
    HAND,
    HELD,
    PHASE_NAMES,
    PILOTING,
    PLACE,
    REMOVED,
    UNDER,
)

if TYPE_CHECKING:
    from dejarik.core.protocol import Action
    from dejarik.tcg.state import TcgState as S

BUILD_AT_ONCE: Final = 12
"""The most build counters one action of the spaces adds (more: build again)."""
BID_STEPS: Final = 30
"""A bid is offered up to this far above the lowest bid allowed."""
BUILD_SLOTS: Final = 24
"""The opponent's build zone is shown slot by slot, up to this many slots."""
DICE: Final = 12
"""The dice of the attack in progress, up to this many."""
STAT_SCALE: Final = 20.0
FORCE_SCALE: Final = 50.0

LOCATIONS: Final = ("my_deck", "my_hand", "my_discard", "my_build", *(f"my_{a.lower()}" for a in ARENA_NAMES),
                    "my_stack", "my_pilot", "opp_hidden", "opp_hand_shown", "opp_discard",
                    "opp_build_shown", *(f"opp_{a.lower()}" for a in ARENA_NAMES), "opp_stack",
                    "opp_pilot", "my_equipped", "opp_equipped", "my_held", "opp_held", "my_removed",
                    "opp_removed", "my_aside", "opp_aside")
"""Where an instance is, as the observer knows it. opp_hidden: the opponent's deck, or an
unknown card of their hand or build zone, or one held face down under a unit (which of these
is not said). my_held / opp_held: a card held face down under a unit (out of play), known.
my_removed / opp_removed: a card removed from the game (face up, known to both).
my_aside / opp_aside: a card set aside for a while (effects.set_aside), known."""
CARD_FEATURES: Final = (*(f"at_{x}" for x in LOCATIONS), "counters", "damage", "tapped",
                        "retreated", "speed", "power", "health", "stacked", "attacking",
                        "defending", "taking_damage", "unit", "battle", "mission", "other",
                        *(f"arena_{a.lower()}" for a in ARENA_NAMES), "cost")
"""Per card instance. Speed, power and health are the current values in play (0 elsewhere);
the card's kind, arena and cost are printed facts, the same in every position."""
_ZONE_AT = {DECK: 0, HAND: 1, DISCARD: 2, BUILD: 3, UNDER: 7, PILOTING: 8}
_EQUIPPED_AT = LOCATIONS.index("my_equipped")
_HELD_AT = LOCATIONS.index("my_held")
_REMOVED_AT = LOCATIONS.index("my_removed")
_ASIDE_AT = LOCATIONS.index("my_aside")
_OPP = 9   # LOCATIONS.index("opp_hidden")
DECISIONS: Final = tuple(sorted(F.DECIDE_OPS))
GLOBAL_FEATURES: Final = (
    "i_am_dark", "my_force", "opp_force", "my_build_points", "opp_build_points", "my_setup_left",
    "opp_setup_left", "my_lost_character", "opp_lost_character", "my_hand", "opp_hand",
    "my_deck", "opp_deck", "turn", *(f"phase_{p}" for p in PHASE_NAMES),
    *(f"step_{a.lower()}" for a in ARENA_NAMES), *(f"attacked_{a.lower()}" for a in ARENA_NAMES),
    "damage_amount", "damage_prevented", *(f"die_{i}" for i in range(DICE)), "i_decide",
    *(f"decision_{op[1:]}" for op in DECISIONS))
SLOT_FEATURES: Final = ("present", "counters", "known")


class Spaces(IndexedActions):
    """The observation and action layout of one configuration (its two decks)."""

    def __init__(self, s: S) -> None:
        self.n = n = len(s.card_def)
        self.instances = [s.name(c) for c in range(n)]
        self.equipment = [s.d(c).kind == EQUIPMENT for c in range(n)]
        # a unit's ability numbers count on through abilities given to it, by pilots aboard, by
        # Equipment and by cards' grant_ability: at most all that the game's card instances can give
        given = sum(len(ab.static.get("abilities", ())) if ab.kind in ("pilot", "equip")
                    else ab.kind == "granted" or (ab.kind == "static" and "ability" in ab.static)
                    for c in range(n) for ab in s.d(c).abilities)
        self.abilities = max([len(d.abilities) for d in s.defs] + [1]) + given
        width = {F.PASS: 1, F.BUILD_K: n * BUILD_AT_ONCE, F.DEPLOY: n * 2, F.ABILITY: n * self.abilities,
                 F.PLAY: n, F.ATTACK: n * n, F.SKIP: n, F.RETREAT: n, F.CHOOSE: n * self.abilities,
                 F.BID: BID_STEPS, F.RESTACK: n * F.MAX_STACK, F.PILOT: n * (n + 1)}
        self.at: dict[int, int] = {}
        size = 0
        for kind in range(len(F.KIND_NAMES)):
            self.at[kind] = size
            size += width[kind]
        self.width = width
        self.action_size = size
        self.card_width = len(CARD_FEATURES)
        self.parts: dict[str, tuple[int, ...]] = {
            "cards": (n, self.card_width), "opponent_build": (BUILD_SLOTS, len(SLOT_FEATURES)),
            "globals": (len(GLOBAL_FEATURES),)}
        self.obs_size = n * self.card_width + BUILD_SLOTS * len(SLOT_FEATURES) + len(GLOBAL_FEATURES)
        self.static = np.zeros((n, self.card_width), np.float32)
        unit_at = CARD_FEATURES.index("unit")
        for c in range(n):
            d = s.d(c)
            # a Location (in play at the arena it occupies) and Equipment show as "other"
            self.static[c, unit_at + (UNIT, BATTLE, MISSION, OTHER, OTHER, OTHER)[d.kind]] = 1.0
            if d.arena >= 0:
                self.static[c, unit_at + 4 + d.arena] = 1.0
            self.static[c, -1] = min(d.cost / STAT_SCALE, 1.0)

    # -- actions -----------------------------------------------------------------------------
    def encode(self, s: S, action: Action) -> int:
        """The index of an engine action, or -1 for one the spaces do not offer (a build or a
        bid beyond the caps in the module's docstring)."""
        kind, a, b = action[0], action[1], action[2]
        n = self.n
        if kind == F.PASS:
            offset = 0
        elif kind in (F.PLAY, F.SKIP, F.RETREAT):
            offset = a
        elif kind == F.BUILD_K:
            if b > BUILD_AT_ONCE:
                return -1
            offset = a * BUILD_AT_ONCE + b - 1
        elif kind == F.DEPLOY:
            if b > 1:     # a Location's third arena (Space/Ground/Character): not in the spaces
                return -1
            offset = a * 2 + b
        elif kind in (F.ABILITY, F.CHOOSE):
            offset = a * self.abilities + b
        elif kind == F.ATTACK:
            offset = a * n + b
        elif kind == F.BID:
            low = self._lowest_bid(s)
            if a - low >= BID_STEPS:
                return -1
            offset = a - low
        elif kind == F.RESTACK:
            if s.under[a].index(b) >= F.MAX_STACK:   # a fifth card and more (Jedi Temple)
                return -1
            offset = a * F.MAX_STACK + s.under[a].index(b)
        elif kind == F.PILOT:    # also Equipment attached to a unit (docs/tcg.md, "Equipment")
            offset = a * (n + 1) + b
        else:
            raise IllegalActionError(f"{action!r} is no action of the trading card game")
        if not 0 <= offset < self.width[kind]:
            raise IllegalActionError(f"{action!r} does not fit the learning spaces")
        return self.at[kind] + offset

    @staticmethod
    def _lowest_bid(s: S) -> int:
        task = s.tasks[-1]
        if task[0] == "?secret_bid":      # 0 up to the bidder's Force
            return 0
        return int((task[3], task[4])[task[5]]) + 1

    def describe(self, index: int) -> str:
        if not 0 <= index < self.action_size:
            raise ValueError(f"action index {index} is outside 0..{self.action_size - 1}")
        kind = max(k for k, at in self.at.items() if at <= index)
        offset = index - self.at[kind]
        name, n = self.instances, self.n
        if kind == F.PASS:
            return "pass"
        if kind in (F.PLAY, F.SKIP, F.RETREAT):
            return f"{F.KIND_NAMES[kind]} #{offset} ({name[offset]})"
        if kind == F.BUILD_K:
            c, k = divmod(offset, BUILD_AT_ONCE)
            return f"build {k + 1} on #{c} ({name[c]})"
        if kind == F.DEPLOY:
            c, side = divmod(offset, 2)
            return f"deploy #{c} ({name[c]})" + (" under the stack of its name" if side else "")
        if kind in (F.ABILITY, F.CHOOSE):
            c, i = divmod(offset, self.abilities)
            return f"{F.KIND_NAMES[kind]} #{c} ({name[c]})" + (f", ability {i}" if i else "")
        if kind == F.ATTACK:
            a, b = divmod(offset, n)
            return f"attack with #{a} ({name[a]}) on #{b} ({name[b]})"
        if kind == F.BID:
            return f"bid {offset} above the lowest bid allowed"
        if kind == F.RESTACK:
            u, i = divmod(offset, F.MAX_STACK)
            return f"restack #{u} ({name[u]}): card {i} beneath it to the top"
        pilot, host = divmod(offset, n + 1)
        if self.equipment[pilot] and host:
            return f"equip #{host - 1} ({name[host - 1]}) with #{pilot} ({name[pilot]})"
        return (f"pilot #{pilot} ({name[pilot]}) aboard #{host - 1} ({name[host - 1]})" if host
                else f"pilot #{pilot} ({name[pilot]}) off into the Character arena")

    def summary(self, s: S) -> dict[str, Any]:
        return {"game": "tcg", "instances": self.instances, "obs_size": self.obs_size,
                "action_size": self.action_size,
                "observation_parts": {k: list(v) for k, v in self.parts.items()},
                "card_features": list(CARD_FEATURES), "slot_features": list(SLOT_FEATURES),
                "global_features": list(GLOBAL_FEATURES),
                "action_blocks": [{"start": self.at[k], "size": self.width[k], "kind": F.KIND_NAMES[k]}
                                  for k in sorted(self.at)],
                "caps": {"build_at_once": BUILD_AT_ONCE, "bid_steps": BID_STEPS,
                         "opponent_build_slots": BUILD_SLOTS, "dice": DICE}}

    def summary_text(self, s: S) -> str:
        lines = [f"{self.n} card instances; observation {self.obs_size} floats ({self.n} x "
                 f"{self.card_width} card features + {BUILD_SLOTS} x {len(SLOT_FEATURES)} opponent "
                 f"build slots + {len(GLOBAL_FEATURES)} globals); {self.action_size} actions"]
        lines += self.block_lines([(self.at[k], self.width[k]) for k in sorted(self.at)])
        return "\n".join(lines)

    def max_game_length(self, turn_limit: int) -> int:
        """Twenty actions per card instance a turn is generous."""
        return turn_limit * 20 * self.n + 20 * self.n

    # -- observations --------------------------------------------------------------------------
    def observe(self, s: S, player: int) -> npt.NDArray[np.float32]:
        cards = self.static.copy()
        speed_at = CARD_FEATURES.index("speed")
        attacker, defender = (s.atk[0], s.atk[1]) if s.atk is not None else (-1, -1)
        for c in range(self.n):
            mine = s.owner[c] == player
            if not mine and not knows(s, player, c):
                cards[c, _OPP] = 1.0
                continue
            z = s.zone[c]
            if z == EQUIPPED:     # attached to a unit: its own pair of places, after the rest
                at = _EQUIPPED_AT + (not mine)
            elif z == HELD:       # held face down under a unit: its own pair too
                at = _HELD_AT + (not mine)
            elif z == REMOVED:    # removed from the game: its own pair
                at = _REMOVED_AT + (not mine)
            elif z == ASIDE:      # set aside for a while: its own pair
                at = _ASIDE_AT + (not mine)
            else:
                at = s.unit_arena(c) + 4 if z == ARENA else s.location_arena(c) + 4 if z == PLACE \
                    else _ZONE_AT[z]
            if not mine and z not in (EQUIPPED, HELD, REMOVED, ASIDE):   # the opponent's, after opp_hidden
                at += _OPP
            row = cards[c]
            row[at] = 1.0
            row[len(LOCATIONS)] = min(s.counters[c] / STAT_SCALE, 1.0)
            row[len(LOCATIONS) + 1] = min(s.damage[c] / STAT_SCALE, 1.0)
            row[len(LOCATIONS) + 2] = float(s.tapped[c])
            row[len(LOCATIONS) + 3] = float(s.face_up[c])
            if z == ARENA:
                row[speed_at] = min(s.speed(c) / STAT_SCALE, 1.0)
                row[speed_at + 1] = min(s.power(c) / STAT_SCALE, 1.0)
                row[speed_at + 2] = min(s.health(c) / STAT_SCALE, 1.0)
                row[speed_at + 3] = s.stack_size(c) / F.MAX_STACK
            row[speed_at + 4] = float(c == attacker)
            row[speed_at + 5] = float(c == defender)
            row[speed_at + 6] = float(s.dmg is not None and s.dmg[0] == c)
        out = np.concatenate([cards.ravel(), self._slots(s, player), self._globals(s, player)])
        # modifiers can take a stat below 0 or a count past its scale: those read as 0 or full
        clipped: npt.NDArray[np.float32] = np.clip(out, 0.0, 1.0)
        return clipped

    def _slots(self, s: S, player: int) -> npt.NDArray[np.float32]:
        out = np.zeros((BUILD_SLOTS, len(SLOT_FEATURES)), np.float32)
        for i, c in enumerate(s.build[1 - player][:BUILD_SLOTS]):
            out[i] = (1.0, min(s.counters[c] / STAT_SCALE, 1.0), float(knows(s, player, c)))
        return out.ravel()

    def _globals(self, s: S, player: int) -> npt.NDArray[np.float32]:
        me, opp = player, 1 - player
        out = np.zeros(len(GLOBAL_FEATURES), np.float32)
        out[:14] = (float(me == 0), s.force[me] / FORCE_SCALE, s.force[opp] / FORCE_SCALE,
                    s.bp[me] / 10.0, s.bp[opp] / 10.0, s.setup_left[me] / F.SETUP_POINTS,
                    s.setup_left[opp] / F.SETUP_POINTS, float(s.lost_character[me]),
                    float(s.lost_character[opp]), len(s.hand[me]) / STAT_SCALE,
                    len(s.hand[opp]) / STAT_SCALE, len(s.deck[me]) / self.n,
                    len(s.deck[opp]) / self.n, s.turn / 100.0)
        at = 14
        out[at + s.phase] = 1.0
        at += len(PHASE_NAMES)
        if s.step >= 0:
            out[at + s.step] = 1.0
        at += 3
        for a in range(3):
            out[at + a] = float(s.attacked >> a & 1)
        at += 3
        if s.dmg is not None:
            out[at], out[at + 1] = s.dmg[1] / STAT_SCALE, s.dmg[4] / STAT_SCALE
        at += 2
        for i, face in enumerate(s.dice[:DICE]):
            out[at + i] = face / 6.0
        at += DICE
        if not s.done and s.tasks:
            out[at] = float(s.current_player == player)
            op = s.tasks[-1][0]
            if op in DECISIONS:
                out[at + 1 + DECISIONS.index(op)] = 1.0
        return np.minimum(out, 1.0)



def spaces_for(s: S) -> Spaces:
    """The layout of a state's card instances, made once for each list of them (the decks
    fix it)."""
    key = tuple(s.defs[d].name for d in s.card_def)
    layout = _LAYOUTS.get(key)
    if layout is None:
        if len(_LAYOUTS) >= 64:   # deck lists a long session has tried: keep the memory bounded
            _LAYOUTS.clear()
        layout = _LAYOUTS[key] = Spaces(s)
    return layout


_LAYOUTS: dict[tuple[str, ...], Spaces] = {}


class TcgSpaces:
    """The trading card game's learning spaces capability (core.spaces.LearningSpaces)."""

    parameters: Mapping[str, FlatParameter] = {
        "dark": "",     # a sample deck's name or a deck list file; empty: the default deck
        "light": "",
    }

    def config_from_parameters(self, params: Mapping[str, FlatParameter]) -> dict[str, Any]:
        return {side: str(params[side]) for side in ("dark", "light") if params[side]}

    def for_state(self, state: S) -> Spaces:
        return spaces_for(state)

    def render(self, state: S, player: int | None = None) -> str:
        from dejarik.tcg.views import board_lines

        return "\n".join(board_lines(state, -1 if player is None else player))

    def state_text(self, state: S) -> str:
        """The spectator's board, then every hand and face-down card."""
        hands = "; ".join(f"seat {p} hand: {', '.join(state.name(c) for c in state.hand[p])}; "
                          f"build zone: {', '.join(state.name(c) for c in state.build[p])}"
                          for p in (0, 1))
        return f"{self.render(state)}\n{hands}"

    def truncated(self, state: S) -> bool:
        return state.done and state.won < 0 and "turn limit" in state.end_reason

    def turns(self, state: S) -> int:
        return state.turn


SPACES: LearningSpaces = TcgSpaces()
