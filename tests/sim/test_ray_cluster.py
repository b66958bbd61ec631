"""`dejarik sim --backend ray --address` through a real Ray cluster: a head node and a worker
node started as separate processes with `ray start` (both on this machine, on loopback, one
CPU each), and the records byte for byte those of a run on one machine.

The nodes run in a process group of their own, stopped at the end by signal (not by `ray
stop`, which would stop every Ray on the machine). The cluster takes a token of its own."""

from __future__ import annotations

import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from dejarik.core.runs import GAMES_FILE

pytest.importorskip("ray", reason="Ray is an optional extra: pip install 'dejarik[ray]'")
RAY = Path(sys.executable).with_name("ray")
DEJARIK = Path(sys.executable).with_name("dejarik")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _stop(node: subprocess.Popen[bytes]) -> None:
    for sig, wait in ((signal.SIGTERM, 5), (signal.SIGKILL, 10)):
        try:
            os.killpg(node.pid, sig)
        except ProcessLookupError:
            return
        try:
            node.wait(wait)
            return
        except subprocess.TimeoutExpired:
            continue


@pytest.fixture(scope="module")
def cluster() -> Iterator[tuple[str, dict[str, str]]]:
    """The address of a two-node cluster, and the environment that may reach it."""
    port = _free_port()
    address = f"127.0.0.1:{port}"
    env = dict(os.environ, RAY_USAGE_STATS_ENABLED="0", RAY_AUTH_MODE="token",
               RAY_AUTH_TOKEN=secrets.token_hex(32))
    temp = tempfile.mkdtemp(prefix="rayt-", dir="/tmp")   # Ray's socket paths must stay short
    nodes: list[subprocess.Popen[bytes]] = []
    try:
        for args in (["--head", f"--port={port}", f"--temp-dir={temp}", "--include-dashboard=false",
                      "--disable-usage-stats"], [f"--address={address}"]):
            nodes.append(subprocess.Popen([str(RAY), "start", "--block", "--num-cpus=1", *args],
                                          env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                          start_new_session=True))
            _wait_for_nodes(address, env, len(nodes))
        yield address, env
    finally:
        for node in reversed(nodes):
            _stop(node)
        shutil.rmtree(temp, ignore_errors=True)


def _wait_for_nodes(address: str, env: dict[str, str], count: int, timeout: float = 120) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        status = subprocess.run([str(RAY), "status", f"--address={address}"], env=env,
                                capture_output=True, text=True, timeout=60, check=False)
        if status.returncode == 0 and status.stdout.count(" node_") >= count:
            return
        time.sleep(1)
    raise AssertionError(f"the Ray cluster at {address} did not show {count} node(s) in {timeout} s")


def _sim(out: Path, env: dict[str, str], *extra: str) -> str:
    done = subprocess.run([str(DEJARIK), "sim", "deckbuilding", "--games", "16", "--agents", "greedy",
                           "--seed", "3", "--out", str(out), "--quiet", *extra], env=env,
                          capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def test_a_two_node_cluster_plays_the_same_games_byte_for_byte(
        cluster: tuple[str, dict[str, str]], tmp_path: Path) -> None:
    address, env = cluster
    here = _sim(tmp_path / "local", env)
    there = _sim(tmp_path / "ray", env, "--backend", "ray", "--address", address, "--chunk", "4")
    assert "local" in here
    assert "ray, 2 workers" in there   # one CPU on each node: both nodes were offered the chunks
    assert (tmp_path / "ray" / GAMES_FILE).read_bytes() == (tmp_path / "local" / GAMES_FILE).read_bytes()


def test_a_wrong_token_is_refused_with_a_clear_error(cluster: tuple[str, dict[str, str]],
                                                     tmp_path: Path) -> None:
    address, env = cluster
    done = subprocess.run([str(DEJARIK), "sim", "deckbuilding", "--games", "2", "--out", str(tmp_path / "r"),
                           "--backend", "ray", "--address", address, "--quiet"],
                          env={**env, "RAY_AUTH_TOKEN": secrets.token_hex(32)}, capture_output=True,
                          text=True, timeout=300, check=False)
    assert done.returncode != 0
    assert f"cannot start or reach the Ray cluster at {address}" in done.stdout + done.stderr
    assert not (tmp_path / "r" / GAMES_FILE).exists() or not (tmp_path / "r" / GAMES_FILE).read_text()
