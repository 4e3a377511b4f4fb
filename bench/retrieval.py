"""Retrieval benchmark: ranking quality on the sample questions, ingestion
throughput and search latency on a generated corpus of 20,000 chunks.

    python bench/retrieval.py [--index embedded|weaviate|both] [--json] [--chunks 20000] [--queries 200]

`--index weaviate` uses WEAVIATE_URL (and WEAVIATE_GRPC_PORT) when set, else starts
the test suite's weaviate-server on loopback.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import tempfile
import time
from pathlib import Path

import itertools
import os
import sys

from _common import KB, ROOT, emit, mean, percentile, questions

from retrieval import EmbeddedIndex, WordLlamaEmbedder, ingest
from retrieval.weaviate_index import WeaviateIndex, connect

sys.path.insert(0, str(ROOT))
from tests.weaviate_server import WeaviateServer, find_or_build  # noqa: E402

_names = itertools.count(1)

MODES = {"hybrid": 0.5, "bm25": 0.0, "vector": 1.0}
SECTIONS_PER_DOC = 20


async def quality(index, k: int = 5) -> dict:
    """recall@k and MRR of expected sources, per search mode."""
    rows = [q for q in questions() if q["expected_sources"]]
    out = {}
    for mode, alpha in MODES.items():
        recalls, reciprocal, top1 = [], [], []
        for row in rows:
            hits = await index.search(row["question"], k=k, alpha=alpha)
            ranked = list(dict.fromkeys(hit.source_path for hit in hits))
            expected = set(row["expected_sources"])
            recalls.append(len(expected & set(ranked)) / len(expected))
            first = next((i for i, path in enumerate(ranked, 1) if path in expected), None)
            reciprocal.append(1 / first if first else 0.0)
            top1.append(1.0 if first == 1 else 0.0)
        out[mode] = {"recall_at_5": round(mean(recalls), 3), "mrr": round(mean(reciprocal), 3),
                     "hit_at_1": round(mean(top1), 3)}
    return out


def generate_corpus(folder: Path, chunks: int, seed: int = 7) -> None:
    """Markdown pages whose sections reuse the sample KB's sentences in new orders."""
    rng = random.Random(seed)
    sentences = []
    for page in KB.rglob("*.md"):
        prose = " ".join(line for line in page.read_text().splitlines()
                         if line and not line.startswith(("#", "-", "title:", "url:", "csp:")))
        sentences += [s.strip().rstrip(".") + "." for s in prose.split(". ") if len(s.split()) > 6]
    for doc in range(chunks // SECTIONS_PER_DOC):
        body = [f"# Generated page {doc}"]
        for section in range(SECTIONS_PER_DOC):
            body.append(f"## Topic {doc}-{section}\n\n" + " ".join(rng.sample(sentences, 4)))
        (folder / f"page-{doc:05d}.md").write_text("\n\n".join(body))


class Backends:
    """Opens fresh indexes of one kind (a Weaviate server is started once if needed)."""

    def __init__(self, kind: str, tmp: Path) -> None:
        self.kind = kind
        self.tmp = tmp
        self.server: WeaviateServer | None = None
        self.build_seconds: float | None = None

    async def open(self):
        if self.kind == "embedded":
            return EmbeddedIndex(self.tmp / f"index{next(_names)}.sqlite", WordLlamaEmbedder())
        url, grpc = self._weaviate()
        client = await connect(url, grpc)
        return await WeaviateIndex.open(client, WordLlamaEmbedder(), url=url, prefix=f"Bench{os.getpid()}x{next(_names)}",
                                        rebuild=True)

    def _weaviate(self) -> tuple[str, int]:
        if os.environ.get("WEAVIATE_URL"):
            return os.environ["WEAVIATE_URL"], int(os.environ.get("WEAVIATE_GRPC_PORT", "50051"))
        if self.server is None:
            binary, self.build_seconds = find_or_build()
            data = self.tmp / "weaviate"
            data.mkdir()
            self.server = WeaviateServer.start(data, binary)
        return self.server.url, self.server.grpc_port

    def close(self) -> None:
        if self.server:
            self.server.stop()


async def scale(backends: Backends, chunks: int, queries: int) -> dict:
    """Ingestion throughput and search latency at `chunks` chunks."""
    with tempfile.TemporaryDirectory() as tmp:
        corpus = Path(tmp) / "corpus"
        corpus.mkdir()
        generate_corpus(corpus, chunks)
        index = await backends.open()
        started = time.perf_counter()
        summary = await ingest([corpus], index)
        seconds = time.perf_counter() - started
        texts = [q["question"] for q in questions()]
        await index.search(texts[0])  # load the vector matrix once, as a running bot has
        latencies = []
        for n in range(queries):
            t0 = time.perf_counter()
            await index.search(texts[n % len(texts)], k=5)
            latencies.append((time.perf_counter() - t0) * 1000)
        await index.drop()
        await index.close()
    return {
        "chunks": summary.chunks_added,
        "ingest_seconds": round(seconds, 2),
        "ingest_chunks_per_s": round(summary.chunks_added / seconds, 1),
        "search_ms_p50": round(percentile(latencies, 50), 2),
        "search_ms_p95": round(percentile(latencies, 95), 2),
    }


async def measure(kind: str, args) -> dict:
    """All figures of one backend."""
    with tempfile.TemporaryDirectory() as tmp:
        backends = Backends(kind, Path(tmp))
        try:
            index = await backends.open()
            await ingest([KB], index)
            ranking = await quality(index)
            await index.drop()
            await index.close()
            figures = await scale(backends, args.chunks, args.queries)
        finally:
            backends.close()
    result = {"index": kind, "quality": ranking, "scale": figures}
    if backends.build_seconds is not None:
        result["weaviate_build_seconds"] = round(backends.build_seconds, 1)
    return result


async def run(args) -> dict:
    """One backend's figures, or both side by side."""
    if args.index == "both":
        return {"embedded": await measure("embedded", args), "weaviate": await measure("weaviate", args)}
    return await measure(args.index, args)


def table(result: dict) -> str:
    """The human-readable table (both backends one after the other)."""
    if "index" not in result:
        return "\n\n".join(table(part) for part in result.values())
    lines = [f"index: {result['index']}", "", "mode     recall@5   MRR    hit@1"]
    for mode, figures in result["quality"].items():
        lines.append(f"{mode:<8} {figures['recall_at_5']:>8.3f}  {figures['mrr']:.3f}  {figures['hit_at_1']:.3f}")
    s = result["scale"]
    lines += ["", f"ingestion: {s['chunks']} chunks in {s['ingest_seconds']} s = {s['ingest_chunks_per_s']} chunks/s",
              f"search at {s['chunks']} chunks: p50 {s['search_ms_p50']} ms, p95 {s['search_ms_p95']} ms"]
    return "\n".join(lines)


def main() -> None:
    """Parse arguments, run, print."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--index", choices=["embedded", "weaviate", "both"], default="embedded")
    parser.add_argument("--chunks", type=int, default=20_000)
    parser.add_argument("--queries", type=int, default=200)
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING, force=True)
    result = asyncio.run(run(args))
    emit(result, args.json, table(result))


if __name__ == "__main__":
    main()
