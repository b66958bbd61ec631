"""The deckbuilder's cards for `dejarik cards`: a pack's table, one card, a pack's account
against its edition's composition, and templates for new packs."""

from __future__ import annotations

import difflib
from collections.abc import Sequence

from dejarik.core.errors import PackError
from dejarik.core.files import claims_pack
from dejarik.core.options import CardCatalog, PackCheck
from dejarik.deckbuilding import defs as d


class DeckbuildingCards:
    """Packs by id (original, clone_wars) or YAML file; a file may extend a pack."""

    packs_word = "deckbuilding packs"
    roles: tuple[str, ...] = tuple(d.ROLE_NAMES)
    default_packs = True
    counts_coverage = False

    def owns(self, ref: str) -> bool:
        from dejarik.deckbuilding.pack import bundled_pack_ids

        return claims_pack(ref, bundled_pack_ids(), lambda data: isinstance(data.get("pack"), str))

    def list_lines(self, refs: Sequence[str], faction: str | None, role: str | None) -> list[str]:
        from dejarik.deckbuilding.cardtext import faction_text as _faction
        from dejarik.deckbuilding.cardtext import value_text as _v
        from dejarik.deckbuilding.pack import load_packs

        table = load_packs(list(refs))
        lines = [f"{'card':<34} {'pack':<11} {'role':<7} {'faction':<11} {'type':<12} "
                 f"{'n':>2} {'cost':>4} {'atk':>3} {'res':>3} {'frc':>3} {'hp':>3} {'tgt':>3}"]
        for c in table.defs:
            if (faction and _faction(c) != faction) or (role and d.ROLE_WORDS[c.role] != role):
                continue
            hp = "?" if "hp" in c.unknown else ("" if c.hp is None else c.hp)
            tgt = "?" if "target" in c.unknown else ("" if c.target is None else c.target)
            copies = "" if c.role == d.BASE_ROLE else _v(c, "copies", c.copies)
            lines.append(
                f"{c.name[:34]:<34} {c.pack[:11]:<11} {d.ROLE_WORDS[c.role]:<7} {_faction(c)[:11]:<11} "
                f"{_v(c, 'type', d.TYPE_WORDS[c.ctype]):<12} {copies:>2} "
                f"{_v(c, 'cost', c.cost):>4} {_v(c, 'attack', c.attack):>3} "
                f"{_v(c, 'resources', c.resources):>3} {_v(c, 'force', c.force):>3} {hp!s:>3} {tgt!s:>3}"
                + ("  *unknown values" if c.unknown else ""))
        return lines

    def show_lines(self, refs: Sequence[str], name: str) -> list[str]:
        from dejarik.deckbuilding.cards import slugify
        from dejarik.deckbuilding.cardtext import card_lines
        from dejarik.deckbuilding.pack import load_packs

        table = load_packs(list(refs))
        cid = table.by_name.get(name, table.by_slug.get(slugify(name)))
        if cid is None:
            names = [c.name for c in table.defs]
            close = [n for n in names if name.lower() in n.lower()]
            close += difflib.get_close_matches(name, names, n=3, cutoff=0.6)
            close = list(dict.fromkeys(close))
            hint = f" (did you mean: {', '.join(close[:5])}?)" if close else ""
            raise PackError(f"no card {name!r} in {', '.join(p.id for p in table.packs)}{hint}")
        return card_lines(table.defs[cid])

    def check(self, refs: Sequence[str]) -> PackCheck:
        from dejarik.deckbuilding.completeness import pack_report
        from dejarik.deckbuilding.pack import load_packs

        table = load_packs(list(refs))
        lines: list[str] = []
        missing = 0
        for i, info in enumerate(table.packs):
            if i:
                lines.append("")
            report = pack_report(table, info.id)
            lines += report.lines
            missing += report.missing
        return PackCheck(lines, complete=not missing)

    def coverage_lines(self, show_missing: bool) -> list[str]:
        raise PackError("every deckbuilding card's abilities are written: nothing to count")

    def template(self, extends: str | None) -> str:
        from dejarik.deckbuilding.pack import load_packs
        from dejarik.deckbuilding.templates import completion_template, new_pack_template

        return completion_template(load_packs([extends]), extends) if extends else new_pack_template()


CARDS: CardCatalog = DeckbuildingCards()
