"""Every check after every action, for any game (`dejarik sim --check`): the random-play fuzzer
as a tool. A run of checked games is a simulation run like any other (resumable, on every core
or on Ray); a game that fails a check ends there, and its record names the check, the action
and the game's seed, so `dejarik sim` can say how to play it again.

The checks, through the kernel protocol only:
- the game's invariants hold (cards conserved, no negative pools, tracks in bounds...);
- the chosen action is legal, and every legal action's text reads back to that action;
- a clone, and a position saved to JSON and loaded back, have the state's hash, and the clone
  given the same action reaches the same hash as the game;
- an action legal earlier but not now is refused with an ActionError, the state unchanged;
- at the end, the game's replay verifies (every recorded hash reproduced).
"""

from __future__ import annotations

import json
from typing import Any

from dejarik.core.errors import ActionError
from dejarik.core.protocol import Action, Game, GameState
from dejarik.core.replay import Replay, verify
from dejarik.core.rng import Rng


class CheckFailed(Exception):
    """A check that did not hold: which one, and what was seen."""

    def __init__(self, check: str, detail: str) -> None:
        super().__init__(f"{check}: {detail}")
        self.check, self.detail = check, detail


class Checker:
    """Checks a game as it is played: `before` sees each position and the action chosen,
    `after` the position it led to, and `finish` the replay."""

    def __init__(self, engine: Game, seed: int) -> None:
        self.engine = engine
        self.rng = Rng(seed ^ 0xC4EC)
        self.earlier: list[Action] = []   # actions legal at some earlier position
        self.actions = 0
        self.clone: GameState | None = None

    def fail(self, check: str, detail: str, applied: bool = False) -> CheckFailed:
        """A failure before action n+1 is applied, or (`applied`) after action n."""
        when = f"after action {self.actions}" if applied else f"at action {self.actions + 1}"
        return CheckFailed(check, f"{when}: {detail}")

    def before(self, state: GameState, action: Action) -> None:
        legal = state.legal_actions()
        if action not in legal:
            raise self.fail("legal", f"{action!r} was chosen but is not legal")
        for a in legal:
            text = state.action_to_text(a)
            try:
                back = state.text_to_action(text)
            except ActionError as err:
                raise self.fail("notation", f"{text!r} does not read back ({err})") from None
            if back != a:
                raise self.fail("notation", f"{text!r} reads back as {back!r}, not {a!r}")
        key = state.state_hash()
        self._refuses_an_illegal_action(state, legal, key)
        self.clone = state.clone()
        if self.clone.state_hash() != key:
            raise self.fail("clone", "a clone has another hash")
        saved = json.loads(json.dumps(state.to_json()))
        if self.engine.state_from_json(saved).state_hash() != key:
            raise self.fail("save", "the position saved and loaded back has another hash")
        self.clone.apply(action)
        if len(self.earlier) < 64:
            self.earlier += legal[:4]

    def _refuses_an_illegal_action(self, state: GameState, legal: list[Action], key: str) -> None:
        stale = [a for a in self.earlier if a not in legal]
        if not stale:
            return
        action = stale[self.rng.below(len(stale))]
        try:
            state.apply(action)
        except ActionError:
            if state.state_hash() != key:
                raise self.fail("illegal", f"refusing {action!r} changed the state") from None
            return
        raise self.fail("illegal", f"{action!r}, not legal, was applied")

    def after(self, state: GameState) -> None:
        self.actions += 1
        problems = self.engine.check_invariants(state)
        if problems:
            raise self.fail("invariants", problems[0], applied=True)
        if self.clone is not None and self.clone.state_hash() != state.state_hash():
            raise self.fail("clone", "a clone given the same action reached another hash",
                            applied=True)

    def finish(self, replay: Replay | None) -> None:
        if replay is None:
            return
        try:
            verify(replay)
        except Exception as err:   # any failure of the replay is the finding
            raise CheckFailed("replay", f"the game's replay does not verify ({err})") from None


def failure_record(err: CheckFailed) -> dict[str, Any]:
    return {"check": err.check, "detail": err.detail[:500]}
