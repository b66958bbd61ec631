"""Players that drive games through the kernel protocol."""

from dejarik.agents.base import AGENTS, Agent, GreedyAgent, RandomAgent, make_agent, parse_agents

__all__ = ["AGENTS", "Agent", "GreedyAgent", "RandomAgent", "make_agent", "parse_agents"]
