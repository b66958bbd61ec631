"""The pending decision in words: what it is for, who decides what, and what each option does.

One source for every surface: the observation's `decision`, the views' prompt and option
labels, the action list's descriptions (read back from the observation) and the log's line
saying what was chosen. Words come from the ability being resolved (public: a card in play,
a base, a defeated row card's reward) and static card programs; an option names only a card
its legal action names, which the decider may see. Nothing here clones or looks ahead.
"""

from __future__ import annotations

from typing import Any

from dejarik.deckbuilding import defs as d
from dejarik.deckbuilding.cards import CardTable, Cond, Op
from dejarik.deckbuilding.effects import decider_of, order_choices, sub_programs
from dejarik.deckbuilding.game import DeckbuildingState
from dejarik.deckbuilding.notation import format_action
from dejarik.deckbuilding.pack import PROG_ASSIGN, PROG_DELEGATE, PROG_HUNT_REWARD, PROG_ORDER, PROG_START
from dejarik.deckbuilding.rules import attack_of
from dejarik.deckbuilding.state import Frame

S = DeckbuildingState
Move3 = tuple[int, int, int]
# a hunted neutral card's reward: the system program asking whether to take it, and the one it runs
_HUNT_PROGS = frozenset((PROG_HUNT_REWARD, PROG_HUNT_REWARD - 1))

_EVENT_WORDS = {
    "play": "when played", "buy": "when bought", "reveal": "when revealed",
    "defeat_target": "when it defeats a galaxy row card", "turn_start": "at the start of the turn",
    "card_played": "when you play a card", "opponent_discards": "when the opponent discards",
}
_PILE = {
    d.Z_HAND: "hand", d.Z_DISCARD: "discard pile", d.Z_PLAY: "cards in play", d.Z_EXILE: "exile pile",
    d.Z_DECK_TOP: "deck's top", d.Z_OPP_HAND: "hand", d.Z_OPP_DISCARD: "discard pile",
    d.Z_OPP_PLAY: "cards in play", d.Z_OPP_DECK_TOP: "deck's top", d.Z_BASE_DECK: "base reserve",
    d.Z_ALLY_DISCARD: "discard pile", d.Z_FAR_PLAY: "capital ships",
}
_GALAXY = {
    d.Z_ROW: "the galaxy row", d.Z_GALAXY_DISCARD: "the galaxy discard pile",
    d.Z_GALAXY_TOP: "the galaxy deck's top", d.Z_GALAXY_TOP2: "the galaxy deck's top 2 cards",
    d.Z_PILOTS: "the Outer Rim pilots",
}
# zones as a card's text reads them (from its controller's side)
_TEXT_ZONE = {
    d.Z_HAND: "your hand", d.Z_DISCARD: "your discard pile", d.Z_PLAY: "your cards in play",
    d.Z_EXILE: "your exile pile", d.Z_DECK_TOP: "your deck's top", d.Z_OPP_HAND: "the opponent's hand",
    d.Z_OPP_DISCARD: "the opponent's discard pile", d.Z_OPP_PLAY: "the opponent's cards in play",
    d.Z_OPP_DECK_TOP: "the opponent's deck's top", d.Z_BASE_DECK: "your base reserve", **_GALAXY,
}
_TEXT_DEST = {d.D_HAND: " into the hand", d.D_DECK_TOP: " on top of the deck"}
_HIDDEN_ZONES = frozenset((d.Z_HAND, d.Z_OPP_HAND, d.Z_DECK_TOP, d.Z_OPP_DECK_TOP, d.Z_GALAXY_TOP,
                           d.Z_GALAXY_TOP2))


def possessive(name: str) -> str:
    """'Bossk' -> "Bossk's", 'Rebels' -> "Rebels'"."""
    return name + ("'" if name.endswith("s") else "'s")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


# -- what a static program does ----------------------------------------------------------------
def cond_words(c: Cond) -> str:
    code = c[0]
    if code == d.C_FORCE:
        return "the Force is with you"
    if code == d.C_ATTACKING_ROW:
        return "it attacks a galaxy row card"
    if code == d.C_IN_PLAY:
        return "you have a matching card in play"
    if code == d.C_OPP_IN_PLAY:
        return "the opponent has a matching card in play"
    if code == d.C_BASE:
        return f"your base is {c[1]}"
    if code in (d.C_ALL, d.C_ANY):
        return (" and " if code == d.C_ALL else " or ").join(cond_words(x) for x in c[1])
    return f"not ({cond_words(c[1])})"


def _gain_words(resources: int, force: int, attack: int) -> str:
    parts = [_plural(resources, "resource") if resources else "", f"{force} Force" if force else "",
             f"{attack} attack" if attack else ""]
    return "gain " + " and ".join(p for p in parts if p)


def op_words(table: CardTable, op: Op) -> str:
    """One step of a card's program in words, as its text would say it."""
    code = op[0]
    if code == d.OP_GAIN:
        return _gain_words(op[1], op[2], op[3])
    if code == d.OP_DRAW:
        return f"draw {_plural(op[1], 'card')}"
    if code == d.OP_REPAIR:
        return f"repair {op[1]} damage to your base"
    if code == d.OP_DAMAGE:
        return f"deal {op[1]} damage to the enemy base" + (" per card moved" if op[2] else "")
    if code == d.OP_EXILE_SELF:
        return "exile this card"
    if code == d.OP_MOVE:
        _, sources, dest, count, up_to, all_, random_, opp, _mark, then = op
        what = "all matching cards" if all_ else ("up to " if up_to else "") + _plural(count, "card")
        zones = " or ".join(dict.fromkeys(_TEXT_ZONE.get(z, "a pile") for z, _ in sources))
        verb = _move_verb(dest)
        if opp:  # the opponent picks: their own piles read as theirs
            verb, zones = f"the opponent {verb}s", zones.replace("the opponent's", "their")
        words = (f"{verb} {what}" + (" at random" if random_ else "") + f" from {zones}"
                 + _TEXT_DEST.get(dest, ""))
        return words + (f", then {prog_words(table, then)}" if then >= 0 else "")
    if code == d.OP_BUY:
        return (f"take a card from {_TEXT_ZONE[op[1]]} for free" if op[3]
                else f"buy a card from {_TEXT_ZONE[op[1]]}")
    if code == d.OP_CHOOSE:
        return ("the opponent chooses: " if op[1] else "choose: ") + " or ".join(label for label, _ in op[2])
    if code == d.OP_IF:
        words = f"if {cond_words(op[1])}: {prog_words(table, op[2])}"
        return words + (f"; otherwise {prog_words(table, op[3])}" if op[3] >= 0 else "")
    if code == d.OP_REVEAL:
        return "reveal the galaxy deck's top card and act on its faction"
    if code == d.OP_DISCARD_REVEALED:
        return "discard the revealed card"
    if code == d.OP_LOOK:
        return "look at " + ("the opponent's hand" if op[1] == d.Z_OPP_HAND else "the galaxy deck's top card")
    if code == d.OP_SWAP:
        return f"swap a card of {_TEXT_ZONE[op[1][0]]} with one of {_TEXT_ZONE[op[2][0]]}"
    if code == d.OP_NEXT_BUY:
        where = {d.D_HAND: "into your hand", d.D_DECK_TOP: "on top of your deck",
                 d.D_EXILE: "to your exile pile"}.get(op[1], "to the discard pile")
        return f"the next card you buy goes {where}"
    if code == d.OP_PAY:
        return f"pay {_plural(op[1], 'resource')}"
    if code == d.OP_OPTIONAL:
        return prog_words(table, op[1])
    if code == d.OP_HUNT_REWARD:
        return "gain resources equal to its cost"
    return ""


def prog_words(table: CardTable, prog: int) -> str:
    """A program in words (made once per card table)."""
    cache: dict[int, str] = table.cache.setdefault("prog_words", {})
    words = cache.get(prog)
    if words is None:
        words = cache[prog] = "; ".join(w for w in (op_words(table, op) for op in table.progs[prog]) if w)
    return words


def _effect(s: S, prog: int, source: int) -> str:
    """What resolving a program does ('gain 2 resources'), with a hunted card's own cost."""
    if prog in _HUNT_PROGS and source >= 0:
        return f"gain {_plural(s.card(source).cost, 'resource')} (its cost)"
    return prog_words(s.table, prog) or "resolve it"


# -- what a frame belongs to -------------------------------------------------------------------
def _origins(table: CardTable) -> dict[int, tuple[int, str]]:
    """Program -> (card definition, what of it: 'ability', 'reward' or a trigger's words),
    branches included (made once per card table)."""
    cache: dict[int, tuple[int, str]] | None = table.cache.get("origins")
    if cache is not None:
        return cache
    out: dict[int, tuple[int, str]] = {}

    def mark(prog: int, what: tuple[int, str]) -> None:
        todo = [prog]
        while todo:
            p = todo.pop()
            if p >= 0 and p not in out:
                out[p] = what
                for op in table.progs[p]:
                    todo.extend(sub_programs(op))

    for c in table.defs:
        if c.ability >= 0:
            mark(c.ability, (c.id, "ability"))
        if c.reward >= 0:
            mark(c.reward, (c.id, "reward"))
        for event, triggers in c.triggers.items():
            for t in triggers:
                when = _EVENT_WORDS.get(event, event)
                if event == "card_played" and t.filter.faction in (d.NEUTRAL,):
                    when = f"when you play a {t.filter.faction} card"
                mark(t.prog, (c.id, when))
    table.cache["origins"] = out
    return out


def frame_for(s: S, f: Frame) -> str:
    """What a frame resolves, in words every seat may read: "Bossk's ability (when it
    defeats a galaxy row card)", "Jabba's reward", "the start of Empire's turn"."""
    if f.prog == PROG_START:
        return f"the start of {possessive(s.who(f.player))} turn"
    if f.prog == PROG_ASSIGN:
        return f"{possessive(s.who(f.player))} attack on the enemy"
    if f.prog == PROG_ORDER:
        names = ", ".join(frame_for(s, g) for g in order_choices(s, f))
        return f"abilities that trigger together: {names}"
    if f.prog in _HUNT_PROGS:
        return f"{possessive(s.name(f.source))} reward" if f.source >= 0 else "the reward"
    prog = f.n if f.prog == PROG_DELEGATE else f.prog
    def_id, what = _origins(s.table).get(prog, (-1, "ability"))
    name = s.name(f.source) if f.source >= 0 else s.defs[def_id].name if def_id >= 0 else "a card"
    if what in ("ability", "reward"):
        return f"{possessive(name)} {what}"
    return f"{possessive(name)} ability ({what})"


def _is_reward(s: S, f: Frame) -> bool:
    if f.prog in _HUNT_PROGS:
        return True
    return _origins(s.table).get(f.prog, (-1, ""))[1] == "reward"


# -- the question and its options --------------------------------------------------------------
def _pending(s: S) -> tuple[Frame, Op] | None:
    """The ability frame waiting for a decision and the op it waits at, if any."""
    if s.done or not s.waiting or not s.stack:
        return None
    f = s.stack[-1]
    return f, s.table.progs[f.prog][f.pc]


def _move_verb(dest: int) -> str:
    return {d.D_EXILE: "exile", d.D_DISCARD: "discard", d.D_HAND: "take", d.D_DECK_TOP: "put",
            d.D_GALAXY_DISCARD: "discard"}[dest]


def _ask(s: S, f: Frame, op: Op) -> str:
    code = op[0]
    if code == d.OP_OPTIONAL:
        verb = "take it" if _is_reward(s, f) else "use it"
        return f"{verb} ({_effect(s, op[1], f.source)})? yes or no"
    if code == d.OP_CHOOSE:
        return "choose one: " + "; ".join(f"{i + 1}: {label}" for i, (label, _) in enumerate(op[2]))
    if code == d.OP_MOVE:
        return f"choose a card to {_move_verb(op[2])}" + (" (or done)" if op[4] else "")
    if code == d.OP_BUY:
        return "choose a card to take for free" if op[3] else "choose a card to buy (or done)"
    if code == d.OP_SWAP:
        return "choose the card to swap it with" if f.stage else "choose a card to swap (or done)"
    if code == d.OP_ASSIGN:
        return f"assign {f.n} damage among the enemy capital ships, then the bases"
    return _ASKS.get(code, "decide")


_ASKS = {
    d.OP_LOOK: "look at the cards shown on the board, then done",
    d.OP_CHOOSE_BASE: "choose your new base",
    d.OP_REPAIR: "choose whose base to repair",
    d.OP_DAMAGE: "choose the enemy base to damage",
    d.OP_DELEGATE: "choose which of you resolves it",
    d.OP_ORDER: "choose which resolves first",
}


def _where(s: S, zone: int, pl: int, decider: int) -> str:
    """A pile named for the decider: 'your hand', "Empire's discard pile", 'the galaxy row'."""
    if zone in _GALAXY:
        return _GALAXY[zone]
    owner = s.zone_owner(zone, pl)
    whose = "your" if owner == decider else possessive(s.who(owner))
    return f"{whose} {_PILE.get(zone, 'pile')}"


def _dest_owner_words(s: S, zone: int, dest: int, pl: int, decider: int) -> str:
    owner = s.zone_owner(zone, pl)
    owner = owner if owner >= 0 else pl
    whose = "your" if owner == decider else possessive(s.who(owner))
    return {d.D_HAND: f" into {whose} hand", d.D_DECK_TOP: f" on top of {whose} deck"}.get(dest, "")


def _base_words(s: S, seat: int, decider: int) -> str:
    base = s.players[seat].base
    whose = "your" if seat == decider else possessive(s.who(seat))
    if base < 0:
        return f"{whose} base"
    return f"{whose} base {s.name(base)} ({s.damage[base]}/{s.card(base).hp})"


def option_does(s: S, a: Move3, hide: bool = False, reader: int | None = None) -> str:
    """What taking a legal action does, in words, for the decider ('your hand'), or for
    `reader` (-1: everyone, as the log says it: "Empire's hand"). With `hide`, a card picked
    from one hidden place for another is 'a card' (the log's public line)."""
    pending = _pending(s)
    if pending is None:
        return _main_does(s, a)
    f, op = pending
    kind, x, y = a
    code = op[0]
    decider = s.current_player if reader is None else reader
    if code == d.OP_OPTIONAL:
        if kind == d.YES:
            verb = "take" if _is_reward(s, f) else "use"
            return f"yes: {verb} it: {_effect(s, op[1], f.source)}"
        return f"no: skip {frame_for(s, f)}"
    if code == d.OP_CHOOSE and kind == d.OPTION:
        return str(op[2][x][0])
    if kind == d.DONE:
        return {d.OP_MOVE: f"stop: {_move_verb(op[2]) if code == d.OP_MOVE else 'move'} no more cards",
                d.OP_BUY: "buy nothing", d.OP_SWAP: "swap nothing",
                d.OP_LOOK: "stop looking and go on"}.get(code, "stop here")
    if kind == d.SELECT:
        name = "a card" if hide else s.name(x)
        if code == d.OP_MOVE:
            where = _where(s, y, f.player, decider)
            return (f"{_move_verb(op[2])} {name} from {where}"
                    + _dest_owner_words(s, y, op[2], f.player, decider))
        if code == d.OP_BUY:
            return f"take {name} for free" if op[3] else f"buy {name} for {s.card(x).cost}"
        if code == d.OP_SWAP:
            where = _where(s, y, f.player, decider)
            return (f"swap {s.name(f.picked)} with {name} from {where}" if f.stage
                    else f"pick {name} from {where} to swap")
        if code == d.OP_CHOOSE_BASE:
            whose = "your" if f.player == decider else possessive(s.who(f.player))
            return f"make {name} {whose} new base ({s.card(x).hp} HP)"
    if kind == d.ASSIGN:
        hp = s.card(x).hp or 0
        return f"deal {y} damage to {s.name(x)} ({s.damage[x]}/{hp})"
    if kind == d.WHO:
        if code == d.OP_REPAIR:
            return f"repair {op[1]} damage to {_base_words(s, x, decider)}"
        if code == d.OP_DAMAGE:
            n = op[1] * f.moved if op[2] else op[1]
            return f"deal {n} damage to {_base_words(s, x, decider)}"
        resolver = "you" if x == decider else s.who(x)
        return f"{resolver} resolve {frame_for(s, Frame(f.n, f.source, x))}"
    if kind == d.FIRST:
        g = next(g for g in order_choices(s, f) if g.source == x)
        prog = g.n if g.prog == PROG_DELEGATE else g.prog
        return f"resolve {frame_for(s, g)} first: {_effect(s, prog, g.source)}"
    return f"choose {format_action(s, a)}"


def _stats(s: S, c: int) -> str:
    cd = s.card(c)
    parts = [f"{label} {n}" for label, n in (("attack", cd.attack), ("resources", cd.resources),
                                             ("Force", cd.force)) if n]
    return f" ({', '.join(parts)})" if parts else ""


def _main_does(s: S, a: Move3) -> str:
    kind, c, b = a
    pl = s.active
    if kind == d.PLAY:
        return f"play {s.name(c)}{_stats(s, c)}"
    if kind == d.BUY:
        return f"buy {s.name(c)} for {s.card(c).cost}"
    if kind == d.USE:
        cd = s.card(c)
        return f"use {possessive(cd.name)} ability: {prog_words(s.table, cd.ability) or cd.text}"
    if kind == d.COMMIT:
        owner = s.owner_in_play(c, s.mates[pl])
        strength = attack_of(s, c, owner if owner >= 0 else pl)
        if b == d.TARGET_BASE:
            return f"attack the enemy base with {s.name(c)} ({strength})"
        return f"attack {s.name(b)} in the galaxy row with {s.name(c)} ({strength})"
    if kind == d.RESOLVE:
        mates = s.mates[pl]
        total = sum(attack_of(s, x, o) for x in s.committed if (o := s.owner_in_play(x, mates)) >= 0)
        what = "the enemy base" if s.target == d.TARGET_BASE else s.name(s.target) if s.target >= 0 \
            else "the target"
        return f"resolve the attack on {what} ({total})"
    if kind == d.END:
        if s.team_game and (pl ^ 2) not in s.finished:
            return f"finish your part of the turn ({s.who(pl ^ 2)} play on)"
        return "end your turn (discard, draw 5)"
    if kind == d.BRIBE:
        return f"pay {s.card(c).cost} to discard {s.name(c)} from the galaxy row"
    if kind == d.SWITCH:
        return f"hand the initiative to {s.who(pl ^ 2)}"
    return format_action(s, a)


# -- the decision ------------------------------------------------------------------------------
def decision_for(s: S) -> str:
    """What the decision now belongs to (public)."""
    pending = _pending(s)
    if pending is None:
        return f"{possessive(s.who(s.active))} turn"
    return frame_for(s, pending[0])


def prompt(s: S) -> str:
    """One sentence for people: who decides what (public)."""
    pending = _pending(s)
    if pending is None:
        finish = "finish" if s.team_game else "end the turn"
        return f"{s.who(s.active)}: play cards, use abilities, buy, attack, or {finish}"
    f, op = pending
    return f"{s.who(decider_of(s, f, op))}, {frame_for(s, f)}: {_ask(s, f, op)}"


def decision(s: S, viewer: int) -> dict[str, Any]:
    """The observation's `decision` (the game is not over): the options only for the decider."""
    decider = s.current_player
    options = [{"action": format_action(s, a), "does": option_does(s, a)}
               for a in s.legal_actions()] if viewer == decider else []
    return {"player": decider, "for": decision_for(s), "prompt": prompt(s), "options": options}


def decision_prompt(s: S) -> str:
    """The prompt of a decision inside an ability ('' for an ordinary main move)."""
    return prompt(s) if _pending(s) is not None else ""


def option_label(s: S, index: int) -> str:
    """The label of option `index` of a pending 'choose one' (static card text)."""
    pending = _pending(s)
    if pending is None:
        return ""
    op = pending[1]
    if op[0] != d.OP_CHOOSE or not 0 <= index < len(op[2]):
        return ""
    return str(op[2][index][0])


# -- the log -----------------------------------------------------------------------------------
def note_answer(s: S, a: Move3) -> None:
    """Log what the decider chose, before it is applied: "Empire take Jabba's reward: gain 2
    resources". A card picked from one hidden place for another is named only to the seats
    the move's own line names it to (`StateData.note`)."""
    pending = _pending(s)
    if pending is None or s.log is None:
        return
    f, op = pending
    who = s.who(s.current_player)
    what = frame_for(s, f)
    if op[0] == d.OP_OPTIONAL:
        if a[0] == d.YES:
            verb = "take" if _is_reward(s, f) else "use"
            s.note(f"{who} {verb} {what}: {_effect(s, op[1], f.source)}")
        else:
            s.note(f"{who} skip {what}")
        return
    line = f"{who}, {what}: {option_does(s, a, reader=-1)}"
    hidden = a[0] == d.SELECT and op[0] == d.OP_MOVE and a[2] in _HIDDEN_ZONES \
        and op[2] in (d.D_HAND, d.D_DECK_TOP)
    if hidden:
        owner = s.zone_owner(a[2], f.player)
        seen = set(s.mates[f.player]) | set(s.mates[s.current_player])
        seen |= set(s.mates[owner]) if owner >= 0 else set()
        s.note(line, tuple(sorted(seen)), f"{who}, {what}: {option_does(s, a, hide=True, reader=-1)}")
    else:
        s.note(line)
