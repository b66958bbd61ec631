"""The deckbuilder as an OpenSpiel Python game, registered as "python_dejarik_deckbuilding".

    import pyspiel, dejarik.interop.openspiel  # registers the game
    game = pyspiel.load_game("python_dejarik_deckbuilding", {"seed": 3})

Chance: the first node of a game is an explicit chance node, the deal, with `deals` equally
likely outcomes. An outcome is a seed that fixes every shuffle of the game: the opening deal
and each later reshuffle of a discard pile into an empty deck. So the game is explicitly
stochastic with one chance node (OpenSpiel cannot serialise a Python game's internal
generator, which rules out its sampled-stochastic mode). The deal is in the history, never in
a player's information state. `resample_from_infostate` deals everything the player cannot see
again and re-seeds later shuffles, so IS-MCTS searches without peeking.

Observations: the observation tensor is `Spaces.observe` (docs/rl.md) and the observation
string is the board as the player sees it. The information state adds what the player has
seen and may still know (hidden cards seen on a deck top or in the opponent's hand) to the
tensor, and a digest of every observation the player has had, and of their own moves, to the
string, so the string has perfect recall.

Illegal actions raise pyspiel.SpielError, as OpenSpiel's own games do, and change nothing.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from dejarik.core.rng import Rng
from dejarik.deckbuilding import defs as d
from dejarik.deckbuilding.game import DeckbuildingState
from dejarik.deckbuilding.observe import shown_zones
from dejarik.deckbuilding.tensors import Spaces
from dejarik.deckbuilding.textboard import board_text
from dejarik.interop.common import ENV_TURN_LIMIT, env_config, layout

GAME_NAME = "python_dejarik_deckbuilding"
PARAMS: dict[str, Any] = {
    "seed": 0,              # picks the family of deals
    "deals": 1 << 16,       # outcomes of the chance node that deals the game
    "turn_limit": ENV_TURN_LIMIT,
    "packs": "original",    # comma-separated pack ids or .yaml files
    "factions": "",         # "empire,rebel"; empty: the first pack's two factions
    "mode": "beginner",
    "bases_to_win": 0,      # 0: the mode's default
    "bribing": False,
}
GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Star Wars: The Deckbuilding Game (Dejarik)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=PARAMS,
)

# the recall block of the information-state tensor: per card instance, where the player last
# saw it while it was hidden
RECALL = ("galaxy_top", "my_deck_top", "opp_deck_top", "opp_hand")
_MASK64 = (1 << 64) - 1
_RESAMPLED = 0x5EED  # tags a chain started afresh in a resampled world


def config_from(params: dict[str, Any]) -> dict[str, Any]:
    """The Dejarik config behind a set of OpenSpiel parameters (checked)."""
    cfg: dict[str, Any] = {
        "packs": [p.strip() for p in str(params["packs"]).split(",") if p.strip()],
        "mode": params["mode"], "turn_limit": int(params["turn_limit"]),
        "bribing": bool(params["bribing"]),
    }
    if params["factions"]:
        cfg["factions"] = [f.strip() for f in str(params["factions"]).split(",")]
    if int(params["bases_to_win"]):
        cfg["bases_to_win"] = int(params["bases_to_win"])
    return env_config(cfg)


class DeckbuildingGame(pyspiel.Game):
    def __init__(self, params: dict[str, Any] | None = None) -> None:
        p = {**PARAMS, **(params or {})}
        if int(p["deals"]) < 1 or int(p["turn_limit"]) < 1:
            raise ValueError("deals and turn_limit must be at least 1")
        self.config = config_from(p)
        self.layout: Spaces = layout(self.config)
        self.deals = int(p["deals"])
        self.seed = int(p["seed"])
        # a turn is bounded by what its cards allow; ten actions per card instance is generous
        longest = int(p["turn_limit"]) * 10 * self.layout.n + 1
        info = pyspiel.GameInfo(
            num_distinct_actions=self.layout.action_size, max_chance_outcomes=self.deals,
            num_players=2, min_utility=-1.0, max_utility=1.0, utility_sum=0.0,
            max_game_length=longest)
        super().__init__(GAME_TYPE, info, p)

    def new_initial_state(self) -> DeckbuildingSpielState:
        return DeckbuildingSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        if iig_obs_type is not None and (
                not iig_obs_type.public_info
                or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER):
            raise ValueError("only a player's own view (public and private information) is "
                             "supported")
        return Observer(self.layout, recall)

    def deal_seed(self, outcome: int) -> int:
        return Rng(self.seed * 1_000_003 + outcome).next64() >> 1


class Engine:
    """The Dejarik state inside an OpenSpiel state: copied with `clone` and pickled as JSON
    (OpenSpiel deep-copies and pickles a Python state's attributes)."""

    __slots__ = ("state",)

    def __init__(self, state: DeckbuildingState) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> Engine:
        return Engine(self.state.clone())

    def __getstate__(self) -> dict[str, Any]:
        return self.state.to_json()

    def __setstate__(self, data: dict[str, Any]) -> None:
        self.state = DeckbuildingState.from_json(data)


class DeckbuildingSpielState(pyspiel.State):
    def __init__(self, game: DeckbuildingGame) -> None:
        super().__init__(game)
        self.deal = -1
        self.engine: Engine | None = None
        self.chain = [0, 0]     # per player: a digest of every view they have had
        self.recall: list[dict[int, int]] = [{}, {}]  # per player: hidden card -> RECALL slot

    # -- the protocol OpenSpiel asks for ---------------------------------------------------
    def _game(self) -> DeckbuildingGame:
        g: DeckbuildingGame = self.get_game()
        return g

    def current_player(self) -> int:
        if self.engine is None:
            return int(pyspiel.PlayerId.CHANCE)
        s = self.engine.state
        return int(pyspiel.PlayerId.TERMINAL) if s.is_terminal() else s.current_player

    def is_terminal(self) -> bool:
        return self.engine is not None and self.engine.state.is_terminal()

    def returns(self) -> list[float]:
        return [0.0, 0.0] if self.engine is None else self.engine.state.returns()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        n = self._game().deals
        return [(i, 1.0 / n) for i in range(n)]

    def _legal_actions(self, player: int) -> list[int]:
        if self.engine is None or player != self.current_player():
            return []
        return sorted(self._game().layout.legal(self.engine.state))

    def _apply_action(self, action: int) -> None:
        game = self._game()
        if self.engine is None:
            if not 0 <= action < game.deals:
                raise pyspiel.SpielError(f"deal {action} is not one of 0..{game.deals - 1}")
            self.deal = action
            self.engine = Engine(DeckbuildingState(game.config, game.deal_seed(action)))
            self._remember(-1, -1)
            return
        s = self.engine.state
        act = game.layout.legal(s).get(action)
        if act is None:
            what = game.layout.describe(action) if 0 <= action < game.layout.action_size else "out of range"
            raise pyspiel.SpielError(f"illegal action {action} ({what}) for player {self.current_player()}")
        actor = s.current_player
        s.apply(act)
        self._remember(actor, action)

    def _remember(self, actor: int, action: int) -> None:
        """Extend each player's record of what they have seen (and of their own moves)."""
        s = self._engine()
        layout = self._game().layout
        for p in (0, 1):
            own = action if actor == p else -1
            self.chain[p] = hash((self.chain[p], layout.view_key(s, p), own))
            _update_recall(self.recall[p], s, p)

    def _engine(self) -> DeckbuildingState:
        if self.engine is None:
            raise pyspiel.SpielError("the game has not been dealt yet (a chance node)")
        return self.engine.state

    def _action_to_string(self, player: int, action: int) -> str:
        if player == int(pyspiel.PlayerId.CHANCE):
            return f"deal {action}"
        layout = self._game().layout
        if self.engine is not None:
            act = layout.legal(self.engine.state).get(action)
            if act is not None:
                return self.engine.state.action_to_text(act)
        return layout.describe(action)

    def resample_from_infostate(self, player: int, sampler: Any) -> DeckbuildingSpielState:
        """A state `player` cannot tell from this one, with every hidden card dealt again."""
        out: DeckbuildingSpielState = self.clone()
        if self.engine is None:
            return out
        seed = int(sampler() * (1 << 53)) ^ (len(self.history()) << 1)
        out.engine = Engine(self.engine.state.resample_hidden(player, seed))
        other = 1 - player
        # what the other player knows in that world is not ours to copy: start it from ours
        view = self._game().layout.view_key(out.engine.state, other)
        out.chain[other] = hash((_RESAMPLED, self.chain[player], view))
        out.recall[other] = {}
        return out

    def __str__(self) -> str:
        if self.engine is None:
            return "chance node: the deal"
        s = self.engine.state
        hands = "; ".join(f"{s.factions[i].name} hand: " + ", ".join(s.name(c) for c in p.hand)
                          for i, p in enumerate(s.players))
        return f"deal {self.deal}\n{board_text(s)}\n{hands}\nstate {s.state_hash()}"


def _update_recall(recall: dict[int, int], s: DeckbuildingState, player: int) -> None:
    """From the player's current view: remember hidden cards shown now (deck tops, the
    opponent's hand), and forget those that have since come into the open."""
    me, opp = s.players[player], s.players[1 - player]
    if recall:
        hidden = {*me.hand, *me.deck, *opp.hand, *opp.deck, *s.regions[0].deck}
        for c in [c for c in recall if c not in hidden or c in me.hand]:
            del recall[c]
    shown = shown_zones(s, player)
    if not shown:
        return
    if shown & {d.Z_GALAXY_TOP, d.Z_GALAXY_TOP2}:
        for c in s.regions[0].deck[-2 if d.Z_GALAXY_TOP2 in shown else -1:]:
            recall[c] = 0
    if d.Z_DECK_TOP in shown and me.deck:
        recall[me.deck[-1]] = 1
    if d.Z_OPP_DECK_TOP in shown and opp.deck:
        recall[opp.deck[-1]] = 2
    if d.Z_OPP_HAND in shown:
        for c in opp.hand:
            recall[c] = 3


class Observer:
    """OpenSpiel's Python observer: a flat tensor, named views of it, and a string."""

    def __init__(self, layout: Spaces, perfect_recall: bool) -> None:
        self.layout = layout
        self.perfect_recall = perfect_recall
        size = layout.obs_size + (layout.n * len(RECALL) if perfect_recall else 0)
        self.tensor = np.zeros(size, np.float32)
        cw = layout.n * layout.card_width
        self.dict = {"cards": self.tensor[:cw].reshape(layout.n, layout.card_width),
                     "globals": self.tensor[cw:layout.obs_size]}
        if perfect_recall:
            self.dict["recall"] = self.tensor[layout.obs_size:].reshape(layout.n, len(RECALL))

    def set_from(self, state: DeckbuildingSpielState, player: int) -> None:
        self.tensor.fill(0.0)
        if state.engine is None or player < 0:
            return
        self.tensor[: self.layout.obs_size] = self.layout.observe(state.engine.state, player)
        if self.perfect_recall:
            block = self.dict["recall"]
            for c, slot in state.recall[player].items():
                block[c, slot] = 1.0

    def string_from(self, state: DeckbuildingSpielState, player: int) -> str:
        if state.engine is None:
            return "the deal"
        # The board names cards; the digest pins the exact card instances (and, with perfect
        # recall, everything seen before), which legal action indices depend on.
        s = state.engine.state
        if self.perfect_recall:
            digest = f"recall {state.chain[player] & _MASK64:016x}"
        else:
            digest = f"view {hash(self.layout.view_key(s, player)) & _MASK64:016x}"
        return f"{board_text(s, player)}\n{digest}"


pyspiel.register_game(GAME_TYPE, DeckbuildingGame)
