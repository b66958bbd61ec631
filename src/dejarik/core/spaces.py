"""The learning spaces capability: fixed-size numbers for learning agents (docs/rl.md).

A game that offers them gives the learning adapters (PettingZoo, Gymnasium, OpenSpiel in
`dejarik.interop`) and `dejarik spaces` one `LearningSpaces` object. For each configuration
it fixes a `SpaceLayout`: an observation vector of `obs_size` floats and `action_size` action
indices with a legal-action mask, the same for every seed of that configuration, so a
learner's network can be sized once. States are typed Any here: each game's layout takes its
own state class.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any, Protocol, cast

import numpy as np
import numpy.typing as npt

from dejarik.core.errors import IllegalActionError
from dejarik.core.protocol import Action, Game, require
from dejarik.core.registry import first_game_offering, games_offering, get_game

FlatParameter = bool | int | str
"""A parameter a flat parameter set may carry (OpenSpiel's game parameters are such)."""


class SpaceLayout(Protocol):
    """The observation and action layout of one configuration."""

    obs_size: int
    action_size: int

    def encode(self, state: Any, action: Action) -> int:
        """The index of an engine action in this position, or -1 for an action the layout does
        not offer (a layout with a cap on an unbounded number says so in its docs)."""
        ...

    def decode(self, state: Any, index: int) -> Action:
        """The engine action behind a legal index (IllegalActionError, naming it, otherwise)."""
        ...

    def legal(self, state: Any) -> Mapping[int, Action]:
        """Index -> engine action, for every legal action of the player to move."""
        ...

    def mask(self, state: Any, player: int | None = None) -> npt.NDArray[np.int8]:
        """1 at each legal index; all zeros for a player who is not to move."""
        ...

    def observe(self, state: Any, player: int) -> npt.NDArray[np.float32]:
        """What `player` may know, as `obs_size` floats in 0..1."""
        ...

    def observe_batch(self, states: Sequence[Any], players: Sequence[int]) -> npt.NDArray[np.float32]:
        """Each state's observation by its player, as the rows of one array (the vector
        environment's)."""
        ...

    def observer(self, out: npt.NDArray[np.float32] | None = None) -> Observer:
        """An observer of one game after another that keeps its observation in `out` (or an
        array of its own) and may rewrite only what changed (the environments step with it)."""
        ...

    def view_key(self, state: Any, player: int) -> Hashable:
        """Everything `observe` encodes, as a cheap hashable key: equal exactly when the
        player cannot tell the two positions apart (the adapters digest views with it)."""
        ...

    def describe(self, index: int) -> str:
        """What an index means, without a position (ValueError outside the space)."""
        ...

    def summary(self, state: Any) -> dict[str, Any]:
        """The whole layout as JSON-ready data (`dejarik spaces --json`)."""
        ...

    def summary_text(self, state: Any) -> str:
        """The layout in words for people (`dejarik spaces`)."""
        ...

    @property
    def observation_parts(self) -> dict[str, tuple[int, ...]]:
        """Named shapes of the observation's consecutive blocks, in order (OpenSpiel's
        observer offers them as named views)."""
        ...

    @property
    def recall_shape(self) -> tuple[int, int]:
        """The shape of the recall block an information state adds to the observation:
        rows of things a player once saw while hidden, a column per way of seeing them."""
        ...

    def update_recall(self, recall: dict[int, int], state: Any, player: int) -> None:
        """Bring a player's recall (row -> column) up to date with their current view:
        remember what is shown now, forget what has since come into the open."""
        ...

    def max_game_length(self, turn_limit: int) -> int:
        """A bound on the actions of a game stopped after `turn_limit` turns."""
        ...


class Observer(Protocol):
    """Observations of a game, step by step, kept in one array (`SpaceLayout.observer`)."""

    out: npt.NDArray[np.float32]

    def forget(self) -> None:
        """The next state is not the last one's successor (a new game): write it all."""
        ...

    def observe(self, state: Any, player: int) -> npt.NDArray[np.float32]:
        """The observation, written into `out` and returned (copy it to keep it)."""
        ...


class FloatArray(Protocol):
    """A writable array of floats by index: a memoryview of a float32 NumPy array, whose items
    are set far more cheaply one by one (from compiled code) than through NumPy's indexing."""

    def __setitem__(self, index: int, value: float, /) -> None: ...


class TrackedLayout(Protocol):
    """A layout whose observer rewrites only what changed (its game's compiled encoder)."""

    obs_size: int

    def blank(self, out: npt.NDArray[np.float32]) -> None:
        """Fill `out` as a new game's observer starts it (zeros, and whatever never changes)."""
        ...

    def tracker(self) -> Any:
        """A fresh record of what an observer's array holds."""
        ...

    def write_changes(self, state: Any, player: int, tracker: Any, out: FloatArray) -> None:
        """Bring the array (`out`, a view of it) and its tracker to `player`'s observation of
        `state`, writing only the entries that differ."""
        ...


class TrackedObserver:
    """An observer for a `TrackedLayout`: keeps the layout's tracker of its array and lets the
    layout rewrite only what changed since the last observation."""

    def __init__(self, layout: TrackedLayout, out: npt.NDArray[np.float32] | None = None) -> None:
        self.layout = layout
        self.out = np.zeros(layout.obs_size, dtype=np.float32) if out is None else out
        self._view = cast(FloatArray, self.out.data)   # a contiguous float32 array or row
        self.forget()

    def forget(self) -> None:
        self.layout.blank(self.out)
        self._tracker = self.layout.tracker()

    def observe(self, state: Any, player: int) -> npt.NDArray[np.float32]:
        self.layout.write_changes(state, player, self._tracker, self._view)
        return self.out


class FullObserver:
    """An observer that writes the whole observation every time (a layout's default)."""

    def __init__(self, layout: SpaceLayout, out: npt.NDArray[np.float32] | None = None) -> None:
        self.layout = layout
        self.out = np.zeros(layout.obs_size, dtype=np.float32) if out is None else out

    def forget(self) -> None:
        return None

    def observe(self, state: Any, player: int) -> npt.NDArray[np.float32]:
        self.out[:] = self.layout.observe(state, player)
        return self.out


def mask_of(indices: Iterable[int], size: int) -> npt.NDArray[np.int8]:
    """1 at each of a few indices, 0 elsewhere (int8): set in a bytearray and viewed as an
    array, for NumPy's own index assignment costs more than the whole."""
    out = bytearray(size)
    for index in indices:
        out[index] = 1
    return np.frombuffer(out, dtype=np.int8)


class IndexedActions:
    """A layout's base class: what every layout derives from its `encode`, `describe` and
    `observe` (the legal indices, the mask, the way back from an index, the view key), and
    the defaults of a layout whose tensor recalls nothing."""

    action_size: int
    parts: dict[str, tuple[int, ...]]

    def encode(self, state: Any, action: Action) -> int:
        raise NotImplementedError

    def describe(self, index: int) -> str:
        raise NotImplementedError

    def observe(self, state: Any, player: int) -> npt.NDArray[np.float32]:
        raise NotImplementedError

    def observer(self, out: npt.NDArray[np.float32] | None = None) -> Observer:
        """Writes the whole observation each step (a layout that can do less says so)."""
        return FullObserver(self, out)   # type: ignore[arg-type]

    def observe_batch(self, states: Sequence[Any], players: Sequence[int]) -> npt.NDArray[np.float32]:
        """One `observe` per state, stacked (a layout that can fill them at once does)."""
        return np.stack([self.observe(s, p) for s, p in zip(states, players, strict=True)])

    def view_key(self, state: Any, player: int) -> Hashable:
        """The observation itself, as bytes: equal exactly when the views are."""
        return self.observe(state, player).tobytes()

    @property
    def observation_parts(self) -> dict[str, tuple[int, ...]]:
        return dict(self.parts)

    @property
    def recall_shape(self) -> tuple[int, int]:
        """No recall block: the information-state string keeps the whole past."""
        return (0, 0)

    def update_recall(self, recall: dict[int, int], state: Any, player: int) -> None:
        return None

    def legal(self, state: Any) -> dict[int, Action]:
        """Index -> engine action, for every legal action of the player to move that the
        layout offers (`encode` gives -1 for one it does not)."""
        out = {self.encode(state, a): a for a in state.legal_actions()}
        out.pop(-1, None)
        return out

    def mask(self, state: Any, player: int | None = None) -> npt.NDArray[np.int8]:
        """1 at each legal index (int8); all zeros for a player who is not to move."""
        turn = player is None or player == state.current_player
        return mask_of(self.legal(state) if turn else (), self.action_size)

    def decode(self, state: Any, index: int) -> Action:
        """The engine action behind a legal index (IllegalActionError, naming it, otherwise)."""
        act = self.legal(state).get(index)
        if act is None:
            what = self.describe(index) if 0 <= index < self.action_size else "outside the space"
            raise IllegalActionError(f"action {index} ({what}) is not legal now")
        return act

    def block_lines(self, blocks: list[tuple[int, int]]) -> list[str]:
        """`dejarik spaces`'s lines for action blocks given as (first index, width): the span
        and what its first index means."""
        lines = ["action blocks:"]
        for start, width in blocks:
            last = f"..{start + width - 1:<6}" if width > 1 else " " * 8
            lines.append(f"  {start:>6}{last}  {self.describe(start)}" + (" ..." if width > 1 else ""))
        return lines


class LearningSpaces(Protocol):
    """A game's learning spaces: a layout per configuration, and what the adapters need to
    drive an episode of it without knowing the game."""

    parameters: Mapping[str, FlatParameter]
    """The configuration as flat parameters with their defaults (OpenSpiel's game
    parameters): e.g. packs as one comma-separated string."""

    def config_from_parameters(self, params: Mapping[str, FlatParameter]) -> dict[str, Any]:
        """The game config behind a full set of `parameters` (not yet normalised)."""
        ...

    def for_state(self, state: Any) -> SpaceLayout:
        """The layout of a state's configuration (ConfigError for a configuration the spaces
        do not cover)."""
        ...

    def render(self, state: Any, player: int | None = None) -> str:
        """The board in words as `player` sees it, or as a spectator (None) sees it."""
        ...

    def state_text(self, state: Any) -> str:
        """The whole position in words, hidden cards included (for debugging, OpenSpiel's
        `str(state)`)."""
        ...

    def truncated(self, state: Any) -> bool:
        """The game is over because the turn limit stopped it, not because a rule ended it."""
        ...

    def turns(self, state: Any) -> int:
        """The turn the game is on (reported in the adapters' infos)."""
        ...


def learning_games() -> list[str]:
    """Every registered game that declares learning spaces, sorted."""
    return games_offering(lambda game: game.spaces)


def learning_game(name: str | None = None) -> tuple[Game, LearningSpaces]:
    """The game called `name` and its learning spaces (MissingCapabilityError, naming the
    game, when it has none). Without a name: the first registered game that has them, so
    the adapters work with no arguments."""
    game = first_game_offering(lambda g: g.spaces, "learning spaces") if name is None else get_game(name)
    return game, require(game.spaces, game, "spaces")


class IncrementalLayout(IndexedActions):
    """A layout whose observations its game's compiled encoder writes only where they changed
    (a `TrackedLayout`): it gives `tracker` and `write_changes`, and `blank` where a new
    array holds more than zeros; a fresh observer writes a whole observation."""

    obs_size: int

    def observe(self, state: Any, player: int) -> npt.NDArray[np.float32]:
        return self.observer().observe(state, player)   # a fresh one writes it all

    def observer(self, out: npt.NDArray[np.float32] | None = None) -> Observer:
        return TrackedObserver(self, out)

    def blank(self, out: npt.NDArray[np.float32]) -> None:
        out[:] = 0.0

    def tracker(self) -> Any:
        raise NotImplementedError

    def write_changes(self, state: Any, player: int, tracker: Any, out: FloatArray) -> None:
        raise NotImplementedError
