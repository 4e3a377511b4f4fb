"""Hybrid search over the sample knowledge base: ranking, the CSP filter, scores."""

from __future__ import annotations

import pytest

from retrieval import EmptyQuery, IndexMissing, EmbeddedIndex, ingest
from retrieval.text import normalize_ws


async def test_clearly_relevant_chunk_ranks_first(kb_index):
    hits = await kb_index.search("Does the AWS connector ingest Amazon GuardDuty findings?", k=3)
    assert hits[0].source_path == "connectors/aws.md"
    assert "GuardDuty" in hits[0].text
    assert hits[0].score >= hits[1].score >= hits[2].score


async def test_csp_filter_keeps_that_cloud_and_general_documents(kb_index):
    hits = await kb_index.search("private connectivity to the API", k=20, csp="GCP")
    assert {hit.csp for hit in hits} <= {"GCP", "General"}
    assert "connectors/gcp.md" in {hit.source_path for hit in hits}
    assert "General" in {hit.csp for hit in hits}
    unfiltered = await kb_index.search("private connectivity to the API", k=20)
    assert {"AWS", "Azure"} & {hit.csp for hit in unfiltered}


async def test_min_score_drops_weak_hits(kb_index):
    everything = await kb_index.search("encryption keys", k=10)
    strong = await kb_index.search("encryption keys", k=10, min_score=0.6)
    assert 0 < len(strong) < len(everything)
    assert all(hit.score >= 0.6 for hit in strong)


async def test_keyword_only_and_vector_only_searches(kb_index):
    keyword = await kb_index.search("SCIM deprovisioning", k=3, alpha=0.0)
    vector = await kb_index.search("SCIM deprovisioning", k=3, alpha=1.0)
    assert keyword[0].source_path == "identity/scim.md" and keyword[0].vector_score is None
    assert vector[0].keyword_score is None and vector[0].vector_score is not None


async def test_hits_carry_both_raw_signals(kb_index):
    hit = (await kb_index.search("SOC 2 Type II report", k=1))[0]
    assert hit.source_path == "compliance/certifications.md"
    assert hit.keyword_score > 0 and 0 < hit.vector_score <= 1


async def test_read_document_returns_text_that_contains_every_chunk(kb_index):
    hits = await kb_index.search("backups retention", k=5)
    for hit in hits:
        document = await kb_index.read_document(hit.source_path)
        assert normalize_ws(hit.text) in normalize_ws(document.text)


async def test_punctuation_and_fts_syntax_in_queries_are_harmless(kb_index):
    hits = await kb_index.search('AND OR NOT "TLS 1.2" (NEAR) *', k=3)
    assert hits and hits[0].source_path == "security/encryption-in-transit.md"


async def test_empty_query_is_refused(kb_index):
    with pytest.raises(EmptyQuery, match="empty"):
        await kb_index.search("   ")


def test_searching_an_index_that_was_never_built_says_so(tmp_path, embedder):
    with pytest.raises(IndexMissing, match="rfpbot ingest"):
        EmbeddedIndex(tmp_path / "none.sqlite", embedder, create=False)


async def test_changes_from_another_process_are_seen(tmp_path, kb_copy, embedder):
    path = tmp_path / "shared.sqlite"
    reader = EmbeddedIndex(path, embedder)
    writer = EmbeddedIndex(path, embedder)
    await ingest([kb_copy / "overview.md"], writer)
    assert (await reader.search("on-premises", k=1))[0].source_path == "overview.md"
    await ingest([kb_copy / "connectors/aws.md"], writer)
    # A single file is ingested relative to its own folder.
    assert (await reader.search("GuardDuty", k=1, alpha=1.0))[0].source_path == "aws.md"
    await reader.close()
    await writer.close()
