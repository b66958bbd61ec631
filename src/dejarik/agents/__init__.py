"""Players that drive games through the kernel protocol."""

from dejarik.agents.base import (
    AGENTS,
    Agent,
    GreedyAgent,
    HeuristicAgent,
    RandomAgent,
    make_agent,
    parse_agents,
)
from dejarik.agents.ismcts import IsmctsAgent

__all__ = ["AGENTS", "Agent", "GreedyAgent", "HeuristicAgent", "IsmctsAgent", "RandomAgent",
           "make_agent", "parse_agents"]
