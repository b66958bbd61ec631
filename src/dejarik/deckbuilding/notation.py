"""Canonical text for actions (see docs/notation.md). `format_action` and `parse_action`
round-trip for every legal action.

A card is written `slug#id` (`x-wing#37`): the slug says what it is, the id which copy.
When parsing, `x-wing` alone is accepted if it picks out one legal action (or several that
are the same play from hand), and `#37` or `37` alone is accepted too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dejarik.core.errors import AmbiguousActionError, IllegalActionError, NotationError
from dejarik.core.notation import legal_listing
from dejarik.deckbuilding import defs as d

if TYPE_CHECKING:
    from dejarik.deckbuilding.game import DeckbuildingState

# Not a second Action type (that is core.protocol.Action): the fixed-size tuple this compiled
# module returns, which mypyc handles faster than a tuple of any length.
Move3 = tuple[int, int, int]
_ARITY = {"play": 1, "buy": 1, "use": 1, "commit": 2, "resolve": 0, "end": 0, "bribe": 1,
          "select": 1, "option": 1, "yes": 0, "no": 0, "done": 0, "assign": 2, "switch": 0,
          "who": 1, "first": 1}
_BARE = {d.RESOLVE, d.END, d.YES, d.NO, d.DONE, d.SWITCH}
_CARD_ARG = {d.PLAY, d.BUY, d.USE, d.COMMIT, d.BRIBE, d.SELECT, d.FIRST}


def card_ref(s: DeckbuildingState, c: int) -> str:
    return s.refs()[c]


def format_action(s: DeckbuildingState, action: tuple[int, ...]) -> str:
    kind, a, b = action
    word = d.KIND_WORDS[kind]
    if kind in _BARE:
        return word
    if kind == d.WHO:
        return f"who {s.seat_key(a)}"
    if kind == d.OPTION:
        return f"option {a + 1}"
    if kind == d.ASSIGN:
        return f"assign {b} {card_ref(s, a)}"
    if kind == d.COMMIT:
        return f"commit {card_ref(s, a)} {'base' if b == d.TARGET_BASE else card_ref(s, b)}"
    return f"{word} {card_ref(s, a)}"


def _count(token: str) -> int:
    """A whole number of at most nine digits (more is no card, option or amount of any
    game), or -1."""
    return int(token) if token.isdigit() and token.isascii() and len(token) <= 9 else -1


def _parse_ref(s: DeckbuildingState, token: str, text: str) -> tuple[str | None, int | None]:
    slug, _, num = token.partition("#")
    if not num and slug.isdigit():
        slug, num = "", slug
    cid: int | None = None
    if num:
        cid = _count(num)
        if cid < 0:
            raise NotationError(f"{text!r}: {token!r} is not a card (write slug#id, e.g. x-wing#37)")
        if cid >= len(s.inst_def):
            raise NotationError(f"{text!r}: there is no card #{cid} in this game")
        if slug and s.card(cid).slug != slug and _visible(s, cid):
            raise NotationError(f"{text!r}: card #{cid} is {s.card(cid).slug}, not {slug}")
    elif slug not in s.table.by_slug:
        raise NotationError(f"{text!r}: unknown card {slug!r}")
    return (slug or None), cid


def parse_action(s: DeckbuildingState, text: str) -> Move3:
    """The legal action this text names. Text that is no action of the game raises
    NotationError, a well-formed action that is not legal now IllegalActionError, and text
    naming several legal actions AmbiguousActionError."""
    tokens = text.strip().lower().split()
    if not tokens:
        raise NotationError("empty action text")
    verb, args = tokens[0], tokens[1:]
    if verb not in _ARITY:
        raise NotationError(f"{text!r}: unknown verb {verb!r} (known: {', '.join(_ARITY)})")
    if len(args) != _ARITY[verb]:
        raise NotationError(f"{text!r}: {verb!r} takes {_ARITY[verb]} argument(s), got {len(args)}")
    kind = d.KIND_WORDS.index(verb)
    if kind in _BARE:
        return _legal(s, text, (kind, 0, 0))
    if kind == d.WHO:
        seats = [s.seat_key(i) for i in range(s.num_players)]
        if args[0] not in seats:
            raise NotationError(f"{text!r}: who takes a player: {', '.join(seats)}")
        return _legal(s, text, (kind, seats.index(args[0]), 0))
    if kind == d.OPTION:
        if _count(args[0]) < 1:
            raise NotationError(f"{text!r}: option takes a number from 1")
        return _legal(s, text, (kind, _count(args[0]) - 1, 0))
    if kind == d.ASSIGN:
        amount = _count(args[0])
        if amount < 1:
            raise NotationError(f"{text!r}: assign takes an amount of damage from 1, then a ship")
        slug, cid = _parse_ref(s, args[1], text)
        return _match(s, text, kind, slug, cid, lambda act: act[2] == amount)
    slug, cid = _parse_ref(s, args[0], text)
    if kind == d.COMMIT:
        if args[1] == "base":
            return _match(s, text, kind, slug, cid, lambda act: act[2] == d.TARGET_BASE)
        tslug, tid = _parse_ref(s, args[1], text)
        return _match(s, text, kind, slug, cid,
                      lambda act: act[2] >= 0 and (tid is None or act[2] == tid)
                      and (tslug is None or s.card(act[2]).slug == tslug))
    return _match(s, text, kind, slug, cid, lambda act: True)


def _visible(s: DeckbuildingState, cid: int) -> bool:
    """May the player deciding now see card `cid`? Only then may an error message name it or
    say why it cannot be used: an answer about a hidden card would tell what the card is."""
    from dejarik.deckbuilding.observe import observation

    ref = s.refs()[cid]
    return f"'{ref}'" in repr(observation(s, s.current_player))


def _illegal(s: DeckbuildingState, text: str) -> IllegalActionError:
    """The one answer for well-formed text that is not legal now: it says nothing about a
    card the player cannot see."""
    return IllegalActionError(f"{text!r} matches no legal action now; "
                              f"legal: {legal_listing(s, format_action)}")


def _legal(s: DeckbuildingState, text: str, act: Move3) -> Move3:
    if act not in s.legal_actions():
        raise _illegal(s, text)
    return act


def _match(s: DeckbuildingState, text: str, kind: int, slug: str | None, cid: int | None,
           extra: object) -> Move3:
    test = extra if callable(extra) else (lambda act: True)
    found = [act for act in s.legal_actions()
             if act[0] == kind and (cid is None or act[1] == cid)
             and (slug is None or s.card(act[1]).slug == slug) and test(act)]
    if not found:
        raise _illegal(s, text)
    if len(found) == 1:
        return found[0]
    if kind == d.PLAY and len({s.inst_def[a[1]] for a in found}) == 1:
        return found[0]
    options = ", ".join(format_action(s, a) for a in found[:6])
    raise AmbiguousActionError(f"{text!r} is ambiguous: {options}")
