"""A real Weaviate server for the tests and benchmarks, on loopback with free ports.

The binary comes from PATH, from a per-user cache, or is built once into that cache
with the Go toolchain. `WEAVIATE_URL` set means: use that server instead.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from tests.fakes.server import free_ports
from tests.server_process import stop_process, wait_ready

ROOT = Path(__file__).resolve().parent.parent
BINARY = "weaviate-server"
MODULE = "github.com/weaviate/weaviate/cmd/weaviate-server"


class WeaviateUnavailable(RuntimeError):
    """No server binary can be found or built here; the message says why."""


def pinned_version() -> str:
    """The version pinned in compose.env."""
    for line in (ROOT / "compose.env").read_text().splitlines():
        if line.startswith("WEAVIATE_VERSION="):
            return line.split("=", 1)[1].strip()
    raise WeaviateUnavailable("compose.env does not pin WEAVIATE_VERSION")


def cache_dir() -> Path:
    """Where a built binary is kept between runs."""
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "rfpbot" / f"weaviate-v{pinned_version()}"


def find_or_build() -> tuple[Path, float | None]:
    """(binary, seconds spent building it or None when it was found)."""
    on_path = shutil.which(BINARY)
    if on_path:
        return Path(on_path), None
    cached = cache_dir() / BINARY
    if cached.exists():
        return cached, None
    go = shutil.which("go")
    if not go:
        raise WeaviateUnavailable(f"no {BINARY} on PATH or in {cache_dir()}, and no Go toolchain to build it")
    cache_dir().mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    env = {**os.environ, "CGO_ENABLED": "0", "GOBIN": str(cache_dir())}
    result = subprocess.run([go, "install", f"{MODULE}@v{pinned_version()}"], env=env, capture_output=True,
                            text=True, timeout=3600)
    if result.returncode != 0 or not cached.exists():
        raise WeaviateUnavailable(f"building {MODULE}@v{pinned_version()} failed: {result.stderr[-2000:]}")
    return cached, time.monotonic() - started


@dataclass
class WeaviateServer:
    """A running weaviate-server; stop() sends SIGTERM."""

    http_port: int
    grpc_port: int
    process: subprocess.Popen | None = None
    log: object = None
    ports: list[int] | None = None

    @property
    def url(self) -> str:
        """The REST URL, as WEAVIATE_URL would give it."""
        return f"http://127.0.0.1:{self.http_port}"

    @classmethod
    def start(cls, data_dir: Path, binary: Path, timeout: float = 120,
              ports: list[int] | None = None) -> "WeaviateServer":
        """Start on free loopback ports (or `ports`, to restart on the same data); wait until ready.

        Ports found free can be taken by another process before the server binds them (two test
        workers start servers at once): then it starts again on other free ports, twice at most."""
        for attempt in range(3):
            try:
                return cls._start_on(data_dir, binary, timeout, ports or free_ports(7))
            except WeaviateUnavailable as exc:
                if ports or attempt == 2 or "address already in use" not in str(exc):
                    raise
        raise AssertionError("unreachable")

    @classmethod
    def _start_on(cls, data_dir: Path, binary: Path, timeout: float, ports: list[int]) -> "WeaviateServer":
        http, grpc, gossip, data, raft, raft_rpc, profiling = ports
        env = {
            **os.environ,
            "PERSISTENCE_DATA_PATH": str(data_dir), "AUTHENTICATION_ANONYMOUS_ACCESS_ENABLED": "true",
            "DEFAULT_VECTORIZER_MODULE": "none", "ENABLE_MODULES": "", "DISABLE_TELEMETRY": "true",
            "CLUSTER_HOSTNAME": "node1", "CLUSTER_GOSSIP_BIND_PORT": str(gossip), "CLUSTER_DATA_BIND_PORT": str(data),
            "CLUSTER_BIND_ADDR": "127.0.0.1", "CLUSTER_ADVERTISE_ADDR": "127.0.0.1",
            "RAFT_PORT": str(raft), "RAFT_INTERNAL_RPC_PORT": str(raft_rpc), "RAFT_JOIN": "node1",
            "RAFT_BOOTSTRAP_EXPECT": "1", "GRPC_PORT": str(grpc), "LOG_LEVEL": "warning",
            "QUERY_DEFAULTS_LIMIT": "25", "PROMETHEUS_MONITORING_ENABLED": "false",
            "GO_PROFILING_PORT": str(profiling),  # not the fixed 6060 that two servers would share
        }
        log = open(data_dir / "weaviate.log", "a")
        process = subprocess.Popen([str(binary), "--host", "127.0.0.1", "--port", str(http), "--scheme", "http"],
                                   env=env, stdout=log, stderr=subprocess.STDOUT)
        server = cls(http, grpc, process, log, ports)
        server._wait_ready(timeout, data_dir / "weaviate.log")
        return server

    def _wait_ready(self, timeout: float, log: Path) -> None:
        try:
            wait_ready(self.process, f"{self.url}/v1/.well-known/ready", timeout, log, "weaviate-server",
                       WeaviateUnavailable)
        except WeaviateUnavailable:
            self.stop()
            raise

    def stop(self) -> None:
        """SIGTERM, then wait (SIGKILL after 30 s)."""
        stop_process(self.process, self.log)
