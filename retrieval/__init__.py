"""Retrieval: loading documentation, chunking, embeddings and the searchable index.

The public names below are imported on first use (PEP 562), so that `import retrieval`
(or its error classes) does not pull in numpy, the index or an embedder for a command
that never searches.
"""

from __future__ import annotations

from common.lazy import lazy_exports

_HOMES = {
    "Embedder": "embedding.embedders", "OpenAIEmbedder": "embedding.embedders",
    "WordLlamaEmbedder": "embedding.embedders",
    "DocumentNotFound": "errors", "EmbedderMismatch": "errors", "EmbeddingError": "errors", "EmptyQuery": "errors",
    "IndexMissing": "errors", "IndexUnreadable": "errors", "PathNotFound": "errors", "RetrievalError": "errors",
    "SkippedFile": "errors",
    "relative_score_fusion": "fusion",
    "DEFAULT_ALPHA": "index", "Index": "index",
    "ingest": "ingest",
    "Chunk": "models", "Document": "models", "DocumentChunks": "models", "IndexStats": "models",
    "IngestSummary": "models", "SearchHit": "models",
    "EmbeddedIndex": "sqlite_index",
    "CLOUDS": "vocabulary", "Csp": "vocabulary",
}

__all__ = sorted(_HOMES)


__getattr__ = lazy_exports(__name__, _HOMES)
