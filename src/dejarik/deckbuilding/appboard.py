"""The deckbuilder's board for the full-screen app (`views.app.board`): its board model
(board.py, built from one observation) laid out as sheets: the turn and the Force, each side,
the galaxy row, your hand; the legal actions in words with the cards they name; the piles.

A card's faction is written beside its name (the colour only repeats it)."""

from __future__ import annotations

from collections.abc import Sequence

from dejarik.core.appboard import AppBoard, Choice, Face, Line, Row, Sheet, line, plain
from dejarik.deckbuilding import defs as d
from dejarik.deckbuilding.board import BoardView, CardView, SideView
from dejarik.deckbuilding.describe import describe_action, refs_in

PLAY_COLUMNS = ("In play", "Side", "Atk", "HP", "Res", "Note")


def faction_word(board: BoardView, c: CardView) -> str:
    """A card's faction in three letters ('Emp', 'Reb', 'Neu'): never by colour alone."""
    fid = c.card.faction
    if fid == d.NEUTRAL:
        return "Neu"
    try:
        return board.table.faction(fid).name[:3]
    except KeyError:
        return fid[:3].capitalize()


def face(c: CardView, where: str = "") -> Face:
    """A card's text as `cards show` prints it, with its reward and damage."""
    lines = [ln.strip() for ln in c.text_lines[1:]]
    if c.reward:
        lines.append(f"reward: {c.reward}")
    if c.damage:
        lines.append(f"damage {c.damage}")
    return Face(c.text_lines[0], f"bold {c.colour}", tuple(lines), where)


def _name(c: CardView) -> Line:
    return ((c.name, c.colour),)


def _num(n: int | None) -> Line:
    return plain("" if n is None else str(n))


def force_track(board: BoardView) -> Line:
    """The 7-space Force track: side 0's end on the left, the marker where the Force is."""
    left, right = board.sides[0], board.sides[1]
    out: list[tuple[str, str]] = [("Force  ", "bold"), (f"{left.faction} ", f"bold {left.colour}"),
                                  ("│", "grey35")]
    for i in range(board.force_spaces):
        owner = 0 if i < 3 else 1 if i > 3 else None
        colour = "grey50" if owner is None else board.sides[owner].colour
        here = i == board.force
        out += [("●" if here else "·", f"bold {colour}" if here else colour), ("│", "grey35")]
    out.append((f" {right.faction}", f"bold {right.colour}"))
    return tuple(out)


def turn_lines(board: BoardView) -> tuple[Line, ...]:
    active = board.sides[board.active]
    head = [(f"Turn {board.turn}: ", "bold"), (f"{active.name} ({active.label})", f"bold {active.colour}")]
    if board.force_with is None:
        head.append((" · Force balanced", "grey62"))
    else:
        side = board.sides[board.force_with]
        head += [(" · Force with ", "grey62"), (side.faction, side.colour)]
    if board.terminal:
        head.append(("  game over", "bold"))
    elif board.decider != board.active:
        head.append((f"  {board.sides[board.decider].name} must decide", "italic"))
    lines: list[Line] = [tuple(head), force_track(board)]
    if board.attack_target is not None:
        total = sum(c.attack or 0 for c in board.committed)
        lines.append(plain(f"Attack forming on {board.target_name}: {total} from "
                           + ", ".join(c.name for c in board.committed), "yellow"))
    return tuple(lines)


def side_lines(board: BoardView, side: SideView) -> tuple[Line, ...]:
    """Base, bases left and destroyed, pile sizes, hand size and the resource pool of one side."""
    other = board.sides[side.seat ^ 1]  # its victory pile holds this side's lost bases
    title: list[tuple[str, str]] = [(f"{side.name} ({side.label})", f"bold {side.colour}"),
                                    (f"   resources {side.pool}", "bold green" if side.pool else "")]
    if side.finished:
        title.append(("   finished this turn", "italic grey62"))
    if side.base is None:
        base: Line = plain("Base: destroyed, a new one is chosen next turn", "italic")
    else:
        hp = side.base.card.hp or 0
        base = line("Base: ", (side.base.name, "bold"),
                    (f" {side.base.damage}/{hp} damage", "red" if side.base.damage else ""),
                    (" (ability used)" if side.base.used else "", "grey62"))
    return (tuple(title), base,
            plain(f"Bases: {side.bases_left} left, {other.destroyed} lost · "
                  f"destroyed {side.destroyed}/{board.bases_to_win}"),
            plain(f"Hand {side.hand_size} · deck {side.deck} · discard {len(side.discard)} "
                  f"· exile {len(side.exile)}"))


def side_brief(board: BoardView, side: SideView) -> Line:
    """The same on one line, for a short screen."""
    base = ("no base" if side.base is None
            else f"{side.base.name} {side.base.damage}/{side.base.card.hp or 0}")
    return line((side.name, f"bold {side.colour}"),
                f": {base} · won {side.destroyed}/{board.bases_to_win} · res {side.pool}"
                f" · hand {side.hand_size}")


def _zone(board: BoardView, side: SideView, what: str) -> str:
    return f"{'your' if side.seat == board.viewer else side.name + chr(39) + 's'} {what}"


def play_rows(board: BoardView, side: SideView, cards: Sequence[CardView]) -> tuple[Row, ...]:
    marks = {c.ref for c in board.committed}
    rows = []
    for c in cards:
        k = c.card
        committed = c.ref in marks
        notes = [w for w, on in (("attacking", committed), ("attacked", c.attacked and not committed),
                                 ("ability used", c.used)) if on]
        hp = f"{c.damage}/{k.hp}" if c.is_ship else ""
        rows.append(Row((_name(c), plain(faction_word(board, c)), _num(c.attack), plain(hp),
                         plain(str(k.resources) if c.is_ship else ""), plain(", ".join(notes))),
                        face(c, _zone(board, side, "cards in play"))))
    return tuple(rows)


def hand_rows(board: BoardView, side: SideView) -> tuple[Row, ...]:
    if isinstance(side.hand, int):
        return ()
    where = _zone(board, side, "hand")
    return tuple(Row((_name(c), plain(faction_word(board, c)), plain(str(c.card.cost)),
                      plain(str(c.card.attack)), plain(str(c.card.resources)),
                      plain(str(c.card.force)), plain(c.type_word)), face(c, where)) for c in side.hand)


HAND_COLUMNS = ("Card", "Side", "Cost", "Atk", "Res", "Frc", "Type")
ROW_COLUMNS = ("Card", "Side", "Cost", "Atk", "Res", "Frc", "Tgt", "Reward")


def galaxy_sheet(board: BoardView) -> Sheet:
    head: list[Line] = [line(("Galaxy row", "bold"), f" · deck {board.galaxy_deck} · discard "
                             f"{len(board.galaxy_discard)} · pilots {board.pilots}")]
    if board.galaxy_top:
        head.append(plain("Top of the galaxy deck (you may look): "
                          + ", ".join(c.name for c in board.galaxy_top), "yellow"))
    rows = []
    for c in board.row + board.galaxy_top:
        k = c.card
        where = "the galaxy row" if c in board.row else "the galaxy deck's top"
        rows.append(Row((_name(c), plain(faction_word(board, c)), plain(str(k.cost)), plain(str(k.attack)),
                         plain(str(k.resources)), plain(str(k.force)), _num(k.target), plain(c.reward)),
                        face(c, where)))
    return Sheet("galaxy", tuple(head), ROW_COLUMNS, tuple(rows), brief=tuple(head), table_always=True)


def side_sheet(key: str, board: BoardView, side: SideView, ships_only: bool = False) -> Sheet:
    cards = tuple(c for c in side.play if c.is_ship) if ships_only else side.play
    return Sheet(key, side_lines(board, side), PLAY_COLUMNS, play_rows(board, side, cards),
                 brief=(side_brief(board, side),))


def sheets(board: BoardView) -> tuple[Sheet, ...]:
    me = board.me
    out = [Sheet("turn", turn_lines(board)), side_sheet("opp", board, board.opponent)]
    far, mate = board.far_enemy, board.teammate
    if far is not None:   # team game: the other enemy (its capital ships are in reach)
        out.append(side_sheet("far", board, far, ships_only=True))
    out += [galaxy_sheet(board), side_sheet("me", board, me),
            Sheet("hand", (plain(f"Your hand ({me.hand_size})", "bold"),), HAND_COLUMNS,
                  hand_rows(board, me), mine=True, table_always=True)]
    if mate is not None:  # the team shares its hand (the team variant's rulebook)
        out += [side_sheet("mate", board, mate),
                Sheet("mate-hand", (plain(f"{mate.name}'s hand ({mate.hand_size})", "bold"),),
                      HAND_COLUMNS, hand_rows(board, mate))]
    return tuple(out)


def action_face(board: BoardView, text: str) -> Face | None:
    """The card an action names, followed by its target's name and text if it has one."""
    refs = refs_in(text)
    if not refs:
        return None
    card, zone = board.lookup(refs[0])
    first = face(card, zone)
    if len(refs) < 2:
        return first
    return first.followed_by(face(board.lookup(refs[1])[0]))


def caution(board: BoardView, text: str) -> str:
    """Ending the turn with cards in hand or resources unspent is asked about first."""
    if text not in ("end", "finish") or board.decider != board.active:
        return ""
    me = board.sides[board.decider]
    left = [f"{me.hand_size} card{'s' * (me.hand_size != 1)} in hand not played" if me.hand_size else "",
            f"{me.pool} resource{'s' * (me.pool != 1)} unspent" if me.pool else ""]
    what = " and ".join(w for w in left if w)
    return f"You still have {what}. End the turn anyway?" if what else ""


def piles(board: BoardView) -> tuple[tuple[str, tuple[Face, ...]], ...]:
    out = []
    for side in (board.me, board.opponent):
        out += [(f"{side.faction} discard pile", side.discard), (f"{side.faction} exile pile", side.exile),
                (f"Bases {side.faction} destroyed", side.victory)]
    out.append(("Galaxy discard pile", board.galaxy_discard))
    return tuple((title, tuple(face(c, title) for c in reversed(cards))) for title, cards in out)


def app_board(board: BoardView) -> AppBoard:
    choices = tuple(Choice(a, describe_action(a, board), action_face(board, a), caution(board, a))
                    for a in board.legal)
    return AppBoard(viewer=board.viewer, active=board.active, decider=board.decider, turn=board.turn,
                    sheets=sheets(board), choices=choices,
                    seat_styles=tuple(s.colour for s in board.sides), piles=piles(board), model=board)
