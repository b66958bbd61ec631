"""The card game's rules of thumb and evaluation (tcg/policy.py) on crafted positions: the
setup covers every arena the hand allows, the players attack, and they retreat a unit the
battle would destroy for nothing, but never one whose arena is their last hope.

Each position below is one where the players before these rules went wrong: they spent the
setup points on one big unit and left an arena empty, and they never retreated."""

from __future__ import annotations

from dejarik.agents.base import GreedyAgent, HeuristicAgent
from dejarik.core.rng import Rng
from dejarik.tcg import flow as F
from dejarik.tcg.policy import HOOKS, attack_value, evaluate, heuristic_action
from dejarik.tcg.policy_battle import forecast, hit_odds, kill_chance, sketch, survival
from dejarik.tcg.state import COMMAND, TcgState
from tests.tcg.helpers import DARK, LIGHT, pass_until, position, start, unit

FILLER = "Strength of Hate"     # a Battle card: something to draw in setup


def _setup_position() -> TcgState:
    """Seed 004's setup with 10 points left: Ground is covered, Space and Character are not.
    The Droid Control Ship (9) would leave 1 point, and the cheapest Character costs 2."""
    s = position(dark={"arena": ["Destroyer Droid Squad"],
                       "hand": ["Droid Control Ship", "Droid Starfighter DFS-4CT",
                                "Infantry Battle Droid, B1 Series"],
                       "deck": [FILLER] * 6},
                 light={"arena": ["Clone Platoon"], "deck": [FILLER] * 6})
    s.setup_left = [10, 0]
    return start(s, ("?setup", DARK, 1 << LIGHT))   # the Light Side has stopped


def test_setup_keeps_points_to_cover_every_arena() -> None:
    s = _setup_position()
    first = heuristic_action(s, Rng(1))
    assert first[0] == F.DEPLOY and s.name(first[1]) != "Droid Control Ship"
    while s.tasks and s.tasks[-1][0] == "?setup":
        s.apply(heuristic_action(s, Rng(1)))
    assert all(s.arena[DARK][a] for a in range(3)), [s.name(u) for u in s.in_play(DARK)]


def test_the_lookahead_player_also_covers_every_arena() -> None:
    """It tries each deploy that keeps every arena coverable, playing the rest of the setup
    out by rule, so the big ship first is never among its choices."""
    s = _setup_position()
    player = HeuristicAgent(3)
    while s.tasks and s.tasks[-1][0] == "?setup":
        s.apply(player.act(s))
    assert all(s.arena[DARK][a] for a in range(3)), [s.name(u) for u in s.in_play(DARK)]


def _retreat_position(dark: list[str], light: list[str]) -> TcgState:
    """The Dark Side's retreat step, the battle and the end-of-turn check still to come."""
    s = position(dark={"arena": dark, "deck": [FILLER] * 3}, light={"arena": light, "deck": [FILLER] * 3})
    s.phase = COMMAND
    s.turn = 1
    return start(s, ("?retreat", DARK), ("?retreat", LIGHT), ("command_end",), ("battle",), ("end_turn",))


def _doomed_fighter() -> TcgState:
    """Space: a 1-health starfighter against two ships that outspeed or outlast it; it can
    destroy neither, and the Dark Side holds Ground whatever happens there."""
    return _retreat_position(
        dark=["Droid Starfighter DFS-4CT", "Destroyer Droid Squad", "Destroyer Droid Squad",
              "Super Battle Droid 8EX"],
        light=["Republic Assault Ship", "Naboo Starfighter Squadron", "Clone Warrior 4/163"])


def test_a_unit_the_battle_would_destroy_for_nothing_retreats() -> None:
    """Seed 004, "Wycofywanie jednostek": the fighter is lost in the battle and Space with
    it; retreated, it is Space lost all the same, but the fighter comes back next turn."""
    s = _doomed_fighter()
    fighter = unit(s, "Droid Starfighter DFS-4CT")
    sk = sketch(s)
    assert survival(sk, forecast(sk))[sk.index[fighter]] < 0.2
    assert heuristic_action(s, Rng(1)) == (F.RETREAT, fighter, 0)
    assert GreedyAgent(1).act(s) == (F.RETREAT, fighter, 0)
    assert HeuristicAgent(1).act(s) == (F.RETREAT, fighter, 0)


def test_a_unit_is_not_retreated_when_its_arena_is_the_last_hope() -> None:
    """The Light Side holds Ground; the Dark Side's only ship will likely be destroyed, but
    retreating it hands the Light Side Space too, and with it the game (seed 004, "Koniec
    tury"): it stays and fights."""
    s = _retreat_position(dark=["Droid Starfighter Squadron", "Super Battle Droid 8EX"],
                          light=["Republic Assault Ship", "Clone Platoon"])
    ship = unit(s, "Droid Starfighter Squadron")
    assert (F.RETREAT, ship, 0) in s.legal_actions()
    assert heuristic_action(s, Rng(1)) == (F.PASS, 0, 0)
    assert HeuristicAgent(1).act(s) == (F.PASS, 0, 0)


def test_retreating_a_unit_no_enemy_can_reach_is_never_worth_it() -> None:
    s = _retreat_position(dark=["Destroyer Droid Squad", "Droid Starfighter Squadron"],
                          light=["Clone Platoon"])
    ship = unit(s, "Droid Starfighter Squadron")
    assert (F.RETREAT, ship, 0) in s.legal_actions()
    assert heuristic_action(s, Rng(1)) in ((F.PASS, 0, 0), (F.RETREAT, unit(s, "Destroyer Droid Squad"), 0))


def _winning_attack() -> TcgState:
    """Ground battle: the Dark Side holds Character; the Light Side's last Ground unit has one
    health left, and destroying it wins the game at the end of the turn."""
    s = position(dark={"arena": ["Destroyer Droid Squad", "Super Battle Droid 8EX"], "deck": [FILLER] * 3},
                 light={"arena": ["Clone Squad"], "deck": [FILLER] * 3}, seed=5)
    s.damage[unit(s, "Clone Squad")] = 2
    s.turn = 1
    start(s, ("battle",), ("end_turn",))
    pass_until(s, "?attack")
    return s


def test_the_players_attack_where_an_attack_wins_an_arena() -> None:
    s = _winning_attack()
    attack = (F.ATTACK, unit(s, "Destroyer Droid Squad"), unit(s, "Clone Squad"))
    assert set(s.legal_actions()) == {attack, (F.SKIP, attack[1], 0)}
    assert heuristic_action(s, Rng(1)) == attack
    for seed in range(4):
        assert HeuristicAgent(seed).act(s) == attack


def test_attack_value_counts_the_arena_an_attack_takes() -> None:
    s = _winning_attack()
    droids, squad = unit(s, "Destroyer Droid Squad"), unit(s, "Clone Squad")
    alone = attack_value(s, droids, squad)
    s.arena[LIGHT][1].append(unit(s, FILLER, LIGHT))   # pretend another unit stands there
    try:
        assert attack_value(s, droids, squad) < alone
    finally:
        s.arena[LIGHT][1].pop()


def test_hit_odds_follow_the_dice() -> None:
    """Seed 004, "Jak atakować?": a hit on 4+; reference section 9: Critical Hit adds its
    value once when any die shows 6."""
    assert hit_odds(1, 0) == (0.5, 0.5)
    assert abs(sum(hit_odds(5, 2)) - 1) < 1e-12
    assert abs(hit_odds(1, 2)[3] - 1 / 6) < 1e-12 and abs(hit_odds(1, 2)[1] - 1 / 3) < 1e-12
    assert abs(kill_chance(2, 0, 2) - 0.25) < 1e-12 and kill_chance(3, 0, 4) == 0.0


def test_the_evaluation_is_one_number_seen_from_both_sides() -> None:
    s = _doomed_fighter()
    dark, light = evaluate(s, DARK), evaluate(s, LIGHT)
    assert -1.0 <= dark <= 1.0 and dark == -light
    assert HOOKS.evaluate(s.clone(), DARK, None) == dark


def test_a_battle_won_on_the_board_is_a_win_in_the_evaluation() -> None:
    s = _winning_attack()
    s.apply((F.ATTACK, unit(s, "Destroyer Droid Squad"), unit(s, "Clone Squad")))
    HOOKS.settle(s, Rng(1))
    assert s.done or evaluate(s, DARK) > 0.9


def _attack_window(target_damage: int) -> TcgState:
    """Space battle, the Dark Side's squadron (power 3) attacks a Naboo squadron (health 4)
    holding Strength of Hate (+3 power for the attack, 2 Force): the chance to play inside
    the attack, before the dice (seed 004, "Jak atakować?" 1)."""
    s = position(dark={"arena": ["Droid Starfighter Squadron"], "hand": ["Strength of Hate"],
                       "deck": [FILLER] * 3},
                 light={"arena": ["Naboo Starfighter Squadron"], "deck": [FILLER] * 3}, force=(4, 0))
    s.damage[unit(s, "Naboo Starfighter Squadron")] = target_damage
    s.turn = 1
    start(s, ("battle",), ("end_turn",))
    pass_until(s, "?attack")
    s.apply((F.ATTACK, unit(s, "Droid Starfighter Squadron"), unit(s, "Naboo Starfighter Squadron")))
    assert s.tasks[-1][:2] == ("?pop", F.IN_ATTACK) and s.current_player == DARK
    return s


def test_the_lookahead_player_boosts_an_attack_when_the_odds_pay_for_the_card() -> None:
    """3 dice can't destroy 4 health; 6 dice do a third of the time: worth a card and 2 Force.
    Against 1 health left, 3 dice already destroy it 7 times in 8: the card stays in hand.
    The rule of thumb plays no such cards."""
    s = _attack_window(0)
    boost = (F.PLAY, unit(s, "Strength of Hate"), 0)
    assert HOOKS.routine(s, Rng(1)) == boost and HeuristicAgent(2).act(s) == boost
    assert heuristic_action(s, Rng(1)) == (F.PASS, 0, 0)
    s = _attack_window(3)
    assert HOOKS.routine(s, Rng(1)) == (F.PASS, 0, 0)


def test_an_effect_that_hurts_is_aimed_at_the_opponent() -> None:
    """Knockdown taps a Character of either side: the rule of thumb (and the lookahead's play
    on) aims it at the opponent's, not at its own stronger one."""
    s = position(dark={"arena": ["Super Battle Droid 8EX"], "hand": ["Knockdown"], "deck": [FILLER] * 3},
                 light={"arena": ["Clone Warrior 4/163"], "deck": [FILLER] * 3}, force=(4, 0))
    s.turn = 1
    start(s, ("battle",), ("end_turn",))
    assert s.tasks[-1][:3] == ("?pop", F.GENERAL, DARK)
    s.apply((F.PLAY, unit(s, "Knockdown"), 0))
    assert s.tasks[-1][0] == "?choose"
    assert heuristic_action(s, Rng(1)) == (F.CHOOSE, unit(s, "Clone Warrior 4/163"), 0)


def test_the_features_are_a_lead_and_the_weights_accept_a_fitted_bias() -> None:
    """What `dejarik tune` fits: one number per feature, the same lead from both sides."""
    s = _doomed_fighter()
    features = HOOKS.features
    assert features is not None
    dark, light = features(s, DARK), features(s, LIGHT)
    assert len(dark) == len(HOOKS.feature_names) and dark == [-x for x in light]
    weights = HOOKS.check_weights({"bias": 0.0, "dominance": 2.0})
    assert weights["dominance"] == 2.0 and evaluate(s, DARK, weights) != evaluate(s, DARK)


def _san_hill_build_step(build: list[tuple[str, int]]) -> TcgState:
    """The Dark Side's build step with 2 build points; San Hill (A) (AOTC.txt) may tap for 2
    more (and 1 for the opponent)."""
    s = position(dark={"arena": ["San Hill (A)", "Destroyer Droid Squad"], "build": build,
                       "deck": [FILLER] * 4},
                 light={"arena": ["Clone Platoon", "Naboo Security Guard"], "deck": [FILLER] * 4})
    s.bp = [2, 0]
    s.turn = 2
    return start(s, ("?build", DARK))


def test_the_lookahead_player_uses_a_build_step_ability_when_the_step_ends_better() -> None:
    """Super Battle Droid 8EX (cost 5) has 1 counter: the rule spends the 2 points on it and
    stays short, while San Hill's 2 more finish it. Nothing to build: the tap buys nothing and
    San Hill stays ready to attack."""
    s = _san_hill_build_step([("Super Battle Droid 8EX", 1)])
    assert heuristic_action(s, Rng(1))[0] == F.BUILD_K           # the rule ignores abilities
    assert HOOKS.routine(s, Rng(1)) == (F.ABILITY, unit(s, "San Hill (A)"), 0)
    s = _san_hill_build_step([])
    assert HOOKS.routine(s, Rng(1)) == (F.PASS, 0, 0)


def _defender_window(attacker: str, defender: str, force: int) -> TcgState:
    """Space battle: the Dark Side's attacker has declared against the defender; the Light
    Side, with X-wing Squadron (ANH.txt: Intercept for 3 Force, Retaliate 2 for 2 Force) in
    the arena, has its chance to play before the dice."""
    light = ["X-wing Squadron"] + ([defender] if defender != "X-wing Squadron" else [])
    s = position(dark={"arena": [attacker], "deck": [FILLER] * 3},
                 light={"arena": light, "deck": [FILLER] * 3}, force=(0, force))
    s.turn = 1
    start(s, ("battle",), ("end_turn",))
    pass_until(s, "?attack")
    s.apply((F.ATTACK, unit(s, attacker), unit(s, defender)))
    while s.current_player != LIGHT:
        s.apply((F.PASS, 0, 0))
    assert s.tasks[-1][:2] == ("?pop", F.IN_ATTACK)
    return s


def test_the_lookahead_player_intercepts_and_retaliates_when_the_odds_pay_for_the_force() -> None:
    """Intercept: TIE Fighter Squad's 5 dice would likely destroy X-Wing Red Two (health 2);
    the Squadron (health 5) takes the attack instead. Retaliate: a TIE Fighter DS-73-5 (health
    1) attacking the Squadron meets 2 dice, which destroy it 3 times in 4; against TIE Fighter
    Squad (health 4) they can't, and the Force stays. The rule of thumb never plays them."""
    s = _defender_window("TIE Fighter Squad", "X-Wing Red Two", 3)
    squadron = unit(s, "X-wing Squadron")
    assert HOOKS.routine(s, Rng(1)) == (F.ABILITY, squadron, 0)
    assert heuristic_action(s, Rng(1)) == (F.PASS, 0, 0)
    s = _defender_window("TIE Fighter DS-73-5", "X-wing Squadron", 2)
    assert HOOKS.routine(s, Rng(1)) == (F.ABILITY, squadron, 1)
    s = _defender_window("TIE Fighter Squad", "X-wing Squadron", 2)
    assert (F.ABILITY, squadron, 1) in s.legal_actions()
    assert HOOKS.routine(s, Rng(1)) == (F.PASS, 0, 0)


def test_the_lookahead_player_pays_for_its_attackers_own_power_ability() -> None:
    """Vader's TIE Fighter (B) (ANH.txt): "pay 1 Force: it gets +1 power for this attack",
    written on the unit itself, not on "the attacker". Against X-Wing Red Two (health 2,
    Shields 1) its 2 dice become 3: worth the Force."""
    s = position(dark={"arena": ["Vader's TIE Fighter (B)"], "deck": [FILLER] * 3},
                 light={"arena": ["X-Wing Red Two"], "deck": [FILLER] * 3}, force=(1, 0))
    s.turn = 1
    start(s, ("battle",), ("end_turn",))
    pass_until(s, "?attack")
    tie = unit(s, "Vader's TIE Fighter (B)")
    s.apply((F.ATTACK, tie, unit(s, "X-Wing Red Two")))
    assert s.tasks[-1][:2] == ("?pop", F.IN_ATTACK) and s.current_player == DARK
    assert HOOKS.routine(s, Rng(1)) == (F.ABILITY, tie, 1)


def test_the_lookahead_player_redraws_its_missions_and_the_rule_keeps_its_hand() -> None:
    """Reference section 4.2 (the opening redraw): the lookahead player sets aside each Mission
    card and keeps its Battle cards; the rule of thumb, the player the others are measured
    against, keeps its whole hand (docs/tcg.md, "The players")."""
    hand = ["Clone Platoon", "Mending", "Yoda's Intervention", "Hero's Dodge", "Mending",
            "Republic Cruiser", "Clone Platoon"]
    for agent, kept in ((HeuristicAgent(5), 0), (GreedyAgent(5), 2)):
        s = position(light={"hand": hand, "deck": ["Clone Squad"] * 10})
        start(s, ("?redraw", LIGHT))
        while s.tasks and s.tasks[-1][0] == "?redraw":
            s.apply(agent.act(s))
        names = [s.name(c) for c in s.hand[LIGHT]]
        assert len(names) == 7 and names.count("Mending") == kept, names
        assert names.count("Yoda's Intervention") == names.count("Hero's Dodge") == 1
        assert names.count("Clone Squad") == 2 - kept
