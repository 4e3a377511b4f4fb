"""Embedding models behind one small protocol: wordllama (offline) and OpenAI."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

import numpy as np

from ..errors import EmbeddingError
from .wordllama_model import WordLlamaModel

if TYPE_CHECKING:
    from openai import AsyncOpenAI


_INLINE_TEXTS = 4


class Embedder(Protocol):
    """Turns texts into unit-length float32 vectors, one row per text."""

    name: str

    async def embed(self, texts: Sequence[str]) -> np.ndarray: ...

    async def aclose(self) -> None:
        """Release connections (a local model holds none); the index closes its embedder."""
        ...


def _unit_rows(matrix: np.ndarray) -> np.ndarray:
    matrix = np.asarray(matrix, dtype=np.float32)
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    return matrix / np.where(norms == 0, 1.0, norms)


class WordLlamaEmbedder:
    """wordllama's bundled weights, read from the installed package's files: never the network."""

    def __init__(self, config: str = "l2_supercat", dim: int = 256) -> None:
        self.name = f"wordllama:{config}:{dim}"
        self._config = config
        self._dim = dim
        self._model = None
        self._lock = threading.Lock()

    def _load(self):
        # Concurrent first questions reach here on several threads: one reads the weights,
        # the others wait (each used to load its own copy: 150 MB apiece).
        with self._lock:
            if self._model is None:
                self._model = self._read_weights()
        return self._model

    def _read_weights(self) -> WordLlamaModel:
        return WordLlamaModel.load(self._config, self._dim)

    def embed_sync(self, texts: Sequence[str]) -> np.ndarray:
        """Embed on the calling thread (used by batch ingestion off the event loop)."""
        if not texts:
            return np.zeros((0, self._dim), dtype=np.float32)
        return _unit_rows(self._load().embed(list(texts), batch_size=256))

    async def embed(self, texts: Sequence[str]) -> np.ndarray:
        # A query takes a fraction of a millisecond: a thread hop would cost more.
        if len(texts) <= _INLINE_TEXTS and self._model is not None:
            return self.embed_sync(texts)
        return await asyncio.to_thread(self.embed_sync, texts)

    async def aclose(self) -> None:
        """Nothing to release: the weights are in memory."""


class OpenAIEmbedder:
    """OpenAI (or any compatible endpoint's) embeddings through AsyncOpenAI."""

    def __init__(self, client: AsyncOpenAI, model: str = "text-embedding-3-small", batch: int = 256):
        self.name = f"openai:{model}"
        self._client = client
        self._model = model
        self._batch = batch

    async def embed(self, texts: Sequence[str]) -> np.ndarray:
        import openai

        rows: list[list[float]] = []
        for start in range(0, len(texts), self._batch):
            batch = list(texts[start : start + self._batch])
            try:
                response = await self._client.embeddings.create(model=self._model, input=batch)
            except openai.OpenAIError as exc:
                raise EmbeddingError(f"the embeddings endpoint failed: {exc}") from exc
            rows.extend(item.embedding for item in sorted(response.data, key=lambda d: d.index))
        if not rows:
            return np.zeros((0, 0), dtype=np.float32)
        return _unit_rows(np.array(rows))

    async def aclose(self) -> None:
        """Close the client's connections (over aiohttp, an unclosed one is reported when collected)."""
        await self._client.close()
