"""Games with decks drawn at random from the whole implemented card pool (every set written in
the ability vocabulary so far), random and rule-of-thumb players, the invariants of
tcg/invariants.py checked after every action, and replays that reproduce every state.

`make test` plays 64 such games; the issue's 2,000 run the same test with
DEJARIK_POOL_FUZZ_GAMES=2000 (docs/tcg.md, "Fuzzing")."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from dejarik.agents.base import GreedyAgent, RandomAgent
from dejarik.core.replay import Recorder, verify
from dejarik.core.rng import Rng
from dejarik.tcg.carddefs import all_defs
from dejarik.tcg.decks import MAX_COPIES, MIN_CARDS
from dejarik.tcg.game import new_state
from dejarik.tcg.invariants import check_invariants
from dejarik.tcg.state import TcgState

GAMES = int(os.environ.get("DEJARIK_POOL_FUZZ_GAMES", "64"))
PARTS = 8


def pool(side: str) -> list[str]:
    """The implemented cards a deck of this side may hold, each printing once (a promo plays
    as the card it reprints)."""
    return sorted(name for name, d in all_defs().items()
                  if d.implemented and d.facts.side in (side, "neutral") and d.facts.number)


def random_deck(side: str, rng: Rng) -> str:
    """A legal deck list: MIN_CARDS cards of the side and neutral ones, at most MAX_COPIES of any."""
    cards = pool(side)
    counts: dict[str, int] = {}
    while sum(counts.values()) < MIN_CARDS:
        name = cards[rng.below(len(cards))]
        if counts.get(name, 0) < MAX_COPIES:
            counts[name] = counts.get(name, 0) + 1
    return f"side: {side}\n" + "".join(f"{n} {name}\n" for name, n in counts.items())


def play(seed: int, folder: Path, record: bool = False) -> tuple[TcgState, Recorder | None]:
    rng = Rng(seed)
    paths = []
    for side in ("dark", "light"):
        path = folder / f"{side}-{seed}.txt"
        path.write_text(random_deck(side, rng), encoding="utf-8")
        paths.append(str(path))
    s = new_state({"dark": paths[0], "light": paths[1], "turn_limit": 60}, seed)
    agents = [(GreedyAgent if seed % 2 else RandomAgent)(seed * 2 + i) for i in (0, 1)]
    recorder = Recorder("tcg", s.config, seed, s) if record else None
    assert check_invariants(s) == [], f"seed {seed}: before the first action"
    actions = 0
    while not s.done:
        a = agents[s.current_player].act(s)
        text = s.action_to_text(a)
        s.apply(a)
        actions += 1
        if recorder is not None:
            recorder.record(text, s)
        problems = check_invariants(s)
        assert problems == [], f"seed {seed}, action {actions} ({text}): {problems}"
    return s, recorder


@pytest.mark.parametrize("part", range(PARTS))
def test_random_pool_decks_keep_the_invariants(part: int, tmp_path: Path) -> None:
    ended = [play(seed, tmp_path)[0].done for seed in range(part, GAMES, PARTS)]
    assert ended and all(ended)


def test_a_random_pool_game_replays_exactly(tmp_path: Path) -> None:
    s, recorder = play(5, tmp_path, record=True)
    assert recorder is not None
    res = verify(recorder.replay)
    assert res.terminal and res.checked_hashes == len(recorder.replay.actions) > 20
    assert res.final_hash == s.state_hash() and res.winner == s.winner()


def test_random_decks_span_the_sets_and_are_legal(tmp_path: Path) -> None:
    """The pool holds several sets, and a drawn deck loads as a legal deck of its side."""
    from dejarik.tcg.decks import load_deck

    sets = {all_defs()[n].facts.set for n in pool("dark") + pool("light")}
    assert {"AOTC", "SR", "ANH"} <= sets
    path = tmp_path / "d.txt"
    path.write_text(random_deck("dark", Rng(1)), encoding="utf-8")
    deck = load_deck(path)
    assert deck.side == "dark" and deck.size == MIN_CARDS
