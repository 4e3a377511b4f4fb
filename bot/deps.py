"""Building the collaborators (embedder, index) that commands and the app pass around."""

from __future__ import annotations

from pathlib import Path

from retrieval import EmbeddedIndex, Embedder, Index, OpenAIEmbedder, WordLlamaEmbedder

from .errors import ConfigError
from .settings import Settings


def make_openai_client(settings: Settings):
    """The AsyncOpenAI client for the configured endpoint."""
    from openai import AsyncOpenAI

    if not settings.openai_api_key:
        raise ConfigError("OPENAI_API_KEY is not set; it is needed for the OpenAI engine or embeddings")
    return AsyncOpenAI(api_key=settings.openai_api_key, base_url=settings.openai_base_url)


def make_embedder(settings: Settings) -> Embedder:
    """wordllama unless RFPBOT_EMBEDDER=openai."""
    if settings.embedder == "openai":
        return OpenAIEmbedder(make_openai_client(settings), settings.openai_embedding_model)
    return WordLlamaEmbedder()


def open_index(settings: Settings, *, index_path: Path | None = None, create: bool = False,
               rebuild: bool = False) -> Index:
    """The configured index; `create` for ingestion, otherwise it must exist."""
    path = index_path or settings.resolved_index_path()
    return EmbeddedIndex(path, make_embedder(settings), create=create or rebuild, rebuild=rebuild)
