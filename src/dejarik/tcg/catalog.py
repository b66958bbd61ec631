"""The card game's cards for `dejarik cards`: they are built in (the pack reference is `tcg`),
so one card in Dejarik's words and which cards have their abilities, set by set."""

from __future__ import annotations

import difflib
from collections.abc import Sequence

from dejarik.core.errors import PackError
from dejarik.core.options import CardCatalog, PackCheck

REF = "tcg"


class TcgCards:
    """The trading card game's cards: every printing, built in."""

    packs_word = "the trading card game's cards (tcg)"
    roles: tuple[str, ...] = ()
    default_packs = False
    counts_coverage = True

    def owns(self, ref: str) -> bool:
        return ref == REF

    def list_lines(self, refs: Sequence[str], faction: str | None, role: str | None) -> list[str]:
        raise PackError("the trading card game's cards are built in: `dejarik cards coverage tcg "
                        "--missing` lists them by set, `dejarik cards show tcg NAME` shows one")

    def show_lines(self, refs: Sequence[str], name: str) -> list[str]:
        from dejarik.tcg.carddefs import all_defs
        from dejarik.tcg.cardtext import card_lines

        defs = all_defs()
        found = {n.casefold(): d for n, d in defs.items()}.get(name.casefold())
        if found is None:
            close = [n for n in defs if name.casefold() in n.casefold()][:5]
            close = close or difflib.get_close_matches(name, list(defs), n=3, cutoff=0.6)
            hint = f" (did you mean: {', '.join(close)}?)" if close else ""
            raise PackError(f"no trading card game card {name!r}{hint}")
        return card_lines(found)

    def check(self, refs: Sequence[str]) -> PackCheck:
        raise PackError("the trading card game's cards are built in: `dejarik cards coverage tcg` "
                        "says which have their abilities")

    def coverage_lines(self, show_missing: bool) -> list[str]:
        from dejarik.tcg.carddefs import all_defs
        from dejarik.tcg.carddefs import coverage as tally
        from dejarik.tcg.cardpool import SET_NAMES, SET_ORDER

        defs = list(all_defs().values())
        counts = tally(defs)
        done_all = sum(d for d, _ in counts.values())
        lines = [f"{'set':<6} {'name':<26} {'implemented':>11} {'cards':>6} {'share':>7}"]
        for code in SET_ORDER:
            done, total = counts.get(code, (0, 0))
            share = 100 * done / max(total, 1)
            lines.append(f"{code:<6} {SET_NAMES[code]:<26} {done:>11} {total:>6} {share:>6.1f}%")
            if show_missing and done < total:
                names = sorted(d.name for d in defs if d.facts.set == code and not d.implemented)
                lines.append("       " + ", ".join(names))
        lines.append(f"{'all':<6} {'':<26} {done_all:>11} {len(defs):>6} {100 * done_all / len(defs):>6.1f}%")
        lines.append("Unimplemented cards load with their printed stats; a game refuses them unless "
                     "--allow-unimplemented is given (docs/tcg.md).")
        return lines

    def template(self, extends: str | None) -> str:
        raise PackError("the trading card game's cards are built in: there is no pack to complete")


CARDS: CardCatalog = TcgCards()
