"""Random playouts of the Clone Wars edition and of cross-edition games, with the invariant
checks of test_fuzz.py after every action (cards conserved, no negative pools, the Force
marker on the track, damage below HP, observations hide hidden information and do not
depend on it, legal_actions() leaves the state alone, notation round-trips, replays re-run
to the same hashes: every game's in the cross-edition set-ups, every REPLAY_EVERY-th in the
Clone Wars games).

The bundled `clone_wars` pack holds only what the rulebook establishes and cannot deal a
game, so these games load tests/deckbuilding/packs/cw_fictional.yaml: FICTIONAL TEST
VALUES that complete the edition (never shipped, not the printed cards). They test the
edition's rules (exile pile, Droids, Geonosis, Mygeeto, the Dreadnought, cross-edition
set-up), not its cards.

Rulebooks: seed 000 (Polish) and seed 003 (Italian) of ../shared/seeds/.
Set DEJARIK_FUZZ_EDITION_GAMES to run more (or fewer) Clone Wars games.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from dejarik.core.replay import Replay, verify
from dejarik.deckbuilding.defs import FORCE_END
from dejarik.deckbuilding.game import DeckbuildingState, IncompletePackError

from .test_fuzz import REPLAY_EVERY, play_checked

CW_PACK = str(Path(__file__).resolve().parent / "packs" / "cw_fictional.yaml")
TURN_LIMIT = 300

# -- the Clone Wars edition on its own ---------------------------------------------------------
GAMES = int(os.environ.get("DEJARIK_FUZZ_EDITION_GAMES", "500"))
CHUNKS = 20
CW_MODES: list[dict[str, Any]] = [  # 2 to 5 bases to win, 3 on average (longer games cost more)
    {"mode": "beginner", "bases_to_win": 2},
    {"mode": "full", "bases_to_win": 3, "bribing": True},
    {"mode": "beginner", "bases_to_win": 3, "bribing": True},
    {"mode": "full", "bases_to_win": 2, "bribing": True},
    {"mode": "beginner", "bases_to_win": 4},
    {"mode": "full", "bases_to_win": 3},
    {"mode": "beginner", "bases_to_win": 2, "bribing": True},
    {"mode": "full", "bases_to_win": 5},
]


def _replays_again(s: DeckbuildingState, replay: Replay) -> None:
    result = verify(Replay.from_json(replay.to_json()))
    assert result.checked_hashes == len(replay.actions)
    assert result.final_hash == s.state_hash()


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_clone_wars_random_games_keep_invariants_and_replay(chunk: int) -> None:
    """Rulebook 000 PRZYGOTOWANIE, PRZEBIEG GRY, ANIHILUJ, DOPÓKI, ZAAWANSOWANE TRYBY GRY
    (PEŁNA KONTROLA), ZASADY OPCJONALNE (DOSTOSOWANIE DŁUGOŚCI GRY, SPŁACANIE KART
    NEUTRALNYCH), NAJCZĘŚCIEJ ZADAWANE PYTANIA (Geonosis, Mygeeto) / 003 PREPARAZIONE, SVOLGIMENTO, ESILIARE, MENTRE,
    GALASSIA COMPLETA, REGOLE FACOLTATIVE, DOMANDE RICORRENTI: the Clone Wars edition in
    beginner and full mode, 2 to 5 bases to win, with and without bribing, with the exile pile
    that abilities buy Droids from; Separatists move first and the Force marker starts at the
    Republic end."""
    per_chunk = -(-GAMES // CHUNKS)
    finished = 0
    for i in range(per_chunk):
        seed = chunk * per_chunk + i
        config = {"packs": [CW_PACK], **CW_MODES[seed % len(CW_MODES)], "turn_limit": TURN_LIMIT}
        fresh = DeckbuildingState(config, seed)
        assert fresh.first == 0 and fresh.factions[0].id == "separatist"
        assert fresh.force == FORCE_END[1], "the Force marker starts at the Republic end"
        s, replay = play_checked(config, seed, record=seed % REPLAY_EVERY == 0)
        finished += s.winner() is not None
        if replay is not None:
            _replays_again(s, replay)
    if per_chunk >= 20:  # measured: 489 of 500 random games had a winner (23 to 25 per chunk)
        assert finished >= per_chunk * 0.8, f"only {finished}/{per_chunk} random games had a winner"


# -- cross-edition games -----------------------------------------------------------------------
ORIGINAL_FACTIONS = {"packs": ["original", CW_PACK], "neutral": "original"}
CROSS: dict[str, dict[str, Any]] = {
    # the original factions and neutral deck with both packs loaded: as the original edition,
    # unless the players draw the first player (first: random)
    "empire-rebel-random": {**ORIGINAL_FACTIONS, "factions": ["empire", "rebel"], "first": "random"},
    "rebel-empire-random": {**ORIGINAL_FACTIONS, "factions": ["rebel", "empire"], "first": "random"},
    # one faction of each edition
    "empire-republic-cw-neutral": {"packs": ["original", CW_PACK], "factions": ["empire", "republic"],
                                   "neutral": "clone_wars"},
    "separatist-rebel-original-neutral": {"packs": ["original", CW_PACK],
                                          "factions": ["separatist", "rebel"], "neutral": "original"},
    # both Clone Wars factions with the original neutral deck and the Clone Wars pilots
    "republic-separatist-original-neutral": {"packs": [CW_PACK, "original"],
                                             "factions": ["republic", "separatist"],
                                             "neutral": "original", "pilot_stack": "clone_wars"},
}
STANDARD: dict[str, dict[str, Any]] = {
    "empire-rebel": {**ORIGINAL_FACTIONS, "factions": ["empire", "rebel"]},
    "rebel-empire": {**ORIGINAL_FACTIONS, "factions": ["rebel", "empire"]},
}
CROSS_GAMES = 20     # per cross-edition set-up: 100 in all
STANDARD_GAMES = 6   # per seating of the original factions
# The original pack does not know Tatooine's HP, so the Rebels can be dealt only in beginner mode.
BEGINNER_MODES: list[dict[str, Any]] = [
    {"mode": "beginner", "bases_to_win": 2},
    {"mode": "beginner", "bases_to_win": 3, "bribing": True},
    {"mode": "beginner", "bases_to_win": 4},
    {"mode": "beginner", "bases_to_win": 5, "bribing": True},
]
ALL_MODES = [*BEGINNER_MODES, {"mode": "full", "bases_to_win": 3, "bribing": True},
             {"mode": "full", "bases_to_win": 4}]


def _modes(setup: dict[str, Any]) -> list[dict[str, Any]]:
    return BEGINNER_MODES if "rebel" in setup["factions"] else ALL_MODES


def _check_deal(s: DeckbuildingState, setup: dict[str, Any]) -> None:
    """The decks of a cross-edition deal: 30 galaxy cards of each chosen faction and the 30 of
    the chosen neutral deck (90), the chosen pilot stack, each faction's own bases."""
    galaxy = [s.card(c) for c in (*s.regions[0].row, *s.regions[0].deck)]
    assert len(galaxy) == 90
    for fid in setup["factions"]:
        assert sum(c.faction == fid for c in galaxy) == 30, fid
    assert all(c.pack == setup["neutral"] for c in galaxy if c.faction == "neutral")
    assert len(s.regions[0].pilots) == 10
    pilots = setup.get("pilot_stack") or setup["neutral"]
    assert {s.card(c).pack for c in s.regions[0].pilots} == {pilots}
    need = 5 if s.config["mode"] == "beginner" else 10
    for seat, p in enumerate(s.players):
        bases = [p.base, *p.base_deck]
        assert len(bases) == need and {s.card(b).faction for b in bases} == {setup["factions"][seat]}


def _play_setup(setup: dict[str, Any], games: int, salt: int) -> tuple[list[int], int]:
    """Play `games` checked games of a set-up; returns who moved first in each, and the wins."""
    firsts: list[int] = []
    finished = 0
    modes = _modes(setup)
    for i in range(games):
        seed = 100_000 + salt * 1000 + i
        config = {**setup, **modes[i % len(modes)], "turn_limit": TURN_LIMIT}
        fresh = DeckbuildingState(config, seed)
        assert [f.id for f in fresh.factions] == setup["factions"]
        _check_deal(fresh, setup)
        # the Force marker starts at the end of the player who does not move first
        assert fresh.force == FORCE_END[1 - fresh.first], (seed, fresh.first, fresh.force)
        s, replay = play_checked(config, seed)
        assert s.first == fresh.first
        firsts.append(s.first)
        finished += s.winner() is not None
        _replays_again(s, replay)
    return firsts, finished


@pytest.mark.parametrize("name", list(CROSS))
def test_cross_edition_random_games(name: str) -> None:
    """Rulebook 000 ŁĄCZENIE RÓŻNYCH WERSJI GRY / 003 CROSS-EDITION: each player picks a
    faction of either edition, one of the two neutral decks of 30 joins them, any Outer Rim
    pilot stack may be used, the first player is drawn at random and the Force marker starts
    at the other player's end of the track. Random games keep every invariant and replay."""
    setup = CROSS[name]
    firsts, finished = _play_setup(setup, CROSS_GAMES, salt=list(CROSS).index(name))
    assert set(firsts) == {0, 1}, f"{name}: the first player is not drawn at random: {firsts}"
    # measured: 12 to 19 of 20 per set-up had a winner (12 and 14 with the original factions)
    assert finished >= CROSS_GAMES * 0.4, f"{name}: only {finished}/{CROSS_GAMES} games had a winner"


@pytest.mark.parametrize("name", list(STANDARD))
def test_original_factions_with_both_packs_loaded(name: str) -> None:
    """Rulebook 000 ŁĄCZENIE RÓŻNYCH WERSJI GRY / 003 CROSS-EDITION (the random first player
    is a rule for mixing editions) and 003 introduction ("le regole di questa edizione sono per
    lo più uguali a quelle dell'edizione originale"): Empire against Rebels with the original
    neutral deck is read as the original game even with the Clone Wars pack loaded (game.py,
    selection()): the pack's first-listed faction, the Empire, moves first whichever seat it
    has, and the Force marker starts at the Rebel end. Random games keep every invariant."""
    setup = STANDARD[name]
    firsts, finished = _play_setup(setup, STANDARD_GAMES, salt=10 + list(STANDARD).index(name))
    empire_seat = setup["factions"].index("empire")
    assert set(firsts) == {empire_seat}
    # measured: 4 and 3 of 6 had a winner (random Empire v Rebels games are the longest)
    assert finished >= STANDARD_GAMES * 0.3, f"{name}: only {finished}/{STANDARD_GAMES} games had a winner"


def test_cross_edition_first_player_and_force_marker_over_many_deals() -> None:
    """Rulebook 000 ŁĄCZENIE RÓŻNYCH WERSJI GRY ("Rozpoczynającego gracza należy wyłonić
    losowo. Drugi gracz rozpoczyna ze znacznikiem Mocy na skrajnym polu po swojej stronie") /
    003 CROSS-EDITION: over many fresh deals each seat moves first about half the time, and
    the Force marker always starts at the second player's end."""
    for name, setup in CROSS.items():
        config = {**setup, **_modes(setup)[0]}
        firsts = []
        for seed in range(200):
            s = DeckbuildingState(config, seed)
            assert s.force == FORCE_END[1 - s.first], (name, seed)
            assert s.active == s.first and s.turn == 1
            firsts.append(s.first)
        assert 60 <= sum(firsts) <= 140, f"{name}: seat 1 moved first in {sum(firsts)} of 200 deals"


# -- the shipped pack alone --------------------------------------------------------------------
@pytest.mark.parametrize("mode", ["beginner", "full"])
def test_shipped_clone_wars_pack_alone_refuses_to_deal(mode: str) -> None:
    """Rulebook 000 ZAWARTOŚĆ / 003 CONTENUTO (90 galaxy cards, 10 pilots, 10 bases per
    faction) and PRZYGOTOWANIE / PREPARAZIONE: the shipped pack holds only what the rulebook
    establishes, so a game is refused with the missing items named, not dealt with guesses."""
    with pytest.raises(IncompletePackError) as err:
        DeckbuildingState({"packs": ["clone_wars"], "mode": mode}, 1)
    msg = str(err.value)
    for item in ("Separatists galaxy cards: 0 of 30 copies known",
                 "Republic galaxy cards: 0 of 30 copies known",
                 "neutral galaxy cards of clone_wars: 0 of 30 copies known",
                 "Outer Rim pilots of clone_wars",
                 "Xorrn: hp", "Rishi: hp", "Mygeeto: hp unknown",
                 "cards whose faction is unknown"):
        assert item in msg, f"{item!r} not in:\n{msg}"
    if mode == "full":
        assert "Separatists bases (full): 5 of 10 listed" in msg
        assert "Republic bases (full): 5 of 10 listed" in msg


def test_shipped_clone_wars_faction_refuses_a_cross_edition_game() -> None:
    """Rulebook 000 ŁĄCZENIE RÓŻNYCH WERSJI GRY / 003 CROSS-EDITION: a Clone Wars faction
    brought into a cross-edition game needs its 30 galaxy cards and its bases; the shipped
    pack lacks them, so the game is refused and the missing items are named."""
    with pytest.raises(IncompletePackError) as err:
        DeckbuildingState({"packs": ["original", "clone_wars"], "factions": ["empire", "separatist"],
                           "neutral": "original"}, 1)
    msg = str(err.value)
    assert "Empire v Separatists" in msg
    assert "Separatists galaxy cards: 0 of 30 copies known" in msg
    assert "Xorrn: hp" in msg
    assert "Empire" not in msg.split("\n", 1)[1], "the Empire's complete decks are not listed"


def test_fictional_pack_names_do_not_clash_with_the_original() -> None:
    """Rulebook 000 ŁĄCZENIE RÓŻNYCH WERSJI GRY / 003 CROSS-EDITION: both editions' cards are
    in one game, so names must stay apart. Only Coruscant, a base name of both
    editions, is told apart by its pack; no invented test card clashes."""
    s = DeckbuildingState({"packs": ["original", CW_PACK], "factions": ["empire", "republic"],
                           "neutral": "clone_wars"}, 1)
    renamed = sorted(c.name for c in s.table.defs if c.name.endswith("]"))
    assert renamed == ["Coruscant [clone_wars]", "Coruscant [original]"]
