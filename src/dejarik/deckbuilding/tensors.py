"""Fixed-size numeric views of the deckbuilder for learning agents (docs/rl.md).

`Spaces` fixes, for one game configuration, an observation vector of `obs_size` floats and an
action space of `action_size` indices with a legal-action mask. Everything is seen from one
player: "mine" and "the opponent's" rather than seat 0 and seat 1, and the Force track is
measured from the observer's end. The observation carries only what that player may know
(the same rule as `observation()`), so positions that differ only in hidden cards encode to
equal arrays.

`SPACES` is the game's learning spaces capability (core.spaces): `Spaces` per configuration,
and what the learning adapters need besides to drive an episode.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final, cast

import numpy as np
import numpy.typing as npt

from dejarik.core.spaces import (
    FlatParameter,
    FloatArray,
    IncrementalLayout,
    LearningSpaces,
)
from dejarik.deckbuilding import defs as d
from dejarik.deckbuilding import encode as enc
from dejarik.deckbuilding.encode import (
    ActionCodes,
    ObservationCodes,
    ObservationTracker,
    SeatCodes,
    seen_tops,
)
from dejarik.deckbuilding.observe import shown_zones

if TYPE_CHECKING:
    from dejarik.deckbuilding.game import DeckbuildingState

ROW_SLOTS: Final = enc.ROW_SLOTS
"""The galaxy row holds six cards (rulebook: setup); a row target is named by its slot."""

# -- where a card is, as the observer may know it ---------------------------------------------
_PILES: Final = ("discard", "play", "exile", "base", "base_deck", "victory")
_REGION: Final = ("row", "galaxy_deck", "galaxy_discard", "pilots")


def _locations(others: tuple[str, ...], regions: tuple[str, ...]) -> tuple[str, ...]:
    return ("my_hand", "my_deck", *(f"my_{z}" for z in _PILES),
            *(f"{o}_{z}" for o in others for z in ("hidden", "hand", "deck", *_PILES)),
            *(f"{r}{z}" for r in regions for z in _REGION))


LOCATIONS: Final = _locations(("opp",), ("",))
"""opp_hidden: in the opponent's hand or deck, not known which. opp_hand / opp_deck are used
only while the opponent's hand is shown to the observer."""
TEAM_LOCATIONS: Final = _locations(("opp", "mate", "opp2"), ("", "other_"))
"""The team game's: seats are named from the observer (opp: the enemy in the observer's
region, mate: the teammate, opp2: the other enemy), and the other region has its own row and
decks. The teammate's hand is seen (the team variant's rulebook lets teammates confer)."""

_MARKS: Final = ("seen_on_top", "damage", "ability_used", "attacked", "committed",
                  "exile_at_end", "bought_this_turn", "triggered_this_turn", "pending_source",
                  "attack", *(f"row_slot_{i}" for i in range(ROW_SLOTS)))
CARD_FEATURES: Final = (*(f"at_{name}" for name in LOCATIONS), *_MARKS)
"""Per card instance, in this order. seen_on_top: 1 for the top card of a deck shown to the
observer right now (0.5 for the second card of the galaxy deck)."""
TEAM_CARD_FEATURES: Final = (*(f"at_{name}" for name in TEAM_LOCATIONS), *_MARKS,
                             *(f"other_row_slot_{i}" for i in range(ROW_SLOTS)))

GLOBAL_FEATURES: Final = (
    *(f"force_{i}" for i in range(d.FORCE_SPACES)), "force_with_me", "force_with_opponent",
    "my_turn", "my_decision", "decision_pending", "i_went_first", "turn", "my_pool",
    "opp_pool", "my_victories", "opp_victories", "bases_to_win", "my_prevented", "opp_prevented",
    "my_hand_size", "my_deck_size", "opp_hand_size", "opp_deck_size", "galaxy_deck_size",
    "pilots_left", "next_buy_set", "hunts_used", "bribing",
    "target_none", "target_base", "target_left_row", *(f"target_row_{i}" for i in range(ROW_SLOTS)),
    "decision_none", *(f"decision_op_{i}" for i in range(d.NUM_OPS)),
)
"""Force position i counts from the observer's own end of the track (0 = the Force is fully
with the observer). Scaled values are divided by the caps in SCALES and clipped to 1."""
TEAM_GLOBALS: Final = ("mate_pool", "opp2_pool", "mate_victories", "opp2_victories",
                       "mate_hand_size", "mate_deck_size", "opp2_hand_size", "opp2_deck_size",
                       "other_galaxy_deck_size", "other_pilots_left", "mate_turn",
                       "i_finished", "mate_finished", "initiative_just_passed")
"""The team game's globals, after the 2-player ones (galaxy_deck_size and pilots_left are
the observer's region's)."""

SCALES: Final = {"damage": enc.DAMAGE_SCALE, "attack": enc.ATTACK_SCALE, "turn": enc.TURN_SCALE,
                 "pool": enc.POOL_SCALE, "victories": enc.VICTORIES_SCALE,
                 "prevented": enc.PREVENTED_SCALE, "hand": enc.HAND_SCALE, "hunts": enc.HUNTS_SCALE}
"""Divisors for scaled features; deck and pile sizes are divided by the number of card instances."""

OPTION_FEATURES: Final = ("offered", "opponent_chooses", "resources", "force", "attack",
                          *(f"op_{i}" for i in range(d.NUM_OPS)))
"""Per option slot of a pending choice between options (an ability's "choose one"): what the
option does, so that a learner can tell "option 0" of one card from "option 0" of another.
The gains are summed over the option's own steps (divided by OPTION_SCALE); op_i counts its
steps of each kind (divided by OPTION_SCALE); all are 0 while no such choice is pending."""
OPTION_SCALE: Final = 5.0

RECALL: Final = ("galaxy_top", "my_deck_top", "opp_deck_top", "opp_hand")
"""The recall block of an information state: per card instance, where the player last saw it
while it was hidden."""

SINGLE_ACTIONS: Final = ((d.END, "end"), (d.RESOLVE, "resolve"), (d.YES, "yes"),
                         (d.NO, "no"), (d.DONE, "done"))
TEAM_SINGLE_ACTIONS: Final = (*SINGLE_ACTIONS, (d.SWITCH, "switch: hand the initiative to your teammate"))
SEAT_ROLES: Final = ("yourself", "the enemy in your region", "your teammate", "the other enemy")
"""A team game's (WHO, seat) choice names a seat by its place from the chooser (seat ^ k)."""
CARD_ACTIONS: Final = ((d.PLAY, "play"), (d.BUY, "buy"), (d.USE, "use"), (d.BRIBE, "bribe"),
                       (d.SELECT, "select"), (d.FIRST, "first"))


class Spaces(IncrementalLayout):
    """The observation and action layout of one configuration (its card instances).

    Identical copies in a hand or a pile are one choice: the index names the lowest-numbered
    copy, whichever copy the engine picks.

    Action indices, in blocks (N card instances, O = most options any ability offers,
    K = most damage one capital ship can take):
      0..4            end, resolve, yes, no, done
      5..5+O          option i
      then N each     play, buy, use, bribe, select, first: card instance i
      then N*7        commit instance i against target t (0 = the enemy base, 1+s = row slot s)
      then N*K        assign k+1 damage to capital ship i (in the team game, also to a base;
                      more than K at once on a base is not offered: assign again for the rest)
    The team game adds "switch" to the single actions and, last, 4 indices for a choice of
    a player (WHO), named from the chooser: yourself, the enemy in your region, your teammate,
    the other enemy.
    """

    def __init__(self, state: DeckbuildingState) -> None:
        table = state.table
        self.team = team = state.team_game
        self.locations = TEAM_LOCATIONS if team else LOCATIONS
        where = {name: i for i, name in enumerate(self.locations)}
        # per seat named from the observer (player ^ k: me, the enemy in my region, and in the
        # team game my teammate and the other enemy): the codes of its hand and deck when seen,
        # of both when hidden, of its base, and of its other piles; then the regions' codes
        roles = ("my", "opp", "mate", "opp2") if team else ("my", "opp")
        seats: list[SeatCodes] = [
            (k, where[f"{r}_hand"], where[f"{r}_deck"], where.get(f"{r}_hidden", -1),
             where[f"{r}_base"], (where[f"{r}_discard"], where[f"{r}_play"], where[f"{r}_exile"],
                                  where[f"{r}_base_deck"], where[f"{r}_victory"]))
            for k, r in enumerate(roles)]
        regions = [(where[f"{prefix}row"], where[f"{prefix}galaxy_deck"],
                    where[f"{prefix}galaxy_discard"], where[f"{prefix}pilots"])
                   for prefix in (("", "other_") if team else ("",))]
        self.card_features = TEAM_CARD_FEATURES if team else CARD_FEATURES
        self.global_features = (*GLOBAL_FEATURES, *TEAM_GLOBALS) if team else GLOBAL_FEATURES
        self.single_actions = TEAM_SINGLE_ACTIONS if team else SINGLE_ACTIONS
        self.n = n = len(state.inst_def)
        self.options = max([len(op[2]) for prog in table.progs for op in prog
                            if op[0] == d.OP_CHOOSE] + [1])
        self.max_assign = max([c.hp or 0 for c in table.defs if c.ctype == d.SHIP] + [1])
        self.single = {kind: i for i, (kind, _) in enumerate(self.single_actions)}
        self.option_at = len(self.single_actions)
        at = self.option_at + self.options
        self.card_at: dict[int, int] = {}
        for kind, _ in CARD_ACTIONS:
            self.card_at[kind] = at
            at += n
        self.commit_at = at
        at += n * (1 + ROW_SLOTS)
        self.assign_at = at
        at += n * self.max_assign
        self.who_at = at
        at += len(SEAT_ROLES) if team else 0
        self.action_size = at
        self.card_width = len(self.card_features)
        self.option_width = self.options * len(OPTION_FEATURES)
        self.obs_size = n * self.card_width + len(self.global_features) + self.option_width
        self._option_blocks: dict[tuple[int, int], npt.NDArray[np.float32]] = {}
        self.instances = [state.defs[x].name for x in state.inst_def]
        self._count_scale = float(max(n, 1))
        self._obs = ObservationCodes(n, self.card_width, len(self.locations), seats, regions,
                                     team, d.FORCE_SPACES, len(self.global_features),
                                     self._count_scale)
        self.options_at = self.obs_size - self.option_width
        self._actions = ActionCodes(self.single, self.option_at, self.card_at, self.commit_at,
                                    self.assign_at, self.max_assign, self.who_at, team)

    # -- actions -----------------------------------------------------------------------------
    def encode(self, state: DeckbuildingState, action: tuple[int, ...]) -> int:
        """The index of an engine action in this position (row targets are named by slot)."""
        return self._actions.encode(state, action)

    def legal(self, state: DeckbuildingState) -> dict[int, Any]:
        """Index -> engine action, for every legal action of the player to move."""
        return self._actions.legal(state)

    def describe(self, index: int) -> str:
        """What an index means, without a position: 'buy #37 (X-wing)'."""
        if not 0 <= index < self.action_size:
            raise ValueError(f"action index {index} is outside 0..{self.action_size - 1}")
        if index < self.option_at:
            return self.single_actions[index][1]
        if index < self.card_at[d.PLAY]:
            return f"option {index - self.option_at}"
        if index < self.commit_at:
            k, inst = divmod(index - self.card_at[d.PLAY], self.n)
            return f"{CARD_ACTIONS[k][1]} #{inst} ({self.instances[inst]})"
        if index < self.assign_at:
            inst, t = divmod(index - self.commit_at, 1 + ROW_SLOTS)
            target = "the enemy base" if t == 0 else f"row slot {t - 1}"
            return f"commit #{inst} ({self.instances[inst]}) against {target}"
        if index >= self.who_at:
            return f"choose {SEAT_ROLES[index - self.who_at]}"
        inst, k = divmod(index - self.assign_at, self.max_assign)
        return f"assign {k + 1} damage to #{inst} ({self.instances[inst]})"

    def summary(self, state: DeckbuildingState) -> dict[str, Any]:
        """The whole layout as data: sizes, action blocks, feature names, card instances."""
        blocks = [{"actions": name, "first": i, "count": 1}
                  for i, (_, name) in enumerate(self.single_actions)]
        blocks.append({"actions": "option i", "first": self.option_at, "count": self.options})
        blocks += [{"actions": f"{name} card i", "first": self.card_at[kind], "count": self.n}
                   for kind, name in CARD_ACTIONS]
        blocks.append({"actions": "commit card i against target t", "first": self.commit_at,
                       "count": self.n * (1 + ROW_SLOTS)})
        blocks.append({"actions": "assign k damage to ship i", "first": self.assign_at,
                       "count": self.n * self.max_assign})
        if self.team:
            blocks.append({"actions": "choose a player: yourself, the enemy in your region, your "
                                      "teammate, the other enemy", "first": self.who_at,
                           "count": len(SEAT_ROLES)})
        cards = [{"index": i, "card": state.defs[x].name, "role": d.ROLE_WORDS[state.defs[x].role],
                  "faction": state.defs[x].faction} for i, x in enumerate(state.inst_def)]
        return {"instances": self.n, "action_size": self.action_size, "obs_size": self.obs_size,
                "options": self.options, "max_assign": self.max_assign, "action_blocks": blocks,
                "card_features": list(self.card_features), "global_features": list(self.global_features),
                "option_features": list(OPTION_FEATURES), "cards": cards}

    def summary_text(self, state: DeckbuildingState) -> str:
        """The layout for people: sizes, action blocks, and which card each instance is (runs
        of copies of one card on one line)."""
        data = self.summary(state)
        lines = [f"{data['instances']} card instances; observation {data['obs_size']} floats "
                 f"({data['instances']} x {len(data['card_features'])} card features + "
                 f"{len(data['global_features'])} globals + {data['options']} options x "
                 f"{len(data['option_features'])} option features); {data['action_size']} actions",
                 "action blocks:"]
        for b in data["action_blocks"]:
            last = b["first"] + b["count"] - 1
            span = f"{b['first']}" if b["count"] == 1 else f"{b['first']}-{last}"
            lines.append(f"  {span:>11}  {b['actions']}")
        lines.append("card instances:")
        cards = data["cards"]
        start = 0
        for i in range(1, len(cards) + 1):
            if i == len(cards) or cards[i]["card"] != cards[start]["card"]:
                c = cards[start]
                span = f"{start}" if i - 1 == start else f"{start}-{i - 1}"
                lines.append(f"  {span:>11}  {c['card']} ({c['role']}, {c['faction']})")
                start = i
        return "\n".join(lines)

    @property
    def observation_parts(self) -> dict[str, tuple[int, ...]]:
        """The card block (instance by feature), the globals, and the pending choice's options."""
        return {"cards": (self.n, self.card_width), "globals": (len(self.global_features),),
                "options": (self.options, len(OPTION_FEATURES))}

    @property
    def recall_shape(self) -> tuple[int, int]:
        """A row per card instance, a column per RECALL slot."""
        return (self.n, len(RECALL))

    def update_recall(self, recall: dict[int, int], s: DeckbuildingState, player: int) -> None:
        """From the player's current view: remember hidden cards shown now (deck tops, the
        opponent's hand), and forget those that have since come into the open."""
        me, opp = s.players[player], s.players[player ^ 1]
        if recall:
            hidden = {c for p in s.players for c in (*p.hand, *p.deck)} | {*s.region(player).deck}
            for c in [c for c in recall if c not in hidden or c in me.hand]:
                del recall[c]
        shown = shown_zones(s, player)
        if not shown:
            return
        if shown & {d.Z_GALAXY_TOP, d.Z_GALAXY_TOP2}:
            for c in s.region(player).deck[-2 if d.Z_GALAXY_TOP2 in shown else -1:]:
                recall[c] = 0
        if d.Z_DECK_TOP in shown and me.deck:
            recall[me.deck[-1]] = 1
        if d.Z_OPP_DECK_TOP in shown and opp.deck:
            recall[opp.deck[-1]] = 2
        if d.Z_OPP_HAND in shown:
            for c in opp.hand:
                recall[c] = 3

    def max_game_length(self, turn_limit: int) -> int:
        """A turn is bounded by what its cards allow; ten actions per card instance is generous."""
        return turn_limit * 10 * self.n + 1

    # -- observations --------------------------------------------------------------------------

    def tracker(self) -> ObservationTracker:
        return ObservationTracker(self.n)

    def write_changes(self, s: DeckbuildingState, player: int, t: ObservationTracker,
                      out: FloatArray) -> None:
        """The entries that changed (`encode.ObservationCodes.changes`), then the options
        block while a choice is pending or was."""
        self._obs.changes(s, player, t, out)
        if s.waiting or t.options:
            cast(memoryview, out)[self.options_at:] = self._options(s).data
            t.options = s.waiting

    def view_key(self, s: DeckbuildingState, player: int) -> tuple[object, ...]:
        """Everything `observe` encodes, as a hashable tuple that is much cheaper to build:
        two positions have equal keys exactly when the player may tell them apart no better
        (hidden piles appear as sorted sets, as the vector shows them). The team game's key
        is the observation itself."""
        if self.team:
            return (self.observe(s, player).tobytes(),)
        me, opp = s.players[player], s.players[1 - player]
        region = s.regions[0]
        shown = shown_zones(s, player)
        opp_view: tuple[object, ...]
        if d.Z_OPP_HAND in shown:
            opp_view = (tuple(sorted(opp.hand)), tuple(sorted(opp.deck)))
        else:
            opp_view = (len(opp.hand), tuple(sorted(opp.hand + opp.deck)))
        f = s.stack[-1] if s.stack else None
        op = int(s.table.progs[f.prog][f.pc][0]) if f is not None and s.waiting else -1
        return (
            player, tuple(sorted(me.hand)), tuple(sorted(me.deck)), tuple(me.discard),
            tuple(me.play), tuple(me.exile), me.base, tuple(sorted(me.base_deck)),
            tuple(me.victory), me.pool, opp_view, tuple(opp.discard), tuple(opp.play),
            tuple(opp.exile), opp.base, tuple(sorted(opp.base_deck)), tuple(opp.victory), opp.pool,
            tuple(region.row), tuple(sorted(region.deck)), tuple(region.discard),
            tuple(sorted(region.pilots)), tuple(seen_tops(s, player, shown)), s.force, s.active,
            s.first, s.turn, s.done, s.current_player, tuple(s.damage), tuple(sorted(s.used)),
            tuple(sorted(s.attacked)), tuple(s.committed), tuple(sorted(s.exile_end)),
            tuple(s.bought), tuple(sorted(s.fired)), tuple(sorted(s.bonus.items())), s.target,
            tuple(s.prevented), s.next_buy, s.hunts_used, s.waiting, op,
            f.source if f is not None else -1,
            (f.prog, f.pc) if f is not None and op == d.OP_CHOOSE else None)

    def _options(self, s: DeckbuildingState) -> npt.NDArray[np.float32]:
        """The options block: what each option of a pending choice does (zeros otherwise);
        made once per choice in the card table."""
        f = s.stack[-1] if s.waiting and s.stack else None
        if f is None or s.table.progs[f.prog][f.pc][0] != d.OP_CHOOSE:
            return np.zeros(self.option_width, dtype=np.float32)
        block = self._option_blocks.get((f.prog, f.pc))
        if block is None:
            block = self._option_blocks[(f.prog, f.pc)] = self._describe_options(
                s, s.table.progs[f.prog][f.pc])
        return block

    def _describe_options(self, s: DeckbuildingState, op: tuple[Any, ...]) -> npt.NDArray[np.float32]:
        rows = np.zeros((self.options, len(OPTION_FEATURES)), dtype=np.float32)
        first_op = OPTION_FEATURES.index("op_0")
        for i, (_, prog) in enumerate(op[2][:self.options]):
            rows[i, 0], rows[i, 1] = 1.0, float(bool(op[1]))
            for step in s.table.progs[prog]:
                if step[0] == d.OP_GAIN:
                    rows[i, 2:5] += np.asarray(step[1:4], dtype=np.float32) / OPTION_SCALE
                rows[i, first_op + step[0]] += 1.0 / OPTION_SCALE
        return np.clip(rows, 0.0, 1.0).ravel()


def spaces_for(state: DeckbuildingState) -> Spaces:
    """The layout of a state's configuration (made once per card table and instance list)."""
    key = f"rl-spaces:{len(state.inst_def)}:{hash(tuple(state.inst_def))}"
    sp = state.table.cache.get(key)
    if sp is None:
        sp = Spaces(state)
        state.table.cache[key] = sp
    return sp


class DeckbuildingSpaces:
    """The deckbuilder's learning spaces capability (core.spaces.LearningSpaces)."""

    parameters: Mapping[str, FlatParameter] = {
        "packs": "original",    # comma-separated pack ids or .yaml files
        "factions": "",         # "empire,rebel"; empty: the first pack's two factions
        "mode": "beginner",
        "bases_to_win": 0,      # 0: the mode's default
        "bribing": False,
        "team": False,          # the 2v2 team game: four seats
    }

    def config_from_parameters(self, params: Mapping[str, FlatParameter]) -> dict[str, Any]:
        cfg: dict[str, Any] = {
            "packs": [p.strip() for p in str(params["packs"]).split(",") if p.strip()],
            "mode": params["mode"], "bribing": bool(params["bribing"]),
            "team": bool(params["team"]),
        }
        if params["factions"]:
            cfg["factions"] = [f.strip() for f in str(params["factions"]).split(",")]
        if int(params["bases_to_win"]):
            cfg["bases_to_win"] = int(params["bases_to_win"])
        return cfg

    def for_state(self, state: DeckbuildingState) -> Spaces:
        return spaces_for(state)

    def render(self, state: DeckbuildingState, player: int | None = None) -> str:
        from dejarik.deckbuilding.textboard import board_text

        return board_text(state) if player is None else board_text(state, player)

    def state_text(self, state: DeckbuildingState) -> str:
        """The spectator's board, then every hand."""
        hands = "; ".join(f"{state.factions[i].name} hand: " + ", ".join(state.name(c) for c in p.hand)
                          for i, p in enumerate(state.players))
        return f"{self.render(state)}\n{hands}"

    def truncated(self, state: DeckbuildingState) -> bool:
        return state.is_terminal() and state.winner() is None and bool(state.turn_limit) \
            and state.turn > state.turn_limit

    def turns(self, state: DeckbuildingState) -> int:
        return state.turn


SPACES: LearningSpaces = DeckbuildingSpaces()
