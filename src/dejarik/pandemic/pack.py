"""Load, validate and compile Pandemic packs (YAML; docs/pandemic-packs.md).

Effects are compiled into tuples (`("droids", at, count)`), so a state that holds them clones
and serialises as plain data. Every error names the file, the entry and the field. A `null`
is an unknown value: it is recorded in `Pack.unknown`, and a game refuses such a pack.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from dejarik.core.errors import PackError
from dejarik.core.files import digest, read_yaml
from dejarik.core.saved import short_repr

FORMAT = "dejarik-pandemic-pack/1"
MAX_NUMBER = 999   # the most any number in a pack may be (docs/reliability.md)
KINDS = ("assault", "stealth", "defense", "transport", "ally")
CARD_KINDS = KINDS[:4]          # the kinds a mission may ask for
ALLY_TIMES = ("any", "actions", "attack", "mission", "attack_or_mission")
PLANET_SELECTORS = ("villain", "top", "missions", "your", "choose", "choose_adjacent")
CHOICE_SELECTORS = ("choose", "choose_adjacent")
JEDI_SELECTORS = ("active", "you", "each", "at_villain", "near_villain", "with_enemies", "at_missions",
                  "others_here", "choose_other")
TOWARD = ("nearest_jedi", "missions", "top")
CONDITIONS = ("villain_on_board", "villain_at_mission", "jedi_at_villain", "threat_at_least",
              "counter_at_least", "finale")
WIN = ("defeat", "missions")
DIFFICULTIES = ("padawan", "knight", "master", "grandmaster")
VILLAIN_PLANET = -2              # a finale mission on the villain's planet
DEFAULT_RULES: dict[str, Any] = {
    "hand_limit": 7, "actions_per_turn": 4, "starting_hand": {2: 3, 3: 3, 4: 4, 5: 4},
    "difficulty": {"padawan": 3, "knight": 4, "master": 5, "grandmaster": 6},
    "droid_health": 1, "blockade_health": 2, "max_droids": 3,
}
COUNTS = ("squad_cards", "invasion_cards", "mission_cards", "villain_cards", "jedi", "villains",
          "player_aids")

Step = tuple[Any, ...]
Effects = tuple[Step, ...]
Amount = int | tuple[str, int, str]    # a number, or ("ref", base, threat|invasion|counter)


@dataclass(frozen=True)
class SquadDef:
    name: str
    kind: str
    value: int | None
    copies: int | None
    when: str = "any"
    at_mission_planet: bool = False
    planet: int | None = None          # the card may be used only there
    effect: Effects | None = None
    text: str = ""


@dataclass(frozen=True)
class JediDef:
    name: str
    text: str
    uses: int
    ability: Effects | None
    planet: int | None = None


@dataclass(frozen=True)
class FigureDef:
    name: str
    health: int | None
    finale_health: int | None


@dataclass(frozen=True)
class VillainCard:
    name: str
    effects: Effects | None


@dataclass(frozen=True)
class MissionDef:
    name: str
    planet: int | None                 # VILLAIN_PLANET: wherever the villain is
    needs: tuple[str, ...] | None
    threshold: Amount | None
    damage: int | None
    when_drawn: Effects | None
    when_completed: Effects | None
    text: str = ""
    finale: bool = False


@dataclass(frozen=True)
class VillainDef:
    name: str
    figures: tuple[FigureDef, ...]
    counters: tuple[tuple[str, int, int, int], ...]   # (name, start, min, max)
    text: str
    reminder: Effects | None
    setup: Effects | None
    deck: tuple[VillainCard, ...]
    finale_text: str
    finale_setup: Effects | None
    finale_reminder: Effects | None
    finale_missions: tuple[int, ...]   # indexes into Pack.missions, in order
    win: tuple[str, ...] | None


@dataclass
class Pack:
    id: str
    name: str
    published: bool
    description: str
    sources: tuple[str, ...]
    files: str
    rules: dict[str, Any]
    components: dict[str, int | None]
    threat_spaces: int | None
    threat_values: tuple[int, ...] | None
    invasion_rates: tuple[int, ...] | None
    die: tuple[tuple[int, int], ...] | None
    planets: tuple[str, ...]
    routes: tuple[tuple[int, ...], ...] | None
    player_aids: tuple[int, ...] | None
    invasion_cards: tuple[int, ...] | None
    squad: tuple[SquadDef, ...]
    jedi: tuple[JediDef, ...]
    villains: tuple[VillainDef, ...]
    missions: tuple[MissionDef, ...]
    unknown: list[str] = field(default_factory=list)
    cache: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)
    """What a surface derives once per pack (e.g. a learning layout), never part of the pack."""

    def planet(self, name: str) -> int:
        return self.planets.index(name)

    def missing(self) -> list[str]:
        """Everything a game needs that the pack does not give: unknown values and absent entries."""
        out = list(self.unknown)
        listed = {"squad_cards": sum(c.copies or 0 for c in self.squad),
                  "mission_cards": sum(1 for m in self.missions if not m.finale),
                  "villain_cards": sum(len(v.deck) for v in self.villains),
                  "jedi": len(self.jedi), "villains": len(self.villains),
                  "player_aids": len(self.player_aids or ()),
                  "invasion_cards": len(self.invasion_cards or ()) + 2}
        for key in COUNTS:
            box = self.components.get(key)
            if box is not None and listed[key] < box:
                out.append(f"{key.replace('_', ' ')}: {listed[key]} of {box} listed")
        return out


# -- loading ---------------------------------------------------------------------------------
def bundled_path(pack_id: str) -> Path:
    return Path(str(resources.files("dejarik.pandemic").joinpath("packs").joinpath(f"{pack_id}.yaml")))


def bundled_ids() -> list[str]:
    folder = resources.files("dejarik.pandemic").joinpath("packs")
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".yaml"))


def resolve(ref: str, near: Path | None = None) -> Path:
    """A pack reference: a bundled id, or a .yaml path (relative to `near` when given)."""
    if ref.endswith((".yaml", ".yml")):
        path = Path(ref)
        if near is not None and not path.is_absolute():
            path = near / path
        return path
    if ref not in bundled_ids():
        raise PackError(f"no pandemic pack {ref!r}: give a bundled pack id "
                        f"({', '.join(bundled_ids())}) or a .yaml file")
    return bundled_path(ref)


def load_pack(ref: str) -> Pack:
    """Load a pack by id or path, following `extends` (a file completing another pack)."""
    data, files = _read_chain(ref, None, [])
    return compile_pack(data, " + ".join(files))


def content_digest(ref: str) -> str:
    """A fingerprint of a pack's content, `extends` included: a simulation resumes only the
    games played with the same content."""
    data, _ = _read_chain(ref, None, [])
    return digest(data)


def _read_chain(ref: str, near: Path | None, seen: list[str]) -> tuple[dict[str, Any], list[str]]:
    path = resolve(ref, near)
    if str(path) in seen:
        raise PackError(f"{path.name}: `extends` goes round in a circle")
    data = read_yaml(path, PackError)
    if not isinstance(data, dict):
        raise PackError(f"{path.name}: a pack is a mapping (format, pack, planets, ...)")
    base = data.get("extends")
    if base is None:
        return data, [path.name]
    if not isinstance(base, str):
        raise PackError(f"{path.name}: extends: give a pack id or a .yaml file")
    under, files = _read_chain(base, path.parent, [*seen, str(path)])
    rest = {k: v for k, v in data.items() if k != "extends"}
    return merge(under, rest, path.name), [*files, path.name]


_NAMED = ("planets", "squad", "jedi", "villains", "missions")


def merge(base: Any, extra: Any, fname: str, where: str = "") -> Any:
    """`extra` completes `base`: mappings merge key by key; lists of named entries merge by
    name (a new name is appended); any other value in `extra` replaces the base's."""
    if isinstance(base, dict) and isinstance(extra, dict):
        out = dict(base)
        for k, v in extra.items():
            out[k] = merge(base[k], v, fname, f"{where}.{k}" if where else str(k)) if k in base else v
        return out
    if isinstance(base, list) and isinstance(extra, list) and where.split(".")[-1] in _NAMED:
        out_list = list(base)
        index = {e.get("name"): i for i, e in enumerate(base) if isinstance(e, dict) and e.get("name")}
        index.update({e.get("name_pl"): i for i, e in enumerate(base)
                      if isinstance(e, dict) and e.get("name_pl")})
        for e in extra:
            if not isinstance(e, dict) or "name" not in e:
                raise PackError(f"{fname}: {where}: each entry needs a name (to match the pack's)")
            i = index.get(e["name"])
            if i is None:
                out_list.append(e)
            else:
                out_list[i] = merge(out_list[i], e, fname, where + f"[{e['name']}]")
        return out_list
    return extra


# -- compiling -------------------------------------------------------------------------------
class _Compiler:
    def __init__(self, fname: str, data: Mapping[str, Any]) -> None:
        self.fname = fname
        self.data = data
        self.unknown: list[str] = []
        self.planets: tuple[str, ...] = ()
        self.counters: set[str] = set()
        self.squad_names: set[str] = set()

    def fail(self, where: str, msg: str) -> PackError:
        return PackError(f"{self.fname}: {where}: {msg}")

    def keys(self, d: Any, where: str, allowed: set[str],
             required: set[str] | frozenset[str] = frozenset()) -> dict[str, Any]:
        if not isinstance(d, dict):
            raise self.fail(where, f"expected a mapping, got {d!r}")
        extra = set(d) - allowed - {"name_pl", "note"}
        if extra:
            raise self.fail(where, f"unknown field {sorted(map(str, extra))[0]!r} "
                                   f"(fields: {', '.join(sorted(allowed))})")
        for k in required:
            if k not in d:
                raise self.fail(where, f"missing field {k!r}")
        return d

    def nullable(self, value: Any, where: str) -> bool:
        """True (and the unknown recorded) when a value is null."""
        if value is None:
            self.unknown.append(where)
            return True
        return False

    def int_(self, value: Any, where: str, low: int = 0, high: int | None = None) -> int:
        """A whole number from `low` to `high` (at most MAX_NUMBER: a pack's numbers count
        cards, spaces and turns, and a huge one would only exhaust memory later)."""
        top = MAX_NUMBER if high is None else high
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(where, f"expected a whole number, got {short_repr(value)}")
        if not low <= value <= top:
            raise self.fail(where, f"{short_repr(value)} is out of range ({low}..{top})")
        return value

    def str_(self, value: Any, where: str) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.fail(where, f"expected text, got {value!r}")
        return value.strip()

    def planet(self, name: Any, where: str) -> int:
        if name not in self.planets:
            raise self.fail(where, f"no planet {name!r} on the board (planets: {', '.join(self.planets)})")
        return self.planets.index(name)

    def choice(self, value: Any, options: tuple[str, ...], where: str) -> str:
        if value not in options:
            raise self.fail(where, f"{value!r} is not one of: {', '.join(options)}")
        return str(value)

    # amounts, selectors, conditions
    def amount(self, v: Any, where: str) -> Amount:
        if isinstance(v, dict):
            self.keys(v, where, {"base", "plus"}, {"base", "plus"})
            ref = v["plus"]
            if not isinstance(ref, str) or (ref not in ("threat", "invasion") and ref not in self.counters):
                raise self.fail(where + ".plus", f"{ref!r} is not threat, invasion or a counter of a villain")
            return ("ref", self.int_(v["base"], where + ".base"), str(ref))
        return self.int_(v, where)

    def at(self, v: Any, where: str) -> int | str:
        if v in PLANET_SELECTORS:
            return str(v)
        if v in self.planets:
            return self.planets.index(v)
        raise self.fail(where, f"{v!r} is not a planet or one of: {', '.join(PLANET_SELECTORS)}")

    def effects(self, v: Any, where: str) -> Effects | None:
        if self.nullable(v, where):
            return None
        if not isinstance(v, list):
            raise self.fail(where, "an effect is a list of steps")
        return tuple(self.step(s, f"{where}[{i}]") for i, s in enumerate(v))

    def step(self, s: Any, where: str) -> Step:
        if not isinstance(s, dict) or not s:
            raise self.fail(where, f"a step is a mapping with one key, got {s!r}")
        if "if" in s:
            w = where + ".if"
            body = self.keys(s["if"], w, {"cond", "then", "else"}, {"cond"})
            if len(s) != 1:
                raise self.fail(where, "a step has one key")
            return ("if", self.cond(body["cond"], w + ".cond"),
                    self.effects(body.get("then", []), w + ".then") or (),
                    self.effects(body.get("else", []), w + ".else") or ())
        if len(s) != 1:
            raise self.fail(where, f"a step has one key, got {', '.join(map(str, s))}")
        (op, arg), = s.items()
        w = f"{where}.{op}"
        if op in ("threat", "invasion", "invade", "extra_actions", "villain_card", "add_damage",
                  "add_success", "prevent"):
            return (op, self.amount(arg, w))
        if op == "siege":
            if arg is not True:
                raise self.fail(w, "write `siege: true`")
            return ("siege",)
        if op == "give_card":
            return (op, self.str_(arg, w))
        spec = _STEP_FIELDS.get(op)
        if spec is None:
            raise self.fail(where, f"unknown primitive {op!r} (see docs/pandemic-packs.md)")
        self.keys(arg, w, set(spec), set(spec))
        out: list[Any] = [op]
        for key in spec:
            kind = spec[key]
            val, wk = arg[key], f"{w}.{key}"
            if kind == "at":
                out.append(self.at(val, wk))
            elif kind == "who":
                out.append(self.choice(val, JEDI_SELECTORS, wk))
            elif kind == "toward":
                out.append(self.choice(val, TOWARD, wk))
            elif kind == "counter":
                if not isinstance(val, str) or val not in self.counters:
                    raise self.fail(wk, f"no villain has a counter {short_repr(val)}")
                out.append(str(val))
            else:
                out.append(self.amount(val, wk) if kind == "amount" else self.int_(val, wk, -99, 99))
        return tuple(out)

    def cond(self, c: Any, where: str) -> tuple[Any, ...]:
        if isinstance(c, str):
            if c not in ("villain_on_board", "villain_at_mission", "jedi_at_villain", "finale"):
                raise self.fail(where, f"{c!r} is not a condition ({', '.join(CONDITIONS)})")
            return (c,)
        if not isinstance(c, dict) or len(c) != 1:
            raise self.fail(where, f"a condition is a name or a one-key mapping, got {c!r}")
        (name, arg), = c.items()
        if name == "threat_at_least":
            return (name, self.int_(arg, where + "." + name))
        if name == "counter_at_least":
            self.keys(arg, where + "." + name, {"name", "value"}, {"name", "value"})
            counter = self.str_(arg["name"], f"{where}.{name}.name")
            if counter not in self.counters:
                raise self.fail(where, f"no villain has a counter {counter!r}")
            return (name, counter, self.int_(arg["value"], where + ".value", -99))
        raise self.fail(where, f"{name!r} is not a condition ({', '.join(CONDITIONS)})")


_STEP_FIELDS: dict[str, dict[str, str]] = {
    "droids": {"at": "at", "count": "amount"},
    "fill_droids": {"at": "at", "to": "amount"},
    "blockade": {"at": "at"},
    "remove_droids": {"at": "at", "count": "amount"},
    "deal": {"at": "at", "amount": "amount"},
    "place_villain": {"at": "at"},
    "move_villain": {"toward": "toward", "steps": "amount"},
    "damage": {"who": "who", "amount": "amount"},
    "exhaust": {"who": "who", "count": "amount"},
    "draw": {"who": "who", "count": "amount"},
    "discard": {"who": "who", "count": "amount"},
    "ready": {"who": "who", "count": "amount"},
    "move_jedi": {"who": "who", "to": "at"},
    "counter": {"name": "counter", "add": "int"},
}
# the position of a planet selector in a compiled step, where a choice is resolved
AT_INDEX = {op: 1 + list(f).index(k) for op, f in _STEP_FIELDS.items() for k in f if f[k] == "at"}


def compile_pack(data: Mapping[str, Any], fname: str) -> Pack:
    c = _Compiler(fname, data)
    top = c.keys(data, "pack file", {"format", "pack", "rules", "components", "tracks", "die",
                                     "planets", "player_aids", "invasion_cards", "squad", "jedi",
                                     "villains", "missions"}, {"format", "pack"})
    if top["format"] != FORMAT:
        raise c.fail("format", f"expected {FORMAT!r}, got {top['format']!r}")
    meta = c.keys(top["pack"], "pack", {"id", "name", "published", "description", "sources"}, {"id", "name"})
    pack_id = c.str_(meta["id"], "pack.id")
    if not pack_id.replace("_", "").isalnum() or pack_id != pack_id.lower():
        raise c.fail("pack.id", "use lower-case letters, digits and _")
    rules = dict(DEFAULT_RULES)
    for k, v in c.keys(top.get("rules") or {}, "rules", set(DEFAULT_RULES)).items():
        if k in ("starting_hand", "difficulty"):
            if not isinstance(v, dict):
                raise c.fail(f"rules.{k}", "expected a mapping")
            rules[k] = {kk: c.int_(vv, f"rules.{k}.{kk}", 1) for kk, vv in v.items()}
            counts = set(DEFAULT_RULES["starting_hand"])
            if k == "starting_hand" and set(rules[k]) != counts:
                given = short_repr(sorted(map(str, v)))
                raise c.fail("rules.starting_hand", "needs a hand size for each number of players "
                             f"({', '.join(map(str, sorted(counts)))}), got {given}")
        else:
            rules[k] = c.int_(v, f"rules.{k}", 1)
    comps = c.keys(top.get("components") or {}, "components", {"droids", "blockades", *COUNTS})
    components: dict[str, int | None] = {}
    for k in ("droids", "blockades", *COUNTS):
        v = comps.get(k)
        if k in ("droids", "blockades") and c.nullable(v, f"components.{k}"):
            components[k] = None
        else:
            components[k] = None if v is None else c.int_(v, f"components.{k}")
    threat_spaces, threat_values, rates = _tracks(c, top.get("tracks"))
    die = _die(c, top.get("die"))
    planets, routes = _planets(c, top.get("planets"))
    c.planets = planets
    aids = _planet_list(c, top.get("player_aids"), "player_aids")
    invasion = _planet_list(c, top.get("invasion_cards"), "invasion_cards")
    villains_raw = _list(c, top.get("villains"), "villains")
    for _i, v in enumerate(villains_raw):     # counters first: effects anywhere may name them
        cs = v.get("counters") if isinstance(v, dict) else None
        if isinstance(cs, dict):
            c.counters.update(str(k) for k in cs)
    squad = tuple(_squad(c, s, f"squad[{i}]") for i, s in enumerate(_list(c, top.get("squad"), "squad")))
    c.squad_names = {s.name for s in squad}
    jedi = tuple(_jedi(c, j, f"jedi[{i}]") for i, j in enumerate(_list(c, top.get("jedi"), "jedi")))
    missions = [_mission(c, m, f"missions[{i}]", False)
                for i, m in enumerate(_list(c, top.get("missions"), "missions"))]
    villains = tuple(_villain(c, v, f"villains[{i}]", missions) for i, v in enumerate(villains_raw))
    _unique(c, [s.name for s in squad], "squad")
    _unique(c, [j.name for j in jedi], "jedi")
    _unique(c, [v.name for v in villains], "villains")
    _unique(c, [m.name for m in missions], "missions")
    for op_where, name in _given_cards(c, squad, jedi, villains, missions):
        if name not in c.squad_names:
            raise c.fail(op_where, f"give_card: no squad card {name!r} in the pack")
    return Pack(id=pack_id, name=c.str_(meta["name"], "pack.name"),
                published=bool(meta.get("published", False)),
                description=str(meta.get("description") or ""),
                sources=_sources(c, meta.get("sources")), files=fname,
                rules=rules, components=components, threat_spaces=threat_spaces,
                threat_values=threat_values, invasion_rates=rates, die=die, planets=planets,
                routes=routes, player_aids=aids, invasion_cards=invasion, squad=squad, jedi=jedi,
                villains=villains, missions=tuple(missions), unknown=c.unknown)


def _sources(c: _Compiler, v: Any) -> tuple[str, ...]:
    """Where a pack's content came from: optional, a list when given."""
    if v is None:
        return ()
    if not isinstance(v, list):
        raise c.fail("pack.sources", f"expected a list, got {short_repr(v)}")
    return tuple(str(s) for s in v)


def _list(c: _Compiler, v: Any, where: str) -> list[Any]:
    if c.nullable(v, where):
        return []
    if not isinstance(v, list):
        raise c.fail(where, "expected a list")
    return v


def _unique(c: _Compiler, names: list[str], where: str) -> None:
    seen: set[str] = set()
    for n in names:
        if n in seen:
            raise c.fail(where, f"two entries are named {n!r}")
        seen.add(n)


def _tracks(c: _Compiler, v: Any) -> tuple[int | None, tuple[int, ...] | None, tuple[int, ...] | None]:
    t = c.keys(v or {}, "tracks", {"threat", "invasion"})
    threat = c.keys(t.get("threat") or {}, "tracks.threat", {"spaces", "values"})
    spaces = None if c.nullable(threat.get("spaces"), "tracks.threat.spaces") else \
        c.int_(threat["spaces"], "tracks.threat.spaces", 2, 99)
    values = threat.get("values")
    vals = None
    if values is not None:
        if not isinstance(values, list) or (spaces is not None and len(values) != spaces):
            raise c.fail("tracks.threat.values", "give one value per space")
        vals = tuple(c.int_(x, "tracks.threat.values", 0) for x in values)
    inv = c.keys(t.get("invasion") or {}, "tracks.invasion", {"rates"})
    rates_raw = inv.get("rates")
    rates = None
    if not c.nullable(rates_raw, "tracks.invasion.rates"):
        if not isinstance(rates_raw, list) or not rates_raw:
            raise c.fail("tracks.invasion.rates", "give the rate of each space, e.g. [2, 2, 3, 3, 4]")
        rates = tuple(c.int_(x, "tracks.invasion.rates", 1, 9) for x in rates_raw)
    return spaces, vals, rates


def _die(c: _Compiler, v: Any) -> tuple[tuple[int, int], ...] | None:
    if c.nullable(v, "die"):
        return None
    if not isinstance(v, list) or len(v) < 2:
        raise c.fail("die", "give the die's faces, e.g. [{success: 1, damage: 0}, ...]")
    faces = []
    for i, f in enumerate(v):
        f = c.keys(f, f"die[{i}]", {"success", "damage"}, {"success", "damage"})
        faces.append((c.int_(f["success"], f"die[{i}].success", 0, 9),
                      c.int_(f["damage"], f"die[{i}].damage", 0, 9)))
    return tuple(faces)


def _planets(c: _Compiler, v: Any) -> tuple[tuple[str, ...], tuple[tuple[int, ...], ...] | None]:
    entries = _list(c, v, "planets")
    names = tuple(c.str_(c.keys(p, f"planets[{i}]", {"name", "routes"}, {"name"})["name"],
                         f"planets[{i}].name") for i, p in enumerate(entries))
    _unique(c, list(names), "planets")
    c.planets = names
    adj: list[set[int]] = [set() for _ in names]
    known = bool(names)
    for i, p in enumerate(entries):
        where = f"planet {p['name']!r}.routes"
        if c.nullable(p.get("routes"), where):
            known = False
            continue
        if not isinstance(p["routes"], list):
            raise c.fail(where, "expected a list of planet names")
        for other in p["routes"]:
            j = c.planet(other, where)
            if j == i:
                raise c.fail(where, "a route joins two different planets")
            adj[i].add(j)
            adj[j].add(i)
    if not known:
        return names, None
    seen, todo = {0}, [0]
    while todo:
        for j in adj[todo.pop()]:
            if j not in seen:
                seen.add(j)
                todo.append(j)
    if len(seen) != len(names):
        lost = [names[i] for i in range(len(names)) if i not in seen]
        raise c.fail("planets", f"the routes do not join every planet: {', '.join(lost)} cannot be reached")
    return names, tuple(tuple(sorted(a)) for a in adj)


def _planet_list(c: _Compiler, v: Any, where: str) -> tuple[int, ...] | None:
    if c.nullable(v, where):
        return None
    if not isinstance(v, list):
        raise c.fail(where, "expected a list of planet names")
    return tuple(c.planet(p, f"{where}[{i}]") for i, p in enumerate(v))


def _opt_planet(c: _Compiler, v: Any, where: str) -> int | None:
    return None if v is None else c.planet(v, where)


def _squad(c: _Compiler, s: Any, where: str) -> SquadDef:
    s = c.keys(s, where, {"name", "kind", "value", "copies", "when", "at_mission_planet", "planet",
                          "effect", "text"}, {"name", "kind"})
    name = c.str_(s["name"], where + ".name")
    w = f"squad card {name!r}"
    kind = c.choice(s["kind"], KINDS, w + ".kind")
    copies = None if c.nullable(s.get("copies"), w + ".copies") else c.int_(s["copies"], w + ".copies", 1)
    if kind == "ally":
        for k in ("value",):
            if k in s:
                raise c.fail(w, "an ally has no value: its effect says what it does")
        return SquadDef(name, kind, None, copies, c.choice(s.get("when", "any"), ALLY_TIMES, w + ".when"),
                        bool(s.get("at_mission_planet", False)),
                        _opt_planet(c, s.get("planet"), w + ".planet"),
                        c.effects(s.get("effect"), w + ".effect"), str(s.get("text") or ""))
    for k in ("effect", "when", "at_mission_planet"):
        if k in s:
            raise c.fail(w, f"{k!r} is for allies only")
    value = 1 if "value" not in s else (None if c.nullable(s["value"], w + ".value")
                                        else c.int_(s["value"], w + ".value", 1, 9))
    return SquadDef(name, kind, value, copies, planet=_opt_planet(c, s.get("planet"), w + ".planet"),
                    text=str(s.get("text") or ""))


def _jedi(c: _Compiler, j: Any, where: str) -> JediDef:
    j = c.keys(j, where, {"name", "text", "uses", "ability", "planet"}, {"name"})
    name = c.str_(j["name"], where + ".name")
    w = f"Jedi {name!r}"
    uses = 1
    if "uses" in j:
        uses = 0 if c.nullable(j["uses"], w + ".uses") else c.int_(j["uses"], w + ".uses", 1, 9)
    return JediDef(name, str(j.get("text") or ""), uses,
                   c.effects(j.get("ability"), w + ".ability"),
                   _opt_planet(c, j.get("planet"), w + ".planet"))


def _mission(c: _Compiler, m: Any, where: str, finale: bool) -> MissionDef:
    m = c.keys(m, where, {"name", "planet", "needs", "threshold", "damage", "when_drawn",
                          "when_completed", "text"}, {"name"})
    name = c.str_(m["name"], where + ".name")
    w = f"mission {name!r}"
    planet: int | None = None
    if not c.nullable(m.get("planet"), w + ".planet"):
        on_villain = m["planet"] == "villain" and finale
        planet = VILLAIN_PLANET if on_villain else c.planet(m["planet"], w + ".planet")
    needs = None
    if not c.nullable(m.get("needs"), w + ".needs"):
        if not isinstance(m["needs"], list) or not m["needs"]:
            raise c.fail(w + ".needs", f"list the kinds that count ({', '.join(CARD_KINDS)})")
        needs = tuple(c.choice(k, CARD_KINDS, w + ".needs") for k in m["needs"])
    threshold = None
    if not c.nullable(m.get("threshold"), w + ".threshold"):
        threshold = c.amount(m["threshold"], w + ".threshold")
    damage = None if c.nullable(m.get("damage"), w + ".damage") else c.int_(m["damage"], w + ".damage", 0, 9)
    return MissionDef(name, planet, needs, threshold, damage,
                      c.effects(m.get("when_drawn", []), w + ".when_drawn"),
                      c.effects(m.get("when_completed", []), w + ".when_completed"),
                      str(m.get("text") or ""), finale)


def _villain(c: _Compiler, v: Any, where: str, missions: list[MissionDef]) -> VillainDef:
    fields = {"name", "figures", "counters", "text", "reminder", "setup", "deck", "finale"}
    v = c.keys(v, where, fields, {"name"})
    name = c.str_(v["name"], where + ".name")
    w = f"villain {name!r}"
    figures = []
    for i, f in enumerate(_list(c, v.get("figures"), w + ".figures")):
        f = c.keys(f, f"{w}.figures[{i}]", {"name", "health", "finale_health"}, {"name"})
        fw = f"{w}.figure {f['name']!r}"
        hp: dict[str, int | None] = {}
        for k in ("health", "finale_health"):    # `cannot`: it cannot be removed; null: unknown
            val = f.get(k)
            if val == "cannot" or c.nullable(val, f"{fw}.{k}"):
                hp[k] = None
            else:
                hp[k] = c.int_(val, f"{fw}.{k}", 1, 20)
        figures.append(FigureDef(c.str_(f["name"], fw + ".name"), hp["health"], hp["finale_health"]))
    if not figures and v.get("figures") is not None:
        raise c.fail(f"{w}.figures", "a villain has at least one figure on the board; the list is empty")
    counters = []
    counters_raw = v.get("counters") or {}
    if not isinstance(counters_raw, dict):
        raise c.fail(f"{w}.counters", f"expected a mapping of counters, got {short_repr(counters_raw)}")
    for k, spec in counters_raw.items():
        spec = c.keys(spec, f"{w}.counters.{k}", {"start", "min", "max"}, {"start", "min", "max"})
        if any(c.nullable(spec[x], f"{w}.counters.{k}.{x}") for x in ("start", "min", "max")):
            continue
        lo = c.int_(spec["min"], f"{w}.counters.{k}.min", -99)
        hi = c.int_(spec["max"], f"{w}.counters.{k}.max", -99)
        counters.append((str(k), c.int_(spec["start"], f"{w}.counters.{k}.start", lo, hi), lo, hi))
    deck = []
    for i, card in enumerate(_list(c, v.get("deck"), w + ".deck")):
        card = c.keys(card, f"{w}.deck[{i}]", {"name", "effects"}, {"name", "effects"})
        cname = c.str_(card["name"], f"{w}.deck[{i}].name") if card["name"] is not None else None
        cw = f"{w}.deck[{i}]" + (f" {cname!r}" if cname else "")
        if cname is None:
            c.unknown.append(cw + ".name")
        effects = c.effects(card["effects"], cw + ".effects")
        deck.append(VillainCard(cname or f"unknown card {i + 1}", effects))
    if deck and all(card.effects is not None for card in deck) and \
            sum(1 for card in deck if card.effects == (("siege",),)) != 1:
        raise c.fail(w + ".deck", "a villain deck holds exactly one 'Planet Under Siege!' "
                                  "(effects: [{siege: true}])")
    fin = c.keys(v.get("finale") or {}, w + ".finale", {"text", "setup", "reminder", "missions", "win"})
    finale_ids = []
    for i, m in enumerate(_list(c, fin.get("missions", []), w + ".finale.missions")):
        missions.append(_mission(c, m, f"{w}.finale.missions[{i}]", True))
        finale_ids.append(len(missions) - 1)
    win = None
    if not c.nullable(fin.get("win"), w + ".finale.win"):
        if not isinstance(fin["win"], list) or not fin["win"]:
            raise c.fail(w + ".finale.win", f"list the conditions ({', '.join(WIN)})")
        win = tuple(c.choice(x, WIN, w + ".finale.win") for x in fin["win"])
        if "missions" in win and not finale_ids:
            raise c.fail(w + ".finale.win", "`missions` needs finale missions")
    return VillainDef(name, tuple(figures), tuple(counters), str(v.get("text") or ""),
                      c.effects(v.get("reminder", []), w + ".reminder") or None,
                      c.effects(v.get("setup", []), w + ".setup"), tuple(deck),
                      str(fin.get("text") or ""), c.effects(fin.get("setup", []), w + ".finale.setup"),
                      c.effects(fin.get("reminder", []), w + ".finale.reminder") or None,
                      tuple(finale_ids), win)


def _given_cards(c: _Compiler, squad: tuple[SquadDef, ...], jedi: tuple[JediDef, ...],
                 villains: tuple[VillainDef, ...], missions: list[MissionDef]) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []

    def walk(effs: Effects | None, where: str) -> None:
        for s in effs or ():
            if s[0] == "give_card":
                found.append((where, s[1]))
            elif s[0] == "if":
                walk(s[2], where)
                walk(s[3], where)

    for s in squad:
        walk(s.effect, f"squad card {s.name!r}")
    for j in jedi:
        walk(j.ability, f"Jedi {j.name!r}")
    for m in missions:
        walk(m.when_drawn, f"mission {m.name!r}")
        walk(m.when_completed, f"mission {m.name!r}")
    for v in villains:
        for e in (v.reminder, v.setup, v.finale_setup, v.finale_reminder, *(d.effects for d in v.deck)):
            walk(e, f"villain {v.name!r}")
    return found
