"""OpenAI embeddings through the real client against the fake server."""

from __future__ import annotations

import pytest
from openai import AsyncOpenAI

from retrieval import EmbeddedIndex, EmbeddingError, OpenAIEmbedder, ingest
from tests.fakes.openai_server import FakeOpenAI, Fault


def _client(url: str) -> AsyncOpenAI:
    return AsyncOpenAI(api_key="test-key", base_url=url + "/v1", max_retries=2, timeout=5)


async def test_ingest_and_search_with_openai_embeddings(tmp_path, kb_copy):
    fake = FakeOpenAI()
    with fake.serve() as server:
        client = _client(server.url)
        embedder = OpenAIEmbedder(client, "text-embedding-3-small", batch=50)
        index = EmbeddedIndex(tmp_path / "i.sqlite", embedder)
        summary = await ingest([kb_copy], index)
        hits = await index.search("SCIM provisioning deprovisioning", k=1, alpha=1.0)
        stats = await index.stats()
        await index.close()
    assert client.is_closed()  # the index releases its embedder's connections
    assert stats.embedder == "openai:text-embedding-3-small"
    assert hits[0].source_path == "identity/scim.md"
    batches = [len(c.body["input"]) for c in fake.calls[:-1]]
    assert sum(batches) == summary.chunks_added and max(batches) <= 50


async def test_transient_errors_are_retried_and_a_dead_endpoint_is_reported():
    fake = FakeOpenAI()
    fake.fail_next(Fault(status=429, retry_after=0), Fault(status=500))
    with fake.serve() as server:
        embedder = OpenAIEmbedder(_client(server.url))
        vectors = await embedder.embed(["hello world"])
        assert vectors.shape == (1, 32)
        fake.fail_next(*[Fault(status=503)] * 3)
        with pytest.raises(EmbeddingError, match="embeddings endpoint failed"):
            await embedder.embed(["hello again"])
    assert len(fake.calls) == 6
