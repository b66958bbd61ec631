"""`dejarik cards`: list, show and check card packs, and write templates for new ones."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from dejarik.core.errors import DejarikError
from dejarik.deckbuilding import defs as d
from dejarik.deckbuilding.cards import CardTable
from dejarik.deckbuilding.cardtext import card_lines
from dejarik.deckbuilding.cardtext import faction_text as _faction
from dejarik.deckbuilding.cardtext import value_text as _v


def _load(refs: tuple[str, ...]) -> CardTable:
    from dejarik.deckbuilding.pack import load_packs

    try:
        return load_packs(list(refs))
    except DejarikError as err:
        click.echo(f"error: {err}", err=True)
        sys.exit(2)


def _pandemic(refs: tuple[str, ...]) -> list[Any] | None:
    """The Pandemic packs named, when every ref is one (None when none is); a mix is an error."""
    from dejarik.pandemic.report import is_pandemic_ref

    kinds = [is_pandemic_ref(r) for r in refs]
    if not any(kinds):
        return None
    if not all(kinds):
        click.echo("error: give deckbuilding packs or Pandemic packs, not both", err=True)
        sys.exit(2)
    from dejarik.pandemic.pack import load_pack

    try:
        return [load_pack(r) for r in refs]
    except DejarikError as err:
        click.echo(f"error: {err}", err=True)
        sys.exit(2)


@click.group()
def cards() -> None:
    """Card packs: list, show, check, and write a template (see docs/packs.md and
    docs/pandemic-packs.md)."""


@cards.command("list")
@click.argument("packs", nargs=-1, required=True)
@click.option("--faction", default=None, help="only this faction (or neutral)")
@click.option("--role", type=click.Choice(list(d.ROLE_NAMES)), default=None, help="only this role")
def list_cards(packs: tuple[str, ...], faction: str | None, role: str | None) -> None:
    """List the cards of packs (ids or files); '?' marks a value no source establishes."""
    pandemic = _pandemic(packs)
    if pandemic is not None:
        from dejarik.pandemic.report import entry_names

        for pack in pandemic:
            click.echo("\n".join(entry_names(pack)))
        return
    table = _load(packs)
    click.echo(f"{'card':<34} {'pack':<11} {'role':<7} {'faction':<11} {'type':<12} "
               f"{'n':>2} {'cost':>4} {'atk':>3} {'res':>3} {'frc':>3} {'hp':>3} {'tgt':>3}")
    for c in table.defs:
        if (faction and _faction(c) != faction) or (role and d.ROLE_WORDS[c.role] != role):
            continue
        hp = "?" if "hp" in c.unknown else ("" if c.hp is None else c.hp)
        tgt = "?" if "target" in c.unknown else ("" if c.target is None else c.target)
        copies = "" if c.role == d.BASE_ROLE else _v(c, "copies", c.copies)
        click.echo(f"{c.name[:34]:<34} {c.pack[:11]:<11} {d.ROLE_WORDS[c.role]:<7} {_faction(c)[:11]:<11} "
                   f"{_v(c, 'type', d.TYPE_WORDS[c.ctype]):<12} {copies:>2} "
                   f"{_v(c, 'cost', c.cost):>4} {_v(c, 'attack', c.attack):>3} "
                   f"{_v(c, 'resources', c.resources):>3} {_v(c, 'force', c.force):>3} {hp!s:>3} {tgt!s:>3}"
                   + ("  *unknown values" if c.unknown else ""))


@cards.command("show")
@click.argument("pack")
@click.argument("name")
@click.option("--pack", "more", multiple=True, help="also load this pack or file")
def show_card(pack: str, name: str, more: tuple[str, ...]) -> None:
    """Show one card: its values, what is unknown or unsure, and its pack entry
    (`tcg`: a trading card game card, its facts and abilities in Dejarik's words)."""
    if pack == "tcg":
        _show_tcg(name)
        return
    pandemic = _pandemic((pack, *more))
    if pandemic is not None:
        from dejarik.pandemic.report import show_lines

        for p in pandemic:
            lines = show_lines(p, name)
            if lines:
                click.echo("\n".join(lines))
                return
        click.echo(f"error: no entry {name!r} in {', '.join(p.id for p in pandemic)} "
                   f"(`dejarik cards list {pack}` lists them)", err=True)
        sys.exit(2)
    table = _load((pack, *more))
    from dejarik.deckbuilding.cards import slugify

    cid = table.by_name.get(name, table.by_slug.get(slugify(name)))
    if cid is None:
        import difflib

        names = [c.name for c in table.defs]
        close = [n for n in names if name.lower() in n.lower()]
        close += difflib.get_close_matches(name, names, n=3, cutoff=0.6)
        close = list(dict.fromkeys(close))
        hint = f" (did you mean: {', '.join(close[:5])}?)" if close else ""
        click.echo(f"error: no card {name!r} in {', '.join(p.id for p in table.packs)}{hint}", err=True)
        sys.exit(2)
    click.echo("\n".join(card_lines(table.defs[cid])))


def _show_tcg(name: str) -> None:
    import difflib

    from dejarik.tcg.carddefs import all_defs
    from dejarik.tcg.cardtext import card_lines as tcg_lines

    defs = all_defs()
    found = {n.casefold(): d for n, d in defs.items()}.get(name.casefold())
    if found is None:
        close = [n for n in defs if name.casefold() in n.casefold()][:5]
        close = close or difflib.get_close_matches(name, list(defs), n=3, cutoff=0.6)
        hint = f" (did you mean: {', '.join(close)}?)" if close else ""
        click.echo(f"error: no trading card game card {name!r}{hint}", err=True)
        sys.exit(2)
    click.echo("\n".join(tcg_lines(found)))


@cards.command("coverage")
@click.argument("game", type=click.Choice(["tcg"]))
@click.option("--missing", "show_missing", is_flag=True, help="also list each set's unimplemented cards")
def coverage(game: str, show_missing: bool) -> None:
    """Which cards have their abilities implemented, set by set (promo printings included)."""
    from dejarik.tcg.carddefs import all_defs
    from dejarik.tcg.carddefs import coverage as tally
    from dejarik.tcg.cardpool import SET_NAMES, SET_ORDER

    defs = list(all_defs().values())
    counts = tally(defs)
    done_all = sum(d for d, _ in counts.values())
    click.echo(f"{'set':<6} {'name':<26} {'implemented':>11} {'cards':>6} {'share':>7}")
    for code in SET_ORDER:
        done, total = counts.get(code, (0, 0))
        share = 100 * done / max(total, 1)
        click.echo(f"{code:<6} {SET_NAMES[code]:<26} {done:>11} {total:>6} {share:>6.1f}%")
        if show_missing and done < total:
            names = sorted(d.name for d in defs if d.facts.set == code and not d.implemented)
            click.echo("       " + ", ".join(names))
    click.echo(f"{'all':<6} {'':<26} {done_all:>11} {len(defs):>6} {100 * done_all / len(defs):>6.1f}%")
    click.echo("Unimplemented cards load with their printed stats; a game refuses them unless "
               "--allow-unimplemented is given (docs/tcg.md).")


@cards.command("check")
@click.argument("packs", nargs=-1, required=True)
def check_cards(packs: tuple[str, ...]) -> None:
    """Validate packs and give an itemised account of each against its edition's composition.

    Exit status: 0 when every pack lists all the cards of its edition, 1 when something is
    missing, 2 when a pack is broken (the error names the file, the card and the field)."""
    pandemic = _pandemic(packs)
    if pandemic is not None:
        from dejarik.pandemic.report import check_lines

        for i, p in enumerate(pandemic):
            click.echo(("\n" if i else "") + "\n".join(check_lines(p)))
        sys.exit(1 if any(p.missing() for p in pandemic) else 0)
    from dejarik.deckbuilding.completeness import pack_report

    table = _load(packs)
    missing = 0
    for i, info in enumerate(table.packs):
        if i:
            click.echo("")
        report = pack_report(table, info.id)
        click.echo("\n".join(report.lines))
        missing += report.missing
    sys.exit(1 if missing else 0)


@cards.command("new")
@click.argument("file")
@click.option("--extends", "extends", default=None,
              help="write a file that completes this pack: every unknown value, ready to fill in")
@click.option("--force", is_flag=True, help="overwrite FILE if it exists")
def new_pack(file: str, extends: str | None, force: bool) -> None:
    """Write a commented template: a new pack, or (with --extends) a completion file."""
    from dejarik.cli.templates import completion_template, new_pack_template

    path = Path(file)
    if path.exists() and not force:
        click.echo(f"error: {file} exists (use --force to overwrite)", err=True)
        sys.exit(2)
    text = completion_template(_load((extends,)), extends) if extends else new_pack_template()
    path.write_text(text, encoding="utf-8")
    click.echo(f"wrote {file}; fill it in, then run: dejarik cards check {file}")
