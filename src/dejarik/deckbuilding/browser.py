"""What the browser reads beside the observation (the deckbuilder's `views.browser`): card
definitions, words for the legal actions, and the new-game form's choices. All of it is static
card data or public; nothing here reads a hidden card."""

from __future__ import annotations

from typing import Any

from dejarik.core.views import Level
from dejarik.deckbuilding import defs as d
from dejarik.deckbuilding.board import build_board
from dejarik.deckbuilding.cards import CardDef
from dejarik.deckbuilding.cardtext import reward_text
from dejarik.deckbuilding.describe import describe_action
from dejarik.deckbuilding.game import DeckbuildingState

LEVELS_LADDER = "bench/ladders/deckbuilding-levels"
"""The ladder the levels' figures come from (`dejarik ladder deckbuilding --agents ...
--games 400 --turn-limit 300 --seed 0`, 2-player beginner game, original edition); a test
holds the figures below to its summary, and each level to beating the one below it."""
# The AI strengths offered in the browser, weakest first. A search player joins when it
# measures stronger than the lookahead: at present none does (docs/agents.md).
LEVELS: tuple[Level, ...] = (
    Level("beginner", "Beginner: the rule of thumb, one move in four at random",
          "greedy:explore=0.25", (-738.2, -788.8, -687.5), 9e-06),
    Level("easy", "Easy: the rule of thumb, one move in ten at random",
          "greedy:explore=0.1", (-323.2, -352.4, -293.9), 1e-05),
    Level("medium", "Medium: a greedy rule of thumb", "greedy", (0.0, 0.0, 0.0), 7e-06),
    Level("hard", "Hard: one move of lookahead on a fitted evaluation", "heuristic",
          (140.8, 115.5, 166.1), 0.000655),
)
EDITIONS = (("original", "Star Wars: The Deckbuilding Game (original edition)"),
            ("clone_wars", "Star Wars: The Deckbuilding Game, Clone Wars edition"))


def edition_choices() -> list[dict[str, Any]]:
    """The editions for the new-game form, each saying whether its pack can be dealt: a pack
    that lacks card data is offered disabled, with what is missing."""
    from dejarik.core.errors import ConfigError
    from dejarik.deckbuilding.game import normalize_config

    out: list[dict[str, Any]] = []
    for edition, title in EDITIONS:
        entry: dict[str, Any] = {"id": edition, "title": title, "playable": True}
        try:
            normalize_config({"packs": [edition]})
        except ConfigError as err:
            entry.update(playable=False, note=str(err).splitlines()[0])
        out.append(entry)
    return out


def card_entry(c: CardDef) -> dict[str, Any]:
    """One card for the UI: values a game needs, its text in Dejarik's words, and which values
    no source establishes (shown as '?')."""
    return {
        "name": c.name,
        "role": d.ROLE_WORDS[c.role],
        "type": d.TYPE_WORDS[c.ctype],
        "faction": c.faction,
        "cost": c.cost,
        "attack": c.attack,
        "resources": c.resources,
        "force": c.force,
        "hp": c.hp,
        "target": c.target,
        "traits": sorted(c.traits) if c.traits is not None else None,
        "unique": c.unique,
        "text": c.text,
        "reward": reward_text(c),
        "pack": c.pack,
        "unknown": list(c.unknown),
    }


def card_catalog(state: DeckbuildingState) -> dict[str, dict[str, Any]]:
    """Every card the game can show, by slug (the part of a `slug#id` ref before '#')."""
    return {c.slug: card_entry(c) for c in state.defs}


def legal_with_labels(state: DeckbuildingState, obs: dict[str, Any],
                      labels: list[str]) -> list[dict[str, str]]:
    """The legal actions in `obs` (the decider's), each with a short description."""
    texts: list[str] = obs.get("legal", [])
    if not texts:
        return []
    board = build_board(obs, state.table, labels, state.bases_to_win)
    return [{"action": t, "label": describe_action(t, board) or t}
            for t in texts]
