"""Seed 001, "Przygotowanie" 1-9: the setup of the game."""

from __future__ import annotations

from pathlib import Path

import pytest

from dejarik.core.errors import ConfigError
from dejarik.pandemic.game import new_state

from .helpers import PACK, M, P, board, conserved, game, mission_deck, run_tasks

SEEDS = range(1, 13)


def _place(droids: list[int], blockades: list[int], counts: dict[str, int], p: int) -> None:
    """The rulebook's placement of one droid (a 4th is an occupation): a small model."""
    if droids[p] >= 3:
        counts["threat"] += 1
        blockades[p] += 1
    else:
        droids[p] += 1


def test_tracks_start_on_their_first_spaces() -> None:
    """Seed 001, "Przygotowanie" 1-2: the pools beside the board; one marker on the first
    space of the invasion track and one on the first space of the threat track."""
    for seed in SEEDS:
        s = game(seed=seed)
        assert s.invasion == 0
        assert s.rates[s.invasion] == 2
        assert s.threat == sum(s.blockades)   # only an occupation could have raised it
        assert s.threat_last == 8
        conserved(s)


def test_villain_deck_is_six_cards_shuffled() -> None:
    """Seed 001, "Przygotowanie" 3: the villain's deck (6 cards) is shuffled face down."""
    orders = set()
    for seed in SEEDS:
        s = game(seed=seed)
        assert sorted(s.villain_deck) == list(range(6))
        assert s.villain_discard == []
        orders.add(tuple(s.villain_deck))
    assert len(orders) > 1


def test_reminder_token_only_for_a_villain_with_a_reminder_effect() -> None:
    """Seed 001, "Przygotowanie" 3: the reminder token goes on the deck only when the sheet
    shows the ⚠ symbol; otherwise it goes back to the box."""
    assert game(villain="Reminder Villain").reminder is True
    assert game(villain="Plain Villain").reminder is False
    assert game(villain="Shadow").reminder is False


def test_villain_sheet_setup_is_followed() -> None:
    """Seed 001, "Przygotowanie" 3: follow the setup on the villain sheet (the Reminder
    Villain's: 1 droid on Kappa, before the invasion of step 4)."""
    for seed in SEEDS:
        s = game(villain="Reminder Villain", seed=seed)
        droids = [0] * len(s.droids)
        blockades = [0] * len(s.droids)
        counts = {"threat": 0}
        _place(droids, blockades, counts, P(s, "Kappa"))
        for card, n in zip(s.inv_discard[2:], (3, 3, 2, 2, 1, 1), strict=True):
            for _ in range(n):
                _place(droids, blockades, counts, card)
        kappa = P(s, "Kappa")                        # no mission is on Kappa
        assert s.droids[kappa] == droids[kappa] >= 1
        assert s.blockades[kappa] == blockades[kappa]


@pytest.mark.parametrize("seed", SEEDS)
def test_initial_invasion(seed: int) -> None:
    """Seed 001, "Przygotowanie" 4: draw 2 invasion cards for 3 droids each, 2 for 2 and 2 for
    1, six different planets; the villain goes on the planet of the last card drawn; the 6
    cards go face up on the invasion discard, on top of the 2 Mission Planet cards."""
    s = game(seed=seed)
    assert s.inv_discard[:2] == [-1, -2]
    six = s.inv_discard[2:]
    assert len(six) == 6 and len(set(six)) == 6 and all(p >= 0 for p in six)
    assert sorted(s.inv_deck + six) == list(range(10))      # drawn from the invasion deck
    assert s.fig_pos == [six[-1]]
    missions = set(s.mission_planets())
    for p, n in zip(six, (3, 3, 2, 2, 1, 1), strict=True):
        if p not in missions:                # a starting mission's "when drawn" may add more
            assert s.droids[p] == n, s.pack.planets[p]
    for p in range(len(s.droids)):
        if p not in six and p not in missions:
            assert s.droids[p] == 0
    conserved(s)


def test_starting_missions_when_drawn_add_to_the_invasion(tmp_path: Path) -> None:
    """Seed 001, "Przygotowanie" 4 and 8: with every mission's "when drawn" placing 1 droid on
    each mission planet, the orange mission's effect sees only the orange planet and the
    white's sees both, on top of the 3/3/2/2/1/1 droids of the invasion."""
    f = tmp_path / "every_mission_invades.yaml"
    names = ["Escape the Citadel", "Foundry", "Evacuation", "Relay", "Beacon", "Archive",
             "Outpost", "Harbor"]
    lines = [f"extends: {PACK}", "missions:"]
    lines += [f"  - {{name: {n}, when_drawn: [{{droids: {{at: missions, count: 1}}}}]}}" for n in names]
    f.write_text("\n".join(lines) + "\n")
    for seed in SEEDS:
        s = new_state({"pack": str(f), "villain": "Plain Villain", "first": 0}, seed)
        droids = [0] * len(s.droids)
        blockades = [0] * len(s.droids)
        counts = {"threat": 0}
        for card, n in zip(s.inv_discard[2:], (3, 3, 2, 2, 1, 1), strict=True):
            for _ in range(n):
                _place(droids, blockades, counts, card)
        orange, white = (s.pack.missions[m].planet for m in s.slots)
        assert orange is not None and white is not None
        _place(droids, blockades, counts, orange)           # orange's "when drawn"
        for p in sorted({orange, white}):                   # white's "when drawn"
            _place(droids, blockades, counts, p)
        assert s.droids == droids
        assert s.blockades == blockades
        assert s.threat == counts["threat"]


@pytest.mark.parametrize("seed", SEEDS)
def test_jedi_start_on_their_player_aid_planets(seed: int) -> None:
    """Seed 001, "Przygotowanie" 5: the player aids are shuffled and dealt one each; each Jedi
    starts on the planet on the back of its aid."""
    s = game(players=5, seed=seed)
    aids = s.pack.player_aids or ()
    assert sorted(s.pos) == sorted(aids)          # 5 aids for 5 Jedi: one each, all different
    s = game(players=3, seed=seed)
    assert len(set(s.pos)) == 3 and set(s.pos) <= set(aids)


@pytest.mark.parametrize(("players", "seats", "cards"), [(1, 2, 3), (2, 2, 3), (3, 3, 3), (4, 4, 4), (5, 5, 4)])
def test_starting_hands(players: int, seats: int, cards: int) -> None:
    """Seed 001, "Przygotowanie" 6: 3 squad cards each with 2 or 3 players, 4 each with 4 or
    5; "Gra jednoosobowa": the solo game is set up as for 2 players (2 Jedi, 3 cards each)."""
    s = game(players=players)
    assert s.num_players == seats
    assert [len(h) for h in s.hands] == [cards] * seats
    assert not any(s.exhausted)
    assert len(s.squad_deck) == len(s.card_def) - seats * cards
    conserved(s)


@pytest.mark.parametrize(("difficulty", "count"), [("padawan", 3), ("knight", 4), ("master", 5),
                                                    ("grandmaster", 6)])
def test_mission_deck_size_by_difficulty(difficulty: str, count: int) -> None:
    """Seed 001, "Przygotowanie" 7: Padawan 3, Jedi Knight 4, Jedi Master 5, Grandmaster 6
    missions; the rest go back to the box unseen. Two of them are drawn at step 8."""
    s = game(difficulty=difficulty)
    assert len(s.mission_deck) == count - 2
    assert all(m >= 0 for m in s.slots)
    assert len(s.mission_unseen) == 8 - count
    conserved(s)


def test_grandmaster_may_use_more_missions() -> None:
    """Seed 001, "Przygotowanie" 7 (the asterisk) and "Dodatkowe informacje": at Grandmaster
    more than 6 missions may be used; only there."""
    s = game(difficulty="grandmaster", missions=8)
    assert len(s.mission_deck) == 6 and s.mission_unseen == []
    with pytest.raises(ConfigError):
        game(difficulty="knight", missions=5)
    with pytest.raises(ConfigError):
        game(difficulty="grandmaster", missions=5)


def test_starting_missions_orange_then_white() -> None:
    """Seed 001, "Przygotowanie" 8: the top mission goes by the orange marker and its "when
    drawn" resolves; then the next one by the white marker. Evacuation's "1 droid on each
    mission planet" therefore sees only its own planet when it is drawn first."""
    s = board()
    mission_deck(s, "Evacuation", "Foundry", "Relay")
    run_tasks(s, ("start_mission", 0), ("start_mission", 1))
    assert s.slots == [M(s, "Evacuation"), M(s, "Foundry")]
    assert s.mission_deck == [M(s, "Relay")]
    assert s.droids[P(s, "Delta")] == 1            # Evacuation: the only mission planet then
    assert s.droids[P(s, "Gamma")] == 1            # Foundry's own "when drawn" only
    assert sum(s.droids) == 2


def test_new_game_draws_two_missions_and_begins() -> None:
    """Seed 001, "Przygotowanie" 8-9: after setup both mission slots hold a mission and the
    first player has the first turn with 4 actions."""
    for seed in SEEDS:
        s = game(seed=seed, first=1)
        assert s.slots[0] >= 0 and s.slots[1] >= 0 and s.slots[0] != s.slots[1]
        assert s.active == 1 and s.current_player == 1
        assert s.turn == 1 and s.actions_left == 4
        assert s.tasks[-1] == ("?act",)


def test_published_pack_is_refused() -> None:
    """Seed 001 (the published game): the published pack holds only known facts; a game
    refuses it and names what is missing."""
    with pytest.raises(ConfigError) as err:
        new_state({"pack": "pandemic_published"}, 1)
    msg = str(err.value)
    assert "incomplete" in msg
    assert "die" in msg and "tracks.threat.spaces" in msg
    assert "dejarik cards check pandemic_published" in msg
