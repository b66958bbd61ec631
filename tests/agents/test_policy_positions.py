"""A network that scores positions one step ahead: `dejarik train --scores positions` and the
`policy:file=` player reading it (agents/positions.py, agents/policy.py)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from dejarik.agents.base import make_agent, parse_agents
from dejarik.agents.policy import FORMAT, VERSION, PolicyAgent, PolicyNet, afterstates
from dejarik.agents.positions import Positions, _record, agreement, fit, needs_thought, record, train
from dejarik.cli.main import main
from dejarik.core.errors import ConfigError
from dejarik.core.registry import get_game
from dejarik.core.spaces import learning_game
from tests.agents.test_policy import CONFIG, GAME, check_blind_to_hidden_cards, play_game

META = {"format": FORMAT, "version": VERSION, "game": GAME}


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> Path:
    net = train(GAME, CONFIG, "greedy", games=6, epochs=2, hidden=[16], seed=3, meta=dict(META),
                refine="heuristic", refine_games=3, self_play=3)
    path = tmp_path_factory.mktemp("positions") / "small.npz"
    net.save(path)
    return path


def test_a_position_network_plays_whole_games_and_says_how_it_was_trained(small: Path) -> None:
    net = PolicyNet.load(small)
    assert net.scores_positions and net.action_size == 1
    assert len(net.meta["imitation"]) == 2 and net.meta["decisions"] > 50
    refined = net.meta["refine"]   # then the second teacher's games, two more passes
    assert refined["teacher"] == "heuristic" and refined["games"] == 3 and len(refined["epochs"]) == 2
    own = net.meta["self_play"]   # then games against itself, labelled by the last teacher
    assert own["labeller"] == "heuristic" and own["games"] == 3 and own["decisions"] > 30
    assert len(own["epochs"]) == 2 and "self_play_recording" in net.meta["seconds"]
    spec = f"policy:file={small}"
    first = play_game(spec, "greedy", 5)
    assert first[1] > 20 and play_game(spec, "greedy", 5) == first   # the same seed, the same game
    assert play_game(f"{spec}:temperature=0.5", "random", 6)[1] > 20


def test_the_position_player_decides_from_what_it_may_know(small: Path) -> None:
    """It looks ahead on its own re-deal, never on the real hidden cards."""
    assert check_blind_to_hidden_cards(f"policy:file={small}") > 20
    assert check_blind_to_hidden_cards(f"policy:file={small}:deals=3") > 20


def test_several_deals_average_each_actions_worth(small: Path) -> None:
    """`deals=K` scores each action on K re-deals and takes the best mean: the same games for
    the same seed, a legal move every time, and K deals cost about K times one."""
    spec = f"policy:file={small}:deals=3"
    first = play_game(spec, "greedy", 7)
    assert first[1] > 20 and play_game(spec, "greedy", 7) == first
    with pytest.raises(ConfigError, match="deals must be 1 to 64"):
        PolicyAgent(0, str(small), deals=0)


def test_afterstates_are_the_legal_actions_applied_and_settled_on_one_redeal() -> None:
    state = get_game(GAME).new_state(CONFIG, 2)
    hooks = get_game(GAME).agents
    assert hooks is not None
    acts, after = afterstates(state.resample_hidden(state.current_player, 11), 11, hooks)
    assert acts == state.legal_actions() and len(after) == len(acts)
    # settled: the rest of the turn was played by the rule, so the next turn is reached
    assert all(s.turn > state.turn or s.is_terminal() for s in after)
    again = afterstates(state.resample_hidden(state.current_player, 11), 11, hooks)[1]
    assert [s.observation(0) for s in after] == [s.observation(0) for s in again]


def test_imitation_learns_to_pick_the_teachers_result() -> None:
    """Fitted on the greedy rule's decisions seen one step ahead, the network picks the rule's
    choice in games it never saw far more often than an untrained one."""
    data = record(GAME, CONFIG, "greedy", 10, seed=1)
    held = record(GAME, CONFIG, "greedy", 3, seed=2)
    layout = learning_game(GAME)[1].for_state(get_game(GAME).new_state(CONFIG, 0))
    net = PolicyNet.fresh([layout.obs_size, 32, 1], 0, {**META, "scores": "positions"})
    before = agreement(net, held)
    history = fit(net, data, held, epochs=4, seed=0, values=1.0)
    after = history[-1]["held_out_agreement"]
    assert after > before + 0.2 and after > 0.5
    assert history[-1]["loss"] < history[0]["loss"]


def test_recorded_positions_hold_every_legal_action_and_the_teachers_pick() -> None:
    data = record(GAME, CONFIG, "greedy", 2, seed=4)
    assert len(data) > 30 and data.obs.dtype == np.uint8 and data.offsets[-1] == len(data.obs)
    sizes = np.diff(data.offsets)
    assert (sizes > 1).all() and (data.chosen < sizes).all() and (data.chosen >= 0).all()
    assert (np.abs(data.values) <= 1).all()   # the game's evaluation, -1..1
    joined = Positions.join([data, data], data.obs.shape[1])
    assert len(joined) == 2 * len(data) and joined.offsets[-1] == 2 * len(data.obs)


def test_in_games_played_by_others_the_teacher_only_names_its_choice() -> None:
    """Expert iteration's recording: random players make the moves; at each of their decisions
    the greedy rule's choice is what is recorded, as a replay of the same game shows."""
    data = _record((GAME, CONFIG, "greedy\trandom", [7]))
    state = get_game(GAME).new_state(CONFIG, 7)
    players, labels = parse_agents("random", 7), parse_agents("greedy", 7)
    hooks = get_game(GAME).agents
    expected, disagreed = [], 0
    while not state.is_terminal():
        me = state.current_player
        action = players[me].act(state)
        if needs_thought(state, hooks):
            label = labels[me].act(state)
            expected.append(state.legal_actions().index(label))
            disagreed += label != action
        state.apply(action)
    assert data.chosen.tolist() == expected and len(expected) > 30
    assert disagreed > 10   # the game was random's, not greedy's
    assert len(data) != len(_record((GAME, CONFIG, "greedy", [7])))


def test_a_bad_position_network_is_refused_by_name(tmp_path: Path) -> None:
    state = get_game(GAME).new_state(CONFIG, 1)
    layout = learning_game(GAME)[1].for_state(state)
    wrong = PolicyNet.fresh([layout.obs_size, 4, 3], 0, {**META, "scores": "positions"})
    wrong.save(tmp_path / "w.npz")
    with pytest.raises(ConfigError, match="a position's worth is one number"):
        PolicyAgent(0, str(tmp_path / "w.npz")).act(state)
    odd = PolicyNet.fresh([layout.obs_size, 4, 1], 0, {**META, "scores": "moods"})
    odd.save(tmp_path / "o.npz")
    with pytest.raises(ConfigError, match="scores 'moods'; a policy scores actions or positions"):
        PolicyNet.load(tmp_path / "o.npz")


def test_dejarik_train_writes_a_position_network_and_refuses_mixed_stages(tmp_path: Path) -> None:
    out = tmp_path / "p.npz"
    result = CliRunner().invoke(main, ["train", GAME, "--teacher", "greedy", "--games", "4",
                                       "--epochs", "1", "--hidden", "8", "--scores", "positions",
                                       "-j", "1", "--quiet", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "network 4957x8x1" in result.output
    assert "agrees with the teacher on" in result.output
    assert PolicyNet.load(out).scores_positions
    own = CliRunner().invoke(main, ["train", GAME, "--teacher", "greedy", "--games", "4",
                                    "--epochs", "1", "--hidden", "8", "--scores", "positions",
                                    "--self-play", "2", "-j", "1", "--out", str(out)])
    assert own.exit_code == 0, own.output
    assert "in 2 games against itself, each choice named by greedy" in own.output
    assert PolicyNet.load(out).meta["self_play"]["games"] == 2
    for args, message in ((["--keep", str(tmp_path / "k")], "add --scores positions"),
                          (["--refine", "heuristic"], "add --scores positions"),
                          (["--scores", "positions", "--refine", "nobody"], "unknown agent 'nobody'")):
        bad = CliRunner().invoke(main, ["train", GAME, *args, "--out", str(tmp_path / "b.npz")])
        assert bad.exit_code != 0 and message in bad.output
        assert not (tmp_path / "b.npz").exists()


def test_kept_recordings_are_reused_and_a_bad_one_is_refused(tmp_path: Path) -> None:
    """`--keep DIR` writes one file per setting; the same command then plays no game (the
    recording is read back, so the same network is written) and a damaged file is named."""
    keep = tmp_path / "keep"
    args = ["train", GAME, "--teacher", "greedy", "--games", "4", "--epochs", "1", "--hidden", "8",
            "--scores", "positions", "-j", "1", "--quiet", "--keep", str(keep)]
    first = CliRunner().invoke(main, [*args, "--out", str(tmp_path / "a.npz")])
    assert first.exit_code == 0, first.output
    files = sorted(keep.iterdir())
    assert [f.name.split("-")[0] for f in files] == ["held", "teacher"]
    stamps = [f.stat().st_mtime_ns for f in files]
    again = CliRunner().invoke(main, [*args, "--out", str(tmp_path / "b.npz")])
    assert again.exit_code == 0 and [f.stat().st_mtime_ns for f in sorted(keep.iterdir())] == stamps
    a, b = PolicyNet.load(tmp_path / "a.npz"), PolicyNet.load(tmp_path / "b.npz")
    assert all(np.array_equal(x, y) for (x, _), (y, _) in zip(a.layers, b.layers, strict=True))
    other = CliRunner().invoke(main, [*args[:5], "20", *args[6:], "--out", str(tmp_path / "c.npz")])
    assert other.exit_code == 0 and len(list(keep.iterdir())) == 4   # another setting, new files
    files[1].write_bytes(b"damaged")
    bad = CliRunner().invoke(main, [*args, "--out", str(tmp_path / "d.npz")])
    assert bad.exit_code != 0 and f"recording {files[1]}: not a recording of positions" in bad.output
    assert not (tmp_path / "d.npz").exists()


def test_against_another_agent_only_the_students_decisions_are_named() -> None:
    """`--against`: the student (the first spec) meets another agent, sides swapped from one game
    to the next, and the teacher names its choice at the student's decisions only."""
    data = _record((GAME, CONFIG, "greedy\trandom,greedy", [7, 8]))
    hooks = get_game(GAME).agents
    expected, seats = [], set()
    for seed in (7, 8):
        state = get_game(GAME).new_state(CONFIG, seed)
        specs = ["greedy", "random"] if seed & 1 else ["random", "greedy"]
        players = [make_agent(spec, seed * 7919 + i) for i, spec in enumerate(specs)]
        labels = parse_agents("greedy", seed)
        while not state.is_terminal():
            me = state.current_player
            action = players[me].act(state)
            if specs[me] == "random" and needs_thought(state, hooks):
                expected.append(state.legal_actions().index(labels[me].act(state)))
                seats.add((seed, me))
            state.apply(action)
    assert data.chosen.tolist() == expected and len(expected) > 10
    assert seats == {(7, 1), (8, 0)}, "the student played one side in each game"


def test_a_recording_stopped_half_way_goes_on_from_its_kept_chunks(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each chunk of games is kept as it is done; a recording started again plays only the
    chunks it lacks, and gives the same positions as one that never stopped."""
    from dejarik.agents import positions

    whole = record(GAME, CONFIG, "greedy", 5, seed=5)
    parts = tmp_path / "parts"
    record(GAME, CONFIG, "greedy", 5, seed=5, parts=parts)
    kept = sorted(parts.iterdir())
    assert len(kept) == 5          # five games, a chunk each
    for lost in kept[1::2]:        # as if stopped with two chunks unwritten
        lost.unlink()
    played: list[list[int]] = []

    def counted(task: positions.Task, given: positions.Labels | None = None) -> Positions:
        played.append(task[3])
        return _record(task, given)

    monkeypatch.setattr(positions, "_record", counted)
    again = record(GAME, CONFIG, "greedy", 5, seed=5, parts=parts)
    assert len(played) == 2 and all(len(seeds) == 1 for seeds in played)
    for field in ("obs", "offsets", "chosen", "values"):
        assert np.array_equal(getattr(again, field), getattr(whole, field)), field
    with pytest.raises(ConfigError, match="made with other settings than its name says"):
        record(GAME, CONFIG, "random", 5, seed=5, parts=parts)   # another teacher, same folder


def test_a_labellers_choices_outlive_their_positions_and_spare_it_the_work(
        tmp_path: Path) -> None:
    """When players play and a labeller only names choices, each chunk's choices are kept in a
    small file of their own beside its positions. The positions can go (kept_recording drops
    them once the whole is written): recorded again, the chunk takes its choices from the file
    while what the student sees matches the file's fingerprints, and asks the labeller again
    from the first decision that does not."""
    import json

    from dejarik.agents.positions import kept_recording

    keep = tmp_path / "keep"
    key = {"case": "labels"}

    def make(parts: Path | None) -> Positions:
        return record(GAME, CONFIG, "greedy", 3, seed=5, players="random,greedy", parts=parts)

    first = kept_recording(keep, "own", key, make)
    (folder,) = keep.glob("*.parts")
    files = sorted(folder.iterdir())
    assert [f.name for f in files] == [f"{i:05d}.labels.json" for i in range(3)]   # no positions
    sizes = np.diff(first.offsets)
    # tamper with every kept choice: the new recording must follow the files, not the labeller
    at = 0
    for f in files:
        kept = json.loads(f.read_text())
        n = len(kept["chosen"])
        kept["chosen"] = [int((c + 1) % sizes[at + j]) for j, c in enumerate(kept["chosen"])]
        at += n
        f.write_text(json.dumps(kept))
    next(keep.glob("*.npz")).unlink()
    again = kept_recording(keep, "own", key, make)
    assert np.array_equal(again.obs, first.obs) and np.array_equal(again.offsets, first.offsets)
    assert again.chosen.tolist() == [(c + 1) % s for c, s in zip(first.chosen, sizes, strict=True)]
    assert np.any(sizes > 1)
    # a fingerprint that does not match: the labeller names that decision and the chunk's rest
    kept = json.loads(files[0].read_text())
    cut = len(kept["chosen"]) // 2
    kept["checks"][cut] ^= 1
    files[0].write_text(json.dumps(kept))
    next(keep.glob("*.npz")).unlink()
    mended = kept_recording(keep, "own", key, make).chosen.tolist()
    n0 = len(kept["chosen"])
    assert mended[:cut] == again.chosen.tolist()[:cut]
    assert mended[cut:n0] == first.chosen.tolist()[cut:n0]
    assert mended[n0:] == again.chosen.tolist()[n0:]
    files[1].write_text("{}")
    next(keep.glob("*.npz")).unlink()
    with pytest.raises(ConfigError, match=r"00001.labels.json: not a file of kept labels"):
        kept_recording(keep, "own", key, make)


def test_a_kept_chunk_names_its_agents_files_by_name_not_folder() -> None:
    """A student's file is named by its weights' digest, so a kept folder can move."""
    import json

    from dejarik.agents.positions import _same_key

    here = json.dumps(["heuristic\tpolicy:file=rec/student-ab.npz,greedy", [1, 2]])
    moved = json.dumps(["heuristic\tpolicy:file=/else/where/student-ab.npz,greedy", [1, 2]])
    other = json.dumps(["heuristic\tpolicy:file=rec/student-cd.npz,greedy", [1, 2]])
    assert _same_key(here, moved) and not _same_key(here, other)


def test_dejarik_train_plays_the_student_against_another_agent(tmp_path: Path) -> None:
    out = tmp_path / "p.npz"
    base = ["train", GAME, "--teacher", "greedy", "--games", "4", "--epochs", "1", "--hidden", "8",
            "--scores", "positions", "-j", "1", "--out", str(out)]
    result = CliRunner().invoke(main, [*base, "--self-play", "2", "--against", "random",
                                       "--labeller", "heuristic"])
    assert result.exit_code == 0, result.output
    assert "in 2 games against random, each choice named by heuristic" in result.output
    assert PolicyNet.load(out).meta["self_play"]["against"] == "random"
    out.unlink()
    for args, message in ((["--against", "random"], "add --self-play N"),
                          (["--self-play", "2", "--labeller", "nobody"], "unknown agent 'nobody'")):
        bad = CliRunner().invoke(main, [*base, *args])
        assert bad.exit_code != 0 and message in bad.output
        assert not out.exists()
    actions = CliRunner().invoke(main, ["train", GAME, "--against", "random", "--out", str(out)])
    assert actions.exit_code != 0 and "--against goes with a network that scores positions" in actions.output


def test_rounds_of_dagger_learn_from_every_round_so_far(tmp_path: Path) -> None:
    """`--rounds 2`: the first round is the one-round run's own (its kept recording is read
    back), the second is played by the network the first left, on other deals, and the
    network learns both rounds' decisions; --rounds without self-play is refused."""
    keep = tmp_path / "keep"
    base = ["train", GAME, "--teacher", "greedy", "--games", "4", "--epochs", "1", "--hidden", "8",
            "--scores", "positions", "--self-play", "2", "--against", "random", "--labeller",
            "greedy", "-j", "1", "--keep", str(keep)]
    one = CliRunner().invoke(main, [*base, "--out", str(tmp_path / "one.npz")])
    assert one.exit_code == 0, one.output
    kept = sorted(p.name for p in keep.iterdir())
    two = CliRunner().invoke(main, [*base, "--rounds", "2", "--out", str(tmp_path / "two.npz")])
    assert two.exit_code == 0, two.output
    assert "round 2: " in two.output and "(round 2)" in two.output
    new = sorted(set(p.name for p in keep.iterdir()) - set(kept))
    # round 1 was read back; round 2 recorded its games and held-out games by a new student,
    # each recording with the labeller's choices kept beside it
    assert [n.split("-")[0] + Path(n).suffix for n in new] == [
        "held.npz", "held.parts", "student.npz", "teacher.npz", "teacher.parts"]
    first, second = PolicyNet.load(tmp_path / "one.npz"), PolicyNet.load(tmp_path / "two.npz")
    rounds = second.meta["self_play"]["rounds"]
    assert len(rounds) == 2 and rounds[1]["decisions"] > 0
    assert second.meta["self_play"]["epochs"] == first.meta["self_play"]["epochs"]
    assert "rounds" not in first.meta["self_play"]
    assert not all(np.array_equal(a[0], b[0]) for a, b in zip(first.layers, second.layers, strict=True))
    bad = CliRunner().invoke(main, ["train", GAME, "--scores", "positions", "--rounds", "2",
                                    "--out", str(tmp_path / "b.npz")])
    assert bad.exit_code != 0 and "--rounds repeats the self-play games" in bad.output
    assert not (tmp_path / "b.npz").exists()


def test_kept_labels_name_no_folder_of_the_machine(tmp_path: Path) -> None:
    """Kept labels are committed to the repository: their key names files without folders."""
    import json

    from dejarik.agents.positions import Labels, _same_key, _save_labels

    key = json.dumps(["heuristic\tpolicy:file=/some/machine/student-ab.npz,greedy", [1]])
    path = tmp_path / "00000.labels.json"
    _save_labels(path, key, Labels([0, 1], [5, 6]))
    kept = json.loads(path.read_text())["key"]
    assert "/some/machine" not in kept and "student-ab.npz" in kept and _same_key(kept, key)
