"""The run report: what a game tells the simulator (`dejarik sim`) and `dejarik report`.

A simulated game becomes one record (docs/simulation.md). The simulator writes the parts every
game shares (seed, agents, winner, how it ended, turns, actions); the game adds its own
(`game_record`), for which it may need to note things during play (`trace`). A finished run is
summarised by the game that played it (`summarize_run`, then `digest` for the terminal), and
drawn as an HTML page with plots where the game's report can (`draws`, `draw`).

A game that offers a report subclasses `RunReport` and overrides what it has; the defaults say
"nothing to note" and "cannot draw".
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from dejarik.core.protocol import Action, GameState
from dejarik.core.runs import RecordError


class RunReport:
    """Every method takes the state or the run it is about; the report keeps nothing between calls."""

    draws: bool = False
    """Whether `draw` makes a page (`dejarik report`); without one, `dejarik sim`'s summary is all."""

    def trace(self, state: GameState) -> None:
        """Start noting what `game_record` needs, from the position as it is. Only simulated
        games are traced, so a game played otherwise pays nothing for its record."""

    def note_action(self, state: GameState, action: Action) -> None:
        """In a traced game: the action about to be played, in the position that offers it (for
        a record of what each player could do and did)."""

    def turns(self, state: GameState) -> int:
        """How many turns the game has lasted, as the game counts them."""
        raise NotImplementedError

    def game_record(self, state: GameState) -> dict[str, Any]:
        """The game's own fields of a finished game's record (they may refine the shared ones,
        e.g. how it ended)."""
        raise NotImplementedError

    def summarize_run(self, run_dir: Path) -> dict[str, Any]:
        """Every number of a run directory's games, as JSON-ready data, with a "warnings" list
        (e.g. a last line cut short). Bad records raise RecordError naming file and line."""
        raise NotImplementedError

    def digest(self, summary: Mapping[str, Any]) -> list[str]:
        """A few lines for the terminal from `summarize_run`'s summary."""
        raise NotImplementedError

    def draw(self, run_dir: Path, out_html: Path | None = None) -> tuple[Path, Path]:
        """Write run_dir/summary.json and an HTML page (by default run_dir/report.html) that opens
        anywhere, offline; returns the page's path and the summary's."""
        raise RecordError("this game's run report has no page to draw; `dejarik sim` prints its summary")
