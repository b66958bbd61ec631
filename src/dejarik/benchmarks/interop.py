"""Steps per second of a game with learning spaces through each research API, one core. Run
by `dejarik bench GAME` for such a game when the rl extra is installed.

Every figure counts decisions taken through the API with uniformly random legal actions
(read from the API's own mask or legal-action list), whole games, resets included, so the
figures include the observation and mask the API builds at every step. The Gymnasium figures
count the learner's steps only; the random opponent's moves happen inside them.
"""

from __future__ import annotations

import importlib.util
import random
import time
from collections.abc import Callable

import numpy as np

WINDOWS = 5


def available() -> dict[str, bool]:
    return {name: importlib.util.find_spec(module) is not None
            for name, module in (("pettingzoo", "pettingzoo"), ("gymnasium", "gymnasium"),
                                 ("openspiel", "pyspiel"))}


def _pick(mask: np.ndarray, rng: random.Random) -> int:
    """A uniformly random legal index of a mask: what a random agent does, and cheaply
    (NumPy's `Generator.choice` alone costs about a third of a Gymnasium step)."""
    legal = mask.view(np.bool_).nonzero()[0]   # bools: ten times faster; the method: no wrapper
    return int(legal[rng.randrange(len(legal))])


def _pick_rows(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal index for each row of a batch of masks, in a few NumPy calls."""
    width = masks.shape[1]
    legal = np.flatnonzero(masks.view(np.bool_))   # flat: a 2-D nonzero is 20 times slower
    counts = np.bincount(legal // width, minlength=len(masks))
    starts = np.cumsum(counts) - counts
    picked: np.ndarray = legal[starts + (rng.random(len(masks)) * counts).astype(np.intp)] % width
    return picked


def _median_rate(seconds: float, window: Callable[[float, int], tuple[int, float]]) -> dict[str, float]:
    runs = sorted(steps / t for steps, t in (window(seconds / WINDOWS, w) for w in range(WINDOWS)))
    return {"steps_per_s": runs[WINDOWS // 2], "steps_min": runs[0], "steps_max": runs[-1]}


def pettingzoo_rate(seconds: float = 3.0, game: str | None = None) -> dict[str, float]:
    from dejarik.interop.pettingzoo import raw_env

    def window(budget: float, w: int) -> tuple[int, float]:
        env = raw_env(game=game)
        rng = random.Random(w)
        steps, played = 0, 0
        start = time.perf_counter()
        while time.perf_counter() - start < budget:
            env.reset(seed=w * 10_000 + played)
            played += 1
            for _agent in env.agent_iter():
                obs, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                env.step(_pick(obs["action_mask"], rng))
                steps += 1
                if steps % 256 == 0 and time.perf_counter() - start >= budget:
                    break
        return steps, time.perf_counter() - start

    return _median_rate(seconds, window)


def gymnasium_rate(seconds: float = 3.0, game: str | None = None) -> dict[str, float]:
    from dejarik.interop.gymnasium import DejarikEnv

    def window(budget: float, w: int) -> tuple[int, float]:
        env = DejarikEnv(opponent="random", game=game)
        rng = random.Random(w)
        _, info = env.reset(seed=w)
        steps = 0
        start = time.perf_counter()
        while time.perf_counter() - start < budget:
            _, _, terminated, truncated, info = env.step(_pick(info["action_mask"], rng))
            steps += 1
            if terminated or truncated:
                _, info = env.reset()
        return steps, time.perf_counter() - start

    return _median_rate(seconds, window)


VECTOR_GAMES = 16
"""Games in the vector environment's batch (about its best rate on this machine)."""


def gymnasium_vector_rate(seconds: float = 3.0, game: str | None = None) -> dict[str, float]:
    """The learner's steps through `DejarikVectorEnv`, `VECTOR_GAMES` games a batch, a random
    legal action each (drawn for the whole batch at once from the masks)."""
    from dejarik.interop.gymnasium import DejarikVectorEnv

    def window(budget: float, w: int) -> tuple[int, float]:
        env = DejarikVectorEnv(VECTOR_GAMES, opponent="random", game=game)
        rng = np.random.default_rng(w)
        _, info = env.reset(seed=w * VECTOR_GAMES)
        steps = 0
        start = time.perf_counter()
        while time.perf_counter() - start < budget:
            masks = info["action_mask"]
            _, _, _, _, info = env.step(_pick_rows(masks, rng))
            steps += VECTOR_GAMES
        return steps, time.perf_counter() - start

    return _median_rate(seconds, window)


def openspiel_rate(seconds: float = 3.0, game_name: str | None = None) -> dict[str, float]:
    """`game_name`: a registered game (by default the first with learning spaces)."""
    import pyspiel

    from dejarik.core.spaces import learning_game
    from dejarik.interop.openspiel import spiel_name

    game = pyspiel.load_game(spiel_name(learning_game(game_name)[0].name))

    def window(budget: float, w: int) -> tuple[int, float]:
        rng = random.Random(w)
        steps = 0
        start = time.perf_counter()
        state = game.new_initial_state()
        while time.perf_counter() - start < budget:
            if state.is_terminal():
                state = game.new_initial_state()
            if state.is_chance_node():
                state.apply_action(rng.randrange(game.max_chance_outcomes()))
                continue
            state.observation_tensor(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        return steps, time.perf_counter() - start

    return _median_rate(seconds, window)
