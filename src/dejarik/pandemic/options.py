"""The cooperative game's command-line options, and the config they make (pack, seats, Jedi,
villain, difficulty)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from dejarik.core.errors import ConfigError
from dejarik.core.options import ConfigOptions, Configured, Option

_LEVELS = ["padawan", "knight", "master", "grandmaster"]

_OPTIONS = (
    Option("--pack", "packs", multiple=True, default=()),
    Option("--first", "first", choices=("0", "1", "2", "3", "4", "random"),
           help="pandemic: which seat begins (default random)"),
    Option("--players", "players", kind="int", minimum=1, maximum=5, default=2, show_default=True,
           help="pandemic: how many players (1: the solo game, one person with two Jedi)"),
    Option("--jedi", "jedi",
           help="pandemic: a Jedi per seat, e.g. 'Tavish Morrow,Ilvara Denn' (default: dealt at random)"),
    Option("--villain", "villain", help="pandemic: the villain (default: one at random)"),
    Option("--difficulty", "difficulty", default="padawan", show_default=True,
           help="pandemic: padawan, knight, master or grandmaster; sim: several with "
                "commas, or all (each game is dealt one of them)"),
    Option("--missions", "missions", kind="int", minimum=1,
           help="pandemic, grandmaster: more missions than 6 for a harder game"),
)


class PandemicOptions:
    """The pack (default: Dejarik's sample campaign), seats, Jedi, villain and difficulty; the
    note says when the content is not the published game's."""

    options: Sequence[Option] = _OPTIONS

    def config(self, values: Mapping[str, Any], given: frozenset[str], turn_limit: int) -> Configured:
        from dejarik.pandemic.family import DEFAULT_PACK, GAME
        from dejarik.pandemic.game import pack_for
        from dejarik.pandemic.report import LABEL_SAMPLE

        packs = list(values["packs"])
        if len(packs) > 1:
            raise ConfigError("pandemic: give one --pack (a file that completes a pack names it "
                              "with `extends`)")
        difficulty: Any = values["difficulty"] or "padawan"
        if difficulty == "all" or "," in difficulty:
            difficulty = list(_LEVELS) if difficulty == "all" else \
                [d.strip() for d in difficulty.split(",") if d.strip()]
        first = values["first"]
        cfg = {"pack": packs[0] if packs else DEFAULT_PACK, "players": values["players"],
               "jedi": values["jedi"].split(",") if values["jedi"] else None,
               "villain": values["villain"], "difficulty": difficulty, "missions": values["missions"],
               "first": None if first in (None, "random") else int(first), "turn_limit": turn_limit}
        cfg = GAME.normalize_config(cfg)
        pack = pack_for(cfg["pack"])
        return Configured(cfg, [] if pack.published else [f"{pack.name}: {LABEL_SAMPLE}"])

    def seat_specs(self, config: dict[str, Any], values: Mapping[str, Any], vs: str, seat: int) -> list[str]:
        from dejarik.pandemic.views import seat_agents

        return seat_agents(config, vs, seat)


OPTIONS: ConfigOptions = PandemicOptions()
