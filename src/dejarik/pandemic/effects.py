"""The effect primitives of the pack vocabulary (docs/pandemic-packs.md). No content is named.

A step runs as the task ("fx", you, step): `you` is the Jedi resolving it (the active Jedi
for villain and mission effects, the holder for an ally or an ability). A step that needs a
choice pushes a decision whose answer pushes the step again with the choice filled in.
Seed 001, "Rozpatrywanie efektów": the active player breaks ties; a step that cannot be
resolved is skipped; moving another Jedi needs that Jedi's player to agree.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from dejarik.core.protocol import Action
from dejarik.pandemic import board
from dejarik.pandemic.codes import AGREE, EXHAUST, PICK, READY, REFUSE
from dejarik.pandemic.pack import AT_INDEX, CHOICE_SELECTORS, Effects, Step

if TYPE_CHECKING:
    from dejarik.pandemic.state import PandemicState as S

Task = tuple[Any, ...]


def push_effects(s: S, effects: Effects, you: int, source: Task | None = None) -> None:
    """Queue steps so the first runs first. `source` is the marker ("src", kind, arg, seat) of
    what they belong to, kept under them so their decisions can say so (words.py); it does
    nothing when it runs."""
    if source is not None and effects:
        s.tasks.append(source)
    for step in reversed(effects):
        s.tasks.append(("fx", you, step))


def run_step(s: S, you: int, step: Step) -> None:
    _STEPS[step[0]](s, you, step)


# -- who and where ---------------------------------------------------------------------------
def planets_of(s: S, at: Any, you: int) -> list[int]:
    if isinstance(at, int):
        return [at]
    if at == "villain":
        return sorted({p for p in s.fig_pos if p >= 0})
    if at == "top":
        top = s.top_planet()
        return [top] if top >= 0 else []
    if at == "missions":
        return sorted(set(s.mission_planets()))
    if at == "your":
        return [s.pos[you]]
    if at == "choose_adjacent":
        return list(s.routes[s.pos[you]])
    return list(range(len(s.droids)))   # choose


def _resolve_at(s: S, you: int, step: Step) -> list[int] | None:
    """The planets a step acts on, or None when a choice was pushed first."""
    i = AT_INDEX[step[0]]
    at = step[i]
    if at in CHOICE_SELECTORS:
        opts = planets_of(s, at, you)
        if opts:
            s.tasks.append(("?pick", you, "planet", tuple(opts), ("fx", you, step, i)))
        return None
    return planets_of(s, at, you)


def jedi_of(s: S, who: Any, you: int) -> list[int]:
    order = [(s.active + k) % s.num_players for k in range(s.num_players)]
    if isinstance(who, int):
        return [who]
    if who == "active":
        return [s.active]
    if who == "you":
        return [you]
    if who == "each":
        return order
    villains = {p for p in s.fig_pos if p >= 0}
    if who == "at_villain":
        return [j for j in order if s.pos[j] in villains]
    if who == "near_villain":
        near = villains | {q for p in villains for q in s.routes[p]}
        return [j for j in order if s.pos[j] in near]
    if who == "with_enemies":
        return [j for j in order if board.enemies_at(s, s.pos[j])]
    if who == "at_missions":
        missions = set(s.mission_planets())
        return [j for j in order if s.pos[j] in missions]
    if who == "others_here":
        return [j for j in order if j != you and s.pos[j] == s.pos[you]]
    return [j for j in order if j != you]   # choose_other: the candidates


def _resolve_who(s: S, you: int, step: Step) -> list[int] | None:
    if step[1] == "choose_other":
        opts = jedi_of(s, "choose_other", you)
        if opts:
            s.tasks.append(("?pick", you, "jedi", tuple(opts), ("consent", you, step, 1)))
        return None
    return jedi_of(s, step[1], you)


# -- the steps -------------------------------------------------------------------------------
_THREAT_SOURCES = {"villain": "villain cards", "reminder": "the villain's reminder",
                   "setup": "the villain's setup", "finale": "the finale's setup",
                   "drawn": "missions", "completed": "missions", "mission": "missions",
                   "ability": "Jedi abilities", "ally": "allies"}


def _threat(s: S, you: int, step: Step) -> None:
    kind = next((t[1] for t in reversed(s.tasks) if t[0] == "src"), "")
    board.raise_threat(s, s.amount(step[1]), _THREAT_SOURCES.get(kind, "effects"))


def _invasion(s: S, you: int, step: Step) -> None:
    board.advance_invasion(s, s.amount(step[1]))


def _repeat(op: str) -> Callable[[S, int, Step], None]:
    def run(s: S, you: int, step: Step) -> None:
        s.tasks += [(op,)] * s.amount(step[1])
    return run


def _extra_actions(s: S, you: int, step: Step) -> None:
    s.actions_left += s.amount(step[1])


def _bonus(kind: int) -> Callable[[S, int, Step], None]:
    def run(s: S, you: int, step: Step) -> None:
        if s.ctx is not None and s.ctx[0] == kind:
            s.ctx[4] += s.amount(step[1])
    return run


def _prevent(s: S, you: int, step: Step) -> None:
    if s.hurt is not None:
        s.hurt[1] = max(0, s.hurt[1] - s.amount(step[1]))


def _siege(s: S, you: int, step: Step) -> None:
    """Seed 001, "Planeta pod oblężeniem!": the invasion marker moves on; the bottom invasion
    card's planet is filled to 3 droids; the discard, that card included, is shuffled onto
    the deck."""
    from dejarik.pandemic.flow import draw_invasion

    board.advance_invasion(s, 1)
    if not s.inv_deck:
        card = draw_invasion(s)   # reshuffles the discard into a new deck (a new list) ...
        s.inv_deck.append(card)   # ... and puts that card back
    if s.inv_segments and sum(s.inv_segments) == len(s.inv_deck):
        s.inv_segments[-1] -= 1
        if s.inv_segments[-1] == 0:
            s.inv_segments.pop()
    card = s.inv_deck.pop(0)
    p = s.card_planet(card)
    s.note("Planet Under Siege!" + (f" {s.planet_name(p)}" if p >= 0 else ""))
    if p >= 0:
        while s.droids[p] < s.max_droids and not s.done:
            if s.droid_pool == 0:   # +1 threat per droid the pool lacks ("Podnoszenie ...")
                s.note("no droid left in the pool")
                board.raise_threat(s, s.max_droids - s.droids[p], board.NO_DROID)
                break
            board.place_droid(s, p)
    s.inv_discard.append(card)
    pile, s.inv_discard = s.inv_discard, []
    s.rng.shuffle(pile)
    s.inv_deck.extend(pile)
    s.inv_segments.insert(0, len(pile))


def _give_card(s: S, you: int, step: Step) -> None:
    """Seed 001, "Karty misji": a named card a player already holds is not passed on."""
    names = [c.name for c in s.pack.squad]
    d = names.index(step[1])
    for pile in (s.squad_deck, s.squad_discard):
        for c in pile:
            if s.card_def[c] == d:
                pile.remove(c)
                s.exhausted[c] = False
                s.hands[s.active].append(c)
                s.note(f"{s.jedi_name(s.active)} takes {step[1]}")
                return


def _droids(s: S, you: int, step: Step) -> None:
    for p in _resolve_at(s, you, step) or ():
        for _ in range(s.amount(step[2])):
            board.place_droid(s, p)


def _fill_droids(s: S, you: int, step: Step) -> None:
    for p in _resolve_at(s, you, step) or ():
        target = min(s.amount(step[2]), s.max_droids)
        while s.droids[p] < target and not s.done:
            if s.droid_pool == 0:   # +1 threat per droid the pool lacks ("Podnoszenie ...")
                s.note("no droid left in the pool")
                board.raise_threat(s, target - s.droids[p], board.NO_DROID)
                break
            board.place_droid(s, p)


def _blockade(s: S, you: int, step: Step) -> None:
    for p in _resolve_at(s, you, step) or ():
        board.place_blockade(s, p)


def _remove_droids(s: S, you: int, step: Step) -> None:
    """Seed 001, "Blokady": nothing touches the droids of a planet under a blockade."""
    for p in _resolve_at(s, you, step) or ():
        if not s.blockades[p]:
            k = board.remove_droids(s, p, s.amount(step[2]))
            if k:
                s.note(f"{k} droid{'s' if k > 1 else ''} removed from {s.planet_name(p)}")


def _deal(s: S, you: int, step: Step) -> None:
    for p in reversed(_resolve_at(s, you, step) or ()):
        s.tasks.append(("alloc", p, s.amount(step[2])))


def _place_villain(s: S, you: int, step: Step) -> None:
    planets = _resolve_at(s, you, step)
    if planets is None:
        return
    if len(planets) > 1:
        cont = ("fx", you, step, AT_INDEX["place_villain"])
        s.tasks.append(("?pick", s.active, "planet", tuple(planets), cont))
        return
    for p in planets:
        for f in range(len(s.fig_pos)):
            s.fig_pos[f] = p
        s.note(f"{s.pack.villains[s.villain].name} is placed on {s.planet_name(p)}")


def _move_villain(s: S, you: int, step: Step) -> None:
    for f in reversed(range(len(s.fig_pos))):
        if s.fig_pos[f] >= 0:
            s.tasks.append(("mv", f, s.amount(step[2]), step[1]))


def _mv(s: S, task: Task) -> None:
    _, f, steps, toward = task
    if steps <= 0 or s.fig_pos[f] < 0:
        return
    if toward == "nearest_jedi":
        targets = list(s.pos)
    elif toward == "missions":
        targets = s.mission_planets()
    else:
        top = s.top_planet()
        targets = [top] if top >= 0 else []
    cands = board.steps_toward(s, s.fig_pos[f], targets)
    if len(cands) > 1:
        s.tasks.append(("?pick", s.active, "planet", tuple(cands), ("mv_to", f, steps - 1, toward, 4)))
    elif cands:
        _mv_to(s, ("mv_to", f, steps - 1, toward, cands[0]))


def _mv_to(s: S, task: Task) -> None:
    _, f, steps, toward, p = task
    s.fig_pos[f] = p
    s.note(f"{s.figure_name(f)} moves to {s.planet_name(p)}")
    s.tasks.append(("mv", f, steps, toward))


def _damage(s: S, you: int, step: Step) -> None:
    for j in reversed(_resolve_who(s, you, step) or ()):
        s.tasks.append(("hurt", j, s.amount(step[2])))


def _turn_cards(tired: bool, ask: str) -> Callable[[S, int, Step], None]:
    """Exhaust (or ready) that many cards of each Jedi, who chooses which when they hold more
    than that; short of cards, nothing more happens (seed 001, "Karty")."""
    def run(s: S, you: int, step: Step) -> None:
        for j in reversed(_resolve_who(s, you, step) or ()):
            n = s.amount(step[2])
            cards = [c for c in s.hands[j] if s.exhausted[c] != tired]
            if len(cards) <= n:
                for c in cards:
                    s.exhausted[c] = tired
            else:
                s.tasks.append((ask, j, n))
    return run


_exhaust = _turn_cards(True, "?exhaust")
_ready = _turn_cards(False, "?ready")


def _draw(s: S, you: int, step: Step) -> None:
    from dejarik.pandemic.flow import draw_squad

    for j in _resolve_who(s, you, step) or ():
        draw_squad(s, j, s.amount(step[2]))


def _discard(s: S, you: int, step: Step) -> None:
    from dejarik.pandemic.flow import discard_card

    for j in reversed(_resolve_who(s, you, step) or ()):
        n = s.amount(step[2])
        if len(s.hands[j]) <= n:
            for c in list(s.hands[j]):
                discard_card(s, j, c)
        else:
            s.tasks.append(("?discard", j, n, "effect"))


def _move_jedi(s: S, you: int, step: Step) -> None:
    """Moving a Jedi by an effect is not a fly action (seed 001, "Jedi": Aayla, Yoda)."""
    who = _resolve_who(s, you, step)
    if who is None:
        return
    to = _resolve_at(s, you, step)
    if to is None:
        return
    if len(to) > 1:
        s.tasks.append(("?pick", you, "planet", tuple(to), ("fx", you, step, 2)))
        return
    for j in who:
        for p in to:
            s.pos[j] = p
            s.note(f"{s.jedi_name(j)} moves to {s.planet_name(p)}")


def _counter(s: S, you: int, step: Step) -> None:
    """Seed 001, "Maul": a slider at an end of its track moves no further."""
    for i, (name, _, lo, hi) in enumerate(s.pack.villains[s.villain].counters):
        if name == step[1]:
            s.counters[i] = max(lo, min(hi, s.counters[i] + step[2]))


def cond_holds(s: S, c: tuple[Any, ...]) -> bool:
    name = c[0]
    villains = {p for p in s.fig_pos if p >= 0}
    if name == "villain_on_board":
        return bool(villains)
    if name == "villain_at_mission":
        return bool(villains & set(s.mission_planets()))
    if name == "jedi_at_villain":
        return any(p in villains for p in s.pos)
    if name == "finale":
        return s.finale
    if name == "threat_at_least":
        return s.threat_value() >= int(c[1])
    return s.counter(c[1]) >= int(c[2])   # counter_at_least


def _if(s: S, you: int, step: Step) -> None:
    push_effects(s, step[2] if cond_holds(s, step[1]) else step[3], you)


_STEPS: dict[str, Callable[[S, int, Step], None]] = {
    "threat": _threat, "invasion": _invasion, "invade": _repeat("invade"),
    "villain_card": _repeat("villain_card"), "extra_actions": _extra_actions,
    "add_damage": _bonus(0), "add_success": _bonus(1), "prevent": _prevent, "siege": _siege,
    "give_card": _give_card, "droids": _droids, "fill_droids": _fill_droids, "blockade": _blockade,
    "remove_droids": _remove_droids, "deal": _deal, "place_villain": _place_villain,
    "move_villain": _move_villain, "damage": _damage, "exhaust": _exhaust, "draw": _draw,
    "discard": _discard, "ready": _ready, "move_jedi": _move_jedi, "counter": _counter, "if": _if,
}


# -- the decisions effects ask for -----------------------------------------------------------
def _pick_answer(s: S, task: Task, a: Action) -> None:
    s.tasks.pop()
    cont = task[4]
    if cont[0] == "mv_to":
        _mv_to(s, (*cont[:4], a[1]))
        return
    kind, you, step, i = cont
    step = (*step[:i], a[1], *step[i + 1:])
    if kind == "consent" and a[1] != you:
        s.tasks.append(("?consent", a[1], you, step))
    else:
        s.tasks.append(("fx", you, step))


def _consent_answer(s: S, task: Task, a: Action) -> None:
    s.tasks.pop()
    if a[0] == AGREE:
        s.tasks.append(("fx", task[2], task[3]))


def _card_choice(tired: bool, code: int) -> Callable[[S, Task], list[Action]]:
    def options(s: S, task: Task) -> list[Action]:
        j, n = task[1], task[2]
        if n <= 0:
            return []
        defs = sorted({s.card_def[c] for c in s.hands[j] if s.exhausted[c] == tired})
        return [(code, d) for d in defs]
    return options


def _card_answer(tired: bool) -> Callable[[S, Task, Action], None]:
    def answer(s: S, task: Task, a: Action) -> None:
        j, n = task[1], task[2]
        c = next(c for c in s.hands[j] if s.card_def[c] == a[1] and s.exhausted[c] == tired)
        s.exhausted[c] = not tired
        s.tasks[-1] = (task[0], j, n - 1)
    return answer


DECISIONS: dict[str, tuple[Callable[..., Any], ...]] = {
    "?pick": (lambda s, t: t[1], lambda s, t: [(PICK, v) for v in t[3]], _pick_answer),
    "?consent": (lambda s, t: t[1], lambda s, t: [(AGREE, 0), (REFUSE, 0)], _consent_answer),
    "?exhaust": (lambda s, t: t[1], _card_choice(False, EXHAUST), _card_answer(False)),
    "?ready": (lambda s, t: t[1], _card_choice(True, READY), _card_answer(True)),
}
AUTO: dict[str, Callable[[S, Task], None]] = {"mv": _mv, "mv_to": _mv_to}
