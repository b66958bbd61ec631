"""A simulation stopped with `kill` (SIGTERM) stops its workers too, says how to go on, and
resumes: before, its pool workers went on playing their chunks, orphaned, for minutes; and a
stop that landed while a worker was sending its chunk left the command waiting for ever."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path


def _children(pid: int) -> list[int]:
    """Every process whose parent is `pid` (Linux /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_a_killed_run_stops_its_workers_and_resumes(tmp_path: Path) -> None:
    if not Path("/proc").is_dir():
        import pytest

        pytest.skip("reads the process table from /proc (Linux)")
    out = tmp_path / "run"
    cmd = [sys.executable, "-m", "dejarik.cli.main", "sim", "pandemic", "--games", "100000",
           "--agents", "random", "-j", "2", "--chunk", "50", "--quiet", "--out", str(out)]
    for pause in (0.5, 1.3, 2.1):   # small chunks: some stops land while a worker sends one
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 60
        workers: list[int] = []
        while len(workers) < 2 and time.monotonic() < deadline:   # the pool is up and playing
            time.sleep(0.2)
            workers = [p for p in _children(proc.pid) if "spawn_main" in
                       Path(f"/proc/{p}/cmdline").read_text(errors="replace")]
        assert len(workers) == 2
        time.sleep(pause)
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=60)
        assert proc.returncode == 130 and "run the same command to go on" in err
        deadline = time.monotonic() + 15
        while any(_alive(p) for p in workers) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not any(_alive(p) for p in workers), "a worker went on after the run was stopped"
    spec = json.loads((out / "run.json").read_text(encoding="utf-8"))
    assert spec["game"] == "pandemic"
    resumed = subprocess.run([*cmd[:6], "40", *cmd[7:]], capture_output=True, text=True,
                             timeout=300, env={**os.environ})
    assert resumed.returncode == 0, resumed.stderr
    indices = [json.loads(line)["index"] for line in
               (out / "games.jsonl").read_text(encoding="utf-8").splitlines()]
    assert len(set(indices)) == len(indices) and set(range(40)) <= set(indices)
