"""The card game's command-line options, and the config they make (a deck per side, the
unconfirmed rules' choices, whether unimplemented cards may play)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from dejarik.core.errors import ConfigError
from dejarik.core.options import HUMAN, ConfigOptions, Configured, Option

_OPTIONS = (
    Option("--deck", "deck",
           help="tcg: your deck (a sample deck name or a deck list file; its side is your "
                "seat); sim: the first deck, several (comma-separated: each game is dealt one "
                "deck of each side), or 'all' (every sample deck)"),
    Option("--opponent-deck", "opponent_deck",
           help="tcg: the other side's deck (default: a sample deck of that side)"),
    Option("--allow-unimplemented", "allow_unimplemented", kind="flag", default=False,
           help="tcg: play cards whose abilities Dejarik lacks, with printed stats only"),
    Option("--abilities", "abilities", multiple=True, default=(),
           help="tcg: an ability file of your own, read beside Dejarik's (repeatable; "
                "docs/tcg-abilities.md, 'Abilities of your own')"),
    Option("--rule", "rules", multiple=True, default=(),
           help="tcg: an unconfirmed rule's choice, e.g. draw=build (docs/tcg.md)"),
)


class TcgOptions:
    """Two decks (one per side: --deck's side is the player's seat) and the rule choices."""

    options: Sequence[Option] = _OPTIONS

    def config(self, values: Mapping[str, Any], given: frozenset[str], turn_limit: int) -> Configured:
        from dejarik.tcg.family import GAME, sample_decks
        from dejarik.tcg.game import DEFAULT_DECKS, deck_for

        decks: dict[str, list[str]] = {}
        refs = [ref for ref in (values["deck"], values["opponent_deck"]) if ref]
        single = all(ref != "all" and "," not in ref for ref in refs)
        for ref in refs:
            names = sample_decks() if ref == "all" else [r.strip() for r in ref.split(",") if r.strip()]
            for name in names:
                side = deck_for(name).side
                chosen = decks.setdefault(side, [])
                if single and chosen:
                    raise ConfigError(f"--deck and --opponent-deck are both {side} side decks: "
                                      "one deck per side")
                if name not in chosen:
                    chosen.append(name)
        cfg: dict[str, Any] = {"dark": decks.get("dark", [DEFAULT_DECKS[0]]),
                               "light": decks.get("light", [DEFAULT_DECKS[1]]),
                               "allow_unimplemented": bool(values["allow_unimplemented"]),
                               "turn_limit": turn_limit}
        if values["abilities"]:
            cfg["abilities"] = list(values["abilities"])
        for rule in values["rules"] or ():
            key, eq, value = rule.partition("=")
            if not eq:
                raise ConfigError(f"--rule {rule!r}: write it as name=value, e.g. draw=build")
            cfg[key.strip()] = value.strip()
        return Configured(GAME.normalize_config(cfg))

    def seat_specs(self, config: dict[str, Any], values: Mapping[str, Any], vs: str, seat: int) -> list[str]:
        if any(isinstance(config[side], list) for side in ("dark", "light")):
            raise ConfigError("a game is played with one deck per side: several decks are for "
                              "`dejarik sim`")
        mine = _deck_seat(values["deck"])
        mine = seat if mine is None else mine
        if mine > 1:
            raise ConfigError(f"--seat {mine}: the card game has seats 0 (Dark Side) and 1 (Light Side)")
        return [HUMAN if vs == HUMAN or i == mine else vs for i in range(2)]


def _deck_seat(deck: str | None) -> int | None:
    """The seat of the side whose deck is --deck (0 Dark, 1 Light), if given."""
    from dejarik.tcg.game import deck_for

    return None if not deck else (0 if deck_for(deck).side == "dark" else 1)


OPTIONS: ConfigOptions = TcgOptions()
