"""The game family: configurations, and the setup of seed 001 ("Przygotowanie")."""

from __future__ import annotations

from typing import Any

from dejarik.core.errors import ConfigError, PackError
from dejarik.core.rng import Rng
from dejarik.pandemic.family import DEFAULT_PACK
from dejarik.pandemic.flow import run
from dejarik.pandemic.pack import DIFFICULTIES, Pack, load_pack
from dejarik.pandemic.state import PandemicState

_CONFIG_KEYS = {"pack", "players", "jedi", "villain", "difficulty", "missions", "first", "turn_limit"}
_PACKS: dict[str, Pack] = {}


def pack_for(ref: str) -> Pack:
    """A loaded pack, kept for the life of the process (every game of a run shares it)."""
    pack = _PACKS.get(ref)
    if pack is None:
        pack = _PACKS[ref] = load_pack(ref)
    return pack


def playable(pack: Pack) -> None:
    """Refuse a pack a game cannot be played with, saying what it lacks."""
    missing = pack.missing()
    if missing:
        shown = "; ".join(missing[:8]) + (f"; and {len(missing) - 8} more" if len(missing) > 8 else "")
        raise ConfigError(f"pack {pack.id!r} is incomplete, so it cannot be played ({len(missing)} "
                          f"unknown or missing: {shown}). `dejarik cards check {pack.id}` lists "
                          f"them all; docs/pandemic-packs.md says how to complete it")


def normalize_config(config: dict[str, Any]) -> dict[str, Any]:
    unknown = set(config) - _CONFIG_KEYS
    if unknown:
        raise ConfigError(f"unknown pandemic option {sorted(unknown, key=str)[0]!r} "
                          f"(options: {', '.join(sorted(_CONFIG_KEYS))})")
    ref = str(config.get("pack") or DEFAULT_PACK)
    try:
        pack = pack_for(ref)
    except PackError as err:
        raise ConfigError(str(err)) from None
    playable(pack)
    players = config.get("players", 2)
    if isinstance(players, bool) or not isinstance(players, int) or not 1 <= players <= 5:
        raise ConfigError(f"players: 1 to 5 (1 is the solo game with two Jedi), got {players!r}")
    seats = 2 if players == 1 else players
    jedi = config.get("jedi")
    if jedi is not None:
        names = [j.name for j in pack.jedi]
        if isinstance(jedi, str):
            jedi = [x.strip() for x in jedi.split(",") if x.strip()]
        if not isinstance(jedi, list) or len(jedi) != seats:
            raise ConfigError(f"jedi: name {seats} Jedi, one per seat, got {jedi!r}")
        for name in jedi:
            if name not in names:
                raise ConfigError(f"jedi: no Jedi {name!r} in {pack.id} (Jedi: {', '.join(names)})")
        if len(set(jedi)) != len(jedi):
            raise ConfigError("jedi: each Jedi can be played by one seat only")
    if seats > len(pack.jedi):
        raise ConfigError(f"{pack.id} has {len(pack.jedi)} Jedi: not enough for {seats} seats")
    villain = config.get("villain")
    if villain is not None and villain not in [v.name for v in pack.villains]:
        raise ConfigError(f"villain: no villain {villain!r} in {pack.id} "
                          f"(villains: {', '.join(v.name for v in pack.villains)})")
    difficulty = config.get("difficulty") or "padawan"
    if isinstance(difficulty, list | tuple):   # a simulation: each game is dealt one of them
        levels = list(dict.fromkeys(d if isinstance(d, str) else repr(d) for d in difficulty))
        if not levels or any(d not in DIFFICULTIES for d in levels) or config.get("missions"):
            raise ConfigError(f"difficulty: a list of levels from {', '.join(DIFFICULTIES)} "
                              f"(and no missions count), got {difficulty!r}")
        difficulty = levels if len(levels) > 1 else levels[0]
    if isinstance(difficulty, list):
        missions = None
    else:
        if difficulty not in DIFFICULTIES:
            raise ConfigError(f"difficulty: one of {', '.join(DIFFICULTIES)}, got {difficulty!r}")
        missions = _missions(pack, difficulty, config.get("missions"))
    first = config.get("first")
    bad_first = isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < seats
    if first is not None and bad_first:
        raise ConfigError(f"first: a seat from 0 to {seats - 1}, or none for a random one")
    limit = config.get("turn_limit", 0) or 0
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
        raise ConfigError(f"turn_limit: a whole number (0: none), got {limit!r}")
    return {"pack": ref, "players": players, "jedi": jedi, "villain": villain,
            "difficulty": difficulty, "missions": missions, "first": first, "turn_limit": limit}


def _missions(pack: Pack, difficulty: str, missions: Any) -> int:
    """Seed 001, "Przygotowanie" 7: the difficulty sets the number of missions (grandmaster: 6
    or more)."""
    levels = pack.rules.get("difficulty")
    if not isinstance(levels, dict) or not isinstance(levels.get(difficulty), int):
        raise ConfigError(f"pack {pack.id!r} gives no number of missions for difficulty "
                          f"{difficulty!r}")
    level: int = levels[difficulty]
    if missions is None:
        missions = level
    regular = sum(1 for m in pack.missions if not m.finale)
    if isinstance(missions, bool) or not isinstance(missions, int) or missions < 1:
        raise ConfigError(f"missions: a whole number of missions, got {missions!r}")
    if difficulty != "grandmaster" and missions != level:
        raise ConfigError(f"missions: {difficulty} plays {level}; only grandmaster may use more")
    if missions < level or missions > regular:
        raise ConfigError(f"missions: {difficulty} needs {level} to {regular} missions "
                          f"({pack.id} has {regular}), got {missions}")
    return missions


def new_state(config: dict[str, Any], seed: int) -> PandemicState:
    cfg = normalize_config(config)
    pack = pack_for(cfg["pack"])
    s = PandemicState()
    s.pack, s.config = pack, cfg
    rng = s.rng = Rng(seed)
    s.solo = cfg["players"] == 1
    levels = cfg["difficulty"]
    s.difficulty = levels[rng.below(len(levels))] if isinstance(levels, list) else levels
    s.mission_count = cfg["missions"] or _missions(pack, s.difficulty, None)
    n = s.num_players = 2 if s.solo else cfg["players"]
    s.teams = (tuple(range(n)),)
    s.turn_limit = cfg["turn_limit"]
    s.routes = pack.routes or ()
    s.rates = pack.invasion_rates or (1,)
    s.threat_last = (pack.threat_spaces or 2) - 1
    s.max_droids = pack.rules["max_droids"]
    # 1. the board and the pools
    s.droids = [0] * len(pack.planets)
    s.blockades = [0] * len(pack.planets)
    s.droid_pool = pack.components["droids"] or 0
    s.blockade_pool = pack.components["blockades"] or 0
    # 3. the villain: its deck shuffled, the reminder token, its counters
    names = [v.name for v in pack.villains]
    s.villain = names.index(cfg["villain"]) if cfg["villain"] else rng.below(len(names))
    v = pack.villains[s.villain]
    s.villain_deck = list(range(len(v.deck)))
    rng.shuffle(s.villain_deck)
    s.reminder = bool(v.reminder)
    s.counters = [c[1] for c in v.counters]
    s.fig_pos = [-1] * len(v.figures)
    s.fig_last = [-1] * len(v.figures)
    s.defeated = [False] * len(v.figures)
    # 5. the Jedi, each on the planet of a player aid dealt at random
    jedi_names = [j.name for j in pack.jedi]
    if cfg["jedi"]:
        s.jedi = [jedi_names.index(x) for x in cfg["jedi"]]
    else:
        pool = list(range(len(jedi_names)))
        rng.shuffle(pool)
        s.jedi = pool[:n]
    aids = list(pack.player_aids or ())
    rng.shuffle(aids)
    s.pos = aids[:n]
    # 6. the squad deck and the starting hands
    s.card_def = tuple(d for d, c in enumerate(pack.squad) for _ in range(c.copies or 0))
    s.exhausted = [False] * len(s.card_def)
    s.squad_deck = list(range(len(s.card_def)))
    rng.shuffle(s.squad_deck)
    hand = pack.rules["starting_hand"][n]
    s.hands = [[s.squad_deck.pop() for _ in range(hand)] for _ in range(n)]
    # 7. the mission deck: the difficulty's number of missions, the rest unseen in the box
    regular = [i for i, m in enumerate(pack.missions) if not m.finale]
    rng.shuffle(regular)
    k = s.mission_count
    s.mission_deck, s.mission_unseen = regular[:k], regular[k:]
    # 9. who begins (solo: a Jedi at random takes the solo marker)
    first = cfg["first"]
    s.active = first if first is not None else rng.below(n)
    # the steps with effects run as tasks, in the rulebook's order: the villain's setup (3),
    # the invasion (4), the two starting missions (8), then the first turn
    s.tasks = [("turn",), ("start_mission", 1), ("start_mission", 0), ("setup_invasion",)]
    from dejarik.pandemic.effects import push_effects

    push_effects(s, v.setup or (), s.active, ("src", "setup", -1, s.active))
    run(s)
    return s


