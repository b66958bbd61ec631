"""Load, validate and compile card packs (YAML) into a CardTable.

Every error names the file, the card and the field. Effects are compiled into tuples of
ops (see defs.OP_*) held in one program table, so a paused ability is just (program, pc).
"""

from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from dejarik.core.errors import PackError
from dejarik.core.files import digest
from dejarik.core.files import read_yaml as read_file
from dejarik.core.saved import short_repr
from dejarik.deckbuilding import defs as d
from dejarik.deckbuilding.cards import (
    ANY,
    AttackBonus,
    BuyTo,
    CardDef,
    CardTable,
    Composition,
    Cond,
    FactionInfo,
    Filter,
    Op,
    PackInfo,
    Program,
    Trigger,
    slugify,
)

# Fixed system programs (ids are part of saved states: do not reorder)
PROG_START = 0        # the beginning of a turn
PROG_ASSIGN = 1       # distribute attack damage among capital ships, then the base
PROG_HUNT_REWARD = 3  # optional reward for hunting a neutral card: resources equal to its cost
PROG_DELEGATE = 4     # team game: the team picks who resolves a shared card's ability (frame.n)
PROG_ORDER = 5        # the player picks which of their simultaneous triggers resolves first
_SYSTEM: list[Program] = [
    ((d.OP_CHOOSE_BASE,), (d.OP_INCOME,), (d.OP_START_TRIGGERS,)),
    ((d.OP_ASSIGN,),),
    ((d.OP_HUNT_REWARD,),),
    ((d.OP_OPTIONAL, 2),),
    ((d.OP_DELEGATE,),),
    ((d.OP_ORDER,),),
]

_BUY_ZONES = ("row", "galaxy_discard", "exile", "discard")
_CARD_KEYS = {
    "name", "role", "faction", "type", "copies", "cost", "attack", "resources", "force", "hp",
    "target", "reward", "traits", "unique", "starting", "beginner", "text", "ability",
    "triggers", "statics", "source", "notes", "aliases", "conflicts", "unconfirmed",
}


def bundled_pack_path(pack_id: str) -> Path:
    ref = resources.files("dejarik.deckbuilding").joinpath("packs").joinpath(f"{pack_id}.yaml")
    return Path(str(ref))


def bundled_pack_ids() -> list[str]:
    folder = resources.files("dejarik.deckbuilding").joinpath("packs")
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".yaml"))


def read_yaml(path: Path) -> Any:
    return read_file(path, PackError)


class _Compiler:
    def __init__(self, fname: str) -> None:
        self.fname = fname
        self.progs: list[Program] = list(_SYSTEM)
        self.where_card = ""
        self.pack_id = ""
        self.refs: list[tuple[str, str, str, str, str]] = []  # checked once every card is known

    def ref(self, where: str, kind: str, value: str) -> None:
        self.refs.append((self.pack_id, self.where_card, where, kind, value))

    def fail(self, where: str, msg: str) -> PackError:
        who = f"card {self.where_card!r}: " if self.where_card else ""
        return PackError(f"{self.fname}: {who}{where}: {msg}")

    # -- scalar helpers ------------------------------------------------------------------
    def int_(self, v: Any, where: str, lo: int = 0, allow_none: bool = False) -> Any:
        if v is None and allow_none:
            return None
        if isinstance(v, bool) or not isinstance(v, int):
            raise self.fail(where, f"expected a whole number, got {short_repr(v)}")
        if v < lo:
            raise self.fail(where, f"must be at least {lo}, got {v}")
        if v > MAX_NUMBER:
            raise self.fail(where, f"must be at most {MAX_NUMBER}, got {short_repr(v)}")
        return v

    def bool_(self, v: Any, where: str) -> bool:
        if not isinstance(v, bool):
            raise self.fail(where, f"expected true or false, got {v!r}")
        return v

    def mapping(self, v: Any, where: str) -> Mapping[str, Any]:
        if not isinstance(v, Mapping):
            raise self.fail(where, f"expected a mapping, got {type(v).__name__}")
        return v

    def keys(self, m: Mapping[str, Any], allowed: set[str], where: str) -> None:
        extra = sorted(map(str, set(m) - allowed))
        if extra:
            raise self.fail(where, f"unknown field {extra[0]!r} (allowed: {', '.join(sorted(allowed))})")

    # -- filters & conditions --------------------------------------------------------------
    def filter(self, v: Any, where: str) -> Filter:
        if v is None:
            return ANY
        m = self.mapping(v, where)
        self.keys(m, {"type", "faction", "trait", "traits", "unique", "name", "max_cost"}, where)
        ctype = -1
        if "type" in m:
            ctype = self.named(m["type"], d.TYPE_NAMES, f"{where}.type", "card type")
        traits: frozenset[str] | None = None
        if "trait" in m:
            traits = frozenset([str(m["trait"])])
        if "traits" in m:
            if not isinstance(m["traits"], list) or not m["traits"]:
                raise self.fail(f"{where}.traits", "expected a non-empty list of trait names")
            traits = frozenset(str(t) for t in m["traits"])
        faction: Any = m.get("faction")
        if faction is not None and not isinstance(faction, str):
            raise self.fail(f"{where}.faction", f"expected a faction word, got {faction!r}")
        if faction is not None:
            self.ref(f"{where}.faction", "faction", faction)
        if "name" in m:
            self.ref(f"{where}.name", "card", str(m["name"]))
        return Filter(
            ctype=ctype,
            faction=faction,
            traits=traits,
            unique=self.bool_(m["unique"], f"{where}.unique") if "unique" in m else None,
            name=str(m["name"]) if "name" in m else None,
            max_cost=self.int_(m["max_cost"], f"{where}.max_cost") if "max_cost" in m else None,
        )

    def cond(self, v: Any, where: str) -> Cond:
        if v == "force_with_you":
            return (d.C_FORCE,)
        if v == "attacking_row":
            return (d.C_ATTACKING_ROW,)
        if isinstance(v, Mapping) and len(v) == 1:
            (key, arg), = v.items()
            if key == "in_play":
                return (d.C_IN_PLAY, self.filter(arg, f"{where}.in_play"))
            if key == "opponent_in_play":
                return (d.C_OPP_IN_PLAY, self.filter(arg, f"{where}.opponent_in_play"))
            if key == "base":
                self.ref(f"{where}.base", "card", str(arg))
                return (d.C_BASE, str(arg))
            if key in ("all", "any"):
                if not isinstance(arg, list) or not arg:
                    raise self.fail(f"{where}.{key}", "expected a non-empty list of conditions")
                parts = tuple(self.cond(c, f"{where}.{key}[{i}]") for i, c in enumerate(arg))
                return (d.C_ALL if key == "all" else d.C_ANY, parts)
            if key == "not":
                return (d.C_NOT, self.cond(arg, f"{where}.not"))
        raise self.fail(where, f"unknown condition {v!r}")

    # -- effects ---------------------------------------------------------------------------
    def program(self, v: Any, where: str) -> int:
        if not isinstance(v, list):
            raise self.fail(where, "expected a list of effects")
        ops = tuple(self.op(e, f"{where}[{i}]") for i, e in enumerate(v))
        self.progs.append(ops)
        return len(self.progs) - 1

    def opt_program(self, v: Any, where: str) -> int:
        return -1 if v is None else self.program(v, where)

    def zones(self, v: Any, default_filter: Filter, where: str) -> tuple[tuple[int, Filter], ...]:
        items = v if isinstance(v, list) else [v]
        out = []
        for i, item in enumerate(items):
            w = f"{where}[{i}]" if isinstance(v, list) else where
            if isinstance(item, str):
                zname, flt = item, default_filter
            else:
                m = self.mapping(item, w)
                self.keys(m, {"zone", "filter"}, w)
                zname = str(m.get("zone"))
                flt = self.filter(m.get("filter"), f"{w}.filter")
            if zname not in d.ZONE_NAMES:
                raise self.fail(w, f"unknown zone {zname!r}")
            out.append((d.ZONE_NAMES[zname], flt))
        if not out:
            raise self.fail(where, "needs at least one zone")
        return tuple(out)

    def dest(self, v: Any, where: str) -> int:
        number: int = self.named(v, d.DEST_NAMES, where, "destination")
        return number

    def named(self, v: Any, table: Mapping[str, int] | Sequence[str], where: str, what: str) -> Any:
        """What a name stands for in `table` (itself, when `table` is a list of names); anything
        else, text or not, is named in the error."""
        if not isinstance(v, str) or v not in table:
            raise self.fail(where, f"unknown {what} {short_repr(v)} (known: {', '.join(table)})")
        return table[v] if isinstance(table, Mapping) else v

    def op(self, e: Any, where: str) -> Op:
        m = self.mapping(e, where)
        if len(m) != 1:
            raise self.fail(where, f"an effect has exactly one key, got {sorted(m)}")
        (name, arg), = m.items()
        w = f"{where}.{name}"
        if name == "gain":
            g = self.mapping(arg, w)
            self.keys(g, {"resources", "force", "attack"}, w)
            return (d.OP_GAIN, self.int_(g.get("resources", 0), f"{w}.resources"),
                    self.int_(g.get("force", 0), f"{w}.force"),
                    self.int_(g.get("attack", 0), f"{w}.attack"))
        if name in ("draw", "repair", "pay"):
            code = {"draw": d.OP_DRAW, "repair": d.OP_REPAIR, "pay": d.OP_PAY}[name]
            return (code, self.int_(arg, w, lo=1))
        if name == "damage_base":
            if isinstance(arg, Mapping):
                self.keys(arg, {"per_moved"}, w)
                return (d.OP_DAMAGE, self.int_(arg.get("per_moved"), f"{w}.per_moved", lo=1), True)
            return (d.OP_DAMAGE, self.int_(arg, w, lo=1), False)
        if name in ("exile_self", "discard_revealed"):
            if arg is not True:
                raise self.fail(w, "write it as `true`")
            return (d.OP_EXILE_SELF,) if name == "exile_self" else (d.OP_DISCARD_REVEALED,)
        if name == "move":
            g = self.mapping(arg, w)
            self.keys(g, {"from", "to", "count", "up_to", "all", "random", "chooser", "filter",
                          "mark", "then"}, w)
            if "from" not in g or "to" not in g:
                raise self.fail(w, "needs both `from` and `to`")
            flt = self.filter(g.get("filter"), f"{w}.filter")
            chooser = g.get("chooser", "you")
            if chooser not in ("you", "opponent"):
                raise self.fail(f"{w}.chooser", f"must be you or opponent, got {chooser!r}")
            mark = g.get("mark")
            if mark not in (None, "exile_at_end"):
                raise self.fail(f"{w}.mark", f"unknown mark {mark!r}")
            return (d.OP_MOVE, self.zones(g["from"], flt, f"{w}.from"), self.dest(g["to"], f"{w}.to"),
                    self.int_(g.get("count", 1), f"{w}.count", lo=1),
                    self.bool_(g.get("up_to", False), f"{w}.up_to"),
                    self.bool_(g.get("all", False), f"{w}.all"),
                    self.bool_(g.get("random", False), f"{w}.random"),
                    chooser == "opponent", mark == "exile_at_end",
                    self.opt_program(g.get("then"), f"{w}.then"))
        if name == "buy":
            g = self.mapping(arg, w)
            self.keys(g, {"from", "filter", "free", "to"}, w)
            src = g.get("from", "row")
            if src not in _BUY_ZONES:
                raise self.fail(f"{w}.from", f"can buy only from {', '.join(_BUY_ZONES)}, not {src!r}")
            to = self.dest(g["to"], f"{w}.to") if "to" in g else -1
            return (d.OP_BUY, d.ZONE_NAMES[src], self.filter(g.get("filter"), f"{w}.filter"),
                    self.bool_(g.get("free", False), f"{w}.free"), to)
        if name == "choose":
            g = self.mapping(arg, w)
            self.keys(g, {"chooser", "options"}, w)
            opts = g.get("options")
            if not isinstance(opts, list) or len(opts) < 2:
                raise self.fail(f"{w}.options", "needs a list of at least two options")
            compiled = []
            for i, o in enumerate(opts):
                om = self.mapping(o, f"{w}.options[{i}]")
                self.keys(om, {"label", "do"}, f"{w}.options[{i}]")
                if "label" not in om or "do" not in om:
                    raise self.fail(f"{w}.options[{i}]", "needs `label` and `do`")
                compiled.append((str(om["label"]), self.program(om["do"], f"{w}.options[{i}].do")))
            chooser = g.get("chooser", "you")
            if chooser not in ("you", "opponent"):
                raise self.fail(f"{w}.chooser", f"must be you or opponent, got {chooser!r}")
            return (d.OP_CHOOSE, chooser == "opponent", tuple(compiled))
        if name == "if":
            g = self.mapping(arg, w)
            self.keys(g, {"cond", "then", "else"}, w)
            if "cond" not in g or "then" not in g:
                raise self.fail(w, "needs `cond` and `then`")
            return (d.OP_IF, self.cond(g["cond"], f"{w}.cond"), self.program(g["then"], f"{w}.then"),
                    self.opt_program(g.get("else"), f"{w}.else"))
        if name == "reveal_top":
            g = self.mapping(arg, w)
            self.keys(g, {"own", "enemy", "neutral"}, w)
            return (d.OP_REVEAL, self.opt_program(g.get("own"), f"{w}.own"),
                    self.opt_program(g.get("enemy"), f"{w}.enemy"),
                    self.opt_program(g.get("neutral"), f"{w}.neutral"))
        if name == "look":
            if arg not in ("opponent_hand", "galaxy_top"):
                raise self.fail(w, f"can look at opponent_hand or galaxy_top, not {arg!r}")
            return (d.OP_LOOK, d.ZONE_NAMES[arg])
        if name == "swap":
            g = self.mapping(arg, w)
            self.keys(g, {"a", "b"}, w)
            if "a" not in g or "b" not in g:
                raise self.fail(w, "needs `a` and `b`")
            a = self.mapping(g["a"], f"{w}.a")
            b = self.mapping(g["b"], f"{w}.b")
            self.keys(a, {"from", "filter"}, f"{w}.a")
            self.keys(b, {"from", "filter"}, f"{w}.b")
            za = self.zones(a.get("from"), self.filter(a.get("filter"), f"{w}.a.filter"), f"{w}.a.from")
            zb = self.zones(b.get("from"), self.filter(b.get("filter"), f"{w}.b.filter"), f"{w}.b.from")
            return (d.OP_SWAP, za[0], zb[0])
        if name == "next_buy":
            g = self.mapping(arg, w)
            self.keys(g, {"to"}, w)
            return (d.OP_NEXT_BUY, self.dest(g.get("to"), f"{w}.to"))
        raise self.fail(w, f"unknown primitive {name!r}")

    # -- abilities ---------------------------------------------------------------------------
    def triggers(self, v: Any, where: str) -> dict[str, tuple[Trigger, ...]]:
        if not isinstance(v, list):
            raise self.fail(where, "expected a list of triggers")
        out: dict[str, list[Trigger]] = {}
        for i, t in enumerate(v):
            w = f"{where}[{i}]"
            m: dict[Any, Any] = dict(self.mapping(t, w))
            if True in m:  # YAML 1.1 reads a bare `on:` key as true
                m["on"] = m.pop(True)
            self.keys(m, {"on", "filter", "first_each_turn", "optional", "do"}, w)
            ev: str = self.named(m.get("on"), d.EVENTS, f"{w}.on", "event")
            if "do" not in m:
                raise self.fail(w, "needs `do`")
            prog = self.program(m["do"], f"{w}.do")
            if self.bool_(m.get("optional", True), f"{w}.optional"):
                self.progs.append(((d.OP_OPTIONAL, prog),))
                prog = len(self.progs) - 1
            out.setdefault(ev, []).append(Trigger(
                ev, prog, self.filter(m.get("filter"), f"{w}.filter"),
                self.bool_(m.get("first_each_turn", False), f"{w}.first_each_turn")))
        return {k: tuple(x) for k, x in out.items()}

    def statics(self, v: Any, where: str, card: CardDef) -> None:
        if not isinstance(v, list):
            raise self.fail(where, "expected a list of constant abilities")
        bonuses: list[AttackBonus] = []
        buy_to: list[BuyTo] = []
        for i, s in enumerate(v):
            w = f"{where}[{i}]"
            m = self.mapping(s, w)
            if len(m) != 1:
                raise self.fail(w, "a constant ability has exactly one key")
            (key, arg), = m.items()
            w = f"{w}.{key}"
            if key == "attack_bonus":
                g = self.mapping(arg, w)
                self.keys(g, {"to", "amount", "while"}, w)
                to = g.get("to", "self")
                amount = g.get("amount", 1)
                per_victory = False
                if isinstance(amount, Mapping):
                    if dict(amount) != {"count": "opponent_victory"}:
                        raise self.fail(f"{w}.amount", "amount is a number or {count: opponent_victory}")
                    amount, per_victory = 1, True
                bonuses.append(AttackBonus(
                    to == "self", ANY if to == "self" else self.filter(to, f"{w}.to"),
                    self.int_(amount, f"{w}.amount", lo=1), per_victory,
                    self.cond(g["while"], f"{w}.while") if "while" in g else None))
            elif key == "prevent_damage":
                card.prevent_damage = self.int_(arg, w, lo=1)
            elif key == "hunt_neutral":
                card.hunt_neutral = self.int_(arg, w, lo=1)
            elif key == "keep_resources":
                card.keep_resources = self.bool_(arg, w)
            elif key == "buy_to":
                g = self.mapping(arg, w)
                self.keys(g, {"to", "self", "first_each_turn", "filter", "exile_at_end"}, w)
                buy_to.append(BuyTo(
                    self.bool_(g.get("self", False), f"{w}.self"), self.dest(g.get("to"), f"{w}.to"),
                    self.bool_(g.get("first_each_turn", False), f"{w}.first_each_turn"),
                    self.filter(g.get("filter"), f"{w}.filter"),
                    self.bool_(g.get("exile_at_end", False), f"{w}.exile_at_end")))
            else:
                raise self.fail(w, f"unknown constant ability {key!r}")
        card.attack_bonuses = tuple(bonuses)
        card.buy_to = tuple(buy_to)

    # -- cards -------------------------------------------------------------------------------
    def known(self, m: Mapping[str, Any], key: str, unknown: list[str], default: Any = 0,
              required: bool = False) -> Any:
        """A field's value; `null` marks it unknown (recorded), a missing key takes the default."""
        if key not in m:
            if required:
                raise self.fail(key, f"missing (write `{key}: null` if no source establishes it)")
            return default
        if m[key] is None:
            unknown.append(key)
        return m[key]

    def card(self, raw: Any, idx: int, pack: PackInfo, factions: set[str]) -> CardDef:
        m = self.mapping(raw, f"cards[{idx}]")
        name = m.get("name")
        if not isinstance(name, str) or not name:
            raise self.fail(f"cards[{idx}].name", "every card needs a name")
        self.where_card = name
        self.pack_id = pack.id
        self.keys(m, _CARD_KEYS, "field")
        for key in _CARD_WORDS:
            if m.get(key) is not None and not isinstance(m[key], str):
                raise self.fail(key, f"expected text, got {short_repr(m[key])}")
        unknown: list[str] = []
        role_name = m.get("role")
        if role_name not in d.ROLE_NAMES:
            raise self.fail("role", f"must be one of {', '.join(d.ROLE_NAMES)}, got {role_name!r}")
        role = d.ROLE_NAMES[role_name]
        faction = self.known(m, "faction", unknown, required=True)
        if faction is not None and faction != d.NEUTRAL and faction not in factions:
            raise self.fail("faction", f"unknown faction {faction!r} (factions: "
                                       f"{', '.join(sorted(factions))}, or neutral)")
        ctype_name = self.known(m, "type", unknown, required=True)
        if ctype_name is not None and ctype_name not in d.TYPE_NAMES:
            raise self.fail("type", f"must be unit, capital_ship or base, got {ctype_name!r}")
        ctype = d.TYPE_NAMES.get(ctype_name, d.UNIT)
        if (role == d.BASE_ROLE) != (ctype_name == "base"):
            raise self.fail("type", "bases (role: base) and only they have type: base")
        traits = self.known(m, "traits", unknown, default=[])
        if traits is not None and not (isinstance(traits, list) and all(isinstance(t, str) for t in traits)):
            raise self.fail("traits", "expected a list of trait names, or null when unknown")
        copies = 0
        if role != d.BASE_ROLE:
            copies = self.int_(self.known(m, "copies", unknown, required=True), "copies", lo=1,
                               allow_none=True) or 0
        stats = {k: self.int_(self.known(m, k, unknown), k, allow_none=True) or 0
                 for k in ("cost", "attack", "resources", "force")}
        faction_unit = (role == d.GALAXY and ctype_name == "unit" and faction not in (None, d.NEUTRAL))
        if faction_unit and "target" not in m:
            raise self.fail("target", "a faction galaxy unit needs a target value (write null if unknown)")
        if ctype_name in ("capital_ship", "base") and "hp" not in m:
            raise self.fail("hp", f"a {ctype_name.replace('_', ' ')} needs hp (write null if unknown)")
        hp = self.int_(m.get("hp"), "hp", lo=1, allow_none=True)
        if hp is None and ctype_name in ("capital_ship", "base"):
            unknown.append("hp")
        target = self.int_(m.get("target"), "target", lo=0, allow_none=True)
        if target is None and faction_unit:
            unknown.append("target")
        unique = self.known(m, "unique", unknown, default=False)
        unconfirmed = m.get("unconfirmed") or {}
        if not isinstance(unconfirmed, Mapping) or not all(k in _CARD_KEYS for k in unconfirmed):
            raise self.fail("unconfirmed", "expected a mapping {card field: why it is not certain}")
        card = CardDef(
            id=-1, name=name, printed=name, slug=slugify(name), role=role, faction=str(faction or "?"),
            ctype=ctype, cost=stats["cost"], attack=stats["attack"], resources=stats["resources"],
            force=stats["force"], hp=hp, target=target,
            traits=None if traits is None else frozenset(traits),
            unique=False if unique is None else self.bool_(unique, "unique"),
            copies=copies,
            starting=self.bool_(m.get("starting", False), "starting"),
            beginner=self.bool_(m.get("beginner", False), "beginner"),
            text=str(m.get("text") or ""), edition=pack.edition, pack=pack.id,
            unconfirmed={str(k): str(v) for k, v in unconfirmed.items()},
            notes=str(m.get("notes") or ""), raw=dict(m),
        )
        for key in ("ability", "reward", "triggers", "statics"):  # null: unknown; false: none
            if key in m and m[key] is None:
                unknown.append(key)
            elif m.get(key) is True:
                raise self.fail(key, "write the effects, `false` for none, or null if unknown")
        if ab := m.get("ability"):
            g = self.mapping(ab, "ability")
            self.keys(g, {"requires", "do"}, "ability")
            if "do" not in g:
                raise self.fail("ability", "needs `do`")
            card.requires = self.cond(g["requires"], "ability.requires") if "requires" in g else None
            card.ability = self.program(g["do"], "ability.do")
        if m.get("reward") not in (None, False):
            card.reward = self.program(m["reward"], "reward")
            self.progs.append(((d.OP_OPTIONAL, card.reward),))
            card.reward = len(self.progs) - 1
        if m.get("triggers") not in (None, False):
            card.triggers = self.triggers(m["triggers"], "triggers")
        if m.get("statics") not in (None, False):
            self.statics(m["statics"], "statics", card)
        card.unknown = tuple(unknown)
        self.where_card = ""
        return card


# -- files and layers ------------------------------------------------------------------------
_PACK_KEYS = {"pack", "title", "edition", "factions", "composition", "cards", "notes", "sources"}
_PATCH_KEYS = {"pack", "extends", "title", "factions", "composition", "cards", "notes", "sources"}
_OVERRIDABLE = ("hp", "target", "traits", "cost", "attack", "resources", "force", "unique")
MAX_NUMBER = 999   # the most any number in a pack may be (docs/reliability.md)
_LEAST = {"hp": 1, "target": 0, "cost": 0, "attack": 0, "resources": 0, "force": 0}
_CARD_WORDS = ("name", "role", "faction", "type", "text", "source", "notes")   # text or null


def check_overrides(overrides: Any, where: str) -> dict[str, dict[str, Any]]:
    """{card name: {field: value}} with every field one an override may set and every value
    of its kind (a number, a list of traits, true or false; null: unknown again). `where`
    names the file (or 'overrides'), so a mistake is reported where it was written."""
    if not isinstance(overrides, Mapping):
        raise PackError(f"{where}: expected {{Card Name: {{field: value}}}}")
    out: dict[str, dict[str, Any]] = {}
    for name, fields in overrides.items():
        if not isinstance(name, str) or not name:
            raise PackError(f"{where}: {short_repr(name)} is not a card name (write it as text)")
        if not isinstance(fields, Mapping):
            raise PackError(f"{where}: {name!r}: expected a mapping of fields, got "
                            f"{short_repr(fields)}")
        for key, value in fields.items():
            if key not in _OVERRIDABLE:
                raise PackError(f"{where}: {name!r}: field {short_repr(key)} cannot be "
                                f"overridden (allowed: {', '.join(_OVERRIDABLE)}; change "
                                f"abilities in a pack file)")
            if value is None:
                continue
            if key in _LEAST:
                ok = type(value) is int and _LEAST[key] <= value <= MAX_NUMBER
                kind = f"a whole number from {_LEAST[key]} to {MAX_NUMBER}"
            elif key == "traits":
                ok = isinstance(value, list) and all(isinstance(t, str) for t in value)
                kind = "a list of trait names"
            else:
                ok = isinstance(value, bool)
                kind = "true or false"
            if not ok:
                raise PackError(f"{where}: {name!r}: {key}: expected {kind} (or null), got "
                                f"{short_repr(value)}")
        out[name] = dict(fields)
    return out


def _resolve(ref: str, near: Path | None = None) -> Path:
    """A pack reference: a bundled pack id, or a .yaml path (relative to `near` if given)."""
    if ref.endswith((".yaml", ".yml")):
        path = Path(ref)
        if near is not None and not path.is_absolute() and not _exists(path):
            path = near / path
    else:
        path = bundled_pack_path(ref)
    if not _exists(path):
        known = ", ".join(bundled_pack_ids())
        raise PackError(f"no pack {short_repr(ref)}: give a bundled pack id ({known}) or a .yaml file")
    return path


def _exists(path: Path) -> bool:
    """Whether a file is there; a name the system cannot look up (too long) is not."""
    try:
        return path.exists()
    except OSError:
        return False


class _Layers:
    """Packs being assembled from files: each base pack, with the files that extend it."""

    def __init__(self) -> None:
        self.packs: dict[str, dict[str, Any]] = {}
        self.files: dict[str, list[str]] = {}
        self.paths: dict[Path, str] = {}

    def add(self, ref: str, near: Path | None = None, chain: tuple[Path, ...] = ()) -> str:
        path = _resolve(ref, near).resolve()
        if path in chain:
            raise PackError(f"{path.name}: `extends` goes round in a circle")
        if path in self.paths:
            return self.paths[path]
        top = read_yaml(path)
        if not isinstance(top, Mapping):
            raise PackError(f"{path.name}: top level: expected a mapping, got {type(top).__name__}")
        pid = self._extend(top, path, chain) if "extends" in top else self._new(top, path)
        self.paths[path] = pid
        return pid

    def _new(self, top: Mapping[str, Any], path: Path) -> str:
        extra = sorted(map(str, set(top) - _PACK_KEYS))
        if extra:
            raise PackError(f"{path.name}: top level: unknown field {extra[0]!r} (allowed: "
                            f"{', '.join(sorted(_PACK_KEYS))}; a file that completes another "
                            "pack says `extends: PACK`)")
        pid = top.get("pack")
        if not isinstance(pid, str) or not pid:
            raise PackError(f"{path.name}: top level: missing field 'pack' (the pack id)")
        if pid in self.packs:
            raise PackError(f"{path.name}: pack {pid!r} is already loaded (from "
                            f"{self.files[pid][0]}); give each pack once")
        data = dict(top)
        cards = data.get("cards")
        if isinstance(cards, list):
            data["cards"] = [dict(c) if isinstance(c, Mapping) else c for c in cards]
        self.packs[pid] = data
        self.files[pid] = [path.name]
        return pid

    def _extend(self, top: Mapping[str, Any], path: Path, chain: tuple[Path, ...]) -> str:
        fname = path.name
        extra = sorted(map(str, set(top) - _PATCH_KEYS))
        if extra:
            raise PackError(f"{fname}: top level: unknown field {extra[0]!r} "
                            f"(allowed in a file that extends a pack: {', '.join(sorted(_PATCH_KEYS))})")
        ref = top["extends"]
        if not isinstance(ref, str):
            raise PackError(f"{fname}: extends: expected a pack id or file, got {ref!r}")
        pid = ref if ref in self.packs else self.add(ref, path.parent, (*chain, path))
        base = self.packs[pid]
        for key in ("title", "composition", "notes", "sources"):
            if key in top:
                base[key] = top[key]
        if top.get("factions"):
            if not isinstance(top["factions"], list):
                raise PackError(f"{fname}: factions: expected a list")
            base["factions"] = [*(base.get("factions") or []), *top["factions"]]
        cards = top.get("cards") or []
        if not isinstance(cards, list):
            raise PackError(f"{fname}: cards: expected a list of cards")
        base_cards = base.setdefault("cards", [])
        by_name = {c.get("name"): c for c in base_cards if isinstance(c, dict)}
        for i, c in enumerate(cards):
            if not isinstance(c, Mapping) or not isinstance(c.get("name"), str):
                raise PackError(f"{fname}: cards[{i}].name: every card needs a name")
            if c["name"] in by_name:
                by_name[c["name"]].update(c)
            else:
                new = dict(c)
                base_cards.append(new)
                by_name[c["name"]] = new
        self.files[pid].append(fname)
        return pid

    def override(self, overrides: Mapping[str, Any]) -> None:
        """Apply {card name: {field: value}}; a name two packs share is written 'Name [pack]'."""
        for name, fields in check_overrides(overrides, "overrides").items():
            hits = [(pid, c) for pid, data in self.packs.items() for c in data.get("cards") or []
                    if isinstance(c, dict) and name in (c.get("name"), f"{c.get('name')} [{pid}]")]
            if not hits:
                names = [c.get("name") for data in self.packs.values()
                         for c in data.get("cards") or [] if isinstance(c, dict)]
                near = difflib.get_close_matches(name, [n for n in names if isinstance(n, str)])
                hint = f"; did you mean {' or '.join(map(repr, near))}?" if near else ""
                raise PackError(f"overrides: no card {name!r} in the loaded packs{hint}")
            if len(hits) > 1:
                raise PackError(f"overrides: {name!r} is in several packs; write "
                                f"{name!r} as '{name} [PACK]' (one of {', '.join(p for p, _ in hits)})")
            hits[0][1].update(fields)


def _composition(c: _Compiler, v: Any) -> Composition:
    if v is None:
        return Composition()
    m = c.mapping(v, "composition")
    fields = Composition.__dataclass_fields__
    c.keys(m, set(fields), "composition")
    return Composition(**{k: c.int_(x, f"composition.{k}") for k, x in m.items()})


def _compile(layers: _Layers) -> CardTable:
    """Compile every assembled pack into one table. Names two packs share get '[pack]' added."""
    fnames = {pid: " + ".join(files) for pid, files in layers.files.items()}
    c = _Compiler("")
    infos: list[PackInfo] = []
    factions: list[FactionInfo] = []
    raw_cards: list[tuple[PackInfo, int, Any]] = []
    for pid, top in layers.packs.items():
        c.fname = fnames[pid]
        for key in ("edition", "factions", "cards"):
            if key not in top:
                raise c.fail("top level", f"missing field {key!r}")
        raw_f = top["factions"]
        if not isinstance(raw_f, list) or not raw_f:
            raise c.fail("factions", "expected a list of factions (the first listed moves first)")
        fids = []
        for i, f in enumerate(raw_f):
            fm = c.mapping(f, f"factions[{i}]")
            c.keys(fm, {"id", "name", "hunt"}, f"factions[{i}]")
            fid = fm.get("id")
            if not isinstance(fid, str) or not fid or fid in (d.NEUTRAL, "?"):
                raise c.fail(f"factions[{i}].id", "needs a faction id other than 'neutral'")
            if any(x.id == fid for x in factions):
                raise c.fail(f"factions[{i}].id", f"duplicate faction id {fid!r}")
            factions.append(FactionInfo(fid, str(fm.get("name", fid)), str(fm.get("hunt", "bounty hunting"))))
            fids.append(fid)
        info = PackInfo(pid, str(top.get("title") or pid), str(top["edition"]), fids,
                        _composition(c, top.get("composition")), layers.files[pid])
        infos.append(info)
        cards = top["cards"]
        if not isinstance(cards, list) or not cards:
            raise c.fail("cards", "expected a non-empty list of cards")
        raw_cards += [(info, i, x) for i, x in enumerate(cards)]
    all_fids = {f.id for f in factions}
    defs: list[CardDef] = []
    seen: dict[tuple[str, str], int] = {}
    for info, i, raw in raw_cards:
        c.fname = fnames[info.id]
        try:
            card = c.card(raw, i, info, all_fids)
        except (TypeError, ValueError, AttributeError, KeyError, IndexError) as err:
            # a value of a shape no check above foresaw: still named by file and card
            raise c.fail(f"cards[{i}]", f"a value has the wrong kind ({err})") from None
        if (info.id, card.name) in seen:
            raise c.fail(f"cards[{i}].name", f"duplicate card name {card.name!r}")
        seen[(info.id, card.name)] = len(defs)
        card.id = len(defs)
        defs.append(card)
    counts = Counter(x.name for x in defs)
    shared = {n for n, k in counts.items() if k > 1}
    by_name: dict[str, int] = {}
    by_slug: dict[str, int] = {}
    for card in defs:
        if card.name in shared:
            card.name = f"{card.name} [{card.pack}]"
            card.slug = slugify(card.name)
        if card.slug in by_slug:
            raise PackError(f"{fnames[card.pack]}: card {card.name!r}: name: it clashes with "
                            f"{defs[by_slug[card.slug]].name!r} in the action notation")
        by_name[card.name] = card.id
        by_slug[card.slug] = card.id
    table = CardTable(infos, factions, defs, c.progs, by_name, by_slug)
    _check_references(c, table, fnames)
    _check_structure(table, fnames)
    return table


def _check_references(c: _Compiler, table: CardTable, fnames: dict[str, str]) -> None:
    """Every card name and faction an ability mentions must exist in the loaded packs."""
    names = {x.name for x in table.defs} | {x.name.rsplit(" [", 1)[0] for x in table.defs}
    fids = {f.id for f in table.factions} | {"own", "enemy", d.NEUTRAL}
    for fname_pid, card_name, where, kind, value in c.refs:
        ok = value in names if kind == "card" else value in fids
        if not ok:
            what = "card" if kind == "card" else "faction"
            raise PackError(f"{fnames[fname_pid]}: card {card_name!r}: {where}: no {what} named "
                            f"{value!r} in the loaded packs")


def _check_structure(table: CardTable, fnames: dict[str, str]) -> None:
    """Mistakes that make a pack unusable whatever is filled in later."""
    for info in table.packs:
        for fid in info.factions:
            if not any(x.role == d.STARTER and x.faction == fid for x in table.defs):
                raise PackError(f"{fnames[info.id]}: faction {fid!r} has no starter deck "
                                "(cards with role: starter)")
            starts = [x.name for x in table.defs
                      if x.role == d.BASE_ROLE and x.faction == fid and x.starting]
            if len(starts) > 1:
                raise PackError(f"{fnames[info.id]}: faction {fid!r} has {len(starts)} starting "
                                f"bases ({', '.join(starts)}); mark exactly one `starting: true`")


def load_packs(refs: list[str] | tuple[str, ...], overrides: Mapping[str, Any] | None = None) -> CardTable:
    """Load packs by id or path, in order; a file with `extends` completes an earlier pack."""
    layers = _Layers()
    for ref in refs:
        layers.add(ref)
    if overrides:
        layers.override(overrides)
    return _compile(layers)


def content_digest(refs: list[str] | tuple[str, ...], overrides: Mapping[str, Any] | None = None) -> str:
    """A fingerprint of the packs' content (and any overrides): a simulation resumes only the
    games played with the same cards."""
    layers = _Layers()
    for ref in refs:
        layers.add(ref)
    return digest([layers.packs, dict(overrides or {})])


def load_pack(pack: str, overrides: Mapping[str, Any] | None = None) -> CardTable:
    return load_packs([pack], overrides)


def compile_pack(data: Any, fname: str, overrides: Mapping[str, Any] | None = None) -> CardTable:
    """Validate one pack's parsed YAML and compile it (tests and tools)."""
    if not isinstance(data, Mapping):
        raise PackError(f"{fname}: top level: expected a mapping, got {type(data).__name__}")
    layers = _Layers()
    layers._new(data, Path(fname))
    if overrides:
        layers.override(overrides)
    return _compile(layers)
