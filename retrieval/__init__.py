"""Retrieval: loading documentation, chunking, embeddings and the searchable index."""

from .embeddings import Embedder, OpenAIEmbedder, WordLlamaEmbedder
from .errors import (
    DocumentNotFound,
    EmbedderMismatch,
    EmbeddingError,
    EmptyQuery,
    IndexMissing,
    IndexUnreadable,
    PathNotFound,
    RetrievalError,
    SkippedFile,
)
from .fusion import relative_score_fusion
from .index import DEFAULT_ALPHA, Index
from .ingest import ingest
from .models import Chunk, Document, DocumentChunks, IndexStats, IngestSummary, SearchHit
from .sqlite_index import EmbeddedIndex
from .vocabulary import CLOUDS, Csp

__all__ = [
    "CLOUDS", "Chunk", "Csp", "DEFAULT_ALPHA", "Document", "DocumentChunks", "DocumentNotFound",
    "EmbeddedIndex", "Embedder", "EmbedderMismatch", "EmbeddingError", "EmptyQuery", "Index",
    "IndexMissing", "IndexUnreadable", "IndexStats", "IngestSummary", "OpenAIEmbedder", "PathNotFound",
    "RetrievalError", "SearchHit", "SkippedFile", "WordLlamaEmbedder", "ingest",
    "relative_score_fusion",
]
