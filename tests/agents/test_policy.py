"""The learned policy: `dejarik train` and the `policy:file=` player (agents/learn.py,
agents/policy.py)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from dejarik.agents.base import make_agent
from dejarik.agents.learn import Decisions, agreement, imitate, record, self_play, train
from dejarik.agents.policy import FORMAT, VERSION, PolicyAgent, PolicyNet
from dejarik.cli.main import main
from dejarik.core.errors import ConfigError
from dejarik.core.registry import get_game
from dejarik.core.spaces import learning_game

GAME = "deckbuilding"
CONFIG = get_game(GAME).normalize_config({"turn_limit": 300})


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small network trained on a few of the greedy rule's games (seconds, not minutes)."""
    net = train(GAME, CONFIG, "greedy", games=8, epochs=2, hidden=[16], seed=3)
    path = tmp_path_factory.mktemp("policy") / "small.npz"
    net.save(path)
    return path


def play_game(white: str, black: str, seed: int) -> tuple[int | None, int]:
    state = get_game(GAME).new_state(CONFIG, seed)
    agents = [make_agent(white, seed), make_agent(black, seed + 1)]
    moves = 0
    while not state.is_terminal():
        state.apply(agents[state.current_player].act(state))
        moves += 1
    return state.winner(), moves


def test_a_trained_policy_plays_whole_games_as_an_agent_spec(small: Path) -> None:
    spec = f"policy:file={small}"
    first = play_game(spec, "greedy", 5)
    assert first[1] > 20
    assert play_game(spec, "greedy", 5) == first               # the same seed, the same game
    assert play_game(f"{spec}:temperature=1", "random", 6)[1] > 20


def test_the_same_command_and_seed_write_the_same_network() -> None:
    a = train(GAME, CONFIG, "greedy", games=4, epochs=1, hidden=[8], seed=11)
    b = train(GAME, CONFIG, "greedy", games=4, epochs=1, hidden=[8], seed=11)
    c = train(GAME, CONFIG, "greedy", games=4, epochs=1, hidden=[8], seed=12)
    assert all(np.array_equal(x, y) for (x, _), (y, _) in zip(a.layers, b.layers, strict=True))
    assert not np.array_equal(a.layers[0][0], c.layers[0][0])


def test_the_network_is_the_same_whatever_the_number_of_blas_threads() -> None:
    """BLAS splits a matrix product's sums among its threads, so two threads give numbers that
    differ from one thread's in their last bits, and training drifts apart from there: the
    network would depend on the machine's core count. Every network holds BLAS to one thread."""
    from threadpoolctl import threadpool_info, threadpool_limits

    def trained() -> list[np.ndarray]:
        net = train(GAME, CONFIG, "greedy", games=6, epochs=2, hidden=[32], seed=11)
        assert all(lib["num_threads"] == 1 for lib in threadpool_info()
                   if lib["user_api"] == "blas")
        return [w for w, _ in net.layers]

    with threadpool_limits(limits=1, user_api="blas"):
        one = trained()
    with threadpool_limits(limits=2, user_api="blas"):
        two = trained()
    assert all(np.array_equal(x, y) for x, y in zip(one, two, strict=True))


def test_imitation_learns_the_teachers_choices() -> None:
    """Fitted on the greedy rule's decisions, the network agrees with the rule on games it
    never saw far more often than an untrained one does."""
    data = record(GAME, CONFIG, "greedy", 12, seed=1)
    held = record(GAME, CONFIG, "greedy", 3, seed=2)
    engine, spaces = learning_game(GAME)
    layout = spaces.for_state(engine.new_state(CONFIG, 0))
    net = PolicyNet.fresh([layout.obs_size, 32, layout.action_size], 0, {})
    before = agreement(net, held)["held_out_agreement"]
    history = imitate(net, data, held, epochs=4, seed=0)
    after = history[-1]["held_out_agreement"]
    assert after > before + 0.25 and after > 0.6
    assert history[-1]["loss"] < history[0]["loss"]


def test_recorded_decisions_are_the_teachers_legal_choices() -> None:
    data = record(GAME, CONFIG, "greedy", 2, seed=4)
    assert len(data) > 50 and data.obs.dtype == np.uint8
    for i in range(len(data)):
        legal = data.legal[data.offsets[i]:data.offsets[i + 1]]
        assert len(legal) > 1 and data.chosen[i] in legal
    joined = Decisions.join([data, data], data.obs.shape[1])
    assert len(joined) == 2 * len(data) and joined.offsets[-1] == 2 * len(data.legal)


def test_self_play_goes_through_the_gymnasium_environment_and_learns(small: Path) -> None:
    pytest.importorskip("gymnasium", reason="self-play needs the rl extra")
    net = PolicyNet.load(small)
    before = [w.copy() for w, _ in net.layers]
    result = self_play(net, GAME, CONFIG, games=4, seed=0, batch=2, rate=1e-3)
    assert result["games"] == 4 and 0.0 <= result["score"] <= 1.0
    assert any(not np.array_equal(w, b) for (w, _), b in zip(net.layers, before, strict=True))


def test_self_play_meets_the_league_in_turn(small: Path) -> None:
    """Game g meets the frozen copy, then each league agent, in turn; the scores say whom."""
    pytest.importorskip("gymnasium", reason="self-play needs the rl extra")
    net = PolicyNet.load(small)
    result = self_play(net, GAME, CONFIG, games=6, seed=0, batch=2, rate=1e-3,
                       league=["random", "greedy"])
    assert set(result["score_by_opponent"]) == {"self", "random", "greedy"}
    assert result["games"] == 6


def test_dejarik_train_league_needs_self_play_and_good_specs(tmp_path: Path) -> None:
    out = tmp_path / "p.npz"
    alone = CliRunner().invoke(main, ["train", GAME, "--league", "greedy", "--out", str(out)])
    assert alone.exit_code != 0 and "--league names opponents for the self-play games" in alone.output
    bad = CliRunner().invoke(main, ["train", GAME, "--self-play", "2", "--league", "greedy,nobody",
                                    "--out", str(out)])
    assert bad.exit_code != 0 and "unknown agent 'nobody'" in bad.output
    assert not out.exists()


def check_blind_to_hidden_cards(spec: str, seed: int = 9) -> int:
    """Along a game of the greedy rule: re-dealing what the player to move cannot see changes
    nothing `spec` does, and deciding leaves the real position as it was. Returns how many
    choices were checked."""
    state = get_game(GAME).new_state(CONFIG, seed)
    greedy = make_agent("greedy", 0)
    checked = 0
    for _ in range(200):
        if state.is_terminal():
            break
        if len(state.legal_actions()) > 1:
            me = state.current_player
            choices = {make_agent(spec, 7).act(state.resample_hidden(me, k)) for k in range(3)}
            assert len(choices) == 1
            checked += 1
            before = state.observation(me)
            make_agent(spec, 7).act(state)
            assert state.observation(me) == before
        state.apply(greedy.act(state))
    return checked


def test_the_policy_decides_from_what_the_player_may_know(small: Path) -> None:
    assert check_blind_to_hidden_cards(f"policy:file={small}") > 20


def _write(path: Path, meta: object, **arrays: np.ndarray) -> Path:
    np.savez(path, meta=np.array(json.dumps(meta)), **arrays)
    return path


@pytest.mark.parametrize(("make", "message"), [
    (lambda p: p / "absent.npz", "no such file"),
    (lambda p: (p / "junk.npz").write_bytes(b"not a zip") and p / "junk.npz", "not a policy file"),
    (lambda p: np.savez(p / "m.npz", W0=np.zeros((2, 2))) or p / "m.npz", "no readable 'meta'"),
    (lambda p: _write(p / "f.npz", {"format": "other"}), "does not say format"),
    (lambda p: _write(p / "v.npz", {"format": FORMAT, "version": 99}), "format version 99"),
    (lambda p: _write(p / "e.npz", {"format": FORMAT, "version": VERSION}), "no layers"),
    (lambda p: _write(p / "s.npz", {"format": FORMAT, "version": VERSION},
                      W0=np.zeros((3, 4), np.float32), b0=np.zeros(4, np.float32),
                      W1=np.zeros((5, 2), np.float32), b1=np.zeros(2, np.float32)),
     "layer 1 takes 5 inputs, but layer 0 gives 4"),
    (lambda p: _write(p / "n.npz", {"format": FORMAT, "version": VERSION},
                      W0=np.full((3, 4), np.nan, np.float32), b0=np.zeros(4, np.float32)),
     "not finite"),
])
def test_a_bad_policy_file_is_refused_by_name(tmp_path: Path, make: object, message: str) -> None:
    path = make(tmp_path)  # type: ignore[operator]
    with pytest.raises(ConfigError, match=message):
        PolicyNet.load(path)


def test_a_policy_for_another_layout_or_game_is_refused(tmp_path: Path) -> None:
    state = get_game(GAME).new_state(CONFIG, 1)
    for meta, message in (({"game": GAME}, "reads 10 numbers and scores 3 actions"),
                          ({"game": "pandemic"}, "trained for 'pandemic', not 'deckbuilding'")):
        net = PolicyNet.fresh([10, 4, 3], 0, {"format": FORMAT, "version": VERSION, **meta})
        net.save(tmp_path / "p.npz")
        agent = PolicyAgent(0, str(tmp_path / "p.npz"))
        with pytest.raises(ConfigError, match=message):
            agent.act(state)
    with pytest.raises(ConfigError, match="needs a network"):
        make_agent("policy", 0)
    with pytest.raises(ConfigError, match="must not be negative"):
        make_agent(f"policy:file={tmp_path / 'p.npz'}:temperature=-1", 0)


def test_dejarik_train_writes_a_playable_policy(tmp_path: Path) -> None:
    out = tmp_path / "p.npz"
    result = CliRunner().invoke(main, ["train", GAME, "--teacher", "greedy", "--games", "4",
                                       "--epochs", "1", "--hidden", "8", "-j", "1", "--quiet",
                                       "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "decisions from 4 games by greedy (seed 0), network 4957x8x2608" in result.output
    assert f"written to {out}" in result.output
    meta = PolicyNet.load(out).meta
    assert meta["teacher"] == "greedy" and meta["hidden"] == [8] and meta["game"] == GAME
    bad = CliRunner().invoke(main, ["train", GAME, "--hidden", "8,x", "--out", str(out)])
    assert bad.exit_code == 2 and "--hidden takes layer sizes" in bad.output


def test_a_run_is_not_resumed_once_its_policy_file_changed(tmp_path: Path, small: Path) -> None:
    """Resuming with a retrained network under the same name would mix two players' games."""
    from dejarik.core.runs import GAMES_FILE

    net = tmp_path / "net.npz"
    net.write_bytes(small.read_bytes())
    out = tmp_path / "run"
    args = ["sim", GAME, "--out", str(out), "--jobs", "1", "--turn-limit", "300",
            "--agents", f"policy:file={net},greedy"]
    assert CliRunner().invoke(main, [*args, "--games", "2", "--quiet"]).exit_code == 0
    before = (out / GAMES_FILE).read_bytes()
    assert CliRunner().invoke(main, [*args, "--games", "3", "--quiet"]).exit_code == 0  # resumes
    changed = PolicyNet.load(net)
    changed.layers[0][1][0] += 1.0
    changed.save(net)
    res = CliRunner().invoke(main, [*args, "--games", "4"])
    assert res.exit_code == 2 and "holds a different run (agent_files: the directory has" in res.output
    assert (out / GAMES_FILE).read_bytes().startswith(before)
