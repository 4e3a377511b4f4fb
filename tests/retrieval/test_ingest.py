"""Ingestion into the embedded index: idempotence, edits, deletions and failures."""

from __future__ import annotations

import pytest

from retrieval import DocumentNotFound, EmbeddedIndex, EmbedderMismatch, EmbeddingError, PathNotFound, ingest
from tests.conftest import FailingEmbedder, HashEmbedder
from tests.documents import write


async def test_ingest_sample_kb_then_reingest_changes_nothing(index, kb_copy):
    first = await ingest([kb_copy], index)
    assert first.documents == 27 and first.chunks_added > 80 and not first.skipped
    stats = await index.stats()
    assert stats.documents == 27 and stats.chunks == first.chunks_added
    assert stats.embedder == "wordllama:l2_supercat:256"
    assert set(stats.by_csp) == {"AWS", "GCP", "Azure", "General"}

    again = await ingest([kb_copy], index)
    assert (again.chunks_added, again.chunks_removed, again.documents_removed) == (0, 0, 0)
    assert again.chunks_unchanged == first.chunks_added


async def test_editing_one_section_reembeds_only_that_chunk(tmp_path, kb_copy):
    embedder = HashEmbedder()
    calls: list[int] = []

    class Counting(HashEmbedder):
        async def embed(self, texts):
            calls.append(len(texts))
            return await embedder.embed(texts)

    index = EmbeddedIndex(tmp_path / "i.sqlite", Counting())
    await ingest([kb_copy], index)
    page = kb_copy / "security/key-management.md"
    page.write_text(page.read_text().replace("every 365 days", "every 180 days"))
    calls.clear()
    summary = await ingest([kb_copy], index)
    assert (summary.chunks_added, summary.chunks_removed) == (1, 1)
    assert calls == [1]
    hits = await index.search("how often are keys rotated", k=1, alpha=0.0)
    assert "every 180 days" in hits[0].text
    await index.close()


async def test_removed_document_disappears(index, kb_copy):
    await ingest([kb_copy], index)
    (kb_copy / "connectors/gcp.md").unlink()
    summary = await ingest([kb_copy], index)
    assert summary.documents_removed == 1 and summary.chunks_removed > 0
    hits = await index.search("Security Command Center", k=10, csp="GCP")
    assert all(hit.source_path != "connectors/gcp.md" for hit in hits)
    with pytest.raises(DocumentNotFound, match="connectors/gcp.md"):
        await index.read_document("connectors/gcp.md")


async def test_bad_files_are_skipped_and_named_while_the_rest_is_ingested(index, kb_copy):
    write(kb_copy / "broken.md", "---\ntitle: oops\n")
    write(kb_copy / "blob.txt", b"\x00\x01\x02")
    warnings: list[str] = []
    summary = await ingest([kb_copy], index, warn=warnings.append)
    assert summary.documents == 27 and len(summary.skipped) == 2
    assert any("broken.md" in w and "front matter" in w for w in warnings)
    assert any("blob.txt" in w and "binary" in w for w in warnings)


async def test_a_file_that_breaks_keeps_its_previous_version(index, kb_copy):
    await ingest([kb_copy], index)
    (kb_copy / "identity/mfa.md").write_bytes(b"\x00broken")
    summary = await ingest([kb_copy], index)
    assert summary.documents_removed == 0
    assert "TOTP" in (await index.read_document("identity/mfa.md")).text


async def test_missing_path_fails_before_touching_the_index(index, kb_copy, tmp_path):
    await ingest([kb_copy], index)
    before = await index.stats()
    with pytest.raises(PathNotFound, match="nowhere"):
        await ingest([kb_copy, tmp_path / "nowhere"], index)
    assert await index.stats() == before


async def test_failed_embedding_loses_nothing(tmp_path, kb_copy):
    path = tmp_path / "i.sqlite"
    good = EmbeddedIndex(path, HashEmbedder(name="test:flaky"))
    await ingest([kb_copy], good)
    before = await good.stats()
    await good.close()
    page = kb_copy / "overview.md"
    page.write_text(page.read_text() + "\n\n## New section\n\nSomething new.\n")
    flaky = EmbeddedIndex(path, FailingEmbedder(name="test:flaky"))
    with pytest.raises(EmbeddingError):
        await ingest([kb_copy], flaky)
    assert await flaky.stats() == before
    assert "Something new" not in (await flaky.read_document("overview.md")).text
    await flaky.close()


async def test_other_embedder_is_refused_until_rebuild(tmp_path, kb_copy):
    path = tmp_path / "i.sqlite"
    first = EmbeddedIndex(path, HashEmbedder(name="test:one"))
    await ingest([kb_copy], first)
    await first.close()
    with pytest.raises(EmbedderMismatch, match="--rebuild"):
        EmbeddedIndex(path, HashEmbedder(name="test:two"))
    rebuilt = EmbeddedIndex(path, HashEmbedder(name="test:two"), rebuild=True)
    summary = await ingest([kb_copy], rebuilt, rebuild=True)
    assert summary.chunks_unchanged == 0 and summary.chunks_added > 80
    assert (await rebuilt.stats()).embedder == "test:two"
    await rebuilt.close()


async def test_failed_rebuild_keeps_the_old_index(tmp_path, kb_copy):
    path = tmp_path / "i.sqlite"
    first = EmbeddedIndex(path, HashEmbedder(name="test:one"))
    await ingest([kb_copy], first)
    before = await first.stats()
    await first.close()
    rebuild = EmbeddedIndex(path, FailingEmbedder(name="test:two"), rebuild=True)
    with pytest.raises(EmbeddingError):
        await ingest([kb_copy], rebuild, rebuild=True)
    await rebuild.close()
    reopened = EmbeddedIndex(path, HashEmbedder(name="test:one"))
    assert await reopened.stats() == before
    await reopened.close()


async def test_single_file_ingest_does_not_remove_its_neighbours(index, kb_copy):
    await ingest([kb_copy / "overview.md"], index)
    await ingest([kb_copy / "identity/mfa.md"], index)
    stats = await index.stats()
    assert stats.documents == 2
