"""One contract, both backends: the embedded index and a real Weaviate server."""

from __future__ import annotations

import itertools

import pytest

from retrieval import DocumentNotFound, EmbeddedIndex, EmbedderMismatch, EmptyQuery, IndexMissing, ingest
from retrieval.text import normalize_ws
from retrieval.weaviate_index import WeaviateIndex, connect
from tests.conftest import HashEmbedder

_names = itertools.count(1)


class Backend:
    """Opens indexes of one kind; every test gets its own storage."""

    def __init__(self, kind: str, tmp_path, server=None) -> None:
        self.kind = kind
        self.tmp_path = tmp_path
        self.server = server
        self.name = f"Contract{next(_names)}x{id(self) % 10_000}"

    async def open(self, embedder, *, create: bool = True, rebuild: bool = False):
        if self.kind == "embedded":
            return EmbeddedIndex(self.tmp_path / f"{self.name}.sqlite", embedder, create=create, rebuild=rebuild)
        client = await connect(self.server.url, self.server.grpc_port)
        try:
            return await WeaviateIndex.open(client, embedder, url=self.server.url, prefix=self.name,
                                            create=create, rebuild=rebuild)
        except BaseException:
            await client.close()
            raise


@pytest.fixture(params=["embedded", "weaviate"])
def backend(request, tmp_path):
    if request.param == "weaviate":
        return Backend("weaviate", tmp_path, request.getfixturevalue("weaviate_server"))
    return Backend("embedded", tmp_path)


@pytest.fixture
async def index(backend, embedder):
    idx = await backend.open(embedder)
    yield idx
    await idx.drop()
    await idx.close()


async def test_ingest_counts_and_idempotent_reingest(index, kb_copy):
    first = await ingest([kb_copy], index)
    stats = await index.stats()
    assert (stats.documents, stats.chunks) == (27, first.chunks_added)
    assert stats.embedder == "wordllama:l2_supercat:256"
    assert set(stats.by_csp) == {"AWS", "GCP", "Azure", "General"}
    again = await ingest([kb_copy], index)
    assert (again.chunks_added, again.chunks_removed, again.chunks_unchanged) == (0, 0, first.chunks_added)


async def test_edit_and_deletion(index, kb_copy):
    await ingest([kb_copy], index)
    page = kb_copy / "security/key-management.md"
    page.write_text(page.read_text().replace("every 365 days", "every 180 days"))
    (kb_copy / "connectors/gcp.md").unlink()
    summary = await ingest([kb_copy], index)
    assert summary.chunks_added == 1 and summary.documents_removed == 1
    hits = await index.search("how often are keys rotated", k=3)
    assert any("every 180 days" in h.text for h in hits)
    assert not any("every 365 days" in h.text for h in await index.search("keys rotated 365 days", k=10))
    everything = await index.search("Security Command Center", k=20)
    assert all(h.source_path != "connectors/gcp.md" for h in everything)
    assert (await index.stats()).documents == 26


async def test_clearly_relevant_chunk_ranks_first(index, kb_copy):
    await ingest([kb_copy], index)
    for question, path in [("Does the AWS connector ingest Amazon GuardDuty findings?", "connectors/aws.md"),
                           ("SCIM user provisioning", "identity/scim.md"),
                           ("SOC 2 Type II report", "compliance/certifications.md")]:
        hits = await index.search(question, k=3)
        assert hits[0].source_path == path, question
        assert hits[0].score >= hits[-1].score


async def test_csp_filter_is_exact_and_admits_general(index, kb_copy):
    await ingest([kb_copy], index)
    hits = await index.search("private connectivity to the API", k=20, csp="GCP")
    assert {h.csp for h in hits} <= {"GCP", "General"} and {"GCP", "General"} <= {h.csp for h in hits}
    assert {h.csp for h in await index.search("private connectivity to the API", k=30)} >= {"AWS", "Azure"}


async def test_min_score_and_alpha(index, kb_copy):
    await ingest([kb_copy], index)
    everything = await index.search("encryption keys", k=10)
    strong = await index.search("encryption keys", k=10, min_score=0.6)
    assert 0 < len(strong) < len(everything) and all(h.score >= 0.6 for h in strong)
    assert (await index.search("SCIM deprovisioning", k=1, alpha=0.0))[0].source_path == "identity/scim.md"
    assert (await index.search("SCIM deprovisioning", k=1, alpha=1.0))[0].source_path == "identity/scim.md"


async def test_read_document_holds_every_chunk(index, kb_copy):
    await ingest([kb_copy], index)
    for hit in await index.search("backups retention", k=5):
        document = await index.read_document(hit.source_path)
        assert normalize_ws(hit.text) in normalize_ws(document.text)
        assert document.url and document.title


async def test_bad_input_is_refused(backend, index, kb_copy):
    await ingest([kb_copy / "overview.md"], index)
    with pytest.raises(EmptyQuery):
        await index.search("  ")
    with pytest.raises(DocumentNotFound, match="nowhere.md"):
        await index.read_document("nowhere.md")
    with pytest.raises(EmbedderMismatch, match="--rebuild"):
        await backend.open(HashEmbedder(name="test:other"))
    rebuilt = await backend.open(HashEmbedder(name="test:other"), rebuild=True)
    await ingest([kb_copy / "overview.md"], rebuilt, rebuild=True)
    assert (await rebuilt.stats()).embedder == "test:other"
    await rebuilt.close()


async def test_missing_index_is_refused(backend, embedder):
    with pytest.raises(IndexMissing, match="rfpbot ingest"):
        await backend.open(embedder, create=False)
