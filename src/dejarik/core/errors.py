"""Specific errors. Every one names the problem; none leaves a state half-changed."""


class DejarikError(Exception):
    """Base class of every error Dejarik raises on bad input."""


class IllegalActionError(DejarikError):
    """An action that is not legal in the current state. The state is unchanged."""


class NotationError(DejarikError):
    """Text that does not parse as an action (or matches no legal action)."""


class PackError(DejarikError):
    """A card pack that fails validation; the message names file, card and field."""


class ScenarioError(DejarikError):
    """A scenario file that fails validation; the message names the field."""


class ConfigError(DejarikError):
    """A game configuration that is not allowed (bad mode, bases to win, ...)."""


class ReplayError(DejarikError):
    """A replay that cannot be loaded or does not reproduce its recorded hashes."""
