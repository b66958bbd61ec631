"""The examples/ scripts that need nothing beyond the rl extra run end to end."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

pytest.importorskip("pyspiel", reason="the rl extra is not installed (pip install 'dejarik[rl]')")

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_openspiel_ismcts_plays_dejarik_ismcts(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location("match", EXAMPLES / "openspiel_ismcts_vs_dejarik.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out = tmp_path / "match.json"
    summary = module.main(["--games", "2", "--iterations", "4", "--turn-limit", "5", "--json", str(out)])
    assert summary["games"] == 2
    assert summary["dejarik_wins"] + summary["openspiel_wins"] + summary["draws"] == 2
    assert [r["openspiel_seat"] for r in summary["results"]] == [0, 1]
    assert json.loads(out.read_text())["games"] == 2
    assert "Dejarik ISMCTS won" in capsys.readouterr().out


def test_the_match_with_playouts_resumes_and_plays_each_deal_from_both_sides(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("match", EXAMPLES / "openspiel_ismcts_vs_dejarik.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out = tmp_path / "match.json"
    first = ["--iterations", "4", "--turn-limit", "4", "--leaf", "playout", "--ours",
             "root=halving:horizon=move", "--json", str(out)]
    module.main(["--games", "2", *first])
    summary = module.main(["--games", "3", *first])   # resumes: plays game 3 only
    assert [(r["game"], r["deal"], r["openspiel_seat"]) for r in summary["results"]] == \
        [(0, 0, 0), (1, 0, 1), (2, 1, 0)]
    assert (summary["leaf"], summary["ours"]) == ("playout", "root=halving:horizon=move")
    with pytest.raises(SystemExit, match="another iterations"):
        module.main(["--games", "3", "--iterations", "5", "--turn-limit", "4", "--leaf", "playout",
                     "--ours", "root=halving:horizon=move", "--json", str(out)])
