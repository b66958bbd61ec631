"""Specific errors. Every one names the problem; none leaves a state half-changed.

Action text follows python-chess's three cases, the same in every game: text that is no action
of the game (`NotationError`), an action that is not legal now (`IllegalActionError`), and
text that names several legal actions (`AmbiguousActionError`). All three are `ActionError`s.
"""


class DejarikError(Exception):
    """Base class of every error Dejarik raises on bad input."""


class ActionError(DejarikError, ValueError):
    """An action, or action text, that cannot be played now. The state is unchanged."""


class IllegalActionError(ActionError):
    """An action that is not legal in the current state (or the game is over)."""


class NotationError(ActionError):
    """Text that does not parse as an action of this game."""


class AmbiguousActionError(ActionError):
    """Text that names more than one legal action; the message lists them."""


class PackError(DejarikError):
    """A card pack that fails validation; the message names file, card and field."""


class ScenarioError(DejarikError):
    """A scenario file that fails validation; the message names the field."""


class ConfigError(DejarikError):
    """A game configuration that is not allowed (bad mode, bases to win, ...)."""


class SaveError(DejarikError):
    """A saved game (a state's JSON) that cannot be loaded; the message names the field."""


class ReplayError(DejarikError):
    """A replay that cannot be loaded or does not reproduce its recorded hashes."""


class MissingCapabilityError(ConfigError):
    """A surface asked a game for a capability the game does not declare."""
