"""The cooperative game's packs for `dejarik cards`: what a pack holds, one entry, and what it
lacks before a game can be played with it (the words are report.py's)."""

from __future__ import annotations

from collections.abc import Sequence

from dejarik.core.errors import PackError
from dejarik.core.options import CardCatalog, PackCheck
from dejarik.pandemic.pack import Pack, load_pack
from dejarik.pandemic.report import check_lines, entry_names, is_pandemic_ref, show_lines


def _load(refs: Sequence[str]) -> list[Pack]:
    return [load_pack(r) for r in refs]


class PandemicCards:
    """Packs by id (pandemic_sample, pandemic_published) or YAML file in the Pandemic pack format."""

    packs_word = "Pandemic packs"
    roles: tuple[str, ...] = ()
    default_packs = False
    counts_coverage = False

    def owns(self, ref: str) -> bool:
        return is_pandemic_ref(ref)

    def list_lines(self, refs: Sequence[str], faction: str | None, role: str | None) -> list[str]:
        return [line for pack in _load(refs) for line in entry_names(pack)]

    def show_lines(self, refs: Sequence[str], name: str) -> list[str]:
        packs = _load(refs)
        for p in packs:
            lines = show_lines(p, name)
            if lines:
                return lines
        raise PackError(f"no entry {name!r} in {', '.join(p.id for p in packs)} "
                        f"(`dejarik cards list {refs[0]}` lists them)")

    def check(self, refs: Sequence[str]) -> PackCheck:
        packs = _load(refs)
        lines: list[str] = []
        for i, p in enumerate(packs):
            if i:
                lines.append("")
            lines += check_lines(p)
        return PackCheck(lines, complete=not any(p.missing() for p in packs))

    def coverage_lines(self, show_missing: bool) -> list[str]:
        raise PackError("a Pandemic pack's abilities are written in the pack: "
                        "`dejarik cards check PACK` says what it lacks")

    def template(self, extends: str | None) -> str:
        raise PackError("Dejarik writes no template for Pandemic packs yet: "
                        "docs/pandemic-packs.md describes the format")


CARDS: CardCatalog = PandemicCards()
