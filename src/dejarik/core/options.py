"""What a game offers the command line: its options (`ConfigOptions`), its cards (`CardCatalog`)
and its scenario files (`Scenarios`).

The command line names no game: it offers the union of every registered game's options, hands
the chosen game the values of its own, and prints what the game says about its cards and
scenarios. Each protocol here is what that needs and no more.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol

if TYPE_CHECKING:
    from dejarik.core.protocol import GameState

HUMAN = "human"
"""The seat spec of a person at this terminal."""


@dataclass(frozen=True)
class Option:
    """One command-line option a game reads. Several games may declare the same flag (e.g.
    `--pack`): the command line offers it once, with their help texts joined, and gives each
    game its own default when the flag is not given."""

    flag: str
    """As typed, e.g. '--bases-to-win'; an on/off pair is written '--bribing/--no-bribing'."""
    key: str
    """The value's name in `values`, e.g. 'packs' for --pack."""
    help: str = ""
    kind: Literal["text", "int", "flag", "switch"] = "text"
    """text or int takes a value; flag is present or not; switch is an on/off pair."""
    choices: tuple[str, ...] = ()
    """The values allowed (text), in the order the help lists them; empty: any."""
    minimum: int | None = None
    maximum: int | None = None
    default: Any = None
    show_default: bool = False
    multiple: bool = False
    """The flag may be repeated; the value is a tuple."""


@dataclass(frozen=True)
class Configured:
    """A normalised config and what the players should know before it is dealt (each note is
    printed as `note: ...`)."""

    config: dict[str, Any]
    notes: list[str] = field(default_factory=list)


class ConfigOptions(Protocol):
    """How the command line makes this game's config: the options it reads, and the config
    (and notes) their values make."""

    @property
    def options(self) -> Sequence[Option]: ...

    def config(self, values: Mapping[str, Any], given: frozenset[str], turn_limit: int) -> Configured:
        """The normalised config (raises ConfigError or PackError). `values` holds every key of
        `options`; `given` names those typed on the command line, because a default and the
        same value typed can mean different things (--edition with --pack)."""
        ...

    def seat_specs(self, config: dict[str, Any], values: Mapping[str, Any], vs: str, seat: int) -> list[str]:
        """An agent spec per seat for a game at this terminal: `HUMAN` for the person's seat
        (`seat`, unless an option says otherwise), `vs` for the others, or HUMAN everywhere when
        `vs` is HUMAN. Raises ConfigError for a seat the game does not have."""
        ...


@dataclass(frozen=True)
class PackCheck:
    """A pack's itemised account for `cards check`, and whether it lists everything."""

    lines: list[str]
    complete: bool


class CardCatalog(Protocol):
    """The cards of a game for `dejarik cards`: which pack references are its, and each
    listing in the game's own words. Every method raises a DejarikError naming the problem
    (a broken pack, an unknown card, something the game's cards do not have)."""

    @property
    def packs_word(self) -> str:
        """What its packs are called, e.g. 'Pandemic packs' (said when packs of two games are mixed)."""
        ...

    @property
    def roles(self) -> tuple[str, ...]:
        """The card roles `cards list --role` may filter by (empty: none)."""
        ...

    @property
    def default_packs(self) -> bool:
        """Whether a pack reference no game `owns` is this game's (so its loader says what is
        wrong with it), and `cards new` writes this game's template when extending nothing.
        One game at most says so."""
        ...

    @property
    def counts_coverage(self) -> bool:
        """Whether some of its cards load without their abilities, so `cards coverage` has
        something to count."""
        ...

    def owns(self, ref: str) -> bool:
        """Whether a pack reference (an id or a file) is one of this game's."""
        ...

    def list_lines(self, refs: Sequence[str], faction: str | None, role: str | None) -> list[str]:
        """Every card of the packs, one a line (filters a game lacks are ignored)."""
        ...

    def show_lines(self, refs: Sequence[str], name: str) -> list[str]:
        """One card (or entry) of the packs, in Dejarik's words."""
        ...

    def check(self, refs: Sequence[str]) -> PackCheck:
        """Each pack validated and accounted for against what a whole game needs."""
        ...

    def coverage_lines(self, show_missing: bool) -> list[str]:
        """Which cards have their abilities, set by set (with `show_missing`, which lack them)."""
        ...

    def template(self, extends: str | None) -> str:
        """A commented YAML template: a new pack, or one completing the pack `extends`."""
        ...


class Scenarios(Protocol):
    """Scenario files: any position of the game, written in YAML (`dejarik scenario check`)."""

    names_its_game: bool
    """Whether a file must say `game:` (a file that does not is read by the one game whose
    scenarios may leave it out)."""

    def load(self, path: Path) -> GameState:
        """The position a file describes (raises ScenarioError naming the field)."""
        ...

    def describe(self, state: GameState) -> str:
        """A line about a loaded position, e.g. '12 cards, turn 3, Empire to act'."""
        ...
