"""A real PostgreSQL server for the tests: a cluster made with `initdb` in a temporary folder,
started with `pg_ctl` on a free loopback port, stopped at the end of the session.

`initdb` refuses to run as root; as root the cluster belongs to the `postgres` user that
Debian's package creates. Without the binaries the tests that need the server skip (fail
with RFPBOT_REQUIRE_POSTGRES=1, as CI sets it).
"""

from __future__ import annotations

import glob
import itertools
import os
import shutil
import socket
import subprocess
from pathlib import Path

_names = itertools.count(1)


class PostgresUnavailable(RuntimeError):
    """No PostgreSQL binaries, or the cluster would not start."""


def binaries() -> Path:
    """The folder holding initdb and pg_ctl (PATH first, then Debian's versioned folders)."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(found).resolve().parent
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if (Path(folder) / "initdb").exists():
            return Path(folder)
    raise PostgresUnavailable("initdb not found (Debian: apt-get install postgresql)")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class PostgresServer:
    """One running cluster; `database()` makes a fresh, empty database and returns its URL."""

    def __init__(self, folder: Path, port: int, bin_dir: Path, as_user: list[str]) -> None:
        self.folder = folder
        self.port = port
        self.bin_dir = bin_dir
        self.as_user = as_user

    @classmethod
    def start(cls, folder: Path) -> PostgresServer:
        bin_dir = binaries()
        as_user: list[str] = []
        if os.geteuid() == 0:
            if shutil.which("runuser") is None:
                raise PostgresUnavailable("running as root without runuser to start PostgreSQL as another user")
            try:
                shutil.chown(folder, "postgres", "postgres")
            except (LookupError, PermissionError) as exc:
                raise PostgresUnavailable(f"running as root and no 'postgres' user to own the cluster: {exc}") from exc
            as_user = ["runuser", "-u", "postgres", "--"]
        server = cls(folder, _free_port(), bin_dir, as_user)
        server._run("initdb", "-D", str(folder / "data"), "-U", "rfpbot", "--auth=trust", "-E", "UTF8", "--no-sync")
        options = (f"-p {server.port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off "
                   "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200")
        server._run("pg_ctl", "-D", str(folder / "data"), "-o", options, "-l", str(folder / "server.log"), "-w", "start")
        return server

    def _run(self, program: str, *args: str) -> None:
        done = subprocess.run([*self.as_user, str(self.bin_dir / program), *args], capture_output=True, text=True,
                              timeout=120)
        if done.returncode:
            log = self.folder / "server.log"
            tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            raise PostgresUnavailable(f"{program} failed: {done.stderr.strip() or done.stdout.strip()} {tail}")

    @property
    def admin_url(self) -> str:
        return f"postgresql://rfpbot@127.0.0.1:{self.port}/postgres"

    def database(self) -> str:
        """A new empty database on the server; its URL."""
        import psycopg

        name = f"t{os.getpid()}_{next(_names)}"
        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return f"postgresql://rfpbot@127.0.0.1:{self.port}/{name}"

    def stop(self) -> None:
        self._run("pg_ctl", "-D", str(self.folder / "data"), "-m", "immediate", "stop")
