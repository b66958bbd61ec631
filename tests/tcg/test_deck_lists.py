"""Several decks a side, for simulations: each game is dealt one deck of each side's list by
its own luck, and the state keeps the decks it was dealt."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from dejarik.cli.main import main
from dejarik.core.errors import ConfigError
from dejarik.core.registry import get_game
from dejarik.tcg.family import sample_decks
from dejarik.tcg.game import deck_for

DARK = ["separatist_droid_army", "sith_and_bounty_hunters"]
LIGHT = ["jedi_council", "republic_clone_army"]


def test_each_game_is_dealt_one_deck_a_side_and_a_seed_deals_the_same_again() -> None:
    game = get_game("tcg")
    cfg = game.normalize_config({"dark": DARK, "light": LIGHT})
    assert cfg["dark"] == DARK and cfg["light"] == LIGHT
    pairs = set()
    for seed in range(20):
        s = game.new_state(cfg, seed)
        assert s.config["dark"] in DARK and s.config["light"] in LIGHT
        again = game.new_state(cfg, seed)
        assert again.state_hash() == s.state_hash()
        loaded = game.state_from_json(s.to_json())
        assert loaded.state_hash() == s.state_hash(), "a dealt game saves its own decks"
        pairs.add((s.config["dark"], s.config["light"]))
    assert len(pairs) == 4


def test_a_single_deck_a_side_deals_as_before() -> None:
    """A list of one is the deck itself: no luck is spent choosing it."""
    game = get_game("tcg")
    one = game.new_state(game.normalize_config({"dark": [DARK[1]], "light": [LIGHT[0]]}), 7)
    plain = game.new_state(game.normalize_config({"dark": DARK[1], "light": LIGHT[0]}), 7)
    assert one.state_hash() == plain.state_hash()


def test_bad_lists_are_refused_by_name() -> None:
    game = get_game("tcg")
    with pytest.raises(ConfigError, match="dark: an empty list of decks"):
        game.normalize_config({"dark": [], "light": LIGHT})
    with pytest.raises(ConfigError, match="light: deck 'sith_and_bounty_hunters' is a dark side deck"):
        game.normalize_config({"light": [LIGHT[0], DARK[1]]})


def test_a_person_plays_one_deck_a_side() -> None:
    from dejarik.tcg.options import OPTIONS

    cfg = get_game("tcg").normalize_config({"dark": DARK, "light": LIGHT})
    with pytest.raises(ConfigError, match="several decks are for `dejarik sim`"):
        OPTIONS.seat_specs(cfg, {"deck": "all"}, "random", 0)
    # away from a terminal, `play` prints a game between AI players: one dealt from the lists
    # (the fast AI: the default one thinks for 45 s, and the deal is what is tested)
    res = CliRunner().invoke(main, ["play", "tcg", "--deck", "all", "--seed", "3", "--vs", "greedy"])
    assert res.exit_code == 0, res.output
    decks = res.output.splitlines()[1]
    assert decks.startswith("   Dark Side: ")
    dealt = [n for n in sample_decks() if n in decks]
    assert sorted(deck_for(n).side for n in dealt) == ["dark", "light"], decks


def test_a_learning_environment_refuses_a_configuration_of_several_layouts() -> None:
    pytest.importorskip("pettingzoo", reason="the rl extra is not installed (pip install 'dejarik[rl]')")
    from dejarik.interop.pettingzoo import raw_env

    e = raw_env(game="tcg", config={"dark": DARK})
    with pytest.raises(ConfigError, match="deals games of different layouts"):
        for seed in range(12):
            e.reset(seed=seed)
