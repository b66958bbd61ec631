"""The card game's board for the full-screen app (`views.app.board`), built from one observation
and the static card definitions: the turn, phase and step, each side's three arenas and build
zone with its counters, your hand with costs and stats, the build points left, and the dice of
an attack. The opponent's hand and face-down cards are counts and counters only, as in the
observation."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from dejarik.core.appboard import AppBoard, Choice, Face, Line, Row, Sheet, line, plain
from dejarik.tcg.carddefs import CardDef
from dejarik.tcg.cardtext import card_lines
from dejarik.tcg.state import ARENA_NAMES

SIDE_STYLES = ("red1", "dodger_blue1")
KIND_WORDS = ("unit", "battle", "mission", "other", "location", "equipment")
COLUMNS = ("Card", "Where", "Spd", "Pow", "HP", "Notes")
HAND_COLUMNS = ("Card", "Kind", "Cost", "Spd", "Pow", "HP")
HIDDEN = "face-down card"


def card_face(defs: Mapping[str, CardDef], name: str, where: str = "") -> Face:
    d = defs.get(name)
    if d is None:
        return Face(name, "bold", (), where)
    lines = card_lines(d)
    return Face(lines[0], "bold", tuple(ln.strip() for ln in lines[1:]), where)


def kind_word(d: CardDef | None) -> str:
    if d is None:
        return "?"
    return f"{ARENA_NAMES[d.arena].lower()} unit" if d.arena >= 0 else KIND_WORDS[min(d.kind, 5)]


def unit_row(defs: Mapping[str, CardDef], u: Mapping[str, Any], where: str, whose: str) -> Row:
    gear = u.get("equipment", ())     # its Equipment (docs/tcg.md, "Equipment")
    held = u.get("held", ())          # cards face down under it (docs/tcg.md, "Cards held face down")
    notes = [w for w, on in (("tapped", u["tapped"]), (f"{u['damage']} damage", u["damage"]),
                             (f"+{len(u['stack'])} stacked", u["stack"]),
                             ("piloted by " + ", ".join(u["pilots"]), u["pilots"]),
                             ("equipped with " + ", ".join(gear), gear),
                             ("holding " + ", ".join(held), held)) if on]
    health = f"{u['health'] - u['damage']}/{u['health']}" if u["damage"] else str(u["health"])
    return Row((plain(u["name"], "grey50" if u["tapped"] else "bold"), plain(where), plain(str(u["speed"])),
                plain(str(u["power"])), plain(health), plain(", ".join(notes))),
               card_face(defs, u["name"], f"{whose} {where.lower()} arena"))


def build_row(defs: Mapping[str, CardDef], b: Mapping[str, Any], whose: str) -> Row:
    if b.get("retreated"):
        row = unit_row(defs, b, "Build", whose)
        return Row((*row.cells[:5], plain("retreated, face up")), row.face)
    counters = b["counters"]
    name = b.get("name")
    if name is None:
        face = Face(HIDDEN, "bold", (f"{counters} build counters on it",
                                     "Which card it is stays hidden from you."), f"{whose} build zone")
        return Row((plain(HIDDEN, "italic"), plain("Build"), plain(""), plain(""), plain(""),
                    plain(f"{counters} counters")), face)
    d = defs.get(name)
    cost = "?" if d is None else str(d.cost)
    return Row((plain(name, "bold"), plain("Build"), plain(""), plain(""), plain(""),
                plain(f"{counters} of {cost} counters")), card_face(defs, name, f"{whose} build zone"))


def side_sheet(defs: Mapping[str, CardDef], obs: Mapping[str, Any], seat: int,
               labels: Sequence[str]) -> Sheet:
    side = obs["sides"][seat]
    mine = seat == obs["player"]
    whose = "your" if mine else f"the {side['side']}'s"
    hand = side["hand"]
    hand_size = len(hand) if isinstance(hand, list) else hand["count"]
    title: Line = ((f"{side['side']} ({labels[seat]})", f"bold {SIDE_STYLES[seat]}"),)
    figures = (f"Force {side['force']} · build points {side['build_points']} · deck {side['deck']} · "
               f"hand {hand_size} · discard {len(side['discard'])}")
    if side.get("removed"):     # removed from the game (docs/tcg.md): shown in the piles too
        figures += f" · removed from the game {len(side['removed'])}"
    rows = []
    for arena, units in side["arenas"].items():
        word = arena.capitalize()
        if not units:
            rows.append(Row((plain("(empty)", "grey50"), plain(word), plain(""), plain(""), plain(""),
                             plain("")), None))
        rows += [unit_row(defs, u, word, whose) for u in units]
        place = side.get("locations", {}).get(arena)
        if place:     # a Location of this side's in that arena (docs/tcg.md, "Locations")
            extra = f" · {place['counters']} counters" if place.get("counters") else ""
            face = card_face(defs, place["name"], f"{whose} {arena} arena")
            rows.append(Row((plain(place["name"], "bold"), plain(word), plain(""), plain(""), plain(""),
                             plain("Location" + extra)), face))
    rows += [build_row(defs, b, whose) for b in side["build_zone"]]
    head: tuple[Line, ...] = ((*title, (" · " + figures, "")),)
    brief = (f" · Force {side['force']} · BP {side['build_points']} · hand {hand_size} · "
             f"deck {side['deck']}")
    known = [] if mine or isinstance(hand, list) else hand.get("known", [])
    if known:
        head += (plain(f"Known in their hand: {', '.join(known)}", "yellow"),)
    aside = side.get("set_aside", ())     # cards set aside for a while (docs/tcg.md, "Cards set aside")
    if aside:
        head += (plain("Set aside: " + ", ".join(
            c["name"] + (f" (the {c['playable_by']} may play it)" if c.get("playable_by") else "")
            for c in aside), "yellow"),)
    return Sheet("me" if mine else "opp", head, COLUMNS, tuple(rows), brief=((*title, (brief, "")),),
                 table_always=True)


def hand_sheet(defs: Mapping[str, CardDef], obs: Mapping[str, Any]) -> Sheet:
    me = obs["player"]
    side = obs["sides"][me]
    bp = side["build_points"]
    head = line(("Your hand", "bold"), f" ({len(side['hand'])}) · build points left {bp}")
    rows = []
    for name in side["hand"]:
        d = defs.get(name)
        stats = ("", "", "") if d is None or d.arena < 0 else (str(d.speed), str(d.power), str(d.health))
        cost = "?" if d is None else str(d.cost)
        rows.append(Row((plain(name, "bold"), plain(kind_word(d)), plain(cost), *map(plain, stats)),
                        card_face(defs, name, "your hand")))
    return Sheet("hand", (head,), HAND_COLUMNS, tuple(rows), mine=True, table_always=True)


def status_sheet(obs: Mapping[str, Any], labels: Sequence[str]) -> Sheet:
    me = obs["player"]
    step = f" · {obs['step']} battle step" if obs["step"] else ""
    turn = line((f"Turn {obs['turn']}", "bold"), (f" · {obs['phase']} phase{step}", "bold cyan"),
                " · you are the ", (f"{obs['you']}", f"bold {SIDE_STYLES[me] if me >= 0 else ''}"))
    lines = [turn]
    if "attack" in obs:
        at = obs["attack"]
        dice = " ".join(str(x) for x in at["dice"]) or "not rolled yet"
        lines.append(plain(f"Attack: {at['attacker']} on {at['defender']} · dice {dice}", "yellow"))
    if "damage" in obs:
        dm = obs["damage"]
        lines.append(plain(f"Damage: {dm['amount']} to {dm['unit']}, {dm['prevented']} prevented", "yellow"))
    if obs["done"]:
        lines.append(plain(f"Game over: {obs['winner'] or 'no winner'}", "bold"))
    return Sheet("status", tuple(lines), brief=tuple(lines[:2]))


def action_face(defs: Mapping[str, CardDef], text: str, obs: Mapping[str, Any]) -> Face | None:
    """The card an action names (by `NAME#N`), and the unit it aims at after `>`."""
    names = [part.rsplit("#", 1)[0].split(" ", 1)[-1].strip() for part in text.split(">") if "#" in part]
    names = [n.removeprefix("attack ").strip() for n in names]
    if not names:
        return None
    first = card_face(defs, names[0])
    if len(names) < 2:
        return first
    return first.followed_by(card_face(defs, names[1]))


def caution(obs: Mapping[str, Any], text: str) -> str:
    """Passing while building with build points left spends none of them."""
    me = obs["player"]
    if text != "pass" or obs["phase"] != "command" or me < 0:
        return ""
    bp = obs["sides"][me]["build_points"]
    return f"You still have {bp} build points to spend. Pass anyway?" if bp > 0 else ""


def piles(defs: Mapping[str, CardDef], obs: Mapping[str, Any]) -> tuple[tuple[str, tuple[Face, ...]], ...]:
    out = []
    for side in obs["sides"]:
        where = f"the {side['side']}'s discard pile"
        out.append((f"{side['side']} discard pile",
                    tuple(card_face(defs, n, where) for n in reversed(side["discard"]))))
    for side in obs["sides"]:     # cards removed from the game: face up, known to both
        if side.get("removed"):
            where = f"the {side['side']}'s cards removed from the game"
            out.append((f"{side['side']} cards removed from the game",
                        tuple(card_face(defs, n, where) for n in reversed(side["removed"]))))
    return tuple(out)


def app_board(obs: Mapping[str, Any], defs: Mapping[str, CardDef], labels: Sequence[str]) -> AppBoard:
    me = obs["player"]
    decision = obs.get("decision") or {}
    does = {o["action"]: o.get("does", "") for o in decision.get("options", ())}
    choices = tuple(Choice(a, does.get(a, ""), action_face(defs, a, obs), caution(obs, a))
                    for a in obs.get("legal", ()))
    sheets = (status_sheet(obs, labels), side_sheet(defs, obs, 1 - me, labels),
              side_sheet(defs, obs, me, labels), hand_sheet(defs, obs))
    active = decision.get("player", me)
    return AppBoard(viewer=me, active=active, decider=decision.get("player", -1) if not obs["done"] else -1,
                    turn=obs["turn"], sheets=sheets, choices=choices, seat_styles=SIDE_STYLES,
                    piles=piles(defs, obs), model=obs)
