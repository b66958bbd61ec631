"""`dejarik train`: train a policy network on a game's learning spaces (agents/learn.py)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from dejarik.cli.options import GAMES, fail, game_config
from dejarik.cli.simcmd import fitting_options, with_progress
from dejarik.core.errors import ConfigError, DejarikError

if TYPE_CHECKING:
    from dejarik.agents.policy import PolicyNet


def _sizes(text: str) -> list[int]:
    try:
        sizes = [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise ConfigError(f"--hidden takes layer sizes separated by commas, like 256,128; "
                          f"got {text!r}") from None
    if not sizes or any(s < 1 for s in sizes):
        raise ConfigError(f"--hidden takes one or more layer sizes of 1 or more; got {text!r}")
    return sizes


@click.command()
@click.argument("game", type=GAMES)
@click.option("--teacher", default="heuristic", show_default=True,
              help="the agent spec whose choices the network first learns to copy")
@click.option("--games", "n", type=click.IntRange(min=2), default=600, show_default=True,
              help="teacher games to learn from (a tenth are held out to check the fit)")
@click.option("--epochs", type=click.IntRange(min=1), default=3, show_default=True,
              help="passes over the recorded decisions")
@click.option("--hidden", default="128", show_default=True,
              help="hidden layer sizes, separated by commas")
@click.option("--scores", type=click.Choice(["actions", "positions"]), default="actions",
              show_default=True,
              help="what the network scores: every action index from the observation (no "
                   "lookahead), or the position each legal action leads to, one step ahead on a "
                   "re-deal of the hidden cards")
@click.option("--refine", default="", metavar="SPEC",
              help="with --scores positions: a second teacher (an agent spec) whose games the "
                   "network then goes on learning from, e.g. one that searches")
@click.option("--refine-games", "refine_games", type=click.IntRange(min=2), default=360,
              show_default=True, help="the second teacher's games (a tenth held out)")
@click.option("--keep", "keep", default=None, metavar="DIR",
              help="with --scores positions: keep the recorded games in DIR (a file for each "
                   "setting) and reuse them when the same teacher, games and seed are asked for "
                   "again (another network size or more epochs then cost no game)")
@click.option("--self-play", "self_play", type=click.IntRange(min=0), default=0, show_default=True,
              help="games the network then plays against itself: with --scores actions it learns "
                   "by policy gradient through the Gymnasium environment (needs the rl extra); "
                   "with --scores positions the last teacher names its choice at each of the "
                   "network's decisions and the network learns those (expert iteration)")
@click.option("--against", default="", metavar="SPEC",
              help="with --scores positions and --self-play: the network plays this agent "
                   "instead of itself, sides swapped game by game, and only its own decisions "
                   "are named and learnt")
@click.option("--labeller", default="", metavar="SPEC",
              help="with --scores positions and --self-play: the agent that names the choice at "
                   "each of the network's decisions (default: the last teacher)")
@click.option("--rounds", type=click.IntRange(min=1), default=1, show_default=True,
              help="with --scores positions and --self-play: rounds of self-play games, each "
                   "played by the network the last round left, on new deals, and learnt together "
                   "with every earlier round's (DAgger)")
@click.option("--league", default="", metavar="SPECS",
              help="agent specs, separated by commas, that the self-play games also meet in turn "
                   "with the network's frozen copy (a spec named twice meets it twice as often), "
                   "e.g. heuristic,heuristic")
@fitting_options("the policy file to write (.npz; play it with policy:file=FILE)",
                 "worker processes for the teacher's games (default: every core)")
def train(game: str, teacher: str, n: int, epochs: int, hidden: str, scores: str,
          refine: str, refine_games: int, keep: str | None, self_play: int, against: str,
          labeller: str, rounds: int, league: str, seed: int, turn_limit: int, jobs: int | None, out: str,
          quiet: bool, **opts: Any) -> None:
    """Train a policy network: the teacher plays itself, the network learns its choices from
    the observations the learning environments give, then it can improve by playing itself
    (`--self-play`); or it learns to score the position each action leads to
    (`--scores positions`).

    The same command and seed write the same network, whatever the number of cores. Play it
    as `policy:file=FILE`."""
    from dejarik.agents import positions
    from dejarik.agents.base import make_agent, parse_agents
    from dejarik.agents.learn import train as fit
    from dejarik.agents.policy import FORMAT, VERSION
    from dejarik.core.registry import get_game
    from dejarik.core.spaces import learning_game
    from dejarik.sim.batch import default_jobs

    try:
        sizes = _sizes(hidden)
        engine = get_game(game)
        learning_game(game)   # a game without learning spaces is refused before any game
        cfg = game_config(opts, turn_limit, game=game)
        parse_agents(teacher, seed, engine.num_players(cfg))   # a bad spec fails before any game
        rivals = [spec.strip() for spec in league.split(",") if spec.strip()]
        for spec in rivals:
            make_agent(spec, seed)
        if rivals and not self_play:
            raise ConfigError("--league names opponents for the self-play games: add --self-play N")
        if keep is not None and scores != "positions":
            raise ConfigError("--keep keeps the recordings of a network that scores positions: "
                              "add --scores positions")
        for option, spec in (("--refine", refine), ("--against", against), ("--labeller", labeller)):
            if spec and scores != "positions":
                raise ConfigError(f"{option} goes with a network that scores positions: add "
                                  f"--scores positions")
            if spec:
                parse_agents(spec, seed, engine.num_players(cfg))
        if (against or labeller) and not self_play:
            raise ConfigError("--against and --labeller set the self-play games: add --self-play N")
        if rounds > 1 and (scores != "positions" or not self_play):
            raise ConfigError("--rounds repeats the self-play games of a network that scores "
                              "positions: add --scores positions and --self-play N")
        target = Path(out)
        if target.exists() and target.is_dir():
            raise ConfigError(f"--out {out} is a directory; name a file")
        if self_play and scores == "actions":
            try:
                import gymnasium  # noqa: F401
            except ImportError:
                raise ConfigError("--self-play plays through the Gymnasium environment: "
                                  "pip install 'dejarik[rl]'") from None

        def epoch_line(epoch: int, f: dict[str, float]) -> None:
            if quiet:
                return
            click.echo(f"epoch {epoch}: agrees with the teacher on {f['agreement']:.1%} of its "
                       f"training decisions, {f.get('held_out_agreement', 0):.1%} of held-out ones",
                       err=True)

        jobs = jobs or default_jobs()
        if scores == "positions":
            meta = {"format": FORMAT, "version": VERSION, "game": game, "config": cfg,
                    "hidden": sizes, "teacher": teacher, "games": n, "seed": seed}
            net = with_progress(n + (refine_games if refine else 0) + self_play * rounds, quiet,
                                lambda advance: positions.train(
                game, cfg, teacher, n, epochs, sizes, seed, meta, jobs=jobs, refine=refine,
                refine_games=refine_games, self_play=self_play, against=against,
                labeller=labeller, keep=Path(keep) if keep is not None else None, rounds=rounds,
                on_progress=advance,
                on_epoch=epoch_line))
        else:
            net = with_progress(n + self_play, quiet, lambda advance: fit(
                game, cfg, teacher, n, epochs, sizes, seed, self_play_games=self_play,
                league=rivals, jobs=jobs, on_progress=advance, on_epoch=epoch_line))
        net.save(target)
        _summary(net, engine.info.title, teacher, n, seed, sizes, epochs)
        click.echo(f"written to {target}")
    except DejarikError as err:
        fail(err)
    except OSError as err:
        fail(ConfigError(f"cannot write {out}: {err.strerror or err}"))


def _summary(net: PolicyNet, title: str, teacher: str, n: int, seed: int, sizes: list[int],
             epochs: int) -> None:
    """What was learnt, from the network's `meta`."""
    meta = net.meta
    last = meta["imitation"][-1]
    secs = meta["seconds"]
    click.echo(f"{title}: {meta['decisions']} decisions from {n} games by {teacher} (seed {seed}), "
               f"network {'x'.join(map(str, [net.obs_size, *sizes, net.action_size]))}")
    click.echo(f"imitation, {epochs} epochs: agrees with the teacher on {last['agreement']:.1%} of "
               f"training decisions and {last.get('held_out_agreement', 0):.1%} of held-out ones")
    if "refine" in meta:
        ref = meta["refine"]
        click.echo(f"then {ref['decisions']} decisions from {ref['games']} games by {ref['teacher']}, "
                   f"{len(ref['epochs'])} epochs: agrees with it on "
                   f"{ref['epochs'][-1]['agreement']:.1%} of training decisions and "
                   f"{ref['epochs'][-1]['held_out_agreement']:.1%} of held-out ones")
    own = meta.get("self_play", {})
    if "score_by_opponent" in own:
        scores = ", ".join(f"{score:.1%} against {'its frozen copy' if who == 'self' else who}"
                           for who, score in own["score_by_opponent"].items())
        click.echo(f"self-play: {own['games']} games, scoring {scores}")
    elif own:
        click.echo(f"then {own['decisions']} decisions of its own in {own['games']} games against "
                   f"{own.get('against', 'itself')}, each choice named by {own['labeller']}, "
                   f"{len(own['epochs'])} epochs: "
                   f"it agrees with {own['labeller']} on "
                   f"{own['epochs'][-1]['held_out_agreement']:.1%} of held-out ones")
        for i, later in enumerate(own.get("rounds", [])[1:], start=2):
            click.echo(f"round {i}: {later['decisions']} more decisions of its own, named by "
                       f"{own['labeller']}; learnt with the earlier rounds', it agrees with it on "
                       f"{later['epochs'][-1]['held_out_agreement']:.1%} of this round's held-out ones")
    stages = [f"{secs['recording']} s recording", f"{secs['imitation']} s imitating"]
    if "refining" in secs:
        stages += [f"{secs['refine_recording']} s recording the second teacher",
                   f"{secs['refining']} s refining"]
    if "self_play_recording" in secs:
        stages += [f"{secs['self_play_recording']} s playing itself",
                   f"{secs['self_play_fitting']} s learning from it"]
    for i in range(2, len(meta.get("self_play", {}).get("rounds", [])) + 1):
        stages += [f"{secs[f'self_play_recording_{i}']} s playing itself (round {i})",
                   f"{secs[f'self_play_fitting_{i}']} s learning from it (round {i})"]
    if "self_play" in secs:
        stages.append(f"{secs['self_play']} s in self-play")
    click.echo("took " + ", ".join(stages))
