"""Hostile files: every reader refuses a damaged file with an error that names the file and the
problem, never a traceback, a crash or a hang (the hostile-files issue; docs/reliability.md)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from dejarik.cli.main import main
from dejarik.core import files
from dejarik.core.errors import (
    ActionError,
    ConfigError,
    IllegalActionError,
    NotationError,
    PackError,
    ReplayError,
    SaveError,
)
from dejarik.core.files import read_json, read_yaml
from dejarik.core.registry import get_game
from dejarik.core.replay import Replay

DEEP = "[" * 100_000 + "]" * 100_000


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


def test_a_file_that_is_not_utf8_is_named_with_the_line(tmp_path: Path) -> None:
    """Defect 1: `printf 'pack: x\\n\\xff\\n' > b.yaml; dejarik cards check b.yaml`."""
    bad = tmp_path / "b.yaml"
    bad.write_bytes(b"pack: x\n\xff\n")
    code, out = run("cards", "check", str(bad))
    assert code != 0 and "b.yaml: not UTF-8 text (byte 8, line 2)" in out
    for args in (["scenario", "check", str(bad)],
                 ["play", "deckbuilding", "--override", str(bad), "--agents", "random", "--quiet"],
                 ["play", "pandemic", "--pack", str(bad), "--agents", "random", "--quiet"]):
        code, out = run(*args)
        assert code != 0 and "not UTF-8 text" in out, args
    replay = tmp_path / "r.json"
    replay.write_bytes(b'{"format": "\xff"}')
    code, out = run("replay", "verify", str(replay))
    assert code != 0 and "not UTF-8 text" in out


def test_deep_nesting_is_refused_by_name(tmp_path: Path) -> None:
    """Defects 2 and 3: 100,000 `[` then 100,000 `]`, as JSON (a RecursionError traceback) and
    as YAML (a segmentation fault in the C loader)."""
    for name in ("deep.json", "deep.yaml"):
        (tmp_path / name).write_text(DEEP, encoding="utf-8")
    with pytest.raises(ReplayError, match="nest more than 40 deep"):
        Replay.load(tmp_path / "deep.json")
    code, out = run("replay", "verify", str(tmp_path / "deep.json"))
    assert code != 0 and "nest more than 40 deep" in out
    code, out = run("cards", "check", str(tmp_path / "deep.yaml"))
    assert code != 0 and "deep.yaml: not valid YAML" in out and "nesting depth" in out
    # just past the limit, where neither parser objects, the reader still does
    (tmp_path / "41.yaml").write_text("[" * 41 + "]" * 41, encoding="utf-8")
    with pytest.raises(PackError, match="41.yaml: lists and mappings nest more than 40 deep"):
        read_yaml(tmp_path / "41.yaml", PackError)
    (tmp_path / "40.json").write_text("[" * 40 + "]" * 40, encoding="utf-8")
    assert json.dumps(read_json(tmp_path / "40.json", SaveError)) == "[" * 40 + "]" * 40


def test_a_file_too_large_is_refused_before_it_is_parsed(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    big = tmp_path / "big.yaml"
    big.write_bytes(b"# " + b"x" * files.MAX_YAML_BYTES + b"\n")
    with pytest.raises(PackError, match="big.yaml: larger than 2 MB, the most Dejarik reads"):
        read_yaml(big, PackError)
    code, out = run("cards", "check", str(big))
    assert code != 0 and "larger than 2 MB" in out
    monkeypatch.setattr(files, "MAX_JSON_BYTES", 1 << 20)
    (tmp_path / "big.json").write_bytes(b" " * (2 << 20) + b"{}")
    with pytest.raises(SaveError, match="larger than 1 MB"):
        read_json(tmp_path / "big.json", SaveError)


def test_a_key_given_twice_is_refused(tmp_path: Path) -> None:
    """Decided: a key given twice in a YAML or JSON file is a mistake (the last would silently
    win), reported with the line of its first appearance."""
    twice = tmp_path / "twice.yaml"
    twice.write_text("pack: a\ntitle: x\npack: b\n", encoding="utf-8")
    with pytest.raises(PackError, match=r"key 'pack' is given twice \(first on line 1\)"):
        read_yaml(twice, PackError)
    (tmp_path / "twice.json").write_text('{"a": 1, "a": 2}', encoding="utf-8")
    with pytest.raises(SaveError, match="key 'a' is given twice"):
        read_json(tmp_path / "twice.json", SaveError)
    (tmp_path / "fine.json").write_text(json.dumps({"a": {"a": 1}}), encoding="utf-8")
    assert read_json(tmp_path / "fine.json", SaveError) == {"a": {"a": 1}}


def test_a_replay_with_a_field_it_does_not_know_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    code, _ = run("play", "tcg", "--agents", "random", "--quiet", "--seed", "2",
                  "--save-replay", str(path))
    assert code == 0
    data = json.loads(path.read_text(encoding="utf-8"))
    assert Replay.from_json(data).actions
    data["comment"] = "mine"
    with pytest.raises(ReplayError, match="unknown field 'comment'"):
        Replay.from_json(data)


def test_a_saved_card_number_out_of_range_is_named() -> None:
    """Defect 5: a card number of 2^63 in a `play` pile raised OverflowError in the compiled
    engine while loading (the same number in a hand got a clean error)."""
    engine = get_game("deckbuilding")
    state = engine.new_state(engine.normalize_config({}), 1)
    for _ in range(30):
        state.apply(state.legal_actions()[0])
    for zone in ("play", "hand"):
        data = json.loads(json.dumps(state.to_json()))
        data["players"][0][zone] = [2**63]
        with pytest.raises(SaveError, match=f"players\\[0\\].{zone}': 9223372036854775808 is not "
                                            "a card number"):
            engine.state_from_json(data)


def test_a_mapping_where_a_pack_expects_a_destination_is_named(tmp_path: Path) -> None:
    """Defect 6: `to: {a: 1}` gave `TypeError: unhashable type: 'dict'` from `cards check`."""
    text = (files_of_package("original.yaml")
            .replace("do: [{move: {from: row, to: discard}}]", "do: [{move: {from: row, to: {a: 1}}}]"))
    assert "to: {a: 1}" in text
    path = tmp_path / "to.yaml"
    path.write_text(text, encoding="utf-8")
    code, out = run("cards", "check", str(path))
    assert code != 0 and "move.to: unknown destination {'a': 1} (known: hand, discard" in out


def test_action_text_is_read_only_as_a_legal_action() -> None:
    """Defect 7: in the beginner game with seed 13, `play landing-craft#5` was read as an action
    that is not legal; every card's `play` text is now legal or refused."""
    engine = get_game("deckbuilding")
    state = engine.new_state(engine.normalize_config({}), 13)
    legal = state.legal_actions()
    with pytest.raises(IllegalActionError):
        state.text_to_action("play landing-craft#5")
    read = 0
    for ref in state.refs():
        try:
            action = state.text_to_action(f"play {ref}")
        except ActionError:
            continue
        assert action in legal
        read += 1
    assert 1 <= read < len(state.refs())   # the hand's cards are read; the rest refused
    with pytest.raises(NotationError, match="is not a card"):
        state.text_to_action("play x-wing#" + "9" * 5000)


def files_of_package(name: str) -> str:
    from importlib import resources

    return resources.files("dejarik.deckbuilding").joinpath("packs", name).read_text(encoding="utf-8")


def test_a_number_too_long_to_read_is_named(tmp_path: Path) -> None:
    """Found by the fuzzer: a YAML integer of 100,000 digits raised a ValueError traceback."""
    path = tmp_path / "long.yaml"
    path.write_text("cards:\n  Tatooine: {hp: " + "1" * 100_000 + "}\n", encoding="utf-8")
    with pytest.raises(PackError, match="long.yaml: a value Dejarik cannot read"):
        read_yaml(path, PackError)
    code, out = run("play", "deckbuilding", "--override", str(path), "--agents", "random",
                    "--quiet")
    assert code != 0 and "a value Dejarik cannot read" in out


@pytest.mark.parametrize("game", ["pandemic", "tcg"])
def test_a_saved_task_holding_a_wrong_value_is_refused_while_loading(game: str) -> None:
    """Found by the fuzzer: a saved Pandemic position whose pending task held a name where its
    rule reads a number loaded, then raised TypeError when its options were asked for."""
    engine = get_game(game)
    state = engine.new_state(engine.normalize_config({}), 1)
    while not any(len(task) > 1 for task in state.tasks):   # a task with arguments
        state.apply(state.legal_actions()[-1])
    data = json.loads(json.dumps(state.to_json()))
    assert engine.state_from_json(data).state_hash() == state.state_hash()
    task = next(t["t"] for t in reversed(data["tasks"]) if len(t["t"]) > 1)
    task[1:] = ["?oops"] * len(task[1:])
    with pytest.raises(SaveError, match=f"a {game} position whose saved tasks cannot run"):
        engine.state_from_json(data)


def test_a_pandemic_phase_out_of_range_is_refused() -> None:
    """Found by the fuzzer: a phase of 2^63 loaded and broke the view's IndexError."""
    engine = get_game("pandemic")
    data = engine.new_state(engine.normalize_config({}), 1).to_json()
    data["phase"] = 2**63
    with pytest.raises(SaveError, match="no such phase or active seat"):
        engine.state_from_json(data)


@pytest.mark.parametrize("game", ["deckbuilding", "pandemic", "tcg"])
def test_a_saved_position_with_a_field_nobody_saves_is_refused(game: str) -> None:
    """Decided: a saved position holds only what Dejarik wrote, as a replay does; an added
    field is named, never ignored."""
    engine = get_game(game)
    data = engine.new_state(engine.normalize_config({}), 1).to_json()
    assert engine.state_from_json(data)
    with pytest.raises(SaveError, match="unknown field\\(s\\) note"):
        engine.state_from_json({**data, "note": "mine"})
    if game == "deckbuilding":
        data["players"][1]["mana"] = 3
        with pytest.raises(SaveError, match="unknown field\\(s\\) players\\[1\\].mana"):
            engine.state_from_json(data)


@pytest.mark.parametrize("game", ["deckbuilding", "pandemic", "tcg"])
def test_a_position_saved_by_another_engine_version_is_refused_by_name(game: str) -> None:
    """A position saved before the rules or the fields changed is named as such, not loaded
    into a game whose cards or fields read it differently."""
    engine = get_game(game)
    data = engine.new_state(engine.normalize_config({}), 1).to_json()
    with pytest.raises(SaveError, match=f"made by engine 'old-1'.*this is {engine.engine_version}"):
        engine.state_from_json({**data, "engine_version": "old-1"})


def sample_pandemic_pack() -> str:
    from importlib import resources

    return resources.files("dejarik.pandemic").joinpath("packs", "pandemic_sample.yaml").read_text(
        encoding="utf-8")


@pytest.mark.parametrize("old,new,problem", [
    ("  sources:\n    - \"Written for Dejarik; all names and texts are original.\"\n",
     "  sources: 7\n", "pack.sources: expected a list"),
    ("    counters:\n      fleet: {start: 0, min: 0, max: 3}\n", "    counters: 3\n",
     "counters: expected a mapping of counters, got 3"),
    ("threshold: {base: 4, plus: fleet}", "threshold: {base: 4, plus: {a: 1}}",
     "plus: {'a': 1} is not threat, invasion or a counter"),
    ("starting_hand: {2: 3, 3: 3, 4: 4, 5: 4}", "starting_hand: {3: 3, 4: 4, 5: 4}",
     "rules.starting_hand: needs a hand size for each number of players \\(2, 3, 4, 5\\)"),
])
def test_a_pandemic_pack_value_of_the_wrong_kind_is_named(tmp_path: Path, old: str, new: str,
                                                          problem: str) -> None:
    """Found by the fuzzer at 2,000 damaged files a kind (seed 5): each raised a TypeError,
    AttributeError or KeyError traceback from `cards check` or `play`."""
    text = sample_pandemic_pack()
    assert old in text
    path = tmp_path / "p.yaml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    code, out = run("cards", "check", str(path))
    assert code != 0 and "p.yaml" in out
    assert re.search(problem, out), out


def test_a_pack_reference_too_long_for_the_system_is_no_pack() -> None:
    """Found by the fuzzer: a scenario or replay naming a pack of thousands of characters raised
    OSError (file name too long) while the name was looked up."""
    from dejarik.deckbuilding.pack import load_pack

    with pytest.raises(PackError, match="no pack 'xxxxxxxx.*\\.\\.\\.: give a bundled pack id"):
        load_pack("x" * 5000)
    with pytest.raises(PackError, match="no pack"):
        load_pack("x" * 5000 + ".yaml")


def played_position(game: str, moves: int) -> dict[str, object]:
    engine = get_game(game)
    state = engine.new_state(engine.normalize_config({}), 1)
    for _ in range(moves):
        state.apply(state.legal_actions()[0])
    data: dict[str, object] = json.loads(json.dumps(state.to_json()))
    assert engine.state_from_json(data).state_hash() == state.state_hash()
    return data


def test_found_at_seed_6_are_refused_while_loading() -> None:
    """Found by the fuzzer at 2,000 damaged files a kind (seed 6): each loaded, then raised an
    IndexError a few moves later or while a view described the position."""
    pandemic, tcg = get_game("pandemic"), get_game("tcg")
    data = played_position("pandemic", 5)
    tasks = data["tasks"]
    assert isinstance(tasks, list) and tasks[0]["t"] == ["end_turn"]
    with pytest.raises(SaveError, match="saved tasks run out before the game ends"):
        pandemic.state_from_json({**data, "tasks": tasks[1:]})
    fig_pos = data["fig_pos"]
    assert isinstance(fig_pos, list)
    with pytest.raises(SaveError, match="the villain has 1 figures, not 2 positions"):
        pandemic.state_from_json({**data, "fig_pos": fig_pos * 2})
    data = played_position("tcg", 5)
    with pytest.raises(SaveError, match="lost_character: must hold one entry for each of the 2"):
        tcg.state_from_json({**data, "lost_character": [0]})


def test_a_difficulty_list_of_the_wrong_kind_is_named() -> None:
    """Found by the fuzzer (a replay's config, seed 6): a list inside the difficulty list raised
    `TypeError: unhashable type: 'list'`."""
    from dejarik.core.errors import ConfigError

    engine = get_game("pandemic")
    with pytest.raises(ConfigError, match="difficulty: a list of levels"):
        engine.new_state(engine.normalize_config({"difficulty": [["padawan"], "knight"]}), 1)


def test_found_at_seed_7_are_refused_by_name(tmp_path: Path) -> None:
    """Found by the fuzzer at 2,000 damaged files a kind (seed 7): a saved Pandemic position
    whose seat count disagreed with its config and a card-game position holding a huge build
    pool each ran out of memory while loading; a counter condition naming a list in a Pandemic
    pack and a run record whose config was a number each raised a TypeError or AttributeError."""
    from dejarik.tcg.saved import MAX_POOL

    pandemic, tcg = get_game("pandemic"), get_game("tcg")
    data = played_position("pandemic", 3)
    with pytest.raises(SaveError, match="field 'num_players': 1000000000000, but its config plays 2"):
        pandemic.state_from_json({**data, "num_players": 10**12})
    data = played_position("tcg", 3)
    assert tcg.state_from_json({**data, "bp": [MAX_POOL, 0]}), "the largest pool within the limit loads"
    with pytest.raises(SaveError, match=f"field 'bp': 1000000000000 is not a number from 0 to {MAX_POOL}"):
        tcg.state_from_json({**data, "bp": [10**12, 0]})
    with pytest.raises(SaveError, match="field 'force': -1 is not a number"):
        tcg.state_from_json({**data, "force": [-1, 0]})
    text = sample_pandemic_pack()
    old = "counter_at_least: {name: fleet, value: 3}"
    assert old in text
    path = tmp_path / "p.yaml"
    path.write_text(text.replace(old, "counter_at_least: {name: [fleet], value: 3}"), encoding="utf-8")
    code, out = run("cards", "check", str(path))
    assert code != 0 and "counter_at_least.name: expected" in out, out
    run_dir = tmp_path / "run"
    code, out = run("sim", "deckbuilding", "--games", "2", "--agents", "greedy", "--quiet",
                    "--out", str(run_dir))
    assert code == 0, out
    games = run_dir / "games.jsonl"
    first, *rest = games.read_text(encoding="utf-8").splitlines()
    games.write_text("\n".join([json.dumps({**json.loads(first), "config": 7}), *rest]) + "\n",
                     encoding="utf-8")
    code, out = run("report", str(run_dir))
    assert code == 2 and "'config' is int, not a mapping" in out, out


def test_found_at_seed_8_a_replay_seed_of_infinity_is_named(tmp_path: Path) -> None:
    """Found by the fuzzer at 2,000 damaged files a kind (seed 8): a replay whose seed was
    `Infinity` (which Python's JSON reader accepts) raised OverflowError."""
    path = tmp_path / "r.json"
    code, out = run("play", "tcg", "--agents", "random", "--quiet", "--seed", "1", "--save-replay",
                    str(path))
    assert code == 0, out
    text = path.read_text(encoding="utf-8")
    for bad in ("Infinity", "NaN", "1.5", "true", '"7"'):
        path.write_text(re.sub(r'"seed": \d+', f'"seed": {bad}', text), encoding="utf-8")
        code, out = run("replay", "verify", str(path))
        assert code != 0 and "'seed' must be a whole number, got" in out, out


def run_with_first_record(run_dir: Path, game: str, field: str, value: Any) -> Path:
    """A run of 3 greedy games whose first record's `field` is changed to `value`."""
    code, out = run("sim", game, "--games", "3", "--agents", "greedy", "--quiet", "--out",
                    str(run_dir))
    assert code == 0, out
    games = run_dir / "games.jsonl"
    first, *rest = games.read_text(encoding="utf-8").splitlines()
    games.write_text("\n".join([json.dumps({**json.loads(first), field: value}), *rest]) + "\n",
                     encoding="utf-8")
    return run_dir


def test_found_at_seed_10_run_records_out_of_range_are_named_and_long_names_cut(tmp_path: Path) -> None:
    """Found by the fuzzer at 2,000 damaged files a kind (seed 10), in the new drawn reports: a
    turn count of 2^64 made the deckbuilder's rounds table run until killed, a Pandemic track's
    last space of 10^30 broke the plot (TypeError), and a Jedi name of megabytes stalled it."""
    for game, field, value in (("deckbuilding", "turns", 2**64), ("pandemic", "invasion_last", 10**30),
                               ("tcg", "turns", -1)):
        code, out = run("report", str(run_with_first_record(tmp_path / game, game, field, value)))
        assert code == 2 and f"{field}: " in out and "is not a whole number from 0 to" in out, out
    run_dir = tmp_path / "names"
    code, out = run("sim", "pandemic", "--games", "2", "--agents", "greedy", "--quiet", "--out",
                    str(run_dir))
    games = run_dir / "games.jsonl"
    records = [json.loads(line) for line in games.read_text(encoding="utf-8").splitlines()]
    records[0]["jedi"] = ["Ilvara Denn" * 100_000, "Tavish Morrow"]
    games.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    code, out = run("report", str(run_dir))
    assert code == 0, out[-500:]
    assert "Ilvara DennIlvara" in (run_dir / "report.html").read_text(encoding="utf-8")


def test_found_at_seed_10_a_saved_attack_target_out_of_range_is_named() -> None:
    """Found by the fuzzer (seed 10): a saved deckbuilder position whose attack target was 2^31
    loaded, then failed with IndexError when a seat's view was built a few moves later."""
    engine = get_game("deckbuilding")
    data = played_position("deckbuilding", 40)
    for field, value in (("target", 2**31), ("committed", [999]), ("used", [-1])):
        with pytest.raises(SaveError, match=f"field '{field}': .* is not a card number"):
            engine.state_from_json({**data, field: value})


def test_found_at_seed_11_a_decision_awaited_with_no_ability_and_a_villain_without_figures(
        tmp_path: Path) -> None:
    """Found by the fuzzer (seed 11): a saved deckbuilder position saying a decision was awaited
    (`waiting`) with no ability resolving loaded, then failed (IndexError) when the legal actions
    were listed; a Pandemic pack whose villain had an empty list of figures passed the check and
    failed (IndexError) when a game was dealt with it."""
    engine = get_game("deckbuilding")
    data = played_position("deckbuilding", 40)
    assert not data["waiting"] and not data["stack"]
    with pytest.raises(SaveError, match="a decision is awaited, but no ability is resolving"):
        engine.state_from_json({**data, "waiting": True})
    frame = [10**6, 0, -1, 0, 0, 0, 0, 0, -1]
    with pytest.raises(SaveError, match=r"field 'stack\[0\]': step 0 of program 1000000 does not exist"):
        engine.state_from_json({**data, "stack": [frame], "waiting": True})
    text = sample_pandemic_pack()
    path = tmp_path / "p.yaml"
    pack = yaml.safe_load(text)
    pack["villains"][1]["figures"] = []
    path.write_text(yaml.safe_dump(pack, sort_keys=False), encoding="utf-8")
    code, out = run("cards", "check", str(path))
    assert code != 0 and "a villain has at least one figure on the board" in out, out
    code, out = run("play", "pandemic", "--pack", str(path), "--agents", "greedy", "--quiet")
    assert code != 0 and "a villain has at least one figure" in out and "Traceback" not in out, out


def test_found_at_seed_12_an_option_named_by_a_number_is_refused_by_name(tmp_path: Path) -> None:
    """Found by the fuzzer (seed 12): a scenario whose config named an option by a number
    (`3.5: master`) raised TypeError while the unknown names were sorted for the message."""
    for game in ("deckbuilding", "pandemic", "tcg"):
        with pytest.raises(ConfigError, match="an option's name must be text, not 3.5"):
            get_game(game).normalize_config({3.5: "master", "zz": 1})
    sample = Path(__file__).parents[1] / "src/dejarik/pandemic/scenario_sample.yaml"
    text = sample.read_text(encoding="utf-8")
    path = tmp_path / "s.yaml"
    path.write_text(text.replace("config: {players: 2, difficulty: master}",
                                 "config: {players: 2, 3.5: master}"), encoding="utf-8")
    code, out = run("scenario", "check", str(path))
    assert code != 0 and "an option's name must be text, not 3.5" in out and "Traceback" not in out, out


def test_found_at_seed_13_a_run_record_that_ended_no_known_way_is_named(tmp_path: Path) -> None:
    """Found by the fuzzer (seed 13): a card-game run record whose `end` was half a megabyte of
    text became a key of the length plot's legend, and drawing the report ran past 30 s. How a
    game ended is one of a few words; anything else is refused by name, in both games that key
    their reports by it."""
    for game, ended in (("tcg", "dark, light, draw"), ("pandemic", "win, loss, turn_limit")):
        run_dir = run_with_first_record(tmp_path / game, game, "end", "light" * 100_000)
        code, out = run("report", str(run_dir))
        assert code == 2 and "end: 'lightlight" in out and f"is not one of {ended}" in out, out


def test_found_at_seed_14_a_long_name_reaches_every_plot_cut(tmp_path: Path) -> None:
    """Found by the fuzzer (seed 14): a deckbuilder run record whose first faction's name was
    600,000 characters reached the Force plot's tick labels and the purchases plot's axis
    label uncut, and matplotlib took over a minute measuring it. Every text a plot draws is now
    cut to a line where the plot is written, whatever plot and game it is in; the page's
    tables still show the name."""
    name = "Empire" * 100_000
    run_dir = run_with_first_record(tmp_path / "run", "deckbuilding", "faction_names", [name, "Rebels"])
    code, out = run("report", str(run_dir))
    assert code == 0, out[-500:]
    page = (run_dir / "report.html").read_text(encoding="utf-8")
    plots = re.findall(r"<svg.*?</svg>", page, re.S)
    assert len(plots) >= 4 and "Empire" * 20 in page
    assert any("EmpireEmpire" in plot for plot in plots)           # the name is drawn, cut
    assert not any("Empire" * 20 in plot for plot in plots)
