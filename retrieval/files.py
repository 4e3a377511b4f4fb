"""Files only their owner can read: the index and the database hold customers' questions
and internal documentation."""

from __future__ import annotations

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
