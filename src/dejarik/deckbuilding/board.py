"""The deckbuilder's board as one player may see it, built from `state.observation(viewer)`
alone: the full-screen app's board model (the game's `views.app.board`).

Widgets draw this model and nothing else, so what the screen can show is exactly what the
observation holds (plus static card definitions, looked up by the `slug#id` refs in it). The
opponent's hand is a count here unless a card lets the viewer look at it right now.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from dejarik.deckbuilding import defs as d
from dejarik.deckbuilding.cards import CardDef, CardTable
from dejarik.deckbuilding.cardtext import card_lines, reward_text

FACTION_COLOURS = {"empire": "red1", "rebel": "dodger_blue1", "separatist": "dark_orange",
                   "republic": "deep_sky_blue1", d.NEUTRAL: "gold1"}
SEAT_COLOURS = ("red1", "dodger_blue1")


def faction_colour(faction_id: str, seat: int | None = None) -> str:
    """A faction's colour; a faction without one takes its side's (seat & 1)."""
    return FACTION_COLOURS.get(faction_id, SEAT_COLOURS[seat & 1] if seat is not None else "white")


@dataclass(frozen=True)
class CardView:
    """One card instance on the board: its ref, its static definition, and public marks."""

    ref: str
    card: CardDef
    damage: int = 0
    attack: int | None = None   # its attack in play, bonuses included (None: not in play)
    used: bool = False          # its ability was used this turn
    attacked: bool = False      # it attacked this turn

    @property
    def name(self) -> str:
        return self.card.name

    @property
    def is_ship(self) -> bool:
        return self.card.ctype == d.SHIP

    @property
    def reward(self) -> str:
        return reward_text(self.card)

    @property
    def colour(self) -> str:
        """Its faction's colour on screen."""
        return faction_colour(self.card.faction)

    @property
    def type_word(self) -> str:
        return d.TYPE_WORDS[self.card.ctype].replace("_", " ")

    @property
    def text_lines(self) -> list[str]:
        """Its text as `cards show` prints it: the name line first (static card data)."""
        return card_lines(self.card, entry=False)


@dataclass(frozen=True)
class SideView:
    """One player's side of the table."""

    seat: int
    faction_id: str
    faction: str
    name: str               # 'Rebels', or 'Rebels 2' in the team game
    label: str
    base: CardView | None
    bases_left: int         # bases still face down in reserve
    victory: tuple[CardView, ...]   # enemy bases this side has destroyed
    hand: tuple[CardView, ...] | int   # an int: only the size is known
    deck: int
    discard: tuple[CardView, ...]
    exile: tuple[CardView, ...]
    play: tuple[CardView, ...]
    pool: int
    finished: bool = False  # team game: done with this turn

    @property
    def colour(self) -> str:
        """Its faction's colour, or its side's where the faction has none."""
        return faction_colour(self.faction_id, self.seat)

    @property
    def destroyed(self) -> int:
        return len(self.victory)

    @property
    def hand_size(self) -> int:
        return self.hand if isinstance(self.hand, int) else len(self.hand)


@dataclass(frozen=True)
class BoardView:
    viewer: int
    turn: int
    active: int
    decider: int
    force: int
    force_with: int | None
    bases_to_win: int
    sides: tuple[SideView, ...]    # by seat: 2, or 4 in the team game
    row: tuple[CardView, ...]
    galaxy_deck: int
    galaxy_discard: tuple[CardView, ...]
    galaxy_top: tuple[CardView, ...]   # shown only while a decision lets the viewer look
    pilots: int
    attack_target: CardView | str | None   # a row card, "base", or no attack forming
    committed: tuple[CardView, ...]
    legal: tuple[str, ...]
    terminal: bool
    winner: int | None
    table: CardTable   # static card definitions, to read a card the board does not hold
    does: Mapping[str, str] = field(default_factory=dict)   # the viewer's legal action -> its words

    @property
    def force_spaces(self) -> int:
        return d.FORCE_SPACES

    @property
    def target_name(self) -> str:
        """What the attack forming is on, in words ('' when none is)."""
        t = self.attack_target
        return "the enemy base" if t == "base" else t.name if isinstance(t, CardView) else ""

    @property
    def me(self) -> SideView:
        return self.sides[self.viewer]

    @property
    def opponent(self) -> SideView:
        """The opponent in the viewer's region."""
        return self.sides[self.viewer ^ 1]

    @property
    def teammate(self) -> SideView | None:
        return self.sides[self.viewer ^ 2] if len(self.sides) == 4 else None

    @property
    def far_enemy(self) -> SideView | None:
        """Team game: the enemy in the other region (its capital ships are in reach)."""
        return self.sides[self.viewer ^ 3] if len(self.sides) == 4 else None

    def find(self, ref: str) -> tuple[CardView, str] | None:
        """A card on the board by ref, with the zone it is in (for card text and descriptions)."""
        zones: list[tuple[str, Sequence[CardView]]] = [("the galaxy row", self.row)]
        for side in (self.me, self.opponent, self.teammate, self.far_enemy):
            if side is None:
                continue
            whose = "your" if side.seat == self.viewer else side.name
            if not isinstance(side.hand, int):
                zones.append((f"{whose} hand", side.hand))
            zones += [(f"{whose} cards in play", side.play), (f"{whose} discard pile", side.discard),
                      (f"{whose} exile pile", side.exile)]
            if side.base is not None:
                zones.append((f"{whose} base", (side.base,)))
        zones += [("the galaxy discard pile", self.galaxy_discard),
                  ("the galaxy deck's top", self.galaxy_top)]
        for zone, cards in zones:
            for c in cards:
                if c.ref == ref:
                    return c, zone
        return None

    def lookup(self, ref: str) -> tuple[CardView, str]:
        """Like `find`, but a card not on the board (the Outer Rim pilot on offer) still gets its
        static definition, with an empty zone."""
        return self.find(ref) or (CardView(ref, card_of(self.table, ref)), "")


def card_of(table: CardTable, ref: str) -> CardDef:
    """The static definition behind a `slug#id` ref."""
    slug = ref.partition("#")[0]
    return table.defs[table.by_slug[slug]]


def _cards(table: CardTable, refs: Sequence[str]) -> tuple[CardView, ...]:
    return tuple(CardView(r, card_of(table, r)) for r in refs)


def _side(table: CardTable, seat: int, raw: Mapping[str, Any], label: str) -> SideView:
    base = raw["base"]
    hand = raw["hand"]
    return SideView(
        seat=seat, faction_id=raw["faction"], faction=table.faction(raw["faction"]).name,
        name=raw.get("name", table.faction(raw["faction"]).name), label=label,
        base=None if base is None else CardView(base["card"], card_of(table, base["card"]), base["damage"],
                                                 used=base["ability_used"]),
        bases_left=len(raw["base_deck"]), victory=_cards(table, raw["victory"]),
        hand=hand if isinstance(hand, int) else _cards(table, hand),
        deck=raw["deck"], discard=_cards(table, raw["discard"]), exile=_cards(table, raw["exile"]),
        play=tuple(CardView(p["card"], card_of(table, p["card"]), p["damage"], p["attack"],
                            p["ability_used"], p["attacked"]) for p in raw["play"]),
        pool=raw["pool"], finished=bool(raw.get("finished")))


def build_board(obs: Mapping[str, Any], table: CardTable, labels: Sequence[str],
                bases_to_win: int) -> BoardView:
    """The board model of one observation. `labels` names the seats ('You', 'Heuristic')."""
    sides = tuple(_side(table, seat, raw, labels[seat]) for seat, raw in enumerate(obs["players"]))
    viewer = obs["you"]
    target = obs["attack"]["target"]
    committed = tuple(c for r in obs["attack"]["committed"] for side in sides for c in side.play
                      if c.ref == r)
    return BoardView(
        viewer=viewer, turn=obs["turn"], active=obs["active"], decider=obs["current_player"],
        force=obs["force"], force_with=obs["force_with"], bases_to_win=bases_to_win, sides=sides,
        row=_cards(table, obs["row"]), galaxy_deck=obs["galaxy_deck"],
        galaxy_discard=_cards(table, obs["galaxy_discard"]),
        galaxy_top=_cards(table, obs.get("galaxy_top", [])), pilots=obs["pilots"],
        attack_target=target if target in (None, "base") else CardView(target, card_of(table, target)),
        committed=committed, legal=tuple(obs.get("legal", [])), terminal=obs["terminal"],
        winner=obs["winner"], table=table,
        does={o["action"]: o["does"] for o in obs.get("decision", {}).get("options", [])})
