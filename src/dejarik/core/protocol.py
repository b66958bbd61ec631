"""What a game is and what it may offer. Every surface (CLI, terminal, simulator, reports,
learning adapters, server, agents) reaches a game only through this module and the registry.

A game is a `Game`: it makes and reloads `GameState`s and declares a `GameInfo`. Beyond that it
may offer capabilities, each a small protocol in its own core module, or None where it has
none: the agents' hooks (`core.hooks`), learning spaces (`core.spaces`), a view model for the
terminal, the full-screen app and the browser (`core.views`), a run report (`core.reports`)
and command-line options and card listings (`core.options`). A surface that needs a capability
a game lacks calls `require`, which says so in one line naming the game and the capability.

An action is a small tuple of ints on the hot path; text notation is made at the edges
(`action_to_text` / `text_to_action`), and the two round-trip.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, Self, TypeVar

from dejarik.core.errors import ConfigError, MissingCapabilityError

if TYPE_CHECKING:
    from dejarik.core.hooks import AgentHooks
    from dejarik.core.inputs import InputFile
    from dejarik.core.options import CardCatalog, ConfigOptions, Scenarios
    from dejarik.core.reports import RunReport
    from dejarik.core.spaces import LearningSpaces
    from dejarik.core.views import ViewModel

Action = tuple[int, ...]
"""Every game's action: a short tuple of small ints (the only Action type in Dejarik)."""


class GameState(Protocol):
    """A position of some game, with everything needed to continue it."""

    num_players: int
    game_name: str
    """The registered name of the game this state belongs to (`get_game(state.game_name)`)."""

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The seats playing together, e.g. ((0, 2), (1, 3)), or ((0,), (1,)) where every
        player is a team of one, or one team of all in a cooperative game. `winner()` names
        a team by its index."""
        ...

    @property
    def current_player(self) -> int:
        """Who decides now (may differ from whose turn it is); -1 once the game is over."""
        ...

    def legal_actions(self) -> list[Action]:
        """Every legal action, each choice inside an ability included."""
        ...

    def apply(self, action: Action) -> None:
        """Apply one legal action. An illegal one raises IllegalActionError and changes nothing."""
        ...

    def is_terminal(self) -> bool: ...

    def winner(self) -> int | None:
        """The winning team (a player, where every player is a team of one), or None."""
        ...

    def returns(self) -> list[float]:
        """Per-player result: +1 win, -1 loss, 0 otherwise (cooperative games may differ)."""
        ...

    def observation(self, player: int) -> dict[str, Any]:
        """Exactly what `player` may know, as JSON-ready data (-1: a spectator, who sees only
        what is public). While the game runs it holds a `decision`: who decides, what for, and
        (for the decider only) what each legal action does, in words."""
        ...

    def clone(self) -> Self: ...

    def state_hash(self) -> str:
        """A stable digest of the whole state (same on every machine and run)."""
        ...

    def to_json(self) -> dict[str, Any]: ...

    def action_to_text(self, action: Action) -> str: ...

    def text_to_action(self, text: str) -> Action:
        """The legal action this text names. Raises NotationError for text that is no action
        of this game, IllegalActionError for an action that is not legal now, and
        AmbiguousActionError for text that names several (all in core.errors)."""
        ...

    def resample_hidden(self, player: int, seed: int) -> Self:
        """A copy where everything `player` cannot see is re-dealt at random (for AI search)."""
        ...


@dataclass(frozen=True)
class GameInfo:
    """What a game is, declared up front (like OpenSpiel's GameType)."""

    title: str
    """Its name for people, e.g. 'Star Wars: The Deckbuilding Game'."""
    seats: tuple[int, int]
    """The fewest and most seats a configuration may have."""
    teams: bool
    """Whether seats may play in teams (then `state.teams` names them)."""
    cooperative: bool
    """Whether all seats win or lose together."""
    hidden_information: bool
    """Whether a player's view leaves something out (then `resample_hidden` re-deals it)."""
    chance: bool
    """Whether shuffles or dice decide anything (all from the state's own seeded generator)."""
    content: str
    """What the configuration chooses its content by, in words (e.g. 'packs', 'decks')."""
    contents: tuple[str, ...]
    """The built-in content (pack ids, deck names) a configuration may name."""
    summary: str
    """One line for people: what the game is, and where its rules come from."""


@dataclass(frozen=True)
class Benchmark:
    """A line of `dejarik bench GAME`: whole games of one configuration, dealt and played to
    the end over and over, every seat played by the same agent spec (each seat seeded apart)."""

    label: str
    """What is measured, in words (e.g. 'greedy v greedy', 'team random')."""
    config: Mapping[str, Any]
    """The configuration, before `normalize_config`."""
    players: str
    """An agent spec every seat plays by, e.g. 'random' or 'greedy'."""


RANDOM_PLAY = (Benchmark("random", {}, "random"),)
"""The benchmark of a game that declares none: random legal actions, its default config."""


CAPABILITIES: dict[str, str] = {
    "agents": "agent hooks (a rule-of-thumb move and an evaluation for the AI players)",
    "spaces": "learning spaces (fixed-size observations and actions for learning agents)",
    "views": "view model (the board as a player sees it, for the terminal and the browser)",
    "report": "run report (a summary of simulated games)",
    "options": "command-line options",
    "cards": "card listings",
    "scenarios": "scenario files (a position written in YAML)",
}
"""Every optional capability a game may declare, with what it is in words."""


class Game(Protocol):
    """A game family: makes states from a configuration and a seed, reloads them, and declares
    what it is (`info`) and what it offers (each capability None where it has none)."""

    name: str
    engine_version: str
    info: GameInfo
    benchmarks: tuple[Benchmark, ...]
    """What `dejarik bench` plays of this game: random play first, then the strongest simple
    players, the rates people compare across versions and with OpenSpiel."""

    def new_state(self, config: dict[str, Any], seed: int) -> GameState: ...

    def num_players(self, config: dict[str, Any]) -> int:
        """How many seats a game with this (normalised) config has."""
        ...

    def state_from_json(self, data: dict[str, Any]) -> GameState:
        """A state from `to_json` data; bad data raises SaveError and names the problem."""
        ...

    def content_digest(self, config: dict[str, Any]) -> str:
        """A fingerprint of the content (packs) a normalised config plays with."""
        ...

    def normalize_config(self, config: dict[str, Any]) -> dict[str, Any]:
        """Validate a configuration and fill in its defaults (raises ConfigError)."""
        ...

    def check_invariants(self, state: GameState) -> list[str]:
        """Every broken invariant of a state, in words (empty when all hold)."""
        ...

    @property
    def agents(self) -> AgentHooks | None: ...

    @property
    def spaces(self) -> LearningSpaces | None: ...

    @property
    def views(self) -> ViewModel | None: ...

    @property
    def report(self) -> RunReport | None: ...

    @property
    def options(self) -> ConfigOptions | None: ...

    @property
    def cards(self) -> CardCatalog | None: ...

    @property
    def scenarios(self) -> Scenarios | None: ...

    @property
    def inputs(self) -> tuple[InputFile, ...]:
        """The kinds of file the game reads from its users beyond the kernel's own (packs,
        deck lists, ...), each with a valid sample and the commands that read it."""
        ...


def named_options(config: Mapping[Any, Any], game: str) -> dict[str, Any]:
    """A configuration whose option names are all text (a YAML or JSON file may give a number,
    true or null as a name): a copy, or a ConfigError naming the first that is not."""
    bad = [k for k in config if not isinstance(k, str)]
    if bad:
        raise ConfigError(f"{game}: an option's name must be text, not {bad[0]!r}")
    return dict(config)


class GameBase:
    """The capability plumbing a game class inherits: each capability is named in
    `capability_paths` as 'module:attribute', imported the first time it is asked for (so a
    surface that needs none pays nothing), and None where the game declares none."""

    name: ClassVar[str]
    engine_version: ClassVar[str]
    info: ClassVar[GameInfo]
    benchmarks: ClassVar[tuple[Benchmark, ...]] = RANDOM_PLAY
    capability_paths: ClassVar[Mapping[str, str]] = {}

    def _capability(self, key: str) -> Any:
        cache: dict[str, Any] = self.__dict__.setdefault("_loaded", {})
        if key not in cache:
            path = self.capability_paths.get(key)
            if path is None:
                cache[key] = None
            else:
                module, attr = path.split(":")
                cache[key] = getattr(importlib.import_module(module), attr)
        return cache[key]

    @property
    def agents(self) -> AgentHooks | None:
        hooks: AgentHooks | None = self._capability("agents")
        return hooks

    @property
    def spaces(self) -> LearningSpaces | None:
        spaces: LearningSpaces | None = self._capability("spaces")
        return spaces

    @property
    def views(self) -> ViewModel | None:
        views: ViewModel | None = self._capability("views")
        return views

    @property
    def report(self) -> RunReport | None:
        report: RunReport | None = self._capability("report")
        return report

    @property
    def options(self) -> ConfigOptions | None:
        options: ConfigOptions | None = self._capability("options")
        return options

    @property
    def cards(self) -> CardCatalog | None:
        cards: CardCatalog | None = self._capability("cards")
        return cards

    @property
    def scenarios(self) -> Scenarios | None:
        scenarios: Scenarios | None = self._capability("scenarios")
        return scenarios

    @property
    def inputs(self) -> tuple[InputFile, ...]:
        inputs: tuple[InputFile, ...] | None = self._capability("inputs")
        return inputs or ()


T = TypeVar("T")


def require(capability: T | None, game: Game, key: str) -> T:
    """The capability, or a MissingCapabilityError naming the game and what it lacks:
    `spaces = require(game.spaces, game, "spaces")`."""
    if capability is None:
        raise MissingCapabilityError(
            f"{game.info.title} ({game.name}) has no {CAPABILITIES.get(key, key)}")
    return capability


def teams_of(state: GameState) -> tuple[tuple[int, ...], ...]:
    """The seats playing together (the state's `teams`)."""
    return state.teams
