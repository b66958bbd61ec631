"""Scenarios: any position written in YAML, validated, and turned into a live state.

See docs/scenarios.md. Piles are listed top card first. Only the cards listed exist in the
game, so card conservation holds for the scenario's own card set. A team game (`team: true`)
names its players `empire-1`, `rebel-2`... (faction and region) and lists its `regions`.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, cast

from dejarik.core.errors import DejarikError, ScenarioError
from dejarik.core.files import parse_yaml, read_yaml
from dejarik.core.options import Scenarios
from dejarik.core.protocol import GameState
from dejarik.core.saved import short_repr
from dejarik.deckbuilding import defs as d
from dejarik.deckbuilding import rules
from dejarik.deckbuilding.completeness import hard_gaps
from dejarik.deckbuilding.game import DEFAULTS, GAME_NAME, DeckbuildingState
from dejarik.deckbuilding.invariants import check_invariants
from dejarik.deckbuilding.pack import MAX_NUMBER
from dejarik.deckbuilding.state import PlayerState, Region

_GALAXY = ("row", "galaxy_deck", "galaxy_discard", "pilots")
MAX_PILOTS = 100   # a stack holds 10; a scenario may hold more, not millions (docs/reliability.md)
_TOP = {"game", "pack", *DEFAULTS, "seed", "turn", "active", "force", "phase", "players", *_GALAXY,
        "regions", "description"}
_PLAYER = {"hand", "deck", "discard", "play", "exile", "base", "base_deck", "victory", "pool"}


class _Builder:
    def __init__(self, s: DeckbuildingState, where: str) -> None:
        self.s = s
        self.where = where

    def fail(self, field: str, msg: str) -> ScenarioError:
        return ScenarioError(f"{self.where}: {field}: {msg}")

    def new(self, name: Any, field: str) -> int:
        t = self.s.table
        if not isinstance(name, str):
            raise self.fail(field, f"expected a card name, got {short_repr(name)}")
        cid = t.by_name.get(name, t.by_slug.get(name))
        if cid is None:
            near = difflib.get_close_matches(name, list(t.by_name))
            hint = f"; did you mean {' or '.join(map(repr, near))}?" if near else ""
            raise self.fail(field, f"unknown card {short_repr(name)}{hint}")
        gaps = hard_gaps(t.defs[cid])
        if gaps:
            raise self.fail(field, f"{name}: {', '.join(gaps)} unknown; a game cannot use it until "
                                   "they are supplied (docs/packs.md)")
        self.s.inst_def.append(cid)
        return len(self.s.inst_def) - 1

    def pile(self, v: Any, field: str) -> list[int]:
        if v is None:
            return []
        if not isinstance(v, list):
            raise self.fail(field, "expected a list of card names (top card first)")
        return [self.new(x, f"{field}[{i}]") for i, x in enumerate(v)][::-1]

    def damaged(self, v: Any, field: str) -> tuple[int, int]:
        if isinstance(v, Mapping):
            extra = set(v) - {"card", "damage"}
            if extra:
                raise self.fail(field, f"unknown field {sorted(extra, key=str)[0]!r} (card, damage)")
            dmg = v.get("damage", 0)
            if type(dmg) is not int or dmg < 0:
                raise self.fail(f"{field}.damage", f"expected a whole number >= 0, got {dmg!r}")
            return self.new(v.get("card"), f"{field}.card"), dmg
        return self.new(v, field), 0


def load_scenario(source: str | Path | Mapping[str, Any]) -> DeckbuildingState:
    """Build a state from a scenario file path, YAML text, or mapping. Raises ScenarioError."""
    where = "scenario"
    if isinstance(source, Path) or (isinstance(source, str) and source.endswith((".yaml", ".yml"))):
        p = Path(source)
        where = p.name
        data = read_yaml(p, ScenarioError)
    elif isinstance(source, str):
        data = parse_yaml(source, ScenarioError, "scenario")
    else:
        data = source
    if not isinstance(data, Mapping):
        raise ScenarioError(f"{where}: expected a mapping at the top level")
    extra = sorted(map(str, set(data) - _TOP))
    if extra:
        raise ScenarioError(f"{where}: unknown field {extra[0]!r}")
    game = data.get("game", GAME_NAME)
    if game != GAME_NAME:
        raise ScenarioError(f"{where}: game: this is a {GAME_NAME} scenario, got {game!r}")
    try:
        return _build(data, where)
    except ScenarioError:
        raise
    except DejarikError as err:
        raise ScenarioError(f"{where}: {err}") from None


def seat_keys(s: DeckbuildingState) -> list[str]:
    """How a scenario names each seat: the faction, or faction-region in the team game."""
    return [s.seat_key(seat) for seat in range(s.num_players)]


def _build(data: Mapping[str, Any], where: str) -> DeckbuildingState:
    seed = data.get("seed", 0)
    if type(seed) is not int:
        raise ScenarioError(f"{where}: seed: expected a whole number, got {seed!r}")
    # `first` is a faction here (the side that took the first turn), a side number in a config
    keys = (set(DEFAULTS) | {"pack"}) - {"first"}
    s = DeckbuildingState.blank({k: data[k] for k in keys if k in data}, seed)
    b = _Builder(s, where)
    seats = seat_keys(s)
    players = data.get("players")
    if not isinstance(players, Mapping) or set(players) != set(seats):
        raise b.fail("players", f"needs exactly the players {seats}")
    ships_damage: list[tuple[int, int]] = []
    for seat, key in enumerate(seats):
        fid = s.factions[seat].id
        raw = players[key] or {}
        if not isinstance(raw, Mapping):
            raise b.fail(f"players.{key}", "expected a mapping")
        bad = sorted(map(str, set(raw) - _PLAYER))
        if bad:
            raise b.fail(f"players.{key}", f"unknown field {bad[0]!r}")
        p = PlayerState(fid)
        for zone in ("hand", "deck", "discard", "exile", "victory", "base_deck"):
            setattr(p, zone, b.pile(raw.get(zone), f"players.{key}.{zone}"))
        p.hand.reverse()  # hands read left to right
        in_play = raw.get("play") or []
        if not isinstance(in_play, list):
            raise b.fail(f"players.{key}.play", "expected a list of cards in play")
        for i, item in enumerate(in_play):
            c, dmg = b.damaged(item, f"players.{key}.play[{i}]")
            if s.card(c).ctype == d.BASE:
                raise b.fail(f"players.{key}.play[{i}]", f"{s.name(c)} is a base, not a card in play")
            p.play.append(c)
            ships_damage.append((c, dmg))
        if raw.get("base") is not None:
            c, dmg = b.damaged(raw["base"], f"players.{key}.base")
            p.base = c
            ships_damage.append((c, dmg))
        for zone in ("base_deck", "victory"):
            for c in getattr(p, zone):
                if s.card(c).ctype != d.BASE:
                    raise b.fail(f"players.{key}.{zone}", f"{s.name(c)} is not a base")
        for zone in ("hand", "deck", "discard", "play"):   # only bought or starting cards
            for c in getattr(p, zone):
                if s.card(c).faction not in (fid, d.NEUTRAL):
                    raise b.fail(f"players.{key}.{zone}", f"{s.name(c)} is a {s.card(c).faction} "
                                 f"card, and the {fid} player holds only {fid} and neutral cards")
        if p.base >= 0 and (s.card(p.base).ctype != d.BASE or s.card(p.base).faction != fid):
            raise b.fail(f"players.{key}.base", f"{s.name(p.base)} is not one of the {fid} bases")
        pool = raw.get("pool", 0)
        if type(pool) is not int or not 0 <= pool <= MAX_NUMBER:
            raise b.fail(f"players.{key}.pool", f"expected a whole number from 0 to {MAX_NUMBER}, "
                                                f"got {short_repr(pool)}")
        p.pool = pool
        s.players.append(p)
    if s.team_game:
        regions = data.get("regions")
        if any(k in data for k in _GALAXY):
            raise b.fail("row", "a team game lists each region's galaxy cards under `regions`")
        if not isinstance(regions, list) or len(regions) != 2 \
                or not all(isinstance(r, Mapping) for r in regions):
            raise b.fail("regions", "a team game needs a list of two regions (row, galaxy_deck...)")
        for i, r in enumerate(regions):
            bad = sorted(map(str, set(r) - set(_GALAXY)))
            if bad:
                raise b.fail(f"regions[{i}]", f"unknown field {bad[0]!r}")
            s.regions.append(_region(b, r, f"regions[{i}]."))
    else:
        if "regions" in data:
            raise b.fail("regions", "only a team game (team: true) has regions")
        s.regions.append(_region(b, data, ""))
    s.damage = [0] * len(s.inst_def)
    for c, dmg in ships_damage:
        if dmg and s.card(c).ctype == d.UNIT:
            raise b.fail("damage", f"{s.name(c)} is a unit: only capital ships and bases take damage")
        s.damage[c] = dmg
    active = data.get("active", seats[0])
    if active not in seats:
        raise b.fail("active", f"must be one of {seats}, got {active!r}")
    s.active = seats.index(active)
    sides = [f.id for f in s.factions[:2]]
    first = data.get("first", sides[s.selection.first or 0])
    if first not in sides:
        raise b.fail("first", f"must be one of {sides}, got {first!r}")
    s.first = sides.index(first)
    force = data.get("force", d.FORCE_END[1 - s.first])
    if type(force) is not int or not 0 <= force < d.FORCE_SPACES:
        raise b.fail("force", f"the Force marker is a space from 0 (the {sides[0]} end) to 6, got {force!r}")
    s.force = force
    turn = data.get("turn", 1)
    if type(turn) is not int or turn < 1:
        raise b.fail("turn", f"expected a turn number >= 1, got {turn!r}")
    s.turn = turn
    phase = data.get("phase", "main")
    if phase not in ("main", "start"):
        raise b.fail("phase", f"must be main or start, got {phase!r}")
    problems = check_invariants(s)
    if problems:
        raise b.fail("position", problems[0])
    if phase == "start":
        rules.start_turn(s)
    return s


def _region(b: _Builder, data: Mapping[str, Any], where: str) -> Region:
    s = b.s
    r = Region()
    r.row = b.pile(data.get("row"), f"{where}row")[::-1]
    if len(r.row) > 6:
        raise b.fail(f"{where}row", f"the galaxy row holds at most 6 cards, got {len(r.row)}")
    r.deck = b.pile(data.get("galaxy_deck"), f"{where}galaxy_deck")
    r.discard = b.pile(data.get("galaxy_discard"), f"{where}galaxy_discard")
    pilots = data.get("pilots", 10)
    if type(pilots) is not int or not 0 <= pilots <= MAX_PILOTS:
        raise b.fail(f"{where}pilots", f"expected a number of pilots from 0 to {MAX_PILOTS}, "
                                       f"got {short_repr(pilots)}")
    pilot = next((c for c in s.table.defs if c.role == d.PILOT and c.pack == s.selection.pilots), None)
    if pilots and pilot is None:
        raise b.fail(f"{where}pilots", f"pack {s.selection.pilots!r} lists no pilot card; write pilots: 0")
    r.pilots = [b.new(pilot.name, f"{where}pilots") for _ in range(pilots)] if pilot else []
    return r


class DeckbuildingScenarios:
    """`dejarik scenario check` for the deckbuilder (docs/scenarios.md)."""

    names_its_game = False   # the first game with scenarios: its files may leave `game:` out

    def load(self, path: Path) -> GameState:
        # its actions are (op, a, b) triples: a GameState whose list type mypy cannot widen
        return cast("GameState", load_scenario(path))

    def describe(self, state: GameState) -> str:
        assert isinstance(state, DeckbuildingState)
        who = state.who(state.current_player) if state.current_player >= 0 else "nobody"
        return f"{len(state.inst_def)} cards, turn {state.turn}, {who} to act"


SCENARIOS: Scenarios = DeckbuildingScenarios()
