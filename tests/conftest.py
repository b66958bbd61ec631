"""Which tests run a second time on the pure-Python engine (`make test`, DEJARIK_PURE=1).

The suite runs on the compiled engine when it is built. The Python source is the reference,
so every rule test, every card test and the core tests also run on it.

Kuhn poker (tests/games/kuhn.py) is a registered game for the whole session, so the players
and the conformance suite reach it by name like any other game."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from dejarik.core.registry import register, unregister

PURE_TOO = ("deckbuilding/test_rulebook.py", "deckbuilding/test_cards_original.py",
            "deckbuilding/test_primitives.py", "deckbuilding/test_clone_wars_rules.py",
            "deckbuilding/test_errors.py", "deckbuilding/test_packs.py", "test_core.py",
            "agents/test_agents_generic.py", "interop/test_spaces.py", "deckbuilding/test_team.py",
            "deckbuilding/test_hidden_words.py", "deckbuilding/test_invariants.py")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        path = item.path.as_posix()
        if any(path.endswith("tests/" + p) for p in PURE_TOO):
            item.add_marker(pytest.mark.pure)


@pytest.fixture(scope="session", autouse=True)
def kuhn_registered() -> Iterator[None]:
    register("kuhn", "tests.games.kuhn:GAME")
    yield
    unregister("kuhn")
