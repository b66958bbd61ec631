"""Chunks of games as Ray tasks: on a cluster (`--address`), or a Ray started on this machine.

A task is a chunk, not a game, so each lasts long enough to be worth shipping. The records
are made by the same `play_chunk` as the local backend's, so they are byte for byte the same.
"""

from __future__ import annotations

from typing import Any

from dejarik.core.errors import ConfigError
from dejarik.sim.records import Chunk, play_chunk


class RayBackend:
    name = "ray"

    def __init__(self, address: str | None) -> None:
        try:
            import ray
        except ImportError as err:
            raise ConfigError("--backend ray needs Ray: pip install 'dejarik[ray]'") from err
        self.ray: Any = ray
        self.started_here = not ray.is_initialized()
        if self.started_here:
            try:
                ray.init(address=address, include_dashboard=False, log_to_driver=False,
                         configure_logging=False)
            except (ConnectionError, RuntimeError, ValueError) as err:
                where = f"the Ray cluster at {address}" if address else "a local Ray instance"
                raise ConfigError(f"cannot start or reach {where}: {err}") from err
        resources: dict[str, float] = self.ray.cluster_resources()
        self.workers = max(1, int(resources.get("CPU", 1)))
        self.task = ray.remote(play_chunk)

    def submit(self, spec: dict[str, Any], indices: list[int]) -> Any:
        return self.task.remote(spec, indices)

    def result(self, handle: Any) -> Chunk:
        try:
            chunk: Chunk = self.ray.get(handle)
            return chunk
        except self.ray.exceptions.RayError as err:
            raise ConfigError(f"a Ray task failed (the games written so far are kept; run the "
                              f"same command again to go on): {err}") from err

    def close(self) -> None:
        if self.started_here:
            self.ray.shutdown()
