"""Words must not carry hidden information either: the narrative names a card that moves
between hidden places only to the players who see it, and the action notation's error
messages never say what a hidden card is (issue 8: a seat's view holds nothing it may not
know; the rulebooks keep hands and decks face down)."""

from __future__ import annotations

import pytest

from dejarik.core.errors import DejarikError

from .conftest import EMPIRE, REBEL, do, inst, position


def test_a_card_put_from_a_hand_onto_a_deck_is_named_only_to_those_who_saw_it() -> None:
    """original.yaml Jyn Erso: the Rebel player looks at the Empire's hand and puts a card of
    it face down on the Empire's deck. Both players know which card it was; a spectator does
    not, and reads "a card"."""
    s = position(active="rebel", force=4, rebel={"hand": ["Jyn Erso"]},
                 empire={"hand": ["Stormtrooper", "Imperial Shuttle"], "deck": ["TIE Fighter"]})
    do(s, "play jyn-erso", "use jyn-erso", "done")
    s.log = []
    do(s, "select stormtrooper")
    lines = list(s.log)
    notes = dict(s.secret_notes)
    assert any(line.startswith("a card: Empire hand -> deck top") for line in lines)
    assert not any("Stormtrooper" in line for line in lines)   # the public text
    assert len(notes) == 2   # the line saying what was chosen, and the move's own line
    assert all(set(readers) == {EMPIRE, REBEL} for readers, _ in notes.values())
    assert any(full.startswith("Stormtrooper: Empire hand") for _, full in notes.values())
    assert "Stormtrooper" in " ".join(s.take_log(EMPIRE))
    s.log = lines
    s.secret_notes = notes
    assert "Stormtrooper" not in " ".join(s.take_log(-1))
    assert s.log == [] and s.secret_notes == {}   # taking the log empties it


def test_a_public_move_is_named_to_everyone() -> None:
    """A card bought goes to a discard pile, face up: the narrative names it for all."""
    s = position(active="rebel", rebel={"hand": ["Jyn Erso"]})
    s.log = []
    do(s, "play jyn-erso")
    assert s.secret_notes == {}
    assert "Jyn Erso" in " ".join(s.take_log(-1))


def test_the_notation_does_not_say_what_a_hidden_card_is() -> None:
    """Naming a card in the opponent's hand by a wrong name gets the same answer whatever the
    card is; only a card the player can see is described ("card #N is ...")."""
    s = position(active="rebel", rebel={"hand": ["Jyn Erso"]},
                 empire={"hand": ["Stormtrooper"], "deck": ["TIE Fighter"]})
    hidden = inst(s, s.players[EMPIRE].hand, "Stormtrooper")
    answers = []
    for guess in ("x-wing", "stormtrooper", "tie-fighter"):
        with pytest.raises(DejarikError) as err:
            s.text_to_action(f"play {guess}#{hidden}")
        answers.append(str(err.value).replace(guess, "GUESS"))
    assert len(set(answers)) == 1, answers
    mine = inst(s, s.players[REBEL].hand, "Jyn Erso")
    with pytest.raises(DejarikError, match="is jyn-erso, not x-wing"):
        s.text_to_action(f"play x-wing#{mine}")
