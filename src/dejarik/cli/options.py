"""Options and helpers shared by the commands: game options, a game config, errors."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, NoReturn

import click

from dejarik.core.errors import ConfigError, PackError
from dejarik.core.files import read_yaml

GAMES = click.Choice(["deckbuilding", "pandemic", "tcg"])
EDITIONS = {"original": "original", "clone_wars": "clone_wars"}  # --edition name -> pack id
HUMAN = "human"


def fail(err: Exception) -> NoReturn:
    click.echo(f"error: {err}", err=True)
    sys.exit(2)


def read_overrides(path: str | None) -> dict[str, Any]:
    if not path:
        return {}
    data = read_yaml(Path(path), PackError, label=path)
    if not isinstance(data, dict) or not isinstance(data.get("cards"), dict):
        raise PackError(f"{path}: an override file holds `cards: {{Card Name: {{field: value}}}}`")
    return dict(data["cards"])


def game_options(f: Any) -> Any:
    f = click.option("--edition", type=click.Choice(sorted(EDITIONS)), default=None,
                     help="which edition's pack to play (same as --pack ID)")(f)
    f = click.option("--mode", type=click.Choice(["beginner", "full"]), default="beginner",
                     show_default=True, help="beginner: 5 bases each; full: all 10")(f)
    f = click.option("--bases-to-win", type=int, default=None,
                     help="bases to destroy to win, 2-5 (default 3 beginner, 4 full; "
                          "team game: from each enemy deck, default 3)")(f)
    f = click.option("--bribing/--no-bribing", default=False, help="optional rule: bribe neutrals")(f)
    f = click.option("--team", is_flag=True, default=False,
                     help="the 2v2 team game (seed 002): four seats, two regions, team turns")(f)
    f = click.option("--pack", "packs", multiple=True, default=["original"], show_default=True,
                     help="pack id or .yaml file; repeat to load several (a file may extend a pack)")(f)
    f = click.option("--factions", default=None,
                     help="two factions, seat order, e.g. empire,republic (default: the first pack's)")(f)
    f = click.option("--neutral", default=None, help="whose neutral deck (a pack id)")(f)
    f = click.option("--pilots", default=None, help="whose Outer Rim pilot stack (a pack id)")(f)
    f = click.option("--first", type=click.Choice(["0", "1", "2", "3", "4", "random"]), default=None,
                     help="which side moves first (default: the edition's rule; cross-edition "
                          "and team game: random); pandemic: which seat begins (default random)")(f)
    f = click.option("--players", type=click.IntRange(1, 5), default=2, show_default=True,
                     help="pandemic: how many players (1: the solo game, one person with two Jedi)")(f)
    f = click.option("--jedi", default=None,
                     help="pandemic: a Jedi per seat, e.g. 'Tavish Morrow,Ilvara Denn' "
                          "(default: dealt at random)")(f)
    f = click.option("--villain", default=None, help="pandemic: the villain (default: one at random)")(f)
    f = click.option("--difficulty", default="padawan", show_default=True,
                     help="pandemic: padawan, knight, master or grandmaster; sim: several with "
                          "commas, or all (each game is dealt one of them)")(f)
    f = click.option("--missions", type=click.IntRange(1), default=None,
                     help="pandemic, grandmaster: more missions than 6 for a harder game")(f)
    f = click.option("--deck", default=None,
                     help="tcg: your deck (a sample deck name or a deck list file; its side is your "
                          "seat); sim: the first deck")(f)
    f = click.option("--opponent-deck", default=None,
                     help="tcg: the other side's deck (default: a sample deck of that side)")(f)
    f = click.option("--allow-unimplemented", is_flag=True, default=False,
                     help="tcg: play cards whose abilities Dejarik lacks, with printed stats only")(f)
    f = click.option("--rule", "rules", multiple=True,
                     help="tcg: an unconfirmed rule's choice, e.g. draw=build (docs/tcg.md)")(f)
    f = click.option("--override", "override", default=None,
                     help="YAML file `cards: {Name: {field: value}}` filling unknown values")(f)
    return f


def game_config(opts: dict[str, Any], turn_limit: int = 0, game: str = "deckbuilding") -> dict[str, Any]:
    """A game config from the common options; prints what the players should know first."""
    if game == "pandemic":
        return pandemic_config(opts, turn_limit)
    if game == "tcg":
        return tcg_config(opts, turn_limit)
    from dejarik.deckbuilding.completeness import game_warnings
    from dejarik.deckbuilding.game import normalize_config, selection, table_for

    edition = opts.get("edition")
    if edition is not None:
        source = click.get_current_context().get_parameter_source("packs")
        if source is not None and source.name == "COMMANDLINE":
            raise ConfigError("give --edition or --pack, not both")
        opts["packs"] = [EDITIONS[edition]]
    first = opts.get("first")
    cfg = {"packs": list(opts["packs"]), "mode": opts["mode"], "bases_to_win": opts["bases_to_win"],
           "bribing": opts["bribing"], "team": bool(opts.get("team")),
           "overrides": read_overrides(opts.get("override")),
           "turn_limit": turn_limit, "neutral": opts.get("neutral"), "pilot_stack": opts.get("pilots"),
           "factions": opts["factions"].split(",") if opts.get("factions") else None,
           "first": first if first in (None, "random") else int(first)}
    cfg = normalize_config(cfg)
    table = table_for(cfg)
    for line in game_warnings(table, selection(table, cfg), cfg["mode"]):
        click.echo(f"note: {line}", err=True)
    return cfg


def tcg_config(opts: dict[str, Any], turn_limit: int = 0) -> dict[str, Any]:
    """The card game's config: two decks (one per side), the rule choices, the card check."""
    from dejarik.tcg.game import DEFAULT_DECKS, GAME, deck_for

    decks: dict[str, str] = {}
    for ref in (opts.get("deck"), opts.get("opponent_deck")):
        if ref:
            side = deck_for(ref).side
            if side in decks:
                raise ConfigError(f"--deck and --opponent-deck are both {side} side decks: "
                                  "one deck per side")
            decks[side] = ref
    cfg: dict[str, Any] = {"dark": decks.get("dark", DEFAULT_DECKS[0]),
                           "light": decks.get("light", DEFAULT_DECKS[1]),
                           "allow_unimplemented": bool(opts.get("allow_unimplemented")),
                           "turn_limit": turn_limit}
    for rule in opts.get("rules") or ():
        key, eq, value = rule.partition("=")
        if not eq:
            raise ConfigError(f"--rule {rule!r}: write it as name=value, e.g. draw=build")
        cfg[key.strip()] = value.strip()
    return GAME.normalize_config(cfg)


def your_seat(opts: dict[str, Any]) -> int | None:
    """tcg: the seat of the side whose deck is --deck (0 Dark, 1 Light), if given."""
    from dejarik.tcg.game import deck_for

    return None if not opts.get("deck") else (0 if deck_for(opts["deck"]).side == "dark" else 1)


def pandemic_config(opts: dict[str, Any], turn_limit: int = 0) -> dict[str, Any]:
    """The cooperative game's config: the pack (default: Dejarik's sample campaign), seats,
    Jedi, villain, difficulty. Says so when the content is not the published game's."""
    from dejarik.pandemic.game import GAME, pack_for
    from dejarik.pandemic.report import LABEL_SAMPLE

    source = click.get_current_context().get_parameter_source("packs")
    packs = list(opts.get("packs") or [])
    if source is not None and source.name == "COMMANDLINE":
        if len(packs) != 1:
            raise ConfigError("pandemic: give one --pack (a file that completes a pack names it "
                              "with `extends`)")
        pack = packs[0]
    else:
        pack = "pandemic_sample"
    difficulty: Any = opts.get("difficulty") or "padawan"
    if difficulty == "all" or "," in difficulty:
        difficulty = ["padawan", "knight", "master", "grandmaster"] if difficulty == "all" else \
            [d.strip() for d in difficulty.split(",") if d.strip()]
    first = opts.get("first")
    cfg = {"pack": pack, "players": opts.get("players", 2),
           "jedi": opts["jedi"].split(",") if opts.get("jedi") else None,
           "villain": opts.get("villain"), "difficulty": difficulty, "missions": opts.get("missions"),
           "first": None if first in (None, "random") else int(first), "turn_limit": turn_limit}
    cfg = GAME.normalize_config(cfg)
    if not pack_for(cfg["pack"]).published:
        click.echo(f"note: {pack_for(cfg['pack']).name}: {LABEL_SAMPLE}", err=True)
    return cfg
