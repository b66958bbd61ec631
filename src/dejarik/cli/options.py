"""Options and helpers shared by the commands: every game's options, a game's config, errors.

The options are the union of what the registered games declare (`ConfigOptions`): a flag two
games read is offered once, with both help texts; the chosen game gets the values of its own
options, its own default where one was not typed.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from dataclasses import replace
from typing import Any, NoReturn

import click

from dejarik.core.errors import ConfigError
from dejarik.core.options import HUMAN, ConfigOptions, Option
from dejarik.core.protocol import require
from dejarik.core.registry import game_names, get_game

GAMES = click.Choice(game_names())
__all__ = ["GAMES", "HUMAN", "fail", "game_config", "game_options", "seat_specs"]


def fail(err: Exception) -> NoReturn:
    click.echo(f"error: {err}", err=True)
    sys.exit(2)


def all_options() -> list[Option]:
    """Every registered game's options, each flag once, in the registry's order."""
    merged: dict[str, Option] = {}
    for name in game_names():
        declared = get_game(name).options
        for opt in declared.options if declared is not None else ():
            seen = merged.get(opt.key)
            merged[opt.key] = opt if seen is None else _merge(seen, opt)
    return list(merged.values())


def _merge(a: Option, b: Option) -> Option:
    """One flag read by two games: their help joined, their choices together; the first game's
    default is the one the help shows."""
    def shape(o: Option) -> tuple[Any, ...]:
        return o.flag, o.kind, o.multiple, o.minimum, o.maximum

    if shape(a) != shape(b):
        raise ConfigError(f"option {a.key!r}: two games declare it differently ({a.flag}, {b.flag})")
    choices = tuple(dict.fromkeys(a.choices + b.choices)) if a.choices and b.choices else ()
    return replace(a, help="; ".join(h for h in (a.help, b.help) if h), choices=choices)


def _click_option(opt: Option) -> Any:
    kwargs: dict[str, Any] = {"default": opt.default, "help": opt.help or None}
    if opt.kind == "flag":
        kwargs["is_flag"] = True
    elif opt.kind == "int":
        bounded = opt.minimum is not None or opt.maximum is not None
        kwargs["type"] = click.IntRange(opt.minimum, opt.maximum) if bounded else int
    elif opt.choices:
        kwargs["type"] = click.Choice(list(opt.choices))
    if opt.show_default:
        kwargs["show_default"] = True
    if opt.multiple:
        kwargs["multiple"] = True
    return click.option(opt.flag, opt.key, **kwargs)


def game_options(f: Any) -> Any:
    """Decorate a command with every game's options (listed in the help in declaration order)."""
    for opt in reversed(all_options()):
        f = _click_option(opt)(f)
    return f


def _own_values(options: ConfigOptions, opts: Mapping[str, Any]) -> tuple[dict[str, Any], frozenset[str]]:
    """The values of a game's own options, and which of them were typed (outside a command:
    those `opts` holds)."""
    ctx = click.get_current_context(silent=True)
    keys = [o.key for o in options.options]
    if ctx is None:
        given = frozenset(k for k in keys if k in opts)
    else:
        given = frozenset(k for k in keys if _typed(ctx, k))
    return {o.key: opts[o.key] if o.key in given else o.default for o in options.options}, given


def _typed(ctx: click.Context, key: str) -> bool:
    source = ctx.get_parameter_source(key)
    return source is not None and source.name == "COMMANDLINE"


def _options_of(game: str) -> ConfigOptions:
    g = get_game(game)
    return require(g.options, g, "options")


def game_config(opts: dict[str, Any], turn_limit: int = 0, *, game: str) -> dict[str, Any]:
    """A game config from the command's options; prints what the players should know first."""
    options = _options_of(game)
    values, given = _own_values(options, opts)
    made = options.config(values, given, turn_limit)
    for line in made.notes:
        click.echo(f"note: {line}", err=True)
    return made.config


def seat_specs(game_name: str, cfg: dict[str, Any], opts: dict[str, Any], vs: str, seat: int) -> list[str]:
    """A spec per seat for a game at this terminal: yours human, the others `vs` (or all human
    when `vs` is human); the game's options may choose your seat (e.g. a deck's side)."""
    options = _options_of(game_name)
    values, _ = _own_values(options, opts)
    return options.seat_specs(cfg, values, vs, seat)
