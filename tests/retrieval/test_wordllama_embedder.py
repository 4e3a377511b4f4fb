"""The default embedder under concurrent first use."""

from __future__ import annotations

import asyncio
import threading

import numpy as np
import pytest

from retrieval import WordLlamaEmbedder
from tests.conftest import KB


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


def test_vectors_are_the_wordllama_packages_own_bit_for_bit():
    # The index holds vectors made by either path: reading the files ourselves must not move them.
    import wordllama

    from retrieval.embedding.wordllama_model import WordLlamaModel, package_folder

    texts = [line for path in sorted(KB.rglob("*.md")) for line in path.read_text().splitlines() if line.strip()]
    texts += ["", " ", "a", "Do you encrypt customer data at rest on AWS?", "日本語のテキスト", "token " * 3000]
    reference = wordllama.WordLlama.load(config="l2_supercat", cache_dir=package_folder(), dim=256,
                                         disable_download=True)
    ours = WordLlamaModel.load("l2_supercat", 256)
    assert len(texts) > 100
    assert np.array_equal(ours.embed(texts), reference.embed(texts, batch_size=256))


def test_missing_weights_name_the_folder_and_the_model(tmp_path):
    from retrieval import EmbeddingError
    from retrieval.embedding.wordllama_model import WordLlamaModel

    with pytest.raises(EmbeddingError, match=f"l2_supercat model from {tmp_path}"):
        WordLlamaModel.load("l2_supercat", 256, folder=tmp_path)
