"""What the deckbuilder shows people (its `views` capability): seat names, the log's opening,
the printed game's status line and result, the board as lines, the words for a pending
decision; the full-screen app's board model, help and narrative (`app`); and the browser's
card catalogue and new-game form (`browser`).

Boards are built from `state.observation(viewer)`; where a method reads the state itself it
reads public data only (seat names, turn headers, bases, ships in play, the ability being
resolved) or static data (the card table, the config), as each says.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from dejarik.core.appboard import AppBoard
from dejarik.core.views import AppViewsBase, ViewModel, ViewsBase
from dejarik.deckbuilding import defs as d
from dejarik.deckbuilding.appboard import app_board
from dejarik.deckbuilding.board import build_board
from dejarik.deckbuilding.browser import (
    LEVELS,
    card_catalog,
    edition_choices,
    legal_with_labels,
)
from dejarik.deckbuilding.decision import decision_prompt, option_label
from dejarik.deckbuilding.describe import refs_in
from dejarik.deckbuilding.game import DeckbuildingState
from dejarik.deckbuilding.textboard import board_text

HELP = """\
# How to play

**Star Wars: The Deckbuilding Game**, for two. Each side starts with a deck of 10 weak
cards, a base, and a reserve of bases. Destroy **{bases}** enemy bases to win.

## Your turn

1. **Play cards** from your hand, in any order. A card adds its **resources** to your pool,
   its **attack** is ready to use, and its **Force** icons push the Force marker your way.
2. **Use abilities** of your cards in play and of your base, each once a turn.
3. **Buy** cards from the galaxy row with your resources: cards of your own faction or
   neutral ones. The Outer Rim pilot is always on offer. A bought card goes to your discard
   pile; the row is refilled at once from the galaxy deck.
4. **Attack** by committing units and capital ships (`commit CARD base` or `commit CARD
   ROWCARD`), then `resolve`:
   - **the enemy base**: enemy capital ships must be destroyed first (you split the damage
     among them); what is left hits the base. A destroyed base goes to your victory pile.
   - **an enemy card in the galaxy row** (bounty hunting or sabotage, units only): if your
     attack reaches its **target** value, it goes to the galaxy discard pile and you may
     take its **reward**. Neutral row cards can be hunted only where a card says so.
   Each card attacks at most once a turn.
5. **End** the turn: units in play and your hand are discarded, capital ships stay, unspent
   resources are lost, and you draw 5. An empty deck is refilled by shuffling your discard.

## The Force

A track of 7 spaces between the two sides. The Force is **with you** while the marker is on
one of the 3 spaces at your end; many cards get stronger then. With the marker on your very
last space you get 1 resource as your turn starts.

## Turn start

Your capital ships give their resources; if your base was destroyed, you choose a new one
from your reserve. Sometimes your opponent must decide during your turn (a card makes them
discard, say): the app then asks them.

## Typing actions

`play x-wing`, `buy 37`, `commit 12 base`, `resolve`, `end`: the notation is in
`docs/notation.md`; a number picks that action from the list.

Columns: **Side** the card's faction (its first three letters), **Cost**, **Atk** attack,
**Res** resources, **Frc** Force, **HP** damage taken / hit points, **Tgt** the attack needed
to defeat a row card, **Reward** what that earns.
"""


def status_line(s: DeckbuildingState) -> str:
    """Each side's base, destroyed bases and capital ships, and the Force (all public)."""
    parts = []
    for i, p in enumerate(s.players):
        name = s.who(i)
        base = (f"{s.name(p.base)} {s.damage[p.base]}/{s.card(p.base).hp}" if p.base >= 0
                else "no base")
        ships = [f"{s.name(c)} {s.damage[c]}/{s.card(c).hp}" for c in p.play
                 if s.card(c).ctype == d.SHIP]
        parts.append(f"{name}: {base}, destroyed {len(p.victory)}"
                     + (f", ships: {', '.join(ships)}" if ships else ""))
    return "   [" + " | ".join(parts) + f" | Force {s.force}]"


class DeckbuildingApp(AppViewsBase):
    """The full-screen app's parts: the board model, action words, help and the narrative."""

    def board(self, state: DeckbuildingState, obs: Mapping[str, Any], labels: list[str]) -> AppBoard:
        """Built from `obs`; the state gives the static card table and the bases to win."""
        return app_board(build_board(obs, state.table, labels, state.bases_to_win))

    def help_text(self, state: DeckbuildingState) -> str:
        return HELP.format(bases=state.bases_to_win)

    def opening_log(self, state: DeckbuildingState) -> list[str]:
        return [f"-- turn {state.turn}: {state.who(state.active)} --"]

    def take_log(self, state: DeckbuildingState, reader: int) -> list[str]:
        return state.take_log(reader)

    def turn(self, state: DeckbuildingState) -> int:
        return state.turn


class DeckbuildingBrowser:
    """The browser's parts: the new-game form, the card catalogue, labelled legal actions."""

    levels = LEVELS

    def new_game_options(self) -> dict[str, Any]:
        return {"editions": edition_choices(), "modes": ["beginner", "full"],
                "levels": [level.choice() for level in LEVELS],
                "bases_to_win": {"min": 2, "max": 5}}

    def form_config(self, form: Mapping[str, Any]) -> dict[str, Any]:
        return {"packs": [form["edition"]], "mode": form["mode"], "bases_to_win": form["bases_to_win"]}

    def config_summary(self, config: Mapping[str, Any]) -> dict[str, Any]:
        return {k: config[k] for k in ("packs", "mode", "bases_to_win", "team", "bribing")}

    def card_catalog(self, state: DeckbuildingState) -> dict[str, dict[str, Any]]:
        return card_catalog(state)

    def legal_with_labels(self, state: DeckbuildingState, obs: Mapping[str, Any],
                          labels: list[str]) -> list[dict[str, str]]:
        return legal_with_labels(state, dict(obs), labels)

    def secret_notes(self, state: DeckbuildingState) -> Mapping[int, tuple[Collection[int], str]]:
        notes: Mapping[int, tuple[Collection[int], str]] = state.secret_notes
        return notes


class DeckbuildingViews(ViewsBase):
    """The deckbuilder's words for every surface."""

    app = DeckbuildingApp()
    browser = DeckbuildingBrowser()

    def seat_name(self, state: DeckbuildingState, seat: int) -> str:
        return state.who(seat)

    def start_log(self, state: DeckbuildingState) -> list[str]:
        return [f"-- turn {state.turn}: {state.factions[state.active].name} --"]

    def status_line(self, state: DeckbuildingState) -> str:
        return status_line(state)

    def announces(self, state: DeckbuildingState) -> bool:
        """Only decisions inside an ability: the log tells every main move itself."""
        return bool(state.waiting)

    def result_line(self, state: DeckbuildingState, seed: int, actions: int) -> str:
        w = state.winner()
        winner = "no winner" if w is None else f"{state.factions[w].name} win"
        return f"Result: {winner} after {state.turn} turns ({actions} actions), seed {seed}."

    def board_lines(self, state: DeckbuildingState, viewer: int) -> list[str]:
        return board_text(state, viewer).splitlines()

    def main_decision(self, state: DeckbuildingState) -> bool:
        return not state.waiting

    def decision_prompt(self, state: DeckbuildingState) -> str:
        return decision_prompt(state)

    def option_label(self, state: DeckbuildingState, index: int) -> str:
        return option_label(state, index)

    def action_cards(self, text: str) -> list[str]:
        return refs_in(text)


VIEWS: ViewModel = DeckbuildingViews()
