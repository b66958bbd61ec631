"""The cooperative game's learning spaces (dejarik.pandemic.tensors, docs/rl.md): each named
column of the observation holds what its name says, from every seat's chair."""

from __future__ import annotations

import numpy as np
import pytest

from dejarik.agents.base import parse_agents
from dejarik.core.spaces import learning_game
from dejarik.pandemic.pack import DIFFICULTIES
from dejarik.pandemic.state import PHASES


def _blocks(layout: object, obs: np.ndarray) -> dict[str, np.ndarray]:
    """The observation cut into its named parts, each a table of rows by its columns."""
    out: dict[str, np.ndarray] = {}
    at = 0
    for name, shape in layout.parts.items():   # type: ignore[attr-defined]
        size = int(np.prod(shape))
        out[name] = obs[at:at + size].reshape(shape if len(shape) == 2 else (1, shape[0]))
        at += size
    return out


@pytest.mark.parametrize("players", [1, 3])
def test_each_named_column_holds_what_its_name_says_from_every_chair(players: int) -> None:
    game, spaces = learning_game("pandemic")
    cfg = game.normalize_config({"players": players, "turn_limit": 30})
    steps = 0
    for seed in range(3):
        s = game.new_state(cfg, seed)
        layout = spaces.for_state(s)
        col = {part: {name: i for i, name in enumerate(names)}
               for part, names in layout.columns.items()}
        pack = s.pack
        agents = parse_agents("random" if seed % 2 else "greedy", seed, s.num_players)
        while not s.is_terminal():
            n = s.num_players
            for me in range(n):
                part = _blocks(layout, layout.observe(s, me))
                planets, seats, tracks = part["planets"], part["seats"], part["tracks"][0]
                for p in range(layout.planets):
                    assert planets[p, col["planets"]["droids"]] == np.float32(min(s.droids[p] / s.max_droids, 1))
                    assert planets[p, col["planets"]["blockades"]] == min(s.blockades[p], 1)
                for k in range(n):   # seats are numbered from the observer
                    j = (me + k) % n
                    assert planets[s.pos[j], col["planets"][f"jedi_of_seat_{k}"]] == 1
                    assert planets[:, col["planets"][f"jedi_of_seat_{k}"]].sum() == 1
                    assert seats[k, col["seats"][f"is_{pack.jedi[s.jedi[j]].name}"]] == 1
                    for d, card in enumerate(pack.squad):
                        for tired, flag in (("", False), (" (exhausted)", True)):
                            copies = sum(1 for c in s.hands[j]
                                         if s.card_def[c] == d and bool(s.exhausted[c]) == flag)
                            assert seats[k, col["seats"][f"{card.name}{tired}"]] == min(copies / 4, 1)
                    assert seats[k, col["seats"]["takes_this_turn"]] == (j == s.active)
                    assert seats[k, col["seats"]["decides_now"]] == (j == s.current_player)
                    assert seats[k, col["seats"]["hand_size"]] == np.float32(min(len(s.hands[j]) / 10, 1))
                assert tracks[col["tracks"][f"phase_{PHASES[s.phase]}"]] == 1
                assert tracks[col["tracks"][f"difficulty_{s.difficulty}"]] == 1
                assert tracks[:len(PHASES) + len(DIFFICULTIES)].sum() == 2
                assert tracks[col["tracks"]["threat"]] == np.float32(min(s.threat / max(s.threat_last, 1), 1))
                assert tracks[col["tracks"]["turn"]] == np.float32(min(s.turn / 100, 1))
                villain = part["villain"][0]
                assert villain[col["villain"][f"is_{pack.villains[s.villain].name}"]] == 1
            steps += 1
            s.apply(agents[s.current_player].act(s))
    assert steps > 200
