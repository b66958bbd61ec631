"""Decisions explain themselves: every observation of a game not over carries its `decision`
(what it is for, a prompt, and for the decider each legal action with what it does), the log
says what was chosen inside an ability, and abilities that trigger together are ordered by
their player.

Simultaneous triggers, by the rulebooks (seeds 000 PL / 003 IT; the team variant 002): the
only ordering rule is in the section GDY / QUANDO (seed 000 line 679, seed 003 line 716): a
"when" ability that conflicts with a reward resolves after the reward. Nothing else orders
several abilities that trigger at once; the team variant (seed 002, WSPÓLNE TURY, line 65) has
teammates plan "the best order of resolving abilities" together. So the player whose cards
they are picks which resolves first (docs/rules.md, "Simultaneous triggers").
"""

from __future__ import annotations

import random
from typing import Any

from dejarik.deckbuilding.game import DeckbuildingState

from .conftest import EMPIRE, REBEL, do, inst, legal, position


def _check(s: DeckbuildingState) -> None:
    """The contract for one position, for every seat."""
    decider = s.current_player
    texts = [s.action_to_text(a) for a in s.legal_actions()]
    for viewer in range(s.num_players):
        dec = s.observation(viewer)["decision"]
        assert dec["player"] == decider and dec["for"] and dec["prompt"]
        if viewer != decider:
            assert dec["options"] == []
            continue
        assert [o["action"] for o in dec["options"]] == texts
        for o in dec["options"]:
            assert o["does"] and o["does"] != o["action"], o


def _play(config: dict[str, Any], seed: int, resample_every: int = 9) -> int:
    s = DeckbuildingState(config, seed)
    s.log = []   # every answer writes its line
    rng = random.Random(seed)
    steps = 0
    while not s.is_terminal():
        _check(s)
        if steps % resample_every == 0:
            for viewer in range(s.num_players):
                before = s.observation(viewer)["decision"]
                assert s.resample_hidden(viewer, steps).observation(viewer)["decision"] == before
        s.apply(rng.choice(s.legal_actions()))
        steps += 1
    assert "decision" not in s.observation(0)
    return steps


def test_random_games_explain_every_decision() -> None:
    for seed in range(6):
        assert _play({"packs": ["original"]}, seed) > 0


def test_random_team_games_explain_every_decision() -> None:
    for seed in range(2):
        assert _play({"packs": ["original"], "team": True}, seed, resample_every=13) > 0


def _bounty(s_hand: list[str]) -> Any:
    s = position(force=3, empire={"hand": s_hand, "deck": ["Stormtrooper"]}, row=["X-Wing"], galaxy_deck=["Y-Wing", "Snowspeeder"])
    for name in s_hand:
        do(s, f"play {name.lower().replace(' ', '-')}")
    for c in s.players[EMPIRE].play:
        do(s, f"commit {c} x-wing")
    return s


def test_the_reward_resolves_before_the_when_abilities_and_the_log_says_what_was_taken() -> None:
    """Seed 000 GDY (line 679) / seed 003 QUANDO (line 716): the reward first."""
    s = _bounty(["Boba Fett", "Bossk"])
    s.log = []
    do(s, "resolve")
    dec = s.observation(EMPIRE)["decision"]
    assert dec["for"] == "X-Wing's reward"
    assert dec["prompt"] == "Empire, X-Wing's reward: take it (gain 3 resources)? yes or no"
    assert [o["does"] for o in dec["options"]] == ["yes: take it: gain 3 resources", "no: skip X-Wing's reward"]
    assert s.observation(REBEL)["decision"]["options"] == []
    s.log = []
    do(s, "yes")
    assert s.log[0] == "Empire take X-Wing's reward: gain 3 resources"


def test_the_player_orders_their_abilities_that_trigger_together() -> None:
    """Boba Fett (draw a card) and Bossk (gain 1 Force) both trigger on the same successful
    bounty hunt: the rulebooks are silent on their order, so the Empire picks."""
    s = _bounty(["Boba Fett", "Bossk"])
    boba = inst(s, s.players[EMPIRE].play, "Boba Fett")
    bossk = inst(s, s.players[EMPIRE].play, "Bossk")
    do(s, "resolve", "no")
    assert legal(s) == [f"first boba-fett#{boba}", f"first bossk#{bossk}"]
    assert s.text_to_action("first bossk") == s.legal_actions()[1]
    dec = s.observation(EMPIRE)["decision"]
    when = "(when it defeats a galaxy row card)"
    assert dec["for"] == f"abilities that trigger together: Boba Fett's ability {when}, Bossk's ability {when}"
    assert dec["options"][1]["does"] == f"resolve Bossk's ability {when} first: gain 1 Force"
    s.log = []
    do(s, "first bossk")
    assert s.log == [f"Empire, {dec['for']}: resolve Bossk's ability {when} first: gain 1 Force"]
    assert legal(s) == ["yes", "no"] and s.observation(EMPIRE)["decision"]["for"] == f"Bossk's ability {when}"
    do(s, "yes")
    assert s.log[-1] == f"Empire use Bossk's ability {when}: gain 1 Force"
    assert s.observation(EMPIRE)["decision"]["for"] == f"Boba Fett's ability {when}"   # no more to order
    do(s, "no")
    assert s.log[-1] == f"Empire skip Boba Fett's ability {when}"
    assert not s.waiting


def test_a_base_watching_and_the_card_played_are_ordered_too() -> None:
    """Bespin (the first neutral card you play each turn draws a card) and Lobot (pick a
    bonus as you play him) trigger on the same play."""
    s = position(active="rebel", rebel={"base": "Bespin", "hand": ["Lobot"], "deck": ["X-Wing"]},
                 mode="full")
    do(s, "play lobot")
    assert [t.split("#")[0] for t in legal(s)] == ["first lobot", "first bespin"]
    do(s, "first bespin", "yes")
    assert legal(s) == ["yes", "no"]
    assert s.observation(REBEL)["decision"]["for"] == "Lobot's ability (when played)"


def test_identical_triggers_need_no_order() -> None:
    """One trigger alone, or copies of one effect, resolve without asking."""
    s = _bounty(["Boba Fett"])
    do(s, "resolve", "no")
    assert legal(s) == ["yes", "no"]


def test_a_card_moved_between_hidden_places_is_named_in_the_log_only_to_those_who_saw_it() -> None:
    s = position(active="rebel", force=4, rebel={"hand": ["Jyn Erso"]},
                 empire={"hand": ["Stormtrooper", "Imperial Shuttle"], "deck": ["TIE Fighter"]})
    do(s, "play jyn-erso", "use jyn-erso")
    s.log = []
    do(s, "done")
    assert s.log == ["Rebels, Jyn Erso's ability: stop looking and go on"]
    dec = s.observation(REBEL)["decision"]
    assert "put Stormtrooper from Empire's hand on top of Empire's deck" in [o["does"] for o in dec["options"]]
    s.log = []
    do(s, "select stormtrooper")
    public = "Rebels, Jyn Erso's ability: put a card from Empire's hand on top of Empire's deck"
    assert s.log[0] == public
    (readers, full), = (v for k, v in s.secret_notes.items() if k == 0)
    assert set(readers) == {EMPIRE, REBEL}
    assert full == "Rebels, Jyn Erso's ability: put Stormtrooper from Empire's hand on top of Empire's deck"


def test_main_moves_say_what_they_do() -> None:
    s = position(empire={"hand": ["Stormtrooper"]})
    dec = s.observation(EMPIRE)["decision"]
    assert dec["for"] == "Empire's turn"
    assert dec["prompt"] == "Empire: play cards, use abilities, buy, attack, or end the turn"
    does = {o["action"].split()[0]: o["does"] for o in dec["options"]}
    assert does["play"] == "play Stormtrooper (attack 2)"
    assert does["end"] == "end your turn (discard, draw 5)"
