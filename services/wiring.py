"""Building the collaborators (embedder, index) that commands and the app pass around."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from agents import LLM, Pipeline, ReplyLimits
from common import HTTP_RETRIES
from retrieval import EmbeddedIndex, Embedder, Index, OpenAIEmbedder, WordLlamaEmbedder

from .errors import ConfigError
from .knowledge import check_name, weaviate_prefix
from .settings import Settings

if TYPE_CHECKING:
    from storage import Store


def make_openai_client(settings: Settings):
    """The AsyncOpenAI client for the configured endpoint."""
    from agents import openai_client

    if not settings.openai_api_key:
        raise ConfigError("OPENAI_API_KEY is not set; it is needed for the OpenAI engine or embeddings")
    # The client's own retries, as often as the one policy says (the model's calls turn them off and
    # retry themselves, counting each attempt against the run's budget).
    return openai_client(settings.openai_api_key, settings.openai_base_url, max_retries=HTTP_RETRIES.retries)


def make_embedder(settings: Settings) -> Embedder:
    """wordllama unless RFPBOT_EMBEDDER says openai or minilm."""
    if settings.embedder == "openai":
        return OpenAIEmbedder(make_openai_client(settings), settings.openai_embedding_model)
    if settings.embedder == "minilm":
        from retrieval import MiniLMEmbedder

        return MiniLMEmbedder()
    return WordLlamaEmbedder()


async def open_index(settings: Settings, *, index_path: Path | None = None, create: bool = False,
                     rebuild: bool = False, prefix: str | None = None, kb: str | None = None) -> Index:
    """Weaviate when WEAVIATE_URL is set (unless --index names a file), else the embedded index.

    `kb` names a knowledge base other than the default (see services.knowledge). `create`
    for ingestion; otherwise the index must exist already.
    """
    if kb:
        if index_path is not None:
            raise ConfigError("give either --index or --kb, not both")
        check_name(kb)
        if settings.weaviate_url:
            prefix = weaviate_prefix(settings, kb)
        else:
            index_path = settings.knowledge_base_dir() / f"{kb}.sqlite"
            if create:
                index_path.parent.mkdir(parents=True, exist_ok=True)
            elif not index_path.exists():
                raise ConfigError(f"there is no knowledge base {kb!r} (no {index_path}): build it with "
                                  f"`rfpbot ingest DIR --kb {kb}`")
    embedder = make_embedder(settings)
    if settings.weaviate_url and index_path is None:
        # The Weaviate client (about a second to import) only for the Weaviate backend.
        from retrieval import WeaviateIndex, connect

        client = await connect(settings.weaviate_url, settings.weaviate_grpc_port, settings.weaviate_api_key)
        try:
            return await WeaviateIndex.open(client, embedder, url=settings.weaviate_url,
                                            prefix=prefix or settings.weaviate_prefix, create=create or rebuild,
                                            rebuild=rebuild)
        except BaseException:
            await client.close()
            raise
    path = index_path or settings.resolved_index_path()
    return EmbeddedIndex(path, embedder, create=create or rebuild, rebuild=rebuild)


def engine_name(settings: Settings, requested: str | None = None) -> str:
    """'offline' or 'openai', resolving 'auto' by whether an API key is set."""
    engine = requested or settings.engine
    if engine == "auto":
        return "openai" if settings.openai_api_key else "offline"
    return engine


def make_llm(settings: Settings, requested: str | None = None) -> LLM | None:
    """The OpenAI engine's model, or None for the offline engine."""
    if engine_name(settings, requested) == "offline":
        return None
    from agents import OpenAILLM  # the openai package only when a model is configured

    return OpenAILLM(make_openai_client(settings), fast_model=settings.openai_fast_model,
                     strong_model=settings.openai_strong_model, timeout=settings.openai_timeout,
                     max_concurrency=settings.llm_concurrency, calls_per_minute=settings.llm_calls_per_minute,
                     limits=ReplyLimits(settings.llm_fast_max_tokens, settings.llm_strong_max_tokens,
                                        settings.llm_context_tokens))


def make_pipeline(settings: Settings, index: Index, engine: str | None = None) -> Pipeline:
    """A pipeline over `index` with the configured (or requested) engine."""
    return Pipeline(index, make_llm(settings, engine), settings.pipeline)


def make_library(settings: Settings, store: Store, embedder: Embedder):
    """The answer library with the configured reuse threshold and maximum age."""
    from .library import AnswerLibrary

    return AnswerLibrary(store, embedder, settings.library_threshold, settings.library_max_age_days)


def open_store(settings: Settings) -> Store:
    """The database (PostgreSQL at RFPBOT_DATABASE_URL, else the SQLite file), with the configured run lease."""
    from storage import Store, connect  # a database driver only for the commands that record

    return Store(connect(settings.database_url or settings.resolved_db_path()), lease_seconds=settings.lease_seconds)
