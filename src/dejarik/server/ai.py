"""An AI move, computed away from the event loop (in a worker process by default).

The worker gets the state as JSON and the agent spec, and answers with the action's text.
The agent is made afresh for every move with a seed derived from the game's seed, the seat
and the move number, so a game's AI moves are the same after a server restart. The agents
never read hidden cards: they search over re-deals of what their seat cannot see."""

from __future__ import annotations

from typing import Any

from dejarik.agents import make_agent
from dejarik.core.registry import get_game


def think(game: str, state_json: dict[str, Any], spec: str, seed: int) -> str:
    state = get_game(game).state_from_json(state_json)
    agent = make_agent(spec, seed)
    return state.action_to_text(agent.act(state))
