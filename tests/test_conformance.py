"""Every registered game (and Kuhn poker, tests/games/kuhn.py) keeps the kernel protocol's
promises, in the spirit of OpenSpiel's random_sim_test: seeded random games, and at their
positions an illegal action changes nothing, a clone is independent, JSON and notation
round-trip, a re-deal keeps the player's view and
depends on nothing the player can't see, the invariants hold, a replay reproduces every
hash, and the same seed gives the same game in another process; and every pending decision
explains itself in every player's view. A new game gets all of this by registering."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, ClassVar

import pytest

from dejarik.core.errors import (
    ActionError,
    AmbiguousActionError,
    IllegalActionError,
    NotationError,
    SaveError,
)
from dejarik.core.notation import match_action
from dejarik.core.protocol import Action, Game, GameState
from dejarik.core.registry import game_names, get_game
from dejarik.core.replay import Recorder, verify
from dejarik.core.rng import Rng

GAMES = sorted({*game_names(), "kuhn"})
SEEDS = (1, 2, 3, 4)
MAX_STEPS = 400    # a game longer than this is checked up to here
CHECK_EVERY = 3    # the costlier checks run at every third position
ROOT = Path(__file__).resolve().parent.parent


def random_game(game: Game, seed: int) -> list[GameState]:
    """The positions of one seeded random game, from the setup on."""
    s = game.new_state({}, seed)
    rng = Rng(seed)
    positions = [s.clone()]
    while not s.is_terminal() and len(positions) <= MAX_STEPS:
        acts = s.legal_actions()
        s.apply(acts[rng.below(len(acts))])
        positions.append(s.clone())
    return positions


def _words(text: str) -> list[str]:
    return text.lower().split()


def _check_illegal(s: GameState, seen: dict[str, None]) -> None:
    """Illegal input raises the right error and leaves the state exactly as it was."""
    before = s.state_hash()
    legal = s.legal_actions()
    width = len(legal[0]) if legal else 1
    with pytest.raises(IllegalActionError):
        s.apply(tuple(-7 for _ in range(width)))
    for garbage in ("", "xyzzy plugh", "%%%"):
        with pytest.raises(NotationError):
            s.text_to_action(garbage)
    texts = [_words(s.action_to_text(a)) for a in legal]
    # text of this game that was legal somewhere else, but names nothing legal here
    for old in list(seen)[-8:]:
        words = _words(old)
        if not any(t[:len(words)] == words for t in texts):
            with pytest.raises(IllegalActionError):
                s.text_to_action(old)
    # the first word of several legal actions: one of them, several, or not an action yet
    for verb in sorted({t[0] for t in texts}):
        try:
            got = s.text_to_action(verb)
        except (AmbiguousActionError, NotationError):
            pass
        else:
            assert got in legal
    assert s.state_hash() == before


def _check_decision(s: GameState) -> None:
    """Every seat's view, and a spectator's, says who decides, for what and in a sentence; only
    the decider's lists what each legal action does, in words that are not just the action's
    notation."""
    for viewer in (*range(s.num_players), -1):   # -1: a spectator
        decision = s.observation(viewer).get("decision")
        if s.is_terminal():
            assert decision is None
            continue
        assert decision is not None, f"seat {viewer} sees no decision"
        assert decision["player"] == s.current_player
        assert decision["for"].strip() and decision["prompt"].strip()
        options = decision["options"]
        if viewer != s.current_player:
            assert options == []
            continue
        assert [o["action"] for o in options] == [s.action_to_text(a) for a in s.legal_actions()]
        for o in options:
            assert o["does"].strip() and o["does"].strip().lower() != o["action"].lower(), o


def _check_position(game: Game, s: GameState, seed: int) -> None:
    h = s.state_hash()
    legal = s.legal_actions()
    # clones are independent
    if legal:
        c = s.clone()
        assert c.state_hash() == h
        c.apply(legal[0])
        assert s.state_hash() == h
    # JSON round-trips
    again = game.state_from_json(json.loads(json.dumps(s.to_json())))
    assert again.state_hash() == h
    assert again.legal_actions() == legal
    # notation round-trips for every legal action
    for a in legal:
        text = s.action_to_text(a)
        assert s.text_to_action(text) == a, text
    # a re-deal of what the player to move cannot see keeps what they see
    if game.info.hidden_information and not s.is_terminal():
        p = s.current_player
        for k in range(2):
            assert s.resample_hidden(p, seed * 100 + k).observation(p) == s.observation(p)
        # and depends on nothing else: not on where the hidden cards really are, nor on the
        # game's generator (the dice and draws to come), which a player can't know either
        other = s.resample_hidden(p, seed * 100 + 7)
        if isinstance(getattr(other, "rng", None), Rng):
            other.rng = Rng(seed * 100 + 8)   # type: ignore[attr-defined]
        assert other.resample_hidden(p, 5).state_hash() == s.resample_hidden(p, 5).state_hash()
    assert game.check_invariants(s) == []
    _check_decision(s)
    assert s.state_hash() == h


@pytest.mark.parametrize("name", GAMES)
def test_random_games_keep_the_protocol(name: str) -> None:
    game = get_game(name)
    for seed in SEEDS:
        s = game.new_state({}, seed)
        assert s.game_name == name
        assert game.info.seats[0] <= s.num_players <= game.info.seats[1]
        recorder = Recorder(name, {}, seed, s)
        rng = Rng(seed)
        seen: dict[str, None] = {}   # the action texts played so far, the latest last
        step = 0
        while not s.is_terminal() and step < MAX_STEPS:
            assert game.check_invariants(s) == []
            _check_illegal(s, seen)
            if step % CHECK_EVERY == 0:
                _check_position(game, s, seed)
            acts = s.legal_actions()
            a = acts[rng.below(len(acts))]
            text = s.action_to_text(a)
            seen.pop(text, None)
            seen[text] = None
            s.apply(s.text_to_action(text))
            recorder.record(text, s)
            step += 1
        _check_illegal(s, seen)
        _check_position(game, s, seed)
        result = verify(recorder.replay)
        assert result.checked_hashes == step and result.final_hash == s.state_hash()


def _bad_saves(data: dict[str, Any]) -> list[tuple[str, Any]]:
    """Each field left out, and each field of the wrong type."""
    out: list[tuple[str, Any]] = []
    for key, value in data.items():
        out.append((key, {k: v for k, v in data.items() if k != key}))
        wrong = 12345 if isinstance(value, str) else "?"
        out.append((key, {**data, key: wrong}))
    return out


@pytest.mark.parametrize("name", GAMES)
def test_a_bad_save_raises_save_error_naming_the_field(name: str) -> None:
    game = get_game(name)
    positions = random_game(game, 3)
    s = positions[len(positions) // 2]
    data = json.loads(json.dumps(s.to_json()))
    for bad in (None, [], "saved", {}):
        with pytest.raises(SaveError):
            game.state_from_json(bad)  # type: ignore[arg-type]
    for key, bad_data in _bad_saves(data):
        try:
            loaded = game.state_from_json(bad_data)
        except SaveError as err:
            assert key in str(err), (key, str(err))
        else:   # a field the game does not read back (a label): it must change nothing
            assert loaded.state_hash() == s.state_hash(), key


_SAME_SEED = """
import json, sys
from dejarik.core.registry import get_game, register
from dejarik.core.rng import Rng
register("kuhn", "tests.games.kuhn:GAME")
out = {}
for name in sys.argv[1:]:
    s = get_game(name).new_state({}, 11)
    rng, hashes = Rng(11), [s.state_hash()]
    while not s.is_terminal() and len(hashes) <= 120:
        acts = s.legal_actions()
        s.apply(acts[rng.below(len(acts))])
        hashes.append(s.state_hash())
    out[name] = hashes
print(json.dumps(out))
"""


def test_the_same_seed_gives_the_same_game_in_another_process() -> None:
    runs = []
    for hash_seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        done = subprocess.run([sys.executable, "-c", _SAME_SEED, *GAMES], env=env, cwd=ROOT,
                              capture_output=True, text=True, check=True, timeout=300)
        runs.append(json.loads(done.stdout))
    assert runs[0] == runs[1]
    for name in GAMES:
        here = [s.state_hash() for s in random_game(get_game(name), 11)][:len(runs[0][name])]
        assert runs[0][name] == here, name


class _Menu:
    """A state offering three actions by their text, for the shared matcher."""

    TEXT: ClassVar[dict[Action, str]] = {(0,): "fly Alpha", (1,): "fly Beta", (2,): "rest"}

    def legal_actions(self) -> list[Action]:
        return list(self.TEXT)


def _fmt(state: Any, a: Action) -> str:
    return _Menu.TEXT[a]


@pytest.mark.parametrize(("text", "error", "words"), [
    ("", NotationError, "empty"),
    ("jump Alpha", NotationError, "no action of this game.*legal now: fly Alpha"),
    ("fly Gamma", IllegalActionError, "not a legal action now; legal: fly Alpha, fly Beta, rest"),
    ("fly", AmbiguousActionError, "names several legal actions: fly Alpha, fly Beta"),
])
def test_the_shared_matcher_tells_the_three_failures_apart(text: str, error: type[ActionError],
                                                           words: str) -> None:
    with pytest.raises(error, match=words):
        match_action(_Menu(), text, _fmt, {"fly", "rest"})


def test_the_shared_matcher_accepts_exact_and_unambiguous_text() -> None:
    menu = _Menu()
    assert match_action(menu, "  FLY   beta ", _fmt, {"fly", "rest"}) == (1,)
    assert match_action(menu, "rest", _fmt, {"fly", "rest"}) == (2,)
