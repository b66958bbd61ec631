"""Every game with learning spaces as an OpenSpiel Python game, registered as
"python_dejarik_<game>" (`spiel_name`), e.g. "python_dejarik_deckbuilding".

    import pyspiel, dejarik.interop.openspiel  # registers the games
    game = pyspiel.load_game("python_dejarik_deckbuilding", {"seed": 3})

Chance: the first node of a game is an explicit chance node, the deal, with `deals` equally
likely outcomes. An outcome is a seed that fixes every shuffle of the game: the opening deal
and each later reshuffle of a discard pile into an empty deck. So the game is explicitly
stochastic with one chance node (OpenSpiel cannot serialise a Python game's internal
generator, which rules out its sampled-stochastic mode). The deal is in the history, never in
a player's information state. `resample_from_infostate` deals everything the player cannot see
again and re-seeds later shuffles, so IS-MCTS searches without peeking.

Observations: the observation tensor is the layout's `observe` (docs/rl.md) and the
observation string is the board as the player sees it. The information state adds what the
player has seen and may still know (hidden cards seen on a deck top or in the opponent's hand:
the layout's recall block) to the tensor, and a digest of every observation the player has
had, and of their own moves, to the string, so the string has perfect recall.

Illegal actions raise pyspiel.SpielError, as OpenSpiel's own games do, and change nothing.
"""

from __future__ import annotations

import math
from typing import Any, ClassVar

import numpy as np
import pyspiel

from dejarik.core.protocol import Game, GameState
from dejarik.core.registry import get_game
from dejarik.core.rng import Rng
from dejarik.core.spaces import LearningSpaces, SpaceLayout, learning_game, learning_games
from dejarik.interop.common import ENV_TURN_LIMIT, Episode, episode

ADAPTER_PARAMS: dict[str, Any] = {
    "seed": 0,              # picks the family of deals
    "deals": 1 << 16,       # outcomes of the chance node that deals the game
    "turn_limit": ENV_TURN_LIMIT,
}
"""The parameters every game has here; a game's own follow (its spaces' `parameters`)."""
_MASK64 = (1 << 64) - 1
_RESAMPLED = 0x5EED  # tags a chain started afresh in a resampled world


def spiel_name(game: str) -> str:
    """OpenSpiel's short name for a registered game."""
    return f"python_dejarik_{game}"


def game_type(game: Game, spaces: LearningSpaces) -> pyspiel.GameType:
    """What OpenSpiel is told a game is, from its GameInfo and its spaces."""
    info = game.info
    return pyspiel.GameType(
        short_name=spiel_name(game.name),
        long_name=f"{info.title} (Dejarik)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(pyspiel.GameType.Information.IMPERFECT_INFORMATION if info.hidden_information
                     else pyspiel.GameType.Information.PERFECT_INFORMATION),
        utility=(pyspiel.GameType.Utility.IDENTICAL if info.cooperative
                 else pyspiel.GameType.Utility.ZERO_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.seats[1],
        min_num_players=info.seats[0],
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={**ADAPTER_PARAMS, **spaces.parameters},
    )


class DejarikSpielGame(pyspiel.Game):
    """One registered game (`game`, by default the first with learning spaces) for OpenSpiel."""

    game_name: ClassVar[str | None] = None
    """The game of the subclass `register` hands OpenSpiel for it."""

    def __init__(self, params: dict[str, Any] | None = None, game: str | None = None) -> None:
        g, spaces = learning_game(game or self.game_name)
        p = {**ADAPTER_PARAMS, **spaces.parameters, **(params or {})}
        if int(p["deals"]) < 1 or int(p["turn_limit"]) < 1:
            raise ValueError("deals and turn_limit must be at least 1")
        config = spaces.config_from_parameters(p)
        config["turn_limit"] = int(p["turn_limit"])
        self.episode: Episode = episode(g.name, config)
        self.config = self.episode.config
        self.layout: SpaceLayout = self.episode.layout
        self.players = self.episode.players
        self.deals = int(p["deals"])
        self.seed = int(p["seed"])
        info = pyspiel.GameInfo(
            num_distinct_actions=self.layout.action_size, max_chance_outcomes=self.deals,
            num_players=self.players, min_utility=-1.0, max_utility=1.0,
            utility_sum=None if g.info.cooperative else 0.0,
            max_game_length=self.layout.max_game_length(int(p["turn_limit"])))
        super().__init__(game_type(g, spaces), info, p)

    def new_initial_state(self) -> DejarikSpielState:
        return DejarikSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        if iig_obs_type is not None and (
                not iig_obs_type.public_info
                or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER):
            raise ValueError("only a player's own view (public and private information) is "
                             "supported")
        return Observer(self.episode, recall)

    def deal_seed(self, outcome: int) -> int:
        return Rng(self.seed * 1_000_003 + outcome).next64() >> 1


class Engine:
    """The Dejarik state inside an OpenSpiel state: copied with `clone` and pickled as its
    game's name and JSON save (OpenSpiel deep-copies and pickles a Python state's attributes)."""

    __slots__ = ("state",)

    def __init__(self, state: GameState) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> Engine:
        return Engine(self.state.clone())

    def __getstate__(self) -> dict[str, Any]:
        return {"game": self.state.game_name, "state": self.state.to_json()}

    def __setstate__(self, data: dict[str, Any]) -> None:
        self.state = get_game(data["game"]).state_from_json(data["state"])


class DejarikSpielState(pyspiel.State):
    def __init__(self, game: DejarikSpielGame) -> None:
        super().__init__(game)
        self.deal = -1
        self.engine: Engine | None = None
        self.chain = [0] * game.players     # per player: a digest of every view they have had
        self.recall: list[dict[int, int]] = [{} for _ in range(game.players)]  # row -> column

    # -- the protocol OpenSpiel asks for ---------------------------------------------------
    def _game(self) -> DejarikSpielGame:
        g: DejarikSpielGame = self.get_game()
        return g

    def current_player(self) -> int:
        if self.engine is None:
            return int(pyspiel.PlayerId.CHANCE)
        s = self.engine.state
        return int(pyspiel.PlayerId.TERMINAL) if s.is_terminal() else s.current_player

    def is_terminal(self) -> bool:
        return self.engine is not None and self.engine.state.is_terminal()

    def returns(self) -> list[float]:
        return [0.0] * self._game().players if self.engine is None else self.engine.state.returns()

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
            self.engine = Engine(game.episode.new_state(game.deal_seed(action)))
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
        for p in range(len(self.chain)):
            own = action if actor == p else -1
            self.chain[p] = hash((self.chain[p], layout.view_key(s, p), own))
            layout.update_recall(self.recall[p], s, p)

    def _engine(self) -> GameState:
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

    def resample_from_infostate(self, player: int, sampler: Any) -> DejarikSpielState:
        """A state `player` cannot tell from this one, with every hidden card dealt again."""
        out: DejarikSpielState = self.clone()
        if self.engine is None:
            return out
        seed = int(sampler() * (1 << 53)) ^ (len(self.history()) << 1)
        out.engine = Engine(self.engine.state.resample_hidden(player, seed))
        layout = self._game().layout
        # what the others know in that world is not ours to copy: start it from ours
        for other in range(len(self.chain)):
            if other != player:
                view = layout.view_key(out.engine.state, other)
                out.chain[other] = hash((_RESAMPLED, self.chain[player], view))
                out.recall[other] = {}
        return out

    def __str__(self) -> str:
        if self.engine is None:
            return "chance node: the deal"
        s = self.engine.state
        return f"deal {self.deal}\n{self._game().episode.spaces.state_text(s)}\nstate {s.state_hash()}"


class Observer:
    """OpenSpiel's Python observer: a flat tensor, named views of it, and a string."""

    def __init__(self, episode: Episode, perfect_recall: bool) -> None:
        self.episode = episode
        self.layout = layout = episode.layout
        self.perfect_recall = perfect_recall
        rows, cols = layout.recall_shape
        self.tensor = np.zeros(layout.obs_size + (rows * cols if perfect_recall else 0), np.float32)
        self.dict: dict[str, np.ndarray] = {}
        at = 0
        for name, shape in layout.observation_parts.items():
            size = math.prod(shape)
            self.dict[name] = self.tensor[at:at + size].reshape(shape)
            at += size
        if perfect_recall:
            self.dict["recall"] = self.tensor[layout.obs_size:].reshape(rows, cols)

    def set_from(self, state: DejarikSpielState, player: int) -> None:
        self.tensor.fill(0.0)
        if state.engine is None or player < 0:
            return
        self.tensor[: self.layout.obs_size] = self.layout.observe(state.engine.state, player)
        if self.perfect_recall:
            block = self.dict["recall"]
            for row, col in state.recall[player].items():
                block[row, col] = 1.0

    def string_from(self, state: DejarikSpielState, player: int) -> str:
        if state.engine is None:
            return "the deal"
        # The board names what it shows; the digest pins the exact layout rows (card
        # instances, and with perfect recall everything seen before), which legal action
        # indices depend on.
        s = state.engine.state
        if self.perfect_recall:
            digest = f"recall {state.chain[player] & _MASK64:016x}"
        else:
            digest = f"view {hash(self.layout.view_key(s, player)) & _MASK64:016x}"
        return f"{self.episode.spaces.render(s, player)}\n{digest}"


def register() -> None:
    """Register every game that declares learning spaces with OpenSpiel (done on import)."""
    for name in learning_games():
        game, spaces = learning_game(name)
        # OpenSpiel holds the creator until after Python has shut down, and a function's last
        # release then crashes the interpreter; a class (alive in its own reference cycle) is
        # safe to hand over, so each game gets a subclass, kept here so pickle finds it.
        creator = type(f"DejarikSpielGame_{name}", (DejarikSpielGame,), {"game_name": name})
        globals()[creator.__name__] = creator
        pyspiel.register_game(game_type(game, spaces), creator)


register()
