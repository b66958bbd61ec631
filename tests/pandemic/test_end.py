"""Seed 001, "Wygrana i przegrana", "Finał" and "Sukces" (the last mission)."""

from __future__ import annotations

from dejarik.pandemic.state import PandemicState

from .helpers import (
    M,
    P,
    act,
    board,
    card,
    conserved,
    decision,
    die,
    hand,
    legal,
    only_passes,
    quiet_villain,
    run_tasks,
    set_mission,
    villain_cards,
)


def test_threat_on_the_last_space_loses_at_once() -> None:
    """Seed 001, "Wygrana i przegrana": the threat marker reaching the last space of the
    threat track loses the game at once (the rest of the invasion is not revealed)."""
    s = board()
    s.threat = s.threat_last - 1
    beta = P(s, "Beta")
    s.droids[beta], s.droid_pool = 3, 33
    for c in (P(s, "Zeta"), beta):                  # Beta on top, then Zeta
        (s.inv_deck if c in s.inv_deck else s.inv_discard).remove(c)
        s.inv_deck.append(c)
    run_tasks(s, ("invasion_step",))
    assert s.done and not s.won and s.winner() is None
    assert s.threat == s.threat_last
    assert s.droids[P(s, "Zeta")] == 0 and s.inv_deck[-1] == P(s, "Zeta")
    assert s.legal_actions() == [] and s.current_player == -1
    assert s.returns() == [-1.0, -1.0]


def test_a_villain_card_can_lose_the_game_mid_card() -> None:
    """Seed 001, "Wygrana i przegrana" ("natychmiast"): the loss stops the card at once."""
    s = board()
    s.threat = s.threat_last - 2
    villain_cards(s, card("Doom", {"threat": 5}, {"droids": {"at": "Alpha", "count": 1}}))
    run_tasks(s, ("villain_step",))
    assert s.done and not s.won and s.threat == s.threat_last
    assert s.droids[P(s, "Alpha")] == 0


def _last_mission(villain: str) -> PandemicState:
    s = board(villain=villain, at=("Zeta", "Alpha"))
    quiet_villain(s)
    set_mission(s, 0, "Beacon")                      # transport, 2
    s.mission_unseen += s.mission_deck
    s.mission_deck = []
    die(s, 2, 0)
    return s


def test_the_last_mission_starts_the_finale() -> None:
    """Seed 001, "Sukces" and "Finał": with every mission done, flip the villain sheet and
    resolve its finale setup (the villain on the top planet); only the finale side counts
    from now on (4 health instead of 3)."""
    s = _last_mission("Plain Villain")
    top = s.top_planet()
    assert s.figure_health(0) == 3
    only_passes(act(s, "mission Beacon"))
    assert s.finale and not s.done
    assert s.fig_pos == [top]
    assert s.figure_health(0) == 4
    assert s.mission_done == [M(s, "Beacon")]
    conserved(s)


def test_a_second_mission_keeps_the_game_out_of_the_finale() -> None:
    """Seed 001, "Sukces": the finale starts only when *all* missions are done."""
    s = _last_mission("Plain Villain")
    set_mission(s, 1, "Relay")
    only_passes(act(s, "mission Beacon"))
    assert not s.finale and s.slots == [-1, M(s, "Relay")]


def test_defeating_the_villain_in_the_finale_wins_at_once() -> None:
    """Seed 001, "Wygrana i przegrana" and "Finał": the finale's condition (here: defeat the
    villain, 4 health in the finale) met wins at once, in the middle of the turn."""
    s = _last_mission("Plain Villain")
    only_passes(act(s, "mission Beacon"))
    here = s.fig_pos[0]
    s.pos[0] = here
    s._legal = None
    die(s, 3, 0)
    only_passes(act(s, "attack"))
    assert not s.done and s.fig_pos == [here]        # 3 < 4 in the finale
    die(s, 4, 0)
    only_passes(act(s, "attack"))
    assert s.done and s.won and s.winner() == 0 and s.returns() == [1.0, 1.0]
    assert s.actions_left == 1 and s.legal_actions() == []


def test_removing_the_villain_before_the_finale_does_not_win() -> None:
    """Seed 001, "Wygrana i przegrana": the game is won by the finale, not by removing the
    villain before it."""
    s = board(at=("Alpha", "Gamma"))
    s.fig_pos[0] = P(s, "Alpha")
    die(s, 5, 0)
    only_passes(act(s, "attack"))
    assert s.fig_pos == [-1] and not s.done and not s.finale


def test_finale_missions_on_the_villains_planet_then_in_order() -> None:
    """Seed 001, "Finał": the finale missions are done in order; in the finale a mission may
    be attempted on the villain's planet; completing the last one wins at once."""
    s = _last_mission("Reminder Villain")
    only_passes(act(s, "mission Beacon"))
    theta = P(s, "Theta")
    assert s.finale and s.fig_pos == [theta]
    assert s.slots[0] == M(s, "Final Duel") and s.mission_planet(0) == theta
    s.pos[0] = theta
    hand(s, 0, "Trooper")
    s._legal = None
    die(s, 2, 0)
    assert "mission Final Duel" in legal(s)            # with the villain there
    act(s, "mission Final Duel", "exhaust Trooper", "pass")
    assert not s.done
    assert s.slots[0] == M(s, "Last Stand") and s.mission_planet(0) == P(s, "Alpha")
    s.pos[0] = P(s, "Alpha")
    die(s, 3, 0)
    s._legal = None
    only_passes(act(s, "mission Last Stand"))
    assert s.done and s.won


def test_only_the_finale_side_counts_after_the_flip() -> None:
    """Seed 001, "Finał": ignore every effect on the sheet's other side: the normal side's ⚠
    effect (moving toward the nearest Jedi) no longer resolves."""
    s = _last_mission("Reminder Villain")
    assert s.reminder
    only_passes(act(s, "mission Beacon"))
    assert not s.reminder
    theta = P(s, "Theta")
    quiet_villain(s)
    run_tasks(s, ("villain_step",))
    assert s.fig_pos == [theta] and decision(s) == ""


def test_a_finale_mission_on_the_villains_planet_outlives_his_defeat() -> None:
    """Seed 001, "Finał": a finale may need both the villain's defeat and a mission on his
    planet. Driving him off first must not make the game unwinnable: the mission stays on the
    planet where he was last (Dejarik's reading; docs/pandemic.md)."""
    from dejarik.pandemic import board as B
    from dejarik.pandemic.flow import can_attempt
    from dejarik.pandemic.game import new_state

    s = new_state({"players": 2, "villain": "Admiral Dravic Sollen", "first": 0}, 11)
    v = s.pack.villains[s.villain]
    s.finale = True
    s.slots = [v.finale_missions[0], -1]
    where = s.pos[0]
    s.fig_pos[0] = where
    s.blockades[where] = 0
    B.remove_figure(s, 0)
    assert s.fig_pos[0] == -1 and s.defeated[0]
    assert s.mission_planet(0) == where
    assert can_attempt(s, 0, where)
    assert not s.done    # defeated, but the finale mission is still to do
