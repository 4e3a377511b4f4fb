"""The index protocol both backends (embedded SQLite, Weaviate) implement."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from .embedding.embedders import Embedder
from .models import Document, DocumentChunks, IndexStats, ManifestEntry, SearchHit
from .vocabulary import Csp

Progress = Callable[[int, int], None]
"""Called with (done, total) as chunks are embedded and written."""

DEFAULT_ALPHA = 0.5


class Index(Protocol):
    """A searchable store of chunks with their source documents."""

    embedder_name: str
    embedder: Embedder
    """The model that embeds queries; the agents reuse it to compare passages and claims."""

    async def manifest(self) -> dict[str, ManifestEntry]:
        """What each stored document was ingested from, for idempotent re-ingest."""
        ...

    async def add(
        self, items: Sequence[DocumentChunks], progress: Progress | None = None, *, replace_all: bool = False
    ) -> int:
        """Make the index hold exactly these chunks for these documents; return chunks embedded.

        Chunks already stored (same id) are kept without re-embedding; a document's
        other stored chunks are removed. With replace_all every other document goes too.
        """
        ...

    async def delete(self, source_paths: Sequence[str]) -> int:
        """Remove documents and their chunks; return the number of chunks removed."""
        ...

    async def search(
        self,
        query: str,
        *,
        k: int = 5,
        csp: Csp | None = None,
        alpha: float = DEFAULT_ALPHA,
        min_score: float = 0.0,
    ) -> list[SearchHit]:
        """Hybrid search. A cloud filter also admits General documents."""
        ...

    async def read_document(self, source_path: str) -> Document:
        """The whole stored document (for quote checks and evidence)."""
        ...

    async def stats(self) -> IndexStats:
        """Counts and the embedder the index was built with."""
        ...

    async def close(self) -> None:
        """Release connections, the embedder's too."""
        ...

    async def drop(self) -> None:
        """Delete everything this index holds, for good (temporary indexes)."""
        ...


def csp_filter(csp: Csp | None) -> tuple[str, ...] | None:
    """The CSP values a filtered search admits: the cloud and General documents."""
    if csp is None or csp == "General":
        return None
    return (csp, "General")
