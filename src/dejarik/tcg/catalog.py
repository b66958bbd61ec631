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
        from dejarik.core.files import claims_pack
        from dejarik.tcg.abilityfiles import is_ability_file

        return claims_pack(ref, {REF}, is_ability_file)

    def list_lines(self, refs: Sequence[str], faction: str | None, role: str | None) -> list[str]:
        raise PackError("the trading card game's cards are built in: `dejarik cards coverage tcg "
                        "--missing` lists them by set, `dejarik cards show tcg NAME` shows one")

    def show_lines(self, refs: Sequence[str], name: str) -> list[str]:
        from dejarik.tcg.carddefs import all_defs
        from dejarik.tcg.cardtext import card_lines

        defs = all_defs(_files(refs))
        found = {n.casefold(): d for n, d in defs.items()}.get(name.casefold())
        if found is None:
            close = [n for n in defs if name.casefold() in n.casefold()][:5]
            close = close or difflib.get_close_matches(name, list(defs), n=3, cutoff=0.6)
            hint = f" (did you mean: {', '.join(close)}?)" if close else ""
            raise PackError(f"no trading card game card {name!r}{hint}")
        return card_lines(found)

    def check(self, refs: Sequence[str]) -> PackCheck:
        """An ability file of one's own: each card it gives, in words, and whether it fills a
        card Dejarik lacks or replaces Dejarik's reading."""
        from dejarik.tcg.abilityfiles import read_ability_file
        from dejarik.tcg.carddefs import all_defs
        from dejarik.tcg.cardtext import card_lines

        given = {_files((ref,))[0]: ref for ref in reversed(refs) if ref != REF}   # path -> as given
        if not given:
            raise PackError("the trading card game's cards are built in: `dejarik cards coverage tcg` "
                            "says which have their abilities; `dejarik cards check FILE` checks an "
                            "ability file of your own")
        bundled = all_defs()
        lines: list[str] = []
        for path in _files(refs):
            cards = read_ability_file(path)
            filled = sum(not bundled[n].implemented for n in cards)
            lines.append(f"{given[path]}: {len(cards)} card(s), {filled} that Dejarik has not written, "
                         f"{len(cards) - filled} replacing Dejarik's abilities")
            mine = all_defs((path,))
            for name in cards:
                word = "replaces Dejarik's" if bundled[name].implemented else "not written in Dejarik"
                head, *rest = card_lines(mine[name])
                lines += [f"{head}  [{word}]", *rest]
        return PackCheck(lines, complete=True)

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
                     "--allow-unimplemented is given, or --abilities FILE gives their abilities "
                     "(docs/tcg.md).")
        return lines

    def template(self, extends: str | None) -> str:
        """An ability file to fill in: every card Dejarik has not written, commented out, with
        its facts (`dejarik cards new FILE --extends tcg`)."""
        from dejarik.tcg.abilityfiles import FORMAT
        from dejarik.tcg.carddefs import all_defs
        from dejarik.tcg.cardpool import SET_ORDER

        if extends != REF:
            raise PackError("the trading card game's cards are built in: write an ability file "
                            "with `dejarik cards new FILE --extends tcg`")
        missing = sorted((d for d in all_defs().values() if not d.implemented),
                         key=lambda d: (SET_ORDER.index(d.facts.set), d.name))
        lines = [f"format: {FORMAT}",
                 "# Abilities of your own for the trading card game, in Dejarik's vocabulary",
                 "# (docs/tcg-abilities.md). Each card here replaces Dejarik's entry of that name.",
                 "# Below: every card Dejarik has not written. Uncomment one, write its abilities",
                 "# in your own words, then: dejarik cards check FILE; play with --abilities FILE.",
                 "notes: ''",
                 "cards:"]
        for d in missing:
            f = d.facts
            stats = (f" cost {f.cost}, speed {f.speed}, power {f.power}, health {f.health}"
                     if d.kind == 0 else f" cost {f.cost}" if f.cost is not None else "")
            lines += [f"  # {_yaml_key(d.name)}:",
                      f"  #   - ABILITY     # {f.set} {f.number or 'promo'}, {f.side}, {f.type}"
                      f"{', ' + f.subtype if f.subtype else ''};{stats}"]
        return "\n".join(lines) + "\n"


def _yaml_key(name: str) -> str:
    return f'"{name}"' if any(ch in name for ch in ":#'\"") else name


def _files(refs: Sequence[str]) -> tuple[str, ...]:
    """The ability files among pack references (the rest is `tcg`, the built-in cards)."""
    from dejarik.tcg.abilityfiles import resolve

    return resolve(tuple(r for r in refs if r != REF))


CARDS: CardCatalog = TcgCards()
