"""Seed 001, "Gra jednoosobowa": one player controls two Jedi."""

from __future__ import annotations

from .helpers import act, board, game, quiet_villain


def test_solo_game_has_two_jedi_with_three_cards_each() -> None:
    """Seed 001, "Gra jednoosobowa" / "Przygotowanie": set up as a 2-player game: 2 Jedi, 3
    squad cards each, kept apart."""
    s = game(players=1, jedi=["Seer", "Healer"])
    assert s.solo and s.num_players == 2
    assert [len(h) for h in s.hands] == [3, 3]
    assert not set(s.hands[0]) & set(s.hands[1])
    assert [s.jedi_name(j) for j in (0, 1)] == ["Seer", "Healer"]


def test_solo_turns_alternate_between_the_two_jedi() -> None:
    """Seed 001, "Gra jednoosobowa" / "Przebieg gry": the solo marker shows the active Jedi;
    at the end of its turn the marker passes to the other Jedi."""
    s = board(players=1)
    assert s.solo and s.active == 0
    quiet_villain(s)
    seen = []
    for _ in range(4):
        seen.append((s.active, s.current_player, s.turn))
        act(s, "end")
    assert seen == [(0, 0, 1), (1, 1, 2), (0, 0, 3), (1, 1, 4)]
    assert not s.done


def test_solo_first_jedi_is_chosen_at_random() -> None:
    """Seed 001, "Gra jednoosobowa": the Jedi that plays first is chosen at random."""
    firsts = {game(players=1, first=None, seed=seed).active for seed in range(1, 20)}
    assert firsts == {0, 1}
