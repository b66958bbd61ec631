"""The command line's options, card listings and scenarios come from the registered games:
each flag is offered once, each game reads its own options with its own defaults, and a pack
or a scenario file goes to the game it belongs to."""

from __future__ import annotations

from pathlib import Path

import pytest

from dejarik.cli.options import all_options, game_config, seat_specs
from dejarik.core.errors import ConfigError
from tests.test_cli import run


def test_each_flag_is_offered_once_with_the_help_of_every_game_that_reads_it() -> None:
    flags = [o.flag for o in all_options()]
    assert len(flags) == len(set(flags))
    by_flag = {o.flag: o for o in all_options()}
    assert by_flag["--first"].help.startswith("which side moves first")
    assert by_flag["--first"].help.endswith("; pandemic: which seat begins (default random)")
    assert by_flag["--pack"].default == ("original",)       # the help shows the first game's


def test_a_game_gets_its_own_default_for_a_flag_it_shares() -> None:
    assert game_config({}, game="pandemic")["pack"] == "pandemic_sample"
    with pytest.raises(ConfigError, match="give one --pack"):
        game_config({"packs": ("pandemic_sample", "pandemic_published")}, game="pandemic")


def test_seat_specs_give_you_your_seat_and_the_others_the_opponent() -> None:
    tcg = game_config({}, game="tcg")
    assert seat_specs("tcg", tcg, {"deck": "jedi_council"}, "greedy", 0) == ["greedy", "human"]
    assert seat_specs("tcg", tcg, {}, "human", 0) == ["human", "human"]
    with pytest.raises(ConfigError, match="seats 0"):
        seat_specs("tcg", tcg, {}, "greedy", 2)
    team = game_config({"team": True}, game="deckbuilding")
    assert seat_specs("deckbuilding", team, {}, "heuristic", 2) == ["heuristic", "heuristic", "human", "heuristic"]
    coop = game_config({"players": 3}, game="pandemic")
    assert seat_specs("pandemic", coop, {}, "greedy", 1) == ["greedy", "human", "greedy"]


def test_packs_go_to_their_game_and_two_games_packs_do_not_mix() -> None:
    code, out = run("cards", "list", "pandemic_sample", "original")
    assert code == 2 and "give deckbuilding packs or Pandemic packs, not both" in out
    code, out = run("cards", "show", "tcg", "Yoda (B)")
    assert code == 0 and out.startswith("Yoda (B)")
    code, out = run("cards", "check", "tcg")
    assert code == 2 and "built in" in out


def test_a_scenario_names_its_game_or_is_the_one_game_with_scenarios(tmp_path: Path) -> None:
    body = "players:\n  empire: {hand: [TIE Fighter], base: Lothal}\n  rebel: {base: Dantooine}\n"
    named = tmp_path / "named.yaml"
    named.write_text("game: deckbuilding\n" + body)
    code, out = run("scenario", "check", str(named))
    assert code == 0 and "ok: 13 cards, turn 1, Empire to act" in out and "play tie-fighter#0" in out
    unnamed = tmp_path / "unnamed.yaml"
    unnamed.write_text(body)
    code, out = run("scenario", "check", str(unnamed))
    assert code == 0 and "ok: 13 cards, turn 1, Empire to act" in out, "a file without game: is the deckbuilder's"
    other = tmp_path / "other.yaml"
    other.write_text("game: tcg\n" + body)
    code, out = run("scenario", "check", str(other))
    assert code == 2 and "other.yaml: unknown field(s) players (fields: game, description" in out
    other.write_text("game: kuhn\n" + body)
    code, out = run("scenario", "check", str(other))
    assert code == 2 and "(kuhn) has no scenario files" in out
