"""Decisions explain themselves: every pending decision says in the observation what it is for,
who decides what and what each option does; the log says what was chosen, and for what.

Simultaneous triggers: seed 001 (001_203ecbf5187dff69.txt) has no general rule for several
effects at once, and needs none for a player's own cards: squad cards and Jedi abilities never
fire by themselves (an ally is discarded "w dowolnym momencie", line 391; an ability is a free
action, "Karty Jedi", lines 357-359). What does fire by itself is ordered by the rulebook: "Sukces"
(lines 314-321: damage, then "Po ukończeniu", then the new mission's "Po dobraniu"), the reminder
before the villain card (lines 397-399), a card's effects top to bottom (lines 401-403), and the
active player settles an effect with several outcomes (lines 425-427, 567-571).
"""

from __future__ import annotations

from typing import Any

from dejarik import get_game
from dejarik.core.rng import Rng
from dejarik.pandemic.codes import ABILITY, ALLY
from dejarik.pandemic.state import PandemicState
from dejarik.pandemic.views import VIEWS

from .helpers import (
    P,
    act,
    board,
    card,
    die,
    give,
    hand,
    mission_deck,
    only_passes,
    set_mission,
    villain_cards,
)


def _decision(s: PandemicState, viewer: int) -> dict[str, Any]:
    d: dict[str, Any] = s.observation(viewer)["decision"]
    return d


def _does(s: PandemicState, text: str) -> str:
    for o in _decision(s, s.current_player)["options"]:
        if o["action"] == text:
            return str(o["does"])
    raise AssertionError(f"no option {text!r}")


def _check(s: PandemicState, seed: int, resample: bool) -> set[str]:
    """The contract at one position; returns the decision's op."""
    who = s.current_player
    acts = s.legal_actions()
    mine = _decision(s, who)
    assert mine["player"] == who
    assert mine["for"] and mine["prompt"]
    assert [o["action"] for o in mine["options"]] == [s.action_to_text(a) for a in acts]
    for o in mine["options"]:
        assert o["does"] and o["does"] != o["action"], o
    for i, o in enumerate(mine["options"]):
        assert VIEWS.option_label(s, i) == o["does"]
    main = s.tasks[-1][0] == "?act"
    assert VIEWS.decision_prompt(s) == ("" if main else mine["prompt"])
    for other in range(s.num_players):
        if other != who:
            theirs = _decision(s, other)
            assert theirs["options"] == []
            assert {k: theirs[k] for k in ("player", "for", "prompt")} == \
                {k: mine[k] for k in ("player", "for", "prompt")}
    if resample:
        for viewer in {who, (who + 1) % s.num_players}:
            world = s.resample_hidden(viewer, seed)
            assert world.observation(viewer)["decision"] == _decision(s, viewer)
    return {str(s.tasks[-1][0])}


def test_every_decision_of_random_games_explains_itself() -> None:
    game = get_game("pandemic")
    seen: set[str] = set()
    for seed in range(6):
        s = game.new_state(game.normalize_config({"players": 1 + seed % 4}), seed)
        assert isinstance(s, PandemicState)
        rng = Rng(seed)
        step = 0
        while not s.is_terminal():
            seen |= _check(s, seed + step, resample=step % 7 == 0)
            acts = s.legal_actions()
            s.apply(acts[rng.below(len(acts))])
            step += 1
        assert "decision" not in s.observation(0)
    assert {"?act", "?contrib", "?prevent", "?discard", "?pick", "?transport", "?fly_on"} <= seen


def test_an_effect_choice_names_the_villain_card_and_logs_the_choice() -> None:
    """Seed 001, "Kilka możliwych skutków": the active player settles the villain card's choice;
    the decision names the card and what each planet would get."""
    s = board(at=("Alpha", "Gamma"))
    villain_cards(s, card("Bombard", {"droids": {"at": "choose", "count": 2}}))
    s.log = []
    act(s, "end")
    d = _decision(s, 0)
    assert d["for"] == "Plain Villain's villain card 'Bombard'"
    assert d["prompt"] == "Seer: choose a planet for Plain Villain's villain card 'Bombard'"
    assert _does(s, "pick Beta") == "place 2 droids on Beta"
    assert _decision(s, 1)["options"] == [] and _decision(s, 1)["for"] == d["for"]
    act(s, "pick Beta")
    assert "Seer chooses for Plain Villain's villain card 'Bombard': place 2 droids on Beta" in s.log
    assert s.droids[P(s, "Beta")] == 2


def test_consent_names_the_ability_and_the_answer_is_logged() -> None:
    """Seed 001, "Rozpatrywanie efektów": moving another Jedi needs that player's consent."""
    s = board(jedi=["Caller", "Healer"], at=("Alpha", "Gamma"))
    s.log = []
    act(s, "ability")
    assert _decision(s, 0)["for"] == "Caller's ability"
    assert _does(s, "pick Healer") == "Healer moves to Caller's planet (Alpha) (not a fly), if Healer agrees"
    act(s, "pick Healer")
    d = _decision(s, 1)
    assert d["player"] == 1 and d["for"] == "Caller's ability"
    assert d["prompt"] == "Healer: agree to Caller's ability? (Healer moves to Caller's planet (Alpha) (not a fly))"
    assert _does(s, "refuse") == "refuse: Healer stays where they are"
    act(s, "refuse")
    assert s.log[-1] == "Healer refuses Caller's ability: Healer moves to Caller's planet (Alpha) (not a fly)"
    assert s.pos[1] == P(s, "Gamma")


def test_an_attack_says_what_each_card_adds_and_logs_it() -> None:
    """Seed 001, "Atak", "Szturm i ukrycie" and "Obrona", in words."""
    s = board(at=("Alpha", "Alpha"))
    a = P(s, "Alpha")
    s.droids[a], s.droid_pool = 2, s.droid_pool - 2
    die(s, 1, 1)
    hand(s, 0, "Trooper", "Scout", "Shield")
    s.log = []
    act(s, "attack")
    d = _decision(s, 0)
    assert d["for"] == "Seer's attack on Alpha"
    assert d["prompt"] == ("Seer: add assault or stealth cards to Seer's attack on Alpha "
                           "(rolled 1 success, cards +0), or pass")
    assert _does(s, "exhaust Trooper") == "exhaust Trooper: +1 damage to the attack (only assault cards may join it then)"
    assert _does(s, "pass") == "add no more cards (then Healer may)"
    act(s, "exhaust Trooper")
    assert s.log[-1] == "Seer exhausts Trooper for Seer's attack on Alpha (+1)"
    only_passes(s)
    d = _decision(s, 0)
    assert d["for"] == "the damage Seer takes from the attack on Alpha"
    assert _does(s, "exhaust Shield") == "exhaust Shield: prevent 1 of the damage to Seer"
    assert _does(s, "pass") == "prevent no more: Seer discards 1 card"
    act(s, "exhaust Shield")
    assert s.log[-1] == "Seer exhausts Shield to prevent 1 of the damage Seer takes from the attack on Alpha"


def test_a_discard_to_damage_says_what_for() -> None:
    s = board(at=("Alpha", "Gamma"))
    a = P(s, "Alpha")
    s.droids[a], s.droid_pool = 1, s.droid_pool - 1
    die(s, 1, 1)
    hand(s, 0, "Trooper", "Scout")
    s.log = []
    act(s, "attack", "pass")
    assert s.log[1:4] == ["Seer adds no more cards to Seer's attack on Alpha",
                          "a droid is destroyed on Alpha", "Seer takes 1 damage"]
    d = _decision(s, 0)
    assert d["for"] == "the damage Seer takes from the attack on Alpha"
    assert d["prompt"] == "Seer: choose a card to discard (1 to discard)"
    assert _does(s, "discard Scout") == "put Scout on the squad discard pile"
    act(s, "discard Scout")
    assert s.log[-1] == "Seer discards Scout for the damage Seer takes from the attack on Alpha"


def test_a_mission_resolves_its_damage_then_when_completed_then_the_new_when_drawn() -> None:
    """Seed 001 (001_203ecbf5187dff69.txt), "Sukces", lines 314-321: the active Jedi takes the
    damage (1), the "Po ukończeniu" effect resolves (2), the card goes to the box (3), and the
    next mission is drawn and its "Po dobraniu" resolves (4). The rulebook orders these effects
    that happen together; the engine follows it."""
    s = board(at=("Beta", "Gamma"))
    set_mission(s, 0, "Escape the Citadel")     # needs 7, damage 2; when completed: draw 1
    mission_deck(s, "Foundry")                   # when drawn: 1 droid on Gamma
    die(s, 7, 0)
    hand(s, 0, "Scout", "Scout")
    s.log = []
    act(s, "mission Escape the Citadel")
    only_passes(s)
    log = s.log
    took = log.index("Seer takes 2 damage")
    drew = next(i for i, line in enumerate(log) if line.startswith("Seer draws "))
    new = log.index("new mission: Foundry on Gamma")
    assert log.index("Escape the Citadel is completed (7 of 7)") < took < drew < new
    assert s.droids[P(s, "Gamma")] == 1


def test_no_players_cards_fire_by_themselves() -> None:
    """Seed 001 is silent on ordering a player's simultaneous triggers, and there are none to
    order: a Jedi's ability and an ally resolve only when their player takes that action, one
    at a time. In random games, the effects of a player's cards start only from that player's
    own `ability` or `ally` action."""
    game = get_game("pandemic")
    for seed in range(4):
        s = game.new_state(game.normalize_config({"players": 2 + seed % 3}), seed)
        assert isinstance(s, PandemicState)
        rng = Rng(seed)
        while not s.is_terminal():
            acts = s.legal_actions()
            a = acts[rng.below(len(acts))]
            before = _player_sources(s)
            s.apply(a)
            new = _player_sources(s) - before
            assert not new or (a[0] in (ABILITY, ALLY) and len(new) == 1), (a, new)


def _player_sources(s: PandemicState) -> set[tuple[Any, ...]]:
    return {t for t in s.tasks if t[0] == "src" and t[1] in ("ability", "ally")}


def test_splitting_an_attacks_damage_says_what_each_target_takes() -> None:
    """Seed 001, "Atak": the active player splits the damage between droids and the villain."""
    s = board(at=("Alpha", "Gamma"))
    a = P(s, "Alpha")
    s.droids[a], s.droid_pool = 1, s.droid_pool - 1
    s.fig_pos[0] = a
    die(s, 3, 0)
    s.log = []
    act(s, "attack")
    only_passes(s)
    d = _decision(s, 0)
    assert d["for"] == "Seer's attack on Alpha"
    assert d["prompt"] == "Seer: choose where 3 damage goes on Alpha"
    assert _does(s, "target droid") == "destroy a droid on Alpha (1 damage, 2 left)"
    assert _does(s, "target Plain Villain") == "drive Plain Villain off the board (3 damage, 0 left)"
    act(s, "target Plain Villain")
    assert "Seer chooses for Seer's attack on Alpha: drive Plain Villain off the board (3 damage, 0 left)" in s.log


def test_readying_cards_names_the_ability() -> None:
    s = board(jedi=["Healer", "Seer"], at=("Alpha", "Gamma"))
    give(s, 0, "Trooper", "Scout", "Shield", exhausted=True)
    s.log = []
    act(s, "ability")
    d = _decision(s, 0)
    assert d["for"] == "Healer's ability"
    assert d["prompt"] == "Healer: choose a card to ready for Healer's ability (2 to ready)"
    assert _does(s, "ready Scout") == "ready Scout: it can be used again"
    act(s, "ready Scout")
    assert s.log[-1] == "Healer readies Scout for Healer's ability"
