"""Load, validate and compile card packs (YAML) into a CardTable.

Every error names the file, the card and the field. Effects are compiled into tuples of
ops (see defs.OP_*) held in one program table, so a paused ability is just (program, pc).
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

from dejarik.core.errors import PackError
from dejarik.deckbuilding import defs as d
from dejarik.deckbuilding.cards import (
    ANY,
    AttackBonus,
    BuyTo,
    CardDef,
    CardTable,
    Cond,
    FactionInfo,
    Filter,
    Op,
    Program,
    Trigger,
    slugify,
)

# Fixed system programs (ids are part of saved states: do not reorder)
PROG_START = 0        # the beginning of a turn
PROG_ASSIGN = 1       # distribute attack damage among capital ships, then the base
PROG_HUNT_REWARD = 3  # optional reward for hunting a neutral card: resources equal to its cost
_SYSTEM: list[Program] = [
    ((d.OP_CHOOSE_BASE,), (d.OP_INCOME,), (d.OP_START_TRIGGERS,)),
    ((d.OP_ASSIGN,),),
    ((d.OP_HUNT_REWARD,),),
    ((d.OP_OPTIONAL, 2),),
]

_CARD_KEYS = {
    "name", "role", "faction", "type", "copies", "cost", "attack", "resources", "force", "hp",
    "target", "reward", "traits", "unique", "starting", "beginner", "text", "ability",
    "triggers", "statics", "source", "notes", "aliases", "conflicts",
}


def bundled_pack_path(pack_id: str) -> Path:
    ref = resources.files("dejarik.deckbuilding").joinpath("packs").joinpath(f"{pack_id}.yaml")
    return Path(str(ref))


def bundled_pack_ids() -> list[str]:
    folder = resources.files("dejarik.deckbuilding").joinpath("packs")
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".yaml"))


def read_yaml(path: Path) -> Any:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise PackError(f"{path.name}: cannot read ({err.strerror})") from None
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as err:
        raise PackError(f"{path.name}: not valid YAML ({err})") from None


class _Compiler:
    def __init__(self, fname: str) -> None:
        self.fname = fname
        self.progs: list[Program] = list(_SYSTEM)
        self.where_card = ""

    def fail(self, where: str, msg: str) -> PackError:
        who = f"card {self.where_card!r}: " if self.where_card else ""
        return PackError(f"{self.fname}: {who}{where}: {msg}")

    # -- scalar helpers ------------------------------------------------------------------
    def int_(self, v: Any, where: str, lo: int = 0, allow_none: bool = False) -> Any:
        if v is None and allow_none:
            return None
        if isinstance(v, bool) or not isinstance(v, int):
            raise self.fail(where, f"expected a whole number, got {v!r}")
        if v < lo:
            raise self.fail(where, f"must be at least {lo}, got {v}")
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
        extra = sorted(set(m) - allowed)
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
            if m["type"] not in d.TYPE_NAMES:
                raise self.fail(f"{where}.type", f"unknown card type {m['type']!r}")
            ctype = d.TYPE_NAMES[m["type"]]
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
        if v not in d.DEST_NAMES:
            raise self.fail(where, f"unknown destination {v!r} (known: {', '.join(d.DEST_NAMES)})")
        return d.DEST_NAMES[v]

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
            if src not in ("row", "galaxy_discard", "exile"):
                raise self.fail(f"{w}.from", f"can buy only from row, galaxy_discard or exile, not {src!r}")
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
            ev = m.get("on")
            if ev not in d.EVENTS:
                raise self.fail(f"{w}.on", f"unknown event {ev!r} (known: {', '.join(d.EVENTS)})")
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
    def card(self, raw: Any, idx: int, edition: str, factions: set[str]) -> CardDef:
        m = self.mapping(raw, f"cards[{idx}]")
        name = m.get("name")
        if not isinstance(name, str) or not name:
            raise self.fail(f"cards[{idx}].name", "every card needs a name")
        self.where_card = name
        self.keys(m, _CARD_KEYS, "field")
        role_name = m.get("role")
        if role_name not in d.ROLE_NAMES:
            raise self.fail("role", f"must be one of {', '.join(d.ROLE_NAMES)}, got {role_name!r}")
        role = d.ROLE_NAMES[role_name]
        faction = m.get("faction")
        if faction != d.NEUTRAL and faction not in factions:
            raise self.fail("faction", f"unknown faction {faction!r} (pack factions: "
                                       f"{', '.join(sorted(factions))}, or neutral)")
        ctype_name = m.get("type")
        if ctype_name not in d.TYPE_NAMES:
            raise self.fail("type", f"must be unit, capital_ship or base, got {ctype_name!r}")
        ctype = d.TYPE_NAMES[ctype_name]
        if (role == d.BASE_ROLE) != (ctype == d.BASE):
            raise self.fail("type", "bases (role: base) and only they have type: base")
        traits = m.get("traits", [])
        if traits is not None and not (isinstance(traits, list) and all(isinstance(t, str) for t in traits)):
            raise self.fail("traits", "expected a list of trait names, or null when unknown")
        copies = 0 if role == d.BASE_ROLE else self.int_(m.get("copies"), "copies", lo=1)
        card = CardDef(
            id=-1, name=name, slug=slugify(name), role=role, faction=str(faction), ctype=ctype,
            cost=self.int_(m.get("cost", 0), "cost"),
            attack=self.int_(m.get("attack", 0), "attack"),
            resources=self.int_(m.get("resources", 0), "resources"),
            force=self.int_(m.get("force", 0), "force"),
            hp=self.int_(m.get("hp"), "hp", lo=1, allow_none=True),
            target=self.int_(m.get("target"), "target", lo=0, allow_none=True),
            traits=None if traits is None else frozenset(traits),
            unique=self.bool_(m.get("unique", False), "unique"),
            copies=copies,
            starting=self.bool_(m.get("starting", False), "starting"),
            beginner=self.bool_(m.get("beginner", False), "beginner"),
            text=str(m.get("text") or ""), edition=edition,
        )
        if ctype == d.SHIP and "hp" not in m:
            raise self.fail("hp", "a capital ship needs hp (write null if unknown)")
        if ab := m.get("ability"):
            g = self.mapping(ab, "ability")
            self.keys(g, {"requires", "do"}, "ability")
            if "do" not in g:
                raise self.fail("ability", "needs `do`")
            card.requires = self.cond(g["requires"], "ability.requires") if "requires" in g else None
            card.ability = self.program(g["do"], "ability.do")
        if m.get("reward") is not None:
            card.reward = self.program(m["reward"], "reward")
            self.progs.append(((d.OP_OPTIONAL, card.reward),))
            card.reward = len(self.progs) - 1
        if m.get("triggers") is not None:
            card.triggers = self.triggers(m["triggers"], "triggers")
        if m.get("statics") is not None:
            self.statics(m["statics"], "statics", card)
        self.where_card = ""
        return card


def _apply_overrides(cards: list[Any], overrides: Mapping[str, Any], fname: str) -> None:
    """Fill values the pack leaves unknown, from a user's override mapping {card: {field: v}}."""
    by_name = {c.get("name"): c for c in cards if isinstance(c, dict)}
    for name, fields in overrides.items():
        if name not in by_name:
            raise PackError(f"{fname}: override for unknown card {name!r}")
        if not isinstance(fields, Mapping):
            raise PackError(f"{fname}: override for {name!r} must be a mapping of fields")
        for key in fields:
            if key not in ("hp", "target", "traits", "cost", "attack", "resources", "force", "unique"):
                raise PackError(f"{fname}: override for {name!r}: field {key!r} cannot be overridden")
        by_name[name].update(fields)


def compile_pack(data: Any, fname: str, overrides: Mapping[str, Any] | None = None) -> CardTable:
    """Validate one pack's parsed YAML and compile it. Raises PackError naming the problem."""
    c = _Compiler(fname)
    top = c.mapping(data, "top level")
    c.keys(top, {"pack", "title", "edition", "exile", "factions", "cards", "notes", "sources"},
           "top level")
    for key in ("pack", "edition", "factions", "cards"):
        if key not in top:
            raise c.fail("top level", f"missing field {key!r}")
    exile = top.get("exile", "pile")
    if exile not in ("pile", "leaves_game"):
        raise c.fail("exile", f"must be pile or leaves_game, got {exile!r}")
    raw_f = top["factions"]
    if not isinstance(raw_f, list) or len(raw_f) != 2:
        raise c.fail("factions", "expected a list of exactly two factions (first moves first)")
    factions = []
    for i, f in enumerate(raw_f):
        fm = c.mapping(f, f"factions[{i}]")
        c.keys(fm, {"id", "name", "hunt"}, f"factions[{i}]")
        if not isinstance(fm.get("id"), str) or fm["id"] == d.NEUTRAL:
            raise c.fail(f"factions[{i}].id", "needs a faction id other than 'neutral'")
        factions.append(FactionInfo(fm["id"], str(fm.get("name", fm["id"])),
                                    str(fm.get("hunt", "bounty hunting"))))
    raw_cards = top["cards"]
    if not isinstance(raw_cards, list) or not raw_cards:
        raise c.fail("cards", "expected a non-empty list of cards")
    if overrides:
        raw_cards = [dict(x) if isinstance(x, Mapping) else x for x in raw_cards]
        _apply_overrides(raw_cards, overrides, fname)
    fids = {f.id for f in factions}
    defs: list[CardDef] = []
    by_name: dict[str, int] = {}
    by_slug: dict[str, int] = {}
    for i, raw in enumerate(raw_cards):
        card = c.card(raw, i, str(top["edition"]), fids)
        if card.name in by_name:
            raise c.fail(f"cards[{i}].name", f"duplicate card name {card.name!r}")
        if card.slug in by_slug:
            raise c.fail(f"cards[{i}].name", f"name {card.name!r} clashes with "
                                             f"{defs[by_slug[card.slug]].name!r} in notation")
        card.id = len(defs)
        by_name[card.name] = card.id
        by_slug[card.slug] = card.id
        defs.append(card)
    unknown = []
    for card in defs:
        if card.ctype != d.UNIT and card.hp is None:
            unknown.append(f"{card.name}: hp unknown")
        if card.traits is None:
            unknown.append(f"{card.name}: traits unknown")
    table = CardTable((str(top["pack"]),), str(top["edition"]), exile == "pile", factions, defs,
                      c.progs, by_name, by_slug, unknown)
    _check_composition(table, fname)
    return table


def _check_composition(table: CardTable, fname: str) -> None:
    for f in table.factions:
        starts = [c for c in table.defs if c.role == d.BASE_ROLE and c.faction == f.id and c.starting]
        if len(starts) != 1:
            raise PackError(f"{fname}: faction {f.id!r} needs exactly one starting base, has {len(starts)}")
        if not any(c.role == d.STARTER and c.faction == f.id for c in table.defs):
            raise PackError(f"{fname}: faction {f.id!r} has no starter cards")
    if not any(c.role == d.PILOT for c in table.defs):
        raise PackError(f"{fname}: the pack has no pilot card (role: pilot)")


def load_pack(pack: str, overrides: Mapping[str, Any] | None = None) -> CardTable:
    """Load a bundled pack by id, or a pack file by path."""
    path = Path(pack) if pack.endswith((".yaml", ".yml")) else bundled_pack_path(pack)
    if not path.exists():
        known = ", ".join(bundled_pack_ids())
        raise PackError(f"no pack {pack!r}: give a bundled pack id ({known}) or a .yaml file")
    return compile_pack(read_yaml(path), path.name, overrides)
