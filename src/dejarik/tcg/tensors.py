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

from dejarik.core.spaces import FlatParameter, IncrementalLayout, LearningSpaces
from dejarik.tcg import flow as F
from dejarik.tcg.carddefs import BATTLE, EQUIPMENT, MISSION, OTHER, UNIT
from dejarik.tcg.encode import (
    BID_STEPS,
    BUILD_AT_ONCE,
    BUILD_SLOTS,
    DICE,
    STAT_SCALE,
    ActionCodes,
    Encoder,
    Tracker,
)
from dejarik.tcg.state import (
    ARENA_NAMES,
    BUILD,
    DECK,
    DISCARD,
    HAND,
    PHASE_NAMES,
    PILOTING,
    UNDER,
)

if TYPE_CHECKING:
    from dejarik.core.protocol import Action
    from dejarik.core.spaces import FloatArray
    from dejarik.tcg.state import TcgState as S


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


class Spaces(IncrementalLayout):
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
        self._actions = ActionCodes(n, self.abilities, self.at, width)
        self._encoder = Encoder(n, self.card_width, _ZONE_AT, _OPP, _EQUIPPED_AT, _HELD_AT,
                                _REMOVED_AT, _ASIDE_AT, len(LOCATIONS), len(PHASE_NAMES),
                                len(ARENA_NAMES), list(DECISIONS), len(GLOBAL_FEATURES))

    # -- actions -----------------------------------------------------------------------------
    def encode(self, s: S, action: Action) -> int:
        """The index of an engine action, or -1 for one the spaces do not offer (a build or a
        bid beyond the caps in the module's docstring)."""
        return self._actions.encode(s, action)

    def legal(self, s: S) -> dict[int, Action]:
        """Index -> engine action, for every legal action the spaces offer."""
        return self._actions.legal(s)

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
    def blank(self, out: npt.NDArray[np.float32]) -> None:
        """A new game's array: each instance's printed facts, zeros elsewhere."""
        out[:] = 0.0
        out[:self.static.size] = self.static.ravel()

    def tracker(self) -> Tracker:
        return Tracker(self.n)

    def write_changes(self, s: S, player: int, tracker: Tracker, out: FloatArray) -> None:
        self._encoder.changes(s, player, tracker, out)

    def view_key(self, s: S, player: int) -> tuple[object, ...]:
        """Everything the observation encodes, as a hashable key, without the array."""
        return self._encoder.view_key(s, player)


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
