"""`dejarik cards`: list, show and check card packs, and write templates for new ones.

A pack reference (an id or a file) belongs to the game whose `CardCatalog` owns it; one no
game owns belongs to the game that takes the others' (`default_packs`), whose loader then
says what is wrong with it.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from dejarik.cli.options import fail
from dejarik.core.errors import DejarikError, PackError
from dejarik.core.options import CardCatalog
from dejarik.core.registry import game_names, get_game


def _catalogs() -> dict[str, CardCatalog]:
    """Every registered game's catalog, in the registry's order."""
    found = {name: get_game(name).cards for name in game_names()}
    return {name: cards for name, cards in found.items() if cards is not None}


def _default(catalogs: dict[str, CardCatalog]) -> str | None:
    """The game that takes the pack references no game owns, if one does."""
    return next((name for name, cards in catalogs.items() if cards.default_packs), None)


def _owner(catalogs: dict[str, CardCatalog], ref: str) -> str:
    owner = next((name for name, cards in catalogs.items() if cards.owns(ref)), None) or _default(catalogs)
    if owner is None:
        raise PackError(f"no game has a pack {ref!r}")
    return owner


def _catalog(refs: tuple[str, ...]) -> CardCatalog:
    """The one game's catalog the packs belong to; packs of two games are an error."""
    catalogs = _catalogs()
    owners = {_owner(catalogs, ref) for ref in refs}
    if len(owners) > 1:
        words = [cards.packs_word for name, cards in catalogs.items() if name in owners]
        raise PackError(f"give {' or '.join(words)}, not both" if len(words) == 2
                        else f"give the packs of one game ({', '.join(words)} do not mix)")
    return catalogs[owners.pop()]


_ROLES = list(dict.fromkeys(role for cards in _catalogs().values() for role in cards.roles))
_COUNTED = [name for name, cards in _catalogs().items() if cards.counts_coverage]  # `cards coverage GAME`


@click.group()
def cards() -> None:
    """Card packs: list, show, check, and write a template (see docs/packs.md and
    docs/pandemic-packs.md)."""


@cards.command("list")
@click.argument("packs", nargs=-1, required=True)
@click.option("--faction", default=None, help="only this faction (or neutral)")
@click.option("--role", type=click.Choice(_ROLES), default=None, help="only this role")
def list_cards(packs: tuple[str, ...], faction: str | None, role: str | None) -> None:
    """List the cards of packs (ids or files); '?' marks a value no source establishes."""
    try:
        lines = _catalog(packs).list_lines(packs, faction, role)
    except DejarikError as err:
        fail(err)
    click.echo("\n".join(lines))


@cards.command("show")
@click.argument("pack")
@click.argument("name")
@click.option("--pack", "more", multiple=True, help="also load this pack or file")
def show_card(pack: str, name: str, more: tuple[str, ...]) -> None:
    """Show one card: its values, what is unknown or unsure, and its pack entry
    (`tcg`: a trading card game card, its facts and abilities in Dejarik's words)."""
    refs = (pack, *more)
    try:
        lines = _catalog(refs).show_lines(refs, name)
    except DejarikError as err:
        fail(err)
    click.echo("\n".join(lines))


@cards.command("coverage")
@click.argument("game", type=click.Choice(_COUNTED))
@click.option("--missing", "show_missing", is_flag=True, help="also list each set's unimplemented cards")
def coverage(game: str, show_missing: bool) -> None:
    """Which cards have their abilities implemented, set by set (promo printings included)."""
    try:
        lines = _catalogs()[game].coverage_lines(show_missing)
    except DejarikError as err:
        fail(err)
    click.echo("\n".join(lines))


@cards.command("check")
@click.argument("packs", nargs=-1, required=True)
def check_cards(packs: tuple[str, ...]) -> None:
    """Validate packs and give an itemised account of each against its edition's composition.

    Exit status: 0 when every pack lists all the cards of its edition, 1 when something is
    missing, 2 when a pack is broken (the error names the file, the card and the field)."""
    try:
        report = _catalog(packs).check(packs)
    except DejarikError as err:
        fail(err)
    click.echo("\n".join(report.lines))
    sys.exit(0 if report.complete else 1)


def _new_pack_catalog() -> CardCatalog:
    catalogs = _catalogs()
    name = _default(catalogs)
    if name is None:
        raise PackError("no game writes a template for a new pack; give --extends PACK")
    return catalogs[name]


@cards.command("new")
@click.argument("file")
@click.option("--extends", "extends", default=None,
              help="write a file that completes this pack: every unknown value, ready to fill in")
@click.option("--force", is_flag=True, help="overwrite FILE if it exists")
def new_pack(file: str, extends: str | None, force: bool) -> None:
    """Write a commented template: a new pack, or (with --extends) a completion file."""
    path = Path(file)
    if path.exists() and not force:
        click.echo(f"error: {file} exists (use --force to overwrite)", err=True)
        sys.exit(2)
    try:
        text = _catalog((extends,)).template(extends) if extends else _new_pack_catalog().template(None)
    except DejarikError as err:
        fail(err)
    path.write_text(text, encoding="utf-8")
    click.echo(f"wrote {file}; fill it in, then run: dejarik cards check {file}")
