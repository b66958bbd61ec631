"""Kuhn poker: a tiny second game, kept in the tests to prove the players are game-agnostic.

Three cards (Jack < Queen < King); each player antes one chip and gets one card. Player 0
checks or bets one chip; facing a bet a player calls or folds; after a check player 1 may
check (showdown for the antes) or bet, and player 0 then calls or folds. Actions: (0,) is
"pass" (check or fold), (1,) is "bet" (bet or call). It implements the whole kernel protocol
(dejarik/core/protocol.py), hides the opponent's card, and is a registered game (`GAME`, with
agent hooks `HOOKS`): the conformance suite and the players test it like any other game.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any, ClassVar, Self

from dejarik.core.errors import ConfigError, IllegalActionError, NotationError, SaveError
from dejarik.core.hooks import AgentHooks
from dejarik.core.protocol import Action, GameBase, GameInfo, GameState
from dejarik.core.rng import Rng
from dejarik.core.saved import POSITION_HEADER, check_fields, check_game

VERSION = "1"   # the engine version its saved positions carry

CARDS = "JQK"
PASS, BET = (0,), (1,)
WORDS = {"pass": PASS, "bet": BET}
WEIGHTS = {"card": 0.5}
HISTORIES = ("", "p", "b", "pb", "pp", "bp", "bb", "pbp", "pbb")
"""Every history a game can reach."""


class KuhnState:
    num_players = 2
    game_name = "kuhn"
    teams: tuple[tuple[int, ...], ...] = ((0,), (1,))

    def __init__(self, seed: int) -> None:
        deck = [0, 1, 2]
        Rng(seed).shuffle(deck)
        self.cards = deck[:2]
        self.history = ""   # "p" and "b" per action so far

    # -- the protocol -------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return -1 if self.is_terminal() else len(self.history) % 2

    def legal_actions(self) -> list[Action]:
        return [] if self.is_terminal() else [PASS, BET]

    def apply(self, action: Action) -> None:
        if self.is_terminal() or action not in (PASS, BET):
            raise IllegalActionError(f"illegal action {action!r} after {self.history!r}")
        self.history += "pb"[action[0]]

    def is_terminal(self) -> bool:
        return self.history in ("pp", "bp", "bb", "pbp", "pbb")

    def _chips(self) -> list[int]:
        """Chips won by each player at the end (zero-sum)."""
        h = self.history
        if h in ("bp", "pbp"):     # the last player folded: the other takes the antes
            folder = (len(h) - 1) % 2
            return [1, -1] if folder == 1 else [-1, 1]
        stake = 2 if "b" in h else 1
        return [stake, -stake] if self.cards[0] > self.cards[1] else [-stake, stake]

    def winner(self) -> int | None:
        if not self.is_terminal():
            return None
        return 0 if self._chips()[0] > 0 else 1

    def returns(self) -> list[float]:
        """Chips won, halved so that values lie in [-1, 1]."""
        if not self.is_terminal():
            return [0.0, 0.0]
        return [c / 2 for c in self._chips()]

    def observation(self, player: int) -> dict[str, Any]:
        spectator = player < 0   # sees the betting, and the cards only at a showdown
        obs: dict[str, Any] = {"you": player, "card": None if spectator else CARDS[self.cards[player]],
                               "history": self.history, "terminal": self.is_terminal()}
        if self.is_terminal() and self.history not in ("bp", "pbp"):   # showdown: both shown
            if spectator:
                obs["cards"] = [CARDS[c] for c in self.cards]
            else:
                obs["opponent_card"] = CARDS[self.cards[1 - player]]
        if not self.is_terminal():
            p = self.current_player
            facing = self.history.endswith("b")
            does = {PASS: "fold: give up the pot" if facing else "check: bet nothing",
                    BET: "call: match the bet of 1 chip" if facing else "bet 1 chip"}
            obs["decision"] = {
                "player": p, "for": f"player {p}'s turn",
                "prompt": f"player {p}: {'call or fold' if facing else 'check or bet'}",
                "options": [{"action": self.action_to_text(a), "does": does[a]}
                            for a in self.legal_actions()] if player == p else []}
        return obs

    def clone(self) -> Self:
        c = object.__new__(type(self))
        c.cards = self.cards[:]
        c.history = self.history
        return c

    def to_json(self) -> dict[str, Any]:
        return {"game": "kuhn", "engine_version": VERSION, "cards": self.cards, "history": self.history}

    def state_hash(self) -> str:
        return hashlib.sha256(json.dumps(self.to_json()).encode()).hexdigest()[:16]

    def action_to_text(self, action: Action) -> str:
        return {PASS: "pass", BET: "bet"}[action]

    def text_to_action(self, text: str) -> Action:
        action = WORDS.get(text.strip().lower())
        if action is None:
            raise NotationError(f"{text!r} is no action of Kuhn poker (pass or bet)")
        if action not in self.legal_actions():
            raise IllegalActionError(f"{text!r} is not a legal action now: the game is over")
        return action

    def resample_hidden(self, player: int, seed: int) -> Self:
        """The opponent's card dealt again from the two cards `player` does not hold."""
        c = self.clone()
        rest = [x for x in (0, 1, 2) if x != self.cards[player]]
        c.cards[1 - player] = rest[Rng(seed).below(2)]
        return c

    # -- the optional judgement the heuristic player and ISMCTS use ------------------------------
    def check_weights(self, weights: Mapping[str, float]) -> dict[str, float]:
        return check_weights(weights)

    def evaluate(self, player: int, weights: Mapping[str, float] | None = None) -> float:
        """The final result once over; before that, own card strength scaled by the stake.
        Reads only the player's own card and the public history."""
        if self.is_terminal():
            return self.returns()[player]
        w = weights or WEIGHTS
        strength = self.cards[player] - 1          # -1, 0, 1
        stake = 1 + self.history.count("b")
        return max(-1.0, min(1.0, w["card"] * strength * stake / 2))


def check_weights(weights: Mapping[str, float]) -> dict[str, float]:
    bad = sorted(set(weights) - set(WEIGHTS))
    if bad:
        raise ConfigError(f"unknown weight {bad[0]!r}")
    return {**WEIGHTS, **weights}


def _uniform(state: KuhnState, rng: Rng) -> Action:
    """The rule of thumb: a uniform choice (Kuhn poker has no cheap rule worth the name)."""
    acts = state.legal_actions()
    return acts[rng.below(len(acts))]


def _evaluate(state: KuhnState, player: int, weights: Mapping[str, float] | None = None) -> float:
    return state.evaluate(player, weights)


HOOKS = AgentHooks(rule_of_thumb=_uniform, evaluate=_evaluate, check_weights=check_weights)


class KuhnGame(GameBase):
    """Kuhn poker as the registry hands it out (registered by the tests' conftest)."""

    name = "kuhn"
    engine_version = VERSION
    info = GameInfo(
        title="Kuhn poker", seats=(2, 2), teams=False, cooperative=False, hidden_information=True,
        chance=True, content="nothing", contents=(),
        summary="two players, three cards, one bet: the smallest poker, for testing")
    capability_paths: ClassVar[Mapping[str, str]] = {"agents": "tests.games.kuhn:HOOKS"}

    def new_state(self, config: dict[str, Any], seed: int) -> KuhnState:
        self.normalize_config(config)
        return KuhnState(seed)

    def num_players(self, config: dict[str, Any]) -> int:
        return 2

    def normalize_config(self, config: dict[str, Any]) -> dict[str, Any]:
        if config:
            raise ConfigError(f"Kuhn poker has no options, got {sorted(config)}")
        return {}

    def content_digest(self, config: dict[str, Any]) -> str:
        return ""

    def state_from_json(self, data: dict[str, Any]) -> KuhnState:
        check_game(data, "kuhn", VERSION)
        check_fields(data, {"cards": list[int], "history": str}, known=POSITION_HEADER)
        cards, history = data["cards"], data["history"]
        if len(cards) != 2 or len(set(cards)) != 2 or not set(cards) <= {0, 1, 2}:
            raise SaveError(f"saved game: field 'cards' must be two different cards 0-2, got {cards}")
        if history not in HISTORIES:
            raise SaveError(f"saved game: field 'history' is no Kuhn history: {history!r}")
        s = KuhnState(0)
        s.cards, s.history = list(cards), history
        return s

    def check_invariants(self, state: GameState) -> list[str]:
        assert isinstance(state, KuhnState)
        problems: list[str] = []
        if len(set(state.cards)) != 2 or len(state.cards) != 2 or not set(state.cards) <= {0, 1, 2}:
            problems.append(f"cards {state.cards} are not two different cards")
        if state.history not in HISTORIES:
            problems.append(f"history {state.history!r} cannot be reached")
        return problems


GAME = KuhnGame()
