"""Players that drive games through the kernel protocol."""

from dejarik.agents.base import (
    AGENTS,
    Agent,
    GreedyAgent,
    HeuristicAgent,
    make_agent,
    parse_agents,
)
from dejarik.agents.ismcts import IsmctsAgent
from dejarik.agents.uniform import RandomAgent

__all__ = ["AGENTS", "Agent", "GreedyAgent", "HeuristicAgent", "IsmctsAgent", "RandomAgent",
           "make_agent", "parse_agents"]
