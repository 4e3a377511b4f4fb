"""Files: only their owner can read the index and the database (they hold customers'
questions and internal documentation); where installed packages keep their model files."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path


def private_file(path: Path) -> Path:
    """Create `path` (and missing parent folders) readable by its owner only; tighten it if it exists.

    SQLite creates the -wal and -shm files with the database file's mode, so they follow.
    """
    if not path.parent.exists():
        path.parent.mkdir(parents=True, mode=0o700)
    fd = os.open(path, os.O_CREAT | os.O_RDWR, 0o600)
    os.close(fd)
    for companion in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        if companion.exists() and companion.stat().st_mode & 0o077:
            companion.chmod(0o600)
    return path


def installed_package(package: str) -> Path | None:
    """The folder of an installed package, found without importing it (model packages' imports
    are slow or print); None when it is not installed."""
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))
