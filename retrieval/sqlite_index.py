"""The embedded index: SQLite FTS5 BM25 plus cosine over stored vectors, fused.

One file, no server. The connection is used from worker threads (never the event
loop) under a lock; the vector matrix is cached in memory and reloaded when this
or another process has committed a change.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

import numpy as np

from common import private_file

from .embedding.embedders import Embedder
from .errors import DocumentNotFound, EmbedderMismatch, EmptyQuery, IndexMissing, IndexUnreadable, RetrievalError
from .fusion import relative_score_fusion
from .index import DEFAULT_ALPHA, Progress, csp_filter
from .models import Chunk, Document, DocumentChunks, IndexStats, ManifestEntry, SearchHit
from .text import content_terms
from .vectors import VectorMatrix
from .vocabulary import Csp

T = TypeVar("T")
SCHEMA_VERSION = "1"
EMBED_BATCH = 512
_CANDIDATES = 50

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS documents (
    source_path TEXT PRIMARY KEY, root TEXT NOT NULL, title TEXT NOT NULL, url TEXT,
    csp TEXT NOT NULL, text TEXT NOT NULL, hash TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS chunks (
    rowid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, source_path TEXT NOT NULL,
    position INTEGER NOT NULL, title TEXT NOT NULL, url TEXT, csp TEXT NOT NULL,
    heading_path TEXT NOT NULL, text TEXT NOT NULL, hash TEXT NOT NULL, vector BLOB NOT NULL);
CREATE INDEX IF NOT EXISTS chunks_source ON chunks(source_path);
CREATE VIRTUAL TABLE IF NOT EXISTS chunks_fts USING fts5(body, tokenize='porter unicode61');
"""
_HIT_COLUMNS = "id, source_path, title, url, csp, heading_path, text"


class EmbeddedIndex:
    """The default index backend (see the Index protocol)."""

    def __init__(self, path: Path, embedder: Embedder, *, create: bool = True, rebuild: bool = False):
        path = Path(path)
        if not create and not path.exists():
            raise IndexMissing(path)
        if path.is_dir():
            raise IndexUnreadable(path, "it is a folder")
        self.path = private_file(path)
        self.embedder_name = embedder.name
        self._embedder = self.embedder = embedder
        self._lock = threading.Lock()
        self._conn = sqlite3.connect(path, check_same_thread=False, timeout=30)
        try:
            self._conn.execute("PRAGMA journal_mode=WAL")
            self._conn.execute("PRAGMA synchronous=NORMAL")
            self._conn.executescript(_SCHEMA)
        except sqlite3.DatabaseError as exc:
            self._conn.close()
            raise IndexUnreadable(path, str(exc)) from exc
        self._vectors = VectorMatrix()
        self._check_embedder(allow_other=rebuild)

    def _check_embedder(self, allow_other: bool) -> None:
        built_with = self._meta("embedder")
        if built_with and built_with != self.embedder_name and not allow_other:
            self._conn.close()
            raise EmbedderMismatch(str(self.path), built_with, self.embedder_name)

    def _meta(self, key: str) -> str | None:
        row = self._conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    async def _run(self, fn: Callable[..., T], *args) -> T:
        def locked() -> T:
            with self._lock:
                return fn(*args)

        return await asyncio.to_thread(locked)

    # -- writing -------------------------------------------------------------------

    async def manifest(self) -> dict[str, ManifestEntry]:
        return await self._run(self._manifest)

    def _manifest(self) -> dict[str, ManifestEntry]:
        rows = self._conn.execute(
            "SELECT d.source_path, d.root, d.hash, c.id FROM documents d "
            "LEFT JOIN chunks c ON c.source_path = d.source_path"
        )
        out: dict[str, ManifestEntry] = {}
        for source_path, root, digest, chunk in rows:
            entry = out.setdefault(source_path, ManifestEntry(root=root, hash=digest, chunk_ids=set()))
            if chunk:
                entry.chunk_ids.add(chunk)
        return out

    async def add(
        self, items: Sequence[DocumentChunks], progress: Progress | None = None, *, replace_all: bool = False
    ) -> int:
        stored = set() if replace_all else await self._run(self._stored_ids)
        fresh = [c for item in items for c in item.chunks if c.id not in stored]
        vectors = await self._embed(fresh, progress)
        await self._run(self._write, items, fresh, vectors, replace_all)
        return len(fresh)

    def _stored_ids(self) -> set[str]:
        return {row[0] for row in self._conn.execute("SELECT id FROM chunks")}

    async def _embed(self, chunks: list[Chunk], progress: Progress | None) -> np.ndarray:
        parts = []
        for start in range(0, len(chunks), EMBED_BATCH):
            batch = chunks[start : start + EMBED_BATCH]
            parts.append(await self._embedder.embed([c.search_text() for c in batch]))
            if progress:
                progress(start + len(batch), len(chunks))
        return np.vstack(parts) if parts else np.zeros((0, 0), dtype=np.float32)

    def _write(self, items: Sequence[DocumentChunks], fresh: list[Chunk], vectors: np.ndarray, replace_all: bool):
        fresh_vectors = {c.id: vectors[i] for i, c in enumerate(fresh)}
        with self._conn:
            if replace_all:
                for table in ("documents", "chunks", "chunks_fts", "meta"):
                    self._conn.execute(f"DELETE FROM {table}")
            self._record_embedder(vectors)
            for item in items:
                self._write_document(item, fresh_vectors)
        self._vectors.invalidate()

    def _record_embedder(self, vectors: np.ndarray) -> None:
        self._conn.execute("INSERT OR REPLACE INTO meta VALUES ('embedder', ?)", (self.embedder_name,))
        self._conn.execute("INSERT OR REPLACE INTO meta VALUES ('schema_version', ?)", (SCHEMA_VERSION,))
        if vectors.size:
            dim = self._meta("dimension")
            if dim and int(dim) != vectors.shape[1]:
                raise EmbedderMismatch(str(self.path), f"{self.embedder_name} ({dim} dims)",
                                       f"{self.embedder_name} ({vectors.shape[1]} dims)")
            self._conn.execute("INSERT OR REPLACE INTO meta VALUES ('dimension', ?)", (str(vectors.shape[1]),))

    def _write_document(self, item: DocumentChunks, fresh_vectors: dict[str, np.ndarray]) -> None:
        doc = item.document
        self._conn.execute(
            "INSERT OR REPLACE INTO documents VALUES (?, ?, ?, ?, ?, ?, ?)",
            (doc.source_path, doc.root, doc.title, doc.url, doc.csp, doc.text, doc.hash),
        )
        keep = {c.id for c in item.chunks}
        stale = [row for row in self._conn.execute(
            "SELECT rowid, id FROM chunks WHERE source_path = ?", (doc.source_path,)) if row[1] not in keep]
        self._delete_rowids([rowid for rowid, _ in stale])
        for chunk in item.chunks:
            if chunk.id in fresh_vectors:
                self._insert_chunk(chunk, fresh_vectors[chunk.id])
            else:
                self._conn.execute("UPDATE chunks SET position = ? WHERE id = ?", (chunk.position, chunk.id))

    def _insert_chunk(self, chunk: Chunk, vector: np.ndarray) -> None:
        # OR IGNORE: another process ingesting the same documents may have written this chunk first.
        cursor = self._conn.execute(
            "INSERT OR IGNORE INTO chunks (id, source_path, position, title, url, csp, heading_path, text, hash, vector) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (chunk.id, chunk.source_path, chunk.position, chunk.title, chunk.url, chunk.csp,
             json.dumps(chunk.heading_path), chunk.text, chunk.hash, vector.astype(np.float32).tobytes()),
        )
        if cursor.rowcount == 1:
            self._conn.execute("INSERT INTO chunks_fts (rowid, body) VALUES (?, ?)",
                               (cursor.lastrowid, chunk.search_text()))

    def _delete_rowids(self, rowids: list[int]) -> None:
        self._conn.executemany("DELETE FROM chunks WHERE rowid = ?", [(r,) for r in rowids])
        self._conn.executemany("DELETE FROM chunks_fts WHERE rowid = ?", [(r,) for r in rowids])

    async def delete(self, source_paths: Sequence[str]) -> int:
        return await self._run(self._delete_documents, list(source_paths))

    def _delete_documents(self, source_paths: list[str]) -> int:
        removed = 0
        with self._conn:
            for source_path in source_paths:
                rowids = [r[0] for r in self._conn.execute(
                    "SELECT rowid FROM chunks WHERE source_path = ?", (source_path,))]
                self._delete_rowids(rowids)
                self._conn.execute("DELETE FROM documents WHERE source_path = ?", (source_path,))
                removed += len(rowids)
        self._vectors.invalidate()
        return removed

    # -- reading -------------------------------------------------------------------

    async def search(
        self, query: str, *, k: int = 5, csp: Csp | None = None,
        alpha: float = DEFAULT_ALPHA, min_score: float = 0.0,
    ) -> list[SearchHit]:
        if not query.strip():
            raise EmptyQuery()
        if not 0.0 <= alpha <= 1.0:
            raise RetrievalError(f"alpha must be between 0 and 1, not {alpha}")
        query_vector = (await self._embedder.embed([query]))[0] if alpha > 0 else None
        return await self._run(self._search, query, query_vector, k, csp, alpha, min_score)

    def _search(self, query, query_vector, k, csp, alpha, min_score) -> list[SearchHit]:
        allowed = csp_filter(csp)
        pool = max(_CANDIDATES, 4 * k)
        self._vectors.refresh(self._conn)
        keyword = self._bm25(query, allowed, pool) if alpha < 1 else {}
        vector = self._vectors.nearest(query_vector, allowed, pool) if query_vector is not None else {}
        fused = relative_score_fusion(keyword, vector, alpha)
        ranked = [(cid, s) for cid, s in fused.items() if s >= min_score][:k]
        rows = self._rows([cid for cid, _ in ranked])
        return [_hit(rows[cid], score, keyword.get(cid), vector.get(cid)) for cid, score in ranked]

    def _bm25(self, query: str, allowed: tuple[str, ...] | None, limit: int) -> dict[str, float]:
        # Bare terms OR-ed: no user text reaches FTS5's query syntax. Without a
        # filter the FTS table is queried alone, which is much faster than the join.
        terms = content_terms(query.replace("-", " "))
        if not terms:
            return {}
        params: list = [" OR ".join(terms)]
        if allowed:
            sql = ("SELECT f.rowid, -bm25(chunks_fts) FROM chunks_fts f JOIN chunks c ON c.rowid = f.rowid "
                   f"WHERE chunks_fts MATCH ? AND c.csp IN ({','.join('?' * len(allowed))}) "
                   "ORDER BY bm25(chunks_fts) LIMIT ?")
            params.extend(allowed)
        else:
            sql = "SELECT rowid, -bm25(chunks_fts) FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY bm25(chunks_fts) LIMIT ?"
        rows = self._conn.execute(sql, [*params, limit])
        return {self._vectors.chunk_id(rowid): float(score) for rowid, score in rows}

    def _rows(self, ids: list[str]) -> dict[str, tuple]:
        if not ids:
            return {}
        marks = ",".join("?" * len(ids))
        rows = self._conn.execute(f"SELECT {_HIT_COLUMNS} FROM chunks WHERE id IN ({marks})", ids)
        return {row[0]: row for row in rows}

    async def read_document(self, source_path: str) -> Document:
        row = await self._run(lambda: self._conn.execute(
            "SELECT source_path, root, title, url, csp, text, hash FROM documents WHERE source_path = ?",
            (source_path,)).fetchone())
        if row is None:
            raise DocumentNotFound(source_path)
        keys = ("source_path", "root", "title", "url", "csp", "text", "hash")
        return Document(**dict(zip(keys, row)))

    async def stats(self) -> IndexStats:
        return await self._run(self._stats)

    def _stats(self) -> IndexStats:
        documents = self._conn.execute("SELECT count(*) FROM documents").fetchone()[0]
        by_csp = dict(self._conn.execute("SELECT csp, count(*) FROM chunks GROUP BY csp").fetchall())
        return IndexStats(backend="embedded", location=str(self.path), embedder=self._meta("embedder"),
                          documents=documents, chunks=sum(by_csp.values()), by_csp=by_csp)

    async def close(self) -> None:
        await self._run(self._conn.close)
        await self.embedder.aclose()

    async def drop(self) -> None:
        await self.close()
        for suffix in ("", "-wal", "-shm"):
            Path(f"{self.path}{suffix}").unlink(missing_ok=True)


def _hit(row: tuple, score: float, keyword: float | None, vector: float | None) -> SearchHit:
    chunk_id, source_path, title, url, csp, heading_path, text = row
    return SearchHit(chunk_id=chunk_id, source_path=source_path, title=title, url=url, csp=csp,
                     heading_path=json.loads(heading_path), text=text, score=round(score, 6),
                     keyword_score=keyword, vector_score=vector)
