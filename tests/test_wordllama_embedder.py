"""The default embedder under concurrent first use."""

from __future__ import annotations

import asyncio
import threading

import numpy as np

from retrieval import WordLlamaEmbedder


class CountingEmbedder(WordLlamaEmbedder):
    """Counts how many times the weights are read from disk."""

    def __init__(self) -> None:
        super().__init__()
        self.reads = 0
        self._count_lock = threading.Lock()

    def _read_weights(self):
        with self._count_lock:
            self.reads += 1
        return super()._read_weights()


async def test_concurrent_first_questions_load_the_weights_once():
    # A batch starts eight questions at once; each used to load its own copy (150 MB apiece).
    embedder = CountingEmbedder()
    texts = [[f"question {n} about encryption at rest"] * 5 for n in range(8)]
    vectors = await asyncio.gather(*(embedder.embed(t) for t in texts))
    assert embedder.reads == 1
    assert all(v.shape == (5, 256) and np.allclose(np.linalg.norm(v, axis=1), 1.0) for v in vectors)
