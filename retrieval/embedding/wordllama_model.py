"""wordllama's model read straight from its files: a token embedding table and a tokenizer.

wordllama embeds a text as the mean of its tokens' rows in one table. Importing the
`wordllama` package to do that costs half a second (it loads HTTP, config and
clustering code we never call) and widens the table to float32 (64 MB). Reading the
same two files with `safetensors` and `tokenizers` gives the same vectors, bit for bit
(tests/retrieval/test_wordllama_embedder.py compares them with the package's own), in a tenth
of the time and a quarter of the memory.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

from common import installed_package

from ..errors import EmbeddingError

_TENSOR = "embedding.weight"


def package_folder() -> Path:
    """Where the installed wordllama package keeps its files (without importing it)."""
    folder = installed_package("wordllama")
    if folder is None:
        raise EmbeddingError("the wordllama package is not installed: `pip install wordllama` (see pyproject.toml)")
    return folder


class WordLlamaModel:
    """Mean-pooled static token embeddings, as `wordllama.WordLlama.embed` computes them."""

    def __init__(self, table: np.ndarray, tokenizer) -> None:
        self._table = table  # float16 as shipped; rows are widened only when looked up
        self._tokenizer = tokenizer
        self._tokenizer.enable_padding()
        self._tokenizer.no_truncation()
        self.dim = table.shape[1]

    @classmethod
    def load(cls, config: str = "l2_supercat", dim: int = 256, folder: Path | None = None) -> WordLlamaModel:
        """The model the wordllama package ships for `config` at `dim` dimensions."""
        from safetensors import safe_open
        from tokenizers import Tokenizer

        folder = folder or package_folder()
        weights = folder / "weights" / f"{config}_{dim}.safetensors"
        vocabulary = folder / "tokenizers" / f"{config}_tokenizer_config.json"
        try:
            with safe_open(str(weights), framework="np", device="cpu") as tensors:
                table = tensors.get_tensor(_TENSOR)
            tokenizer = Tokenizer.from_file(str(vocabulary))
        except Exception as exc:  # safetensors and tokenizers raise their own kinds, some bare
            raise EmbeddingError(f"cannot load wordllama's {config} model from {folder}: {exc}") from exc
        return cls(table, tokenizer)

    def embed(self, texts: Sequence[str], batch_size: int = 256) -> np.ndarray:
        """One float32 row per text: the mean of its tokens' rows (not normalised)."""
        out = np.empty((len(texts), self.dim), dtype=np.float32)
        for start in range(0, len(texts), batch_size):
            encoded = self._tokenizer.encode_batch(list(texts[start:start + batch_size]), is_pretokenized=False,
                                                   add_special_tokens=False)
            ids = np.array([e.ids for e in encoded], dtype=np.int32)
            mask = np.array([e.attention_mask for e in encoded], dtype=np.float32)
            np.clip(ids, 0, self._table.shape[0] - 1, out=ids)
            rows = self._table[ids].astype(np.float32)
            count = np.maximum(mask.sum(axis=1, keepdims=True), 1.0).astype(np.float32)
            out[start:start + len(encoded)] = np.sum(rows * mask[..., np.newaxis], axis=1, dtype=np.float32) / count
        return out
