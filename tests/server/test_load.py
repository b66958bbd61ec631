"""A bounded load test of `dejarik serve` (dejarik.benchmarks.server_load): bots on both seats of many
games at once, against the real server in a subprocess. Every act must be acknowledged without
an error, and every game must hold exactly the actions its bots were told were stored."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest
import sqlalchemy as sa
from click.testing import CliRunner

from dejarik.benchmarks import server_load as load_test
from dejarik.cli.main import main
from dejarik.server import db


@pytest.fixture(scope="module")
def server_load() -> ModuleType:
    return load_test


def test_many_bot_games_at_once_lose_nothing(server_load: ModuleType, tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'load.db'}"
    r = server_load.run_load(games=20, seconds=10, think=(0.0, 0.05), seed=1, db=url, drain=10)
    table = server_load.format_table(r)
    assert r["errors"] == 0, table
    assert r["error_codes"] == {} and r["unexpected_closes"] == 0 and r["unacked"] == 0, table
    assert r["actions"] >= 100, table   # about 2,000 on a 2-core machine; far fewer means trouble
    assert r["ack_ms"]["p50"] > 0 and r["state_ms"]["p50"] > 0, table
    per_game = r["per_game"]
    assert len(per_game) == r["games"] >= 20
    assert sum(g["acked"] for g in per_game) == r["actions"]
    # what the server reports (GET /api/games/{id}, loaded again from the database) ...
    assert [g["stored"] for g in per_game] == [g["acked"] for g in per_game], table
    # ... and what the database holds
    engine = sa.create_engine(url)
    with engine.connect() as conn:
        rows = conn.execute(sa.select(db.actions.c.game_id, sa.func.count(), sa.func.max(db.actions.c.idx))
                            .group_by(db.actions.c.game_id)).all()
    engine.dispose()
    stored = {game: (n, top) for game, n, top in rows}
    for g in per_game:
        n, top = stored.get(g["game"], (0, -1))
        assert n == g["acked"] and top == n - 1, g   # indices 0..n-1, none missing


def test_think_time_and_percentiles(server_load: ModuleType) -> None:
    assert server_load.parse_think("0.2-1.0") == (0.2, 1.0)
    assert server_load.parse_think("0") == (0.0, 0.0)
    for bad in ("fast", "1-0.5", "-1"):
        with pytest.raises(ValueError):
            server_load.parse_think(bad)
    values = [float(v) for v in range(1, 101)]
    assert [server_load.percentile(values, q) for q in (50, 90, 99, 100)] == [50, 90, 99, 100]
    assert server_load.percentile([], 50) == 0
    assert server_load.percentile([7.0], 99) == 7


def test_bench_server_command(tmp_path: Path) -> None:
    out = tmp_path / "load.json"
    res = CliRunner().invoke(main, ["bench", "server", "--games", "2", "--seconds", "2", "--think", "0",
                                    "--json", str(out)])
    assert res.exit_code == 0, res.output
    assert "actions acked" in res.output and "act -> ack" in res.output
    assert '"errors": 0' in out.read_text()
    res = CliRunner().invoke(main, ["bench", "server", "--think", "slow"])
    assert res.exit_code == 2 and "think time" in res.output
