"""An in-memory copy of the embedded index's vectors for brute-force cosine search."""

from __future__ import annotations

import sqlite3

import numpy as np


class VectorMatrix:
    """Stored vectors as one matrix, reloaded only when the database changed."""

    def __init__(self) -> None:
        self._ids: list[str] = []
        self._by_rowid: dict[int, str] = {}
        self._csps = np.array([], dtype=object)
        self._matrix = np.zeros((0, 0), dtype=np.float32)
        self._version: int | None = None

    def invalidate(self) -> None:
        """Forget the cached matrix (after this connection wrote)."""
        self._version = None

    def refresh(self, conn: sqlite3.Connection) -> None:
        """Reload if this or another connection committed since the last load."""
        # data_version moves when *another* connection commits; our own writes call invalidate().
        version = conn.execute("PRAGMA data_version").fetchone()[0]
        if version == self._version:
            return
        rows = conn.execute("SELECT rowid, id, csp, vector FROM chunks ORDER BY rowid").fetchall()
        self._ids = [row[1] for row in rows]
        self._by_rowid = {row[0]: row[1] for row in rows}
        self._csps = np.array([row[2] for row in rows], dtype=object)
        self._matrix = (
            np.vstack([np.frombuffer(row[3], dtype=np.float32) for row in rows])
            if rows else np.zeros((0, 0), dtype=np.float32)
        )
        self._version = version

    def chunk_id(self, rowid: int) -> str:
        """The chunk id stored at a rowid (as of the last refresh)."""
        return self._by_rowid[rowid]

    def nearest(self, query: np.ndarray, allowed: tuple[str, ...] | None, limit: int) -> dict[str, float]:
        """Cosine similarity of the best `limit` vectors (rows and query are unit length)."""
        if not self._ids:
            return {}
        scores = self._matrix @ query.astype(np.float32)
        if allowed:
            scores = np.where(np.isin(self._csps, allowed), scores, -np.inf)
        limit = min(limit, len(scores))
        top = np.argpartition(-scores, limit - 1)[:limit]
        return {self._ids[i]: float(scores[i]) for i in top if np.isfinite(scores[i])}
