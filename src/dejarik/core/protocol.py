"""The protocol every game implements. Agents, the simulator, replays and the CLI use only this.

An action is a small tuple of ints on the hot path; text notation is made at the edges
(`action_to_text` / `text_to_action`), and the two round-trip.
"""

from __future__ import annotations

from typing import Any, Protocol, Self

Action = tuple[int, ...]


class GameState(Protocol):
    """A position of some game, with everything needed to continue it."""

    num_players: int

    # Optional: `teams`, the seats playing together, e.g. ((0, 2), (1, 3)); without it every
    # player is a team of one. `winner()` then names a team (see `teams_of`).

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
        """Exactly what `player` may know, as JSON-ready data."""
        ...

    def clone(self) -> Self: ...

    def state_hash(self) -> str:
        """A stable digest of the whole state (same on every machine and run)."""
        ...

    def to_json(self) -> dict[str, Any]: ...

    def action_to_text(self, action: Action) -> str: ...

    def text_to_action(self, text: str) -> Action: ...

    def resample_hidden(self, player: int, seed: int) -> Self:
        """A copy where everything `player` cannot see is re-dealt at random (for AI search)."""
        ...


class Game(Protocol):
    """A game family: makes states from a configuration and a seed, and reloads them."""

    name: str
    engine_version: str

    def new_state(self, config: dict[str, Any], seed: int) -> GameState: ...

    def num_players(self, config: dict[str, Any]) -> int:
        """How many seats a game with this (normalised) config has."""
        ...

    def state_from_json(self, data: dict[str, Any]) -> GameState: ...

    def content_digest(self, config: dict[str, Any]) -> str:
        """A fingerprint of the content (packs) a normalised config plays with."""
        ...

    def normalize_config(self, config: dict[str, Any]) -> dict[str, Any]:
        """Validate a configuration and fill in its defaults (raises ConfigError)."""
        ...


def teams_of(state: GameState) -> tuple[tuple[int, ...], ...]:
    """The seats playing together: the state's `teams`, or each player alone."""
    teams: tuple[tuple[int, ...], ...] | None = getattr(state, "teams", None)
    return teams if teams is not None else tuple((p,) for p in range(state.num_players))
