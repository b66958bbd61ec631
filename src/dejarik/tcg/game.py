"""The game family: configurations, decks, and the setup of reference section 4."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from dejarik.core.errors import ConfigError, PackError
from dejarik.core.rng import Rng
from dejarik.core.saved import short_repr
from dejarik.tcg.carddefs import CardDef, all_defs
from dejarik.tcg.decks import Deck, load_deck
from dejarik.tcg.family import SAMPLES, sample_decks
from dejarik.tcg.flow import HAND_SIZE, SETUP_POINTS, run
from dejarik.tcg.state import DARK, DECK, LIGHT, TcgState

DEFAULT_DECKS = ("separatist_droid_army", "republic_clone_army")
# every rule the reference leaves unconfirmed, with Dejarik's default (docs/tcg.md)
CHOICES: dict[str, tuple[str, ...]] = {
    "draw": ("ready", "build"),          # seed 004's draw in the ready phase, or ESB/ROTS's
    "deck_out": ("lose", "skip"),        # drawing from an empty deck loses, or is skipped
    "build_points": ("lose", "keep"),    # unspent build points at the end of the command phase
    "redraw": ("once", "none"),          # the opening redraw of Battle and Mission cards
    "pilots": ("one", "any"),            # how many pilots one unit may carry
    "stack_cost": ("full", "difference"),  # deploying onto a stack: the full cost, or the difference
    "location_replace": ("any", "own"),  # a new Location discards either side's there, or only yours
    "equipment_discard": ("detach", "discard"),  # a discarded unit's Equipment: to the build zone, or not
    "equipment_limit": ("any", "one"),   # how many Equipment cards one unit may carry
    "control_return": ("before_check", "after_check"),  # "until end of turn" control: before/after the check
    "secret_bid": ("winner", "both"),    # a secret Force bid (Lando Calrissian (D)): the winner pays, or both
    "different_names": ("unique", "version"),  # "cards with different names": versions as one, or not
    "retreat_replace": ("lethal", "excess"),  # damage_retreat: when the damage would discard, or exceeds
}
_CONFIG_KEYS = {"dark", "light", "allow_unimplemented", "turn_limit", "abilities", *CHOICES}


@cache
def _deck_at(path: str) -> Deck:
    return load_deck(Path(path))


def deck_for(ref: str) -> Deck:
    """A sample deck by name, or a deck list file by path."""
    path = SAMPLES / f"{ref}.txt"
    try:
        if path.is_file():
            return _deck_at(str(path))
        if Path(ref).is_file():
            return _deck_at(str(Path(ref).resolve()))
    except (OSError, ValueError) as err:   # a name too long for a path, a NUL byte...
        raise ConfigError(f"no deck {short_repr(ref)}: {err}") from None
    raise ConfigError(f"no deck {ref!r}: give a deck list file or a sample deck "
                      f"({', '.join(sample_decks())})")


def normalize_config(config: dict[str, Any]) -> dict[str, Any]:
    unknown = set(config) - _CONFIG_KEYS
    if unknown:
        raise ConfigError(f"unknown tcg option {sorted(unknown, key=str)[0]!r} "
                          f"(options: {', '.join(sorted(_CONFIG_KEYS))})")
    out: dict[str, Any] = {}
    for seat, key in enumerate(("dark", "light")):
        given = config.get(key)
        if given is None or given == "":
            given = DEFAULT_DECKS[seat]
        # a list is for simulations: each game is dealt one deck of each side's list
        refs = list(dict.fromkeys(map(str, given))) if isinstance(given, list | tuple) else [str(given)]
        if not refs:
            raise ConfigError(f"{key}: an empty list of decks")
        for ref in refs:
            deck = deck_for(ref)
            if deck.side != key:
                raise ConfigError(f"{key}: deck {ref!r} is a {deck.side} side deck")
        out[key] = refs if len(refs) > 1 else refs[0]
    allow = config.get("allow_unimplemented", False)
    if not isinstance(allow, bool):
        raise ConfigError(f"allow_unimplemented: true or false, got {allow!r}")
    out["allow_unimplemented"] = allow
    files = _ability_files(config.get("abilities"))
    if files:                      # kept only when given: other configs stay as they were
        out["abilities"] = list(files)
    table = all_defs(files)
    for key, values in CHOICES.items():
        value = config.get(key) or values[0]
        if value not in values:
            raise ConfigError(f"{key}: one of {', '.join(values)}, got {value!r}")
        out[key] = value
    limit = config.get("turn_limit", 0) or 0
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
        raise ConfigError(f"turn_limit: a whole number (0: none), got {limit!r}")
    out["turn_limit"] = limit
    if not allow:
        missing = sorted({c.name for k in ("dark", "light") for ref in _refs(out[k])
                          for c in deck_for(ref).cards()
                          if not table[c.name].implemented})
        if missing:
            shown = ", ".join(missing[:6]) + (f" and {len(missing) - 6} more" if len(missing) > 6 else "")
            raise ConfigError(f"{len(missing)} card(s) in these decks have abilities Dejarik has "
                              f"not implemented: {shown}. Play them with their printed stats only "
                              f"with --allow-unimplemented, or give their abilities in a file "
                              f"of your own with --abilities FILE (docs/tcg.md)")
    return out


def _ability_files(given: Any) -> tuple[str, ...]:
    """The config's ability files of the player's own (abilityfiles.py), checked and read."""
    from dejarik.tcg.abilityfiles import read_ability_file, resolve

    if given is None or given == "":
        return ()
    paths = [given] if isinstance(given, str) else given
    if not isinstance(paths, list | tuple) or not all(isinstance(p, str) for p in paths):
        raise ConfigError(f"abilities: a list of ability files, got {short_repr(given)}")
    try:
        files = resolve(tuple(paths))
        for path in files:
            read_ability_file(path)
    except PackError as err:
        raise ConfigError(f"abilities: {err}") from None
    return files


def _refs(value: str | list[str]) -> list[str]:
    return value if isinstance(value, list) else [value]


Dealt = tuple[tuple[CardDef, ...], tuple[int, ...], tuple[int, ...]]


def _dealt_now(dark: str, light: str, files: tuple[str, ...]) -> Dealt:
    """`_dealt`, with each ability file's stamp in the key: a file changed since is read again."""
    from dejarik.tcg.abilityfiles import stamp

    return _dealt(dark, light, tuple((path, stamp(path)) for path in files))


@cache
def _dealt(dark: str, light: str, files: tuple[tuple[str, tuple[int, int]], ...]) -> Dealt:
    """What a pairing of decks puts on the table, worked out once: the cards both decks use
    (sorted by name), and each physical card's index among them and its owner, the dark deck
    first, each in its list's order."""
    decks = [deck_for(dark), deck_for(light)]
    names = sorted({c.name for deck in decks for c in deck.cards()})
    index = {n: i for i, n in enumerate(names)}
    table = all_defs(tuple(path for path, _ in files))
    cards = [(index[card.name], p) for p, deck in enumerate(decks) for card in deck.cards()]
    return tuple(table[n] for n in names), tuple(i for i, _ in cards), tuple(p for _, p in cards)


def new_state(config: dict[str, Any], seed: int) -> TcgState:
    cfg = normalize_config(config)
    rng = Rng(seed)
    for key in ("dark", "light"):   # a list: the game's own luck deals one (the state keeps it)
        if isinstance(cfg[key], list):
            cfg = {**cfg, key: cfg[key][rng.below(len(cfg[key]))]}
    defs, card_def, owner = _dealt_now(cfg["dark"], cfg["light"], tuple(cfg.get("abilities", ())))
    s = TcgState()
    s.config = cfg
    s.options = {k: cfg[k] for k in (*CHOICES, "turn_limit")}
    s.set_defs(defs)
    s.rng = rng
    s.card_def, s.owner = list(card_def), list(owner)
    s.zone = [DECK] * len(card_def)
    for p in (DARK, LIGHT):
        s.deck[p] = [inst for inst, who in enumerate(owner) if who == p]
    n = len(s.card_def)
    s.counters, s.damage = [0] * n, [0] * n
    s.tapped, s.face_up = [False] * n, [False] * n
    s.shown = [0] * n
    s.setup_left = [SETUP_POINTS, SETUP_POINTS]
    for p in (DARK, LIGHT):
        s.rng.shuffle(s.deck[p])
    from dejarik.tcg.effects import draw

    for p in (DARK, LIGHT):
        draw(s, p, HAND_SIZE)
    s.tasks = [("turn",), ("?setup", DARK, 0)]
    if cfg["redraw"] == "once":
        s.tasks += [("?redraw", LIGHT), ("?redraw", DARK)]
    run(s)
    return s


