"""Fixed-size numeric views of the cooperative game for learning agents (docs/rl.md).

The game is a cooperative benchmark in the way Hanabi is one: every seat is a Jedi of one
team, all win or lose together (the reward is shared), and each seat decides only its own
moves. Unlike Hanabi, hands are face up (seed 001, "Karty oddziałów"): what no seat knows is
the order of the squad, villain and invasion decks and which missions are in the mission
deck. So every seat's observation is the same board, seen from its own chair: seats are
numbered from the observer (0 = me, 1 = the next seat, ...). No hidden card is ever shown to
a seat, so an information state needs no recall block.

One layout serves every deal of a configuration: the villain is dealt at random, so its
blocks are as wide as the pack's largest villain, and unused slots stay 0.

Action indices are blocks, one per action code, each as wide as its argument's range:
fly to a planet, play an ally, exhaust a card, discard (card, exhausted or not), target
(a droid, or a villain figure), pick (a planet, or a Jedi by seat), ready a card, and one
index each for the codes without an argument.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

import numpy as np

from dejarik.core.spaces import FlatParameter, IncrementalLayout, LearningSpaces
from dejarik.pandemic import codes as C
from dejarik.pandemic import encode
from dejarik.pandemic.encode import DECISIONS, ActionCodes, Encoder
from dejarik.pandemic.pack import DIFFICULTIES
from dejarik.pandemic.state import PHASES

if TYPE_CHECKING:
    from dejarik.core.protocol import Action
    from dejarik.core.spaces import FloatArray
    from dejarik.pandemic.state import PandemicState as S

PLANET_FEATURES: Final = ("droids", "blockades", "orange_mission", "white_mission",
                          "invasion_discarded", "invasion_next_group", "invasion_known",
                          "action_here")
"""Per planet, before the seats' Jedi and the villain's figures standing on it."""


class Spaces(IncrementalLayout):
    """The observation and action layout of one configuration (pack and number of seats)."""

    def __init__(self, s: S) -> None:
        pack = s.pack
        self.pack = pack
        self.seats = s.num_players
        self.planets = len(pack.planets)
        self.squad = len(pack.squad)
        self.figures = max(len(v.figures) for v in pack.villains)
        self.counters = max([len(v.counters) for v in pack.villains] + [0])
        self.villain_cards = max(len(v.deck) for v in pack.villains)
        self.missions = len(pack.missions)
        self.rates = len(s.rates)
        self.invasion_cards = self.planets + 2   # the planets, then the two Mission Planet cards
        self.droid_total = max(sum(s.droids) + s.droid_pool, 1)        # on the board or in the pool
        self.blockade_total = max(sum(s.blockades) + s.blockade_pool, 1)
        # -- actions: (code, width, first argument) ------------------------------------------
        blocks = [(C.FLY, self.planets, 0), (C.REINFORCE, 1, 0), (C.ATTACK, 1, 0),
                  (C.MISSION, 2, 0), (C.ABILITY, 1, 0), (C.ALLY, self.squad, 0), (C.END, 1, 0),
                  (C.EXHAUST, self.squad, 0), (C.PASS, 1, 0), (C.DISCARD, 2 * self.squad, 0),
                  (C.TARGET, self.figures + 1, -1), (C.PICK, max(self.planets, self.seats), 0),
                  (C.AGREE, 1, 0), (C.REFUSE, 1, 0), (C.READY, self.squad, 0)]
        self.blocks: dict[int, tuple[int, int, int]] = {}   # code -> (offset, width, first arg)
        self._code_at: list[tuple[int, int]] = []          # index -> (code, arg)
        for code, width, first in blocks:
            self.blocks[code] = (len(self._code_at), width, first)
            self._code_at += [(code, first + i) for i in range(width)]
        self.action_size = len(self._code_at)
        self._actions = ActionCodes(self.blocks)
        # -- observation: named columns per part ---------------------------------------------
        rules = pack.rules
        self.columns: dict[str, list[str]] = {
            "planets": [*PLANET_FEATURES, *(f"jedi_of_seat_{k}" for k in range(self.seats)),
                        *(f"villain_figure_{f}" for f in range(self.figures))],
            "seats": [*(f"is_{j.name}" for j in pack.jedi),
                      *(f"{c.name}{tired}" for c in pack.squad for tired in ("", " (exhausted)")),
                      "takes_this_turn", "decides_now", "hand_size"],
            "tracks": [*(f"phase_{p}" for p in PHASES), *(f"difficulty_{d}" for d in DIFFICULTIES),
                       *(f"invasion_space_{i}" for i in range(self.rates)), "threat",
                       f"actions_left_of_{rules['actions_per_turn']}", "ability_uses_left",
                       "turn", "droid_pool", "blockade_pool", "solo", "invasion_deck", "over"],
            "villain": [*(f"is_{v.name}" for v in pack.villains),
                        *(f"counter_{i}" for i in range(self.counters)),
                        *(f"figure_{f}_{what}" for f in range(self.figures)
                          for what in ("health", "on_board", "defeated")),
                        *(f"villain_card_{i}_discarded" for i in range(self.villain_cards)),
                        "villain_deck"],
            "missions": [*(f"{slot}_is_{m.name}" for slot in ("orange", "white") for m in pack.missions),
                         *(f"done_{m.name}" for m in pack.missions), "mission_deck"],
            "squad": [*(f"discarded_{c.name}" for c in pack.squad), "squad_deck"],
            "decision": [*DECISIONS, *(f"decider_seat_{k}" for k in range(self.seats)),
                         "pick_a_jedi", "count_left", "attacking", "on_a_mission", "successes",
                         "damage_symbols", "bonus", "damage_to_take"],
        }
        self.planet_width = len(self.columns["planets"])
        self.seat_width = len(self.columns["seats"])
        self.parts: dict[str, tuple[int, ...]] = {
            name: ((self.planets, len(cols)) if name == "planets" else
                   (self.seats, len(cols)) if name == "seats" else (len(cols),))
            for name, cols in self.columns.items()}
        self.obs_size = sum(int(np.prod(shape)) for shape in self.parts.values())
        assert len(PLANET_FEATURES) == encode.PLANET_FEATURES
        self._encoder = Encoder(
            self.seats, self.planets, self.squad, len(pack.jedi), self.figures, self.counters,
            self.villain_cards, self.missions, self.rates, len(PHASES), self.invasion_cards,
            self.droid_total, self.blockade_total, int(rules["actions_per_turn"]),
            [len(self.columns[part]) for part in ("tracks", "villain", "missions", "squad", "decision")])

    # -- actions -----------------------------------------------------------------------------
    def encode(self, s: S, action: Action) -> int:
        return self._actions.encode(action)

    def legal(self, s: S) -> dict[int, Action]:
        """Index -> engine action, for every legal action of the seat to move."""
        return self._actions.legal(s)

    def describe(self, index: int) -> str:
        if not 0 <= index < self.action_size:
            raise ValueError(f"action index {index} is outside 0..{self.action_size - 1}")
        code, arg = self._code_at[index]
        pack = self.pack
        if code == C.FLY:
            return f"fly to {pack.planets[arg]}"
        if code == C.MISSION:
            return f"attempt the {('orange', 'white')[arg]} mission"
        if code in (C.ALLY, C.EXHAUST, C.READY):
            verb = {C.ALLY: "play the ally", C.EXHAUST: "exhaust", C.READY: "ready"}[code]
            return f"{verb} {pack.squad[arg].name}"
        if code == C.DISCARD:
            d, ex = divmod(arg, 2)
            return f"discard {pack.squad[d].name}" + (" (exhausted)" if ex else "")
        if code == C.TARGET:
            return "hit a droid" if arg < 0 else f"hit villain figure {arg}"
        if code == C.PICK:
            return f"pick planet {pack.planets[arg]} or the Jedi in seat {arg}" \
                if arg < self.planets else f"pick the Jedi in seat {arg}"
        return {C.REINFORCE: "reinforce", C.ATTACK: "attack", C.ABILITY: "use the Jedi's ability",
                C.END: "end the turn", C.PASS: "pass", C.AGREE: "agree",
                C.REFUSE: "refuse"}[code]

    def summary(self, s: S) -> dict[str, Any]:
        return {"game": "pandemic", "seats": self.seats, "obs_size": self.obs_size,
                "action_size": self.action_size,
                "observation_parts": {k: list(v) for k, v in self.parts.items()},
                "columns": self.columns,
                "action_blocks": [{"start": start, "size": width, "meaning": self.describe(start)}
                                  for start, width, _ in self.blocks.values()]}

    def summary_text(self, s: S) -> str:
        parts = ", ".join(f"{name} {'x'.join(map(str, shape))}" for name, shape in self.parts.items())
        lines = [f"{self.seats} seats (0 = the observer), {self.planets} planets, "
                 f"{self.squad} squad cards; observation {self.obs_size} floats ({parts}); "
                 f"{self.action_size} actions"]
        lines += self.block_lines([(start, width) for start, width, _ in self.blocks.values()])
        return "\n".join(lines)

    def max_game_length(self, turn_limit: int) -> int:
        """A turn is four actions, each with a bounded train of choices; 400 is generous."""
        return turn_limit * 400 + 400

    # -- observations --------------------------------------------------------------------------
    def tracker(self) -> list[float]:
        return []

    def write_changes(self, s: S, player: int, tracker: list[float], out: FloatArray) -> None:
        self._encoder.changes(s, player, tracker, out)

    def view_key(self, s: S, player: int) -> tuple[object, ...]:
        """Everything the observation encodes, as a hashable key, without the array."""
        return self._encoder.view_key(s, player)


def spaces_for(s: S) -> Spaces:
    """The layout of a state's configuration, made once per pack and number of seats."""
    key = ("rl-spaces", s.num_players)
    layout: Spaces | None = s.pack.cache.get(key)
    if layout is None:
        layout = s.pack.cache[key] = Spaces(s)
    return layout


class PandemicSpaces:
    """The cooperative game's learning spaces capability (core.spaces.LearningSpaces)."""

    parameters: Mapping[str, FlatParameter] = {
        "pack": "pandemic_sample",
        "players": 2,           # 1: solo, one person with two Jedi (two seats)
        "difficulty": "padawan",
        "villain": "",          # empty: dealt at random
    }

    def config_from_parameters(self, params: Mapping[str, FlatParameter]) -> dict[str, Any]:
        cfg: dict[str, Any] = {"pack": str(params["pack"]), "players": int(params["players"]),
                               "difficulty": str(params["difficulty"])}
        if params["villain"]:
            cfg["villain"] = str(params["villain"])
        return cfg

    def for_state(self, state: S) -> Spaces:
        return spaces_for(state)

    def render(self, state: S, player: int | None = None) -> str:
        from dejarik.pandemic.views import board_lines

        return "\n".join(board_lines(state))

    def state_text(self, state: S) -> str:
        """The board, then the hidden orders (the next cards of each deck)."""
        return (f"{self.render(state)}\nsquad deck (top last): {state.squad_deck}\n"
                f"villain deck: {state.villain_deck}\ninvasion deck: {state.inv_deck}\n"
                f"mission deck: {state.mission_deck}")

    def truncated(self, state: S) -> bool:
        return state.done and "turn limit" in state.end_reason

    def turns(self, state: S) -> int:
        return state.turn


SPACES: LearningSpaces = PandemicSpaces()
