"""Kuhn poker: a tiny second game, kept in the tests to prove the players are game-agnostic.

Three cards (Jack < Queen < King); each player antes one chip and gets one card. Player 0
checks or bets one chip; facing a bet a player calls or folds; after a check player 1 may
check (showdown for the antes) or bet, and player 0 then calls or folds. Actions: (0,) is
"pass" (check or fold), (1,) is "bet" (bet or call). It implements the whole kernel protocol
(dejarik/core/protocol.py) plus `evaluate`, and hides the opponent's card.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any, Self

from dejarik.core.errors import ConfigError, DejarikError, IllegalActionError
from dejarik.core.protocol import Action
from dejarik.core.rng import Rng

CARDS = "JQK"
PASS, BET = (0,), (1,)
WEIGHTS = {"card": 0.5}


class KuhnState:
    num_players = 2

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
        obs: dict[str, Any] = {"you": player, "card": CARDS[self.cards[player]],
                               "history": self.history, "terminal": self.is_terminal()}
        if self.is_terminal() and self.history not in ("bp", "pbp"):   # showdown: both shown
            obs["opponent_card"] = CARDS[self.cards[1 - player]]
        return obs

    def clone(self) -> Self:
        c = object.__new__(type(self))
        c.cards = self.cards[:]
        c.history = self.history
        return c

    def to_json(self) -> dict[str, Any]:
        return {"game": "kuhn", "cards": self.cards, "history": self.history}

    def state_hash(self) -> str:
        return hashlib.sha256(json.dumps(self.to_json()).encode()).hexdigest()[:16]

    def action_to_text(self, action: Action) -> str:
        return {PASS: "pass", BET: "bet"}[action]

    def text_to_action(self, text: str) -> Action:
        try:
            return {"pass": PASS, "bet": BET}[text.strip()]
        except KeyError:
            raise DejarikError(f"kuhn: unknown action {text!r} (pass or bet)") from None

    def resample_hidden(self, player: int, seed: int) -> Self:
        """The opponent's card dealt again from the two cards `player` does not hold."""
        c = self.clone()
        rest = [x for x in (0, 1, 2) if x != self.cards[player]]
        c.cards[1 - player] = rest[Rng(seed).below(2)]
        return c

    # -- the optional judgement the heuristic player and ISMCTS use ------------------------------
    def check_weights(self, weights: Mapping[str, float]) -> dict[str, float]:
        bad = sorted(set(weights) - set(WEIGHTS))
        if bad:
            raise ConfigError(f"unknown weight {bad[0]!r}")
        return {**WEIGHTS, **weights}

    def evaluate(self, player: int, weights: Mapping[str, float] | None = None) -> float:
        """The final result once over; before that, own card strength scaled by the stake.
        Reads only the player's own card and the public history."""
        if self.is_terminal():
            return self.returns()[player]
        w = weights or WEIGHTS
        strength = self.cards[player] - 1          # -1, 0, 1
        stake = 1 + self.history.count("b")
        return max(-1.0, min(1.0, w["card"] * strength * stake / 2))
