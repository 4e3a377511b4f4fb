"""Retrieval: loading documentation, chunking, embeddings and the searchable index.

The public names below are imported on first use (PEP 562), so that `import retrieval`
(or its error classes) does not pull in numpy, the index or an embedder for a command
that never searches.
"""

from __future__ import annotations

from common import lazy_exports

_HOMES = {
    "chunk_document": "documents.chunking",
    "load_file": "documents.loaders",
    "Embedder": "embedding.embedders", "OpenAIEmbedder": "embedding.embedders",
    "WordLlamaEmbedder": "embedding.embedders",
    "MiniLMEmbedder": "embedding.minilm",
    "DocumentNotFound": "errors", "EmbedderMismatch": "errors", "EmbeddingError": "errors", "EmptyQuery": "errors",
    "IndexMissing": "errors", "IndexUnreadable": "errors", "PathNotFound": "errors", "RetrievalError": "errors",
    "SkippedFile": "errors",
    "relative_score_fusion": "fusion",
    "DEFAULT_ALPHA": "index", "Index": "index",
    "ingest": "ingest",
    "Chunk": "models", "Document": "models", "DocumentChunks": "models", "IndexStats": "models",
    "IngestSummary": "models", "SearchHit": "models",
    "EmbeddedIndex": "sqlite_index",
    "content_terms": "text", "first_title": "markdown", "heading": "markdown",
    "markdown_lines": "markdown", "MarkdownLine": "markdown", "normalize_ws": "text", "STOPWORDS": "text", "words": "text",
    "cloud_pattern": "vocabulary", "CLOUD_WORDS": "vocabulary", "CLOUDS": "vocabulary",
    "clouds_mentioned": "vocabulary", "Csp": "vocabulary", "short_cloud_names": "vocabulary",
    "connect": "weaviate_index", "WeaviateIndex": "weaviate_index",
}

__all__ = sorted(_HOMES)


__getattr__ = lazy_exports(__name__, _HOMES)
