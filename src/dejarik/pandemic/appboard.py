"""The cooperative game's board for the full-screen app (`views.app.board`), built from one
observation (all of the board is public: every hand is face up) and the pack's static entries:
the turn and the tracks, the villain, the missions, the deciding Jedi's hand, every Jedi, and
the map of planets with their routes and what stands on each."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dejarik.core.appboard import AppBoard, Choice, Face, Line, Row, Sheet, line, plain
from dejarik.pandemic.pack import Pack
from dejarik.pandemic.report import show_lines

JEDI_STYLES = ("green3", "dodger_blue1", "gold1", "orchid", "dark_orange")
ENEMY = "red1"


def track(name: str, at: int, last: int, style: str) -> Line:
    """A track as marks: ■ for spaces reached, □ for the rest, then the figures in words."""
    return line((f"{name} ", "bold"), ("■" * at, style), ("□" * max(0, last - at), "grey50"),
                f" {at}/{last}")


def entry_face(pack: Pack, name: str, where: str = "") -> Face | None:
    """A pack entry (squad card, Jedi, mission, villain) as `cards show` prints it."""
    lines = show_lines(pack, name)
    if not lines:
        return None
    return Face(lines[0].split(" (")[0], "bold", tuple(ln.strip() for ln in lines[1:]), where)


def planet_face(obs: Mapping[str, Any], p: Mapping[str, Any]) -> Face:
    here = [j["name"] for j in obs["jedi"] if j["planet"] == p["name"]]
    figs = [f["name"] for f in obs["villain"]["figures"] if f["planet"] == p["name"]]
    missions = [m["name"] for m in obs["missions"] if m["planet"] == p["name"] and m["name"]]
    lines = [f"droids {p['droids']}, blockades {p['blockades']}",
             "routes to: " + (", ".join(p["routes"]) or "none")]
    lines += [f"Jedi here: {', '.join(here)}"] if here else []
    lines += [f"villain here: {', '.join(figs)}"] if figs else []
    lines += [f"mission here: {', '.join(missions)}"] if missions else []
    return Face(f"{p['name']}: planet", "bold", tuple(lines))


def status_sheet(obs: Mapping[str, Any], pack: Pack, labels: list[str]) -> Sheet:
    active = obs["jedi"][obs["active"]]
    total = pack.rules["actions_per_turn"]
    phase = "" if obs["phase"] == "actions" else f" · {obs['phase']} step"
    turn = line((f"Turn {obs['turn']}: ", "bold"),
                (f"{active['name']} ({labels[obs['active']]})", f"bold {JEDI_STYLES[obs['active'] % 5]}"),
                f" · {obs['actions_left']}/{total} actions left{phase}")
    threat, inv = obs["threat"], obs["invasion"]
    tracks = line(*track("Threat", threat["space"], threat["last"], ENEMY),
                  f"   Invasion rate {inv['rate']} (space {inv['space'] + 1} of {len(inv['rates'])})")
    brief = plain(f"Threat {threat['space']}/{threat['last']} · invasion {inv['rate']} · "
                  f"{obs['pool']['droids']} droids left", "bold")
    brief_turn = line((f"Turn {obs['turn']}: ", "bold"),
                      (active["name"], f"bold {JEDI_STYLES[obs['active'] % 5]}"),
                      f" · {obs['actions_left']}/{total} actions{phase}")
    pool = plain(f"Pool: {obs['pool']['droids']} droids, {obs['pool']['blockades']} blockades · "
                 f"squad deck {obs['squad_deck']} · invasion deck {obs['invasion_deck']}")
    lines = [plain(pack.name, "grey62"), turn, tracks, pool]
    if obs["done"]:
        lines.append(plain(f"Game over: {'victory' if obs['won'] else 'defeat'} ({obs['end']})", "bold"))
    elif obs.get("decision") and obs["decision"]["player"] != obs["active"]:
        who = obs["jedi"][obs["decision"]["player"]]["name"]
        lines.append(plain(f"{who} must decide: {obs['decision']['for']}", "italic"))
    return Sheet("status", tuple(lines), brief=(brief_turn, brief))


def villain_sheet(obs: Mapping[str, Any], pack: Pack) -> Sheet:
    v = obs["villain"]
    figs = ", ".join(f"{f['name']} on {f['planet'] or 'no planet'}"
                     + (f" (health {f['health']})" if f["health"] is not None else "") for f in v["figures"])
    counters = ", ".join(f"{k} {n}" for k, n in v["counters"].items())
    head = line(("Villain: ", "bold"), (v["name"] + (" (finale)" if v["finale"] else ""), f"bold {ENEMY}"),
                f": {figs}" + (f" · {counters}" if counters else "") + f" · villain deck {v['deck']}")
    face = entry_face(pack, v["name"])
    rows = (Row((plain(v["name"], ENEMY), plain(figs)), face),) if face else ()
    where = ", ".join(f"{f['name']} on {f['planet'] or 'no planet'}" for f in v["figures"])
    brief = line(("Villain: ", "bold"), (where, ENEMY))
    return Sheet("villain", (head,), ("Villain (highlight: its text)", "Figures"), rows, brief=(brief,),
                 wide_table=True)


def missions_sheet(obs: Mapping[str, Any], pack: Pack) -> Sheet:
    done = obs["missions_done"]
    head = line(("Missions", "bold"), f" · done {len(done)}" + (f" ({', '.join(done)})" if done else "")
                + f" · {obs['mission_deck']} in the deck")
    by_name = {m.name: m for m in pack.missions}
    rows = []
    for m in obs["missions"]:
        if m["name"] is None:
            continue
        md = by_name.get(m["name"])
        needs = "/".join(md.needs or ()) if md else "?"
        amount = md.threshold if md and isinstance(md.threshold, int) else "?"
        damage = "?" if md is None or md.damage is None else str(md.damage)
        rows.append(Row((plain(m["name"], "bold"), plain(m["planet"] or "?"), plain(f"{needs} {amount}"),
                         plain(damage), plain(m["slot"])),
                        entry_face(pack, m["name"], f"the {m['slot']} mission slot, on {m['planet']}")))
    return Sheet("missions", (head,), ("Mission", "Planet", "Needs", "Dmg", "Slot"), tuple(rows),
                 brief=(head,))


def card_row(pack: Pack, card: Mapping[str, Any], where: str) -> Row:
    sd = next((c for c in pack.squad if c.name == card["name"]), None)
    kind = sd.kind if sd else "?"
    value = "" if sd is None or sd.value is None else str(sd.value)
    state = "exhausted" if card["exhausted"] else "ready"
    return Row((plain(card["name"], "grey50" if card["exhausted"] else "bold"), plain(kind), plain(value),
                plain(state)), entry_face(pack, card["name"], where))


def hand_sheet(obs: Mapping[str, Any], pack: Pack, seat: int, labels: list[str]) -> Sheet:
    j = obs["jedi"][seat]
    who = "Your hand" if labels[seat] == "You" else f"{j['name']}'s hand"
    head = line((f"{who} ({len(j['cards'])} of {pack.rules['hand_limit']}): ", "bold"),
                (j["name"], f"bold {JEDI_STYLES[seat % 5]}"), f" on {j['planet']}")
    rows = tuple(card_row(pack, c, f"{j['name']}'s hand") for c in j["cards"])
    return Sheet("hand", (head,), ("Card", "Kind", "Value", "State"), rows, mine=True, table_always=True)


def jedi_sheet(obs: Mapping[str, Any], pack: Pack, labels: list[str]) -> Sheet:
    rows = []
    for j in obs["jedi"]:
        seat = j["seat"]
        ready = sum(not c["exhausted"] for c in j["cards"])
        cards = ", ".join(c["name"] + ("*" if c["exhausted"] else "") for c in j["cards"]) or "no cards"
        face = entry_face(pack, j["name"], f"{labels[seat]}, on {j['planet']}")
        if face is not None:
            face = Face(face.title, f"bold {JEDI_STYLES[seat % 5]}",
                        (*face.lines, "", "hand: " + cards), face.where)
        rows.append(Row((plain(f"{j['name']} ({labels[seat]})", f"bold {JEDI_STYLES[seat % 5]}"),
                         plain(j["planet"]), plain(f"{len(j['cards'])} ({ready} ready)"), plain(cards)),
                        face))
    return Sheet("jedi", (plain("The Jedi (* exhausted)", "bold"),), ("Jedi", "Planet", "Cards", "Hand"),
                 tuple(rows), brief=())


def map_sheet(obs: Mapping[str, Any]) -> Sheet:
    jedi_at: dict[str, list[str]] = {}
    for j in obs["jedi"]:
        jedi_at.setdefault(j["planet"], []).append(j["name"].split()[0])
    for f in obs["villain"]["figures"]:
        if f["planet"]:
            jedi_at.setdefault(f["planet"], []).append(f"villain {f['name'].split()[-1]}")
    for m in obs["missions"]:
        if m["planet"]:
            jedi_at.setdefault(m["planet"], []).append(f"{m['slot']} mission")
    rows = []
    for p in obs["planets"]:
        enemies = p["droids"] + p["blockades"]
        style = "bold red1" if p["droids"] >= 3 or p["blockades"] else "yellow" if enemies else ""
        rows.append(Row((plain(p["name"], style or "bold"), plain(str(p["droids"]), style),
                         plain(str(p["blockades"]), style), plain(", ".join(jedi_at.get(p["name"], ()))),
                         plain(", ".join(p["routes"]))), planet_face(obs, p)))
    head = plain("The map: droids, blockades, who is there and the routes", "bold")
    brief = plain("The map (highlight a planet: its routes)", "bold")
    return Sheet("map", (head,), ("Planet", "Droids", "Blk", "Here", "Routes"), tuple(rows), brief=(brief,))


def piles(obs: Mapping[str, Any], pack: Pack) -> tuple[tuple[str, tuple[Face, ...]], ...]:
    def faces(names: list[str], where: str) -> tuple[Face, ...]:
        return tuple(entry_face(pack, n, where) or Face(n) for n in reversed(names))
    inv = tuple(Face(n) for n in reversed(obs["invasion_discard"]))
    return (("Squad discard pile", faces(obs["squad_discard"], "the squad discard pile")),
            ("Invasion discard pile", inv),
            ("Villain discard pile", faces(obs["villain"]["discard"], "the villain discard pile")),
            ("Missions done", faces(obs["missions_done"], "done")))


def action_face(obs: Mapping[str, Any], pack: Pack, text: str) -> Face | None:
    """The planet, card, mission or Jedi an action names."""
    _, _, arg = text.partition(" ")
    arg = arg.removesuffix(" (exhausted)")
    for p in obs["planets"]:
        if p["name"] == arg:
            return planet_face(obs, p)
    return entry_face(pack, arg) if arg else None


def caution(obs: Mapping[str, Any], text: str) -> str:
    if text != "end" or obs["actions_left"] <= 0:
        return ""
    n = obs["actions_left"]
    who = obs["jedi"][obs["active"]]["name"]
    return f"{who} still has {n} action{'s' * (n != 1)} left. End the actions anyway?"


def app_board(obs: Mapping[str, Any], pack: Pack, labels: list[str]) -> AppBoard:
    viewer = obs["player"]
    decision = obs.get("decision") or {}
    shown = decision.get("player", viewer) if decision.get("player", -1) >= 0 else viewer
    choices = tuple(Choice(o["action"], o["does"], action_face(obs, pack, o["action"]),
                           caution(obs, o["action"])) for o in decision.get("options", ()))
    sheets = (status_sheet(obs, pack, labels), villain_sheet(obs, pack), missions_sheet(obs, pack),
              hand_sheet(obs, pack, shown, labels), jedi_sheet(obs, pack, labels), map_sheet(obs))
    return AppBoard(viewer=viewer, active=obs["active"], decider=obs["to_act"], turn=obs["turn"],
                    sheets=sheets, choices=choices,
                    seat_styles=tuple(JEDI_STYLES[i % 5] for i in range(len(obs["jedi"]))),
                    piles=piles(obs, pack), model=obs)
