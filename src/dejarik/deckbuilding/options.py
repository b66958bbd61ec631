"""The deckbuilder's command-line options, and the config they make (packs, mode, factions...)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from dejarik.core.errors import ConfigError, PackError
from dejarik.core.files import read_yaml
from dejarik.core.options import HUMAN, ConfigOptions, Configured, Option

EDITIONS = {"original": "original", "clone_wars": "clone_wars"}  # --edition name -> pack id
SEATS = ("0", "1", "2", "3", "4", "random")

_OPTIONS = (
    Option("--edition", "edition", choices=tuple(sorted(EDITIONS)),
           help="which edition's pack to play (same as --pack ID)"),
    Option("--mode", "mode", choices=("beginner", "full"), default="beginner", show_default=True,
           help="beginner: 5 bases each; full: all 10"),
    Option("--bases-to-win", "bases_to_win", kind="int",
           help="bases to destroy to win, 2-5 (default 3 beginner, 4 full; "
                "team game: from each enemy deck, default 3)"),
    Option("--bribing/--no-bribing", "bribing", kind="switch", default=False,
           help="optional rule: bribe neutrals"),
    Option("--team", "team", kind="flag", default=False,
           help="the 2v2 team game (the team variant's rulebook): four seats, two regions, team turns"),
    Option("--pack", "packs", multiple=True, default=("original",), show_default=True,
           help="pack id or .yaml file; repeat to load several (a file may extend a pack)"),
    Option("--factions", "factions",
           help="two factions, seat order, e.g. empire,republic (default: the first pack's)"),
    Option("--neutral", "neutral", help="whose neutral deck (a pack id)"),
    Option("--pilots", "pilots", help="whose Outer Rim pilot stack (a pack id)"),
    Option("--first", "first", choices=SEATS,
           help="which side moves first (default: the edition's rule; cross-edition "
                "and team game: random)"),
    Option("--override", "override",
           help="YAML file `cards: {Name: {field: value}}` filling unknown values"),
)


def read_overrides(path: str | None) -> dict[str, Any]:
    """The `cards:` of an override file (values no source establishes, from the player's box)."""
    from dejarik.deckbuilding.pack import check_overrides

    if not path:
        return {}
    data = read_yaml(Path(path), PackError, label=path)
    if not isinstance(data, dict) or not isinstance(data.get("cards"), dict):
        raise PackError(f"{path}: an override file holds `cards: {{Card Name: {{field: value}}}}`")
    extra = sorted(map(str, set(data) - {"cards"}))
    if extra:
        raise PackError(f"{path}: unknown field {extra[0]!r} (an override file holds only `cards:`)")
    return check_overrides(data["cards"], path)


class DeckbuildingOptions:
    """Packs (or an edition), mode, bases to win, factions, the team game and overrides; the
    notes say what a selection of packs leaves out."""

    options: Sequence[Option] = _OPTIONS

    def config(self, values: Mapping[str, Any], given: frozenset[str], turn_limit: int) -> Configured:
        from dejarik.deckbuilding.completeness import game_warnings
        from dejarik.deckbuilding.game import normalize_config, selection, table_for

        packs = list(values["packs"])
        edition = values["edition"]
        if edition is not None:
            if "packs" in given:
                raise ConfigError("give --edition or --pack, not both")
            packs = [EDITIONS[edition]]
        first = values["first"]
        cfg = {"packs": packs, "mode": values["mode"], "bases_to_win": values["bases_to_win"],
               "bribing": values["bribing"], "team": bool(values["team"]),
               "overrides": read_overrides(values["override"]),
               "turn_limit": turn_limit, "neutral": values["neutral"], "pilot_stack": values["pilots"],
               "factions": values["factions"].split(",") if values["factions"] else None,
               "first": first if first in (None, "random") else int(first)}
        cfg = normalize_config(cfg)
        table = table_for(cfg)
        return Configured(cfg, list(game_warnings(table, selection(table, cfg), cfg["mode"])))

    def seat_specs(self, config: dict[str, Any], values: Mapping[str, Any], vs: str, seat: int) -> list[str]:
        n = 4 if config.get("team") else 2
        if seat >= n:
            raise ConfigError(f"--seat {seat}: this game has seats 0 to {n - 1}")
        return [HUMAN if vs == HUMAN or i == seat else vs for i in range(n)]


OPTIONS: ConfigOptions = DeckbuildingOptions()
